// 7 Wonders' score pad: one row per category, one column per player (and the Free City).
import { html } from "../lib/html.js";
import { list, t } from "../lib/i18n.js";
import { ColorMark, Icon } from "../lib/icons.js";
import { decidingRow, EndScreen, rowSum, ScoreTable, signed, winnerLine } from "../lib/scores.js";
import { LineSwatch } from "../after/chart.js";
import { EndChart } from "../after/end.js";
import { TeamTag } from "./pieces.js";

const ROWS = [
  ["military", html`<${Icon} name="shield" cls="shield" />`],
  ["treasury", html`<${Icon} name="coin" />`],
  ["wonder", html`<${Icon} name="wonder" />`],
  ["civilian", html`<${ColorMark} color="blue" />`],
  ["science", html`<${ColorMark} color="green" />`],
  ["commercial", html`<${ColorMark} color="yellow" />`],
  ["guilds", html`<${ColorMark} color="purple" />`],
  ["total", html`<${Icon} name="vp" />`],
];
// Cities' rows: black cards and debt before the total; the team's sum after it (team games)
const CITIES_ROWS = [
  ["black", html`<${ColorMark} color="black" />`],
  ["debt", html`<${Icon} name="debt" cls="debt-mark" />`],
];
const TEAM_ROW = ["team", html`<${Icon} name="team" />`];

/** The score pad's rows of a result: the base rows, Cities' when its pads have them, the team sum last. */
export function rowsOf(result) {
  const pad = result?.scores?.[0] || {};
  const rows = "black" in pad ? [...ROWS.slice(0, -1), ...CITIES_ROWS, ROWS[ROWS.length - 1]] : [...ROWS];
  if ("team" in pad) rows.push(TEAM_ROW);
  return rows;
}

/** The table of a result; names[seat] labels the columns (or the rows, transposed: lead(column) before each
 * name). A phone's (small) table of many players is a list (a line per player). */
export function ClassicTable({ result, names, small = false, reveal = false, transpose = small && turnedPad(result), lead = null }) {
  const rows = rowsOf(result).map(([key, icon]) => ({ key, icon, label: t(`classic.row.${key}`) }));
  const teamOf = (seat) => (result?.teams || []).findIndex((team) => team.seats.includes(seat));
  const columns = (result?.scores || []).map((scores, seat) => ({ name: names[seat], scores, seat, win: (result.winners || []).includes(seat), tag: result?.teams ? html`<${TeamTag} team=${teamOf(seat)} />` : null }));
  if (result?.free_city) columns.push({ name: t("classic.free_city"), scores: result.free_city, cls: "free" });
  return html`<${ScoreTable} rows=${rows} columns=${columns} small=${small} reveal=${reveal} transpose=${transpose} lead=${lead} />`;
}

// From this many players (the Free City counts) the pad turns: on the TV a row per player (the categories
// as icon columns), so the end screen stays narrow enough for every city and keeps room for the chart; on
// a phone a line per player.
const TURN_FROM_PLAYERS = 5;

/** Whether the pad of a result is turned (a row, or on a phone a line, per player). */
export function turnedPad(result) {
  return (result?.scores?.length || 0) + (result?.free_city ? 1 : 0) >= TURN_FROM_PLAYERS;
}

/** The rows a game can be won by (not the sums). */
const DECIDING_KEYS = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds", "black", "debt"];

/** The sides of a finished game: the winners' seats and the best of the others (a team, or one player). */
function sides(result) {
  const winners = result?.winners || [];
  const scores = result?.scores || [];
  if (result?.teams?.length) {
    const mine = result.teams.find((team) => team.seats.includes(winners[0]));
    const others = result.teams.filter((team) => team !== mine).sort((x, y) => y.total - x.total);
    return { winners: mine?.seats || winners, runners: others[0]?.seats || [], total: (seats) => (result.teams.find((team) => team.seats.includes(seats[0]))?.total ?? 0) };
  }
  const others = scores.map((_, seat) => seat).filter((seat) => !winners.includes(seat)).sort((x, y) => scores[y].total - scores[x].total);
  return { winners: winners.slice(0, 1), runners: others.slice(0, 1), total: (seats) => rowSum(scores, seats, "total") };
}

/** One line that says what decided the game: the row that made the margin ("Ana won by 3 points:
 * Science 21 against 6"), the coins of a tie on points, or a shared victory. */
export function decidedLine(result, names) {
  const scores = result?.scores || [];
  const who = (seats) => list(seats.map((seat) => names[seat] ?? "?"));
  if (!scores.length || !(result.winners || []).length) return "";
  if (!result.teams && result.winners.length > 1) {
    const first = scores[result.winners[0]];
    return t("classic.decided.shared", { total: signed(first.total), coins: signed(first.coins ?? 0) });
  }
  const winningTeams = (result.teams || []).filter((team) => team.seats.some((seat) => result.winners.includes(seat)));
  if (winningTeams.length > 1) return t("classic.decided.team_tie", { total: signed(winningTeams[0].total) });
  const { winners, runners, total } = sides(result);
  if (!runners.length) return "";
  const margin = total(winners) - total(runners);
  if (margin === 0) {
    return t("classic.decided.coins", { total: signed(total(winners)), name: who(winners), a: signed(rowSum(scores, winners, "coins")), b: signed(rowSum(scores, runners, "coins")) });
  }
  const row = decidingRow(scores, winners, runners, DECIDING_KEYS.filter((key) => key in scores[0]));
  if (!row) return t("classic.decided.by", { n: margin, name: who(winners) });
  return t("classic.decided.row", { n: margin, name: who(winners), row: t(`classic.row.${row.key}`), a: signed(row.a), b: signed(row.b) });
}

/** The TV's end screen: the winner, what decided it, the score pad, the chart of the game (code: the
 * table's) and the buttons; the cities stay beside it. onReplay: null in a replay (no chart, no button). */
export function ClassicScores({ result, names, onPlayAgain, onReplay = null, code = "" }) {
  const turned = turnedPad(result);
  // The pad is the chart's legend: each name with its line (the chart keeps its width for the plot).
  const chart = onReplay && code ? html`<${EndChart} code=${code} names=${names} icons=${Object.fromEntries(rowsOf(result))} legend=${false} />` : null;
  const lead = chart ? (column) => (column.seat === undefined ? html`<span class="swatch-room"></span>` : html`<${LineSwatch} seat=${column.seat} />`) : null;
  return html`<${EndScreen} winner=${winnerLine(result, names)} decided=${decidedLine(result, names)} chart=${chart} onPlayAgain=${onPlayAgain} onReplay=${onReplay}
    pad=${html`<${ClassicTable} result=${result} names=${names} reveal=${true} transpose=${turned} lead=${lead} />`} />`;
}
