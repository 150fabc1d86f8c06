// 7 Wonders on the TV: the header (age, turn, passing direction, who is still choosing, seats that are
// away; each city names its player) and every city around the table in seating order, read clockwise
// (the top row left to right, the bottom row right to left), each with arrows to its neighbours as they
// sit on the screen; the cities share the largest size at which none is cut off.
import { html, memoized, useLayoutEffect, useRef } from "../lib/html.js";
import { list, locale, t } from "../lib/i18n.js";
import { catalogReady } from "../lib/catalog.js";
import { Icon } from "../lib/icons.js";
import { fitGroup, guessLevel, useFitted } from "../lib/fit.js";
import { LogList } from "../lib/log.js";
import { BotTag, botSeatName, isTakeover } from "../lib/bots.js";
import { Countdown } from "../lib/clock.js";
import { isAway, SeatPills } from "../lib/seats.js";
import { ClassicCity } from "./pieces.js";
import { ClassicScores } from "./scores.js";

const ROMAN = ["", "I", "II", "III"];
const LOG_LINES = 12; // the log's place holds a dozen lines at every size of the cities
// The size levels of the cities (classic.css: data-fit on the ring), each with roughly how large it draws
// them (its --fs; level 4 packs the icons closer): lib/fit.js guesses from these where to start measuring.
const FIT_SCALES = [1.6, 1.4, 1.2, 1, 0.96, 0.92, 0.84];
// What a city that needs a smaller level keeps free there (lib/fit.js headroom), so the ring steps down
// about once a game instead of two or three times: the rows of cards still to come in the Age, at most
// three (a row: a chip and the gap under it, ~1.65em of the city's type at levels 0-3; each turn adds a
// card, about a third of a row, and the battles at the end of Ages I and II about a row).
const FIT_ROW_EM = 1.65;
const FIT_MAX_ROWS = 3;

/** The rows of cards a city may still gain in this Age (lib/fit.js headroom, in em): none once it is over. */
export function ringHeadroom(view) {
  if (view.phase === "over") return null;
  const turnsLeft = Math.max(0, turnsPerAge(view) - (view.turn ?? 1) + 1);
  const rows = Math.min(FIT_MAX_ROWS, turnsLeft / 3 + (view.age < 3 ? 1 : 0));
  return rows > 0 ? `${(rows * FIT_ROW_EM).toFixed(2)}em` : null;
}
const ARROWS = { "1,0": "→", "-1,0": "←", "0,1": "↓", "0,-1": "↑", "1,1": "↘", "-1,1": "↙", "1,-1": "↗", "-1,-1": "↖" };

/** The cities' shared size level (classic.css: data-fit on the ring); each city has its own grid cell, so
 * other levels are tried on copies of the cities (lib/fit.js), and a city that needs a smaller one keeps
 * `headroom` free there (ringHeadroom). */
function fitRing(ring, headroom = null) {
  fitGroup(ring, ".classic-city", FIT_SCALES.length, null, { apart: true, scales: FIT_SCALES, headroom });
}

// The end screen takes a column beside the ring: the ring's width then over its width during the game, as
// last seen on this screen (by number of cities); before any end, about what a 7-seat 1080p TV shows.
const endWidthRatio = {};
const END_WIDTH_RATIO = 0.62;

/** The end narrows every city at once: the ring takes the level its cities will most likely need before it
 * is laid out at its new width (lib/fit.js guessLevel), so the end is laid out and restyled once. Returns
 * the ring's width during the game (to learn the ratio once the end is drawn). */
function guessEndLevel(ring, n) {
  const width = ring.clientWidth; // the game's layout, still clean: nothing is laid out for this read
  guessLevel(ring, FIT_SCALES, endWidthRatio[`${n}:${innerWidth}x${innerHeight}`] ?? END_WIDTH_RATIO);
  return width;
}

/** Grid places of n cities around the table: {row, col} (0-based) and the free place for the log, if any. */
export function ringPlaces(n) {
  const cols = Math.ceil(n / 2);
  const places = [];
  for (let c = 0; c < n; c += 1) places.push(c < cols ? { row: 0, col: c } : { row: 1, col: cols - 1 - (c - cols) });
  const logPlace = n % 2 ? { row: 1, col: 0 } : null;
  return { cols, places, logPlace };
}

