// The Duel's pieces, shared by the TV and the phones: wonder tiles, progress tokens, the conflict track,
// the card pyramid and a city.
import { Card, CardBack, CardChip, CostRow, cardLabel } from "../lib/card.js";
import { entry, nameOf } from "../lib/catalog.js";
import { effectText, EffectRow } from "../lib/effects.js";
import { html } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { Coin, Icon, Res, Science, Shields, Vp } from "../lib/icons.js";
import { seatColor } from "../lib/seats.js";

export const RESOURCES = ["wood", "clay", "stone", "glass", "papyrus"];
const COLOR_ORDER = ["brown", "grey", "yellow", "red", "blue", "green", "purple"];

/** A wonder: name, effect icons, and its cost while it is not built. */
export function WonderTile({ id, built = false, onOpen = null, fresh = false, cost = !built, words = false }) {
  const e = entry(id);
  const cls = `wonder ${built ? "built" : "unbuilt"} ${fresh ? "fresh" : ""}`;
  const body = html`
    <span class="wonder-head"><${Icon} name=${built ? "check" : "wonder"} cls="wonder-mark" /><span class="wonder-name">${nameOf(id)}</span></span>
    <${EffectRow} effects=${e.effects} />
    ${words ? html`<span class="wonder-words">${effectText(e.effects)}</span>` : null}
    ${cost ? html`<${CostRow} cost=${e.cost} cls="wonder-cost" />` : null}`;
  const label = `${nameOf(id)} — ${built ? t("duel.built") : t("duel.to_build")}: ${effectText(e.effects)}`;
  if (onOpen) return html`<button type="button" class=${cls} data-wonder=${id} onClick=${() => onOpen(id)}>${body}</button>`;
  return html`<div class=${cls} data-wonder=${id} role="group" aria-label=${label}>${body}</div>`;
}

/** A progress token: its disc with its icon, its name and its effect. */
export function TokenDisc({ id, onOpen = null, fresh = false, words = false }) {
  const e = entry(id);
  const body = html`
    <span class="token-disc"><${Icon} name=${`token.${id}`} /></span>
    <span class="token-text"><span class="token-name">${nameOf(id)}</span><${EffectRow} effects=${e.effects} /></span>
    ${words ? html`<span class="token-words">${effectText(e.effects)}</span>` : null}`;
  const label = `${nameOf(id)}: ${effectText(e.effects)}`;
  if (onOpen) return html`<button type="button" class="token ${fresh ? "fresh" : ""}" data-token=${id} onClick=${() => onOpen(id)}>${body}</button>`;
  return html`<div class="token ${fresh ? "fresh" : ""}" data-token=${id} role="group" aria-label=${label}>${body}</div>`;
}

/** Zones of one side of the track by distance from the centre: [first, last, VP or null = capital]. */
export const ZONES = [[1, 2, 2], [3, 5, 5], [6, 8, 10], [9, 9, null]];

/** Who leads the conflict and how far each is from a military victory, in words. */
export function conflictText(pawn, names) {
  if (!pawn) return t("duel.even");
  const leader = pawn > 0 ? 0 : 1;
  const lead = Math.abs(pawn);
  if (lead >= 3) return t("duel.to_win", { name: names[leader], n: 9 - lead });
  return t("duel.lead", { name: names[leader], n: lead });
}

/** The conflict track −9..9: seat 0's capital on the left, the pawn, the zones and their tokens. */
export function Military({ military, names }) {
  const pawn = military?.pawn ?? 0;
  const tokens = military?.tokens || [];
  const cells = [];
  for (let pos = -9; pos <= 9; pos += 1) {
    const dist = Math.abs(pos);
    const zone = dist === 0 ? "middle" : dist === 9 ? "capital" : dist <= 2 ? "vp2" : dist <= 5 ? "vp5" : "vp10";
    cells.push(html`<div key=${pos} class="cell ${zone}" data-pos=${pos}>
      ${pos === pawn ? html`<span class="pawn" id="pawn" role="img" aria-label=${conflictText(pawn, names)}><${Icon} name="pawn" /></span>` : null}
      ${dist === 9 && pos !== pawn ? html`<${Icon} name="capital" cls="capital-mark" />` : null}
    </div>`);
  }
  const zones = [];
  for (const side of [0, 1]) {
    for (const [lo, hi, vp] of ZONES) {
      if (vp === null) continue;
      const first = side === 1 ? lo : -hi;
      const last = side === 1 ? hi : -lo;
      const token = tokens.find((tok) => tok.side === side && (tok.zone || [])[0] === lo);
      // A zone on seat 0's side (left) pays VP to seat 1, whose pawn got there.
      zones.push(html`<div key=${`${side}.${lo}`} class="zone vp${vp}" data-side=${side} style=${`grid-row: 1; grid-column: ${first + 10} / ${last + 11}`}>
        <span class="zone-vp"><${Vp} n=${vp} /></span>
        ${token && token.present ? html`<span class="mtoken" role="img" aria-label=${t("duel.token_label", { n: token.value })} data-value=${token.value}><${Coin} n=${token.value} sign="−" /></span>` : null}
      </div>`);
    }
  }
  return html`<section class="military" aria-label=${t("duel.conflict")}>
    <div class="track-ends">
      <span class="end" style=${`--seat: ${seatColor(0)}`}><${Icon} name="capital" /><span class="end-name">${names[0]}</span></span>
      <span class="conflict-text" id="conflict">${conflictText(pawn, names)}</span>
      <span class="end" style=${`--seat: ${seatColor(1)}`}><span class="end-name">${names[1]}</span><${Icon} name="capital" /></span>
    </div>
    <div class="zones">${zones}</div>
    <div class="track">${cells}</div>
  </section>`;
}

