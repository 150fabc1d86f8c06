// A sheet over the phone page: a card (or wonder, token) shown large with its full effect, and the
// actions it allows with their exact costs. Opening it is the first tap; an action is the second.
import { html, useEffect, useRef } from "./html.js";
import { t } from "./i18n.js";

/** The sheet; onClose() on the close button, the backdrop or Escape. */
export function Sheet({ title, onClose, children, cls = "" }) {
  const ref = useRef(null);
  useEffect(() => {
    const el = ref.current;
    el?.querySelector("[data-autofocus]")?.focus?.() || el?.focus?.();
    const onKey = (ev) => ev.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return html`<div class="sheet-backdrop" onClick=${(ev) => ev.target === ev.currentTarget && onClose()}>
    <div class="sheet ${cls}" role="dialog" aria-modal="true" aria-label=${title} tabindex="-1" ref=${ref} id="sheet">
      <div class="sheet-head"><h2>${title}</h2><button class="sheet-close" data-ui="close" onClick=${onClose}>${t("phone.close")}</button></div>
      ${children}
    </div>
  </div>`;
}

/** One action button of a sheet: a label and its exact cost line. */
export function ActionButton({ label, detail = "", onClick, primary = false, disabled = false, data = {} }) {
  const attrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return html`<button class="act ${primary ? "primary" : ""}" disabled=${disabled} onClick=${onClick} ...${attrs}>
    <span class="act-label">${label}</span>${detail ? html`<span class="act-detail">${detail}</span>` : null}
  </button>`;
}
