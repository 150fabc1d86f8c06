// The TV page: "/" creates or opens a table (a phone opening "/" sees the tables it may join instead);
// "/board/CODE" shows that table's lobby, its game and its end. Everything game-specific comes from the
// registry (games.js).
import "./lib/compat.js"; // first: what the engine lacks, as classes on <html>, before anything is drawn
import "./lib/base.css";
import "./lib/board.css";
import "./duel/duel.css";
import "./classic/classic.css";
import "./lib/lang.css";
import { catalogReady, loadCatalog, useCatalog } from "./lib/catalog.js";
import { applyChoosing, boardKey, codeFromPath, ConnBanner, errorText, keepBoardKey, openSocket, request } from "./lib/connection.js";
import { BoardHome, JoinPage } from "./lib/home.js";
import { html, render } from "./lib/html.js";
import { setLocale, startLanguage, t } from "./lib/i18n.js";
import { BOARD_LANGUAGE_KEY, LanguagePicker, PHONE_LANGUAGE_KEY } from "./lib/lang.js";
import { BoardLobby } from "./lib/lobby.js";
import { canTakeOver, noticeIcon, noticeText, noticeToasts } from "./lib/bots.js";
import { clockState } from "./lib/clock.js";
import { byTracker, keepLog, noticeEntry } from "./lib/log.js";
import { TakeoverBar } from "./lib/takeover.js";
import { toastQueue, Toasts } from "./lib/toasts.js";
import { MomentBanner, playMoves, rememberPlaces } from "./lib/moments.js";
import { seatName } from "./lib/seats.js";
import { winnerLine } from "./lib/scores.js";
import "./lib/strings/index.js";
import { GAMES, gameOf } from "./games.js";
import { patchedView, resendView } from "./lib/viewsync.js";
import "./after/after.css";
import "./after/strings/index.js";
import { HistoryScreen } from "./after/history.js";
import { OwnReplay, ownReplay } from "./after/ownreplay.js";
import { entriesBetween, entriesUpTo, keyCommand, manyHandsShown, nextReplay, ReplayBar, ReplayChart, replayTable, RevealedHands } from "./after/replay.js";
import { BoardMenu, RemoteBar, RENEW_BEFORE_S, SetupCodes, TakeoverCode } from "./lib/pairing.js";
import { spatialNavigation } from "./lib/spatial.js";

// The root address opened on a phone is its join page (the phone's language); the rest is the TV's.
const onBoard = () => Boolean(state.code || state.setupHere);
const languageKey = () => (onBoard() ? BOARD_LANGUAGE_KEY : PHONE_LANGUAGE_KEY);

const MOMENT_MS = 2400;
const MOMENT_QUEUE = 2;
const MOMENT_STALE_MS = 6000;
const FRESH_MS = 2500;
const LOG_KEEP = 400; // entries kept in memory (the TV shows the last few)
const REPLAY_LOG_LINES = 8; // log lines on the TV during a replay (the board is shorter by its bar)
const root = document.getElementById("app");
const phoneLike = window.matchMedia?.("(pointer: coarse)").matches && Math.min(screen.width, innerWidth) < 700;

const state = {
  code: codeFromPath("board"),
  table: null,
  view: null,
  version: null, // the version of the held view (the base of the host's next patch)
  step: -1,
  error: "",
  busy: false,
  tables: [],
  log: [],
  logKeys: new Set(),
  moment: null,
  moments: [],
  fresh: new Set(),
  online: false,
  kicked: false,
  setupHere: !phoneLike,
  rights: false, // this page is the table's board (it may seat bots, set the clock, release seats)
  clock: null, // the running countdowns (lib/clock.js clockState)
  notices: 0,
  replay: null, // the replay this TV shows (after/replay.js): a frame of the host's `replay` event
  replayGame: null, // the id of the history game it replays (null: the table's own game)
  screen: null, // "history": the history screen of the TV's home
  pairing: null, // the code this TV shows: the set-up code at home, a take-over code on request
  takeover: false, // the take-over code is shown over the table
  menu: false, // the board's menu (Back during a table)
};
const toasts = toastQueue(() => paint());
const chosenBy = byTracker();
setLocale(startLanguage(languageKey()));
document.title = t("app.title");
let momentTimer = null;
let freshTimer = null;
let places = {};

