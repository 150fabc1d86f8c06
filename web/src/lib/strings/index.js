// The shared catalogs of every language (lib/strings/<lang>.json, the same keys as en.json).
import { addStrings } from "../i18n.js";
import el from "./el.json";
import en from "./en.json";
import fa from "./fa.json";
import pl from "./pl.json";
import ro from "./ro.json";

for (const [lang, strings] of Object.entries({ en, el, fa, ro, pl })) addStrings(lang, strings);
