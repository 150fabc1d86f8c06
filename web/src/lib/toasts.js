// Brief toasts: what the table should notice without stopping (a bot took a seat over, a player is back).
// A toast stays a few seconds; only the latest few are kept.
import { html } from "./html.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

export const TOAST_MS = 6000;
const TOAST_KEEP = 3;

/** A toast list with its own timers; changed() repaints the page. */
export function toastQueue(changed) {
  let items = [];
  let serial = 0;
  return {
    /** The toasts to show now. */
    get items() {
      return items;
    },
    /** Shows text (with an icon, in a seat's colour) for ms. */
    push({ text, icon = "bot", seat = null, ms = TOAST_MS }) {
      serial += 1;
      const key = `toast${serial}`;
      items = [...items, { key, text, icon, seat }].slice(-TOAST_KEEP);
      setTimeout(() => {
        items = items.filter((item) => item.key !== key);
        changed();
      }, ms);
      changed();
    },
    clear() {
      items = [];
    },
  };
}

/** The toasts, newest last, in a polite live region. */
export function Toasts({ items }) {
  return html`<div class="toasts" role="status" aria-live="polite" id="toasts">
    ${(items || []).map((item) => html`<p key=${item.key} class="toast" style=${item.seat !== null && item.seat !== undefined ? `--seat: ${seatColor(item.seat)}` : ""}>
      <${Icon} name=${item.icon} /><span class="toast-text">${item.text}</span></p>`)}
  </div>`;
}
