// Fitting a board to the screen: the boxes of a group (the cities of a table) share one size level, the
// largest at which none of them is cut off. Level 0 is the largest; the CSS of the group says what each
// level means (data-fit on the group).
//
// Fitting costs layouts, and a new level on a group of seven cities restyles and lays out all seven (the
// most a TV stick spends on a move), so the group remembers what it learnt and changes its level only
// to show a new one:
// - a box whose content did not change keeps its answers; the changed boxes are measured at the level
//   shown (in the layout the frame needs anyway);
// - when each box has its own place (the ring's grid cells), another level is tried on copies of the
//   boxes in question, laid out out of sight at that level (a probe), never by restyling the group back
//   and forth;
// - a box in motion (a card glowing in grows for a moment, a card glides in from afar) is measured as it
//   will rest: its animations are set to their end for the measurement and put back (never copied);
// - the next larger level is tried again only once every box cut off there has changed, and once the group
//   has been calm for a moment and the page is idle (a smaller level, when a box is cut off, is set at once);
// - with `headroom` (the ring, whose cities only grow during a game), a smaller level is chosen so that the
//   boxes that needed it keep that much room free (one level further when they would not), and a larger
//   level is taken only when every box keeps it there: the group changes its level less often, and never
//   goes back and forth.
// A new size of the group (the window, the header, the language, the end screen) measures the level shown
// first and searches the smaller ones only when something is cut off there: by halves, or, for boxes in
// places of their own with known type scales, from the level that the box running over the most fits at
// (found on copies of it alone), so the group itself is restyled once.
import { useLayoutEffect, useRef } from "./html.js";

