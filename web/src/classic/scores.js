// The classic score pad: one row per scoring category, one column per player (and the Free City).
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import "./strings.js";

export const SCORE_ROWS = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"];

/** Headline of a result: the winner, or every winner of a shared victory. */
export function winnerLine(result, names) {
  const winners = result?.winners || [];
  if (winners.length > 1) return t("cl.shared", { names: winners.map((s) => names[s]).join(", ") });
  return t("cl.winner", { name: names[winners[0]] ?? "?" });
}

/** The score table; names[seat] labels the columns, winners are highlighted. */
export function scoreTableEl(result, names, { small = false } = {}) {
  const columns = (result?.scores || []).map((score, seat) => ({ score, name: names[seat], win: (result.winners || []).includes(seat) }));
  if (result?.free_city) columns.push({ score: result.free_city, name: t("cl.free_city"), win: false, free: true });
  return h(
    "table",
    { class: `score-table cl-score ${small ? "small" : ""}` },
    h("thead", {}, h("tr", {}, h("th"), columns.map((c) => h("th", { class: `${c.win ? "win" : ""} ${c.free ? "free" : ""}` }, c.name)))),
    h(
      "tbody",
      {},
      [...SCORE_ROWS, "total"].map((row) =>
        h(
          "tr",
          { class: `row-${row}`, dataset: { row } },
          h("th", {}, t(`cl.row.${row}`)),
          columns.map((c) => h("td", { class: c.win ? "win" : "" }, String(c.score?.[row] ?? 0))),
        ),
      ),
    ),
  );
}

/** The board's end screen: winner(s), score table, play again. */
export function finalEl(result, names, { onPlayAgain, error = "" }) {
  return h(
    "section",
    { class: "scores cl-final", id: "final-scores" },
    h("h1", { class: "winner" }, winnerLine(result, names)),
    scoreTableEl(result, names),
    h("button", { class: "big primary", dataset: { action: "play_again" }, onclick: onPlayAgain }, t("end.play_again")),
    error ? h("p", { class: "error" }, error) : null,
  );
}
