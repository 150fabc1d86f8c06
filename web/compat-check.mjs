// The build-time check that the pages use nothing the promised engines lack (package.json "browserslist":
// Chromium 80 in smart TVs, Safari/iOS 15, Firefox ESR 115). `npm run check` (run by tests/web/test_compat.py)
// checks the built stylesheets (web/dist, as the engines get them: esbuild's lowering and css-compat.mjs's
// fallbacks included) and the pages' JavaScript sources (web/src); `node compat-check.mjs --css F --js F`
// checks the files given. A feature outside the engines fails the check unless compat-ignore.json names it,
// with the reason it may stay (its fallback). JavaScript syntax needs no check: esbuild lowers it for the
// same engines (build.mjs TARGET) and fails the build on what it cannot lower.
//
// CSS, three sources of facts:
// - doiuse (caniuse's features: selectors, units, functions, values), ids like "css-has";
// - MDN's browser-compat-data for every property, pseudo-class and at-rule: "property:NAME",
//   "selector:NAME", "at-rule:NAME";
// - a small table of our own for what those two miss (color-mix, `safe` alignment, overflow: clip), and
//   "flex-gap": a flex gap without its fallback (css-compat.mjs).
// JavaScript: eslint-plugin-compat (web APIs, by browser-compat-data and caniuse), "api:NAME"; and ES
// built-ins it does not see (a small table, as no-restricted-syntax), "js:NAME".
import bcd from "@mdn/browser-compat-data" with { type: "json" };
import browserslist from "browserslist";
import doiuse from "doiuse";
import { ESLint } from "eslint";
import compat from "eslint-plugin-compat";
import postcss from "postcss";
import { readFile, readdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expandAllIs, planFallbacks } from "./css-compat.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(await readFile(join(here, "package.json"), "utf8"));
const BROWSERS = pkg.browserslist;
const IGNORE = JSON.parse(await readFile(join(here, "compat-ignore.json"), "utf8"));

// browserslist's families as MDN's browser names, and the oldest version of each the pages promise
const FAMILIES = { chrome: "chrome", safari: "safari", ios_saf: "safari_ios", firefox: "firefox" };
const OLDEST = {};
for (const entry of browserslist(BROWSERS)) {
  const [family, range] = entry.split(" ");
  const name = FAMILIES[family];
  if (!name) throw new Error(`browserslist names ${family}, which this check does not know`);
  const version = parseFloat(range.split("-")[0]);
  if (!(name in OLDEST) || version < OLDEST[name]) OLDEST[name] = version;
}

const versionOf = (v) => (v === true ? 0 : typeof v === "string" && /^≤?[\d.]+$/.test(v) ? parseFloat(v.replace("≤", "")) : Infinity);

/** The engines (as "chrome 80") that lack the feature of an MDN __compat entry, unprefixed; `prefixed`
 * collects a prefix that would do instead. */
function lacking(entry, prefixed = new Set()) {
  const out = [];
  for (const [browser, oldest] of Object.entries(OLDEST)) {
    const statements = [entry.support[browser]].flat().filter(Boolean);
    const usable = (s) => !s.flags && !s.alternative_name && versionOf(s.version_added) <= oldest
      && (s.version_removed === undefined || s.version_removed === false || versionOf(s.version_removed) > oldest);
    if (statements.some((s) => usable(s) && !s.prefix)) continue;
    for (const s of statements) if (usable(s) && s.prefix) prefixed.add(s.prefix);
    out.push(`${browser} ${oldest}`);
  }
  return out;
}

const lookup = (path) => path.reduce((node, key) => node?.[key], bcd)?.__compat;

