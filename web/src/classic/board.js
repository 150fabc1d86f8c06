// The TV board of a classic game: a header with the age, the passing direction, who is still
// choosing and the discard pile; every city around the table; the score table at the end.
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { cityPanelEl } from "./city.js";
import { revealOf } from "./events.js";
import { cityName, seatName } from "./names.js";
import { finalEl } from "./scores.js";
import "./strings.js";

const ROMAN = ["", "I", "II", "III"];
let latest = { code: null, reveal: null, stamp: 0 };

/** Keeps the last reveal of table code from a batch of public events. */
export function classicEvents(code, events) {
  const reveal = revealOf(events);
  if (latest.code !== code) latest = { code, reveal: null, stamp: 0 };
  if (reveal) latest = { code, reveal, stamp: latest.stamp + 1 };
}

/** Puts the classic options (players, sides) in place of the Duel options note of the lobby el. */
export function classicLobby(el, table) {
  const note = el.querySelector(".lobby-info p.muted");
  const sides = t(`cl.sides.${table.options?.sides || "random"}`);
  const n = (table.seats || []).length;
  if (note) note.textContent = n === 2 ? t("cl.lobby_note_2p", { sides }) : t("cl.lobby_note", { n, sides });
  return el;
}

/** The whole board. state: {code, view, table, error}; handlers: onRelease, onPlayAgain. */
export function classicGameEl(state, handlers) {
  const { view, table } = state;
  const reveal = latest.code === state.code ? latest.reveal : null;
  const cities = view.cities || [];
  const names = cities.map((_, c) => cityName(view, table, c));
  const seatNames = (table?.seats || []).map((s) => seatName(table, s.seat));
  const over = view.phase === "over" && view.result;
  return h(
    "div",
    { class: `cl-game phase-${view.phase} n-${cities.length}`, dataset: { stamp: String(latest.stamp) } },
    headerEl(view, table, seatNames, handlers),
    over ? finalEl(view.result, seatNames, { onPlayAgain: handlers.onPlayAgain, error: state.error }) : null,
    h(
      "div",
      { class: "cl-ring" },
      cities.map((city, c) =>
        h(
          "div",
          { class: "cl-slot", style: slotStyle(c, cities.length) },
          cityPanelEl(city, {
            name: names[c],
            leftName: names[city.left],
            rightName: names[city.right],
            status: over ? "" : statusOf(view, city),
            reveal: reveal?.lines?.[c] || [],
            fresh: reveal?.cards || new Set(),
            militaryFlash: Boolean(reveal?.military?.has(c)),
            compact: Boolean(over),
          }),
        ),
      ),
    ),
    !over && state.error ? h("p", { class: "error" }, state.error) : null,
  );
}

function statusOf(view, city) {
  if (view.phase !== "turn") return view.pending?.city === city.city ? "choosing" : "";
  const seat = city.seat ?? view.free_city?.controller;
  if (seat === null || seat === undefined || !(view.to_act || []).includes(seat)) return "";
  if (city.seat === null) return view.waiting?.includes(seat) ? "choosing" : "ready";
  return view.chosen?.[seat] ? "ready" : "choosing";
}

/** Cities go around the screen: the top row left to right, the bottom row right to left. */
function slotStyle(c, n) {
  const perRow = n <= 4 ? n : Math.ceil(n / 2);
  if (c < perRow) return { gridRow: "1", gridColumn: String(c + 1) };
  return { gridRow: "2", gridColumn: String(perRow - (c - perRow)) };
}

function headerEl(view, table, names, { onRelease }) {
  return h(
    "header",
    { class: "status cl-status" },
    h("span", { class: "phase" }, t("cl.age", { age: ROMAN[view.age] || view.age }), " · ", h("span", { class: "muted" }, t("cl.turn", { turn: view.turn ?? 1 }))),
    h("span", { class: "cl-dir", dataset: { direction: view.direction } }, t(`cl.pass.${view.direction}`)),
    h("span", { class: "pending", id: "pending" }, pendingLine(view, names)),
    h("span", { class: "cl-discard" }, t("cl.discard_count", { n: view.discard_count ?? 0 })),
    h(
      "span",
      { class: "seat-pills" },
      (table?.seats || []).map((seat) =>
        h(
          "span",
          { class: `pill ${seat.connected ? "on" : "away"}`, dataset: { seat: seat.seat } },
          h("span", { class: "dot" }),
          seat.name || t("lobby.empty_seat"),
          seat.taken && !seat.connected
            ? h("button", { class: "small", dataset: { action: "release", seat: seat.seat }, onclick: () => onRelease(seat.seat) }, t("lobby.release"))
            : null,
        ),
      ),
    ),
  );
}

function pendingLine(view, names) {
  if (view.phase === "over") return t("status.over");
  if (view.pending) return t(`cl.pending.${view.pending.kind}`, { name: names[view.pending.seat] ?? "?" });
  const waiting = view.waiting || [];
  if (!waiting.length) return t("cl.all_chosen");
  return t("cl.waiting_for", { names: waiting.map((s) => names[s]).join(", ") });
}