const socket = openSocket({
  onStatus: (online, kicked) => {
    Object.assign(state, { online, kicked });
    if (online && state.code) watch();
    else if (online) listTables();
    if (online) askPairing();
    if (online) own.reopen();
    paint();
  },
});
// A phone's history on the home page replays a game on the phone itself, as a seated phone does
// (after/ownreplay.js); the TV's replays a game on its own board (openReplay).
const own = ownReplay({ socket, games: GAMES, paint: () => paint() });

function game() {
  return gameOf(state.table?.game);
}

function names() {
  return (state.table?.seats || []).map((s) => seatName(state.table, s.seat));
}

function logContext(step) {
  const view = state.view;
  const g = game();
  return {
    step,
    seatName: (seat) => seatName(state.table, seat),
    cityName: (c) => (g?.cityNames ? g.cityNames(view, names())[c] : names()[c]) ?? "?",
    seatOfCity: (c) => view?.cities?.[c]?.seat ?? null,
    winner: (result) => winnerLine(result, names()),
  };
}

/** Adds log entries (from a live batch or the host's history), each once. */
function addLog(entries) {
  keepLog(state, entries, LOG_KEEP);
}

// The raw public log, event batches ({events, step, seat, by}) and table notices ({id, step, notice}):
// described again when the language changes or once the catalog's names arrive, so no line stays in the
// language (or with the names) it was first written in.
let batches = [];

/** The log entries of one kept batch: a notice's words, or the events with who chose each move. */
function describeBatch(batch) {
  if (batch.notice) {
    const text = noticeText(batch.notice, seatName(state.table, batch.notice.seat), false, (seat) => seatName(state.table, seat));
    return text ? [noticeEntry(batch.id, batch.notice.seat, text, noticeIcon(batch.notice), batch.notice.notice)] : [];
  }
  return chosenBy.mark(game().describe(batch.events, logContext(batch.step)), batch, state.table?.seats);
}

/** Keeps a batch (events or a notice) and describes it into the log. */
function logBatch(batch) {
  batches.push(batch);
  if (batches.length > LOG_KEEP) batches = batches.slice(-LOG_KEEP);
  addLog(describeBatch(batch));
}

/** The whole log described again (another language, or the names have arrived). */
function redescribe() {
  if (!game()) return;
  state.log = [];
  state.logKeys = new Set();
  chosenBy.reset();
  for (const batch of batches) addLog(describeBatch(batch));
}

/** Where a batch goes in the log: a notice comes after the action of its step, before the next one. */
const batchOrder = (batch) => (batch.notice ? (batch.step ?? 0) + 0.5 : batch.step ?? 0);

/** Moments that end the game: they replace whatever is queued or showing. */
const FINAL_MOMENTS = ["end", "supremacy"];

/** Queues moments; when events come faster than banners can be read, only the latest few are kept. The
 * game's end cuts the queue: a supremacy gets its banner at once, a game won on points has none (the score
 * table is the reveal, and nothing covers it). */
function showMoments(list) {
  const stamped = list.map((m, i) => ({ ...m, key: `${Date.now()}.${i}`, at: Date.now() }));
  const final = stamped.filter((m) => FINAL_MOMENTS.includes(m.kind));
  if (final.length) {
    state.moments = final.filter((m) => m.kind !== "end");
    state.moment = null;
    nextMoment();
    return;
  }
  state.moments.push(...stamped);
  state.moments = state.moments.slice(-MOMENT_QUEUE);
  if (!state.moment) nextMoment();
}

function nextMoment() {
  clearTimeout(momentTimer);
  const now = Date.now();
  state.moments = state.moments.filter((m) => now - m.at < MOMENT_STALE_MS);
  state.moment = state.moments.shift() || null;
  if (state.moment) momentTimer = setTimeout(() => { nextMoment(); paint(); }, MOMENT_MS);
}

