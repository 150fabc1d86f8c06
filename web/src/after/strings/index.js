// The catalogs of the after-game screens (history, statistics, replay, chart): after/strings/<lang>.json,
// the same keys in every language.
import { addStrings } from "../../lib/i18n.js";
import el from "./el.json";
import en from "./en.json";
import fa from "./fa.json";
import pl from "./pl.json";
import ro from "./ro.json";

for (const [lang, strings] of Object.entries({ en, el, fa, ro, pl })) addStrings(lang, strings);
