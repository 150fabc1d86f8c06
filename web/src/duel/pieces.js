// The Duel's pieces, shared by the TV and the phones: wonder tiles, progress tokens, the conflict track,
// the card pyramid and a city.
import { Card, CardBack, CardChip, CostRow, cardLabel } from "../lib/card.js";
import { entry, nameOf } from "../lib/catalog.js";
import { effectText, EffectRow } from "../lib/effects.js";
import { fontsLoaded, useFitted } from "../lib/fit.js";
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
  const fitted = useFitted(costOnTop ? noFit : fitWords); // (the TV's board fits its cards' bands, then names)
  const slots = structure || [];
  if (!slots.length) return html`<div class="pyramid empty"></div>`;
  const minCol = Math.min(...slots.map((s) => s.col));
  const halfSteps = (Math.max(...slots.map((s) => s.col)) - minCol) / 2 + 1;
  const rows = Math.max(...slots.map((s) => s.row)) + 1;
  const above = (row) => `--ups: ${Math.ceil(row / 2)}; --downs: ${Math.floor(row / 2)}`; // the steps above a row
  return html`<div class="pyramid" ref=${fitted} style=${`--cols: ${halfSteps}; --rows: ${rows}; --up-rows: ${Math.ceil((rows - 1) / 2)}; --down-rows: ${Math.floor((rows - 1) / 2)}`}>
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

const WORD_SIZES = 3; // a phone pyramid card's name: its size, then 9.6 and 9 px (duel.css data-size)
const SHY = "\u00ad"; // a soft hyphen: a break inside a word, drawn as a hyphen when taken, else unseen

function noFit() {}

/** Whether a name's text runs out of its box (a word wider than the card). */
function runsOut(name) {
  return name.scrollWidth > name.clientWidth + 1;
}

/** A phone's pyramid (an Age I card is 42 px wide on a 320 px phone): each card's name breaks between its
 * words only; a word wider than its card is set smaller (data-size, down to 9 px) until it fits whole; one
 * that does not fit even then is hyphenated, by the engine where it can (data-hyphens: hyphens auto in the
 * page's language), else with soft hyphens at its syllables' likely ends (then anywhere inside it, two
 * letters from each end), put into that word only. All names are sized together, one layout per step, again
 * only when a name, its card or the screen changed. The whole name reads in the sheet a tap on it opens. */
function fitWords(pyramid) {
  const names = [...pyramid.querySelectorAll(".card[data-card] > .card-name")]
    .filter((name) => name.childNodes.length === 1 && name.firstChild.nodeType === 3);
  const keyOf = (name) => `${innerWidth}:${fontsLoaded()}:${name.parentElement.className}:${name.textContent}`;
  let open = names.filter((name) => name.__sizeKey !== keyOf(name));
  for (const name of open) { // (the text node is preact's: its data is changed, the node kept)
    if (name.firstChild.data.includes(SHY)) name.firstChild.data = name.firstChild.data.split(SHY).join("");
    delete name.dataset.hyphens;
  }
  const fitted = [...open];
  for (let size = 0; size < WORD_SIZES && open.length; size += 1) {
    for (const name of open) name.dataset.size = String(size);
    open = open.filter(runsOut);
  }
  for (const name of open) name.dataset.hyphens = "auto";
  open = open.filter(runsOut);
  for (const anywhere of [false, true]) {
    const wide = open.map(tooWideWords);
    open.forEach((name, i) => { name.firstChild.data = softHyphens(name.firstChild.data, wide[i], anywhere); });
    open = open.filter(runsOut);
  }
  for (const name of fitted) name.__sizeKey = keyOf(name);
}

/** The words (their offsets in the name's text) wider than the name's box. */
function tooWideWords(name) {
  const text = name.firstChild;
  const style = getComputedStyle(name);
  const room = name.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
  const wide = [];
  const words = /\S+/g;
  for (let word = words.exec(text.data); word; word = words.exec(text.data)) {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    if (range.getBoundingClientRect().width > room) wide.push(word.index);
  }
  return wide;
}

/** The text with soft hyphens put into the words starting at `starts`: where a syllable likely ends
 * (syllableBreaks), or `anywhere` inside a word, two letters from each end. */
function softHyphens(data, starts, anywhere) {
  let out = data;
  for (const start of [...starts].reverse()) { // (from the end: the offsets before stay right)
    const end = start + /^\S+/.exec(out.slice(start))[0].length;
    const word = out.slice(start, end).split(SHY).join("");
    const letters = [...word];
    const at = anywhere ? letters.map((_, i) => i).filter((i) => i >= 2 && i <= letters.length - 2) : syllableBreaks(letters);
    const hyphenated = letters.map((ch, i) => (at.includes(i) && isLetter(letters[i - 1]) && isLetter(ch) ? SHY + ch : ch)).join("");
    out = out.slice(0, start) + hyphenated + out.slice(end);
  }
  return out;
}

function isLetter(ch) {
  return Boolean(ch) && ch.toLowerCase() !== ch.toUpperCase();
}

const VOWELS = "aeiouyæœøαεηιουω";
const KEPT = ["th", "sh", "ch", "ph", "wh", "gh"]; // two consonants read as one: never parted

/** Whether letters[i] is a vowel (Latin, Greek, with their accents; a y before a vowel is a consonant). */
function isVowel(letters, i) {
  const base = letters[i].normalize("NFD").charAt(0).toLowerCase();
  if (base === "y") return !(i + 1 < letters.length && isVowel(letters, i + 1));
  return VOWELS.includes(base);
}

/** Where a word's syllables likely part (the indices a hyphen goes before), two letters from its start and
 * three from its end: before a lone consonant between vowels ("Cara-van"), before the last consonant of a
 * run of them ("Caravan-sery", "Glass-works"), or before the last two when they read as one ("Work-shop"). */
function syllableBreaks(letters) {
  const breaks = [];
  let i = 1;
  while (i < letters.length) {
    if (!isLetter(letters[i]) || isVowel(letters, i) || !isLetter(letters[i - 1]) || !isVowel(letters, i - 1)) { i += 1; continue; }
    let end = i; // the run of consonants letters[i..end)
    while (end < letters.length && isLetter(letters[end]) && !isVowel(letters, end)) end += 1;
    if (end < letters.length && isVowel(letters, end)) {
      let at = end - 1;
      if (end - i >= 2 && KEPT.includes((letters[end - 2] + letters[end - 1]).toLowerCase())) at = end - 2;
      if (end - i === 1) at = i;
      if (at >= 2 && letters.length - at >= 3) breaks.push(at);
    }
    i = end + 1;
  }
  return breaks;
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