/** The arrow from place a toward place b ("→", "↙", ...). */
export function arrowBetween(a, b) {
  return ARROWS[`${Math.sign(b.col - a.col)},${Math.sign(b.row - a.row)}`] || "•";
}

/** Whether the player of a city is still choosing ("choosing"), has chosen ("ready") or neither (""). */
export function cityStatus(view, city) {
  if (view.phase === "over") return "";
  if (view.pending?.kind === "debt") {
    if (!(view.pending.seats || []).includes(city.seat)) return "";
    return view.chosen?.[city.seat] ? "ready" : "deciding";
  }
  if (view.phase !== "turn") return view.pending?.city === city.city ? "choosing" : "";
  const seat = city.seat ?? view.free_city?.controller;
  if (seat === null || seat === undefined || !(view.to_act || []).includes(seat)) return "";
  if (city.seat === null || city.seat === undefined) return (view.waiting || []).includes(seat) || !view.chosen?.[seat] ? "choosing" : "ready";
  return view.chosen?.[seat] ? "ready" : "choosing";
}

/** The city names: each player's name, or "Free City". */
export function cityNames(view, names) {
  return (view.cities || []).map((city) => (city.seat === null || city.seat === undefined ? t("classic.free_city") : names[city.seat]));
}

/** Turns in an Age: 6, or 7 with Cities' 8-card hands. */
export function turnsPerAge(view) {
  return view.cities_expansion ? 7 : 6;
}

function pendingLine(view, names) {
  if (view.phase === "over") return t("status.over");
  if (view.pending?.kind === "debt") {
    const deciding = (view.pending.seats || []).filter((seat) => !view.chosen?.[seat]);
    return t("classic.pending.debt", { n: deciding.length, names: list(deciding.map((seat) => names[seat])) });
  }
  if (view.pending) return t(`classic.pending.${view.pending.kind}`, { name: names[view.pending.seat] ?? "?" });
  const waiting = view.waiting || [];
  if (!waiting.length) return t("classic.all_chosen");
  if (waiting.length > 3) return t("classic.waiting_count", { n: waiting.length });
  return t("classic.waiting_for", { names: list(waiting.map((s) => names[s])) });
}

function Header({ view, table, names, onRelease }) {
  const over = view.phase === "over";
  // (words beside an icon in a span of their own: where flex gap is missing, its fallback's margins reach
  // elements only, css-compat.mjs)
  return html`<header class="status">
    <span class="phase"><${Icon} name="age" /><span>${t("classic.age", { age: ROMAN[view.age] || view.age })}</span>${over ? null : html`<span class="turn"> · ${t("classic.turn", { turn: view.turn ?? 1, total: turnsPerAge(view) })}</span>`}</span>
    ${over ? null : html`<span class="direction" data-direction=${view.direction}><span class="arrow" aria-hidden="true">${view.direction === "right" ? "↻" : view.direction === "swap" ? "⇄" : "↺"}</span><span>${t(`classic.pass.${view.direction}`)}</span></span>`}
    <span class="pending" id="pending">${pendingLine(view, names)}</span>
    ${over ? null : html`<${SeatPills} seats=${table.seats} onRelease=${onRelease} active=${view.waiting || []} onlyAway=${true} />`}
  </header>`;
}

/** What a city's header adds about its seat: a bot playing for its player, the robot of a bot seat (its
 * name says the level), the clock's countdown. */
function SeatExtra({ seat, clock }) {
  if (!seat) return null;
  const bot = isTakeover(seat) ? html`<${BotTag} seat=${seat} />` : seat.bot ? html`<${Icon} name="bot" cls="bot-mark" label=${botSeatName(seat)} />` : null;
  return html`${bot}<${Countdown} end=${clock?.ends?.[seat.seat]} total=${clock?.seconds} seat=${seat.seat} />`;
}

/** One city in its place of the ring: drawn again only when its slice of the view, its neighbours' names,
 * its status, its seat, its clock or its just-built cards changed. */
function RingCityNow({ city, place, arrows, names, status, teams, away, fresh, seat, clock }) {
  return html`<div class="ring-place" style=${`grid-row: ${place.row + 1}; grid-column: ${place.col + 1}`}>
    <${ClassicCity} city=${city} name=${names[city.city]} names=${names} status=${status} teams=${teams} away=${away} arrows=${arrows} fresh=${fresh} groupGoods=${true} oneRow=${true}
      extra=${seat ? html`<${SeatExtra} seat=${seat} clock=${clock} />` : null} />
  </div>`;
}

