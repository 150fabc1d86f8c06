// Effects as a few primitives, drawn as an icon row and said as words by the same code, so a card reads
// the same on the TV, on a phone and to assistive tech. Each game's catalog adapter turns its engine
// catalog into these primitives (duel/catalog.js, classic/catalog.js).
//
// {k: "produce", res: {wood: 2}}            {k: "choice", res: ["glass", "papyrus"]}
// {k: "vp", n}  {k: "coins", n}  {k: "shields", n}  {k: "science", symbol}  {k: "science_wild"}
// {k: "trade_fix", res: [...]}  (Duel: buy these at 1 coin)
// {k: "trade", res: [...], neighbours: ["left", "right"]}  (7 Wonders: buy from neighbours at 1 coin)
// {k: "per", unit: "coins" | "vp", each, count: [colour | "stages" | "defeats" | "wonders" | "coins"],
//      whose: ["self", "left", "right"] | "most", per: 1}
// {k: "opponent_loses", n}  {k: "play_again"}  {k: "destroy", color}  {k: "great_library"}
// {k: "mausoleum"}  {k: "ability", id}  {k: "discount", target: "wonders" | "blue", n}
// {k: "receives_trade"}  {k: "vp_per_token", n}  {k: "extra_shield"}  {k: "replay_wonders"}
// {k: "chain_coins", n}
// Cities: {k: "gift", n, to: "neighbours" | "others"}  {k: "loss", n}  {k: "loss_per", count}
// {k: "debt_neighbours", n}  {k: "victory_token", n}  {k: "diplomacy", n}  {k: "spy", n}
import { html } from "./html.js";
import { Coin, ColorMark, Icon, Res, Science, Shields, Vp } from "./icons.js";
import { list, num, t } from "./i18n.js";

/** The effects as one line of words ("produces 2 wood · 1 victory point"). */
export function effectText(effects) {
  return (effects || []).map(effectWords).filter(Boolean).join(" · ");
}

function amount(unit, n) {
  return unit === "vp" ? t("fx.vp", { n }) : t("fx.coins_each", { n });
}

function whatText(count, per) {
  const words = count.map((what) => (what === "coins" ? t("what.coins", { n: per || 3 }) : t(`what.${what}`)));
  return list(words, "disjunction");
}

/** One effect in words. */
export function effectWords(e) {
  switch (e.k) {
    case "produce":
      return t("fx.produce", { what: list(Object.entries(e.res).map(([res, n]) => t(`amount.${res}`, { n }))) });
    case "choice":
      return t("fx.choice", { what: list(e.res.map((res) => t(`res.${res}`)), "disjunction") });
    case "vp":
      return t("fx.vp", { n: e.n });
    case "coins":
      return t("fx.coins", { n: e.n });
    case "shields":
      return t("fx.shields", { n: e.n });
    case "science":
      return t("fx.science", { symbol: t(`sym.${e.symbol}`) });
    case "science_wild":
      return t("fx.science_wild");
    case "trade_fix":
      return t("fx.trade_fix", { what: list(e.res.map((res) => t(`res.${res}`))) });
    case "trade":
      return t(`fx.trade.${e.neighbours.length > 1 ? "both" : e.neighbours[0]}`, { what: list(e.res.map((res) => t(`res.${res}`))) });
    case "per": {
      const whose = e.whose === "most" ? "most" : e.whose.length === 3 ? "all" : e.whose.includes("self") ? "self" : "neighbours";
      return t(`fx.per.${whose}`, { amount: amount(e.unit, e.each), what: whatText(e.count, e.per) });
    }
    case "opponent_loses":
      return t("fx.opponent_loses", { n: e.n });
    case "destroy":
      return t(`fx.destroy.${e.color}`);
    case "ability":
      return t(`fx.ability.${e.id}`);
    case "discount":
      return t(`fx.discount.${e.target}`, { n: e.n });
    case "vp_per_token":
    case "chain_coins":
    case "loss":
    case "debt_neighbours":
    case "victory_token":
    case "diplomacy":
    case "spy":
      return t(`fx.${e.k}`, { n: e.n });
    case "gift":
      return t(`fx.gift.${e.to}`, { n: e.n });
    case "loss_per":
      return t("fx.loss_per", { what: whatText(e.count) });
    default:
      return t(`fx.${e.k}`);
  }
}

const WHOSE_ARROWS = { left: "◀", right: "▶" };

function Whose({ whose }) {
  if (whose === "most") return html`<span class="whose" aria-hidden="true"><${Icon} name="trophy" /></span>`;
  if (whose.length === 1 && whose[0] === "self") return null;
  const marks = ["left", "self", "right"].filter((w) => whose.includes(w)).map((w) => (w === "self" ? "●" : WHOSE_ARROWS[w]));
  return html`<span class="whose" aria-hidden="true">${marks.join("")}</span>`;
}

function CountMark({ what }) {
  if (["brown", "grey", "blue", "yellow", "red", "green", "purple", "black"].includes(what)) return html`<${ColorMark} color=${what} />`;
  if (what.startsWith("victories_")) return html`<span class="count-mark victory-n"><${Icon} name="victory" /><span aria-hidden="true">${what.slice(10)}</span></span>`;
  if (what === "black") return html`<${ColorMark} color="black" />`;
  const icon = { stages: "stage", defeats: "defeat", wonders: "wonder", coins: "coin", victories: "victory" }[what] || what;
  return html`<${Icon} name=${icon} cls="count-mark" />`;
}

