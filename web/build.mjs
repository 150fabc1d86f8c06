// Bundles the board (TV) and phone pages into web/dist: offline (no CDN, no downloaded web fonts), and only
// the icons the icon table names (src/lib/icon-names.js), extracted from the Game Icons set at build time
// into a font of their own that the stylesheets carry.
import { build } from "esbuild";
import opentype from "opentype.js";
import svgpath from "svgpath";
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "./src/lib/icon-names.js";
import { lowerCss } from "./css-compat.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const dist = join(here, "dist");
// The pages are built into a sibling folder and swapped in whole at the end: a host serving web/dist meanwhile
// (another's browser tests, `make run`) keeps answering with the previous build instead of finding no pages.
const fresh = join(here, `.dist-new-${process.pid}`);
const stale = join(here, `.dist-old-${process.pid}`);
const ICON_SET = join(here, "node_modules", "@iconify-json", "game-icons", "icons.json");

// A Game Icons body is one path filled with the text's colour. The pages draw every icon as one glyph of a
// font made here (wt-icons): an icon is then text to the browser, a <span> whose ::before holds its glyph in
// the text's colour, with none of an inline <svg>'s layout, paint properties and path painting (a 7-seat
// board holds hundreds of icons).
const ONE_PATH = /^<path fill="currentColor" d="([^"]+)"\s*\/>$/;
const EM = 512; // the font's units per em: an icon's square
const FIRST_CODE = 0xe000; // the icons' characters, from the start of Unicode's private use area

/** The icons of ICON_NAMES as {meaning: {d, size}} (d: the path's data); a name missing from the set, or
 * an icon that is not one path, fails the build. */
async function usedIcons() {
  const set = JSON.parse(await readFile(ICON_SET, "utf8"));
  const out = {};
  const missing = [];
  for (const [meaning, name] of Object.entries(ICON_NAMES)) {
    const icon = set.icons[name] || set.icons[set.aliases?.[name]?.parent];
    const path = icon && ONE_PATH.exec(icon.body.trim());
    if (!icon) missing.push(name);
    else if (!path) throw new Error(`the icon ${name} is not one path filled with the text's colour`);
    else out[meaning] = { d: path[1], size: icon.width || set.width || 512 };
  }
  if (missing.length) throw new Error(`icons missing from the Game Icons set: ${missing.join(", ")}`);
  return out;
}

/** An SVG path (y down, in a size×size square) as a glyph's outline (y up, the square on the baseline). */
function glyphPath(d, size) {
  const k = EM / size;
  const x = (v) => v * k;
  const y = (v) => EM - v * k;
  const path = new opentype.Path();
  let cx = 0, cy = 0, sx = 0, sy = 0; // the current point and the subpath's start
  svgpath(d).abs().unarc().unshort().iterate(([cmd, ...a]) => {
    if (cmd === "M") { path.moveTo(x(a[0]), y(a[1])); [cx, cy, sx, sy] = [a[0], a[1], a[0], a[1]]; }
    else if (cmd === "L") { path.lineTo(x(a[0]), y(a[1])); [cx, cy] = a; }
    else if (cmd === "H") { path.lineTo(x(a[0]), y(cy)); cx = a[0]; }
    else if (cmd === "V") { path.lineTo(x(cx), y(a[0])); cy = a[0]; }
    else if (cmd === "C") { path.curveTo(x(a[0]), y(a[1]), x(a[2]), y(a[3]), x(a[4]), y(a[5])); [cx, cy] = [a[4], a[5]]; }
    else if (cmd === "Q") { path.quadTo(x(a[0]), y(a[1]), x(a[2]), y(a[3])); [cx, cy] = [a[2], a[3]]; }
    else if (cmd === "Z") { path.close(); [cx, cy] = [sx, sy]; }
    else throw new Error(`unexpected path command ${cmd}`);
  });
  return path;
}

/** The icon font (base64 OpenType) and each meaning's character. */
function iconFont(icons) {
  const codes = {};
  const glyphs = [new opentype.Glyph({ name: ".notdef", advanceWidth: EM, path: new opentype.Path() })];
  Object.entries(icons).forEach(([meaning, { d, size }], i) => {
    codes[meaning] = FIRST_CODE + i;
    glyphs.push(new opentype.Glyph({ name: `i${i}`, unicode: FIRST_CODE + i, advanceWidth: EM, path: glyphPath(d, size) }));
  });
  const font = new opentype.Font({ familyName: "wt-icons", styleName: "Regular", unitsPerEm: EM, ascender: EM,
    descender: 0, glyphs });
  return { font: Buffer.from(font.toArrayBuffer()).toString("base64"), codes };
}

/** The stylesheet of the icons: the font, and each icon's class (i-<meaning>, dots as dashes) with its glyph. */
function iconCss({ font, codes }) {
  const rules = Object.entries(codes).map(([meaning, code]) =>
    `.i-${meaning.replace(/\./g, "-")}::before { content: "\\${code.toString(16)}"; }`);
  return [`@font-face { font-family: wt-icons; src: url(data:font/otf;base64,${font}) format("opentype"); font-display: block; }`,
    ...rules].join("\n");
}