// What doiuse and MDN's property list miss: [id, test on a declaration's property and value, MDN path]
const OWN_VALUES = [
  ["color-mix", (p, v) => /\bcolor-mix\(/i.test(v), ["css", "types", "color", "color-mix"]],
  ["safe-alignment", (p, v) => /^(justify|align)-(content|items|self)$/.test(p) && /\b(safe|unsafe)\b/i.test(v),
    ["css", "properties", "justify-content", "flex_context", "safe_unsafe"], { chrome: 115, safari: 17.6, safari_ios: 17.6, firefox: 63 }],
  ["overflow-clip", (p, v) => /^overflow(-[xy]|-block|-inline)?$/.test(p) && /\bclip\b/.test(v), ["css", "properties", "overflow", "clip"]],
];

/** Whether engines of the given oldest versions (MDN names) lack a feature first shipped at `since`. */
function lackingSince(since) {
  return Object.entries(OLDEST).filter(([browser, oldest]) => oldest < since[browser]).map(([b, o]) => `${b} ${o}`);
}

/** The CSS problems of one stylesheet: [{id, where, engines}]. `page`: the page's body class (css-compat). */
export async function checkCss(css, { from, page } = {}) {
  const problems = [];
  const add = (id, where, engines) => problems.push({ id, where, engines: engines.join(", ") });
  const root = postcss.parse(css, { from });
  const where = (node) => {
    const rule = node.type === "rule" ? node : node.parent;
    const at = rule?.type === "rule" ? rule.selector : rule?.type === "atrule" ? `@${rule.name} ${rule.params}` : "";
    return node.type === "decl" ? `${at} { ${node.prop}: ${node.value} }` : at;
  };

  // caniuse's features (doiuse)
  await postcss([doiuse({ browsers: BROWSERS, onFeatureUsage: (usage) => {
    const engines = usage.message.replace(/^.*supported by: /, "").replace(/ \([\w-]+\)$/, "");
    add(usage.feature, where(usage.usage), [engines]);
  } })]).process(css, { from });

  // MDN: properties (a vendor prefix that the rule also says will do), pseudo-classes, at-rules
  root.walkDecls((decl) => {
    const prop = decl.prop.toLowerCase();
    if (prop.startsWith("--") || prop.startsWith("-")) return;
    const atRule = decl.parent.type === "atrule" ? decl.parent.name.toLowerCase() : null; // a descriptor
    const entry = lookup(atRule ? ["css", "at-rules", atRule, prop] : ["css", "properties", prop]);
    if (!entry) { add(`property:${prop}`, where(decl), ["unknown to MDN's data"]); return; }
    const prefixes = new Set();
    const missing = lacking(entry, prefixes);
    const siblings = new Set(decl.parent.nodes.filter((n) => n.type === "decl").map((n) => n.prop.toLowerCase()));
    if (missing.length && ![...prefixes].some((p) => siblings.has(`${p}${prop}`))) add(`property:${prop}`, where(decl), missing);
  });
  root.walkRules((rule) => {
    for (const [, name] of rule.selector.matchAll(/(?<!:):([a-z-]+)/gi)) {
      const entry = lookup(["css", "selectors", name.toLowerCase()]);
      if (!entry) add(`selector:${name}`, rule.selector, ["unknown to MDN's data"]);
      else {
        const missing = lacking(entry);
        if (missing.length) add(`selector:${name}`, rule.selector, missing);
      }
    }
  });
  root.walkAtRules((atRule) => {
    const entry = lookup(["css", "at-rules", atRule.name.toLowerCase()]);
    const missing = entry ? lacking(entry) : ["unknown to MDN's data"];
    if (missing.length) add(`at-rule:${atRule.name}`, `@${atRule.name} ${atRule.params}`, missing);
  });

  // our own table
  root.walkDecls((decl) => {
    const prop = decl.prop.toLowerCase();
    const value = decl.value.replace(/url\([^)]*\)/gi, "url()");
    for (const [id, test, path, since] of OWN_VALUES) {
      if (!test(prop, value)) continue;
      const entry = lookup(path);
      const missing = entry ? lacking(entry) : lackingSince(since);
      if (missing.length) add(id, where(decl), missing);
    }
  });

  // flex gaps: each needs its fallback (css-compat.mjs), as the build writes it
  const flexGap = lacking(lookup(["css", "properties", "gap", "flex_context"]));
  if (flexGap.length) {
    const copy = root.clone();
    try { expandAllIs(copy); } catch (e) { add("selector:is", e.message, ["cannot be written out"]); }
    const present = new Set();
    copy.walkRules((rule) => { for (const s of rule.selectors) present.add(s.replace(/\s+/g, " ")); });
    const report = (problem) => add("flex-gap", problem, flexGap);
    for (const [, generated] of planFallbacks(copy, { report, page })) {
      for (const [selector] of generated) {
        const missing = selector.split(/,\s*/).filter((s) => !present.has(s.replace(/\s+/g, " ")));
        if (missing.length) add("flex-gap", `no fallback ${missing[0]}`, flexGap);
      }
    }
  }
  return problems;
}

