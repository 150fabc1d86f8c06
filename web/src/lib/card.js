// The card, drawn like a card: its colour band with the colour's shape, the effect as an icon row, the
// name, the cost as icons in the corner and the chain symbols. The same component serves the TV (pyramid,
// cities), the phone (hand, prompts) and the zoomed view.
import { entry, nameOf, wordsKey } from "./catalog.js";
import { effectText, EffectRow } from "./effects.js";
import { html, memoized } from "./html.js";
import { t } from "./i18n.js";
import { Coin, ColorMark, Icon, Res } from "./icons.js";

/** The printed cost as icons (coins first), or the word "free". */
export function CostRow({ cost, cls = "" }) {
  const resources = Object.entries(cost?.resources || {}).filter(([, n]) => n > 0);
  if (!cost?.coins && !resources.length) return html`<span class="cost free ${cls}">${t("cost.free")}</span>`;
  return html`<span class="cost ${cls}" role="group" aria-label=${costText(cost)}>${cost.coins ? html`<${Coin} n=${cost.coins} />` : null}${resources.map(([res, n]) => html`<${Res} res=${res} n=${n} />`)}</span>`;
}

/** The printed cost in words. */
export function costText(cost) {
  const parts = [];
  if (cost?.coins) parts.push(t("amount.coins", { n: cost.coins }));
  for (const [res, n] of Object.entries(cost?.resources || {})) if (n) parts.push(t(`amount.${res}`, { n }));
  return parts.length ? t("cost.is", { cost: parts.join(", ") }) : t("cost.free");
}

let labels = { words: null, byId: new Map() }; // cardLabel's answers in the words they were made in

/** What a card is, in words, for assistive tech and the zoomed view (each card's worked out once in the
 * same words: a 7-seat board labels every built card it draws). */
export function cardLabel(id) {
  const words = wordsKey();
  if (labels.words !== words) labels = { words, byId: new Map() };
  if (!labels.byId.has(id)) labels.byId.set(id, describeCard(id));
  return labels.byId.get(id);
}

function describeCard(id) {
  const e = entry(id);
  const color = e.color ? t(`color.${e.color}`) : "";
  return [nameOf(id), color, effectText(e.effects)].filter(Boolean).join(" — ");
}

function ChainMarks({ chain, side }) {
  if (!chain) return null;
  if (side === "from" && chain.fromSymbol) {
    return html`<span class="chain chain-from" title=${t("chain.free_with_symbol")}><${Icon} name="chain" /><${Icon} name=${`chain.${chain.fromSymbol}`} label=${t("chain.free_with", { what: t(`chainsym.${chain.fromSymbol}`) })} /></span>`;
  }
  if (side === "from" && chain.fromCards?.length) {
    return html`<span class="chain chain-from"><${Icon} name="chain" label=${t("chain.free_with", { what: chain.fromCards.map(nameOf).join(", ") })} /><span class="chain-names">${chain.fromCards.map(nameOf).join(", ")}</span></span>`;
  }
  if (side === "gives" && chain.symbol) {
    return html`<span class="chain chain-gives"><${Icon} name=${`chain.${chain.symbol}`} label=${t("chain.gives", { what: t(`chainsym.${chain.symbol}`) })} /></span>`;
  }
  if (side === "gives" && chain.toCards?.length) {
    return html`<span class="chain chain-gives"><${Icon} name="chain" label=${t("chain.makes_free", { what: chain.toCards.map(nameOf).join(", ") })} /><span class="chain-names">${chain.toCards.map(nameOf).join(", ")}</span></span>`;
  }
  return null;
}

/**
 * A card. size: "s" (a built card in a city: colour, effect, name), "m" (pyramid, hand: with cost and
 * chains), "l" (zoomed: everything, with the effect in words). onOpen makes it a button that opens it.
 * costOnTop puts the cost in the colour band, beside the effect: a card partly covered by others (the
 * Duel pyramid) shows only its top, and its cost must stay readable there.
 */
export function Card({ id, size = "m", cost = size !== "s", state = "", onOpen = null, selected = false, extra = "", costOnTop = false }) {
  const e = entry(id);
  const color = e.color || "none";
  const cls = `card c-${color} size-${size} ${state} ${selected ? "selected" : ""} ${costOnTop ? "cost-on-top" : ""} ${extra}`;
  const topCost = cost && costOnTop;
  const body = html`
    <span class="card-band">${e.color ? html`<${ColorMark} color=${e.color} />` : null}<${EffectRow} effects=${e.effects} />${topCost ? html`<${CostRow} cost=${e.cost} cls="band-cost" />` : null}</span>
    <span class="card-name">${nameOf(id)}</span>
    ${size === "l" ? html`<span class="card-words">${effectText(e.effects)}</span>` : null}
    ${cost || size === "l"
      ? html`<span class="card-foot">${cost && !topCost ? html`<${CostRow} cost=${e.cost} />` : null}<${ChainMarks} chain=${e.chain} side="from" /><${ChainMarks} chain=${e.chain} side="gives" /></span>`
      : null}`;
  if (onOpen) {
    return html`<button type="button" class=${cls} data-card=${id} aria-pressed=${selected ? "true" : undefined} onClick=${() => onOpen(id)}>${body}</button>`;
  }
  return html`<div class=${cls} data-card=${id} role="group" aria-label=${cardLabel(id)}>${body}</div>`;
}

/** A face-down card: its back (age I, II, III or guild) with the age numeral. */
export function CardBack({ back, state = "" }) {
  const label = back === "guild" ? "G" : ["", "I", "II", "III"][Number(String(back).replace("age", ""))] || "";
  return html`<div class="card back back-${back} ${state}" role="img" aria-label=${t("card.face_down")}><span class="back-mark" aria-hidden="true">${label}</span></div>`;
}

/** "3 coins" in words, with the language's plural. */
export function coinsText(n) {
  return t("amount.coins", { n });
}

/** A card's colour shape, small, for log lines and lists. */
export function CardIcon({ id }) {
  const e = entry(id);
  return e.color ? html`<${ColorMark} color=${e.color} />` : html`<${Icon} name="discard" />`;
}

/** What a chip shows of its card: the colour's shape, the effect's icons, the name. */
function ChipBodyNow({ id }) {
  const e = entry(id);
  return html`${e.color ? html`<${ColorMark} color=${e.color} />` : null}<${EffectRow} effects=${e.effects} /><span class="chip-name">${nameOf(id)}</span>`;
}

/** What a chip shows of its card, drawn again only when the card or the words change: a chip's glow
 * coming or going redraws the chip's own element alone (seven chips at every turn's end). */
const ChipBody = memoized(ChipBodyNow, (a, b) => a.id === b.id, wordsKey);

/** A card as a one-line chip (a built card in a city: colour shape, effect icons, name). */
function CardChipNow({ id, onOpen = null, fresh = false }) {
  const cls = `chip c-${entry(id).color || "none"} ${fresh ? "fresh" : ""}`;
  if (onOpen) return html`<button type="button" class=${cls} data-card=${id} onClick=${() => onOpen(id)}><${ChipBody} id=${id} /></button>`;
  return html`<div class=${cls} data-card=${id} role="group" aria-label=${cardLabel(id)}><${ChipBody} id=${id} /></div>`;
}

/** A card as a one-line chip (a built card in a city: colour shape, effect icons, name); drawn again only
 * when the card, its glow, its button or the words change (a city holds up to twenty). */
export const CardChip = memoized(CardChipNow, (a, b) => a.id === b.id && a.fresh === b.fresh && a.onOpen === b.onOpen, wordsKey);
