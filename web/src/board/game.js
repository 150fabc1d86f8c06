// The board during a game: status, conflict track, both cities, the structure or draft, tokens, discard.
import { cardEl, tokenEl, wonderEl } from "../lib/cards.js";
import { cityEl } from "../lib/city.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { draftEl } from "./draft.js";
import { militaryEl } from "./military.js";
import { scoresEl } from "./scores.js";
import { statusEl } from "./status.js";
import { structureEl } from "./structure.js";

/** The whole in-game board. state: {view, table, flash, lastLines, error}; handlers: onRelease, onPlayAgain. */
export function gameEl(state, handlers) {
  const { view, table } = state;
  const names = (table?.seats || []).map((s) => s.name || t("seat.label", { n: s.seat + 1 }));
  const flash = state.flash || { ids: new Set(), slots: new Set(), pawn: false };
  const players = view.players || [];
  const acting = view.pending?.seat;
  const center =
    view.phase === "over" && view.result
      ? scoresEl(view.result, names, { onPlayAgain: handlers.onPlayAgain, error: state.error })
      : view.phase === "draft"
        ? draftEl(view.draft)
        : h("section", { class: "age-area" }, structureEl(view.structure, { flash }));
  return h(
    "div",
    { class: `game phase-${view.phase}` },
    statusEl(view, table, names, { ...handlers, last: view.phase === "over" ? null : lastEl(state.lastLines) }),
    militaryEl(view.military, names, { flash: flash.pawn }),
    h(
      "div",
      { class: "table-grid" },
      players[0] ? cityEl(players[0], { name: names[0], active: acting === 0, flash: flash.ids, wonderText: true }) : h("div"),
      h(
        "div",
        { class: "center" },
        center,
        progressBoardEl(view, flash.ids),
      ),
      players[1] ? cityEl(players[1], { name: names[1], active: acting === 1, flash: flash.ids, wonderText: true }) : h("div"),
    ),
    discardEl(view, flash.ids),
  );
}

/** The last two lines of what happened, shown in the header bar. */
function lastEl(lines) {
  if (!lines?.length) return null;
  return h("div", { class: "last", id: "last-action" }, h("span", { class: "label" }, t("board.last")), lines.slice(-2).map((line) => h("div", {}, line)));
}

function progressBoardEl(view, flashIds) {
  return h(
    "section",
    { class: "progress-board" },
    h("span", { class: "label" }, t("board.progress")),
    (view.progress_board || []).map((tok) => tokenEl(tok, flashIds.has(tok) ? "flash" : "", { caption: true })),
    view.boxed_wonder ? h("span", { class: "boxed" }, h("span", { class: "label" }, t("board.boxed")), wonderEl(view.boxed_wonder)) : null,
  );
}

/** The discard pile as mini cards; at the end of the game only its size, so the scores fit the screen. */
function discardEl(view, flashIds) {
  const cards = view.discard || [];
  const over = view.phase === "over";
  return h(
    "footer",
    { class: `discard ${over ? "collapsed" : ""}`, dataset: { count: cards.length } },
    h("span", { class: "label" }, t("board.discard")),
    over
      ? h("span", { class: "discard-count" }, cards.length === 1 ? t("board.discard_one") : t("board.discard_count", { n: cards.length }))
      : cards.length
      ? cards.map((card) => cardEl(card, { showCost: false, extra: `mini ${flashIds.has(card) ? "flash" : ""}` }))
      : h("span", { class: "muted" }, t("board.discard_empty")),
  );
}
