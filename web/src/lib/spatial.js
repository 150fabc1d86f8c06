// The TV with a remote: arrow keys move the focus to the nearest control in that direction (spatial
// navigation), Enter presses it, Escape or Backspace is "back". A select changes its value with
// left/right (a TV remote has no drop-down), a check box ticks with Enter. The focus survives re-renders:
// it returns to the same control (or into an open dialog, or to the first control).

const FOCUSABLE = [
  "button:not([disabled])", "select:not([disabled])", "input:not([disabled]):not([type=hidden])",
  "a[href]", "[tabindex]:not([tabindex='-1'])",
].join(",");
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const BACK_KEYS = new Set(["Escape", "Backspace", "GoBack", "BrowserBack"]);
const CROSS_WEIGHT = 3; // how much sideways distance counts against a candidate, per pixel

/** The open modal dialog (the last one), or null: the focus stays inside it. */
function openDialog(root) {
  const dialogs = root.querySelectorAll("[role=dialog][aria-modal=true]");
  return dialogs.length ? dialogs[dialogs.length - 1] : null;
}

/** Every visible, enabled control the focus may go to (inside an open dialog only, when one is open). */
export function focusables(root = document) {
  const scope = openDialog(root) || root;
  return [...scope.querySelectorAll(FOCUSABLE)].filter((el) => {
    if (el.closest("[inert], [aria-hidden=true]")) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  });
}

/** The control nearest to `from` in direction [dx, dy] among `candidates`, or null. Distance along the
 * direction between facing edges, plus the sideways offset of the centres weighted by CROSS_WEIGHT. */
export function nearest(from, [dx, dy], candidates) {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    if (el === from) continue;
    const b = el.getBoundingClientRect();
    const bx = b.left + b.width / 2;
    const by = b.top + b.height / 2;
    const ahead = dx ? (bx - ax) * dx : (by - ay) * dy;
    if (ahead <= 1) continue;
    const gap = dx ? Math.max(0, dx > 0 ? b.left - a.right : a.left - b.right) : Math.max(0, dy > 0 ? b.top - a.bottom : a.top - b.bottom);
    const overlap = dx ? Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) : Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const cross = overlap > 0 ? 0 : Math.abs(dx ? by - ay : bx - ax);
    const score = gap + cross * CROSS_WEIGHT;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

/** A name for a control that stays the same across re-renders (its id, or its data attributes). */
export function focusKey(el) {
  if (!el || el === document.body) return null;
  if (el.id) return `#${el.id}`;
  const attrs = [...el.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-secret-shown")
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  return attrs ? `${el.tagName.toLowerCase()}${attrs}` : null;
}

const isText = (el) => el?.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(el.type);

/** The next or previous option of a select, as if chosen by hand (a change event). */
function stepSelect(select, by) {
  const index = Math.min(select.options.length - 1, Math.max(0, select.selectedIndex + by));
  if (index === select.selectedIndex) return;
  select.selectedIndex = index;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * Arrow keys, Enter and Back on the page. onBack() is "back" (Escape, Backspace). The body gets the class
 * "keys" while the page is driven by keys (the focus ring shows), and loses it on a pointer.
 * Returns restore(): call it after every render so the focus is never lost.
 */
export function spatialNavigation({ onBack = () => {} } = {}) {
  let lastOutside = null; // the focus key of the last control outside any dialog
  let last = null;
  document.addEventListener("focusin", (ev) => {
    last = focusKey(ev.target);
    if (!ev.target.closest?.("[role=dialog]")) lastOutside = last;
  });
  document.addEventListener("pointerdown", () => document.body.classList.remove("keys"));
  document.addEventListener("keydown", (ev) => {
    const el = document.activeElement;
    if (BACK_KEYS.has(ev.key)) {
      if (ev.key === "Backspace" && isText(el)) return;
      ev.preventDefault();
      onBack();
      return;
    }
    if (ev.key === "Enter" && el?.tagName === "INPUT" && el.type === "checkbox") {
      ev.preventDefault();
      el.click();
      return;
    }
    const dir = ARROWS[ev.key];
    if (!dir) return;
    document.body.classList.add("keys");
    if (isText(el) && dir[0]) return; // left/right move the caret in a text field
    if (el?.tagName === "SELECT" && dir[0]) {
      ev.preventDefault();
      stepSelect(el, dir[0]);
      return;
    }
    ev.preventDefault();
    const all = focusables();
    const inside = el && el !== document.body && all.includes(el);
    const next = inside ? nearest(el, dir, all) : all[0];
    if (next) {
      next.focus();
      next.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    }
  });

  return function restore() {
    const active = document.activeElement;
    const dialog = openDialog(document);
    if (dialog && !(active && dialog.contains(active))) {
      const again = last ? dialog.querySelector(last) : null;
      (again && dialog.contains(again) ? again : focusables()[0])?.focus();
      return;
    }
    if (active && active !== document.body && active.isConnected) return;
    if (!document.body.classList.contains("keys")) return;
    const all = focusables();
    const again = [last, lastOutside].map((key) => (key ? document.querySelector(key) : null)).find((found) => found && all.includes(found));
    (again || all[0])?.focus();
  };
}
