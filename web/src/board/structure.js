// The age structure laid out from the view's row/col (col in half-card steps): pyramid shapes.
import { backEl, cardEl } from "../lib/cards.js";
import { h } from "../lib/dom.js";

/** Renders the structure; flash = {ids, slots} of the last action. */
export function structureEl(structure, { flash } = {}) {
  const slots = structure || [];
  if (!slots.length) return h("div", { class: "structure empty" });
  const cols = slots.map((s) => s.col);
  const rows = slots.map((s) => s.row);
  const minCol = Math.min(...cols);
  const halfSteps = (Math.max(...cols) - minCol) / 2 + 1;
  const rowCount = Math.max(...rows) + 1;
  const pieces = slots.map((slot) => {
    const style = {
      left: `calc(${(slot.col - minCol) / 2} * (var(--cw) + var(--gap)))`,
      top: `calc(${slot.row} * var(--row-step))`,
      zIndex: String(slot.row + 1),
    };
    const hit = flash && (flash.slots.has(slot.slot) || (slot.card && flash.ids.has(slot.card)));
    const attrs = { class: `slot ${slot.taken ? "taken" : ""} ${hit ? "flash" : ""}`, dataset: { slot: slot.slot }, style };
    if (slot.taken) return h("div", attrs);
    const face = slot.card
      ? cardEl(slot.card, { extra: slot.accessible ? "accessible" : "covered", compactCost: true })
      : backEl(slot.back, slot.accessible ? "accessible" : "");
    return h("div", attrs, face);
  });
  return h(
    "div",
    {
      class: "structure",
      style: {
        width: `calc(${halfSteps} * (var(--cw) + var(--gap)))`,
        height: `calc(${rowCount - 1} * var(--row-step) + var(--ch))`,
      },
    },
    pieces,
  );
}
