// The phone page (/t/CODE): is there such a table? then a name, then the private hand of one seat. The
// seat token lives in localStorage per table code and is re-sent on every reconnect. Everything
// game-specific comes from the registry (games.js).
import "./lib/compat.js"; // first: what the engine lacks, as classes on <html>, before anything is drawn
import "./lib/base.css";
import "./lib/phone.css";
import "./duel/duel.css";
import "./classic/classic.css";
import "./lib/lang.css";
import { turnAlert, setSound, soundOn } from "./lib/alert.js";
import { catalogReady, loadCatalog, useCatalog } from "./lib/catalog.js";
import { applyChoosing, codeFromPath, ConnBanner, errorText, openSocket, request } from "./lib/connection.js";
import { JoinPage } from "./lib/home.js";
import { html, render } from "./lib/html.js";
import { setLocale, startLanguage, t } from "./lib/i18n.js";
import { Icon } from "./lib/icons.js";
import { PhoneLobby } from "./lib/lobby.js";
import { byTracker, keepLog, LogList, noticeEntry } from "./lib/log.js";
import { botLine, canTakeOver, isTakeover, noticeIcon, noticeText, noticeToasts } from "./lib/bots.js";
import { clockState, Countdown } from "./lib/clock.js";
import { toastQueue, Toasts } from "./lib/toasts.js";
import { seatColor, seatName } from "./lib/seats.js";
import { winnerLine } from "./lib/scores.js";
import { Sheet } from "./lib/sheet.js";
import { keepAwake } from "./lib/awake.js";
import "./lib/strings/index.js";
import { LanguagePicker, PHONE_LANGUAGE_KEY } from "./lib/lang.js";
import { GAMES, gameOf } from "./games.js";
import { patchedView, resendView } from "./lib/viewsync.js";
import "./after/after.css";
import "./after/strings/index.js";
import { PhoneEnd } from "./after/end.js";
import { HistoryScreen } from "./after/history.js";
import { nextReplay, PhoneRemote } from "./after/replay.js";
import { replayNames } from "./after/phonereplay.js";
import { isOwnFrame, OwnReplay, ownReplay, showCatalogOf } from "./after/ownreplay.js";
import { grantKey, HostTools, hostKeyOf, keepGrant, keepHostKey, secretFromPath } from "./lib/pairing.js";

setLocale(startLanguage(PHONE_LANGUAGE_KEY));
document.title = t("app.title");

const VIEW_WAIT_MS = 3000;
const LOG_KEEP = 1000;
const root = document.getElementById("app");
const tokenKey = (code) => `wt.token.${code}`;
const state = {
  code: codeFromPath("t")?.toUpperCase() || null,
  token: null,
  seat: null,
  table: null,
  view: null,
  version: null, // the version of the held view (the base of the host's next patch)
  legal: [],
  step: -1,
  busy: false,
  error: "",
  seq: 0,
  sent: 0, // actions this page sent (the tests check that one tap never sends one)
  online: false,
  kicked: false,
  lookup: "pending", // "pending" | "ok" | "unknown" | "full"
  title: "", // the host's title of a table whose game this page lacks
  titleKey: "", // else its game's title in the catalogs
  tables: [],
  log: [],
  logKeys: new Set(),
  lastBySeat: {},
  history: false,
  sound: soundOn(),
  clock: null, // the running countdowns (lib/clock.js clockState); this phone shows its own seat's
  notices: 0,
  replay: null, // the TV's replay of this finished table, as the host last said (after/replay.js)
  screen: null, // "history": the history screen
  setup: secretFromPath(), // the TV's set-up code this page was opened with (claimed once)
  claim: secretFromPath() ? "pending" : null, // "pending" | "ok" | "bad"
  grant: null, // the claimed set-up key: this phone may create one table and be its remote
  hostKey: null, // this phone is the table's remote (the host phone) while it holds the key
  hostTools: false,
  hints: null, // the coach's answer for this seat: {decision, asking, list, error} (lib/coach.js)
};
const toasts = toastQueue(() => paint());
const chosenBy = byTracker();
state.token = state.code ? localStorage.getItem(tokenKey(state.code)) : null;
state.hostKey = hostKeyOf(state.code);
if (!state.code && !state.setup && location.pathname.startsWith("/setup")) state.grant = grantKey();
if (state.grant) state.claim = "ok";
let viewWait = null;
let waitingNotices = []; // notices heard before the first view said which seat is this phone's
let lastPrompt = null;
let firstView = true;

