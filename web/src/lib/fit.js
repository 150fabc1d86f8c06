// Fitting a board to the screen: the boxes of a group (the cities of a table) share one size level, the
// largest at which none of them is cut off. Level 0 is the largest; the CSS of the group says what each
// level means (data-fit on the group). Fitting costs layouts, so it runs only when what the boxes hold
// (their text and elements, the group's size, the language) changed, keeps a level that still fits, and
// searches the levels by halves (about three layouts instead of seven).
import { useLayoutEffect, useRef } from "./html.js";

/** Whether a box's content is cut off (taller or wider than the box). */
export function overflowing(box) {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** The group's size and the language: when they change, every level is tried again (one layout read). */
function fitSize(group) {
  return `${group.clientWidth}x${group.clientHeight}:${document.documentElement.lang}`;
}

/** What the boxes hold: their text and element counts (no layout is read). */
export function fitKey(boxes) {
  let key = "";
  for (const box of boxes) key += `|${box.getElementsByTagName("*").length}:${box.textContent}`;
  return key;
}

/** Sets data-fit on group to the first level (0..levels-1) at which no element matching boxSelector
 * inside it (the group itself when boxSelector is null), nor any matching partSelector inside it (the
 * chips of a city: their icons must not run out), overflows; the last level when none fits.
 * Returns the level. Levels are ordered (a larger level never cuts off what a smaller one showed). While
 * the group keeps its size, a level that still fits is kept when the next larger one does not fit (two
 * layout reads), the others are searched by halves on the side where the answer lies; a new size (the
 * window, the language) searches every level again. */
export function fitGroup(group, boxSelector, levels, partSelector = null) {
  const boxes = boxSelector ? [...group.querySelectorAll(boxSelector)] : [group];
  if (partSelector) boxes.push(...group.querySelectorAll(partSelector));
  const size = fitSize(group);
  const key = `${size}${fitKey(boxes)}`;
  if (group.__fitKey === key) return Number(group.dataset.fit);
  const sameSize = group.__fitSize === size && group.dataset.fit !== undefined;
  let low = sameSize ? Number(group.dataset.fit) : 0;
  let high = levels - 1;
  if (sameSize && !boxes.some(overflowing)) {
    // Still fits: keep it unless the next larger size fits too (content can also shrink).
    if (low > 0) group.dataset.fit = String(low - 1);
    if (low === 0 || boxes.some(overflowing)) {
      group.dataset.fit = String(low);
      group.__fitKey = key;
      return low;
    }
    [low, high] = [0, low - 1];
  } else if (sameSize) low = Math.min(low + 1, levels - 1); // the current level is cut off: only larger ones
  while (low < high) {
    const mid = (low + high) >> 1;
    group.dataset.fit = String(mid);
    if (boxes.some(overflowing)) low = mid + 1;
    else high = mid;
  }
  group.dataset.fit = String(low);
  Object.assign(group, { __fitKey: key, __fitSize: size });
  return low;
}

/** Marks each element matching selector inside root whose text is wider or taller than its box with
 * cls (the CSS gives it a smaller size), and unmarks the others: every width is read before any class
 * changes (one layout), and only when the elements, their text or their classes changed since. */
export function markTooWide(root, selector, cls) {
  const els = [...root.querySelectorAll(selector)];
  const keyOf = () => `${innerWidth}x${innerHeight}:${els.map((el) => `${el.className}:${el.textContent}`).join("|")}`;
  if (root.__wideKey?.[selector] === keyOf()) return;
  for (const el of els) el.classList.remove(cls);
  const wide = els.map((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
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
