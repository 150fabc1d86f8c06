// The phone as the TV's remote (the host phone, docs/protocol.md's trust model): the TV's set-up and
// take-over codes, the board's menu, where the remote is, and the host phone's own tools and key.
import { canTakeOver, LevelPicker, BOT_LEVELS, TAKEOVER_LEVEL } from "./bots.js";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { isAway, seatColor, seatName } from "./seats.js";

/** Seconds before a shown code's end when the TV asks for the next one (the code on screen never dies). */
export const RENEW_BEFORE_S = 15;

const hostKeyName = (code) => `wt.host.${code}`;
const GRANT_KEY = "wt.host.grant";

/** The host key this phone holds for table code, or null. */
export function hostKeyOf(code) {
  return code ? localStorage.getItem(hostKeyName(code)) : null;
}

/** Keeps (or, with null, forgets) this phone's host key of table code. */
export function keepHostKey(code, key) {
  if (!code) return;
  if (typeof key === "string" && key) localStorage.setItem(hostKeyName(code), key);
  else localStorage.removeItem(hostKeyName(code));
}

/** The claimed set-up key not yet used to create a table (kept across a reload of the set-up screen). */
export function grantKey() {
  return sessionStorage.getItem(GRANT_KEY);
}

export function keepGrant(key) {
  if (key) sessionStorage.setItem(GRANT_KEY, key);
  else sessionStorage.removeItem(GRANT_KEY);
}

/** The set-up secret in the page address (/setup/SECRET), or null. */
export function secretFromPath() {
  const match = location.pathname.match(/^\/setup\/([A-Za-z0-9_-]+)$/);
  return match ? match[1] : null;
}

/** Where the remote is, in words: "Remote: Ana's phone", a phone not seated yet, or this TV. */
export function remoteText(table) {
  if (!table?.host_phone) return t("pair.remote_tv");
  if (typeof table.host_seat === "number") return t("pair.remote_is", { name: seatName(table, table.host_seat) });
  return t("pair.remote_unseated");
}

/** The TV's start while no table runs: the set-up code (the phone that scans it is the remote) and the
 * host's join code (a phone there lists the tables to join). */
export function SetupCodes({ pairing }) {
  return html`<section class="pair-row" aria-label=${t("pair.scan_setup")}>
    <div class="pair-card" id="setup-code" data-secret-shown=${pairing ? "1" : "0"}>
      ${pairing ? html`<img class="qr" src=${pairing.qr_url} alt=${t("pair.scan_setup")} />` : html`<div class="qr qr-wait">${t("conn.connecting")}</div>`}
      <p class="scan">${t("pair.scan_setup")}</p><p class="pair-hint">${t("pair.setup_hint")}</p>
    </div>
    <div class="pair-card" id="join-code">
      <img class="qr" src="/qr/host.svg" alt=${t("pair.scan_join")} />
      <p class="scan">${t("pair.scan_join")}</p><p class="pair-hint">${t("pair.join_hint")}</p>
    </div>
  </section>`;
}

/** The TV's take-over code over everything: the phone that scans it becomes the remote. */
export function TakeoverCode({ pairing, onClose }) {
  if (!pairing) return null;
  return html`<div class="pair-overlay" role="dialog" aria-modal="true" aria-labelledby="takeover-title" id="takeover-code">
    <div class="pair-card">
      <img class="qr" src=${pairing.qr_url} alt=${t("pair.takeover")} />
      <p class="scan" id="takeover-title">${t("pair.takeover")}</p><p class="pair-hint">${t("pair.takeover_hint")}</p>
      <button class="big" data-action="close-pair" onClick=${onClose}>${t("pair.close")}</button>
    </div>
  </div>`;
}

/** The board's menu (its remote's Back key during a game): the take-over code, the remote back to the
 * TV, the start screen. */
export function BoardMenu({ table, onTakeover, onDrop, onHome, onClose }) {
  return html`<div class="pair-overlay" role="dialog" aria-modal="true" aria-labelledby="menu-title" id="board-menu">
    <div class="pair-card menu-card">
      <h2 id="menu-title">${t("pair.menu")}</h2>
      <p class="remote-line">${remoteText(table)}</p>
      ${onTakeover ? html`<button class="big primary" data-action="show-takeover" onClick=${onTakeover}>${t("pair.show_takeover")}</button>` : null}
      ${onDrop && table?.host_phone ? html`<button class="big" data-action="drop-host" onClick=${onDrop}>${t("pair.drop")}</button>` : null}
      ${onHome ? html`<button class="big" data-action="home" onClick=${onHome}>${t("pair.home")}</button>` : null}
      <button class="big" data-action="close-menu" onClick=${onClose}>${t("pair.close")}</button>
    </div>
  </div>`;
}

/** The lobby's line about the remote, with the board's buttons (take-over code, take it back). */
export function RemoteBar({ table, onTakeover, onDrop }) {
  return html`<div class="remote-bar" id="remote-bar">
    <span class="remote-line"><${Icon} name="check" />${remoteText(table)}</span>
    ${onTakeover ? html`<button data-action="show-takeover" onClick=${onTakeover}>${t("pair.show_takeover")}</button>` : null}
    ${onDrop && table?.host_phone ? html`<button data-action="drop-host" onClick=${onDrop}>${t("pair.drop")}</button>` : null}
  </div>`;
}

/** Levels a take-over offers, the usual stand-in first. */
const OFFER_LEVELS = [TAKEOVER_LEVEL, ...BOT_LEVELS.filter((level) => level !== TAKEOVER_LEVEL)];

/** The host phone's tools during a game: a bot for an away phone's seat, release a lost phone's seat,
 * hand the remote to another seated phone. */
export function HostTools({ table, me, onSetBot, onRelease, onHand }) {
  const seats = table?.seats || [];
  const others = seats.filter((s) => s.seat !== me && s.connected && !s.bot);
  const away = seats.filter((s) => isAway(s) || (s.takeover && s.taken));
  return html`<div class="host-tools" id="host-tools">
    <p class="muted">${t("host.you_hold")}</p>
    ${away.length ? html`<h2>${t("host.away_seats")}</h2>
      <ul class="seats">${away.map((seat) => html`<li key=${seat.seat} class="seat away" data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
        <span class="seat-name">${seatName(table, seat.seat)}</span>
        ${canTakeOver(seat) ? html`<${LevelPicker} seat=${seat.seat} levels=${OFFER_LEVELS} label=${t("takeover.offer", { name: seat.name || "" })} onPick=${(level) => onSetBot(seat.seat, level)} />` : null}
        <button class="small" data-action="release" data-seat=${seat.seat} onClick=${() => onRelease(seat.seat)}>${t("lobby.release")}</button>
      </li>`)}</ul>` : null}
    <${HandRemote} table=${table} seats=${others} onHand=${onHand} />
  </div>`;
}

/** Buttons that hand the remote to another seated, connected phone. */
export function HandRemote({ table, seats, onHand }) {
  if (!seats.length) return null;
  return html`<div class="hand-remote" role="group" aria-label=${t("host.hand")}>
    <span class="label">${t("host.hand")}</span>
    ${seats.map((seat) => html`<button key=${seat.seat} class="small" data-action="hand-host" data-seat=${seat.seat} onClick=${() => onHand(seat.seat)}>${seatName(table, seat.seat)}</button>`)}
  </div>`;
}
