// Bundles the board and phone pages into web/dist (offline: no CDN, no web fonts).
import { build } from "esbuild";
import { appendFile, copyFile, mkdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const dist = join(here, "dist");

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

await build({
  entryPoints: [join(src, "board.js"), join(src, "phone.js")],
  bundle: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  minify: true,
  sourcemap: false,
  legalComments: "none",
  outdir: dist,
  logLevel: "warning",
});

for (const file of ["board.html", "phone.html", "app.css"]) {
  await copyFile(join(src, file), join(dist, file));
}
await appendFile(join(dist, "app.css"), await readFile(join(src, "classic", "classic.css"))); // classic pages
console.log("web/dist built");
