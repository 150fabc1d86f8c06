// Phone page entry (/t/CODE): join with a name once, then the private hand of one seat.
// The seat token lives in localStorage per table code and is re-sent on every reconnect.
import { coinChip } from "./lib/cards.js";
import { cityEl } from "./lib/city.js";
import { applyChoosing, codeFromPath, errorText, openSocket, request, showConnection } from "./lib/connection.js";
import { describeEvents, pendingText } from "./lib/describe.js";
import { h, mount } from "./lib/dom.js";
import { setLocale, t } from "./lib/strings.js";
import { joinEl } from "./phone/join.js";
import { choiceEl } from "./phone/prompts.js";
import { resultEl } from "./phone/result.js";
import { turnEl } from "./phone/turn.js";
import { ensureCatalog } from "./classic/catalog.js";
import { classicPhoneEl } from "./classic/phone.js";

const VIEW_WAIT_MS = 3000;
const root = document.getElementById("app");
const connEl = document.getElementById("conn");
const tokenKey = (code) => `wt.token.${code}`;
const state = {
  code: codeFromPath("t"),
  token: null,
  seat: null,
  table: null,
  view: null,
  legal: [],
  step: -1,
  busy: false,
  error: "",
  theirLines: [],
  seq: 0,
};
state.token = state.code ? localStorage.getItem(tokenKey(state.code)) : null;
let viewWait = null;

setLocale("en");
document.title = t("app.title");

const socket = openSocket({
  getAuth: () => (state.token ? { token: state.token } : {}),
  onStatus: (online, kicked) => {
    showConnection(connEl, online, kicked, () => socket.connect());
  },
});

socket.on("table", (table) => {
  // A phone only ever hears about its own table: with a token bound to a newer table (after
  // "play again"), the host answers with that table, so follow it.
  if (table.code !== state.code && state.token) moveTo(table.code);
  if (table.code !== state.code) return;
  state.table = table;
  ensureCatalog(table.game, render);
  render();
});
socket.on("view", (msg) => {
  if (msg.code !== state.code || typeof msg.seat !== "number") return;
  if (typeof msg.step === "number" && msg.step < state.step && msg.seat === state.seat) return;
  state.seat = msg.seat;
  state.step = msg.step ?? state.step;
  state.view = msg.view;
  state.legal = msg.legal_actions || [];
  state.seq += 1;
  clearTimeout(viewWait);
  state.busy = false;
  render();
});
socket.on("choosing", (msg) => {
  if (msg.code !== state.code || !state.view) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.step = msg.step ?? state.step;
  state.view = applyChoosing(state.view, msg.waiting);
  state.seq += 1;
  render();
});
socket.on("events", (msg) => {
  if (msg.code !== state.code || msg.seat === state.seat || state.table?.game === "classic") return;
  const lines = describeEvents(msg.events, seatName);
  if (lines.length) state.theirLines = lines;
  render();
});
socket.on("new_table", (msg) => {
  if (msg.old_code === state.code && msg.code) moveTo(msg.code);
  render();
});
socket.on("error", (msg) => {
  if (msg?.error === "replaced") return; // the banner says it once the host closes this socket
  if (msg?.error === "bad_token") forgetSeat();
  state.error = msg?.message || msg?.error || "";
  render();
});

function forgetSeat() {
  if (state.code) localStorage.removeItem(tokenKey(state.code));
  Object.assign(state, { token: null, seat: null, view: null, legal: [], step: -1 });
}

function seatName(seat) {
  return state.table?.seats?.[seat]?.name || t("seat.label", { n: (seat ?? 0) + 1 });
}

async function join(name) {
  localStorage.setItem("wt.name", name);
  state.busy = true;
  render();
  const reply = await request(socket, "join", { code: state.code, name });
  state.busy = false;
  if (reply.ok) {
    state.token = reply.token;
    state.seat = reply.seat;
    state.error = "";
    localStorage.setItem(tokenKey(state.code), reply.token);
  } else {
    state.error = errorText(reply);
  }
  render();
}

/** The legal action (exactly as the host sent it) matching the fields of partial, or null. */
function legalFor(partial) {
  return state.legal.find((a) => Object.entries(partial).every(([key, value]) => a[key] === value)) || null;
}

async function act(partial) {
  const action = legalFor(partial) || partial;
  const seqBefore = state.seq;
  state.busy = true;
  state.error = "";
  render();
  const reply = await request(socket, "act", { action });
  if (!reply.ok) {
    state.busy = false;
    state.error = errorText(reply);
  } else {
    if (state.seq === seqBefore) {
      viewWait = setTimeout(() => {
        state.busy = false;
        render();
      }, VIEW_WAIT_MS);
    } else {
      state.busy = false;
    }
  }
  render();
}

