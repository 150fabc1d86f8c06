// The icon set on screen: one glyph of the icon font per meaning (see icon-names.js and build.mjs), plus the
// few composite marks every game uses (a coin with its value, victory points, a resource, a shield, a
// science symbol).
import ICONS from "virtual:icons";
import "virtual:icons.css";
import { html } from "./html.js";
import { num, t } from "./i18n.js";

/** True when the icon table has a symbol for name. */
export function hasIcon(name) {
  return Boolean(ICONS[name]);
}

/** One icon; label makes it an image for assistive tech, otherwise it is decoration next to words. It is
 * one empty element: its class draws the icon's glyph (no text in the DOM, so none in a line's words). */
export function Icon({ name, label = "", cls = "" }) {
  if (!ICONS[name]) return html`<span class="icon missing ${cls}" aria-hidden="true">?</span>`;
  const a11y = label ? { role: "img", "aria-label": label, title: label } : { "aria-hidden": "true" };
  return html`<span class="icon i-${name.replace(/\./g, "-")} ${cls}" ...${a11y}></span>`;
}

// The marks below are one element each where they can be (a 7-seat board draws hundreds of them, and every
// element is styled, laid out and painted): a mark with an icon draws it in its own ::before (its i-<name>
// class gives the glyph, base.css .res, .sci, .colormark and .mark.vp its font and size), and its number
// is its own text. Each is an image with its words for assistive tech (role="img": what it holds is not
// read out).

/** The class that draws icon name's glyph in an element's ::before (a mark that holds its icon itself). */
function glyph(name) {
  return `i-${name.replace(/\./g, "-")}`;
}

/** A coin with its value printed on it ("3 coins" for assistive tech). */
export function Coin({ n, sign = "" }) {
  return html`<span class="mark coin" role="img" aria-label=${t("mark.coins", { n })}>${sign}${num(n)}</span>`;
}

/** Victory points: the laurel with the number. */
export function Vp({ n }) {
  return html`<span class="mark vp ${glyph("vp")}" role="img" aria-label=${t("mark.vp", { n })}>${num(n)}</span>`;
}

/** Shields: up to 3 drawn one by one, more as one shield with its count. */
export function Shields({ n }) {
  const label = t("mark.shields", { n });
  if (n <= 3) {
    return html`<span class="mark shields" role="img" aria-label=${label}>${Array.from({ length: n }, () => html`<${Icon} name="shield" cls="shield" />`)}</span>`;
  }
  return html`<span class="mark shields" role="img" aria-label=${label}><${Icon} name="shield" cls="shield" /><span class="mark-n" aria-hidden="true">${num(n)}</span></span>`;
}

/** A resource in its colour; n > 1 draws it up to 3 times, more as one with its count. */
export function Res({ res, n = 1 }) {
  const label = t("mark.res", { n, res: t(`res.${res}`) });
  if (n <= 1) return html`<span class="res res-${res} ${glyph(res)}" role="img" aria-label=${label}></span>`;
  const one = html`<span class="res res-${res} ${glyph(res)}"></span>`;
  if (n <= 3) return html`<span class="mark" role="img" aria-label=${label}>${Array.from({ length: n }, () => one)}</span>`;
  return html`<span class="mark" role="img" aria-label=${label}>${one}<span class="times" aria-hidden="true">×${num(n)}</span></span>`;
}

/** A science symbol of either game. */
export function Science({ symbol }) {
  return html`<span class="mark sci sci-${symbol} ${glyph(symbol === "wild" ? "science_wild" : symbol)}" role="img" aria-label=${t(`sym.${symbol}`)}></span>`;
}

/** The shape that goes with a card colour (colour is never the only cue). */
export function ColorMark({ color }) {
  const label = t(`color.${color}`);
  return html`<span class="colormark c-${color} ${glyph(`color.${color}`)}" role="img" aria-label=${label} title=${label}></span>`;
}
