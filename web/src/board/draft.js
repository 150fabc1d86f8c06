// The wonder draft on the board: the wonders still on offer in this round.
import { wonderEl } from "../lib/cards.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** The available wonders of the draft round. */
export function draftEl(draft) {
  return h(
    "section",
    { class: "draft" },
    h("h2", {}, t("status.draft", { round: draft?.round ?? 1 })),
    h("div", { class: "draft-wonders" }, (draft?.available || []).map((w) => wonderEl(w, { extra: "big", showText: true }))),
  );
}
