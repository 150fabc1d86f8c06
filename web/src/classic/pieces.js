// 7 Wonders' pieces, shared by the TV and the phones: a city (board, stages, production, science,
// military, cards by colour) and its neighbour tags.
import { CardChip } from "../lib/card.js";
import { entry, nameOf, wordsKey } from "../lib/catalog.js";
import { effectText, EffectRow } from "../lib/effects.js";
import { html, memoized } from "../lib/html.js";
import { num, pieceName, t } from "../lib/i18n.js";
import { Coin, ColorMark, Icon, Res, Science, Shields } from "../lib/icons.js";
import { seatColor } from "../lib/seats.js";
import { CostRow } from "../lib/card.js";
import { RESOURCES } from "./catalog.js";

const COLOR_ORDER = ["brown", "grey", "yellow", "red", "blue", "green", "purple", "black"];

/** The wonder stages of a city, built ones filled, each with its effect icons. */
function StagesNow({ city, cost = false, onOpen = null }) {
  const board = entry(`${city.board}_${city.side}`);
  const ids = board.stages || [];
  return html`<div class="stages">${ids.map((id, i) => {
    const built = i < (city.stages_built || 0);
    const label = `${t(built ? "classic.stage_built" : "classic.stage", { stage: i + 1 })}: ${effectText(entry(id).effects)}`;
    const body = html`<span class="stage-n">${built ? html`<${Icon} name="check" />` : null}${num(i + 1)}</span><${EffectRow} effects=${entry(id).effects} />${cost && !built ? html`<${CostRow} cost=${entry(id).cost} />` : null}`;
    return onOpen
      ? html`<button type="button" class="stage ${built ? "built" : ""}" data-stage=${i + 1} onClick=${() => onOpen(id)}>${body}</button>`
      : html`<div class="stage ${built ? "built" : ""}" data-stage=${i + 1} role="group" aria-label=${label}>${body}</div>`;
  })}</div>`;
}

/** The wonder stages of a city (drawn again only when its wonder, its built stages or the words change). */
export const Stages = memoized(StagesNow, (a, b) => a.city.board === b.city.board && a.city.side === b.city.side
  && a.city.stages_built === b.city.stages_built && a.cost === b.cost && a.onOpen === b.onOpen, wordsKey);

/** A military token: +1, +3, +5 (victories) or −1 (defeat). */
export function MilitaryToken({ value }) {
  const label = t("classic.token_label", { n: value });
  return html`<span class="mtok ${value < 0 ? "defeat" : "victory"}" role="img" aria-label=${label}><${Icon} name=${value < 0 ? "defeat" : "victory"} /><span aria-hidden="true">${value > 0 ? "+" : "−"}${num(Math.abs(value))}</span></span>`;
}

const GOODS = ["brown", "grey"];

/** The brown or grey cards of a city as one chip with their count (the TV: what they make is in the
 * production row just above). */
function GoodsChipNow({ color, cards, fresh = false }) {
  const label = `${t(`color.${color}`)} ×${num(cards.length)}: ${cards.map(nameOf).join(", ")}`;
  return html`<div class="chip goods c-${color} ${fresh ? "fresh" : ""}" data-card=${cards[cards.length - 1]} data-count=${cards.length} role="group" aria-label=${label}>
    <${ColorMark} color=${color} /><span class="fx-row"><span class="times">×${num(cards.length)}</span></span></div>`;
}

/** The brown or grey cards of a city as one chip (drawn again only when its cards or the words change). */
export const GoodsChip = memoized(GoodsChipNow, (a, b) => a.color === b.color && a.fresh === b.fresh
  && a.cards.length === b.cards.length && a.cards.every((card, i) => card === b.cards[i]), wordsKey);

/** A city's military tokens, summed: the victory points won, and the defeats. */
export function MilitaryTokens({ tokens }) {
  const won = tokens.filter((v) => v > 0).reduce((a, b) => a + b, 0);
  const lost = tokens.filter((v) => v < 0).length;
  return html`<span class="mtoks">${won ? html`<${MilitaryToken} value=${won} />` : null}${lost ? html`<${MilitaryToken} value=${-lost} />` : null}</span>`;
}

