// The end screen: winner, victory type, the score pad table and stacked bars of how points split.
import { h } from "../lib/dom.js";
import { SCORE_ROWS, winnerText } from "../lib/outcome.js";
import { t } from "../lib/strings.js";

/** The full end screen; onPlayAgain() starts a new table with the same players. */
export function scoresEl(result, names, { onPlayAgain, error = "" }) {
  const scores = result?.scores || [];
  const { head, how } = winnerText(result, names);
  return h(
    "section",
    { class: "scores", id: "final-scores" },
    h("h1", { class: "winner" }, head),
    h("p", { class: "victory", dataset: { victory: result?.victory || "" } }, how),
    h(
      "div",
      { class: "scores-body" },
      tableEl(scores, names, result?.winners || []),
      barsEl(scores, names),
    ),
    h("button", { class: "big primary", dataset: { action: "play_again" }, onclick: onPlayAgain }, t("end.play_again")),
    error ? h("p", { class: "error" }, error) : null,
  );
}

function tableEl(scores, names, winners) {
  return h(
    "table",
    { class: "score-table" },
    h("thead", {}, h("tr", {}, h("th", {}), scores.map((_, seat) => h("th", { class: winners.includes(seat) ? "win" : "" }, names[seat])))),
    h(
      "tbody",
      {},
      [...SCORE_ROWS, "total"].map((row) =>
        h(
          "tr",
          { class: `row-${row}`, dataset: { row } },
          h("th", {}, h("span", { class: `swatch sw-${row}` }), t(`row.${row}`)),
          scores.map((s) => h("td", {}, String(s?.[row] ?? 0))),
        ),
      ),
    ),
  );
}

function barsEl(scores, names) {
  const max = Math.max(1, ...scores.map((s) => s?.total ?? 0));
  return h(
    "div",
    { class: "bars" },
    scores.map((s, seat) =>
      h(
        "div",
        { class: "bar-line" },
        h("span", { class: "bar-name" }, names[seat]),
        h(
          "div",
          { class: "bar" },
          SCORE_ROWS.filter((row) => (s?.[row] ?? 0) > 0).map((row) =>
            h("div", { class: `seg sw-${row}`, style: { width: `${(s[row] / max) * 100}%` }, title: `${t(`row.${row}`)}: ${s[row]}` }, String(s[row])),
          ),
        ),
        h("span", { class: "bar-total" }, String(s?.total ?? 0)),
      ),
    ),
  );
}
