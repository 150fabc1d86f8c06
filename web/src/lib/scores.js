// The score table (rows = score-pad categories, columns = players), shared by the TV's end screen and the
// phones' result, and the headline of a finished game.
import { html } from "./html.js";
import { list, num, t } from "./i18n.js";
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
 * reveal staggers the rows in (the end-of-game moment).
 */
export function ScoreTable({ rows, columns, small = false, reveal = false }) {
  return html`<table class="score-table ${small ? "small" : ""} ${reveal ? "reveal" : ""}">
    <thead><tr><th scope="col"><span class="sr-only">${t("scores.row")}</span></th>${columns.map((c) => html`<th scope="col" class="${c.win ? "win" : ""} ${c.cls || ""}"
      style=${c.seat !== undefined && c.seat !== null ? `--seat: ${seatColor(c.seat)}` : ""}>${c.name}${c.tag || null}</th>`)}</tr></thead>
    <tbody>${rows.map((row, i) => html`<tr class="row-${row.key}" data-row=${row.key} style=${`--i: ${i}`}>
      <th scope="row">${row.icon || null}<span>${row.label}</span></th>
      ${columns.map((c) => html`<td class=${c.win ? "win" : ""}>${signed(c.scores?.[row.key] ?? 0)}</td>`)}
    </tr>`)}</tbody>
  </table>`;
}
