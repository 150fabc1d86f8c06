// The Duel's score pad: the winner, how, and the rows of the rulebook's pad.
import { html } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { ColorMark, Icon } from "../lib/icons.js";
import { decidingRow, EndScreen, ScoreTable, signed, winnerLine } from "../lib/scores.js";
import { LineSwatch } from "../after/chart.js";
import { EndChart } from "../after/end.js";
import { supremacyLine } from "./log.js";

const ROWS = [
  ["blue", html`<${ColorMark} color="blue" />`],
  ["green", html`<${ColorMark} color="green" />`],
  ["yellow", html`<${ColorMark} color="yellow" />`],
  ["purple", html`<${ColorMark} color="purple" />`],
  ["wonders", html`<${Icon} name="wonder" />`],
  ["progress", html`<${Icon} name="progress" />`],
  ["coins", html`<${Icon} name="coin" />`],
  ["military", html`<${Icon} name="shield" cls="shield" />`],
  ["total", html`<${Icon} name="vp" />`],
];

/** The score table of a Duel result. */
export function DuelTable({ result, names, small = false, reveal = false, lead = null }) {
  const rows = ROWS.map(([key, icon]) => ({ key, icon, label: t(`duel.row.${key}`) }));
  const columns = (result?.scores || []).map((scores, seat) => ({ name: names[seat], scores, seat, win: (result.winners || []).includes(seat) }));
  return html`<${ScoreTable} rows=${rows} columns=${columns} small=${small} reveal=${reveal} lead=${lead} />`;
}

/** What decided a Duel: the supremacy's card or token, else the row that made the margin ("Ana won by 3
 * points: Blue cards 21 against 12"), the blue cards of a tie on points, or a shared victory. cause: the
 * last piece put into a city ({seat, piece}, from the log). */
export function duelDecided(result, names, cause = null) {
  const scores = result?.scores || [];
  const winners = result?.winners || [];
  if (!scores.length || !winners.length) return "";
  if (result.victory !== "civilian") return supremacyLine(result.victory, cause, (seat) => names[seat] ?? "?");
  if (winners.length > 1) return t("duel.decided.shared", { total: signed(scores[0].total) });
  const [w] = winners;
  const r = 1 - w;
  const margin = scores[w].total - scores[r].total;
  if (margin === 0) return t("duel.decided.blue", { total: signed(scores[w].total), name: names[w] ?? "?", a: signed(scores[w].blue ?? 0), b: signed(scores[r].blue ?? 0) });
  const row = decidingRow(scores, [w], [r], DECIDING_KEYS);
  if (!row) return "";
  return t("duel.decided.row", { n: margin, name: names[w] ?? "?", row: t(`duel.row.${row.key}`), a: signed(row.a), b: signed(row.b) });
}

const DECIDING_KEYS = ["blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military"];

/** The TV's end screen: the winner, how, what decided it, the score pad, the chart of the game (code: the
 * table's) and the buttons. onReplay: null in a replay (no chart, no button). */
export function DuelScores({ result, names, onPlayAgain, onReplay = null, code = "", cause = null }) {
  // The pad is the chart's legend: each name with its line (the chart keeps its room for the plot).
  const chart = onReplay && code ? html`<${EndChart} code=${code} names=${names} icons=${Object.fromEntries(ROWS)} legend=${false} />` : null;
  const lead = chart ? (column) => html`<${LineSwatch} seat=${column.seat} />` : null;
  return html`<${EndScreen} winner=${winnerLine(result, names)} decided=${duelDecided(result, names, cause)} chart=${chart} onPlayAgain=${onPlayAgain} onReplay=${onReplay}
    victory=${html`<p class="victory" data-victory=${result.victory}>${t(`duel.victory.${result.victory}`)}</p>`}
    pad=${html`<${DuelTable} result=${result} names=${names} reveal=${true} lead=${lead} />`} />`;
}
