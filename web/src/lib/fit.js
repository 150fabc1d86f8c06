// Fitting a board to the screen: the boxes of a group (the cities of a table) share one size level, the
// largest at which none of them is cut off. Level 0 is the largest; the CSS of the group says what each
// level means (data-fit on the group). Run after every render and when the window changes size.
import { useLayoutEffect, useRef } from "./html.js";

/** Whether a box's content is cut off (taller or wider than the box). */
export function overflowing(box) {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** Sets data-fit on group to the first level (0..levels-1) at which no element matching boxSelector
 * inside it (the group itself when boxSelector is null) overflows; the last level when none fits.
 * Returns the level. */
export function fitGroup(group, boxSelector, levels) {
  const boxes = boxSelector ? [...group.querySelectorAll(boxSelector)] : [group];
  let level = 0;
  for (; level < levels - 1; level += 1) {
    group.dataset.fit = String(level);
    if (!boxes.some(overflowing)) break;
  }
  group.dataset.fit = String(level);
  return level;
}

/** Marks each element matching selector inside root whose one line of text is wider than its box with
 * cls (the CSS gives it a smaller size), and unmarks the others. */
export function markTooWide(root, selector, cls) {
  for (const el of root.querySelectorAll(selector)) {
    el.classList.remove(cls);
    if (el.scrollWidth > el.clientWidth + 1) el.classList.add(cls);
  }
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
