// The Duel on a phone: the prompt (my turn, a choice, or whose turn it is), then every public piece to
// read: both cities, the cards on the table, the progress tokens and the conflict. Select, then act: a tap
// opens a card large with its actions and their exact costs; only a tap on an action plays it.
import { ActionButton, Sheet } from "../lib/sheet.js";
import { CoachPanel } from "../lib/coach.js";
import { Card, cardLabel } from "../lib/card.js";
import { entry, nameOf } from "../lib/catalog.js";
import { effectText } from "../lib/effects.js";
import { html, useState } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { DuelCity, Military, Pyramid, TokenDisc, WonderTile } from "./pieces.js";
import { DuelTable, duelDecided } from "./scores.js";
import { winnerLine } from "../lib/scores.js";
import { pendingText } from "./board.js";

/** The prompt that is mine now, as a key (a new key = a new prompt: alert and scroll), or null. */
export function promptKey(view, me, step) {
  if (!view || view.phase === "over" || view.pending?.seat !== me) return null;
  return `${step}:${view.pending.kind}`;
}

/** One line of the cost breakdown: printed coins, trade per resource, discounts, chain, to the opponent. */
export function breakdownText(option) {
  const b = option?.breakdown;
  if (!b) return "";
  if (b.chain) return t("duel.phone.breakdown.chain");
  const parts = [];
  if (b.card_coins) parts.push(t("duel.phone.breakdown.card", { n: b.card_coins }));
  for (const [res, n] of Object.entries(b.trade || {})) if (n) parts.push(t("duel.phone.breakdown.trade", { res: t(`res.${res}`), n }));
  for (const [res, n] of Object.entries(b.discount || {})) if (n) parts.push(t("duel.phone.breakdown.discount", { res: t(`res.${res}`), n }));
  if (b.to_opponent) parts.push(t("duel.phone.breakdown.to_opponent", { n: b.to_opponent }));
  return parts.length ? parts.join(" · ") : t("duel.phone.breakdown.own");
}

function Large({ id }) {
  const e = entry(id);
  if (e.kind === "wonder") return html`<${WonderTile} id=${id} words=${true} cost=${true} />`;
  if (e.kind === "progress") return html`<${TokenDisc} id=${id} words=${true} />`;
  return html`<${Card} id=${id} size="l" />`;
}

/** The sheet of one card of my turn: build, each wonder, discard; each with its exact cost. */
function TurnSheet({ option, busy, act, close }) {
  const { card, build } = option;
  const buildOk = Boolean(build?.legal);
  const wonders = (option.wonders || []).filter((w) => w.legal);
  return html`<${Sheet} title=${nameOf(card)} onClose=${close}>
    <${Large} id=${card} />
    <div class="acts">
      <${ActionButton} primary=${true} disabled=${busy || !buildOk} data=${{ action: "build", card }}
        label=${!buildOk ? t("duel.phone.build") : build.cost ? t("duel.phone.build_cost", { n: build.cost }) : t("duel.phone.build_free")}
        detail=${buildOk ? breakdownText(build) : build?.reason || ""} onClick=${() => act({ type: "build", card })} />
      ${wonders.map((w) => html`<${ActionButton} key=${w.wonder} data=${{ action: "wonder", card, wonder: w.wonder }} disabled=${busy}
        label=${t("duel.phone.wonder", { wonder: nameOf(w.wonder) })}
        detail=${`${w.cost ? t("duel.phone.wonder_cost", { n: w.cost }) : t("cost.free")} · ${breakdownText(w)} · ${effectText(entry(w.wonder).effects)}`}
        onClick=${() => act({ type: "wonder", card, wonder: w.wonder })} />`)}
      ${!wonders.length ? html`<p class="muted">${t("duel.phone.cannot_wonder")}</p>` : null}
      <${ActionButton} data=${{ action: "discard", card }} disabled=${busy} label=${t("duel.phone.discard", { n: option.discard ?? 0 })}
        onClick=${() => act({ type: "discard", card })} />
    </div>
  </${Sheet}>`;
}

const PICK_TITLES = {
  draft_wonder: "duel.phone.pick_wonder",
  progress: "duel.phone.pick_token",
  great_library: "duel.phone.pick_library",
  destroy: "duel.phone.pick_destroy",
  mausoleum: "duel.phone.pick_mausoleum",
  choose_start: "duel.phone.pick_start",
};

function optionId(action) {
  return action.card || action.wonder || action.token || null;
}

function optionLabel(action, me, names) {
  if (action.type === "choose_start") return action.seat === me ? t("duel.phone.me_start") : t("duel.phone.they_start", { name: names[action.seat] });
  return nameOf(optionId(action));
}

function PickItem({ action, me, names, onPick }) {
  const id = optionId(action);
  const data = { action: action.type, ...(id ? { pick: id } : { seat: action.seat }) };
  if (action.type === "draft_wonder") return html`<${WonderTile} id=${id} onOpen=${() => onPick(action)} />`;
  if (action.type === "progress") return html`<${TokenDisc} id=${id} onOpen=${() => onPick(action)} />`;
  if (id) return html`<${Card} id=${id} onOpen=${() => onPick(action)} />`;
  return html`<button class="pick big" data-action=${data.action} data-seat=${action.seat} onClick=${() => onPick(action)}>${optionLabel(action, me, names)}</button>`;
}