// The phone's device token (one per browser, for every table): the host ties a seat to it, not to the
// network address, so two phones behind one router each take a seat. The host issues one if absent.
const DEVICE_KEY = "wt.device";
const socket = openSocket({
  getAuth: () => {
    const device = localStorage.getItem(DEVICE_KEY);
    return { ...(state.token ? { token: state.token } : {}), ...(device ? { device } : {}) };
  },
  onStatus: (online, kicked) => {
    Object.assign(state, { online, kicked });
    if (online && state.setup) claimSecret();
    else if (online && !state.token) lookUp();
    if (online && state.hostKey) proveHost();
    if (online) own.reopen();
    paint();
  },
});
// A game of the history this phone replays for itself (after/ownreplay.js); closed, the table's own
// catalog is back (and the log is described again with its names if the replay used another one).
const own = ownReplay({
  socket,
  games: GAMES,
  paint: () => paint(),
  onClosed: (kind) => {
    showCatalogOf(GAMES, game()?.kind, paint);
    if (kind && kind !== game()?.kind) redescribe();
  },
});

function game() {
  return gameOf(state.table?.game);
}

function names() {
  return (state.table?.seats || []).map((s) => seatName(state.table, s.seat));
}

/** Is the code in the address a table this phone may join? Said before the name is asked. */
async function lookUp() {
  if (!state.code) return;
  const reply = await request(socket, "table_info", { code: state.code });
  const table = reply.ok ? reply.table : null;
  if (!reply.ok && reply.error !== "no_table") state.error = errorText(reply);
  state.title = table && GAMES[table.game] ? "" : table?.title || "";
  state.titleKey = table && GAMES[table.game] ? GAMES[table.game].titleKey : "";
  if (!table) state.lookup = "unknown";
  else if ((table.free_seats ?? (table.seats || []).filter((s) => !s.taken).length) === 0) state.lookup = "full";
  else state.lookup = "ok";
  if (state.lookup !== "ok") {
    const all = await request(socket, "list_tables", {});
    state.tables = all.ok ? all.tables || [] : [];
  }
  paint();
}

socket.on("table", (table) => {
  // A phone only hears about its own table: with a token bound to a newer table (after "play again"),
  // the host answers with that table, so follow it.
  if (table.code !== state.code && state.token) moveTo(table.code);
  if (table.code !== state.code) return;
  state.table = table;
  state.lookup = "ok";
  const g = game();
  if (g) {
    useCatalog(g.kind);
    if (!catalogReady()) loadCatalog(g.kind, g.adapt).then(() => { redescribe(); paint(); });
  }
  paint();
});

socket.on("view", (msg) => {
  if (msg.code !== state.code || typeof msg.seat !== "number") return;
  if (typeof msg.step === "number" && msg.step < state.step && msg.seat === state.seat) return;
  state.version = msg.version ?? null;
  showView(msg, msg.view, msg.legal_actions || []);
});

/** The view's changes against the version held; one that does not fit asks for the whole view. */
socket.on("view_patch", (msg) => {
  if (msg.code !== state.code || typeof msg.seat !== "number") return;
  const next = patchedView({ version: state.version, view: state.view, legal_actions: state.legal }, msg);
  if (!next) {
    resendView(socket);
    return;
  }
  state.version = next.version;
  showView(msg, next.view, next.legal_actions);
});

/** This seat's new view and legal actions (from a whole view or a patch). */
function showView(msg, view, legal) {
  state.seat = msg.seat;
  state.step = msg.step ?? state.step;
  state.view = view;
  state.legal = legal;
  state.seq += 1;
  const notices = waitingNotices;
  waitingNotices = [];
  notices.forEach(showNotice);
  clearTimeout(viewWait);
  state.busy = false;
  paint();
}

function logContext(step) {
  const g = game();
  return {
    step,
    seatName: (seat) => seatName(state.table, seat),
    cityName: (c) => (g?.cityNames ? g.cityNames(state.view, names())[c] : names()[c]) ?? "?",
    seatOfCity: (c) => state.view?.cities?.[c]?.seat ?? null,
    winner: (result) => winnerLine(result, names()),
  };
}