/** One colour per team of the team game (with the team's number always shown). */
export const TEAM_COLORS = ["#ffb347", "#4dd0e1", "#f48fb1"];

/** The colour of team index. */
export function teamColor(team) {
  return TEAM_COLORS[(team ?? 0) % TEAM_COLORS.length];
}

/** A team's tag: the team icon and "Team N" in the team's colour. */
export function TeamTag({ team }) {
  if (team === null || team === undefined) return null;
  return html`<span class="team-tag" data-team=${team} style=${`--team: ${teamColor(team)}`}><${Icon} name="team" />${t("classic.team_n", { n: team + 1 })}</span>`;
}

/** Cities' tokens of a city: debt (−1 point each), diplomacy, and whether it sits out this Age's conflicts. */
export function CitiesTokens({ city }) {
  const debt = city.debt || 0;
  const diplomacy = city.diplomacy || 0;
  return html`${debt ? html`<span class="tok debt-tok" data-debt=${debt} role="img" aria-label=${t("classic.debt_label", { n: debt })}><${Icon} name="debt" /><span aria-hidden="true">−${num(debt)}</span></span>` : null}
    ${diplomacy ? html`<span class="tok diplomacy-tok" data-diplomacy=${diplomacy} role="img" aria-label=${t("classic.diplomacy_label", { n: diplomacy })}><${Icon} name="diplomacy" />${diplomacy > 1 ? html`<span aria-hidden="true">×${num(diplomacy)}</span>` : null}</span>` : null}
    ${city.skips_conflicts ? html`<span class="tok skips-tok" data-skips="true" title=${t("classic.skips")}><${Icon} name="skips_conflicts" label=${t("classic.skips")} />${t("classic.skips_short")}</span>` : null}`;
}

/** Fixed and choice production of a city: a box of its own, or its marks alone (`bare`: the TV's city
 * row, where they and the science marks are one flow of lines). */
function ProductionNow({ city, bare = false }) {
  const fixed = RESOURCES.filter((res) => city.production?.[res]).map((res) => html`<${Res} res=${res} n=${city.production[res]} />`);
  const choices = (city.choices || []).map((choice) => html`<span class="fx-choice">${choice.map((res, i) => html`${i ? html`<span class="slash" aria-hidden="true">/</span>` : null}<${Res} res=${res} />`)}</span>`);
  if (bare) return html`${fixed}${choices}`;
  return html`<div class="production" aria-label=${t("classic.production")}>${fixed}${choices}</div>`;
}

/** Fixed and choice production of a city (drawn again only when they or the words change). */
export const Production = memoized(ProductionNow, (a, b) => a.city.production === b.city.production
  && a.city.choices === b.city.choices && a.bare === b.bare, wordsKey);

/** The science symbols of a city with their counts. */
function ScienceMarksNow({ science }) {
  const marks = ["compass", "gear", "tablet", "wild"].filter((s) => science?.[s]);
  if (!marks.length) return null;
  return html`<div class="science" aria-label=${t("classic.science")}>${marks.map((s) => html`<span class="sci-count"><${Science} symbol=${s} />${science[s] > 1 ? html`<span class="times">×${num(science[s])}</span>` : null}</span>`)}</div>`;
}

/** The science symbols of a city (drawn again only when they or the words change). */
export const ScienceMarks = memoized(ScienceMarksNow, (a, b) => a.science === b.science, wordsKey);

/** A city's coins, shields and tokens. */
function CityStatsNow({ city }) {
  return html`<span class="city-stats">
        <${Coin} n=${city.coins ?? 0} />
        <${Shields} n=${city.shields ?? 0} />
        <${MilitaryTokens} tokens=${city.military || []} />
        <${CitiesTokens} city=${city} />
      </span>`;
}

const STAT_FIELDS = ["coins", "shields", "military", "debt", "diplomacy", "skips_conflicts"];

