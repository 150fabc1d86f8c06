// The score table (rows = score-pad categories, columns = players), shared by the TV's end screen and the
// phones' result, and the headline of a finished game.
import { fontsLoaded, overflowing, useFitted } from "./fit.js";
import { html } from "./html.js";
import { list, num, t } from "./i18n.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

/** "Ann wins", "Ann and Bo win" (a team) or "Shared victory: Ann and Bo". */
export function winnerLine(result, names) {
  const winners = result?.winners || [];
  const teams = (result?.teams || []).filter((team) => team.seats.some((seat) => winners.includes(seat)));
  if (teams.length === 1) return t("end.team_winner", { names: list(teams[0].seats.map((s) => names[s])) });
  if (winners.length > 1) return t("end.shared", { names: list(winners.map((s) => names[s])) });
  return t("end.winner", { name: names[winners[0]] ?? "?" });
}

/** A score in the language's digits, negatives with a true minus sign (U+2212, not a hyphen). */
export function signed(n) {
  return num(n).replace("-", "\u2212");
}

/** The sum of one score-pad row over some seats. */
export function rowSum(scores, seats, key) {
  return seats.reduce((sum, seat) => sum + (scores?.[seat]?.[key] ?? 0), 0);
}

/**
 * The row that decided a game won on points: where the winners (seats) gained most on the runners-up;
 * {key, a, b} (their sums), or null when no row favours the winners.
 */
export function decidingRow(scores, winners, runners, keys) {
  let best = null;
  for (const key of keys) {
    const a = rowSum(scores, winners, key);
    const b = rowSum(scores, runners, key);
    if (a - b > 0 && (!best || a - b > best.a - best.b)) best = { key, a, b };
  }
  return best;
}

/**
 * rows: [{key, label, icon}]; columns: [{name, scores, win, seat, cls, tag (a vnode after the name)}].
 * reveal staggers the rows in (the end-of-game moment); lead(column): a vnode with each name (e.g. its line
 * in the chart); transpose turns the pad (PlayerRows): a row per player; small and turned, it is a phone's
 * list (PlayerList).
 */
export function ScoreTable({ rows, columns, small = false, reveal = false, transpose = false, lead = null }) {
  if (transpose && small) return html`<${PlayerList} rows=${rows} columns=${columns} />`;
  if (transpose) return html`<${PlayerRows} rows=${rows} columns=${columns} reveal=${reveal} lead=${lead} />`;
  const iconRows = small && phoneIconRows(columns);
  return html`<table class="score-table ${small ? "small" : ""} ${reveal ? "reveal" : ""} ${iconRows ? "icon-rows" : ""}" data-columns=${columns.length}>
    <thead><tr><th scope="col"><span class="sr-only">${t("scores.row")}</span></th>${columns.map((c) => html`<th scope="col" class="${c.win ? "win" : ""} ${c.cls || ""}"
      style=${seatStyle(c)}><span class="col-name">${c.name}</span>${c.tag || null}${lead ? lead(c) : null}</th>`)}</tr></thead>
    <tbody>${rows.map((row, i) => html`<tr class="row-${row.key}" data-row=${row.key} style=${`--i: ${i}`}>
      <th scope="row">${row.icon || null}<span class="row-label">${row.label}</span></th>
      ${columns.map((c) => html`<td class=${c.win ? "win" : ""}>${signed(c.scores?.[row.key] ?? 0)}</td>`)}
    </tr>`)}</tbody>
  </table>`;
}

// On a phone the rows are named by their icons (their words for screen readers) when the players' columns
// need the width: four of them, or a name this long.
const PHONE_ICON_ROWS_COLUMNS = 4;
const PHONE_ICON_ROWS_NAME = 12;

/** Whether a phone's table names its rows by their icons only. */
export function phoneIconRows(columns) {
  return columns.length >= PHONE_ICON_ROWS_COLUMNS || columns.some((c) => String(c.name ?? "").length > PHONE_ICON_ROWS_NAME);
}

const seatStyle = (c) => (c.seat !== undefined && c.seat !== null ? `--seat: ${seatColor(c.seat)}` : "");

/**
 * The score pad turned: a row per player (each name after lead(column), e.g. its line in the chart), a
 * column per category headed by its icon (its words for screen readers and as a tooltip); reveal staggers
 * the categories in, column by column. For many players on the TV: the names get a line each.
 */
function PlayerRows({ rows, columns, reveal = false, lead = null }) {
  return html`<table class="score-table transposed ${reveal ? "reveal" : ""}" data-columns=${columns.length}>
    <thead><tr><th scope="col"><span class="sr-only">${t("lobby.players")}</span></th>${rows.map((row, i) => html`<th scope="col" key=${row.key}
      class=${`cat-${row.key}`} data-row=${row.key} title=${row.label} style=${`--i: ${i}`}>${row.icon || null}<span class="sr-only">${row.label}</span></th>`)}</tr></thead>
    <tbody>${columns.map((c, n) => html`<tr key=${`p${n}`} class="${c.win ? "win" : ""} ${c.cls || ""}" data-seat=${c.seat ?? ""} style=${seatStyle(c)}>
      <th scope="row" class="who">${lead ? lead(c) : null}<span class="col-name">${c.name}</span>${c.tag || null}</th>
      ${rows.map((row, i) => html`<td key=${row.key} class="${c.win ? "win" : ""} cat-${row.key}" data-row=${row.key} style=${`--i: ${i}`}>${signed(c.scores?.[row.key] ?? 0)}</td>`)}
    </tr>`)}</tbody>
  </table>`;
}