socket.on("table", (table) => {
  if (table.code !== state.code) return;
  state.table = table;
  const g = game();
  if (g) {
    useCatalog(g.kind);
    if (!catalogReady()) loadCatalog(g.kind, g.adapt).then(() => { redescribe(); paint(); });
  }
  paint();
});

/** A new view: shown, then the moved pieces glide from where they were. */
function showView(view, step) {
  state.step = step ?? state.step;
  state.view = view;
  gliding = { ...gliding, ...places };
  places = {};
  paint();
}

socket.on("view", (msg) => {
  if (msg.code !== state.code) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.version = msg.version ?? null;
  showView(msg.view, msg.step);
});

/** The view's changes against the version held; one that does not fit asks for the whole view. */
socket.on("view_patch", (msg) => {
  if (msg.code !== state.code) return;
  const next = patchedView({ version: state.version, view: state.view, legal_actions: [] }, msg);
  if (!next) {
    resendView(socket);
    return;
  }
  state.version = next.version;
  if (next.view !== state.view || msg.step !== state.step) showView(next.view, msg.step);
});

socket.on("events", (msg) => {
  const g = game();
  if (msg.code !== state.code || !g) return;
  const ctx = logContext(msg.step);
  logBatch({ events: msg.events, step: msg.step, seat: msg.seat, by: msg.by });
  const moved = g.moves(msg.events);
  places = rememberPlaces(Object.keys(moved));
  // A move that shows nothing new (a choice kept secret until the turn's end) leaves the cards just built
  // glowing: a new, empty set would draw all seven cities again only to take their glow off, once a turn.
  if (Object.keys(moved).length) {
    state.fresh = new Set(Object.keys(moved));
    clearTimeout(freshTimer);
    freshTimer = setTimeout(() => { state.fresh = new Set(); paint(); }, FRESH_MS);
  }
  showMoments(g.moments(msg.events, ctx));
  paint();
});

/** A seat chose during a simultaneous turn: who is still choosing (never what). */
socket.on("choosing", (msg) => {
  if (msg.code !== state.code || !state.view) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.step = msg.step ?? state.step;
  state.view = applyChoosing(state.view, msg.waiting);
  paint();
});

/** The table's public log since the game began, sent on watch: the TV's log survives a reload. */
socket.on("history", (msg) => {
  const g = game();
  if (msg.code !== state.code || !g) return;
  // The whole game's log: it replaces the kept event batches (the notices heard here stay, in order).
  const entries = (msg.entries || []).map((e) => ({ events: e.events, step: e.step, seat: e.seat, by: e.by }));
  batches = [...entries, ...batches.filter((b) => b.notice)].sort((a, b) => batchOrder(a) - batchOrder(b)).slice(-LOG_KEEP);
  redescribe();
  paint();
});

/** The countdowns of the table's clock (each seat awaited, from now). */
socket.on("clock", (msg) => {
  if (msg.code !== state.code) return;
  state.clock = clockState(msg);
  paint();
});

/** A bot took a seat over or left it, or its player is back: a toast and a log line. */
socket.on("notice", (msg) => {
  if (msg.code !== state.code) return;
  const text = noticeText(msg, seatName(state.table, msg.seat), false, (seat) => seatName(state.table, seat));
  if (!text) return;
  state.notices += 1;
  logBatch({ id: `notice.${state.step}.${state.notices}`, step: state.step, notice: msg });
  if (noticeToasts(msg)) toasts.push({ text, icon: noticeIcon(msg), seat: msg.seat });
});

let pairingTimer = null;

/** The code the TV should show now: a set-up code at its start, a take-over code when asked; null: none. */
function pairingWanted() {
  if (!state.code) return state.setupHere ? { code: null } : null;
  return state.takeover ? { code: state.code } : null;
}

/** Asks the host for the code to show (a new one before the shown one ends: the code rotates). */
async function askPairing() {
  clearTimeout(pairingTimer);
  const wanted = pairingWanted();
  if (!wanted || !socket.connected) {
    state.pairing = null;
    return;
  }
  const reply = await request(socket, "pairing", withKey(wanted.code ? { code: wanted.code } : {}));
  if (!reply.ok) {
    state.error = errorText(reply);
    state.takeover = false;
  } else {
    const still = pairingWanted(); // the screen may have changed while the host answered
    if (still && (reply.code ?? null) === still.code) showPairing(reply);
  }
  paint();
}

