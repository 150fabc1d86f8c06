// The game catalog (/catalog/duel.json): names, colours and costs of every card, wonder and token.
// The shape is normalised defensively: any object with a string "id" (or keyed by id with a "name") counts.

const LETTER_RES = { W: "wood", C: "clay", S: "stone", G: "glass", P: "papyrus" };
export const RESOURCES = ["wood", "clay", "stone", "glass", "papyrus"];

let index = {};

/** Loads the catalog of a game once; failures leave ids readable as prettified names. */
export async function loadCatalog(game = "duel") {
  try {
    const response = await fetch(`/catalog/${game}.json`);
    if (response.ok) index = collect(await response.json(), {});
  } catch {
    index = {};
  }
  return index;
}

function collect(value, out, kindHint = null) {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, kindHint);
  } else if (value && typeof value === "object") {
    if (typeof value.id === "string") {
      out[value.id] = { kind: kindHint, ...value };
      return out;
    }
    for (const [key, item] of Object.entries(value)) {
      if (item && typeof item === "object" && !Array.isArray(item) && typeof item.name === "string" && !item.id) {
        out[key] = { id: key, kind: kindOf(kindHint), ...item };
      } else {
        collect(item, out, key);
      }
    }
  }
  return out;
}

function kindOf(hint) {
  return hint ? String(hint).replace(/s$/, "") : null;
}

/** Everything known about an id ({} if unknown). */
export function info(id) {
  return index[id] || {};
}

/** Display name of a card, wonder or token. */
export function nameOf(id) {
  if (id === null || id === undefined) return "";
  const entry = index[id];
  if (entry?.name) return entry.name;
  return String(id).replace(/^the_/, "The ").replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Colour of a card ("brown", "grey", "blue", ...), or "" if none. */
export function colorOf(id) {
  const entry = index[id] || {};
  return entry.color || entry.colour || "";
}

/** The printed cost of a card or wonder as {coins, resources: {res: n}}. */
export function printedCost(id) {
  const entry = index[id] || {};
  const out = { coins: 0, resources: {} };
  if (entry.cost !== undefined && entry.cost !== null) {
    addCost(out, entry.cost);
  } else {
    if (typeof entry.coin_cost === "number") out.coins = entry.coin_cost;
    addCost(out, entry.resource_cost);
  }
  return out;
}

function addCost(out, cost) {
  if (cost === null || cost === undefined) return;
  if (typeof cost === "number") out.coins = cost;
  else if (typeof cost === "string") {
    for (const letter of cost) {
      const res = LETTER_RES[letter];
      if (res) out.resources[res] = (out.resources[res] || 0) + 1;
    }
  } else if (Array.isArray(cost)) {
    for (const item of cost) {
      if (RESOURCES.includes(item)) out.resources[item] = (out.resources[item] || 0) + 1;
      else addCost(out, item);
    }
  } else if (typeof cost === "object") {
    for (const [key, n] of Object.entries(cost)) {
      if (key === "coins" && typeof n === "number") out.coins = n;
      else if (RESOURCES.includes(key) && typeof n === "number") out.resources[key] = n;
      else if (typeof n === "object" || typeof n === "string") addCost(out, n);
    }
  }
}

/** A short text of the effect of an id, when the catalog carries one. */
export function effectText(id) {
  const entry = index[id] || {};
  for (const key of ["text", "effect_text", "effect", "description"]) {
    if (typeof entry[key] === "string") return entry[key];
  }
  return "";
}