/**
 * The score pad as a list, for a phone and many players: a line per player (the name, the total), under it
 * each category's icon and points, wrapping as the screen's width asks (no table wider than the phone).
 */
function PlayerList({ rows, columns }) {
  const sums = rows.filter((row) => row.key === "total");
  const parts = rows.filter((row) => row.key !== "total");
  return html`<ol class="score-list" data-columns=${columns.length}>${columns.map((c, n) => html`<li key=${`p${n}`} class="${c.win ? "win" : ""} ${c.cls || ""}"
    data-seat=${c.seat ?? ""} style=${seatStyle(c)}>
    <div class="score-who"><span class="col-name">${c.name}</span>${c.tag || null}
      ${sums.map((row) => html`<strong class="score-total" data-row=${row.key}><span class="sr-only">${row.label}</span>${signed(c.scores?.[row.key] ?? 0)}</strong>`)}</div>
    <ul class="score-parts">${parts.map((row) => html`<li key=${row.key} data-row=${row.key} title=${row.label}>${row.icon || null}<span class="sr-only">${row.label}</span>${signed(c.scores?.[row.key] ?? 0)}</li>`)}</ul>
  </li>`)}</ol>`;
}

const END_FIT_LEVELS = 4; // the end screen's type sizes (board.css: data-fit on .end-screen)
// The level an end screen starts from, by its columns and the window: the last one found (each level
// tried restyles and lays out the screen and the cities beside it, whose width its own sets); before
// any, the first (a 7-seat 1080p end takes the first or the second).
const endLevels = {};
const END_FIRST_LEVEL = 0;

/** What the end screen holds and its room (a moment's banner under it takes some for a while), read at
 * the level it shows: unchanged, the level found stays (the board draws again for other reasons). The
 * chart is not counted: its place is the grid's (board.css, classic.css: a row with a fixed minimum that
 * takes the rest), whatever it holds, so the chart that arrives after the end is drawn (it is fetched)
 * does not try the levels again. */
function endKey(screen) {
  const room = `${screen.clientWidth}x${screen.clientHeight}:${document.documentElement.lang}:${fontsLoaded()}`;
  const parts = [...screen.children].filter((part) => !part.classList.contains("end-chart"));
  return `${room}:${parts.map((part) => `${part.getElementsByTagName("*").length}:${part.textContent}`).join("|")}`;
}

/** The end screen's size level: the largest at which neither it nor its pad is cut off (a long name, a
 * long word in a language, the rows of Cities), the last one when none fits. Runs when it is drawn (once
 * or twice a game) and when the window changes size: from the level shown (a new screen: the last one
 * found for as many columns and this window), down while something is cut off, else up while nothing is. */
export function fitEnd(screen) {
  const pad = screen.querySelector(".end-pad");
  const fits = (level) => {
    if (screen.dataset.fit !== String(level)) screen.dataset.fit = String(level);
    return !overflowing(screen) && !(pad && overflowing(pad));
  };
  const columns = `${screen.querySelector("[data-columns]")?.dataset.columns}:${innerWidth}x${innerHeight}`;
  const shown = Number(screen.dataset.fit);
  if (!(shown >= 0 && shown < END_FIT_LEVELS)) screen.dataset.fit = String(endLevels[columns] ?? END_FIRST_LEVEL);
  else if (screen.__fitKey === endKey(screen)) return shown;
  let level = Number(screen.dataset.fit);
  if (fits(level)) {
    while (level > 0 && fits(level - 1)) level -= 1;
  } else if (level < END_FIT_LEVELS - 1) {
    level += 1;
    while (level < END_FIT_LEVELS - 1 && !fits(level)) level += 1;
  }
  if (screen.dataset.fit !== String(level)) screen.dataset.fit = String(level);
  screen.__fitKey = endKey(screen); // the room at the level found: the frame lays it out anyway
  endLevels[columns] = level;
  return level;
}

/**
 * The TV's end of a game, one section: the winner, how it was won (victory, a vnode or null), what decided
 * it, the score pad, the score chart (a vnode, or null in a replay) and the buttons (play again; the replay
 * on the TV when onReplay is given). Each game's CSS places these parts beside its cities, never over them.
 */
export function EndScreen({ winner, victory = null, decided = "", pad, chart = null, onPlayAgain, onReplay = null }) {
  const screen = useFitted(fitEnd);
  return html`<section class="scores end-screen ${chart ? "with-chart" : ""}" id="final-scores" ref=${screen}>
    <div class="end-head">
      <h1 class="winner">${winner}</h1>
      ${victory}
      ${decided ? html`<p class="decided" id="decided">${decided}</p>` : null}
    </div>
    <div class="end-pad">${pad}</div>
    ${chart ? html`<div class="end-chart">${chart}</div>` : null}
    <div class="end-actions">
      <button class="big primary" data-action="play_again" onClick=${onPlayAgain}>${t("end.play_again")}</button>
      ${onReplay ? html`<button class="big" data-action="replay" onClick=${onReplay}><${Icon} name="play_again" />${t("replay.start")}</button>` : null}
    </div>
  </section>`;
}