// ES methods that eslint-plugin-compat does not see on a receiver of unknown type (it knows the globals and
// static methods, structuredClone, Object.hasOwn, Promise.any...): [what, since when, the call]
const BUILTINS = [
  ["Array.prototype.at", "Chromium 92, Safari 15.4", 'CallExpression[callee.property.name="at"]'],
  ["Array.prototype.findLast", "Chromium 97, Safari 15.4", 'CallExpression[callee.property.name=/^findLast(Index)?$/]'],
  ["Array.prototype.toSorted", "Chromium 110, Safari 16", 'CallExpression[callee.property.name=/^to(Sorted|Reversed|Spliced)$/]'],
  ["String.prototype.replaceAll", "Chromium 85", 'CallExpression[callee.property.name="replaceAll"]'],
];

/** The JavaScript problems of the given files: [{id, where, engines}]; the id of a web API eslint-plugin-compat
 * names is "api:" and its name ("api:navigator.vibrate()"), a built-in's "js:" and its name. */
export async function checkJs(files) {
  // ESLint looks only at files under its cwd: the deepest folder that holds them all
  let base = dirname(resolve(files[0]));
  while (!files.every((f) => !relative(base, resolve(f)).startsWith(".."))) base = dirname(base);
  const eslint = new ESLint({
    cwd: base,
    overrideConfigFile: true,
    overrideConfig: [{
      files: ["**/*.js", "**/*.mjs"],
      languageOptions: { ecmaVersion: "latest", sourceType: "module" },
      plugins: { compat },
      settings: { browsers: BROWSERS },
      rules: {
        "compat/compat": "error",
        "no-restricted-syntax": ["error", ...BUILTINS.map(([name, since, selector]) => ({ selector, message: `${name}: missing before ${since}` }))],
      },
    }],
  });
  const problems = [];
  for (const result of await eslint.lintFiles(files)) {
    for (const m of result.messages) {
      const where = `${relative(here, result.filePath)}:${m.line}`;
      if (m.ruleId === "compat/compat") problems.push({ id: `api:${m.message.replace(/ is not supported in .*$/, "")}`, where, engines: m.message.replace(/^.* is not supported in /, "") });
      else if (m.ruleId === "no-restricted-syntax") problems.push({ id: `js:${m.message.replace(/: .*$/, "")}`, where, engines: m.message.replace(/^.*: missing before /, "") });
      else problems.push({ id: "js:parse", where, engines: m.message });
    }
  }
  return problems;
}

async function jsSources(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await jsSources(path));
    else if (entry.name.endsWith(".js")) out.push(path);
  }
  return out;
}

async function main(argv) {
  const css = [];
  const js = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--css") css.push([argv[++i], undefined]);
    else if (argv[i] === "--js") js.push(argv[++i]);
    else throw new Error(`usage: node compat-check.mjs [--css FILE]... [--js FILE]...`);
  }
  if (!css.length && !js.length) {
    css.push([join(here, "dist", "board.css"), ".board-page"], [join(here, "dist", "phone.css"), ".phone-page"]);
    js.push(...await jsSources(join(here, "src")));
  }
  const found = [];
  for (const [file, page] of css) {
    let text;
    try { text = await readFile(file, "utf8"); } catch { throw new Error(`${file} is missing: build the pages first (npm run build)`); }
    for (const p of await checkCss(text, { from: file, page })) found.push({ ...p, file: relative(here, file) });
  }
  if (js.length) for (const p of await checkJs(js)) found.push({ ...p, file: "" });
  const used = new Set(found.map((p) => p.id));
  const failing = found.filter((p) => !(p.id in IGNORE));
  const byId = new Map();
  for (const p of failing) byId.set(p.id, [...(byId.get(p.id) || []), p]);
  for (const [id, list] of byId) {
    console.log(`${id}: missing in ${list[0].engines}`);
    for (const p of list.slice(0, 8)) console.log(`  ${p.file ? `${p.file}: ` : ""}${p.where.slice(0, 200)}${p.engines !== list[0].engines ? ` (${p.engines})` : ""}`);
    if (list.length > 8) console.log(`  ... and ${list.length - 8} more`);
  }
  const stale = Object.keys(IGNORE).filter((id) => !used.has(id) && !id.startsWith("api:"));
  if (stale.length && !argv.length) console.log(`compat-ignore.json lists features no longer used: ${stale.join(", ")}`);
  const engines = Object.entries(OLDEST).map(([b, v]) => `${b} ${v}`).join(", ");
  if (failing.length) {
    console.log(`compat check failed: ${failing.length} uses of ${byId.size} features outside ${engines} without a listed fallback`);
    return 1;
  }
  console.log(`compat check passed: ${css.length} stylesheets, ${js.length} scripts, for ${engines} (${found.length} uses of features listed in compat-ignore.json)`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
