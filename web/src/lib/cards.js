// Card, wonder, token and resource pieces shared by the board and the phone.
import { colorOf, effectText, nameOf, printedCost, RESOURCES } from "./catalog.js";
import { h } from "./dom.js";
import { t } from "./strings.js";

/** A small coloured chip for a resource, e.g. "2 wood". */
export function resChip(res, n = 1) {
  return h("span", { class: `res res-${res}`, title: t(`res.${res}`) }, n > 1 ? `${n}×` : "", t(`res.${res}`));
}

/** A coin chip. */
export function coinChip(n) {
  return h("span", { class: "coin", title: t("city.coins") }, String(n));
}

/** The printed cost of an id as chips (coins first), or null when free. */
export function costChips(id) {
  const cost = printedCost(id);
  const chips = [];
  if (cost.coins) chips.push(coinChip(cost.coins));
  for (const res of RESOURCES) if (cost.resources[res]) chips.push(resChip(res, cost.resources[res]));
  return chips.length ? h("span", { class: "cost" }, chips) : null;
}

/** A face-up card. */
export function cardEl(id, { extra = "", showCost = true, showText = false, attrs = {} } = {}) {
  const color = colorOf(id) || "none";
  return h(
    "div",
    { class: `card c-${color} ${extra}`, dataset: { card: id }, title: effectText(id) || nameOf(id), ...attrs },
    h("span", { class: "card-name" }, nameOf(id)),
    showText && effectText(id) ? h("span", { class: "card-text" }, effectText(id)) : null,
    showCost ? costChips(id) : null,
  );
}

/** A face-down card back ("age1", "age2", "age3", "guild"). */
export function backEl(back, extra = "") {
  const label = back === "guild" ? "G" : (back || "").replace("age", "").replace(/^(\d)$/, (d) => "I".repeat(Number(d)) || d);
  return h("div", { class: `card back back-${back} ${extra}` }, h("span", { class: "back-mark" }, label));
}

/** A wonder tile, built or not, with its printed cost. */
export function wonderEl(wonder, { built = false, extra = "", showText = false } = {}) {
  return h(
    "div",
    { class: `wonder ${built ? "built" : "unbuilt"} ${extra}`, dataset: { wonder }, title: effectText(wonder) },
    h("span", { class: "wonder-name" }, nameOf(wonder)),
    showText && effectText(wonder) ? h("span", { class: "wonder-text" }, effectText(wonder)) : null,
    built ? h("span", { class: "wonder-built" }, "✓") : costChips(wonder),
  );
}

/** A progress token disc. */
export function tokenEl(token, extra = "", { showText = false } = {}) {
  return h(
    "div",
    { class: `token ${extra}`, dataset: { token }, title: effectText(token) },
    nameOf(token),
    showText && effectText(token) ? h("span", { class: "token-text" }, effectText(token)) : null,
  );
}

/** Prettifies a science symbol id. */
export function symbolEl(symbol) {
  return h("span", { class: `sym sym-${symbol}` }, t(`sym.${symbol}`));
}