/** The age's cards laid out from the view's row/col (col in half-card steps): the pyramid shapes. The rows
 * are set apart by two steps (duel.css): the even rows, dealt face up, by --step (a covered card shows its
 * band and its name in that strip), the odd ones, dealt face down (their cards are turned only once nothing
 * covers them), by --step-down (a back's top is enough; --step where it is not set). costOnTop: the covered
 * face-up cards show their cost in their band (the TV, where only their top shows). */
export function Pyramid({ structure, onOpen = null, costOnTop = false }) {
  const slots = structure || [];
  if (!slots.length) return html`<div class="pyramid empty"></div>`;
  const minCol = Math.min(...slots.map((s) => s.col));
  const halfSteps = (Math.max(...slots.map((s) => s.col)) - minCol) / 2 + 1;
  const rows = Math.max(...slots.map((s) => s.row)) + 1;
  const above = (row) => `--ups: ${Math.ceil(row / 2)}; --downs: ${Math.floor(row / 2)}`; // the steps above a row
  return html`<div class="pyramid" style=${`--cols: ${halfSteps}; --rows: ${rows}; --up-rows: ${Math.ceil((rows - 1) / 2)}; --down-rows: ${Math.floor((rows - 1) / 2)}`}>
    ${slots.map((slot) => {
      const style = `--x: ${(slot.col - minCol) / 2}; --y: ${slot.row}; ${above(slot.row)}; z-index: ${slot.row + 1}`;
      const state = slot.accessible ? "accessible" : "covered";
      if (slot.taken) return html`<div key=${slot.slot} class="slot taken" data-slot=${slot.slot} style=${style}></div>`;
      return html`<div key=${slot.slot} class="slot ${state}" data-slot=${slot.slot} style=${style}>
        ${slot.card ? html`<${Card} id=${slot.card} state=${state} onOpen=${onOpen} costOnTop=${costOnTop && !slot.accessible} />` : html`<${CardBack} back=${slot.back} state=${state} />`}
      </div>`;
    })}
  </div>`;
}

function countSymbols(symbols) {
  const counts = {};
  for (const s of symbols || []) counts[s] = (counts[s] || 0) + 1;
  return counts;
}

/** The science symbols owned, pairs marked, and the count of different ones toward 6. */
export function ScienceRow({ symbols }) {
  const counts = countSymbols(symbols);
  const distinct = Object.keys(counts).length;
  return html`<div class="science-row" data-distinct=${distinct}>
    <span class="label">${t("duel.science")}</span>
    ${Object.entries(counts).map(([symbol, n]) => html`<span class="sym-owned ${n >= 2 ? "pair" : ""}" title=${n >= 2 ? t("duel.pair") : ""}>
      <${Science} symbol=${symbol} />${n >= 2 ? html`<${Science} symbol=${symbol} />` : null}</span>`)}
    <span class="distinct ${distinct >= 5 ? "close" : ""}">${t("duel.distinct", { n: distinct })}</span>
  </div>`;
}

/** Fixed and choice production, and what buying each resource costs this player now. */
export function ProductionRow({ player }) {
  const own = RESOURCES.filter((res) => player.production?.[res]).map((res) => html`<${Res} res=${res} n=${player.production[res]} />`);
  const choices = (player.choices || []).map((choice) => html`<span class="fx-choice">${choice.map((res, i) => html`${i ? html`<span class="slash" aria-hidden="true">/</span>` : null}<${Res} res=${res} />`)}</span>`);
  return html`<div class="production-row">
    <div class="produces"><span class="label">${t("duel.production")}</span>${own.length || choices.length ? [own, choices] : html`<span class="muted">${t("duel.nothing")}</span>`}</div>
    <div class="prices"><span class="label">${t("duel.prices")}</span>${RESOURCES.map((res) => html`<span class="price" data-res=${res}><${Res} res=${res} /><span class="price-n">${num(player.trade_prices?.[res] ?? 2)}</span></span>`)}</div>
  </div>`;
}

/** A player's city: name, coins, points, shields, wonders, production, science, tokens, cards by colour. */
export function DuelCity({ player, name, seat, active = false, onOpen = null, fresh = new Set(), compact = false }) {
  const groups = {};
  for (const card of player.cards || []) (groups[entry(card).color || "none"] ||= []).push(card);
  const order = [...COLOR_ORDER, "none"].filter((c) => groups[c]);
  return html`<section class="city duel-city ${active ? "active" : ""} ${compact ? "compact" : ""}" data-seat=${seat} style=${`--seat: ${seatColor(seat)}`} aria-label=${name}>
    <header class="city-head">
      <span class="city-name">${name}</span>
      <span class="city-stats">
        <${Coin} n=${player.coins ?? 0} />
        <${Vp} n=${player.points ?? 0} />
        <${Shields} n=${player.shields ?? 0} />
      </span>
    </header>
    <div class="city-wonders">${(player.wonders || []).map((w) => html`<${WonderTile} key=${w.id} id=${w.id} built=${w.built} onOpen=${onOpen} fresh=${fresh.has(w.id)} />`)}</div>
    <${ProductionRow} player=${player} />
    <${ScienceRow} symbols=${player.science} />
    ${(player.progress || []).length ? html`<div class="city-tokens">${player.progress.map((tok) => html`<${TokenDisc} key=${tok} id=${tok} onOpen=${onOpen} fresh=${fresh.has(tok)} />`)}</div>` : null}
    <div class="city-cards">${order.map((color) => groups[color].map((card, i) => html`<${CardChip} key=${`${card}`} id=${card} onOpen=${onOpen} fresh=${fresh.has(card)} />`))}</div>
  </section>`;
}

export { cardLabel };