/** Whether a box's content is cut off (taller or wider than the box). */
export function overflowing(box) {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** Which of `indices` (into boxes) are cut off once still. Motion only adds to what overflows (a card
 * glowing in grows for a moment; a card gliding in passes over other places), so the boxes cut off now
 * are measured again with their running animations set to their end, then put back where they were, in
 * the same task (no animation event fires, nothing is drawn in between). Every box is read before any
 * animation is set, and the moving ones together: two layouts at most, whatever the number of boxes. */
export function cutOffStill(boxes, indices, ratios = null) {
  const cut = indices.filter((i) => overflowing(boxes[i]));
  const moving = cut.flatMap((i) => boxes[i].getAnimations?.({ subtree: true }) || [])
    .filter((a) => a.currentTime !== null && Number.isFinite(a.effect?.getComputedTiming().endTime)); // an endless one is read as it is
  const ratiosOf = (still) => { for (const i of still) ratios?.set(i, overflowRatio(boxes[i])); return still; };
  if (!moving.length) return ratiosOf(cut);
  const times = moving.map((a) => a.currentTime);
  for (const a of moving) a.currentTime = a.effect.getComputedTiming().endTime;
  const still = ratiosOf(cut.filter((i) => overflowing(boxes[i])));
  moving.forEach((a, k) => { a.currentTime = times[k]; });
  return still;
}

/** How far a box's content runs over it: its content's height over its own, or its width's, the larger
 * (1: it fits). */
export function overflowRatio(box) {
  return Math.max(box.scrollHeight / Math.max(1, box.clientHeight), box.scrollWidth / Math.max(1, box.clientWidth));
}

// A web font that finishes loading after a group was fitted (the icons' own font: an engine may start
// loading it only once a page first lays an icon out; Chromium 80 showed a board opened mid-game a level too
// large, a city cut off) changes what the boxes show without changing what they hold: each load counts as
// a new size of every group (fitSize), and the fitted elements are fitted again (useFitted).
let fontLoads = 0;
const fontWatchers = new Set();
document.fonts?.addEventListener?.("loadingdone", () => {
  fontLoads += 1;
  for (const watcher of [...fontWatchers]) watcher();
});

/** How many web font loads have ended so far (a part of the keys by which fittings remember). */
export function fontsLoaded() {
  return fontLoads;
}

/** The group's size, the language and the fonts loaded: when they change, every level is tried again (one
 * layout read). */
function fitSize(group) {
  return `${group.clientWidth}x${group.clientHeight}:${document.documentElement.lang}:${fontLoads}`;
}

/** What a box holds: its element count and text (no layout is read). */
export function boxKey(box) {
  return `${box.getElementsByTagName("*").length}:${box.textContent}`;
}

/** What a group's fitting knew after its last run: the group's size; the level set; each box and what it
 * held then (every one fit at `level`); `larger`: for each box, what it held when it was last measured at
 * `level - 1` and whether it was cut off there (null: not known). */
class FitMemory {
  constructor(size, level, boxes, keys, larger) {
    Object.assign(this, { size, level, boxes, keys, larger });
  }
}

/** One fitting of a group: its boxes now, what each holds, and how other levels are measured (`apart`:
 * on copies of the boxes, each box having its own place whatever the others hold; else in place). */
class Fitting {
  constructor(group, boxes, apart, scales = null, headroom = null) {
    Object.assign(this, { group, boxes, apart, scales, headroom, keys: boxes.map(boxKey), all: boxes.map((_, i) => i), rect: null });
  }

  /** Which of the boxes at indices are cut off at level. In place, the group takes that level (fitGroup
   * sets the right one at the end). Apart: copies of them with their places (their ancestors up to the
   * group) in a copy of the group at that level, laid out out of sight where the group is (a probe); the
   * copies are still (base.css .fit-probe: a card that glows in grows for a moment, and is not cut off
   * for that). `spare`: each copy must also keep the headroom free (an empty block of that height at its
   * end). */
  cutAt(indices, level, spare = false) {
    const { group, boxes } = this;
    if (!indices.length) return [];
    if (!this.apart) {
      group.dataset.fit = String(level);
      return cutOffStill(boxes, indices);
    }
    this.rect ||= group.getBoundingClientRect();
    const probe = group.cloneNode(false);
    probe.removeAttribute("id");
    probe.classList.add("fit-probe");
    probe.dataset.fit = String(level);
    probe.setAttribute("aria-hidden", "true");
    Object.assign(probe.style, {
      position: "fixed", left: `${this.rect.left}px`, top: `${this.rect.top}px`, width: `${this.rect.width}px`,
      height: `${this.rect.height}px`, margin: "0", visibility: "hidden", pointerEvents: "none", contain: "strict",
    });
    const copies = indices.map((i) => {
      const copy = boxes[i].cloneNode(true);
      if (spare) {
        const room = document.createElement("div");
        Object.assign(room.style, { height: this.headroom, flex: "none" });
        copy.appendChild(room);
      }
      let placed = copy;
      for (let el = boxes[i].parentElement; el && el !== group; el = el.parentElement) {
        const outer = el.cloneNode(false);
        outer.appendChild(placed);
        placed = outer;
      }
      probe.appendChild(placed);
      return copy;
    });
    group.parentElement.appendChild(probe);
    const cut = indices.filter((_, k) => overflowing(copies[k]));
    probe.remove();
    return cut;
  }

  /** What measuring the boxes `known` at one level taught: for each box, its content then and whether it
   * was cut off (null for the boxes not measured). */
  learnt(known, cut) {
    return this.boxes.map((box, i) => (known.includes(i) ? { box, key: this.keys[i], cut: cut.includes(i) } : null));
  }

  /** Bisects levels [low, high] in place (a new size: everything is laid out again anyway): the first
   * level at which no box overflows (`high` when none fits), and what the level above it showed when it
   * was tried. */
  search(low, high) {
    const { group, boxes, all } = this;
    let above = null;
    while (low < high) {
      const mid = (low + high) >> 1;
      group.dataset.fit = String(mid);
      const over = cutOffStill(boxes, all);
      if (over.length) {
        low = mid + 1;
        above = { level: mid, larger: this.learnt(all, over) };
      } else high = mid;
    }
    group.dataset.fit = String(low);
    return { level: low, larger: above?.level === low - 1 ? above.larger : null };
  }

  /** A new size of the group (the window, the header, the language, the end screen beside the ring): the
   * level shown is measured first (in the layout the frame needs anyway), and kept when nothing is cut off
   * there (a larger level is tried later, once the group is calm, like any larger level); else the smaller
   * levels are searched. Only a group with no level yet searches every level. */
  searchFrom(shown, levels, guessed = false) {
    if (!(shown >= 0 && shown < levels)) return this.search(0, levels - 1);
    const ratios = new Map();
    const cut = cutOffStill(this.boxes, this.all, ratios);
    if (!cut.length) return guessed ? this.upFrom(shown) : { level: shown, larger: null };
    if (shown === levels - 1) return { level: shown, larger: null };
    if (this.apart && this.scales) return this.searchFromWorst(shown, levels, ratios, cut);
    const found = this.search(shown + 1, levels - 1);
    return found.level === shown + 1 ? { level: found.level, larger: this.learnt(this.all, cut) } : found;
  }

  /** searchFrom when each box has its own place and the levels' type scales are known (the end screen
   * narrows all seven cities of the ring at once): every level costs the group a restyle, so the level its
   * overflow suggests for the box that runs over the most (its area grows with the square of the type) is
   * checked first on a copy of that box alone (a probe) one level larger, and moved up while it fits there;
   * the group is set to that level and measured, and searched further only if a box is cut off there. */
  searchFromWorst(shown, levels, ratios, cut) {
    const [worst] = [...ratios.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    const target = this.scales[shown] / Math.sqrt(ratios.get(worst));
    let level = shown + 1;
    while (level < levels - 1 && this.scales[level] > target) level += 1;
    // Up while the worst box fits one level larger: then it is cut off at level - 1, and no larger level fits.
    while (level - 1 > shown && !this.cutAt([worst], level - 1).length) level -= 1;
    this.group.dataset.fit = String(level);
    const over = cutOffStill(this.boxes, this.all);
    if (over.length && level < levels - 1) return this.search(level + 1, levels - 1);
    const known = level - 1 === shown ? this.learnt(this.all, cut) : this.learnt([worst], [worst]);
    return { level, larger: known };
  }

  /** searchFrom when the level shown was guessed before the group's first layout at its new size (the end
   * screen's ring: lib/fit.js guessLevel) and every box fits there: whether a larger level fits is checked
   * at once, on copies (probes), the box holding the most first, so a right guess costs no restyle of the
   * group; the largest level at which every copy fits, and what the level above it showed. */
  upFrom(shown) {
    const { all, boxes } = this;
    if (shown === 0) return { level: 0, larger: null };
    const sizes = boxes.map((box) => box.getElementsByTagName("*").length);
    const fullest = all.reduce((a, b) => (sizes[b] > sizes[a] ? b : a));
    const rest = all.filter((i) => i !== fullest);
    let over = this.cutAt([fullest], shown - 1);
    if (over.length) return { level: shown, larger: this.learnt([fullest], over) };
    over = this.cutAt(rest, shown - 1);
    let level = shown;
    while (!over.length && level > 0) {
      level -= 1;
      over = level > 0 ? this.cutAt(all, level - 1) : [];
    }
    return { level, larger: over.length ? this.learnt(all, over) : null };
  }

  /** Where fitting goes from the level shown when some boxes changed (null: none did): a smaller level
   * when a changed box is cut off, else the same. */
  refit(memory, levels) {
    const { boxes, keys, all } = this;
    const shown = memory.level;
    const changed = all.filter((i) => memory.boxes[i] !== boxes[i] || memory.keys[i] !== keys[i]);
    if (!changed.length) return null;
    // Cut off here, once still (a card glowing in grows for a moment), in the layout the frame needs anyway.
    const cut = cutOffStill(boxes, changed);
    if (!cut.length) return { level: shown, larger: memory.larger };
    // Only the boxes cut off here can be cut off at a smaller level: try them there, one level at a time.
    let [level, cutHere, cutAbove] = [shown, cut, cut];
    while (cutHere.length && level < levels - 1) {
      [cutAbove, level] = [cutHere, level + 1];
      cutHere = this.cutAt(cutAbove, level);
    }
    if (this.headroom && this.apart && level > shown && level < levels - 1) {
      // The boxes that needed a smaller level keep the headroom free there, or the group goes one further
      // (the level above then counts as cut off for them: tryLarger asks for the same room).
      const tight = this.cutAt(cut, level, true);
      if (tight.length) return { level: level + 1, larger: this.learnt(cut, tight) };
    }
    return { level, larger: level === shown ? memory.larger : this.learnt(all, cutAbove) };
  }

  /** The knowledge of the next larger level that still holds: each box's entry while it holds the same. */
  stillKnown(memory) {
    const larger = memory.larger || [];
    return this.boxes.map((box, i) => (larger[i] && larger[i].box === box && larger[i].key === this.keys[i] ? larger[i] : null));
  }

  /** Whether the next larger level may fit: no box cut off there still holds the same. */
  largerMayFit(memory) {
    return memory.level > 0 && !this.stillKnown(memory).some((known) => known?.cut);
  }

  /** Tries the next larger level on the boxes not known to fit there (those cut off there before first),
   * then the larger ones while every box fits: the level and what the level above it showed. */
  tryLarger(memory) {
    const { all } = this;
    const shown = memory.level;
    const known = this.stillKnown(memory);
    const unknown = all.filter((i) => !known[i]);
    const former = unknown.filter((i) => memory.larger?.[i]?.cut);
    const rest = unknown.filter((i) => !memory.larger?.[i]?.cut);
    const spare = Boolean(this.headroom);
    let over = this.cutAt(former, shown - 1, spare);
    if (!over.length) over = this.cutAt(rest, shown - 1, spare);
    if (over.length) {
      const now = this.learnt(over.some((i) => former.includes(i)) ? former : unknown, over);
      return { level: shown, larger: all.map((i) => now[i] || known[i]) };
    }
    let level = shown - 1;
    let above = null;
    while (level > 0 && !above) {
      const cutThere = this.cutAt(all, level - 1, spare);
      if (cutThere.length) above = this.learnt(all, cutThere);
      else level -= 1;
    }
    return { level, larger: above };
  }
}

/** Runs fn once the group has been calm (none of its boxes changed) for CALM_MS and the page is idle: a
 * larger level is a nicety that waits for a pause of the table, so a busy table does not pay a probe after
 * every move (a change only ever needs a smaller level at once); a group that keeps changing is still tried
 * CALM_MAX_MS after its first postponed try. `changed`: a box changed in this fitting (the wait starts
 * again: one timer per group, which looks at the last change when it fires). */
function whenCalm(group, fn, changed) {
  const now = Date.now();
  if (group.__fitLater) {
    if (changed) group.__fitLater.changed = now;
    return;
  }
  const waiting = { since: now, changed: now };
  group.__fitLater = waiting;
  const run = () => {
    group.__fitLater = null;
    if (group.isConnected) fn();
  };
  const wait = (ms) => setTimeout(() => {
    const calmAt = Math.min(waiting.changed + CALM_MS, waiting.since + CALM_MAX_MS);
    if (Date.now() < calmAt) wait(calmAt - Date.now());
    else if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: IDLE_WAIT_MS });
    else run();
  }, ms);
  wait(CALM_MS);
}