function addLog(entries) {
  keepLog(state, entries, LOG_KEEP);
}

// The raw public log, event batches ({events, step, seat, by}) and table notices ({id, step, notice}):
// described again when the language changes or once the catalog's names arrive, so no line stays in the
// language (or with the names) it was first written in.
let batches = [];

/** The log entries of one kept batch: a notice's words ("welcome back" for this phone's own seat), or
 * the events with who chose each move (and the acting seat's last move). */
function describeBatch(batch) {
  if (batch.notice) {
    const { notice } = batch;
    const text = noticeText(notice, seatName(state.table, notice.seat), notice.seat === state.seat, (seat) => seatName(state.table, seat));
    return text ? [noticeEntry(batch.id, notice.seat, text, noticeIcon(notice), notice.notice)] : [];
  }
  const entries = chosenBy.mark(game().describe(batch.events, logContext(batch.step)), batch, state.table?.seats);
  if (typeof batch.seat === "number" && entries.length) state.lastBySeat[batch.seat] = entries.map((e) => e.text).join(" · ");
  return entries;
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
  Object.assign(state, { log: [], logKeys: new Set(), lastBySeat: {} });
  chosenBy.reset();
  for (const batch of batches) addLog(describeBatch(batch));
}

/** Where a batch goes in the log: a notice comes after the action of its step, before the next one. */
const batchOrder = (batch) => (batch.notice ? (batch.step ?? 0) + 0.5 : batch.step ?? 0);

socket.on("events", (msg) => {
  const g = game();
  if (msg.code !== state.code || !g) return;
  logBatch({ events: msg.events, step: msg.step, seat: msg.seat, by: msg.by });
  paint();
});

socket.on("history", (msg) => {
  const g = game();
  if (msg.code !== state.code || !g) return;
  // The whole game's log: it replaces the kept event batches (the notices heard here stay, in order).
  const entries = (msg.entries || []).map((e) => ({ events: e.events, step: e.step, seat: e.seat, by: e.by }));
  batches = [...entries, ...batches.filter((b) => b.notice)].sort((a, b) => batchOrder(a) - batchOrder(b)).slice(-LOG_KEEP);
  redescribe();
  paint();
});

/** The table's clock: this phone shows the countdown of its own seat. */
socket.on("clock", (msg) => {
  if (msg.code !== state.code) return;
  state.clock = clockState(msg);
  paint();
});

/** A bot took a seat over or left it, or a player is back (this one too: "welcome back"). A phone that
 * comes back hears of it before its first view tells it its seat: the notice waits for that view. */
socket.on("notice", (msg) => {
  if (msg.code !== state.code) return;
  if (state.seat === null && state.token) {
    waitingNotices.push(msg);
    return;
  }
  showNotice(msg);
});

function showNotice(msg) {
  const mine = msg.seat === state.seat;
  const text = noticeText(msg, seatName(state.table, msg.seat), mine, (seat) => seatName(state.table, seat));
  if (!text) return;
  state.notices += 1;
  logBatch({ id: `notice.${state.step}.${state.notices}`, step: state.step, notice: msg });
  if (!noticeToasts(msg)) return; // a bot's reason: a log line only
  if (mine && msg.notice === "asked_coach") return; // this phone asked: its hints are the answer
  toasts.push({ text, icon: noticeIcon(msg), seat: msg.seat, ms: mine ? 10000 : undefined });
}

/** Another seat chose during a simultaneous turn: who is still choosing. */
socket.on("choosing", (msg) => {
  if (msg.code !== state.code || !state.view) return;
  if (typeof msg.step === "number" && msg.step < state.step) return;
  state.step = msg.step ?? state.step;
  state.view = applyChoosing(state.view, msg.waiting);
  state.seq += 1;
  paint();
});

socket.on("new_table", (msg) => {
  if (msg.old_code === state.code && msg.code) moveTo(msg.code);
  paint();
});

socket.on("device", (msg) => {
  if (typeof msg?.device === "string") localStorage.setItem(DEVICE_KEY, msg.device);
});
socket.on("error", (msg) => {
  if (msg?.error === "replaced") return; // the banner says it once the host closes this socket
  if (msg?.error === "bad_token") forgetSeat();
  state.error = errorText(msg);
  paint();
});

