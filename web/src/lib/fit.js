// Fitting a board to the screen: the boxes of a group (the cities of a table) share one size level, the
// largest at which none of them is cut off. Level 0 is the largest; the CSS of the group says what each
// level means (data-fit on the group). Run after every render and when the window changes size.
import { useLayoutEffect, useRef } from "./html.js";

/** Whether a box's content is cut off (taller or wider than the box). */
export function overflowing(box) {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** Sets data-fit on group to the first level (0..levels-1) at which no element matching boxSelector
 * inside it overflows; the last level when none fits. Returns the level. */
export function fitGroup(group, boxSelector, levels) {
  const boxes = [...group.querySelectorAll(boxSelector)];
  let level = 0;
  for (; level < levels - 1; level += 1) {
    group.dataset.fit = String(level);
    if (!boxes.some(overflowing)) break;
  }
  group.dataset.fit = String(level);
  return level;
}

/** A ref for a group element that is fitted after every render and on resize. */
export function useFit(boxSelector, levels) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    if (ref.current) fitGroup(ref.current, boxSelector, levels);
  });
  useLayoutEffect(() => {
    const again = () => ref.current && fitGroup(ref.current, boxSelector, levels);
    window.addEventListener("resize", again);
    return () => window.removeEventListener("resize", again);
  }, [boxSelector, levels]);
  return ref;
}