const freshIn = (city, fresh) => (city.cards || []).filter((card) => fresh.has(card)).join(",");
const sameSeat = (a, b) => a === b || (Boolean(a) && Boolean(b) && JSON.stringify(a) === JSON.stringify(b));
const sameClock = (a, b, seat) => (a?.ends?.[seat?.seat] ?? null) === (b?.ends?.[seat?.seat] ?? null) && (a?.seconds ?? null) === (b?.seconds ?? null);

const RingCity = memoized(RingCityNow, (a, b) => a.city === b.city && a.words === b.words && a.status === b.status && a.away === b.away
  && a.teams === b.teams && a.place.row === b.place.row && a.place.col === b.place.col
  && a.arrows.left === b.arrows.left && a.arrows.right === b.arrows.right
  && [a.city.city, a.city.left, a.city.right].every((c) => a.names[c] === b.names[c])
  && freshIn(a.city, a.fresh) === freshIn(b.city, b.fresh) && sameSeat(a.seat, b.seat) && sameClock(a.clock, b.clock, b.seat));

/** The whole TV board of a 7 Wonders game; fresh: the cards just built (they glow); clock: the running
 * countdowns (lib/clock.js), each on the city of its seat. */
export function ClassicBoard({ table, view, names, log, error, handlers, fresh = new Set(), clock = null, moments = null }) {
  const cities = view.cities || [];
  const cityNameList = cityNames(view, names);
  const { cols, places, logPlace } = ringPlaces(cities.length);
  const over = view.phase === "over" && view.result;
  const gridCols = logPlace ? cols : cols + 1;
  const headroom = ringHeadroom(view);
  const ring = useFitted((element) => fitRing(element, headroom), { later: true });
  const gameWidth = useRef(0); // the ring's width before the end (while the end's first frame is drawn)
  const wasOver = useRef(Boolean(over));
  if (over && !wasOver.current && ring.current) gameWidth.current = guessEndLevel(ring.current, cities.length);
  wasOver.current = Boolean(over);
  useLayoutEffect(() => {
    if (!gameWidth.current || !ring.current) return;
    endWidthRatio[`${cities.length}:${innerWidth}x${innerHeight}`] = ring.current.clientWidth / gameWidth.current;
    gameWidth.current = 0;
  });
  const away = (seat) => Boolean(seat !== null && seat !== undefined && isAway(table.seats?.[seat]));
  return html`<div class="game classic-game phase-${view.phase} n-${cities.length}" style=${`--cols: ${gridCols}`}>
    <${Header} view=${view} table=${table} names=${names} onRelease=${handlers.onRelease} />
    ${over ? html`<${ClassicScores} result=${view.result} names=${names} onPlayAgain=${handlers.onPlayAgain} onReplay=${handlers.onReplay} code=${table.code} /><div class="moment-area over">${moments}</div>` : null}
    <div class="ring" ref=${ring}>
      ${cities.map((city, c) => html`<${RingCity} key=${`city${c}`} city=${city} place=${places[c]}
        arrows=${{ left: arrowBetween(places[c], places[city.left]), right: arrowBetween(places[c], places[city.right]) }}
        names=${cityNameList} status=${cityStatus(view, city)} teams=${view.teams} away=${away(city.seat)} fresh=${fresh}
        seat=${city.seat === null || city.seat === undefined ? null : table.seats?.[city.seat]} clock=${clock} words=${`${locale()}:${catalogReady()}`} />`)}
      <div class="ring-place log-place" style=${logPlace ? `grid-row: ${logPlace.row + 1}; grid-column: ${logPlace.col + 1}` : `grid-row: 1 / span 2; grid-column: ${cols + 1}`}>
        ${over ? null : html`<div class="moment-area">${moments}</div>`}
        <${LogList} entries=${log} limit=${over ? 4 : LOG_LINES} cls="tv-log" />
        <p class="discard-count"><${Icon} name="discard" />${t("classic.discard_count", { n: view.discard_count ?? 0 })}</p>
      </div>
    </div>
    ${error ? html`<p class="error">${error}</p>` : null}
  </div>`;
}