/** Claims the TV's set-up code once: a table to create (the set-up screens), or the remote of the code's
 * table (then its join page). The address loses the secret at once, so a reload never replays it. */
async function claimSecret() {
  const secret = state.setup;
  state.setup = null;
  history.replaceState({}, "", "/setup");
  const reply = await request(socket, "claim", { secret });
  if (!reply.ok) {
    Object.assign(state, { claim: "bad", error: errorText(reply) });
  } else if (reply.code) {
    keepHostKey(reply.code, reply.host_key);
    location.replace(`/t/${encodeURIComponent(reply.code)}`);
    return;
  } else {
    keepGrant(reply.host_key);
    Object.assign(state, { claim: "ok", grant: reply.host_key, error: "" });
  }
  paint();
}

/** The host phone creates its table; the TV follows it; this phone then takes a seat there. */
async function createTable(kind, options, seats, clock, coach = false) {
  state.busy = true;
  paint();
  const reply = await request(socket, "create_table", { game: kind, options, seats, clock, coach, host_key: state.grant });
  state.busy = false;
  if (!reply.ok) {
    state.error = errorText(reply);
    if (reply.error === "forbidden") Object.assign(state, { claim: "bad", grant: null });
    paint();
    return;
  }
  keepHostKey(reply.code, state.grant);
  keepGrant(null);
  location.assign(`/t/${encodeURIComponent(reply.code)}`);
}

/** Does this phone's remote key still hold? (Else the remote's tools go.) */
async function proveHost() {
  const reply = await request(socket, "prove_host", { code: state.code, host_key: state.hostKey });
  if (reply.ok && !reply.host) dropHostKey();
  paint();
}

function dropHostKey() {
  keepHostKey(state.code, null);
  Object.assign(state, { hostKey: null, hostTools: false });
}

/** The remote was handed to this phone, or its rights ended (handed on, taken back by the TV). */
socket.on("host_rights", (msg) => {
  if (msg.code !== state.code) return;
  const had = Boolean(state.hostKey);
  if (msg.host_key) {
    keepHostKey(state.code, msg.host_key);
    state.hostKey = msg.host_key;
    toasts.push({ text: t("host.given"), icon: "check", seat: state.seat });
  } else {
    dropHostKey();
    if (had) toasts.push({ text: t("host.lost"), icon: "away", seat: state.seat });
  }
  paint();
});

/** A board right, sent with this phone's remote key. */
async function hostAct(event, payload) {
  const reply = await request(socket, event, { code: state.code, ...payload, host_key: state.hostKey });
  state.error = reply.ok ? "" : errorText(reply);
  if (reply.ok && event === "play_again" && reply.code && reply.code !== state.code) moveTo(reply.code);
  paint();
  return reply;
}

const hostHandlers = {
  onSetBot: (seat, level) => hostAct("set_bot", { seat, level }),
  onRelease: (seat) => hostAct("release_seat", { seat }),
  onClock: (clock) => hostAct("configure", { clock }),
  onCoach: (coach) => hostAct("configure", { coach }),
  onHand: (seat) => hostAct("hand_host", { seat }),
  onStart: () => hostAct("start", {}),
};

function forgetSeat() {
  if (state.code) localStorage.removeItem(tokenKey(state.code));
  Object.assign(state, { token: null, seat: null, view: null, version: null, legal: [], step: -1 });
  lookUp();
}

async function join(name) {
  localStorage.setItem("wt.name", name);
  state.busy = true;
  paint();
  const reply = await request(socket, "join", { code: state.code, name });
  state.busy = false;
  if (reply.ok) {
    Object.assign(state, { token: reply.token, seat: reply.seat, error: "" });
    localStorage.setItem(tokenKey(state.code), reply.token);
  } else {
    state.error = errorText(reply);
    if (reply.error === "no_table") state.lookup = "unknown";
    if (reply.error === "table_full") state.lookup = "full";
  }
  paint();
}

async function act(action) {
  const seqBefore = state.seq;
  state.sent += 1;
  Object.assign(state, { busy: true, error: "" });
  paint();
  const reply = await request(socket, "act", { action });
  if (!reply.ok) {
    state.busy = false;
    state.error = errorText(reply);
  } else if (state.seq === seqBefore) {
    viewWait = setTimeout(() => { state.busy = false; paint(); }, VIEW_WAIT_MS);
  } else {
    state.busy = false;
  }
  paint();
}

