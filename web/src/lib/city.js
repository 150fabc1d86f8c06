// A player's city: coins, points, production, science, progress tokens, wonders and cards by colour.
import { cardEl, coinChip, resChip, symbolEl, tokenEl, wonderEl } from "./cards.js";
import { colorOf, RESOURCES } from "./catalog.js";
import { h } from "./dom.js";
import { t } from "./strings.js";

const COLOR_ORDER = ["brown", "grey", "yellow", "red", "blue", "green", "purple"];

/** Renders one player's city; flash is a Set of ids to highlight briefly; wonderText adds wonder captions. */
export function cityEl(player, { name, active = false, flash = new Set(), compact = false, wonderText = false } = {}) {
  const groups = {};
  for (const card of player.cards || []) (groups[colorOf(card) || "none"] ||= []).push(card);
  const order = [...COLOR_ORDER, ...Object.keys(groups).filter((c) => !COLOR_ORDER.includes(c))];
  return h(
    "section",
    { class: `city ${active ? "active" : ""} ${compact ? "compact" : ""}`, dataset: { seat: player.seat } },
    h(
      "header",
      { class: "city-head" },
      h("span", { class: "city-name" }, name),
      h(
        "span",
        { class: "city-stats" },
        coinChip(player.coins ?? 0),
        h("span", { class: "stat points", title: t("city.points") }, `${player.points ?? 0} ${t("city.points")}`),
        h("span", { class: "shield", title: t("city.shields") }, String(player.shields ?? 0)),
      ),
    ),
    productionEl(player),
    h(
      "div",
      { class: "city-row" },
      h("span", { class: "label" }, t("city.science")),
      (player.science || []).length ? (player.science || []).map(symbolEl) : t("city.nothing"),
    ),
    (player.progress || []).length
      ? h(
          "div",
          { class: "city-row" },
          h("span", { class: "label" }, t("city.progress")),
          (player.progress || []).map((tok) => tokenEl(tok, flash.has(tok) ? "flash" : "")),
        )
      : null,
    h(
      "div",
      { class: "city-wonders" },
      (player.wonders || []).map((w) => wonderEl(w.id, { built: w.built, showText: wonderText, extra: flash.has(w.id) ? "flash" : "" })),
    ),
    h(
      "div",
      { class: "city-cards" },
      order
        .filter((c) => groups[c])
        .map((c) =>
          h(
            "div",
            { class: `stack stack-${c}` },
            groups[c].map((card) => cardEl(card, { showCost: false, extra: flash.has(card) ? "flash" : "" })),
          ),
        ),
    ),
  );
}

function productionEl(player) {
  const chips = [];
  for (const res of RESOURCES) {
    const n = player.production?.[res];
    if (n) chips.push(resChip(res, n));
  }
  for (const choice of player.choices || []) {
    chips.push(h("span", { class: "choice" }, choice.map((res) => resChip(res)).reduce(slash, [])));
  }
  const prices = RESOURCES.map((res) => `${t(`res.${res}`)[0].toUpperCase()}${player.trade_prices?.[res] ?? "?"}`);
  return h(
    "div",
    { class: "city-row" },
    h("span", { class: "label" }, t("city.production")),
    chips.length ? chips : t("city.nothing"),
    h("span", { class: "trade", title: t("city.trade") }, "⇄ ", prices.join(" ")),
  );
}

function slash(acc, chip) {
  if (acc.length) acc.push("/");
  acc.push(chip);
  return acc;
}
