// 7 Wonders' score pad: one row per category, one column per player (and the Free City).
import { html } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { ColorMark, Icon } from "../lib/icons.js";
import { ScoreTable, winnerLine } from "../lib/scores.js";
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

/** The table of a result; names[seat] labels the columns. */
export function ClassicTable({ result, names, small = false, reveal = false }) {
  const rows = rowsOf(result).map(([key, icon]) => ({ key, icon, label: t(`classic.row.${key}`) }));
  const teamOf = (seat) => (result?.teams || []).findIndex((team) => team.seats.includes(seat));
  const columns = (result?.scores || []).map((scores, seat) => ({ name: names[seat], scores, seat, win: (result.winners || []).includes(seat), tag: result?.teams ? html`<${TeamTag} team=${teamOf(seat)} />` : null }));
  if (result?.free_city) columns.push({ name: t("classic.free_city"), scores: result.free_city, cls: "free" });
  return html`<${ScoreTable} rows=${rows} columns=${columns} small=${small} reveal=${reveal} />`;
}

/** The TV's end screen. */
export function ClassicScores({ result, names, onPlayAgain }) {
  return html`<section class="scores" id="final-scores">
    <h1 class="winner">${winnerLine(result, names)}</h1>
    <${ClassicTable} result=${result} names=${names} reveal=${true} />
    <button class="big primary" data-action="play_again" onClick=${onPlayAgain}>${t("end.play_again")}</button>
  </section>`;
}
