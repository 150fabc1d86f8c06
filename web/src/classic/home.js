// The board's "new 7 Wonders table" panel: number of players (2 = the Free City variant) and sides.
import { h } from "../lib/dom.js";
import { allowedOf, seatCounts, specOf } from "../lib/specs.js";
import { t } from "../lib/strings.js";
import "./strings.js";

/** The panel (null until the engine's spec of the game is loaded); onCreate(options, seats) creates a
 * classic table. The seat range, the default and the sides come from the spec. */
export function classicNewEl({ onCreate, busy = false }) {
  const spec = specOf("classic");
  if (!spec) return null;
  const seats = h(
    "select",
    { id: "cl-seats", "aria-label": t("cl.players") },
    seatCounts(spec).map((n) => h("option", { value: String(n), selected: n === spec.default_seats }, n === 2 ? t("cl.two_players") : String(n))),
  );
  const sides = h(
    "select",
    { id: "cl-sides", "aria-label": t("cl.sides") },
    allowedOf(spec, "sides").map((side) => h("option", { value: side }, t(`cl.sides.${side}`))),
  );
  return h(
    "div",
    { class: "panel cl-new" },
    h("h2", {}, t("cl.new")),
    h("label", { class: "cl-field" }, t("cl.players"), " ", seats),
    h("label", { class: "cl-field" }, t("cl.sides"), " ", sides),
    h(
      "button",
      {
        class: "big primary",
        dataset: { action: "create-classic" },
        disabled: busy,
        onclick: () => onCreate({ sides: sides.value }, Number(seats.value)),
      },
      t("cl.create"),
    ),
  );
}
