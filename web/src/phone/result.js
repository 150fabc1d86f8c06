// The phone's end screen: did I win, how, my score against theirs, play again.
import { SCORE_ROWS, winnerText } from "../lib/outcome.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** Result summary for seat me. */
export function resultEl(result, { me, names, onPlayAgain, busy }) {
  const winners = result?.winners || [];
  const mine = winners.length > 1 ? t("phone.result_shared") : winners.includes(me) ? t("phone.result_won") : t("phone.result_lost");
  const { head, how } = winnerText(result, names);
  const scores = result?.scores || [];
  return h(
    "section",
    { class: "phone-result", id: "result" },
    h("h1", {}, mine),
    h("p", {}, head, " · ", how),
    h(
      "table",
      { class: "score-table small" },
      h("thead", {}, h("tr", {}, h("th"), scores.map((_, seat) => h("th", {}, names[seat])))),
      h("tbody", {}, [...SCORE_ROWS, "total"].map((row) => h("tr", { class: `row-${row}` }, h("th", {}, t(`row.${row}`)), scores.map((s) => h("td", {}, String(s?.[row] ?? 0)))))),
    ),
    h("button", { class: "big primary", dataset: { action: "play_again" }, disabled: busy, onclick: onPlayAgain }, t("end.play_again")),
  );
}
