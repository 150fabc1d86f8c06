// 7 Wonders on a phone: my hand (select a card, then one of its actions with the exact payment), the
// Free City's card when I hold it, "waiting for N players" with a way to change my choice, the
// Halicarnassus / Babylon / Olympia prompts, and every city to read.
import { Card, coinsText } from "../lib/card.js";
import { entry, nameOf } from "../lib/catalog.js";
import { CoachPanel } from "../lib/coach.js";
import { html, useState } from "../lib/html.js";
import { list, num, t } from "../lib/i18n.js";
import { Coin, Icon, Res } from "../lib/icons.js";
import { ActionButton, Sheet } from "../lib/sheet.js";
import { winnerLine } from "../lib/scores.js";
import { cityNames, cityStatus } from "./board.js";
import { RESOURCES } from "./catalog.js";
import { ClassicCity, Stages, TeamTag, teamColor } from "./pieces.js";
import { ClassicTable, decidedLine } from "./scores.js";

/** The prompt that is mine now, as a key (a new key = a new prompt: alert and scroll), or null. */
export function promptKey(view, me) {
  if (!view || view.phase === "over") return null;
  if (view.pending?.kind === "debt") return view.my_debt && view.my_debt.choice === null ? `${view.age}.${view.turn}.debt` : null;
  if (view.pending) return view.pending.seat === me ? `${view.age}.${view.turn}.${view.pending.kind}` : null;
  if (!(view.waiting || []).includes(me) || !view.my_turn) return null;
  return `${view.age}.${view.turn}.${view.my_turn.city}`;
}

/** Whether the prompt asks me to act (my hand, a pick, my debt; also while I change a choice made): the
 * prompt is then framed (phone.css .prompt.mine). */
function promptIsMine(view, me, changing) {
  if (!view || view.phase === "over") return false;
  if (view.pending?.kind === "debt") return Boolean(view.my_debt) && (view.my_debt.choice === null || view.my_debt.choice === undefined || changing);
  if (view.pending) return view.pending.seat === me;
  return (view.to_act || []).includes(me) && Boolean(view.my_turn) && ((view.waiting || []).includes(me) || changing);
}

/** The legal action matching partial exactly (free_city included), or null. */
export function exactLegal(legal, partial) {
  return (legal || []).find((a) => Boolean(a.free_city) === Boolean(partial.free_city)
    && Object.entries(partial).every(([k, v]) => k === "free_city" || a[k] === v)) || null;
}

/** "2 coins to Bo (left), 1 coin to the bank" for an option {left, right, coins}. */
export function payParts(option, city, names) {
  const parts = [];
  if (option.left) parts.push(t("classic.phone.pay_to", { n: option.left, name: names[city.left], side: t("classic.phone.side.left") }));
  if (option.right) parts.push(t("classic.phone.pay_to", { n: option.right, name: names[city.right], side: t("classic.phone.side.right") }));
  if (option.coins) parts.push(t("classic.phone.pay_bank", { n: option.coins }));
  return parts;
}

// The engine's reasons (English) by their key in the catalogs; an unknown one is shown as it comes.
const REASONS = {
  "already built": "classic.reason.already_built",
  "not enough coins": "classic.reason.coins",
  "not enough coins to buy the resources": "classic.reason.coins_to_buy",
  "the resources cannot be produced or bought": "classic.reason.resources",
  "the wonder is complete": "classic.reason.wonder_complete",
};

function reasonText(reason) {
  return REASONS[reason] ? t(REASONS[reason]) : reason || "";
}
function payDetail(option, city, names) {
  const parts = payParts(option, city, names);
  const total = (option.left || 0) + (option.right || 0) + (option.coins || 0);
  return parts.length ? t("classic.phone.pay_total", { n: total, parts: list(parts) }) : t("classic.phone.pay_nothing");
}

function totalOf(option) {
  return option.total ?? (option.left || 0) + (option.right || 0) + (option.coins || 0);
}

