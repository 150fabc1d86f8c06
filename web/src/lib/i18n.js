// Every UI string goes through t(): JSON catalogs per language (lib/strings/*.json and each game's
// strings/*.json, all with the same keys), plurals through Intl.PluralRules, numbers through
// Intl.NumberFormat (Persian digits for fa), lists through Intl.ListFormat. Card, wonder, token and board
// names come from each game's names/<lang>.json ({seed: {English: name}, translated: {English: name}}).
// A language is added by adding its catalogs and its code to LANGUAGES.
export const LANGUAGES = ["en", "el", "fa", "ro", "pl"];
const RTL = new Set(["fa", "ar", "he"]);
const catalogs = {};
const names = {};
let current = "en";
let plural = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

/** Registers (or extends) the strings of a language. */
export function addStrings(lang, strings) {
  catalogs[lang] = { ...(catalogs[lang] || {}), ...strings };
}

/**
 * Registers the piece names of one game in one language: table.seed maps a seed file to {English: name}
 * (official names read in that rulebook), table.translated is {English: name} for the rest.
 */
export function addNames(game, lang, table) {
  names[game] ||= {};
  names[game][lang] = Object.assign({}, ...Object.values(table.seed || {}), table.translated || {});
}

/** Switches the UI language and the page direction. */
export function setLocale(lang) {
  if (catalogs[lang]) current = lang;
  plural = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
  document.documentElement.lang = current;
  document.documentElement.dir = isRtl() ? "rtl" : "ltr";
}

/** The language in use. */
export function locale() {
  return current;
}

/** True when the language in use is written right to left. */
export function isRtl(lang = current) {
  return RTL.has(lang);
}

/** A language's name in that language ("Ελληνικά"), for the language picker. */
export function languageName(lang) {
  return catalogs[lang]?.["lang.self"] ?? lang;
}

/**
 * The language a screen starts in: the one remembered under storeKey, else the first of the browser's
 * languages we have, else English.
 */
export function startLanguage(storeKey) {
  let saved = null;
  try {
    saved = localStorage.getItem(storeKey);
  } catch {
    saved = null;
  }
  if (saved && LANGUAGES.includes(saved)) return saved;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Switches to lang and remembers it under storeKey. */
export function chooseLanguage(lang, storeKey) {
  if (!LANGUAGES.includes(lang)) return;
  setLocale(lang);
  try {
    localStorage.setItem(storeKey, lang);
  } catch {
    // A browser without storage still switches; it just forgets on reload.
  }
}

/** The name of a piece of game in the current language, from its English name (the English one if none). */
export function pieceName(game, english) {
  return names[game]?.[current]?.[english] ?? english;
}

/** A number in the language's digits. */
export function num(n) {
  return typeof n === "number" ? numbers.format(n) : String(n ?? "");
}

// One list formatter per language and type: making one costs more than formatting a list with it, and a
// 7-seat board formats lists for every card it draws (their words for assistive tech).
const listFormats = new Map();

/** A list joined the language's way ("wood, clay and stone" / "wood or clay"). */
export function list(items, type = "conjunction") {
  const key = `${current}:${type}`;
  if (!listFormats.has(key)) listFormats.set(key, new Intl.ListFormat(current, { style: "long", type }));
  return listFormats.get(key).format(items.map(String));
}

/**
 * Translates key, filling {placeholders} from vars (numbers in the language's digits). A plural entry is
 * an object of Intl.PluralRules categories ({"one": ..., "few": ..., "other": ...}) chosen by vars.n.
 * Falls back to English, then to the key itself.
 */
export function t(key, vars = {}) {
  let text = catalogs[current]?.[key] ?? catalogs.en?.[key] ?? key;
  if (text && typeof text === "object") text = text[plural.select(Number(vars.n ?? 0))] ?? text.other ?? key;
  return String(text).replace(/\{(\w+)\}/g, (_, name) => (name in vars ? num(vars[name]) : `{${name}}`));
}

/** True when the language in use (or English) has a string for key. */
export function hasString(key) {
  return Boolean(catalogs[current]?.[key] ?? catalogs.en?.[key]);
}