const font = iconFont(await usedIcons());
const iconPlugin = {
  name: "icons",
  setup(b) {
    b.onResolve({ filter: /^virtual:icons(\.css)?$/ }, (args) => ({ path: args.path, namespace: "icons" }));
    b.onLoad({ filter: /^virtual:icons$/, namespace: "icons" }, () => ({ contents: JSON.stringify(font.codes), loader: "json" }));
    b.onLoad({ filter: /^virtual:icons\.css$/, namespace: "icons" }, () => ({ contents: iconCss(font), loader: "css" }));
  },
};

// The engines the pages promise (package.json "browserslist"): esbuild lowers the JavaScript syntax and what
// it can of the CSS (`inset`, vendor prefixes) for them; css-compat.mjs adds the rest of the fallbacks.
export const TARGET = ["chrome80", "safari15", "ios15", "firefox115"];

/** The name of the npm package a bundled file comes from (`node_modules/<name>/...`, scopes included). */
function packageOf(input) {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) return null;
  const parts = input.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The licence notices of every package bundled into the pages (its name, version, licence and licence
 * file), and of the icon set drawn into the icon font: shipped beside the pages (and so in the wheel). */
async function notices(metafile) {
  const names = new Set(Object.keys(metafile.inputs).map(packageOf).filter(Boolean));
  names.add("@iconify-json/game-icons"); // drawn into the wt-icons font at build time
  const parts = ["Wonders Table's pages bundle the following packages; their notices follow.", ""];
  for (const name of [...names].sort()) {
    const folder = join(here, "node_modules", name);
    const meta = JSON.parse(await readFile(join(folder, "package.json"), "utf8"));
    const license = typeof meta.license === "string" ? meta.license : meta.license?.type || "see its files";
    parts.push("=".repeat(78), `${name} ${meta.version} (${license})`, "");
    const file = (await readdir(folder)).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    if (file) parts.push((await readFile(join(folder, file), "utf8")).trim(), "");
    else if (name === "@iconify-json/game-icons") {
      const info = JSON.parse(await readFile(join(folder, "info.json"), "utf8"));
      parts.push(`Icons: ${info.name} by ${info.author?.name || "the Game Icons authors"} (${info.author?.url || ""}),`,
        `licensed ${info.license?.title || license} (${info.license?.url || ""}).`, "");
    }
  }
  return parts.join("\n");
}

/** Whether process `pid` still runs (a build's leftover folders are removed only once it is gone). */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The folders of a build killed halfway (its process gone): removed. */
async function removeLeftovers() {
  for (const name of await readdir(here)) {
    const match = /^\.dist-(new|old)-(\d+)$/.exec(name);
    if (match && !running(Number(match[2]))) await rm(join(here, name), { recursive: true, force: true });
  }
}

/** The new build in place of web/dist: the old folder renamed away, the new one renamed in, the old one
 * deleted (a rename over an existing folder fails on Windows, and over a non-empty one everywhere). Between
 * the two renames web/dist is missing for the time of one rename, not for the whole build. */
async function swapIn() {
  let moved = false;
  try {
    await rename(dist, stale);
    moved = true;
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  try {
    await rename(fresh, dist);
  } catch (error) {
    if (moved) await rename(stale, dist); // the old pages back in place
    throw error;
  }
  if (moved) await rm(stale, { recursive: true, force: true });
}

/** Bundles the pages into `folder`: the scripts, the stylesheets with their fallbacks, the HTML, the notices. */
async function buildInto(folder) {
  const built = await build({
    entryPoints: [join(src, "board.js"), join(src, "phone.js")],
    metafile: true, // which packages went into the pages: their notices are written beside them
    bundle: true,
    format: "iife",
    target: TARGET,
    platform: "browser",
    minify: process.env.WT_MINIFY !== "0", // WT_MINIFY=0: readable names in a profile
    sourcemap: false,
    legalComments: "none",
    outdir: folder,
    logLevel: "warning",
    plugins: [iconPlugin],
  });
  for (const [file, page] of [["board.css", ".board-page"], ["phone.css", ".phone-page"]]) {
    const path = join(folder, file);
    await writeFile(path, await lowerCss(await readFile(path, "utf8"), { from: path, page }));
  }
  for (const file of ["board.html", "phone.html"]) await copyFile(join(src, file), join(folder, file));
  await writeFile(join(folder, "THIRD-PARTY-NOTICES.txt"), await notices(built.metafile));
}

await removeLeftovers();
await rm(fresh, { recursive: true, force: true });
await mkdir(fresh, { recursive: true });
try {
  await buildInto(fresh);
  await swapIn();
} finally {
  await rm(fresh, { recursive: true, force: true }); // a failed build leaves no folder behind
}
console.log(`web/dist built (${Object.keys(font.codes).length} icons)`);
