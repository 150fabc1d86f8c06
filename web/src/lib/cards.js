// Card, wonder, token and resource pieces shared by the board and the phone.
import { colorOf, effectText, nameOf, printedCost, RESOURCES } from "./catalog.js";
import { h } from "./dom.js";
import { fxText } from "./effects.js";
import { t } from "./strings.js";

/** A small coloured chip for a resource, e.g. "2×wood"; compact: "2W" (the letter the trade prices use). */
export function resChip(res, n = 1, { compact = false } = {}) {
  const name = t(`res.${res}`);
  if (compact) return h("span", { class: `res res-${res} compact`, title: name }, `${n > 1 ? n : ""}${name[0].toUpperCase()}`);
  return h("span", { class: `res res-${res}`, title: name }, n > 1 ? `${n}×` : "", name);
}

/** A coin chip. */
export function coinChip(n) {
  return h("span", { class: "coin", title: t("city.coins") }, String(n));
}

/** The printed cost of an id as chips (coins first), or null when free; compact chips fit one line. */
export function costChips(id, { compact = false } = {}) {
  const cost = printedCost(id);
  const chips = [];
  if (cost.coins) chips.push(coinChip(cost.coins));
  for (const res of RESOURCES) if (cost.resources[res]) chips.push(resChip(res, cost.resources[res], { compact }));
  return chips.length ? h("span", { class: "cost" }, chips) : null;
}

/** A face-up card. */
export function cardEl(id, { extra = "", showCost = true, showText = false, compactCost = false, attrs = {} } = {}) {
  const color = colorOf(id) || "none";
  return h(
    "div",
    { class: `card c-${color} ${extra}`, dataset: { card: id }, title: effectText(id) || nameOf(id), ...attrs },
    h("span", { class: "card-name" }, nameOf(id)),
    showText && effectText(id) ? h("span", { class: "card-text" }, effectText(id)) : null,
    showCost ? costChips(id, { compact: compactCost }) : null,
  );
}

/** A face-down card back ("age1", "age2", "age3", "guild"). */
export function backEl(back, extra = "") {
  const label = back === "guild" ? "G" : (back || "").replace("age", "").replace(/^(\d)$/, (d) => "I".repeat(Number(d)) || d);
  return h("div", { class: `card back back-${back} ${extra}` }, h("span", { class: "back-mark" }, label));
}

/** A wonder tile, built or not, with its printed cost; showText adds the short effect caption. */
export function wonderEl(wonder, { built = false, extra = "", showText = false } = {}) {
  const fx = fxText(wonder);
  return h(
    "div",
    { class: `wonder ${built ? "built" : "unbuilt"} ${extra}`, dataset: { wonder }, title: fx },
    h("span", { class: "wonder-name" }, nameOf(wonder), built ? h("span", { class: "wonder-built" }, " ✓") : null),
    showText && fx ? h("span", { class: "wonder-text fx", dataset: { fx: wonder } }, fx) : null,
    built ? null : costChips(wonder),
  );
}

/** A progress token disc; showText adds the short effect caption inside, caption puts it under the disc. */
export function tokenEl(token, extra = "", { showText = false, caption = false } = {}) {
  const fx = fxText(token);
  const disc = h(
    "div",
    { class: `token ${extra}`, dataset: { token }, title: fx },
    h("span", { class: "token-name" }, nameOf(token)),
    showText && fx ? h("span", { class: "token-text fx", dataset: { fx: token } }, fx) : null,
  );
  if (!caption) return disc;
  return h("figure", { class: "token-with-caption" }, disc, fx ? h("figcaption", { class: "fx", dataset: { fx: token } }, fx) : null);
}

/** Prettifies a science symbol id. */
export function symbolEl(symbol) {
  return h("span", { class: `sym sym-${symbol}` }, t(`sym.${symbol}`));
}