/** Asks the coach for this decision's hints (the host acks them; nothing is played). */
async function askCoach() {
  const decision = decisionKey();
  state.hints = { decision, asking: true, list: [] };
  paint();
  const reply = await request(socket, "suggest", {});
  if (state.hints?.decision !== decision) return;
  state.hints = reply.ok ? { decision, list: reply.suggestions || [] } : { decision, list: [], error: errorText(reply) };
  paint();
}

/** This seat's decision as a key: hints hold while its legal actions do (others' choices in a simultaneous
 * turn move the step, not the decision). */
function decisionKey() {
  return JSON.stringify(state.legal);
}

/** The coach's part of the game's ctx: while the table's coach is on and this seat must decide. */
function coachCtx() {
  if (!state.table?.coach || state.table.state !== "playing" || !state.legal.length) return null;
  return {
    hints: state.hints?.decision === decisionKey() ? state.hints : null,
    ask: askCoach,
    hide: () => { state.hints = null; paint(); },
  };
}

async function simple(event) {
  state.busy = true;
  paint();
  const reply = await request(socket, event, { code: state.code });
  state.busy = false;
  state.error = reply.ok ? "" : errorText(reply);
  if (reply.ok && event === "play_again" && reply.code && reply.code !== state.code) moveTo(reply.code);
  paint();
}

function moveTo(code) {
  if (state.token) localStorage.setItem(tokenKey(code), state.token);
  if (state.hostKey) keepHostKey(code, state.hostKey); // play again keeps the remote
  if (code === state.code) return;
  own.forget(); // its replay ends with the page
  Object.assign(state, { code, table: null, view: null, version: null, legal: [], step: -1, log: [], logKeys: new Set(), lastBySeat: {}, clock: null, replay: null, screen: null });
  batches = [];
  history.replaceState({}, "", `/t/${encodeURIComponent(code)}`);
}

// -- the TV's replay, driven from this phone, and the history (after/) -------------------------------

socket.on("replay", (msg) => {
  if (own.frame(msg) || isOwnFrame(msg)) return; // this phone's own replay of a game of the history
  if (msg.code !== state.code) return;
  state.replay = nextReplay(state.replay, msg);
  if (msg.timeline) showCatalogOf(GAMES, msg.timeline.kind, paint); // a game of the history on the TV: its own names
  if (!state.replay) showCatalogOf(GAMES, game()?.kind, paint);
  paint();
});

/** The host phone's "Replay on the TV": the game becomes the table's replay; this phone is its remote. */
async function replayOnTv(id) {
  const reply = await hostAct("replay", { game: id, command: "open" });
  if (!reply.ok) return;
  own.close();
  state.screen = null;
  paint();
}

async function replayCommand(command) {
  const reply = await request(socket, "replay", { code: state.code, ...command });
  if (!reply.ok) {
    state.error = errorText(reply);
    paint();
  }
}

/** What a seated phone shows under its result once the game is over: the remote of the TV's replay, or
 * the chart and the button that starts the replay. */
function AfterGame() {
  if (state.table?.state !== "over" || state.seat === null) return null;
  // A game of the history on the TV has the names of its own seats.
  const shown = state.replay?.history_game !== undefined && state.replay?.timeline ? replayNames(state.replay.timeline) : names();
  if (state.replay) return html`<${PhoneRemote} replay=${state.replay} names=${shown} onCommand=${replayCommand} />`;
  return html`<${PhoneEnd} key=${state.code} code=${state.code} names=${names()} onReplay=${() => replayCommand({ command: "open" })} />`;
}

function NameForm() {
  const title = state.titleKey ? t(state.titleKey) : state.title;
  const submit = (ev) => {
    ev.preventDefault();
    const value = ev.currentTarget.elements.name.value.trim();
    if (value) join(value);
  };
  return html`<form class="join-form" onSubmit=${submit}>
    <h1>${title || t("join.heading")}</h1>
    <p class="code-line">${t("join.code")} <strong>${state.code}</strong></p>
    <label for="name">${t("phone.your_name")}</label>
    <input id="name" name="name" type="text" maxlength="24" autocomplete="nickname" value=${localStorage.getItem("wt.name") || ""} />
    <button class="big primary" type="submit" data-action="join" disabled=${state.busy}>${state.busy ? t("phone.joining") : t("phone.join")}</button>
    ${state.error ? html`<p class="error" id="error">${state.error}</p>` : null}
  </form>`;
}

