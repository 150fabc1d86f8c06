// The phone page of a classic game: my hand with every way to pay, "waiting for N players" with a
// way to change my choice, the Free City and Halicarnassus / Babylon / Olympia prompts, my city and
// what my neighbours can sell me, and the result.
import { nameOf } from "../lib/catalog.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { effectLine, productionText, RESOURCES, sellableOf } from "./catalog.js";
import { cityPanelEl } from "./city.js";
import { choiceText, handEl } from "./hand.js";
import { cityName, seatName } from "./names.js";
import { scoreTableEl, winnerLine } from "./scores.js";
import "./strings.js";

let changing = { step: -1 }; // the step at which "change my choice" was tapped

/**
 * The body of the phone for a classic table. state: the phone page's state {view, table, legal, seat,
 * step, busy, error}; act(action) sends a legal action; again() asks for play again; rerender() redraws.
 */
export function classicPhoneEl(state, { act, again, rerender }) {
  const { view, table } = state;
  const me = state.seat;
  const ctx = {
    view,
    busy: state.busy,
    cityName: (c) => cityName(view, table, c),
    can: (partial) => exactLegal(state.legal, partial),
    act: (action) => {
      changing = { step: -1 };
      if (action) act(action);
    },
  };
  const parts = [];
  if (view.phase === "over" && view.result) parts.push(resultEl(view, table, me, state.busy, again));
  else parts.push(h("section", { id: "prompt", class: "prompt" }, promptEl(state, ctx, rerender)));
  if (state.error) parts.push(h("p", { class: "error", id: "error" }, state.error));
  parts.push(glanceEl(view, table, me));
  return parts;
}

/** The legal action matching partial exactly (free_city included), or null. */
function exactLegal(legal, partial) {
  return (
    (legal || []).find(
      (a) => Boolean(a.free_city) === Boolean(partial.free_city) && Object.entries(partial).every(([k, v]) => k === "free_city" || a[k] === v),
    ) || null
  );
}

function promptEl(state, ctx, rerender) {
  const { view, table } = state;
  const me = state.seat;
  const pending = view.pending;
  if (pending) {
    if (pending.seat !== me) return waitLine(t(`cl.pending.${pending.kind}`, { name: seatName(table, pending.seat) }));
    if (pending.kind === "babylon" && view.my_turn) return [h("h2", {}, t("cl.pick.babylon")), handEl(view.my_turn, ctx)];
    return pickEl(pending, state.legal, ctx);
  }
  if (!(view.to_act || []).includes(me) || !view.my_turn) return waitLine(t("cl.all_chosen"));
  const myCity = view.cities[cityOfSeat(view, me)] || {};
  const waiting = (view.waiting || []).includes(me);
  if (waiting || changing.step === state.step) {
    const forFree = view.cities[view.my_turn.city]?.seat === null;
    return [
      h("h2", {}, forFree ? t("cl.for_free_city") : t("cl.your_hand")),
      forFree ? h("p", { class: "cl-mine muted" }, t("cl.my_choice", { what: choiceText(view.my_choice, myCity, ctx) })) : null,
      !forFree && view.free_city?.controller === me ? h("p", { class: "cl-fc-note" }, t("cl.free_city_note")) : null,
      waiting
        ? null
        : h("button", { class: "cl-keep", dataset: { ui: "keep" }, onclick: () => { changing = { step: -1 }; rerender(); } }, t("cl.keep")),
      handEl(view.my_turn, ctx),
    ];
  }
  const others = (view.waiting || []).filter((s) => s !== me);
  const freeCity = view.cities.find((c) => c.seat === null);
  return h(
    "div",
    { class: "cl-waiting" },
    h("p", { class: "cl-mine", id: "my-choice" }, t("cl.my_choice", { what: choiceText(view.my_choice, myCity, ctx) })),
    view.my_free_city_choice && freeCity ? h("p", { class: "cl-mine" }, t("cl.fc_choice", { what: choiceText(view.my_free_city_choice, freeCity, ctx) })) : null,
    h("p", { class: "wait" }, others.length === 1 ? t("cl.waiting_one", { name: seatName(table, others[0]) }) : t("cl.waiting_n", { n: others.length })),
    h("button", { class: "big cl-change", dataset: { ui: "change" }, disabled: state.busy, onclick: () => { changing = { step: state.step }; rerender(); } }, t("cl.change")),
  );
}

function cityOfSeat(view, seat) {
  return (view.cities || []).findIndex((c) => c.seat === seat);
}

function waitLine(text) {
  return h("p", { class: "wait" }, text);
}

/** Halicarnassus or Olympia's guild copy: one big button per legal action. */
function pickEl(pending, legal, ctx) {
  return h(
    "div",
    { class: "choice-prompt", dataset: { kind: pending.kind } },
    h("h2", {}, t(`cl.pick.${pending.kind}`)),
    h(
      "div",
      { class: "picks" },
      (legal || []).map((action) =>
        h(
          "button",
          { class: "pick cl-pick", dataset: { action: action.type, card: action.card }, disabled: ctx.busy, onclick: () => ctx.act(action) },
          h("span", { class: "cl-card-name" }, nameOf(action.card)),
          h("span", { class: "cl-card-effect" }, effectLine(action.card)),
        ),
      ),
    ),
  );
}

/** My city, and what each neighbour can sell me at which price. */
function glanceEl(view, table, me) {
  const c = cityOfSeat(view, me);
  const city = view.cities?.[c];
  if (!city) return null;
  return h(
    "div",
    { class: "cl-glance" },
    cityPanelEl(city, { name: t("cl.my_city"), compact: true }),
    ["left", "right"].map((side) => neighbourEl(view, table, city, side)),
  );
}

function neighbourEl(view, table, city, side) {
  const other = view.cities[city[side]];
  const prices = city.prices?.[side] || {};
  return h(
    "div",
    { class: "cl-neighbour", dataset: { side } },
    h("strong", {}, `${cityName(view, table, other.city)} (${t(`cl.side.${side}`)})`),
    " ",
    h("span", { class: "muted" }, `${other.name} ${other.side} · `),
    h("span", {}, t("cl.sellable"), ": ", productionText(sellableOf(other)) || t("cl.nothing")),
    h("div", { class: "cl-prices muted" }, t("cl.prices", { prices: priceText(prices) })),
  );
}

function priceText(prices) {
  const byPrice = {};
  for (const res of RESOURCES) (byPrice[prices[res] ?? 2] ||= []).push(res);
  const keys = Object.keys(byPrice);
  if (keys.length === 1) return `${keys[0]} each`;
  return keys.map((p) => `${p} for ${byPrice[p].join(", ")}`).join("; ");
}

function resultEl(view, table, me, busy, again) {
  const result = view.result;
  const names = (table?.seats || []).map((s) => seatName(table, s.seat));
  const winners = result.winners || [];
  const head = winners.includes(me) ? (winners.length > 1 ? t("cl.you_shared") : t("cl.you_won")) : t("cl.you_lost");
  return h(
    "section",
    { class: "phone-result", id: "result" },
    h("h1", {}, head),
    h("p", {}, winnerLine(result, names)),
    scoreTableEl(result, names, { small: true }),
    h("button", { class: "big primary", dataset: { action: "play_again" }, disabled: busy, onclick: again }, t("end.play_again")),
  );
}