async function simple(event) {
  state.busy = true;
  render();
  const reply = await request(socket, event, { code: state.code });
  state.busy = false;
  state.error = reply.ok ? "" : errorText(reply);
  if (reply.ok && event === "play_again" && reply.code && reply.code !== state.code) moveTo(reply.code);
  render();
}

function moveTo(code) {
  if (state.token) localStorage.setItem(tokenKey(code), state.token);
  if (code === state.code) return;
  Object.assign(state, { code, table: null, view: null, legal: [], step: -1, theirLines: [] });
  history.replaceState({}, "", `/t/${encodeURIComponent(code)}`);
}

function names() {
  return (state.table?.seats || []).map((s) => s.name || t("seat.label", { n: s.seat + 1 }));
}

function headerEl() {
  const me = state.seat;
  const myName = me !== null ? seatName(me) : "";
  const myMove = me !== null && state.view?.phase !== "over" && state.view?.pending?.seat === me;
  return h(
    "header",
    { class: "phone-head" },
    h("span", { class: "me" }, myName),
    myMove ? h("span", { class: "head-move", id: "my-move" }, t("phone.you_must")) : null,
    h("span", { class: "code" }, state.code || ""),
  );
}

function bodyEl() {
  if (!state.code) return h("p", { class: "error" }, t("phone.table_missing"));
  if (!state.token) {
    return joinEl({ name: localStorage.getItem("wt.name") || "", busy: state.busy, error: state.error, onJoin: join });
  }
  const view = state.view;
  const table = state.table;
  if (!table || !view || table.state === "lobby") return lobbyEl();
  if (table.game === "classic") return classicPhoneEl(state, { act, again: () => simple("play_again"), rerender: render });
  const me = state.seat;
  const parts = [];
  if (view.phase === "over" && view.result) {
    parts.push(resultEl(view.result, { me, names: names(), busy: state.busy, onPlayAgain: () => simple("play_again") }));
  } else if (view.pending?.seat === me) {
    const notice = theirEl();
    const inner =
      view.pending.kind === "turn"
        ? turnEl(view.my_turn, { busy: state.busy, act, can: legalFor, notice })
        : choiceEl(view.pending, { legal: state.legal, me, names: names(), busy: state.busy, act, notice });
    parts.push(h("section", { id: "prompt", class: "prompt mine" }, inner));
  } else {
    parts.push(
      h("section", { id: "prompt", class: "prompt waiting" }, h("p", { class: "wait" }, pendingText(view, names())), theirEl()),
    );
  }
  if (state.error) parts.push(h("p", { class: "error", id: "error" }, state.error));
  parts.push(glanceEl(view, me));
  return parts;
}

function lobbyEl() {
  const table = state.table;
  const seats = table?.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  return h(
    "section",
    { class: "phone-lobby" },
    h("p", {}, state.seat !== null ? t("phone.seated", { name: seatName(state.seat), n: state.seat + 1 }) : t("conn.connecting")),
    h("ul", { class: "seats" }, seats.map((s) => h("li", { class: `seat ${s.connected ? "on" : "away"}` }, h("span", { class: "dot" }), s.name || t("lobby.empty_seat")))),
    full
      ? h("button", { class: "big primary", dataset: { action: "start" }, disabled: state.busy, onclick: () => simple("start") }, t("phone.start"))
      : h("p", { class: "muted" }, t("phone.wait_start")),
    state.error ? h("p", { class: "error", id: "error" }, state.error) : null,
  );
}

function theirEl() {
  if (!state.theirLines.length) return null;
  return h("div", { class: "their", id: "their-action" }, h("span", { class: "label" }, t("phone.opponent_did")), state.theirLines.map((line) => h("div", {}, line)));
}

function glanceEl(view, me) {
  const players = view.players || [];
  const mine = players[me];
  const theirs = players[1 - me];
  return h(
    "div",
    { class: "glance" },
    h("div", { class: "pawn-line" }, h("span", {}, t("board.military")), h("span", { class: "pawn-pos" }, pawnText(view.military?.pawn ?? 0, me, seatName(1 - me)))),
    mine ? cityEl(mine, { name: t("phone.my_city"), compact: true }) : null,
    theirs
      ? h("div", { class: "them" }, h("span", {}, `${t("phone.their_city")}: ${seatName(1 - me)}`), coinChip(theirs.coins ?? 0), h("span", {}, `${theirs.points ?? 0} ${t("city.points")}`))
      : null,
  );
}

function pawnText(pawn, me, them) {
  const lead = me === 0 ? pawn : -pawn;
  if (lead === 0) return t("phone.pawn_even");
  return lead > 0 ? t("phone.pawn_me", { n: lead }) : t("phone.pawn_them", { name: them, n: -lead });
}

function render() {
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.busy = state.busy ? "1" : "0";
  document.body.dataset.seat = state.seat === null ? "" : String(state.seat);
  mount(root, headerEl(), h("main", { class: "phone-main" }, bodyEl()));
}

ensureCatalog("duel", render);
render();
