// Every UI string goes through t(): JSON catalogs per language (lib/strings/*.json and each game's
// strings/*.json, all with the same keys), plurals through Intl.PluralRules, numbers through
// Intl.NumberFormat, lists through Intl.ListFormat. A language is added by adding catalogs.
const catalogs = {};
let current = "en";
const RTL = new Set(["fa", "ar", "he"]);
let plural = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

/** Registers (or extends) the strings of a language. */
export function addStrings(lang, strings) {
  catalogs[lang] = { ...(catalogs[lang] || {}), ...strings };
}

/** Switches the UI language and the page direction. */
export function setLocale(lang) {
  if (catalogs[lang]) current = lang;
  plural = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
  document.documentElement.lang = current;
  document.documentElement.dir = RTL.has(current) ? "rtl" : "ltr";
}

/** The language in use. */
export function locale() {
  return current;
}

/** True when the current language or English has a text for key. */
export function hasText(key) {
  return key in (catalogs[current] || {}) || key in (catalogs.en || {});
}

/** A number in the language's digits. */
export function num(n) {
  return typeof n === "number" ? numbers.format(n) : String(n ?? "");
}

/** A list joined the language's way ("wood, clay and stone" / "wood or clay"). */
export function list(items, type = "conjunction") {
  return new Intl.ListFormat(current, { style: "long", type }).format(items.map(String));
}

/**
 * Translates key, filling {placeholders} from vars (numbers in the language's digits). A plural entry is
 * an object of Intl.PluralRules categories ({"one": ..., "other": ...}) chosen by vars.n.
 * Falls back to English, then to the key itself.
 */
export function t(key, vars = {}) {
  let text = catalogs[current]?.[key] ?? catalogs.en?.[key] ?? key;
  if (text && typeof text === "object") text = text[plural.select(Number(vars.n ?? 0))] ?? text.other ?? key;
  return String(text).replace(/\{(\w+)\}/g, (_, name) => (name in vars ? num(vars[name]) : `{${name}}`));
}