/** A city's coins, shields and tokens (drawn again only when one of them or the words change). */
const CityStats = memoized(CityStatsNow, (a, b) => STAT_FIELDS.every((key) => a.city[key] === b.city[key]), wordsKey);

/** A city's neighbours, each with the arrow toward their city on the screen (the words in a span of their
 * own: where flex gap is missing, its fallback's margins reach elements only, css-compat.mjs). */
function NeighboursNow({ left, right, leftName, rightName, arrows }) {
  return html`<footer class="neighbours">
      <span class="nb" data-side="left" data-neighbour=${left}><span class="arrow" aria-hidden="true">${arrows.left}</span><span class="nb-words">${t("classic.neighbour.left", { name: leftName })}</span></span>
      <span class="nb" data-side="right" data-neighbour=${right}><span class="nb-words">${t("classic.neighbour.right", { name: rightName })}</span><span class="arrow" aria-hidden="true">${arrows.right}</span></span>
    </footer>`;
}

/** A city's neighbours (drawn again only when they, their names, the arrows or the words change). */
const Neighbours = memoized(NeighboursNow, (a, b) => a.left === b.left && a.right === b.right && a.leftName === b.leftName
  && a.rightName === b.rightName && a.arrows.left === b.arrows.left && a.arrows.right === b.arrows.right, wordsKey);

/** One city. opts: name, status ("choosing" | "ready" | ""), away (its player's phone is gone), arrows {left, right} (glyphs), fresh ids;
 * oneRow (the TV): the production's marks and the science marks flow as one row of lines, the science
 * continuing the production's last line where it fits (a crowded city keeps a line). */
export function ClassicCity({ city, name, names = [], status = "", away = false, arrows = null, fresh = new Set(), onOpen = null, compact = false, groupGoods = false, teams = null, extra = null, oneRow = false }) {
  const groups = {};
  for (const card of city.cards || []) (groups[entry(card).color || "grey"] ||= []).push(card);
  const seat = city.seat ?? null;
  return html`<section class="city classic-city ${status} ${compact ? "compact" : ""} ${seat === null ? "free-city" : ""}" data-city=${city.city} data-status=${status}
      style=${`--seat: ${seat === null ? "#b8c0cc" : seatColor(seat)}${teams && city.team !== null && city.team !== undefined ? `; --team: ${teamColor(city.team)}` : ""}`} data-team=${teams ? city.team : undefined} aria-label=${name}>
    <header class="city-head">
      <span class="city-name">${name}</span>
      <span class="board-name">${pieceName("classic", city.name)} ${city.side}</span>
      <${CityStats} city=${city} />
      ${teams ? html`<${TeamTag} team=${city.team} />` : null}
      ${away ? html`<span class="state away" data-away="true"><${Icon} name="away" />${t("lobby.away")}</span>` : null}
      ${status ? html`<span class="state ${status}">${status === "ready" ? html`<${Icon} name="check" />${t("classic.ready")}`
        : status === "deciding" ? html`<${Icon} name="debt" />${t("classic.deciding")}` : html`<${Icon} name="age" />${t("classic.choosing")}`}</span>` : null}
      ${extra}
    </header>
    <${Stages} city=${city} onOpen=${onOpen} />
    <div class="city-row ${oneRow ? "one-row" : ""}"><${Production} city=${city} bare=${oneRow} /><${ScienceMarks} science=${city.science} /></div>
    <div class="city-cards">${COLOR_ORDER.filter((c) => groups[c]).map((color) => (groupGoods && GOODS.includes(color)
      ? html`<${GoodsChip} key=${color} color=${color} cards=${groups[color]} fresh=${groups[color].some((card) => fresh.has(card))} />`
      : groups[color].map((card, i) => html`<${CardChip} key=${`${card}.${i}`} id=${card} onOpen=${onOpen} fresh=${fresh.has(card)} />`)))}</div>
    ${arrows ? html`<${Neighbours} left=${city.left} right=${city.right} leftName=${names[city.left]} rightName=${names[city.right]} arrows=${arrows} />` : null}
  </section>`;
}