function showPairing(payload) {
  state.pairing = payload;
  clearTimeout(pairingTimer);
  const renewIn = Math.max(5, (payload.expires_in ?? 60) - RENEW_BEFORE_S);
  pairingTimer = setTimeout(askPairing, renewIn * 1000);
}

/** A phone used the shown code: a fresh set-up code at home; a take-over code closes. */
socket.on("pairing", (msg) => {
  if (msg.code && msg.code === state.code && msg.claimed) {
    Object.assign(state, { takeover: false, pairing: null });
    clearTimeout(pairingTimer);
  } else if (!msg.code && !state.code) {
    showPairing(msg);
  }
  paint();
});

/** The host phone created its table from this TV's set-up code: the TV shows it, as its board. */
socket.on("follow", (msg) => {
  if (!msg?.code) return;
  keepBoardKey(msg.code, msg.board_key);
  openTable(msg.code);
});

socket.on("new_table", (msg) => {
  if (msg.old_code === state.code && msg.code && msg.code !== state.code) openTable(msg.code, { rewatch: false });
});
socket.on("error", (msg) => {
  state.error = errorText(msg);
  paint();
});

function withKey(payload) {
  const key = boardKey(state.code);
  return key ? { ...payload, board_key: key } : payload;
}

async function watch() {
  const reply = await request(socket, "watch", withKey({ code: state.code }));
  if (reply.ok) keepBoardKey(state.code, reply.board_key);
  state.rights = Boolean(reply.ok && reply.board);
  state.error = reply.ok ? "" : errorText(reply);
  paint();
}

async function listTables() {
  const reply = await request(socket, "list_tables", {});
  state.tables = reply.ok ? reply.tables || [] : [];
  state.lost = reply.ok ? reply.lost || [] : [];
  paint();
}

async function createTable(kind, options, seats, clock = null, coach = false) {
  state.busy = true;
  paint();
  const reply = await request(socket, "create_table", { game: kind, options, seats, clock, coach });
  state.busy = false;
  if (!reply.ok) {
    state.error = errorText(reply);
    paint();
    return;
  }
  keepBoardKey(reply.code, reply.board_key);
  openTable(reply.code);
}

/** Switches to table code; rewatch=false when the host already moved this socket there. */
function openTable(code, { rewatch = true } = {}) {
  if (code === state.code && !rewatch) return;
  if (!boardKey(code)) keepBoardKey(code, boardKey(state.code)); // play again keeps the board's rights
  Object.assign(state, { code, table: null, view: null, version: null, step: -1, error: "", log: [], logKeys: new Set(), moment: null, moments: [], clock: null, replay: null, replayGame: null });
  toasts.clear();
  batches = [];
  history.pushState({}, "", `/board/${encodeURIComponent(code)}`);
  Object.assign(state, { takeover: false, menu: false, pairing: null });
  clearTimeout(pairingTimer);
  if (rewatch) watch();
  paint();
}

/** Back to the TV's start (its set-up code and the tables). */
function goHome() {
  history.pushState({}, "", "/");
  Object.assign(state, { code: null, table: null, view: null, step: -1, error: "", log: [], logKeys: new Set(), clock: null, menu: false, takeover: false, setupHere: true });
  batches = [];
  listTables();
  askPairing();
  paint();
}

/** The remote's Back key: closes what is open, else opens the board's menu at a table. */
function back() {
  if (state.takeover) {
    Object.assign(state, { takeover: false, pairing: null });
    clearTimeout(pairingTimer);
  } else if (state.menu) state.menu = false;
  else if (state.code) state.menu = true;
  paint();
}

const remote = {
  showTakeover: () => { Object.assign(state, { takeover: true, menu: false }); askPairing(); paint(); },
  closeTakeover: () => back(),
  drop: async () => { state.menu = false; await act("drop_host", { code: state.code }); },
};

