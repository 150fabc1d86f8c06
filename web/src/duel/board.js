// The Duel on the TV: the header (age, who acts, seats), both cities on the sides, and between them the
// conflict track, the progress tokens, the pyramid (or the wonder draft, or the final scores) and the log.
import { CardChip } from "../lib/card.js";
import { containerSize } from "../lib/compat.js";
import { fitGroup, fontsLoaded, markTooWide, useFitted } from "../lib/fit.js";
import { html } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { Icon } from "../lib/icons.js";
import { LogList } from "../lib/log.js";
import { SeatPills, seatColor } from "../lib/seats.js";
import { winnerLine } from "../lib/scores.js";
import { DuelCity, Military, Pyramid, TokenDisc, WonderTile } from "./pieces.js";
import { supremacyCause } from "./log.js";
import { DuelScores } from "./scores.js";

/** What the engine waits for, as a sentence. */
export function pendingText(view, names) {
  if (view?.phase === "over" && view.result) return winnerLine(view.result, names);
  if (!view || view.phase === "over" || !view.pending) return t("status.over");
  return t(`duel.pending.${view.pending.kind}`, { name: names[view.pending.seat] ?? "?", age: view.age });
}

function phaseText(view) {
  if (view.phase === "draft") return t("duel.draft", { round: view.draft?.round ?? 1 });
  if (view.phase === "over") return t("status.over");
  return t("duel.age", { age: view.age });
}

function Header({ view, table, names, onRelease, clock }) {
  const acting = view.phase === "over" ? null : view.pending?.seat;
  return html`<header class="status">
    <span class="phase"><${Icon} name="age" />${phaseText(view)}</span>
    <span class="pending" id="pending" style=${acting !== null && acting !== undefined ? `--seat: ${seatColor(acting)}` : ""}>${pendingText(view, names)}</span>
    ${view.play_again && acting !== null && acting !== undefined ? html`<span class="again" id="play-again"><${Icon} name="play_again" />${t("duel.plays_again", { name: names[acting] ?? "?" })}</span>` : null}
    <${SeatPills} seats=${table.seats} onRelease=${onRelease} active=${acting !== null && acting !== undefined ? [acting] : []} clock=${clock} />
  </header>`;
}

function Draft({ draft }) {
  return html`<section class="draft" aria-label=${t("duel.draft", { round: draft?.round ?? 1 })}>
    <h2>${t("duel.draft", { round: draft?.round ?? 1 })}</h2>
    <div class="draft-wonders">${(draft?.available || []).map((w) => html`<${WonderTile} key=${w} id=${w} words=${true} />`)}</div>
  </section>`;
}

function Discard({ cards }) {
  const last = (cards || []).slice(-2).reverse();
  const count = (cards || []).length;
  return html`<section class="discard" data-count=${count} aria-label=${t("duel.discard")}>
    <h2><${Icon} name="discard" />${t("duel.discard")}<span class="count" aria-label=${t("duel.discard_count", { n: count })}>${num(count)}</span></h2>
    <div class="discard-cards">${last.map((card) => html`<${CardChip} key=${card} id=${card} />`)}</div>
  </section>`;
}

const BAND_FIT_LEVELS = 3; // a pyramid card's band: one line, one smaller line, wrapped (duel.css)
const CITY_FIT_LEVELS = 6; // a city's built cards: one column with names, two, three without; then smaller (duel.css)

/** The discard's newest card always shows; the one before only when it fits whole in the panel. */
function fitDiscard(board) {
  const panel = board.querySelector(".discard");
  if (!panel) return;
  const chips = [...panel.querySelectorAll(".discard-cards > .chip")];
  const key = `${innerWidth}x${innerHeight}:${panel.textContent}:${panel.clientHeight}`;
  if (panel.__fitKey === key) return;
  for (const chip of chips) chip.hidden = false;
  const bottom = panel.getBoundingClientRect().bottom;
  const tooLow = chips.map((chip, i) => i > 0 && chip.getBoundingClientRect().bottom > bottom - 2);
  chips.forEach((chip, i) => { chip.hidden = tooLow[i]; });
  panel.__fitKey = key;
}

