// Drawing a group of boxes over a few frames: when a 7-seat table's turn ends, all seven cities change at
// once, and drawing them in one frame is a task a TV stick takes 70-110 ms over (a long task, the board
// stutters). The boxes whose props changed take their new props a few per frame instead: the acting
// seat's first, in the frame that shows the step (so a tap on a phone shows as soon as before), the others
// in the next frames. While some are behind, the body carries data-drawing (tests wait for it to go).
import { useLayoutEffect, useRef, useState } from "./html.js";

const FIRST_FRAME = 1; // changed boxes drawn in the frame of a new view (besides what else changed)
const PER_FRAME = 2; // changed boxes drawn in each of the next frames

/** The frame being drawn: every render in one frame shares its budget of boxes. */
const frameTime = () => document.timeline?.currentTime ?? performance.now();

/**
 * The props to draw each box with: `items` (one props object per box), where a box whose props changed
 * (same(shown, next) is false) may keep the props it shows for a frame or two. `first`: the index of the
 * box to draw first (the acting seat's city; -1: none). `all`: draw every box now (the game's end). A box
 * list of another length is drawn at once.
 */
export function useStaggered(items, same, { first = -1, all = false } = {}) {
  const shown = useRef([]);
  const frame = useRef({ time: null, left: 0, behind: 0, next: 0 });
  const [, setTick] = useState(0);
  const now = frameTime();
  if (frame.current.time !== now) Object.assign(frame.current, { time: now, left: frame.current.behind ? PER_FRAME : FIRST_FRAME });
  const before = shown.current;
  const out = items.slice();
  let behind = 0;
  if (!all && before.length === items.length) {
    const order = [...items.keys()];
    if (first >= 0 && first < items.length) order.unshift(...order.splice(first, 1));
    for (const i of order) {
      if (same(before[i], items[i])) continue;
      if (frame.current.left > 0) frame.current.left -= 1;
      else {
        out[i] = before[i];
        behind += 1;
      }
    }
  }
  shown.current = out;
  frame.current.behind = behind;
  useLayoutEffect(() => {
    const body = document.body;
    if (Boolean(behind) !== ("drawing" in body.dataset)) {
      if (behind) body.dataset.drawing = "true";
      else delete body.dataset.drawing;
    }
    if (behind && !frame.current.next) {
      frame.current.next = requestAnimationFrame(() => {
        frame.current.next = 0;
        setTick((n) => n + 1);
      });
    }
  });
  useLayoutEffect(() => () => {
    cancelAnimationFrame(frame.current.next);
    delete document.body.dataset.drawing;
  }, []);
  return out;
}
