// What the build does to the bundled stylesheets so that they hold in the oldest engines the pages promise
// (package.json "browserslist": Chromium 80, Safari/iOS 15, Firefox 115), after esbuild has lowered what it
// can for its target (`inset`, vendor prefixes):
// - `:is(a, b)` (Chromium 88) is written out as the list of selectors it stands for;
// - every gap of a flex container (Chromium 84) gets a fallback that only an engine without flex gap sees:
//   margins on the container's children under `html.no-flex-gap` (lib/compat.js sets that class after
//   measuring a small flex box once at start-up). An engine with flex gap never matches those rules. Where
//   a more specific rule makes some of those elements a grid (the end screen's board), the fallback is
//   undone for them (their grid's gaps back, their children's margins none).
// compat-check.mjs runs the same analysis and fails on a flex gap whose display or direction cannot be told.
import postcss from "postcss";

export const NO_FLEX_GAP = "html.no-flex-gap";

/** The top-level pieces of a list separated by `sep` (outside brackets, parentheses and strings). */
function splitTop(text, sep) {
  const out = [];
  let depth = 0, quote = null, start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === "\\") i++; else if (c === quote) quote = null; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && sep.test(c)) { out.push(text.slice(start, i)); start = i + 1; }
  }
  out.push(text.slice(start));
  return out;
}

/** The compound selectors of a complex selector (its combinators dropped). */
function compounds(selector) {
  return splitTop(selector.trim(), /[\s>+~]/).filter(Boolean);
}

/** The last compound of a selector (the element it styles) and its pseudo-element, if any. */
function subject(selector) {
  const parts = compounds(selector);
  return parts[parts.length - 1] || "";
}

