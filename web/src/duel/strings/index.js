// The duel catalogs of every language (strings/<lang>.json, the same keys as en.json) and the names of its
// pieces (names/<lang>.json: English name -> official name from a seed rulebook, or translated here).
import { addNames, addStrings } from "../../lib/i18n.js";
import namesEl from "../names/el.json";
import namesFa from "../names/fa.json";
import namesPl from "../names/pl.json";
import namesRo from "../names/ro.json";
import el from "./el.json";
import en from "./en.json";
import fa from "./fa.json";
import pl from "./pl.json";
import ro from "./ro.json";

for (const [lang, strings] of Object.entries({ en, el, fa, ro, pl })) addStrings(lang, strings);
for (const [lang, names] of Object.entries({ el: namesEl, fa: namesFa, ro: namesRo, pl: namesPl })) addNames("duel", lang, names);