/** The options split into the cheapest ones and the others ("other ways to pay"), each sorted by total. */
export function splitCheapest(options) {
  const sorted = [...(options || [])].sort((a, b) => totalOf(a) - totalOf(b) || (a.left || 0) - (b.left || 0));
  if (!sorted.length) return { cheapest: [], others: [] };
  const min = totalOf(sorted[0]);
  return { cheapest: sorted.filter((o) => totalOf(o) === min), others: sorted.filter((o) => totalOf(o) !== min) };
}

/** A sentence for a chosen action ("Altar: build, nothing to pay"). */
export function choiceText(action, city, names) {
  if (!action) return "";
  const card = nameOf(action.card);
  if (action.type === "build") return t("classic.phone.choice.build", { card, how: payDetail(action, city, names) });
  if (action.type === "wonder") return t("classic.phone.choice.wonder", { card, stage: (city.stages_built ?? 0) + 1, how: payDetail(action, city, names) });
  return t(`classic.phone.choice.${action.type}`, { card });
}

/** The ways to pay for one action of a card ({left, right, coins, total}), taken from the legal actions
 * (the host's word on what may be sent); the view's list of the card's options only adds the bank's coins,
 * and stands in while no legal list has arrived. */
export function paymentOptions(legal, type, card, freeCity, fromView) {
  if (!legal) return fromView || [];
  const bank = fromView?.[0]?.coins || 0;
  const offered = legal.filter((a) => a.type === type && a.card === card && Boolean(a.free_city) === freeCity);
  return offered.map((a) => ({ left: a.left || 0, right: a.right || 0, coins: bank, total: (a.left || 0) + (a.right || 0) + bank }));
}

function HandSheet({ option, city, ctx, close }) {
  const { card } = option;
  const freeCity = city.seat === null || city.seat === undefined;
  const extra = freeCity ? { free_city: true } : {};
  const act = (partial) => {
    const legal = exactLegal(ctx.legal, { ...partial, ...extra });
    if (legal) ctx.act(legal);
  };
  const builds = splitCheapest(paymentOptions(ctx.legal, "build", card, freeCity, option.build));
  const stages = splitCheapest(paymentOptions(ctx.legal, "wonder", card, freeCity, option.wonder));
  const stage = (city.stages_built ?? 0) + 1;
  const buildButton = (o) => html`<${ActionButton} key=${`b${o.left}.${o.right}`} primary=${true} disabled=${ctx.busy} data=${{ action: "build", card, left: o.left, right: o.right }}
    label=${option.chain ? t("classic.phone.build_chain") : !o.left && !o.right ? (o.coins ? t("classic.phone.build_bank", { n: o.coins }) : t("classic.phone.build_free")) : t("classic.phone.build")}
    detail=${o.left || o.right ? payDetail(o, city, ctx.cityNames) : ""} onClick=${() => act({ type: "build", card, left: o.left, right: o.right })} />`;
  const stageButton = (o) => html`<${ActionButton} key=${`w${o.left}.${o.right}`} disabled=${ctx.busy} data=${{ action: "wonder", card, left: o.left, right: o.right }}
    label=${t("classic.phone.wonder", { stage })} detail=${payDetail(o, city, ctx.cityNames)} onClick=${() => act({ type: "wonder", card, left: o.left, right: o.right })} />`;
  return html`<${Sheet} title=${nameOf(card)} onClose=${close}>
    <${Card} id=${card} size="l" />
    <div class="acts">
      ${builds.cheapest.map(buildButton)}
      ${builds.others.length ? html`<details class="other-ways"><summary>${t("phone.other_ways")}</summary>${builds.others.map(buildButton)}</details>` : null}
      ${!builds.cheapest.length ? html`<p class="reason">${t("classic.phone.cannot_build", { reason: reasonText(option.build_reason) })}</p>` : null}
      ${option.olympia ? html`<${ActionButton} primary=${true} disabled=${ctx.busy} data=${{ action: "olympia", card }} label=${t("classic.phone.olympia")} onClick=${() => act({ type: "olympia", card })} />` : null}
      ${stages.cheapest.map(stageButton)}
      ${stages.others.length ? html`<details class="other-ways"><summary>${t("phone.other_ways")}</summary>${stages.others.map(stageButton)}</details>` : null}
      ${!stages.cheapest.length && option.wonder_reason ? html`<p class="reason minor">${t("classic.phone.cannot_stage", { reason: reasonText(option.wonder_reason) })}</p>` : null}
      ${option.discard ? html`<${ActionButton} disabled=${ctx.busy} data=${{ action: "discard", card }} label=${t("classic.phone.discard", { n: option.discard })} onClick=${() => act({ type: "discard", card })} />` : null}
    </div>
  </${Sheet}>`;
}