/** One effect as icons. */
export function EffectIcon({ e }) {
  switch (e.k) {
    case "produce":
      return Object.entries(e.res).map(([res, n]) => html`<${Res} res=${res} n=${n} />`);
    case "choice":
      return html`<span class="fx-choice" role="img" aria-label=${effectWords(e)}>${e.res.map((res, i) => html`${i ? html`<span class="slash" aria-hidden="true">/</span>` : null}<${Res} res=${res} />`)}</span>`;
    case "vp":
      return html`<${Vp} n=${e.n} />`;
    case "coins":
      return html`<${Coin} n=${e.n} />`;
    case "shields":
      return html`<${Shields} n=${e.n} />`;
    case "science":
      return html`<${Science} symbol=${e.symbol} />`;
    case "science_wild":
      return html`<${Science} symbol="wild" />`;
    case "trade_fix":
    case "trade":
      return html`<span class="fx-trade" role="img" aria-label=${effectWords(e)}>${e.k === "trade" ? html`<${Whose} whose=${e.neighbours} />` : null}${e.res.map((res) => html`<${Res} res=${res} />`)}<span class="fx-price"><span class="eq" aria-hidden="true">=</span><${Coin} n=${1} /></span></span>`;
    case "per":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}>${e.unit === "vp" ? html`<${Vp} n=${e.each} />` : html`<${Coin} n=${e.each} />`}<span class="slash" aria-hidden="true">/</span>${e.count.map((what) => html`<${CountMark} what=${what} />`)}${e.per > 1 ? html`<span class="times" aria-hidden="true">×${num(e.per)}</span>` : null}<${Whose} whose=${e.whose} /></span>`;
    case "opponent_loses":
      return html`<span class="fx-lose" role="img" aria-label=${effectWords(e)}><${Icon} name="lose_coins" /><${Coin} n=${e.n} sign="−" /></span>`;
    case "destroy":
      return html`<span class="fx-destroy" role="img" aria-label=${effectWords(e)}><${Icon} name="destroy" /><${ColorMark} color=${e.color} /></span>`;
    case "discount":
      return html`<span class="fx-discount" role="img" aria-label=${effectWords(e)}><${Icon} name="discount" />${e.target === "wonders" ? html`<${Icon} name="wonder" />` : html`<${ColorMark} color=${e.target} />`}<span class="times" aria-hidden="true">−${num(e.n)}</span></span>`;
    case "vp_per_token":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Vp} n=${e.n} /><span class="slash" aria-hidden="true">/</span><${Icon} name="progress" /></span>`;
    case "chain_coins":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Coin} n=${e.n} /><span class="slash" aria-hidden="true">/</span><${Icon} name="chain" /></span>`;
    case "extra_shield":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${ColorMark} color="red" /><span class="times" aria-hidden="true">+</span><${Icon} name="shield" cls="shield" /></span>`;
    case "replay_wonders":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Icon} name="wonder" /><${Icon} name="play_again" /></span>`;
    case "receives_trade":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Icon} name="trade" /><${Coin} n=${"+"} /></span>`;
    case "ability":
      if (ABILITY_SIDE[e.id]) return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><span class="whose" aria-hidden="true">${ABILITY_SIDE[e.id]}</span><${Icon} name="rebate" /><${Coin} n=${1} sign="−" /></span>`;
      return html`<${Icon} name=${ABILITY_ICON[e.id] || "wonder"} label=${effectWords(e)} />`;
    case "gift":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Icon} name="gift" /><${Coin} n=${e.n} />${e.to === "neighbours" ? html`<span class="whose" aria-hidden="true">◀▶</span>` : html`<${Icon} name="others" cls="count-mark" />`}</span>`;
    case "loss":
      return html`<span class="fx-lose" role="img" aria-label=${effectWords(e)}><${Icon} name="lose_coins" /><${Coin} n=${e.n} sign="−" /><${Icon} name="others" cls="count-mark" /></span>`;
    case "loss_per":
      return html`<span class="fx-lose" role="img" aria-label=${effectWords(e)}><${Icon} name="lose_coins" /><${Coin} n=${1} sign="−" /><span class="slash" aria-hidden="true">/</span>${e.count.map((what) => html`<${CountMark} what=${what} />`)}<${Icon} name="others" cls="count-mark" /></span>`;
    case "debt_neighbours":
      return html`<span class="fx-lose" role="img" aria-label=${effectWords(e)}><${Icon} name="debt" cls="debt-mark" /><span class="times" aria-hidden="true">−${e.n}</span><span class="whose" aria-hidden="true">◀▶</span></span>`;
    case "victory_token":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Icon} name="victory" cls="victory-mark" /><span class="times" aria-hidden="true">+${e.n}</span></span>`;
    case "diplomacy":
      return html`<${Icon} name="diplomacy" cls="diplomacy-mark" label=${effectWords(e)} />`;
    case "spy":
      return html`<span class="fx-per" role="img" aria-label=${effectWords(e)}><${Icon} name="spy" /><${Science} symbol="wild" /></span>`;
    default:
      return html`<${Icon} name=${e.k} label=${effectWords(e)} />`;
  }
}

const ABILITY_ICON = {
  olympia_free: "free_build", halicarnassus: "mausoleum", babylon_last_card: "last_card", copy_guild: "copy_guild",
  smugglers_cache: "smugglers", wharf_left: "rebate", wharf_right: "rebate", secret_warehouse: "warehouse",
  black_market: "black_market", architect_firm: "architect", discard_defeats: "memorial",
};
const ABILITY_SIDE = { wharf_left: "◀", wharf_right: "▶" };

/** The effects as an icon row. */
export function EffectRow({ effects, cls = "" }) {
  if (!effects?.length) return null;
  return html`<span class="fx-row ${cls}">${effects.map((e) => html`<span class="fx fx-${e.k}"><${EffectIcon} e=${e} /></span>`)}</span>`;
}