async function act(event, payload) {
  const reply = await request(socket, event, withKey(payload));
  state.error = reply.ok ? "" : errorText(reply);
  paint();
  return reply;
}

const handlers = {
  onStart: () => act("start", { code: state.code }),
  onRelease: (seat) => act("release_seat", { code: state.code, seat }),
  onSetBot: (seat, level) => act("set_bot", { code: state.code, seat, level }),
  onClock: (clock) => act("configure", { code: state.code, clock }),
  onCoach: (coach) => act("configure", { code: state.code, coach }),
  onPlayAgain: async () => {
    const reply = await act("play_again", { code: state.code });
    if (reply.ok && reply.code && reply.code !== state.code) openTable(reply.code);
  },
  onReplay: () => openReplay(), // the end screen's "Replay on the TV" (after/replay.js)
};

window.addEventListener("popstate", () => {
  Object.assign(state, { code: codeFromPath("board"), table: null, view: null, version: null, step: -1, error: "", log: [], logKeys: new Set(), clock: null, replay: null, replayGame: null, menu: false, takeover: false });
  batches = [];
  if (state.code) watch();
  else listTables();
  askPairing();
  paint();
});

// -- the replay and the history (after/) -----------------------------------------------------------

socket.on("replay", (msg) => {
  if (own.frame(msg)) return;
  const ours = msg.game !== undefined ? msg.game === state.replayGame : msg.code === state.code;
  if (!ours) return;
  const before = state.replay;
  state.replay = nextReplay(before, msg);
  const shown = gameOf(state.replay?.timeline?.kind);
  if (shown && msg.timeline) {  // a game of the history: its names come from its own catalog
    useCatalog(shown.kind);
    if (!catalogReady()) loadCatalog(shown.kind, shown.adapt).then(() => paint());
  }
  if (!state.replay) {
    if (state.replayGame === null && game()) useCatalog(game().kind); // back to the table's own pieces
    state.replayGame = null;
    Object.assign(state, { moment: null, moments: [] });
  } else if (before && state.replay.step > before.step) {
    const rg = gameOf(state.replay.timeline?.kind);
    const ctx = replayContext(state.replay);
    showMoments(entriesBetween(state.replay.timeline, before.step, state.replay.step).flatMap((e) => rg.moments(e.events, ctx(e.step))));
  } else if (before && state.replay.step < before.step) {
    Object.assign(state, { moment: null, moments: [] });
  }
  paint();
});

/** Sends one replay command (after/replay.js keyCommand, or a button) for the replay on show. */
async function replayCommand(command) {
  const payload = state.replayGame !== null ? { game: state.replayGame, ...command } : withKey({ code: state.code, ...command });
  const reply = await request(socket, "replay", payload);
  if (!reply.ok) {
    state.error = errorText(reply);
    paint();
  }
}

/** Opens the replay of this finished table, or (gameId) of a game of the history. */
function openReplay(gameId = null) {
  state.replayGame = gameId;
  replayCommand({ command: "open" });
}

function replayNames(replay) {
  // A game of the history shown as this table's replay (from the host phone) has its own seats.
  const live = state.replayGame === null && state.table && replay.history_game === undefined;
  // In a replay every seat is shown as present: who is away now says nothing about that moment.
  const table = live ? { ...state.table, seats: state.table.seats.map((s) => ({ ...s, connected: true })) } : replayTable(replay.timeline);
  return { table, names: (table.seats || []).map((s) => seatName(table, s.seat)) };
}

/** The log context of a replay's moment (its view and names). */
function replayContext(replay) {
  const { table, names: seatNames } = replayNames(replay);
  const rg = gameOf(replay.timeline?.kind);
  return (step) => ({
    step,
    seatName: (seat) => seatName(table, seat),
    cityName: (c) => (rg?.cityNames ? rg.cityNames(replay.view, seatNames)[c] : seatNames[c]) ?? "?",
    seatOfCity: (c) => replay.view?.cities?.[c]?.seat ?? null,
    winner: (result) => winnerLine(result, seatNames),
  });
}

/** The TV's replay: the game's own board at this stop, its log up to there and its moments in their place
 * (as in play), the bar, the chart. */
