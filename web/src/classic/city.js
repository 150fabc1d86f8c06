// One city on the TV board: board and side, coins, shields, military tokens, wonder stages,
// the cards grouped by colour, whether its player is still choosing and the last turn's reveal.
import { coinChip } from "../lib/cards.js";
import { colorOf, nameOf } from "../lib/catalog.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { COLORS, effectLine, productionText, stageOf } from "./catalog.js";
import "./strings.js";

/** The panel of city c. opts: {name, leftName, rightName, status: "choosing"|"ready"|"", reveal, fresh}. */
export function cityPanelEl(city, { name, leftName, rightName, status = "", reveal = [], fresh = new Set(), militaryFlash = false, compact = false }) {
  return h(
    "section",
    { class: `cl-city ${status} ${compact ? "compact" : ""}`, dataset: { city: city.city, status } },
    h(
      "header",
      { class: "cl-city-head" },
      h("span", { class: "cl-name" }, name),
      h("span", { class: "cl-board" }, `${city.name || nameOf(city.board)} ${city.side}`),
      status ? h("span", { class: `cl-state ${status}` }, status === "ready" ? `✓ ${t("cl.ready")}` : t("cl.choosing")) : null,
    ),
    h(
      "div",
      { class: "cl-stats" },
      coinChip(city.coins ?? 0),
      h("span", { class: "shield", title: t("city.shields") }, String(city.shields ?? 0)),
      h("span", { class: `cl-tokens ${militaryFlash ? "flash" : ""}` }, (city.military || []).map(tokenEl)),
      city.seat !== null && city.seat !== undefined && city.hand_count ? h("span", { class: "muted cl-handcount" }, t("cl.hand", { n: city.hand_count ?? 0 })) : null,
    ),
    stagesEl(city),
    reveal.length ? h("div", { class: "cl-reveal", dataset: { reveal: "1" } }, reveal.join(" · ")) : null,
    h("div", { class: "cl-prod" }, h("span", { class: "label" }, t("cl.production")), productionText({ fixed: city.production, choices: city.choices }) || t("cl.nothing"), scienceEl(city.science)),
    cardsEl(city.cards || [], fresh),
    leftName !== undefined ? h("div", { class: "cl-nb muted" }, h("span", {}, t("cl.left_of", { name: leftName })), h("span", {}, t("cl.right_of", { name: rightName }))) : null,
  );
}

/** A military token chip: +1, +3, +5 or -1. */
export function tokenEl(token) {
  return h("span", { class: `cl-token ${token < 0 ? "defeat" : "victory"}` }, token > 0 ? `+${token}` : String(token));
}

/** The wonder stages as boxes, built ones filled. */
export function stagesEl(city) {
  const boxes = [];
  for (let stage = 1; stage <= (city.stages_total || 0); stage += 1) {
    const built = stage <= (city.stages_built || 0);
    boxes.push(h("span", { class: `cl-stage ${built ? "built" : ""}`, title: effectLine(stageOf(city, stage)) }, built ? `${stage} ✓` : String(stage)));
  }
  return h("div", { class: "cl-stages" }, h("span", { class: "label" }, t("cl.stages")), boxes);
}

function scienceEl(science) {
  const parts = [];
  for (const sym of ["compass", "gear", "tablet", "wild"]) {
    if (science?.[sym]) parts.push(h("span", { class: `cl-sci sci-${sym}` }, `${science[sym]} ${sym}`));
  }
  return parts.length ? h("span", { class: "cl-science" }, parts) : null;
}

/** The built cards, one row per colour. */
export function cardsEl(cards, fresh = new Set()) {
  const groups = {};
  for (const card of cards) (groups[colorFor(card)] ||= []).push(card);
  return h(
    "div",
    { class: "cl-cards" },
    COLORS.filter((c) => groups[c]).map((color) =>
      h(
        "div",
        { class: `cl-row row-${color}` },
        groups[color].map((card) => h("span", { class: `cl-card c-${color} ${fresh.has(card) ? "fresh" : ""}`, dataset: { card }, title: effectLine(card) }, nameOf(card))),
      ),
    ),
  );
}

function colorFor(card) {
  const color = colorOf(card);
  return COLORS.includes(color) ? color : "grey";
}
