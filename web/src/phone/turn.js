// My turn on the phone: every accessible card with what it costs me now, build / wonder / discard.
import { cardEl } from "../lib/cards.js";
import { nameOf } from "../lib/catalog.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** The list of accessible cards with their actions; act(action) sends one. */
export function turnEl(myTurn, { busy, act }) {
  return h(
    "div",
    { class: "turn" },
    h("h2", {}, t("phone.your_turn")),
    (myTurn?.cards || []).map((entry) => cardChoiceEl(entry, { busy, act })),
  );
}

function cardChoiceEl(entry, { busy, act }) {
  const { card, build } = entry;
  const buttons = [];
  buttons.push(
    actionButton({
      label: build?.legal ? (build.cost ? t("phone.build_cost", { cost: coins(build.cost) }) : `${t("phone.build")} · ${t("phone.free")}`) : t("phone.build"),
      legal: build?.legal,
      reason: build?.reason,
      breakdown: build?.legal ? breakdownText(build) : "",
      data: { action: "build", card },
      busy,
      onclick: () => act({ type: "build", card }),
      primary: true,
    }),
  );
  for (const w of entry.wonders || []) {
    buttons.push(
      actionButton({
        label: t("phone.wonder", { wonder: nameOf(w.wonder), cost: w.cost ? coins(w.cost) : t("phone.free") }),
        legal: w.legal,
        reason: w.reason,
        breakdown: w.legal ? breakdownText(w) : "",
        data: { action: "wonder", card, wonder: w.wonder },
        busy,
        onclick: () => act({ type: "wonder", card, wonder: w.wonder }),
      }),
    );
  }
  buttons.push(
    actionButton({
      label: t("phone.discard", { coins: entry.discard ?? 0 }),
      legal: true,
      data: { action: "discard", card },
      busy,
      onclick: () => act({ type: "discard", card }),
    }),
  );
  return h("article", { class: "choice-card", dataset: { choice: card } }, cardEl(card), h("div", { class: "choice-actions" }, buttons));
}

function actionButton({ label, legal, reason, breakdown, data, busy, onclick, primary = false }) {
  return h(
    "div",
    { class: `act ${legal ? "" : "illegal"}` },
    h("button", { class: `${primary ? "primary" : ""}`, dataset: data, disabled: busy || !legal, onclick }, label),
    !legal && reason ? h("span", { class: "reason" }, reason) : null,
    breakdown ? h("span", { class: "breakdown" }, breakdown) : null,
  );
}

function coins(n) {
  return t("phone.cost_coins", { n });
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