function NextStage({ city, onOpen }) {
  const total = city.stages_total ?? 0;
  const next = (city.stages_built ?? 0) + 1;
  if (!total) return null;
  if (next > total) return html`<p class="next-stage muted">${t("classic.phone.all_stages")}</p>`;
  return html`<div class="next-stage"><strong>${t("classic.phone.next_stage", { stage: next, total })}</strong><${Stages} city=${city} cost=${true} onOpen=${onOpen} /></div>`;
}

function Hand({ ctx, select, heading }) {
  const { view } = ctx;
  const city = view.cities[view.my_turn.city] || {};
  return html`<div class="prompt-body turn" data-kind="hand">
    <h2>${heading}</h2>
    ${ctx.fcNote ? html`<p class="fc-note">${t("classic.phone.free_city_note")}</p>` : null}
    <${NextStage} city=${city} onOpen=${ctx.open} />
    <p class="hint">${t("phone.tap_to_read")}</p>
    <div class="hand">${(view.my_turn.cards || []).map((option, i) => html`<${Card} key=${`${option.card}.${i}`} id=${option.card}
      state=${(option.build || []).length || option.olympia ? "can" : "cannot"} onOpen=${() => select({ kind: "hand", option, city: view.my_turn.city })} />`)}</div>
  </div>`;
}

/** The words of a debt choice: paying coins of due, the rest as debt; first: the "pay what I can" offer. */
export function debtText(coins, due, first) {
  const debt = due - coins;
  if (!debt) return t("classic.phone.debt.pay_all", { n: coins });
  if (first && coins) return t("classic.phone.debt.pay_can", { coins: coinsText(coins), n: debt });
  return coins ? t("classic.phone.debt.split", { coins: coinsText(coins), n: debt }) : t("classic.phone.debt.none", { n: debt });
}

/** A debt choice as icons: the coins paid, the debt tokens taken. */
function DebtParts({ coins, due }) {
  return html`<span class="debt-parts" aria-hidden="true">${coins ? html`<${Coin} n=${coins} sign="−" />` : null}${due - coins ? html`<span class="tok debt-tok"><${Icon} name="debt" />−${num(due - coins)}</span>` : null}</span>`;
}

/** Cities' debt decision: how much of the loss to pay in coins, the rest as debt (−1 point each); the
 * legal actions list the largest payment first ("pay what I can"). Select one, then confirm it. */
