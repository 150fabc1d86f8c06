// The lobby of one table: on the TV the QR code, the join address, the code, the seats (the board can make
// any free seat a bot of a level), the clock and the coach; on a phone the seats and "start".
import { BotTag, botSeatName, LevelPicker } from "./bots.js";
import { ClockSetting } from "./clock.js";
import { CoachSetting } from "./coach.js";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { HandRemote } from "./pairing.js";
import { seatColor } from "./seats.js";

/** One seat of the lobby; onSetBot(seat, level or null) when the board may seat bots. */
function SeatRow({ seat, onRelease, onSetBot = null }) {
  const label = t("seat.label", { n: seat.seat + 1 });
  if (seat.bot) {
    return html`<li class="seat bot" data-seat=${seat.seat} data-bot=${seat.bot} style=${`--seat: ${seatColor(seat.seat)}`}>
      <${Icon} name="bot" cls="seat-bot-icon" /><span class="seat-name">${seat.name ? html`${seat.name} <${BotTag} seat=${seat} />` : botSeatName(seat)}</span>
      ${onSetBot ? html`<span class="seat-tools"><${LevelPicker} seat=${seat.seat} current=${seat.bot} label=${t("bot.pick_for", { seat: label })} onPick=${(level) => onSetBot(seat.seat, level)} />
        <button type="button" class="remove-bot" data-action="remove-bot" data-seat=${seat.seat} onClick=${() => onSetBot(seat.seat, null)}>${t("bot.remove")}</button></span>` : null}
    </li>`;
  }
  if (!seat.taken) {
    return html`<li class="seat empty" data-seat=${seat.seat}><span class="seat-name">${label}</span><span class="muted">${t("lobby.empty_seat")}</span>
      ${onSetBot ? html`<span class="seat-tools"><span class="add-bot">${t("bot.add")}</span><${LevelPicker} seat=${seat.seat} label=${t("bot.pick_for", { seat: label })} onPick=${(level) => onSetBot(seat.seat, level)} /></span>` : null}
    </li>`;
  }
  return html`<li class="seat ${seat.connected ? "on" : "away"}" data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
    <span class="dot" aria-hidden="true"></span><span class="seat-name">${seat.name}</span>
    <span class="muted">${seat.connected ? t("lobby.connected") : html`<${Icon} name="away" />${t("lobby.away")}`}</span>
    ${!seat.connected && onRelease ? html`<button class="small" data-action="release" data-seat=${seat.seat} onClick=${() => onRelease(seat.seat)}>${t("lobby.release")}</button>` : null}
  </li>`;
}

/** The TV lobby of table; title and note come from the game; onSetBot and onClock when this page is the
 * table's board (it may seat bots and set the clock). */
export function BoardLobby({ table, title, note, onStart, onRelease, onSetBot = null, onClock = null, onCoach = null, error, children = null }) {
  const seats = table.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  // what board.css sizes the column by: level pickers in its rows (a bot's or a free seat's), six seats or more
  const pickers = Boolean(onSetBot) && seats.some((s) => s.bot || !s.taken);
  const cls = `lobby-info${pickers ? " with-pickers" : ""}${seats.length >= 6 ? " many-seats" : ""}`;
  return html`<main class="lobby">
    <div class="lobby-qr"><img class="qr" src=${`/qr/${encodeURIComponent(table.code)}.svg`} alt=${t("lobby.scan")} /><p class="scan">${t("lobby.scan")}</p></div>
    <div class=${cls}>
      <h1>${title}</h1>
      <p class="note">${note}</p>
      <p class="join">${t("lobby.or_open")} <a id="join-url" href=${table.join_url} target="_blank">${table.join_url}</a></p>
      ${(table.join_urls || []).length > 1 ? html`<p class="other-urls">${t("lobby.other_urls")} ${table.join_urls.slice(1).join(" · ")}</p>` : null}
      <p class="code">${t("lobby.code")} <strong id="table-code">${table.code}</strong></p>
      <h2>${t("lobby.players")}</h2>
      <ul class="seats">${seats.map((seat) => html`<${SeatRow} key=${seat.seat} seat=${seat} onRelease=${onRelease} onSetBot=${onSetBot} />`)}</ul>
      <${ClockSetting} value=${table.clock ?? null} onSet=${onClock} />
      <${CoachSetting} value=${table.coach} onSet=${onCoach} />
      ${full ? html`<button class="big primary" data-action="start" onClick=${onStart}>${t("lobby.start")}</button>` : html`<p class="muted">${t("lobby.waiting")}</p>`}
      ${children}
      ${error ? html`<p class="error">${error}</p>` : null}
    </div>
  </main>`;
}

/** The phone lobby: who is seated, start when every seat is taken. host: the remote's handlers
 * ({onSetBot, onRelease, onClock, onCoach, onHand}) when this phone is the host phone: bots per seat, releasing a
 * lost phone's seat, the clock, handing the remote on. */
export function PhoneLobby({ table, me, title, note, busy, onStart, error, host = null }) {
  const seats = table?.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  const others = seats.filter((s) => s.seat !== me && s.connected && !s.bot);
  return html`<section class="phone-lobby ${host ? "host-phone" : ""}">
    <h1>${title}</h1>
    <p class="note">${note}</p>
    <p>${me !== null && me !== undefined ? t("phone.seated", { name: seats[me]?.name || "", n: me + 1 }) : t("conn.connecting")}</p>
    ${host ? html`<p class="remote-note" id="remote-note">${t("host.you_hold")}</p>` : null}
    <ul class="seats">${seats.map((seat) => html`<${SeatRow} key=${seat.seat} seat=${seat} onRelease=${host && seat.seat !== me ? host.onRelease : null} onSetBot=${host ? host.onSetBot : null} />`)}</ul>
    ${host ? html`<${ClockSetting} value=${table?.clock ?? null} onSet=${host.onClock} />` : table?.clock ? html`<${ClockSetting} value=${table.clock} />` : null}
    <${CoachSetting} value=${table?.coach} onSet=${host ? host.onCoach : null} />
    ${host ? html`<${HandRemote} table=${table} seats=${others} onHand=${host.onHand} />` : null}
    ${full ? html`<button class="big primary" data-action="start" disabled=${busy} onClick=${onStart}>${t("phone.start")}</button>` : html`<p class="muted">${t("phone.wait_start")}</p>`}
    ${error ? html`<p class="error" id="error">${error}</p>` : null}
  </section>`;
}