/** Specificity of a simple selector list's member, as [ids, classes, types] (enough for :is() arguments). */
function specificity(simple) {
  const s = simple.replace(/\([^)]*\)/g, "");
  return [(s.match(/#/g) || []).length, (s.match(/[.[:]/g) || []).length, /^[a-z*]/i.test(s) ? 1 : 0];
}

/** A selector with each `:is(a, b)` written out: the selectors it stands for. The arguments must be compound
 * selectors of one specificity (so the rules keep their weight); a type selector only at a compound's start. */
export function expandIs(selector) {
  const at = selector.indexOf(":is(");
  if (at < 0) return [selector];
  let depth = 0, end = at + 3;
  for (; end < selector.length; end++) {
    if (selector[end] === "(") depth++;
    else if (selector[end] === ")" && --depth === 0) break;
  }
  const args = splitTop(selector.slice(at + 4, end), /,/).map((a) => a.trim());
  const weights = new Set(args.map((a) => specificity(a).join()));
  const before = selector.slice(0, at);
  const startsCompound = before === "" || /[\s>+~]$/.test(before);
  for (const a of args) {
    if (compounds(a).length !== 1) throw new Error(`:is() with a combinator cannot be written out: ${selector}`);
    if (/^[a-z*]/i.test(a) && !startsCompound) throw new Error(`:is() with a type selector inside a compound: ${selector}`);
  }
  if (weights.size > 1) throw new Error(`:is() arguments of different weights: ${selector}`);
  return args.flatMap((a) => expandIs(before + a + selector.slice(end + 1)));
}

const FLEX = /^(inline-)?flex$/;
const LAYOUT_PROPS = new Set(["display", "flex-direction", "flex-flow", "flex-wrap"]);
const GAP_PROPS = new Set(["gap", "row-gap", "column-gap", "grid-gap"]);

/** The layout one rule says for its elements: {display, direction, wrap} (each undefined when unsaid). */
function layoutOf(rule) {
  const out = {};
  rule.each((d) => {
    if (d.type !== "decl") return;
    const v = d.value.trim();
    if (d.prop === "display") out.display = v;
    else if (d.prop === "flex-direction") out.direction = v;
    else if (d.prop === "flex-wrap") out.wrap = v;
    else if (d.prop === "flex-flow") {
      for (const w of v.split(/\s+/)) {
        if (/^(row|column)(-reverse)?$/.test(w)) out.direction = w;
        else out.wrap = w;
      }
    }
  });
  return out;
}

/** The gaps one rule sets: {row, column} (each undefined when unsaid). */
function gapsOf(rule) {
  const out = {};
  rule.each((d) => {
    if (d.type !== "decl" || !GAP_PROPS.has(d.prop)) return;
    if (d.prop === "row-gap") out.row = d.value;
    else if (d.prop === "column-gap") out.column = d.value;
    else {
      const [row, column = row] = splitTop(d.value.trim(), /\s/).filter(Boolean);
      out.row = row;
      out.column = column;
    }
  });
  return out;
}

const classesOf = (compound) => new Set(compound.match(/\.[\w-]+/g) || []);
const typeOf = (compound) => (/^[a-z][\w-]*/i.exec(compound) || [""])[0].toLowerCase();
const PAGES = [".board-page", ".phone-page"];
const pageOf = (selector) => PAGES.find((p) => selector.includes(p));

/** Whether every element the subject `a` styles is one `b` styles too, as far as classes and type tell. */
function within(a, b) {
  const [ca, cb] = [classesOf(a), classesOf(b)];
  if (!cb.size && !typeOf(b)) return false;
  if (typeOf(b) && typeOf(b) !== typeOf(a)) return false;
  for (const c of cb) if (!ca.has(c)) return false;
  return true;
}

/** Whether a rule for `other` styles every element `selector` styles, as far as the selectors tell: its
 * subject's classes are among the selector's, and so are its ancestors (compared as written). */
function general(selector, other) {
  const [mine, theirs] = [compounds(selector), compounds(other)];
  return within(mine[mine.length - 1] || "", theirs[theirs.length - 1] || "")
    && theirs.slice(0, -1).every((c) => mine.slice(0, -1).includes(c));
}

/** The flex layout (display, direction, wrap) that `selector` has: what the rule itself says, else what the
 * rules for elements of its classes say (of its page; "unknown" where they disagree); its wrap, from the rule
 * itself or the rules that style all its elements (a wrap said in another context is that rule's own). */
function layoutFor(selector, own, layoutRules) {
  const page = pageOf(selector);
  const subj = subject(selector);
  const found = { display: own.display, direction: own.direction, wrap: own.wrap };
  const valueOf = (key, v) => (key === "display" ? (FLEX.test(v) ? "flex" : v) : v);
  for (const key of ["display", "direction", "wrap"]) {
    if (found[key] !== undefined) continue;
    const values = new Set();
    const generalValues = new Set();
    for (const { selector: other, layout } of layoutRules) {
      if (layout[key] === undefined) continue;
      if (key === "display" && layout.display === "none") continue; // an element hidden lays nothing out
      const otherPage = pageOf(other);
      if (page && otherPage && otherPage !== page) continue;
      if (within(subj, subject(other))) values.add(valueOf(key, layout[key]));
      if (general(selector, other)) generalValues.add(valueOf(key, layout[key]));
    }
    // a wrap said only in some contexts is that context's rule's own (planFallbacks): here, the default
    const chosen = key === "wrap" ? generalValues : values;
    if (chosen.size > 1) found[key] = "unknown";
    else if (chosen.size === 1) found[key] = [...chosen][0];
  }
  return found;
}

/** A gap's length for the container's children: an em of the gap is the container's font size, which the
 * children read as --wt-fs (a registered <length>, inherited as px: lib/compat.js registers it where the
 * fallback applies), since a child's own em may be another size. */
function childLength(value) {
  return value.replace(/(-?[\d.]+)em\b/g, (_, n) => `calc(${n} * var(--wt-fs, 1em))`);
}

// The rows of a wrapping flex box apart: each item's bottom margin is the row gap (--wt-mb-child), taken back
// from the box's own bottom margin (--wt-mb-own), so that the box takes the room it takes with flex gap. An
// item that wraps rows of its own has both: its bottom margin is their sum (lib/compat.js registers both
// as lengths that are not inherited).
const BOTTOM = "margin-bottom: calc(var(--wt-mb-child, 0px) + var(--wt-mb-own, 0px))";
const rowGapAsChild = (length) => `--wt-mb-child: ${length}; ${BOTTOM}`;
const rowGapAsContainer = (length) => [`--wt-mb-own: calc(-1 * ${length})`, BOTTOM];

/** Whether a rule draws its element's box (a border or a background), where margins that a fallback adds
 * inside it would show. */
function boxed(rule) {
  return rule.some((d) => d.type === "decl" && /^(border(-top|-bottom)?|background(-color|-image)?)$/.test(d.prop)
    && !/^(none|0|transparent)$/.test(d.value.trim()));
}

/** The fallback rules for one selector's gaps in a flex container (as [selector, declarations]); `layout`
 * says its direction, wrap and whether its box is drawn (boxed). */
function fallbackRules(selector, layout, gaps) {
  const out = [];
  const column = /^column/.test(layout.direction || "row");
  const wraps = layout.wrap === "wrap" || layout.wrap === "wrap-reverse";
  const scoped = `${NO_FLEX_GAP} ${selector}`;
  // the gaps themselves set to none: what an engine without flex gap does anyway, said for one that has it
  // and is given the class (tests/web/test_compat.py lays a board out both ways in today's Chromium)
  const own = ["row-gap: 0", "column-gap: 0"];
  if (column) {
    // the gap between items is their top margin; a wrapped column's second column is out of view (the log)
    if (gaps.row !== undefined) out.push([`${scoped} > :not(:first-child)`, `margin-top: ${childLength(gaps.row)}`]);
  } else {
    if (gaps.column !== undefined) {
      out.push([`${scoped} > :not(:first-child)`, `margin-inline-start: ${childLength(gaps.column)}`]);
      // an icon before words (a text node, which no selector reaches): the gap is the icon's end margin
      out.push([`${scoped} > .icon:first-child`, `margin-inline-end: ${childLength(gaps.column)}`]);
      out.push([`${scoped} > .icon:first-child + *`, "margin-inline-start: 0"]);
    }
    // between wrapped rows: each item's bottom margin, taken back from the container's own (not in a drawn
    // box, which would grow by it: there wrapped rows touch)
    if (wraps && !layout.boxed && !isZero(gaps.row)) {
      out.push([`${scoped} > *`, rowGapAsChild(childLength(gaps.row))]);
      own.push(...rowGapAsContainer(gaps.row));
    }
  }
  if (out.some(([, decl]) => decl.includes("--wt-fs"))) own.push("--wt-fs: 1em");
  out.unshift([scoped, own.join("; ")]);
  return out;
}

const PSEUDO_ELEMENT = /::?(before|after|marker|placeholder|first-line|first-letter|selection|backdrop)\b/;
const isZero = (v) => v === undefined || /^0(\.0*)?([a-z%]*)$/i.test(v.trim());

/** A complex selector's specificity as one number (ids, then classes, then types), to order two rules. */
function weight(selector) {
  return compounds(selector).reduce((sum, c) => {
    const [ids, classes, types] = specificity(c);
    return sum + ids * 10000 + classes * 100 + types;
  }, 0);
}

/** A flex gap's fallback rules (fallbackRules) undone for the elements that another rule makes a grid or a
 * block (`selector`, e.g. the end screen's `.classic-game.phase-over` of a `.classic-game` column): their
 * children's margins none again, and their own gaps (a grid's, which every engine lays out) back, `gaps`. */
function undoneRules(flexSelector, selector, generated, gaps) {
  const from = `${NO_FLEX_GAP} ${flexSelector}`;
  return generated.map(([sel, decls]) => {
    const out = decls.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const prop = d.slice(0, d.indexOf(":")).trim();
      if (prop === "row-gap") return `row-gap: ${gaps.row ?? "normal"}`;
      if (prop === "column-gap") return `column-gap: ${gaps.column ?? "normal"}`;
      if (prop.startsWith("--wt-mb")) return `${prop}: 0px`;
      if (prop === "margin-bottom") return d; // the wrapped rows' sum, of lengths now none
      if (prop.startsWith("margin")) return `${prop}: 0`;
      return null; // --wt-fs
    }).filter(Boolean);
    return [`${NO_FLEX_GAP} ${selector}${sel.slice(from.length)}`, out.join("; ")];
  });
}

