// The conflict track -9..9 with its zones, the pawn and the remaining military tokens.
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** The track; positive pawn = toward seat 1's capital (seat 0 leads). names = [name0, name1]. */
export function militaryEl(military, names, { flash = false } = {}) {
  const pawn = military?.pawn ?? 0;
  const tokens = military?.tokens || [];
  const cells = [];
  for (let pos = -9; pos <= 9; pos += 1) {
    const dist = Math.abs(pos);
    const zone = dist === 0 ? "center" : dist <= 2 ? "z0" : dist <= 5 ? "z2" : dist <= 8 ? "z5" : "capital";
    cells.push(
      h(
        "div",
        { class: `cell ${zone}`, dataset: { pos } },
        pos === pawn ? h("div", { class: `pawn ${flash ? "flash" : ""}`, id: "pawn" }) : null,
        dist === 9 ? "★" : "",
      ),
    );
  }
  // Seat 0's city is on the left: the pawn moves right (positive) toward seat 1.
  const tokenEls = tokens.map((tok) => {
    const [lo, hi] = tok.zone || [0, 0];
    const sign = tok.side === 1 ? 1 : -1;
    const center = (sign * (lo + hi)) / 2;
    return h(
      "div",
      {
        class: `mtoken v${tok.value} ${tok.present ? "" : "gone"}`,
        style: { left: `calc(${(center + 9.5) / 19 * 100}% - 1.4em)` },
        title: `${tok.value}`,
      },
      `−${tok.value}`,
    );
  });
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
    h("div", { class: "mtokens" }, tokenEls),
  );
}
