// Unpacks the old Chromium builds of the browser matrix (issue 31) from the npm packages installed beside
// this file (package.json: chrome-aws-lambda 2.1.1 = Chromium 80, 10.1.0 = Chromium 92):
//   node tests/web/browsers/unpack.mjs DEST   ->   DEST/chromium-80/chromium, DEST/chromium-92/chromium
// Each package holds bin/chromium.br (the brotli-packed executable) and bin/swiftshader.tar.br (the software
// GL the browser loads from ./swiftshader/ beside itself). Its bin/aws.tar.br (NSS, expat and fonts for
// Amazon Linux) is not needed on Debian: the system has those libraries and the fonts.
import { brotliDecompressSync } from "node:zlib";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const BUILDS = { "chromium-80": "chrome-aws-lambda-80", "chromium-92": "chrome-aws-lambda-92" };

/** The regular files of a ustar archive: [path, bytes]. */
function* untar(archive) {
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from, to) => header.subarray(from, to).toString("latin1").replace(/\0.*$/s, "");
    const size = parseInt(text(124, 136).trim() || "0", 8);
    const prefix = text(257, 263).startsWith("ustar") ? text(345, 500) : "";
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 157);
    if (type === "0" || type === "") yield [name, archive.subarray(at + 512, at + 512 + size)];
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

function unpack(dest, build, pkg) {
  const bin = join(HERE, "node_modules", pkg, "bin");
  const folder = join(dest, build);
  const executable = join(folder, "chromium");
  if (existsSync(executable)) return;
  if (!existsSync(join(bin, "chromium.br"))) {
    throw new Error(`${bin}/chromium.br is missing: run npm ci --prefix ${HERE}`);
  }
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, "swiftshader"), { recursive: true });
  for (const [name, bytes] of untar(brotliDecompressSync(readFileSync(join(bin, "swiftshader.tar.br"))))) {
    const path = normalize(join(folder, "swiftshader", name));
    if (!path.startsWith(join(folder, "swiftshader"))) throw new Error(`${name}: outside the archive's folder`);
    writeFileSync(path, bytes, { mode: 0o755 });
  }
  // The executable comes last, under a temporary name: its presence says the build is complete.
  writeFileSync(`${executable}.part`, brotliDecompressSync(readFileSync(join(bin, "chromium.br"))));
  chmodSync(`${executable}.part`, 0o755);
  renameSync(`${executable}.part`, executable);
  console.log(`unpacked ${pkg} into ${folder}`);
}

const dest = process.argv[2];
if (!dest) {
  console.error("usage: node unpack.mjs DEST");
  process.exit(2);
}
for (const [build, pkg] of Object.entries(BUILDS)) unpack(dest, build, pkg);