function ReplayScreen() {
  const replay = state.replay;
  const rg = gameOf(replay.timeline?.kind);
  if (!rg || !replay.view) return html`<main class="loading">${t("conn.connecting")}</main>`;
  const { table, names: seatNames } = replayNames(replay);
  const ctx = replayContext(replay);
  // The board is shorter by the bar: its log keeps fewer lines (REPLAY_LOG_LINES, the newest).
  const log = entriesUpTo(replay.timeline, replay.step).flatMap((e) => rg.describe(e.events, ctx(e.step))).slice(-REPLAY_LOG_LINES);
  const none = () => {};
  return html`<div class="replaying ${replay.hands ? "hands-on" : ""} ${manyHandsShown(replay) ? "many-hands" : ""}" id="replay" data-step=${replay.step}>
    <${rg.Board} table=${{ ...table, state: replay.view.phase === "over" ? "over" : "playing" }} view=${replay.view} names=${seatNames} log=${log} error=${state.error}
      handlers=${{ onStart: none, onRelease: null, onSetBot: null, onClock: null, onPlayAgain: none }} fresh=${new Set()} clock=${null} moments=${html`<${Moments} />`} />
    <${RevealedHands} replay=${replay} names=${seatNames} />
    <${ReplayChart} replay=${replay} names=${seatNames} />
    <${ReplayBar} replay=${replay} onCommand=${replayCommand} />
  </div>`;
}