function Prompt({ ctx, select }) {
  const { view, me, names, legal } = ctx;
  const pending = view.pending;
  const them = names[1 - me];
  const theirMove = ctx.lastOf(1 - me);
  if (view.phase === "over" && view.result) {
    const winners = view.result.winners || [];
    const mine = winners.length > 1 ? t("phone.result_shared") : winners.includes(me) ? t("phone.result_won") : t("phone.result_lost");
    return html`<section class="phone-result" id="result">
      <h1>${mine}</h1>
      <p>${winnerLine(view.result, names)} · ${t(`duel.victory.${view.result.victory}`)}</p>
      ${duelDecided(view.result, names) ? html`<p class="decided" id="decided">${duelDecided(view.result, names)}</p>` : null}
      <${DuelTable} result=${view.result} names=${names} small=${true} />
      <button class="big primary" data-action="play_again" disabled=${ctx.busy} onClick=${ctx.playAgain}>${t("end.play_again")}</button>
    </section>`;
  }
  const notice = theirMove ? html`<p class="their" id="their-action"><span class="label">${t("duel.phone.their_move", { name: them })}</span>${theirMove}</p>` : null;
  if (pending?.seat !== me) {
    return html`<div class="prompt-body waiting"><p class="wait">${pendingText(view, names)}</p>${notice}</div>`;
  }
  if (pending.kind === "turn") {
    const cards = view.my_turn?.cards || [];
    return html`<div class="prompt-body turn" data-kind="turn">
      <h2>${t("duel.phone.your_turn")}</h2>${notice}
      <p class="hint">${t("phone.tap_to_read")}</p>
      <div class="hand">${cards.map((option) => html`<${Card} key=${option.card} id=${option.card} state=${option.build?.legal ? "can" : "cannot"} onOpen=${() => select({ kind: "turn", option })} />`)}</div>
    </div>`;
  }
  const title = t(PICK_TITLES[pending.kind] || pending.kind, { name: them });
  return html`<div class="prompt-body choice-prompt" data-kind=${pending.kind}>
    <h2>${title}</h2>${notice}
    <div class="picks">${legal.map((action) => html`<${PickItem} key=${optionId(action) ?? action.seat} action=${action} me=${me} names=${names} onPick=${(a) => select({ kind: "pick", action: a, title })} />`)}</div>
  </div>`;
}

/** The phone body of a Duel seat. ctx: {view, table, legal, me, names, busy, act, playAgain, lastOf(seat), coach}. */
export function DuelPhone({ ctx }) {
  const [selected, setSelected] = useState(null);
  const { view, me, names } = ctx;
  const close = () => setSelected(null);
  const act = (action) => {
    setSelected(null);
    ctx.act(action);
  };
  const myTurn = view.pending?.seat === me && view.pending?.kind === "turn" ? view.my_turn?.cards || [] : [];
  const open = (id) => {
    const option = myTurn.find((o) => o.card === id);
    setSelected(option ? { kind: "turn", option } : { kind: "read", id });
  };
  /** A coach's suggestion only opens its card (or pick) for confirmation, as a tap on it would. */
  const pickSuggestion = (action) => {
    const option = myTurn.find((o) => o.card === action.card);
    if (option && ["build", "wonder", "discard"].includes(action.type)) setSelected({ kind: "turn", option });
    else setSelected({ kind: "pick", action, title: t(PICK_TITLES[view.pending?.kind] || view.pending?.kind || "", { name: names[1 - me] }) });
  };
  let sheet = null;
  if (selected?.kind === "turn") sheet = html`<${TurnSheet} option=${selected.option} busy=${ctx.busy} act=${act} close=${close} />`;
  if (selected?.kind === "read") sheet = html`<${Sheet} title=${nameOf(selected.id)} onClose=${close}><${Large} id=${selected.id} /></${Sheet}>`;
  if (selected?.kind === "pick") {
    const id = optionId(selected.action);
    sheet = html`<${Sheet} title=${selected.title} onClose=${close}>
      ${id ? html`<${Large} id=${id} />` : null}
      <div class="acts"><${ActionButton} primary=${true} disabled=${ctx.busy} data=${{ action: selected.action.type, confirm: "1" }}
        label=${`${t("phone.confirm")}: ${optionLabel(selected.action, me, names)}`} onClick=${() => act(selected.action)} /></div>
    </${Sheet}>`;
  }
  const players = view.players || [];
  return html`
    <section id="prompt" class="prompt ${view.pending?.seat === me ? "mine" : ""}"><${Prompt} ctx=${ctx} select=${setSelected} /></section>
    <${CoachPanel} coach=${ctx.coach} seatName=${(seat) => names[seat] ?? ""} onPick=${pickSuggestion} busy=${ctx.busy} />
    ${ctx.error ? html`<p class="error" id="error">${ctx.error}</p>` : null}
    <section class="glance">
      <${Military} military=${view.military} names=${names} />
      ${players[me] ? html`<${DuelCity} player=${players[me]} name=${t("duel.phone.my_city")} seat=${me} onOpen=${open} compact=${true} />` : null}
      ${view.structure?.length && view.phase === "play" ? html`<section class="phone-pyramid" aria-label=${t("duel.phone.pyramid")}><h2>${t("duel.phone.pyramid")}</h2><${Pyramid} structure=${view.structure} onOpen=${open} /></section>` : null}
      ${(view.progress_board || []).length ? html`<section class="progress-board" aria-label=${t("duel.progress_board")}><h2>${t("duel.progress_board")}</h2>${view.progress_board.map((tok) => html`<${TokenDisc} key=${tok} id=${tok} onOpen=${open} />`)}</section>` : null}
      ${players[1 - me] ? html`<${DuelCity} player=${players[1 - me]} name=${t("duel.phone.their_city", { name: names[1 - me] })} seat=${1 - me} onOpen=${open} compact=${true} />` : null}
    </section>
    ${sheet}`;
}

export { cardLabel };
