// What the oldest engines the pages promise lack (package.json "browserslist": Chromium 80 in smart TVs,
// Safari 15, Firefox 115), found once at start-up, before the first render. Both pages import this module
// first.
// - Flex gap (Chromium 84): a small flex column with a row gap, measured. Without it <html> gets the class
//   no-flex-gap, and the stylesheets' fallbacks (margins, written by web/css-compat.mjs at build time) apply;
//   an engine with flex gap never matches them.
// - Container query units (Chromium 105, Safari 16): CONTAINER_UNITS tells; where they are missing the Duel's
//   pyramid reads its area's size from custom properties that duel/board.js sets (containerSize).

/** Whether the engine lays out a flex box's gap. */
function flexGapWorks() {
  const probe = document.createElement("div");
  probe.style.cssText = "display: flex; flex-direction: column; row-gap: 1px; position: absolute; visibility: hidden";
  probe.append(document.createElement("div"), document.createElement("div"));
  document.documentElement.append(probe);
  const works = probe.scrollHeight === 1;
  probe.remove();
  return works;
}

if (!flexGapWorks()) document.documentElement.classList.add("no-flex-gap");
if (document.documentElement.classList.contains("no-flex-gap")) { // (a test may set it before this runs)
  // The fallback's margins are the gaps, in the container's em: the container gives its font size to its
  // children as --wt-fs, a length (registered, so it is inherited as px, not as "1em" of each child). A
  // wrapped row's margins add up on a box that is both an item and a wrapping box: --wt-mb-child and
  // --wt-mb-own, lengths of that box alone (not inherited).
  const lengths = [["--wt-fs", true], ["--wt-mb-child", false], ["--wt-mb-own", false]];
  for (const [name, inherits] of lengths) {
    try {
      window.CSS?.registerProperty?.({ name, syntax: "<length>", inherits, initialValue: "0px" });
    } catch {
      // registered already
    }
  }
}

export const CONTAINER_UNITS = Boolean(window.CSS?.supports?.("width: 1cqw"));

/** Where the engine lacks container query units: `element`'s content size as --area-w and --area-h (px),
 * which the stylesheet reads instead of 100cqw and 100cqh (duel.css). Call it whenever the size may change. */
export function containerSize(element) {
  if (CONTAINER_UNITS || !element) return;
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const w = box.width - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth) - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const h = box.height - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const [width, height] = [`${w}px`, `${h}px`];
  if (element.style.getPropertyValue("--area-w") !== width) element.style.setProperty("--area-w", width);
  if (element.style.getPropertyValue("--area-h") !== height) element.style.setProperty("--area-h", height);
}
