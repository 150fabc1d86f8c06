// Classic catalog helpers on top of the shared catalog index: costs with all seven resources,
// short effect texts, board sides and the sellable production of a city.
import { info, loadCatalog } from "../lib/catalog.js";

export const RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"];
export const COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"];

let loaded = null;
let chain = Promise.resolve();

/** Loads the catalog of game unless it is the one in use (loads run in order, the last one wins);
 * onLoaded() runs after a switch. */
export function ensureCatalog(game, onLoaded = () => {}) {
  if (!game || game === loaded) return;
  loaded = game;
  chain = chain.then(() => loadCatalog(game)).then(() => onLoaded());
}

function entryOf(idOrEntry) {
  return typeof idOrEntry === "string" ? info(idOrEntry) : idOrEntry || {};
}

/** The printed cost of a card id or a stage entry: {coins, resources: {res: n}}. */
export function costOf(idOrEntry) {
  const cost = entryOf(idOrEntry).cost || {};
  return { coins: cost.coins || 0, resources: cost.resources || {} };
}

/** A cost text such as "1 coin · 2 stone · glass", or "" when free. */
export function costText(idOrEntry) {
  const { coins, resources } = costOf(idOrEntry);
  const parts = coins ? [coins === 1 ? "1 coin" : `${coins} coins`] : [];
  for (const res of RESOURCES) if (resources[res]) parts.push(resources[res] > 1 ? `${resources[res]} ${res}` : res);
  return parts.join(" · ");
}

/** The catalog entry of a city's board side ({} while unknown). */
export function boardOf(city) {
  return info(`${city.board}_${city.side}`);
}

/** The catalog entry of a city's wonder stage (1-based stage number), {} while unknown. */
export function stageOf(city, stage) {
  return (boardOf(city).stages || [])[stage - 1] || {};
}

/** One short line describing the effect of a card id or a stage entry. */
export function effectLine(idOrEntry) {
  const e = entryOf(idOrEntry).effect || {};
  const parts = [];
  if (e.produce) parts.push(Object.entries(e.produce).map(([r, n]) => `${n > 1 ? `${n}×` : ""}${r}`).join(" + "));
  if (e.produce_choice) parts.push(e.produce_choice.join(" / "));
  if (e.vp) parts.push(`${e.vp} VP`);
  if (e.shields) parts.push(`${e.shields} shield${e.shields > 1 ? "s" : ""}`);
  if (e.science) parts.push(`science: ${e.science}`);
  if (e.science_wild) parts.push("any science symbol");
  if (e.coins) parts.push(`${e.coins} coins`);
  if (e.trade) parts.push(`buy ${e.trade.resources.join(", ")} for 1 from ${e.trade.neighbours.join(" & ")}`);
  if (e.coins_per) parts.push(perText(e.coins_per, "coin"));
  if (e.vp_per) parts.push(perText(e.vp_per, "VP"));
  if (e.ability) parts.push(ABILITY[e.ability] || e.ability);
  return parts.join(" · ");
}

const ABILITY = {
  olympia_free: "build one card free per age",
  halicarnassus: "build a discarded card free",
  babylon_last_card: "play the 7th card of each age",
  copy_guild: "copy a neighbour's guild",
};

function perText(per, unit) {
  const whose = per.whose.length === 3 ? "you & neighbours" : per.whose.map((w) => (w === "self" ? "you" : w)).join(" & ");
  return `${per.each} ${unit} per ${per.count.join("/")} (${whose})`;
}

/** What a city can sell to its neighbours: {fixed: {res: n}, choices: [[res, ...]]}. */
export function sellableOf(city) {
  const fixed = {};
  const choices = [];
  const resource = boardOf(city).resource;
  if (resource) fixed[resource] = 1;
  for (const card of city.cards || []) {
    const e = info(card).effect || {};
    if (!e.sellable) continue;
    for (const [res, n] of Object.entries(e.produce || {})) fixed[res] = (fixed[res] || 0) + n;
    if (e.produce_choice) choices.push(e.produce_choice);
  }
  return { fixed, choices };
}

/** A production summary text: "2 wood · clay · stone/ore". */
export function productionText({ fixed = {}, choices = [] }) {
  const parts = [];
  for (const res of RESOURCES) if (fixed[res]) parts.push(fixed[res] > 1 ? `${fixed[res]} ${res}` : res);
  for (const choice of choices) parts.push(choice.join("/"));
  return parts.join(" · ");
}