function DebtPrompt({ ctx, select, changing, setChanging }) {
  const { view, me, names } = ctx;
  const mine = view.my_debt;
  const deciding = (view.pending.seats || []).filter((seat) => !view.chosen?.[seat] && seat !== me);
  if (!mine) {
    return html`<div class="prompt-body waiting debt-wait"><p class="wait">${t("classic.phone.debt.others", { names: list(deciding.map((seat) => names[seat])) })}</p></div>`;
  }
  const coins = view.cities.find((c) => c.seat === me)?.coins ?? 0;
  const options = (ctx.legal || []).filter((a) => a.type === "pay_debt");
  if (mine.choice !== null && mine.choice !== undefined && !changing) {
    return html`<div class="prompt-body waiting chosen debt-chosen">
      <p class="mine" id="my-choice">${t("classic.phone.debt.my_choice", { what: debtText(mine.choice, mine.due, mine.choice === mine.most) })}</p>
      <p class="wait">${t("classic.phone.debt.waiting", { n: deciding.length })}</p>
      <button class="big change" data-ui="change" disabled=${ctx.busy} onClick=${() => setChanging(true)}>${t("classic.phone.change")}</button>
    </div>`;
  }
  return html`<div class="prompt-body choice-prompt debt-prompt" data-kind="debt">
    <h2><${Icon} name="lose_coins" /> ${t("classic.phone.debt.title", { n: mine.due })}</h2>
    <p class="hint">${t("classic.phone.debt.explain", { coins: coinsText(coins) })}</p>
    ${changing ? html`<button class="keep" data-ui="keep" onClick=${() => setChanging(false)}>${t("classic.phone.keep")}</button>` : null}
    <div class="picks debt-options">${options.map((action, i) => {
      const label = debtText(action.coins, mine.due, i === 0);
      return html`<button key=${`d${action.coins}`} class="act debt-option ${i === 0 ? "primary" : ""}" data-coins=${action.coins} data-debt=${mine.due - action.coins}
        onClick=${() => select({ kind: "debt", action, label, due: mine.due, coins })}>
        <span class="act-label">${label}</span><${DebtParts} coins=${action.coins} due=${mine.due} />
        <span class="act-detail">${t("classic.phone.debt.keep", { n: coins - action.coins })}</span></button>`;
    })}</div>
  </div>`;
}

/** The teammate's hand in a team game: read only (tap a card to read it). */
function TeammateHand({ ctx }) {
  const { view } = ctx;
  const cards = view.teammate_hand || [];
  if (view.teammate === null || view.teammate === undefined || !cards.length || view.phase === "over") return null;
  const team = view.cities.find((c) => c.seat === view.teammate)?.team;
  return html`<section class="teammate-hand" id="teammate-hand" style=${`--team: ${teamColor(team)}`}>
    <h2><${TeamTag} team=${team} /> ${t("classic.phone.teammate_hand", { name: ctx.names[view.teammate] })}</h2>
    <p class="hint">${t("classic.phone.teammate_note")}</p>
    <div class="hand read-only">${cards.map((card, i) => html`<${Card} key=${`${card}.${i}`} id=${card} onOpen=${ctx.open} />`)}</div>
  </section>`;
}

