// My turn on the phone: every accessible card with what it costs me now, build / wonder / discard.
import { cardEl } from "../lib/cards.js";
import { nameOf } from "../lib/catalog.js";
import { h } from "../lib/dom.js";
import { fxText } from "../lib/effects.js";
import { t } from "../lib/strings.js";

/** The list of accessible cards with their actions; act(action) sends one, can(action) checks legality;
 * notice (the opponent's last action) goes right under the heading. */
export function turnEl(myTurn, { busy, act, can = () => true, notice = null }) {
  return h(
    "div",
    { class: "turn" },
    h("h2", {}, t("phone.your_turn")),
    notice,
    (myTurn?.cards || []).map((entry) => cardChoiceEl(entry, { busy, act, can })),
    wonderSummaryEl(myTurn?.cards?.[0]?.wonders || []),
  );
}

/** What each of my unbuilt wonders costs right now (the same whichever card is tucked), or why not. */
function wonderSummaryEl(wonders) {
  if (!wonders.length) return null;
  return h(
    "div",
    { class: "wonder-summary" },
    h("span", { class: "label" }, t("phone.my_wonders")),
    wonders.map((w) =>
      h(
        "div",
        { class: `ws ${w.legal ? "ok" : "illegal"}`, dataset: { wonderInfo: w.wonder } },
        h("span", { class: "wb-name" }, nameOf(w.wonder)),
        fxText(w.wonder) ? h("span", { class: "wb-fx fx", dataset: { fx: w.wonder } }, fxText(w.wonder)) : null,
        h("span", { class: w.legal ? "wb-cost" : "reason" }, w.legal ? (w.cost ? coins(w.cost) : t("phone.free")) : w.reason || ""),
      ),
    ),
  );
}

function cardChoiceEl(entry, { busy, act, can }) {
  const { card, build } = entry;
  const buildLegal = Boolean(build?.legal && can({ type: "build", card }));
  const buildLabel = !build?.legal
    ? t("phone.build")
    : build.cost
      ? t("phone.build_cost", { cost: coins(build.cost) })
      : `${t("phone.build")} · ${t("phone.free")}`;
  const wonders = (entry.wonders || [])
    .filter((w) => w.legal && can({ type: "wonder", card, wonder: w.wonder }))
    .map((w) =>
      h(
        "button",
        {
          class: "wonder-btn",
          dataset: { action: "wonder", card, wonder: w.wonder },
          disabled: busy,
          title: breakdownText(w),
          onclick: () => act({ type: "wonder", card, wonder: w.wonder }),
        },
        h("span", { class: "wb-name" }, nameOf(w.wonder)),
        h("span", { class: "wb-cost" }, w.cost ? coins(w.cost) : t("phone.free")),
      ),
    );
  return h(
    "article",
    { class: `choice-card ${buildLegal ? "" : "cannot"}`, dataset: { choice: card } },
    cardEl(card, { extra: "wide", showText: true }),
    h(
      "div",
      { class: "main-acts" },
      h(
        "button",
        { class: "primary build-btn", dataset: { action: "build", card }, disabled: busy || !buildLegal, onclick: () => act({ type: "build", card }) },
        buildLabel,
      ),
      h(
        "button",
        { class: "discard-btn", dataset: { action: "discard", card }, disabled: busy || !can({ type: "discard", card }), onclick: () => act({ type: "discard", card }) },
        t("phone.discard", { coins: entry.discard ?? 0 }),
      ),
    ),
    h("p", { class: buildLegal ? "breakdown" : "reason" }, buildLegal ? breakdownText(build) : build?.reason || ""),
    wonders.length ? h("div", { class: "wonder-acts" }, h("span", { class: "label" }, t("phone.as_wonder")), wonders) : null,
  );
}

function coins(n) {
  return n === 1 ? t("phone.cost_coin") : t("phone.cost_coins", { n });
}

/** A one-line cost breakdown: card coins, trade per resource, discounts, chain, coins to the opponent. */
export function breakdownText(option) {
  const b = option?.breakdown;
  if (!b) return "";
  if (b.chain) return t("phone.breakdown.chain");
  const parts = [];
  if (b.card_coins) parts.push(t("phone.breakdown.card", { n: b.card_coins }));
  for (const [res, n] of Object.entries(b.trade || {})) if (n) parts.push(t("phone.breakdown.trade", { res: t(`res.${res}`), n }));
  for (const [res, n] of Object.entries(b.discount || {})) if (n) parts.push(t("phone.breakdown.discount", { res: t(`res.${res}`), n }));
  if (b.to_opponent) parts.push(t("phone.breakdown.to_opponent", { n: b.to_opponent }));
  return parts.length ? parts.join(" · ") : t("phone.breakdown.own");
}
