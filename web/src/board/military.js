// The conflict track -9..9: coloured zones labelled with the victory points they give, the pawn, and the
// military tokens (−2/−5 coins) in the zones that still hold them.
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** Zones on one side of the track, by distance from the centre: [first, last, VP or null for the capital]. */
export const ZONES = [
  [1, 2, 2],
  [3, 5, 5],
  [6, 8, 10],
  [9, 9, null],
];

function zoneOf(dist) {
  if (dist === 0) return "center";
  const zone = ZONES.find(([lo, hi]) => dist >= lo && dist <= hi);
  return zone[2] === null ? "capital" : `vp${zone[2]}`;
}

/** The track; positive pawn = toward seat 1's capital (seat 0 leads). names = [name0, name1]. */
export function militaryEl(military, names, { flash = false } = {}) {
  const pawn = military?.pawn ?? 0;
  const tokens = military?.tokens || [];
  const cells = [];
  for (let pos = -9; pos <= 9; pos += 1) {
    cells.push(
      h(
        "div",
        { class: `cell ${zoneOf(Math.abs(pos))}`, dataset: { pos } },
        pos === pawn ? h("div", { class: `pawn ${flash ? "flash" : ""}`, id: "pawn" }) : null,
        Math.abs(pos) === 9 && pos !== pawn ? h("span", { class: "capital-mark" }, "★") : null,
      ),
    );
  }
  // Seat 0's city is on the left: its zones hold negative positions, and the pawn moves right toward seat 1.
  const zoneBoxes = [];
  for (const side of [0, 1]) {
    for (const [lo, hi, vp] of ZONES) {
      const sign = side === 1 ? 1 : -1;
      const first = side === 1 ? lo : -hi;
      const last = side === 1 ? hi : -lo;
      const token = tokens.find((tok) => tok.side === side && (tok.zone || [])[0] === lo);
      zoneBoxes.push(
        h(
          "div",
          {
            class: `zone ${vp === null ? "capital" : `vp${vp}`}`,
            dataset: { side, vp: vp ?? "capital" },
            style: { gridColumn: `${first + 10} / ${last + 11}`, gridRow: "1" },
          },
          vp === null ? null : h("span", { class: "zone-vp" }, t("board.vp", { n: vp })),
          token ? tokenChip(token) : null,
          vp === null && sign ? h("span", { class: "zone-vp muted" }, t("board.capital")) : null,
        ),
      );
    }
  }
  return h(
    "section",
    { class: "military" },
    h(
      "div",
      { class: "track-labels" },
      h("span", {}, names[0] || ""),
      h("span", { class: "label" }, t("board.military")),
      h("span", {}, names[1] || ""),
    ),
    h("div", { class: "track" }, cells),
    h("div", { class: "zones" }, zoneBoxes),
  );
}

function tokenChip(tok) {
  return h(
    "span",
    { class: `mtoken v${tok.value} ${tok.present ? "" : "gone"}`, dataset: { side: tok.side, value: tok.value }, title: `${tok.value}` },
    `−${tok.value}`,
  );
}
