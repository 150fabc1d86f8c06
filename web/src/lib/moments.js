// Moments on the TV: a banner for a new age, a military conflict, a progress token, a wonder, a supremacy
// and the final scores; a taken card moving into its city. Every transition is at most 600 ms, and none
// plays when the browser asks for reduced motion.
import { html } from "./html.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

export const MOVE_MS = 550;

/** True when the browser asks for reduced motion. */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The banner of the current moment (keyed, so a new moment animates in). */
export function MomentBanner({ moment }) {
  if (!moment) return null;
  return html`<div key=${moment.key} class="moment moment-${moment.kind}" id="moment" role="status" data-kind=${moment.kind}
      style=${moment.seat !== null && moment.seat !== undefined ? `--seat: ${seatColor(moment.seat)}` : ""}>
    <${Icon} name=${moment.icon} cls="moment-icon" />
    <div class="moment-text"><p class="moment-title">${moment.title}</p>${moment.sub ? html`<p class="moment-sub">${moment.sub}</p>` : null}</div>
  </div>`;
}

/** Where ids are on screen now (before the view that moves them arrives): {id: DOMRect}. */
export function rememberPlaces(ids, root = document) {
  const places = {};
  for (const id of ids) {
    const el = root.querySelector(`.pyramid [data-card="${CSS.escape(id)}"], .pyramid-slot [data-card="${CSS.escape(id)}"]`);
    if (el) places[id] = el.getBoundingClientRect();
  }
  return places;
}

/** Slides each remembered id from its old place into its new one in a city (≤ MOVE_MS). */
export function playMoves(places, root = document) {
  if (reducedMotion()) return;
  for (const [id, from] of Object.entries(places)) {
    const el = root.querySelector(`.city [data-card="${CSS.escape(id)}"]`);
    if (!el || !el.animate) continue;
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.15)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
      { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}
