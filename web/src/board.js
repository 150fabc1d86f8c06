// Board page entry (TV): home → lobby → game → scores, for the table in the URL (/board/CODE).
import { gameEl } from "./board/game.js";
import { homeEl } from "./board/home.js";
import { lobbyEl } from "./board/lobby.js";
import { classicEvents, classicGameEl, classicLobby } from "./classic/board.js";
import { ensureCatalog } from "./classic/catalog.js";
import { applyChoosing, boardKey, codeFromPath, errorText, keepBoardKey, openSocket, request, showConnection } from "./lib/connection.js";
import { changedBy, describeEvents } from "./lib/describe.js";
import { h, mount } from "./lib/dom.js";
import { loadSpecs } from "./lib/specs.js";
import { setLocale, t } from "./lib/strings.js";

const FLASH_MS = 2500;
const root = document.getElementById("app");
const connEl = document.getElementById("conn");
const state = {
  code: codeFromPath("board"),
  table: null,
  view: null,
  step: -1,
  flash: null,
  lastLines: [],
  error: "",
  busy: false,
  tables: [],
};
let flashTimer = null;

setLocale("en");
document.title = t("app.title");
loadSpecs().then(() => render());

const socket = openSocket({
  onStatus: (online, kicked) => {
    showConnection(connEl, online, kicked, () => socket.connect(), "conn.closed");
    if (online && state.code) watch();
    else if (online) listTables();
  },
});

socket.on("table", (table) => {
  if (table.code !== state.code) return;
  state.table = table;
  ensureCatalog(table.game, render);
  render();
});
socket.on("view", (msg) => {
  if (msg.code !== state.code) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.step = msg.step ?? state.step;
  state.view = msg.view;
  render();
});
socket.on("choosing", (msg) => {
  if (msg.code !== state.code || !state.view) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.step = msg.step ?? state.step;
  state.view = applyChoosing(state.view, msg.waiting);
  render();
});
socket.on("events", (msg) => {
  if (msg.code !== state.code) return;
  if (state.table?.game === "classic") return render(classicEvents(msg.code, msg.events));
  const lines = describeEvents(msg.events, seatName);
  if (lines.length) state.lastLines = lines.slice(-3);
  state.flash = changedBy(msg.events);
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => {
    state.flash = null;
  }, FLASH_MS);
  render();
});
socket.on("new_table", (msg) => {
  keepBoardKey(msg.code, boardKey(msg.old_code)); // "play again" keeps the board key
  if (msg.old_code === state.code && msg.code && msg.code !== state.code) openTable(msg.code, { rewatch: false });
});
socket.on("error", (msg) => {
  state.error = msg?.message || msg?.error || "";
  render();
});

function seatName(seat) {
  return state.table?.seats?.[seat]?.name || t("seat.label", { n: (seat ?? 0) + 1 });
}

async function watch() {
  const key = boardKey(state.code);
  const reply = await request(socket, "watch", { code: state.code, ...(key ? { board_key: key } : {}) });
  if (reply.ok) keepBoardKey(state.code, reply.board_key);
  state.error = reply.ok ? "" : errorText(reply);
  render();
}

async function createTable(options, game = "duel", seats = null) {
  state.busy = true;
  render();
  const reply = await request(socket, "create_table", { game, options, ...(seats ? { seats } : {}) });
  state.busy = false;
  if (!reply.ok) {
    state.error = errorText(reply);
    render();
    return;
  }
  keepBoardKey(reply.code, reply.board_key);
  openTable(reply.code);
}

async function listTables() {
  const reply = await request(socket, "list_tables", {});
  state.tables = reply.ok ? reply.tables || [] : [];
  render();
}

/** Switches the board to table code; rewatch=false when the host already moved this socket there. */
function openTable(code, { rewatch = true } = {}) {
  if (code === state.code && !rewatch) return;
  Object.assign(state, { code, table: null, view: null, step: -1, flash: null, lastLines: [], error: "" });
  history.pushState({}, "", `/board/${encodeURIComponent(code)}`);
  if (rewatch) watch();
  render();
}

async function act(event, payload) {
  const reply = await request(socket, event, payload);
  state.error = reply.ok ? "" : errorText(reply);
  render();
  return reply;
}

const handlers = {
  onStart: () => act("start", { code: state.code }),
  onRelease: (seat) => act("release_seat", { code: state.code, seat }),
  onPlayAgain: async () => {
    const reply = await act("play_again", { code: state.code });
    if (reply.ok && reply.code) keepBoardKey(reply.code, boardKey(state.code));
    if (reply.ok && reply.code && reply.code !== state.code) openTable(reply.code);
  },
};

window.addEventListener("popstate", () => {
  state.code = codeFromPath("board");
  Object.assign(state, { table: null, view: null, step: -1, lastLines: [], error: "" });
  if (state.code) watch();
  else listTables();
});

function render() {
  document.body.dataset.state = state.table?.state || (state.code ? "loading" : "home");
  if (!state.code) {
    mount(root, homeEl({ onCreate: createTable, onCreateClassic: (options, seats) => createTable(options, "classic", seats), onOpen: (code) => openTable(code), tables: state.tables, busy: state.busy, error: state.error }));
  } else if (!state.table) {
    mount(root, h("main", { class: "loading" }, state.error ? h("p", { class: "error" }, state.error) : t("conn.connecting")));
  } else if (state.table.state === "lobby" || !state.view) {
    const lobby = lobbyEl(state.table, { ...handlers, error: state.error });
    mount(root, state.table.game === "classic" ? classicLobby(lobby, state.table) : lobby);
  } else if (state.table.game === "classic") {
    mount(root, classicGameEl(state, handlers));
  } else {
    mount(root, gameEl(state, handlers));
  }
}

ensureCatalog("duel", render);
render();
