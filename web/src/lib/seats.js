// Seat pills: every player with their colour, connected or away (an away seat is loud enough to be seen
// from the couch), and the board's button to release an away seat.
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { BotTag, botSeatName, isBotSeat, isTakeover } from "./bots.js";
import { Countdown } from "./clock.js";

/** One colour per seat, told apart by people with colour-vision deficiencies too (with the name always shown). */
export const SEAT_COLORS = ["#f2c14e", "#5fb8ff", "#ff7eb6", "#8fe36b", "#c9a2ff", "#ff9f43", "#3fd8c8"];

/** The colour of seat i. */
export function seatColor(seat) {
  return SEAT_COLORS[(seat ?? 0) % SEAT_COLORS.length];
}

/** The name of a seat from the table payload ("Bot 2 (easy)" for a lobby bot's seat). */
export function seatName(table, seat) {
  const entry = table?.seats?.[seat];
  if (entry?.name) return entry.name;
  return isBotSeat(entry) ? botSeatName(entry) : t("seat.label", { n: (seat ?? 0) + 1 });
}

/** A phone is away from this seat and no bot plays for it. */
export function isAway(seat) {
  return Boolean(seat?.taken && !seat.connected && !seat.bot);
}

/** The pills of every seat (onlyAway: of the seats that are away or played by a bot for their player,
 * where every player is named elsewhere on the page); onRelease(seat) when the board may release an away
 * seat (also one a bot keeps warm: its player's new phone may then join it); clock: the table's countdowns
 * ({seconds, ends: {seat: ms}}) shown on the seats they run for. */
export function SeatPills({ seats, onRelease = null, active = [], onlyAway = false, clock = null }) {
  const shown = (seats || []).filter((seat) => !onlyAway || isAway(seat) || isTakeover(seat));
  if (onlyAway && !shown.length) return null;
  return html`<ul class="seat-pills" aria-label=${t("lobby.players")}>
    ${shown.map((seat) => {
      const away = isAway(seat);
      const bot = seat.bot ? "bot" : "";
      return html`<li key=${seat.seat} class="pill ${away ? "away" : "on"} ${bot} ${seat.taken ? "" : "free"} ${active.includes(seat.seat) ? "acting" : ""}"
          data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
        <span class="dot" aria-hidden="true"></span>
        ${seat.bot ? null : html`<span class="pill-name">${seat.name || t("lobby.empty_seat")}</span>`}
        ${seat.bot ? html`<${BotTag} seat=${seat} />` : null}
        ${away ? html`<span class="away-tag"><${Icon} name="away" />${t("lobby.away")}</span>` : null}
        <${Countdown} end=${clock?.ends?.[seat.seat]} total=${clock?.seconds} seat=${seat.seat} />
        ${(away || (isTakeover(seat) && seat.taken)) && onRelease ? html`<button class="small" data-action="release" data-seat=${seat.seat} onClick=${() => onRelease(seat.seat)}>${t("lobby.release")}</button>` : null}
      </li>`;
    })}
  </ul>`;
}