/** The start-side auto margins of the sheet (margin-inline-start / margin-top: auto): a flex gap's fallback
 * margin would replace them, so they are said again, !important, for the engines that take the fallback. */
function autoMargins(rule) {
  const decls = [];
  rule.each((d) => {
    if (d.type !== "decl") return;
    const v = d.value.trim();
    if ((d.prop === "margin-inline-start" || d.prop === "margin-top") && v === "auto") decls.push(`${d.prop}: auto !important`);
    if (d.prop === "margin") {
      const [top, right = top, , left = right] = v.split(/\s+/);
      if (top === "auto") decls.push("margin-top: auto !important");
      if (left === "auto" && right === "auto") decls.push("margin-inline-start: auto !important");
    }
  });
  return decls;
}

/**
 * The flex gaps' fallbacks a sheet needs (after :is() is written out), as [rule, [[selector, declarations]]]:
 * each goes right after its rule (same @media, same order). `report(problem)` hears each gap whose layout
 * cannot be told from the sheet; `page` (".board-page" or ".phone-page") leaves out the other page's rules.
 */
export function planFallbacks(root, { report, page } = {}) {
  const layoutRules = [];
  const order = new Map(); // each rule's place in the sheet
  root.walkRules((rule) => {
    order.set(rule, order.size);
    const layout = layoutOf(rule);
    if (Object.keys(layout).length) for (const selector of rule.selectors) layoutRules.push({ selector, layout, rule });
  });
  // The rules that make some of a flex container's elements something else (a grid, a block) override its
  // gap's fallback there: [selector, its gaps] of each that wins over `selector`'s rule (more specific, or
  // as specific and later), for the elements of both.
  const otherwise = (selector, rule) => layoutRules.filter(({ selector: other, layout, rule: theirs }) => {
    if (other === selector || layout.display === undefined || FLEX.test(layout.display)) return false;
    if (layout.display === "none" || layout.display === "contents" || PSEUDO_ELEMENT.test(other)) return false;
    if (page && pageOf(other) && pageOf(other) !== page) return false;
    if (!general(other, selector)) return false;
    const [mine, their] = [weight(selector), weight(other)];
    return their > mine || (their === mine && order.get(theirs) > order.get(rule));
  }).map(({ selector: other, rule: theirs }) => [other, gapsOf(theirs)]);
  const boxes = [];
  root.walkRules((rule) => { if (boxed(rule)) boxes.push(...rule.selectors); });
  const additions = [];
  root.walkRules((rule) => {
    if (rule.parent.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
    if (rule.selectors.every((s) => s.startsWith(NO_FLEX_GAP))) return; // a fallback itself
    const gaps = gapsOf(rule);
    const own = layoutOf(rule);
    const generated = [];
    if (gaps.row !== undefined || gaps.column !== undefined) {
      for (const selector of rule.selectors) {
        if (page && pageOf(selector) && pageOf(selector) !== page) continue; // the other page's rule: never matches here
        const layout = layoutFor(selector, own, layoutRules);
        if (layout.display === "unknown") { report(`gap whose display (flex or grid) the sheet does not settle: ${selector}`); continue; }
        if (layout.display && !FLEX.test(layout.display) && layout.display !== "flex") continue; // grid: its gap is old
        if (layout.display === undefined) {
          if (!(isZero(gaps.row) && isZero(gaps.column))) report(`gap without a display that says flex or grid: ${selector}`);
          continue;
        }
        if (layout.direction === "unknown") { report(`flex gap whose direction the sheet does not settle: ${selector}`); continue; }
        layout.boxed = boxed(rule) || boxes.some((other) => general(selector, other));
        const rules = fallbackRules(selector, layout, gaps);
        generated.push(...rules);
        for (const [other, theirGaps] of otherwise(selector, rule)) {
          const said = theirGaps.row !== undefined || theirGaps.column !== undefined;
          generated.push(...undoneRules(selector, other, rules, said ? theirGaps : gaps));
        }
      }
    } else if (own.direction !== undefined || own.wrap !== undefined) {
      for (const selector of rule.selectors) {
        if (page && pageOf(selector) && pageOf(selector) !== page) continue;
        const before = layoutFor(selector, {}, layoutRules.filter((r) => r.layout !== own));
        // a change of direction alone keeps the gap of another rule, whose fallback is for the other axis
        if (own.direction !== undefined && before.direction && before.direction !== own.direction && hasGap(selector, root)) {
          report(`flex-direction changed without its gap said again (the fallback needs it): ${selector}`);
        }
        // a change of wrap alone: rows apart where they now wrap, none of that where they no longer do
        const row = generalRowGap(selector, root, rule);
        if (own.wrap === undefined || !row || /^column/.test(own.direction || before.direction || "row")) continue;
        const wraps = own.wrap !== "nowrap";
        const boxedHere = boxed(rule) || boxes.some((other) => general(selector, other));
        const scoped = `${NO_FLEX_GAP} ${selector}`;
        if (wraps && !boxedHere && !isZero(row.value)) {
          generated.push([`${scoped} > *`, rowGapAsChild(childLength(row.value))]);
          generated.push([scoped, [...rowGapAsContainer(row.value), "--wt-fs: 1em"].join("; ")]);
        } else if (!wraps && row.wraps) {
          generated.push([`${scoped} > *`, "--wt-mb-child: 0px"], [scoped, "--wt-mb-own: 0px"]);
        }
      }
    }
    const autos = autoMargins(rule);
    if (autos.length) generated.push([rule.selectors.map((s) => `${NO_FLEX_GAP} ${s}`).join(", "), autos.join("; ")]);
    if (generated.length) additions.push([rule, generated]);
  });
  return additions;
}

/** Each `:is()` of the sheet written out. */
export function expandAllIs(root) {
  root.walkRules((rule) => {
    if (rule.selector.includes(":is(")) rule.selectors = rule.selectors.flatMap(expandIs);
  });
}

/** The PostCSS plugin: :is() written out, and the flex gaps' fallbacks added (planFallbacks). */
export function compatPlugin({ report = (p) => { throw new Error(p); }, page } = {}) {
  return {
    postcssPlugin: "wt-compat",
    Once(root) {
      expandAllIs(root);
      for (const [rule, generated] of planFallbacks(root, { report, page })) {
        let after = rule;
        for (const [selector, decls] of generated) {
          const added = postcss.parse(`${selector} { ${decls} }`).first;
          after.after(added);
          after = added;
        }
      }
    },
  };
}
compatPlugin.postcss = true;

/** The row gap of the last rule before `until` that styles every element of `selector` and gives a gap
 * ({value, wraps}: wraps when that rule's own fallback spaces wrapped rows), or null. */
function generalRowGap(selector, root, until) {
  let found = null;
  let done = false;
  root.walkRules((rule) => {
    if (done || rule === until) { done = true; return; }
    const gaps = gapsOf(rule);
    if (gaps.row === undefined) return;
    const other = rule.selectors.find((s) => general(selector, s));
    if (other) found = { value: gaps.row, wraps: /^(wrap|wrap-reverse)$/.test(layoutOf(rule).wrap || "") };
  });
  return found;
}

/** Whether some rule gives elements of `selector`'s subject a gap. */
function hasGap(selector, root) {
  const subj = subject(selector);
  let found = false;
  root.walkRules((rule) => {
    if (found) return;
    const gaps = gapsOf(rule);
    if ((gaps.row !== undefined && !isZero(gaps.row)) || (gaps.column !== undefined && !isZero(gaps.column))) {
      if (rule.selectors.some((s) => within(subj, subject(s)) || within(subject(s), subj))) found = true;
    }
  });
  return found;
}

/** The stylesheet's text with the plugin applied; `problems` collects what report() heard (without it, a
 * problem fails); `page` (the
 * page's body class, ".board-page" or ".phone-page") leaves out the other page's rules. */
export async function lowerCss(css, { from, problems, page } = {}) {
  const heard = problems || [];
  const result = await postcss([compatPlugin({ report: (p) => heard.push(p), page })]).process(css, { from });
  if (!problems && heard.length) throw new Error(`${from}: flex gaps without a fallback:\n  ${heard.join("\n  ")}`);
  return result.css;
}
