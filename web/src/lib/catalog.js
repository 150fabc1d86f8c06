// The catalog of the game in use (/catalog/{kind}.json), turned by the game's adapter into entries
// {id, kind, name, color, age, cost: {coins, resources}, effects: [primitives], chain: {...}}.
import { locale, pieceName } from "./i18n.js";

const indexes = {};
const loading = {};
let active = null;

/** Loads (once) and adapts the catalog of kind; resolves when it is there. */
export function loadCatalog(kind, adapt) {
  if (indexes[kind]) return Promise.resolve(indexes[kind]);
  loading[kind] ||= fetch(`/catalog/${kind}.json`)
    .then((response) => (response.ok ? response.json() : null))
    .then((raw) => {
      indexes[kind] = raw ? adapt(raw) : {};
      return indexes[kind];
    })
    .catch(() => {
      delete loading[kind];
      return {};
    });
  return loading[kind];
}

/** Makes kind's catalog the one entry() and nameOf() read. */
export function useCatalog(kind) {
  active = kind;
}

/** True once the catalog in use has arrived. */
export function catalogReady() {
  return Boolean(active && indexes[active]);
}

/** The entry of id in the catalog in use, or an empty entry. */
export function entry(id) {
  return indexes[active]?.[id] || { id, effects: [], cost: { coins: 0, resources: {} } };
}

/** Display name: the catalog's English name in the current language (names/<lang>.json of the game). */
export function nameOf(id) {
  if (id === null || id === undefined) return "";
  const found = indexes[active]?.[id];
  if (found?.name) return pieceName(active, found.name);
  return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** What the words and names on screen depend on: the language, the catalog in use and whether it has
 * arrived (memoized pieces render again when it changes; lib/html.js memoized). */
export function wordsKey() {
  return `${locale()}:${active}:${Boolean(active && indexes[active])}`;
}
