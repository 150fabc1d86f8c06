// The board's header: age or draft round, what the engine waits for, and the seats' connection.
import { h } from "../lib/dom.js";
import { pendingText } from "../lib/describe.js";
import { t } from "../lib/strings.js";

/** Header bar with the last action and the seats; away seats get a release button. */
export function statusEl(view, table, names, { onRelease, last = null }) {
  const phase = view?.phase === "draft" ? t("status.draft", { round: view?.draft?.round ?? 1 }) : t("status.age", { age: view?.age ?? "" });
  return h(
    "header",
    { class: "status" },
    h("span", { class: "phase" }, phase),
    h("span", { class: "pending", id: "pending" }, pendingText(view, names)),
    last,
    h(
      "span",
      { class: "seat-pills" },
      (table?.seats || []).map((seat) =>
        h(
          "span",
          { class: `pill ${seat.connected ? "on" : "away"} ${seat.taken ? "" : "free"}`, dataset: { seat: seat.seat } },
          h("span", { class: "dot" }),
          seat.name || t("lobby.empty_seat"),
          seat.taken && !seat.connected
            ? h("button", { class: "small", dataset: { action: "release", seat: seat.seat }, onclick: () => onRelease(seat.seat) }, t("lobby.release"))
            : null,
        ),
      ),
    ),
  );
}
