// The Socket.IO connection: msgpack parser, auth re-evaluated on every reconnect, acks with a timeout.
import { io } from "socket.io-client";
import * as msgpackParser from "socket.io-msgpack-parser";
import { html } from "./html.js";
import { hasString, locale, t } from "./i18n.js";

const ACK_TIMEOUT_MS = 8000;
const WAKE_MS = 5000; // a connection lost this soon after the page became visible is retried at once

/**
 * Opens the socket. getAuth() is called on every (re)connect so a stored seat token is re-sent.
 * onStatus(online, kicked) reports the connection state; kicked = the host closed this socket on purpose
 * (the seat moved to another device or was released): it stays closed until socket.connect() is called.
 */
export function openSocket({ getAuth = () => ({}), onStatus = () => {} } = {}) {
  let kicked = false;
  let shownAt = -Infinity; // when the page last became visible (performance.now())
  const socket = io({
    parser: msgpackParser,
    transports: ["websocket"],
    auth: (cb) => cb(getAuth()),
    reconnectionDelayMax: 2000,
  });
  // Connect now, not after the reconnection delay the client may be waiting out: disconnect() drops that
  // wait (nothing is sent on a socket that is not connected), connect() opens a new connection at once.
  const connectNow = () => {
    if (socket.connected || kicked) return;
    socket.disconnect();
    socket.connect();
  };
  socket.on("connect", () => {
    kicked = false;
    onStatus(true, false);
  });
  socket.on("disconnect", (reason) => {
    kicked = reason === "io server disconnect";
    onStatus(false, kicked);
    // A connection lost just after the phone woke up (a lock dropped it; the client finds out on waking)
    // is tried again at once, once a wake-up (then the client's own delays). After the client has
    // scheduled its own retry, hence the timeout.
    if (!kicked && reason !== "io client disconnect" && document.visibilityState === "visible"
        && performance.now() - shownAt < WAKE_MS) {
      shownAt = -Infinity;
      setTimeout(connectNow, 0);
    }
  });
  // A phone coming back from a lock (or from another app) reconnects at once if it lost the connection.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    shownAt = performance.now();
    connectNow();
  });
  return socket;
}

/** Emits event with payload and resolves to the ack ({ok: ...}); a lost ack becomes an error reply. */
export async function request(socket, event, payload) {
  try {
    const reply = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
    return reply && typeof reply === "object" ? reply : { ok: false, error: "bad_reply", message: String(reply) };
  } catch {
    return { ok: false, error: "timeout", message: t("err.timeout") };
  }
}

// The host explains a refusal in English (its terminal's language): in another language the page says the
// refusal's code in its own words ("err.<code>": the catalogs have one for every code of docs/protocol.md).

/** The human text of a failed ack (or of an `error` event). */
export function errorText(reply) {
  const code = typeof reply?.error === "string" ? reply.error : "";
  if (locale() !== "en" && code && hasString(`err.${code}`)) return t(`err.${code}`);
  return reply?.message || (code && hasString(`err.${code}`) ? t(`err.${code}`) : code) || t("err.generic", { message: "?" });
}

/** The table code from the page address (/board/CODE or /t/CODE), or null. */
export function codeFromPath(prefix) {
  const match = location.pathname.match(new RegExp(`^/${prefix}/([A-Za-z0-9_-]+)`));
  return match ? match[1] : null;
}

/** The connection banner: nothing when online, "reconnecting" when lost, a button when kicked. */
export function ConnBanner({ online, kicked, reconnect, kickedKey = "conn.kicked" }) {
  if (online) return null;
  return html`<div class="conn lost" id="conn" role="status">${kicked
    ? html`${t(kickedKey)} <button class="small" data-ui="reconnect" onClick=${reconnect}>${t("conn.reconnect")}</button>`
    : t("conn.offline")}</div>`;
}

/**
 * A view after a `choosing` update (a seat chose during a simultaneous turn): `waiting` and, when the view
 * has them, the `chosen` flags follow the host's list of seats still choosing; nothing else changed.
 */
export function applyChoosing(view, waiting) {
  if (!view || !Array.isArray(waiting)) return view;
  const next = { ...view, waiting: [...waiting] };
  if (Array.isArray(view.chosen)) next.chosen = view.chosen.map((_, seat) => !waiting.includes(seat));
  return next;
}

/** The board key of table code kept by this browser (localStorage), or null. */
export function boardKey(code) {
  return code ? localStorage.getItem(`wt.board.${code}`) : null;
}

/** Keeps the board key of table code (from create_table or a watch ack). */
export function keepBoardKey(code, key) {
  if (code && typeof key === "string" && key) localStorage.setItem(`wt.board.${code}`, key);
}