function Header() {
  const g = game();
  const me = state.seat;
  const mine = g && me !== null && g.promptKey(state.view, me, state.step) !== null;
  const end = state.table?.state === "playing" && me !== null ? state.clock?.ends?.[me] : null;
  return html`<header class=${`phone-head${end ? " timed" : ""}`} style=${me !== null ? `--seat: ${seatColor(me)}` : ""}>
    <span class="me">${me !== null ? seatName(state.table, me) : ""}</span>
    ${mine || end ? html`<span class="head-move ${mine ? "" : "clock-only"}" id=${mine ? "my-move" : null}>${mine ? t("phone.your_move") : null}<${Countdown} end=${end} total=${state.clock?.seconds} seat=${me} cls="my-clock" /></span>` : null}
    <span class="head-tools">
      <button class="tool" data-ui="sound" aria-pressed=${state.sound ? "true" : "false"} title=${t("phone.sound")}
        onClick=${() => { state.sound = !state.sound; setSound(state.sound); paint(); }}><${Icon} name=${state.sound ? "sound_on" : "sound_off"} /><span class="tool-text">${state.sound ? t("phone.sound_on") : t("phone.sound_off")}</span></button>
      ${state.hostKey && state.view ? html`<button class="tool ${waitingForRemote() ? "wants" : ""}" data-ui="remote" title=${t("host.tools")} onClick=${() => { state.hostTools = true; paint(); }}><${Icon} name="capital" /><span class="tool-text">${t("host.tools")}</span></button>` : null}
      ${state.view ? html`<button class="tool" data-ui="history" onClick=${() => { state.history = true; paint(); }}><${Icon} name="log" /><span class="tool-text">${t("phone.history")}</span></button>` : null}
      ${state.table?.state === "over" ? html`<button class="tool" data-ui="games" onClick=${() => { state.screen = "history"; paint(); }}><${Icon} name="vp" /><span class="tool-text">${t("history.open")}</span></button>` : null}
      <${LanguagePicker} storeKey=${PHONE_LANGUAGE_KEY} compact=${true} onChange=${() => { document.title = t("app.title"); redescribe(); paint(); }} />
      <span class="code">${state.code || ""}</span>
    </span>
  </header>`;
}

/** The host phone's first screen: the TV's code is claimed, then the game and its options are chosen
 * with the same panels the TV offers. */
function SetupScreen() {
  if (state.claim === "pending") return html`<p class="wait" id="setup-wait">${t("setup.claiming")}</p>`;
  if (state.claim === "bad") {
    return html`<section class="setup-page"><h1>${t("setup.heading")}</h1><p class="error" id="error">${state.error}</p>
      <p><a href="/" data-action="join-instead">${t("setup.join_instead")}</a></p></section>`;
  }
  return html`<section class="setup-page" id="setup">
    <h1>${t("setup.heading")}</h1><p class="muted">${t("setup.you_are_remote")}</p>
    <div class="create-panels">${Object.values(GAMES).map((g) => html`<${g.Create} key=${g.kind} busy=${state.busy} onCreate=${(options, seats, clock, coach) => createTable(g.kind, options, seats, clock, coach)} />`)}</div>
    ${state.error ? html`<p class="error" id="error">${state.error}</p>` : null}
  </section>`;
}

