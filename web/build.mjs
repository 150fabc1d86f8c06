// Bundles the board (TV) and phone pages into web/dist: offline (no CDN, no web fonts), and only the icons
// the icon table names (src/lib/icon-names.js), extracted from the Game Icons set at build time.
import { build } from "esbuild";
import { copyFile, mkdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "./src/lib/icon-names.js";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const dist = join(here, "dist");
const ICON_SET = join(here, "node_modules", "@iconify-json", "game-icons", "icons.json");

// A Game Icons body is one path filled with the text's colour: the page draws it as a <path d> element
// (no HTML parsing of an icon, however many a move adds).
const ONE_PATH = /^<path fill="currentColor" d="([^"]+)"\s*\/>$/;

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

const icons = await usedIcons();
const iconPlugin = {
  name: "icons",
  setup(b) {
    b.onResolve({ filter: /^virtual:icons$/ }, () => ({ path: "icons", namespace: "icons" }));
    b.onLoad({ filter: /.*/, namespace: "icons" }, () => ({ contents: JSON.stringify(icons), loader: "json" }));
  },
};

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

await build({
  entryPoints: [join(src, "board.js"), join(src, "phone.js")],
  bundle: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  minify: process.env.WT_MINIFY !== "0", // WT_MINIFY=0: readable names in a profile
  sourcemap: false,
  legalComments: "none",
  outdir: dist,
  logLevel: "warning",
  plugins: [iconPlugin],
});

for (const file of ["board.html", "phone.html"]) await copyFile(join(src, file), join(dist, file));
console.log(`web/dist built (${Object.keys(icons).length} icons)`);