const IDLE_WAIT_MS = 1000;
const CALM_MS = 1500;
const CALM_MAX_MS = 8000;

/** Sets data-fit on group to the first level (0..levels-1) at which no element matching boxSelector
 * inside it (the group itself when boxSelector is null), nor any matching partSelector inside it (the
 * chips of a city: their icons must not run out), overflows; the last level when none fits. Returns the
 * level. Levels are ordered: a larger level never cuts off what a smaller one showed. A smaller level is
 * set at once (nothing is ever shown cut off); a larger one that may fit now is tried once the group is
 * calm and the page idle, unless `now`. `apart`: each box has its own place whatever the others hold (the ring's cells),
 * so other levels are tried on copies of the boxes instead of on the group itself. `scales`: roughly how large
 * each level draws the type (a guess to start from, never trusted without a measurement). `headroom` (with
 * `apart`; a CSS length, such as a row of the boxes' content): the room a box that needed a smaller level
 * keeps there, and that every box needs for a larger one (Fitting.refit, tryLarger). */
export function fitGroup(group, boxSelector, levels, partSelector = null, { apart = false, now = false, scales = null, headroom = null } = {}) {
  const boxes = boxSelector ? [...group.querySelectorAll(boxSelector)] : [group];
  if (partSelector) boxes.push(...group.querySelectorAll(partSelector));
  const fitting = new Fitting(group, boxes, apart && Boolean(boxSelector) && !partSelector, scales, headroom);
  const size = fitSize(group);
  const memory = group.__fit;
  const shown = Number(group.dataset.fit);
  const known = memory instanceof FitMemory && memory.size === size && memory.level === shown && memory.boxes.length === boxes.length;
  const keep = (found) => {
    if (found.level !== Number(group.dataset.fit)) group.dataset.fit = String(found.level);
    group.__fit = new FitMemory(size, found.level, boxes, fitting.keys, found.larger);
  };
  const guessed = group.dataset.fitGuess === String(shown);
  if (group.dataset.fitGuess !== undefined) delete group.dataset.fitGuess;
  const found = known ? fitting.refit(memory, levels) : fitting.searchFrom(shown, levels, guessed);
  if (found) keep(found);
  if (fitting.largerMayFit(group.__fit)) {
    if (now) keep(fitting.tryLarger(group.__fit));
    else whenCalm(group, () => fitGroup(group, boxSelector, levels, partSelector, { apart, now: true, scales, headroom }), found !== null);
  }
  return group.__fit.level;
}