// The TV remote in a replay: arrows step and jump between Ages, Space/Enter play or pause, Esc ends. A
// focused button keeps its own Enter and Space. Heard first (capture) and kept from the page's spatial
// navigation (lib/spatial.js): an arrow that steps the replay must not also move the focus onto the bar's
// buttons, or the next Space or Enter would press that button instead of playing.
window.addEventListener("keydown", (ev) => {
  if (!state.replay || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const tag = ev.target?.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if ((ev.key === "Enter" || ev.key === " ") && tag === "BUTTON") return;
  const command = keyCommand(ev.key, state.replay);
  if (!command) return;
  ev.preventDefault();
  ev.stopPropagation();
  replayCommand(command);
}, { capture: true });

function HistoryButton() {
  return html`<button class="history-open" data-action="history" onClick=${() => { state.screen = "history"; paint(); }}>${t("history.open")}</button>`;
}

function Page() {
  const g = game();
  if (state.replay && (state.replayGame !== null || state.code)) return html`<${ReplayScreen} />`;
  if (!state.code && state.screen === "history") {
    const tv = state.setupHere;
    if (!tv && own.current) return html`<main class="own-replay-page"><${OwnReplay} replays=${own} games=${GAMES} /></main>`;
    return html`<${Picker} /><${HistoryScreen} games=${GAMES} cls=${tv ? "board-history" : "phone-history"} onReplay=${tv ? (id) => openReplay(id) : own.open}
      here=${!tv} forget=${!tv} onClose=${() => { state.screen = null; paint(); }} />`;
  }
  if (!state.code) {
    if (!state.setupHere) return html`<${Picker} /><${HistoryButton} /><${JoinPage} games=${GAMES} tables=${state.tables} onSetup=${() => { state.setupHere = true; setLocale(startLanguage(languageKey())); paint(); }} />`;
    return html`<${Picker} /><${HistoryButton} /><${BoardHome} games=${GAMES} tables=${state.tables} lost=${state.lost || []} busy=${state.busy} error=${state.error} onCreate=${createTable} onOpen=${(code) => openTable(code)}>
      <${SetupCodes} pairing=${state.pairing} /></${BoardHome}>`;
  }
  if (!state.table || !g) return html`<main class="loading">${state.error ? html`<p class="error">${state.error}</p>` : t("conn.connecting")}</main>`;
  const title = t(g.titleKey);
  document.title = `${title} · ${state.code}`;
  if (state.table.state === "lobby" || !state.view) {
    const manage = state.rights;
    return html`<${Picker} /><${BoardLobby} table=${state.table} title=${title} note=${g.lobbyNote(state.table)} onStart=${handlers.onStart} onRelease=${handlers.onRelease}
      onSetBot=${manage ? handlers.onSetBot : null} onClock=${manage ? handlers.onClock : null} onCoach=${manage ? handlers.onCoach : null} error=${state.error}>
      <${RemoteBar} table=${state.table} onTakeover=${manage ? remote.showTakeover : null} onDrop=${manage ? remote.drop : null} /></${BoardLobby}>`;
  }
  const clock = state.table.state === "playing" ? state.clock : null;
  const offers = state.rights && state.table.state === "playing" ? (state.table.seats || []).filter(canTakeOver) : [];
  return html`<${g.Board} table=${state.table} view=${state.view} names=${names()} log=${state.log} error=${state.error}
    handlers=${handlers} fresh=${state.fresh} clock=${clock} moments=${html`<${Moments} />`} />
    <${TakeoverBar} seats=${offers} onSetBot=${handlers.onSetBot} />`;
}

/** The language of this screen (the TV's in the lobby and at set-up, the phone's on the join page). */
function Picker() {
  return html`<${LanguagePicker} storeKey=${languageKey()} cls=${onBoard() ? "board-lang" : "page-lang"} onChange=${() => { document.title = t("app.title"); redescribe(); paint(); }} />`;
}

/** The moment's banner and the toasts. In a game they take the board's own place for them (the log's),
 * never over whose turn it is, the conflict track or a city's name and coins; elsewhere they float. */
function Moments() {
  return html`<${MomentBanner} moment=${state.moment} /><${Toasts} items=${toasts.items} />`;
}

const inGame = () => Boolean(state.code && state.table && game() && state.table.state !== "lobby" && state.view);

// Messages come in bursts (a move's events, its views, seats choosing): they are all applied at once, and
// the board is drawn once per frame, never once per message, so a slow TV does not fall behind. It is drawn
// in a task of its own posted by the frame's callback, not inside the frame: the next frame paints what it
// drew, so a turn's end is two tasks (drawing and fitting; painting) instead of one long one, and what
// comes between them (a tap's message, a timer) is not held up by the whole of it.
let paintFrame = 0;
let paintPending = false;
const drawAfterFrame = new MessageChannel();
drawAfterFrame.port1.onmessage = () => {
  if (paintPending) paintNow();
};
let gliding = {}; // the pieces a new view moves, played once it is drawn

function paint() {
  if (paintPending) return;
  paintPending = true;
  paintFrame = requestAnimationFrame(() => drawAfterFrame.port2.postMessage(null));
}

function paintNow() {
  cancelAnimationFrame(paintFrame);
  paintFrame = 0;
  paintPending = false;
  // The root address on a phone is a phone's page: the TV's screen-sized type would be 3 px there.
  document.body.classList.toggle("board-page", onBoard());
  document.documentElement.classList.toggle("board-page", onBoard()); // the root size follows the screen (board.css)
  document.body.classList.toggle("phone-page", !onBoard() && Boolean(own.current)); // a phone's replay: its pieces' phone rules
  document.body.dataset.state = state.table?.state || (state.code ? "loading" : "home");
  document.body.dataset.step = String(state.step);
  render(html`<${ConnBanner} online=${state.online} kicked=${state.kicked} reconnect=${() => socket.connect()} kickedKey="conn.closed" />
    <${Page} />${inGame() || state.replay ? null : html`<${Moments} />`}<${Overlays} />`, root);
  keepFocus();
  if (Object.keys(gliding).length) {
    playMoves(gliding);
    gliding = {};
  }
}

/** The board's menu and the take-over code, over everything (the remote's Back closes them). */
function Overlays() {
  if (state.takeover) return html`<${TakeoverCode} pairing=${state.pairing} onClose=${remote.closeTakeover} />`;
  if (state.menu && state.table) {
    return html`<${BoardMenu} table=${state.table} onTakeover=${state.rights ? remote.showTakeover : null} onDrop=${state.rights ? remote.drop : null}
      onHome=${goHome} onClose=${back} />`;
  }
  return null;
}

const keepFocus = spatialNavigation({ onBack: back });

paintNow();
