// Short effect captions of wonders and progress tokens: the strings module ("fx.<id>") first, so a
// locale can translate them, else the catalog's own text.
import { effectText } from "./catalog.js";
import { hasText, t } from "./strings.js";

/** The short caption of what id does ("" when nothing is known). */
export function fxText(id) {
  return hasText(`fx.${id}`) ? t(`fx.${id}`) : effectText(id);
}