const NAME_SIZES = 4; // a pyramid card's name: full size, then three sizes smaller (duel.css data-size)

/** Whether an element's content runs out of its box (its overflow is hidden). */
function cut(el) {
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

/** Each pyramid card's name whole in the room its card leaves it (a covered card's: the strip left uncovered):
 * the largest size at which it fits (data-size), the smallest when none does. All names are sized together,
 * one layout per size tried; a name is sized again only when it, its card, the screen or the fonts changed. */
function fitNames(board) {
  const names = [...board.querySelectorAll(".pyramid .card[data-card] > .card-name")];
  const keys = names.map((name) => {
    const card = name.parentElement;
    return `${innerWidth}x${innerHeight}:${fontsLoaded()}:${card.className}:${card.dataset.fit}:${name.textContent}`;
  });
  let open = names.filter((name, i) => name.__sizeKey !== keys[i]);
  for (let size = 0; size < NAME_SIZES && open.length; size += 1) {
    for (const name of open) name.dataset.size = String(size);
    if (size < NAME_SIZES - 1) open = open.filter(cut);
  }
  names.forEach((name, i) => { name.__sizeKey = keys[i]; });
}

/** After each render: the pyramid's area measured (where the engine needs it), its cards' bands and names fitted, each city's card columns. */
function fitBoard(board) {
  containerSize(board.querySelector(".age-area")); // the pyramid's room, where container query units are missing
  for (const card of board.querySelectorAll(".pyramid .card[data-card]")) fitGroup(card, ".card-band", BAND_FIT_LEVELS);
  fitNames(board);
  markTooWide(board, ".discard .chip-name", "long");
  fitDiscard(board);
  // A piece glowing in is drawn larger for a moment (lib/base.css .fresh): lib/fit.js measures a city in
  // motion as it will rest, so the glow never leaves a city at a smaller size than it needs.
  for (const city of board.querySelectorAll(".duel-city")) fitGroup(city, null, CITY_FIT_LEVELS, ".city-cards .chip");
}

/** The whole TV board of a Duel; clock: the running countdowns (lib/clock.js), shown on the seat pills. */
export function DuelBoard({ table, view, names, log, error, handlers, fresh = new Set(), clock = null, moments = null }) {
  const players = view.players || [];
  const acting = view.phase === "over" ? null : view.pending?.seat;
  const over = view.phase === "over" && view.result;
  const board = useFitted(fitBoard);
  let middle;
  if (over) middle = html`<${DuelScores} result=${view.result} names=${names} onPlayAgain=${handlers.onPlayAgain} onReplay=${handlers.onReplay} code=${table.code} cause=${supremacyCause(log)} />`;
  else if (view.phase === "draft") middle = html`<${Draft} draft=${view.draft} />`;
  else middle = html`<${Pyramid} structure=${view.structure} costOnTop=${true} />`;
  return html`<div class="game duel-game phase-${view.phase} age-${view.age ?? 0}" ref=${board}>
    <${Header} view=${view} table=${table} names=${names} onRelease=${handlers.onRelease} clock=${clock} />
    ${[0, 1].map((seat) => players[seat] ? html`<${DuelCity} key=${`city${seat}`} player=${players[seat]} name=${names[seat]} seat=${seat} active=${acting === seat} fresh=${fresh} />` : null)}
    <div class="center">
      <${Military} military=${view.military} names=${names} />
      <section class="progress-board" aria-label=${t("duel.progress_board")}>
        ${(view.progress_board || []).map((tok) => html`<${TokenDisc} key=${tok} id=${tok} />`)}
        ${view.boxed_wonder ? html`<div class="boxed"><span class="label">${t("duel.boxed")}</span><${WonderTile} id=${view.boxed_wonder} cost=${false} /></div>` : null}
      </section>
      <div class="age-area">${middle}</div>
      ${over ? html`<div class="moment-area over">${moments}</div>` : html`<div class="center-foot"><div class="moment-area">${moments}</div><${LogList} entries=${log} limit=${4} cls="tv-log" /><${Discard} cards=${view.discard} /></div>`}
      ${error ? html`<p class="error">${error}</p>` : null}
    </div>
  </div>`;
}

export { winnerLine };