function Prompt({ ctx, select, changing, setChanging }) {
  const { view, me, names } = ctx;
  const cityOf = (seat) => (view.cities || []).find((c) => c.seat === seat);
  const myCity = cityOf(me) || {};
  if (view.phase === "over" && view.result) {
    const winners = view.result.winners || [];
    // A team's win is a win (its two players are the winners), not a shared victory.
    const teamWin = (view.result.teams || []).filter((team) => team.seats.some((seat) => winners.includes(seat))).length === 1;
    const shared = winners.length > 1 && !teamWin;
    const head = winners.includes(me) ? (shared ? t("classic.phone.you_shared") : t("classic.phone.you_won")) : t("classic.phone.you_lost");
    return html`<section class="phone-result" id="result">
      <h1>${head}</h1><p>${winnerLine(view.result, names)}</p>
      <p class="decided" id="decided">${decidedLine(view.result, names)}</p>
      <${ClassicTable} result=${view.result} names=${names} small=${true} />
      <button class="big primary" data-action="play_again" disabled=${ctx.busy} onClick=${ctx.playAgain}>${t("end.play_again")}</button>
    </section>`;
  }
  const pending = view.pending;
  if (pending?.kind === "debt") return html`<${DebtPrompt} ctx=${ctx} select=${select} changing=${changing} setChanging=${setChanging} />`;
  if (pending) {
    if (pending.seat !== me) return html`<div class="prompt-body waiting"><p class="wait">${t(`classic.pending.${pending.kind}`, { name: names[pending.seat] })}</p></div>`;
    if (pending.kind === "babylon" && view.my_turn) return html`<${Hand} ctx=${ctx} select=${select} heading=${t("classic.phone.pick.babylon")} />`;
    return html`<div class="prompt-body choice-prompt" data-kind=${pending.kind}>
      <h2>${t(`classic.phone.pick.${pending.kind}`)}</h2>
      <div class="picks">${(ctx.legal || []).map((action, i) => html`<${Card} key=${`${action.card}.${i}`} id=${action.card} onOpen=${() => select({ kind: "pick", action, title: t(`classic.phone.pick.${pending.kind}`) })} />`)}</div>
    </div>`;
  }
  if (!(view.to_act || []).includes(me) || !view.my_turn) return html`<div class="prompt-body waiting"><p class="wait">${t("classic.phone.all_chosen")}</p></div>`;
  const waiting = (view.waiting || []).includes(me);
  const forFree = view.cities[view.my_turn.city]?.seat === null;
  if (waiting || changing) {
    const heading = forFree ? t("classic.phone.for_free_city") : t("classic.phone.your_hand");
    return html`
      ${forFree && view.my_choice ? html`<p class="mine muted">${t("classic.phone.my_choice", { what: choiceText(view.my_choice, myCity, ctx.cityNames) })}</p>` : null}
      ${!waiting ? html`<button class="keep" data-ui="keep" onClick=${() => setChanging(false)}>${t("classic.phone.keep")}</button>` : null}
      <${Hand} ctx=${{ ...ctx, fcNote: !forFree && view.free_city?.controller === me }} select=${select} heading=${heading} />`;
  }
  const others = (view.waiting || []).filter((s) => s !== me);
  const freeCity = view.cities.find((c) => c.seat === null);
  return html`<div class="prompt-body waiting chosen">
    <p class="mine" id="my-choice">${t("classic.phone.my_choice", { what: choiceText(view.my_choice, myCity, ctx.cityNames) })}</p>
    ${view.my_free_city_choice && freeCity ? html`<p class="mine">${t("classic.phone.fc_choice", { what: choiceText(view.my_free_city_choice, freeCity, ctx.cityNames) })}</p>` : null}
    <p class="wait">${others.length === 1 ? t("classic.phone.waiting_one", { name: names[others[0]] }) : t("classic.phone.waiting_n", { n: others.length })}</p>
    <button class="big change" data-ui="change" disabled=${ctx.busy} onClick=${() => setChanging(true)}>${t("classic.phone.change")}</button>
  </div>`;
}

function Prices({ city, names }) {
  return html`<div class="prices-nb">${["left", "right"].map((side) => html`<div class="price-line" data-side=${side}>
    <span class="label">${t(`classic.neighbour.${side}`, { name: names[city[side]] })}</span>
    ${RESOURCES.map((res) => html`<span class="price"><${Res} res=${res} /><span class="price-n">${num(city.prices?.[side]?.[res] ?? 2)}</span></span>`)}
  </div>`)}</div>`;
}