function Body() {
  if (!state.code && state.claim) return html`<${SetupScreen} />`;
  if (!state.code) return html`<p class="error">${t("phone.table_missing")}</p>`;
  const g = game();
  if (!state.token) {
    if (state.lookup === "pending") return html`<p class="wait">${t("join.checking", { code: state.code })}</p>`;
    if (state.lookup !== "ok") {
      return html`<${JoinPage} games=${GAMES} tables=${state.tables} error=${state.lookup === "full" ? t("join.full") : t("join.unknown", { code: state.code })} />`;
    }
    return html`<${NameForm} />`;
  }
  if (!state.table || !g) return html`<p class="wait">${t("conn.connecting")}</p>`;
  const title = t(g.titleKey);
  if (state.table.state === "lobby" || !state.view) {
    return html`<${PhoneLobby} table=${state.table} me=${state.seat} title=${title} note=${g.lobbyNote(state.table)} busy=${state.busy}
      onStart=${state.hostKey ? hostHandlers.onStart : () => simple("start")} error=${state.error} host=${state.hostKey ? hostHandlers : null} />`;
  }
  const ctx = {
    table: state.table,
    view: state.view,
    legal: state.legal,
    me: state.seat,
    names: names(),
    busy: state.busy,
    error: state.error,
    step: state.step,
    act,
    playAgain: () => (state.hostKey ? hostAct("play_again", {}) : simple("play_again")),
    lastOf: (seat) => state.lastBySeat[seat] || "",
    coach: coachCtx(),
  };
  const mySeat = state.table.seats?.[state.seat];
  const kept = isTakeover(mySeat) ? html`<p class="kept-warm" id="kept-warm"><${Icon} name="bot" />${botLine(mySeat)}</p>` : null;
  if (state.screen === "history" && own.current) return html`<${OwnReplay} replays=${own} games=${GAMES} onTv=${state.hostKey ? replayOnTv : null} />`;
  if (state.screen === "history") {
    return html`<${HistoryScreen} games=${GAMES} forget=${true} cls="phone-history" onReplay=${own.open} here=${true}
      onTv=${state.hostKey ? replayOnTv : null} onClose=${() => { state.screen = null; paint(); }} />`;
  }
  return html`${kept}<${AfterGame} /><${g.Phone} ctx=${ctx} />`;
}

/** Something waits for the remote: an away phone's seat a bot may now take over. */
function waitingForRemote() {
  return (state.table?.seats || []).some(canTakeOver);
}

function RemoteSheet() {
  if (!state.hostTools || !state.hostKey) return null;
  return html`<${Sheet} title=${t("host.tools")} cls="remote" onClose=${() => { state.hostTools = false; paint(); }}>
    <${HostTools} table=${state.table} me=${state.seat} onSetBot=${hostHandlers.onSetBot} onRelease=${hostHandlers.onRelease} onHand=${hostHandlers.onHand} /></${Sheet}>`;
}

function History() {
  if (!state.history) return null;
  return html`<${Sheet} title=${t("phone.history")} cls="history" onClose=${() => { state.history = false; paint(); }}><${LogList} entries=${state.log} /></${Sheet}>`;
}

/** The screen stays on while this phone's player is seated in a running game (lib/awake.js); on a table's
 * page before its game a tap (the one that joins) readies the way that needs one. */
function awakeWanted() {
  if (!state.code || state.table?.state === "over") return "off";
  return state.token && state.seat !== null && state.table?.state === "playing" ? "on" : "ready";
}

/** A new prompt of mine: vibrate (and beep) and bring it into view, below the header (two rows when its
 * tools wrap on a small phone: --head-h is its height). */
function afterPaint() {
  const head = root.querySelector(".phone-head");
  if (head) document.documentElement.style.setProperty("--head-h", `${head.offsetHeight}px`);
  const g = game();
  const key = g && state.seat !== null ? g.promptKey(state.view, state.seat, state.step) : null;
  if (key && key !== lastPrompt) {
    if (!firstView) turnAlert();
    document.getElementById("prompt")?.scrollIntoView({ block: "start", behavior: "auto" });
  }
  if (state.view) firstView = false;
  lastPrompt = key;
}

/** "Add to home screen" on a table's page adds that table: its manifest starts the app at its page. */
function keepManifest() {
  const link = document.querySelector('link[rel="manifest"]');
  const href = state.code ? `/t/${encodeURIComponent(state.code)}/manifest.webmanifest` : "/manifest.webmanifest";
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function paint() {
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.sent = String(state.sent);
  document.body.dataset.busy = state.busy ? "1" : "0";
  document.body.dataset.seat = state.seat === null ? "" : String(state.seat);
  render(html`<${ConnBanner} online=${state.online} kicked=${state.kicked} reconnect=${() => socket.connect()} />
    <${Header} /><main class="phone-main"><${Body} /></main><${History} /><${RemoteSheet} /><${Toasts} items=${toasts.items} />`, root);
  keepAwake(awakeWanted());
  keepManifest();
  afterPaint();
}

paint();
