// Fitting a board to the screen: the boxes of a group (the cities of a table) share one size level, the
// largest at which none of them is cut off. Level 0 is the largest; the CSS of the group says what each
// level means (data-fit on the group). Fitting costs layouts, so it runs only when what the boxes hold
// (their text and elements, the window's size, the language) changed, reuses the level found earlier for
// the same content, and searches the levels by halves (about three layouts instead of seven).
import { useLayoutEffect, useRef } from "./html.js";

/** Whether a box's content is cut off (taller or wider than the box). */
export function overflowing(box) {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** What decides a fit: the group's size (one layout read), the boxes' text and element counts and the
 * language. */
export function fitKey(group, boxes) {
  let key = `${group.clientWidth}x${group.clientHeight}:${document.documentElement.lang}`;
  for (const box of boxes) key += `|${box.getElementsByTagName("*").length}:${box.textContent}`;
  return key;
}

const FITTED_KEEP = 64; // fitted levels kept per group (a game's contents come back, e.g. a city's status)

/** Sets data-fit on group to the first level (0..levels-1) at which no element matching boxSelector
 * inside it (the group itself when boxSelector is null) overflows; the last level when none fits.
 * Returns the level. Levels are ordered (a larger level never cuts off what a smaller one showed), so the
 * search halves the range; the answer for the same content is remembered. */
export function fitGroup(group, boxSelector, levels) {
  const boxes = boxSelector ? [...group.querySelectorAll(boxSelector)] : [group];
  const key = fitKey(group, boxes);
  if (group.__fitKey === key) return Number(group.dataset.fit);
  const known = (group.__fitted ||= new Map());
  let level = known.get(key);
  if (level === undefined) {
    let low = 0;
    let high = levels - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      group.dataset.fit = String(mid);
      if (boxes.some(overflowing)) low = mid + 1;
      else high = mid;
    }
    level = low;
    known.set(key, level);
    if (known.size > FITTED_KEEP) known.delete(known.keys().next().value);
  }
  group.dataset.fit = String(level);
  group.__fitKey = key;
  return level;
}

/** Marks each element matching selector inside root whose one line of text is wider than its box with
 * cls (the CSS gives it a smaller size), and unmarks the others: every width is read before any class
 * changes (one layout), and only when the elements, their text or their classes changed since. */
export function markTooWide(root, selector, cls) {
  const els = [...root.querySelectorAll(selector)];
  const keyOf = () => `${innerWidth}x${innerHeight}:${els.map((el) => `${el.className}:${el.textContent}`).join("|")}`;
  if (root.__wideKey?.[selector] === keyOf()) return;
  for (const el of els) el.classList.remove(cls);
  const wide = els.map((el) => el.scrollWidth > el.clientWidth + 1);
  els.forEach((el, i) => { if (wide[i]) el.classList.add(cls); });
  root.__wideKey = { ...root.__wideKey, [selector]: keyOf() };
}

/** A ref for an element that fit(element) adjusts after every render and when the window changes size. */
export function useFitted(fit) {
  const ref = useRef(null);
  const again = () => {
    if (ref.current) fit(ref.current);
  };
  useLayoutEffect(again);
  useLayoutEffect(() => {
    window.addEventListener("resize", again);
    return () => window.removeEventListener("resize", again);
  }, []);
  return ref;
}