/** The phone body of a 7 Wonders seat. ctx: {view, table, legal, me, names, busy, error, act, playAgain, coach}. */
export function ClassicPhone({ ctx }) {
  const [selected, setSelected] = useState(null);
  const [changingStep, setChangingStep] = useState(-1);
  const { view, me } = ctx;
  const names = cityNames(view, ctx.names);
  const close = () => setSelected(null);
  const inner = {
    ...ctx,
    cityNames: names,
    act: (action) => {
      setSelected(null);
      setChangingStep(-1);
      ctx.act(action);
    },
    open: (id) => setSelected({ kind: "read", id }),
  };
  const changing = changingStep === ctx.step;
  /** A coach's suggestion only opens its card (or choice) for confirmation, as a tap on it would. */
  const pickSuggestion = (action) => {
    const option = (view.my_turn?.cards || []).find((o) => o.card === action.card);
    const debt = view.my_debt;
    if (action.type === "pay_debt" && debt) {
      const coins = view.cities.find((c) => c.seat === me)?.coins ?? 0;
      setSelected({ kind: "debt", action, label: debtText(action.coins, debt.due, action.coins === debt.most), due: debt.due, coins });
    } else if (option && ["build", "wonder", "discard", "olympia"].includes(action.type)) {
      setSelected({ kind: "hand", option, city: view.my_turn.city });
    } else {
      setSelected({ kind: "pick", action, title: t(`classic.phone.pick.${view.pending?.kind}`) });
    }
  };
  let sheet = null;
  if (selected?.kind === "hand") sheet = html`<${HandSheet} option=${selected.option} city=${view.cities[selected.city]} ctx=${inner} close=${close} />`;
  if (selected?.kind === "read") {
    const e = entry(selected.id);
    sheet = html`<${Sheet} title=${e.kind === "stage" ? t("classic.stage", { stage: e.stage }) : nameOf(selected.id)} onClose=${close}><${Card} id=${selected.id} size="l" /></${Sheet}>`;
  }
  if (selected?.kind === "debt") {
    sheet = html`<${Sheet} title=${t("classic.phone.debt.title", { n: selected.due })} onClose=${close}>
      <p class="debt-summary"><${DebtParts} coins=${selected.action.coins} due=${selected.due} /> ${t("classic.phone.debt.keep", { n: selected.coins - selected.action.coins })}</p>
      <div class="acts"><${ActionButton} primary=${true} disabled=${ctx.busy} data=${{ action: "pay_debt", coins: selected.action.coins, confirm: "1" }}
        label=${t("classic.phone.debt.confirm", { what: selected.label })} onClick=${() => inner.act(selected.action)} /></div></${Sheet}>`;
  }
  if (selected?.kind === "pick") {
    sheet = html`<${Sheet} title=${selected.title} onClose=${close}><${Card} id=${selected.action.card} size="l" />
      <div class="acts"><${ActionButton} primary=${true} disabled=${ctx.busy} data=${{ action: selected.action.type, card: selected.action.card, confirm: "1" }}
        label=${`${t("phone.confirm")}: ${nameOf(selected.action.card)}`} onClick=${() => inner.act(selected.action)} /></div></${Sheet}>`;
  }
  const mine = (view.cities || []).find((c) => c.seat === me);
  const order = mine ? [mine.city, mine.left, mine.right, ...view.cities.map((c) => c.city).filter((c) => ![mine.city, mine.left, mine.right].includes(c))] : [];
  return html`
    <section id="prompt" class=${`prompt${promptIsMine(view, me, changing) ? " mine" : ""}`}><${Prompt} ctx=${inner} select=${setSelected} changing=${changing} setChanging=${(on) => setChangingStep(on ? ctx.step : -1)} /></section>
    <${CoachPanel} coach=${ctx.coach} seatName=${(seat) => ctx.names[seat] ?? ""} onPick=${pickSuggestion} busy=${ctx.busy} />
    ${ctx.error ? html`<p class="error" id="error">${ctx.error}</p>` : null}
    <${TeammateHand} ctx=${inner} />
    <section class="glance">
      ${[...new Set(order)].map((c) => {
        const city = view.cities[c];
        const title = c === mine.city ? t("classic.phone.my_city") : names[c];
        return html`<div key=${`c${c}`} class="glance-city">
          <${ClassicCity} city=${city} name=${title} names=${names} status=${cityStatus(view, city)} teams=${view.teams} onOpen=${inner.open} compact=${true} />
          ${c === mine.city ? html`<${Prices} city=${city} names=${names} />` : null}
        </div>`;
      })}
    </section>
    ${sheet}`;
}