/** Sets a group's level before its next layout, when its room is about to change (the end screen takes a
 * column beside the ring): the level at which its boxes would hold what they hold now, their area scaled
 * by `ratio` (the new room's over the old), from the levels' type `scales`, so the new room is laid out
 * once, at the level it most likely needs. fitGroup measures it then, and checks the next larger level
 * on copies (no restyle when the guess was right). */
export function guessLevel(group, scales, ratio) {
  const shown = Number(group.dataset.fit);
  if (!(shown >= 0 && shown < scales.length)) return;
  const target = scales[shown] * Math.sqrt(ratio);
  let level = shown;
  while (level < scales.length - 1 && scales[level] > target) level += 1;
  group.dataset.fit = String(level);
  group.dataset.fitGuess = String(level);
}

/** Marks each element matching selector inside root whose text is wider or taller than its box with
 * cls (the CSS gives it a smaller size), and unmarks the others: every width is read before any class
 * changes (one layout), and only when the elements, their text or their classes changed since. */
export function markTooWide(root, selector, cls) {
  const els = [...root.querySelectorAll(selector)];
  const keyOf = () => `${innerWidth}x${innerHeight}:${fontLoads}:${els.map((el) => `${el.className}:${el.textContent}`).join("|")}`;
  if (root.__wideKey?.[selector] === keyOf()) return;
  for (const el of els) el.classList.remove(cls);
  const wide = els.map((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  els.forEach((el, i) => { if (wide[i]) el.classList.add(cls); });
  root.__wideKey = { ...root.__wideKey, [selector]: keyOf() };
}

// Fitting after a render, in a task of its own: the style and layout that measuring needs are then not
// part of the task that drew (on a TV stick a turn's end was one long task of drawing seven cities and
// laying them out, then the frame painting them; now it is three shorter ones). The task is posted at the
// scheduler's user-blocking priority where there is one; else a posted message, sent as the render that
// needs it starts (useFitted's render), before the drawing asks for a frame: posted after the drawing, it
// mostly waited behind the frame the drawing had asked for, whose animation frame callbacks then fitted
// (Chromium 80 at CPU x4, traced: the fitting's style and layout made each turn's frame a long task);
// posted first, it mostly runs ahead of that frame. Should the next frame still come first, its animation frame
// callbacks fit the group before it is laid out and painted: no frame is ever painted between a drawing
// and its fitting, so no box is shown cut off.
const fitQueue = [];
let fitFrame = 0;
let fitChannel = null;
let fitTaskPosted = false;

function runQueuedFits() {
  fitTaskPosted = false;
  cancelAnimationFrame(fitFrame);
  fitFrame = 0;
  for (const fn of fitQueue.splice(0)) fn();
}

/** Posts the task that runs the queued fits, unless one is posted already (a task that finds the queue
 * empty does nothing). */
function postFitTask() {
  if (fitTaskPosted) return;
  fitTaskPosted = true;
  if (window.scheduler?.postTask) window.scheduler.postTask(runQueuedFits, { priority: "user-blocking" });
  else {
    if (!fitChannel) {
      fitChannel = new MessageChannel();
      fitChannel.port1.onmessage = runQueuedFits;
    }
    fitChannel.port2.postMessage(null);
  }
}

/** Runs fn once, in a task of its own just after this one or before the next frame, whichever is first. */
export function beforeNextFrame(fn) {
  fitQueue.push(fn);
  if (fitQueue.length > 1) return;
  postFitTask();
  fitFrame = requestAnimationFrame(runQueuedFits);
}

/** A ref for an element that fit(element) adjusts after every render, whenever its own box changes size
 * (the window, or a band that comes or goes beside it, such as a replay's revealed hands) and when a web
 * font has loaded. `later`: the render's fitting runs in a task of its own before the next frame
 * (beforeNextFrame), once for the renders before it. */
export function useFitted(fit, { later = false } = {}) {
  const ref = useRef(null);
  const latest = useRef(fit);
  const queued = useRef(false);
  latest.current = fit;
  if (later) postFitTask(); // (before this render's drawing asks for a frame: beforeNextFrame's note)
  useLayoutEffect(() => {
    if (!ref.current) return;
    if (!later) fit(ref.current);
    else if (!queued.current) {
      queued.current = true;
      beforeNextFrame(() => {
        queued.current = false;
        if (ref.current?.isConnected) latest.current(ref.current);
      });
    }
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !window.ResizeObserver) return undefined;
    let size = null; // the first report is the box as rendered, which the render's own fit has measured
    const observer = new ResizeObserver(([entry]) => {
      const now = `${entry.contentRect.width}x${entry.contentRect.height}`;
      if (size !== null && now !== size) latest.current(element);
      size = now;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const watcher = () => beforeNextFrame(() => {
      if (element.isConnected) latest.current(element);
    });
    fontWatchers.add(watcher);
    return () => fontWatchers.delete(watcher);
  }, []);
  return ref;
}
