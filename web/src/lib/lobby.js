// The lobby of one table: on the TV the QR code, the join address, the code and the seats; on a phone the
// seats and "start".
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

function SeatRow({ seat, onRelease }) {
  if (!seat.taken) return html`<li class="seat empty" data-seat=${seat.seat}><span class="seat-name">${t("seat.label", { n: seat.seat + 1 })}</span><span class="muted">${t("lobby.empty_seat")}</span></li>`;
  return html`<li class="seat ${seat.connected ? "on" : "away"}" data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
    <span class="dot" aria-hidden="true"></span><span class="seat-name">${seat.name}</span>
    <span class="muted">${seat.connected ? t("lobby.connected") : html`<${Icon} name="away" />${t("lobby.away")}`}</span>
    ${!seat.connected && onRelease ? html`<button class="small" data-action="release" data-seat=${seat.seat} onClick=${() => onRelease(seat.seat)}>${t("lobby.release")}</button>` : null}
  </li>`;
}

/** The TV lobby of table; title and note come from the game. */
export function BoardLobby({ table, title, note, onStart, onRelease, error }) {
  const seats = table.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  return html`<main class="lobby">
    <div class="lobby-qr"><img class="qr" src=${`/qr/${encodeURIComponent(table.code)}.svg`} alt=${t("lobby.scan")} /><p class="scan">${t("lobby.scan")}</p></div>
    <div class="lobby-info">
      <h1>${title}</h1>
      <p class="note">${note}</p>
      <p class="join">${t("lobby.or_open")} <a id="join-url" href=${table.join_url} target="_blank">${table.join_url}</a></p>
      ${(table.join_urls || []).length > 1 ? html`<p class="other-urls">${t("lobby.other_urls")} ${table.join_urls.slice(1).join(" · ")}</p>` : null}
      <p class="code">${t("lobby.code")} <strong id="table-code">${table.code}</strong></p>
      <h2>${t("lobby.players")}</h2>
      <ul class="seats">${seats.map((seat) => html`<${SeatRow} key=${seat.seat} seat=${seat} onRelease=${onRelease} />`)}</ul>
      ${full ? html`<button class="big primary" data-action="start" onClick=${onStart}>${t("lobby.start")}</button>` : html`<p class="muted">${t("lobby.waiting")}</p>`}
      ${error ? html`<p class="error">${error}</p>` : null}
    </div>
  </main>`;
}

/** The phone lobby: who is seated, start when every seat is taken. */
export function PhoneLobby({ table, me, title, note, busy, onStart, error }) {
  const seats = table?.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  return html`<section class="phone-lobby">
    <h1>${title}</h1>
    <p class="note">${note}</p>
    <p>${me !== null && me !== undefined ? t("phone.seated", { name: seats[me]?.name || "", n: me + 1 }) : t("conn.connecting")}</p>
    <ul class="seats">${seats.map((seat) => html`<${SeatRow} key=${seat.seat} seat=${seat} onRelease=${null} />`)}</ul>
    ${full ? html`<button class="big primary" data-action="start" disabled=${busy} onClick=${onStart}>${t("phone.start")}</button>` : html`<p class="muted">${t("phone.wait_start")}</p>`}
    ${error ? html`<p class="error" id="error">${error}</p>` : null}
  </section>`;
}
