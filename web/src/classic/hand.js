// The phone's hand in a classic turn: every card with its distinct ways to pay, wonder stage
// options, Olympia's free build and discard; greyed with the engine's reason when not buildable.
import { colorOf, nameOf } from "../lib/catalog.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { costText, effectLine, stageOf } from "./catalog.js";
import "./strings.js";

/**
 * The list of cards of myTurn. ctx: {view, cityName(c), busy, act(action), can(action) → legal action or null}.
 * Every button sends the legal action exactly as the host listed it.
 */
export function handEl(myTurn, ctx) {
  const city = ctx.view.cities?.[myTurn.city] || {};
  const fc = city.seat === null || city.seat === undefined;
  return h("div", { class: "cl-hand" }, stageSummaryEl(myTurn, city), (myTurn.cards || []).map((entry) => cardChoiceEl(entry, city, fc, ctx)));
}

function cardChoiceEl(entry, city, fc, ctx) {
  const { card } = entry;
  const extra = fc ? { free_city: true } : {};
  const buttons = [];
  const others = []; // payments dearer than the cheapest: under "other ways to pay"
  const add = (partial, label, cls = "", into = buttons) => {
    const legal = ctx.can({ ...partial, ...extra });
    if (!legal) return;
    into.push(
      h(
        "button",
        { class: `cl-act ${cls}`, dataset: { action: partial.type, card }, disabled: ctx.busy, onclick: () => ctx.act(legal) },
        label,
      ),
    );
  };
  const builds = entry.build || [];
  const cheapestBuild = cheapest(builds);
  for (const option of builds) {
    const into = trade(option) === cheapestBuild ? buttons : others;
    add({ type: "build", card, left: option.left, right: option.right }, buildLabel(option, entry.chain, city, ctx), "primary", into);
  }
  if (entry.olympia) add({ type: "olympia", card }, t("cl.olympia"), "primary");
  const stage = (city.stages_built ?? 0) + 1;
  const stages = entry.wonder || [];
  const cheapestStage = cheapest(stages);
  for (const option of stages) {
    const into = trade(option) === cheapestStage ? buttons : others;
    add({ type: "wonder", card, left: option.left, right: option.right }, wonderLabel(option, stage, city, ctx), "wonder", into);
  }
  if (entry.discard) add({ type: "discard", card }, t("cl.discard"), "discard");
  if (others.length) {
    buttons.push(h("details", { class: "cl-more" }, h("summary", {}, t("cl.other_ways", { n: others.length })), h("div", { class: "cl-acts" }, others)));
  }
  const buildable = (entry.build || []).length > 0 || entry.olympia;
  const color = colorOf(card) || "none";
  return h(
    "article",
    { class: `cl-choice ${buildable ? "" : "cannot"}`, dataset: { choice: card } },
    h(
      "div",
      { class: `cl-card-head c-${color}` },
      h("span", { class: "cl-card-name" }, nameOf(card)),
      h("span", { class: "cl-card-cost" }, costText(card) || t("phone.free")),
      h("span", { class: "cl-card-effect" }, effectLine(card)),
    ),
    buildable ? null : h("p", { class: "reason" }, entry.build_reason || ""),
    h("div", { class: "cl-acts" }, buttons),
  );
}

/** The coins a payment gives the neighbours. */
function trade(option) {
  return (option.left || 0) + (option.right || 0);
}

/** The least a list of payments gives the neighbours (the engine lists them cheapest first). */
function cheapest(options) {
  return options.length ? Math.min(...options.map(trade)) : 0;
}

/** The next wonder stage of the city (cost, effect) and why it cannot be built now, once for the hand. */
function stageSummaryEl(myTurn, city) {
  const total = city.stages_total ?? 0;
  const next = (city.stages_built ?? 0) + 1;
  if (!total) return null;
  if (next > total) return h("p", { class: "cl-stage-next muted" }, t("cl.stages"), ": ", t("cl.all_stages"));
  const id = stageOf(city, next);
  const possible = (myTurn.cards || []).some((entry) => (entry.wonder || []).length);
  const reason = (myTurn.cards || []).map((entry) => entry.wonder_reason).find(Boolean);
  return h(
    "div",
    { class: "cl-stage-next" },
    h("strong", {}, t("cl.next_stage", { stage: next, total })),
    " ",
    h("span", {}, costText(id) || t("phone.free")),
    h("span", { class: "muted" }, ` → ${effectLine(id)}`),
    possible ? null : h("div", { class: "reason minor" }, reason || ""),
  );
}

/** "pay 2 to Ann (left) + 1 to the bank" for an option {left, right, coins}. */
export function payParts(option, city, ctx) {
  const parts = [];
  if (option.left) parts.push(t("cl.pay_to", { n: option.left, name: ctx.cityName(city.left), side: t("cl.side.left") }));
  if (option.right) parts.push(t("cl.pay_to", { n: option.right, name: ctx.cityName(city.right), side: t("cl.side.right") }));
  if (option.coins) parts.push(t("cl.and_bank", { n: option.coins }));
  return parts.join(" + ");
}

function buildLabel(option, chain, city, ctx) {
  if (chain) return t("cl.build_chain");
  if (!option.left && !option.right) return option.coins ? t("cl.build_bank", { n: option.coins }) : t("cl.build_free");
  return t("cl.build_pay", { parts: payParts(option, city, ctx) });
}

function wonderLabel(option, stage, city, ctx) {
  const parts = payParts(option, city, ctx);
  return parts ? t("cl.wonder_pay", { stage, parts }) : t("cl.wonder_free", { stage });
}

/** A sentence for a chosen action ("Altar: build, pay 2 to Ann (left)"). */
export function choiceText(action, city, ctx) {
  if (!action) return "";
  const card = nameOf(action.card);
  const parts = payParts(action, city, ctx);
  const how = {
    build: parts ? t("cl.build_pay", { parts }) : t("cl.build_free"),
    wonder: parts ? t("cl.wonder_pay", { stage: (city.stages_built ?? 0) + 1, parts }) : t("cl.wonder_free", { stage: (city.stages_built ?? 0) + 1 }),
    discard: t("cl.discard"),
    olympia: t("cl.olympia"),
  }[action.type] || action.type;
  return `${card} — ${how}`;
}
