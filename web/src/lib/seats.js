// Seat pills: every player with their colour, connected or away (an away seat is loud enough to be seen
// from the couch), and the board's button to release an away seat.
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";

/** One colour per seat, told apart by people with colour-vision deficiencies too (with the name always shown). */
export const SEAT_COLORS = ["#f2c14e", "#5fb8ff", "#ff7eb6", "#8fe36b", "#c9a2ff", "#ff9f43", "#3fd8c8"];

/** The colour of seat i. */
export function seatColor(seat) {
  return SEAT_COLORS[(seat ?? 0) % SEAT_COLORS.length];
}

/** The name of a seat from the table payload. */
export function seatName(table, seat) {
  return table?.seats?.[seat]?.name || t("seat.label", { n: (seat ?? 0) + 1 });
}

/** The pills of every seat (onlyAway: of the seats that are away, where every player is named elsewhere
 * on the page); onRelease(seat) when the board may release an away seat. */
export function SeatPills({ seats, onRelease = null, active = [], onlyAway = false }) {
  const shown = (seats || []).filter((seat) => !onlyAway || (seat.taken && !seat.connected));
  if (onlyAway && !shown.length) return null;
  return html`<ul class="seat-pills" aria-label=${t("lobby.players")}>
    ${shown.map((seat) => {
      const away = seat.taken && !seat.connected;
      return html`<li key=${seat.seat} class="pill ${away ? "away" : "on"} ${seat.taken ? "" : "free"} ${active.includes(seat.seat) ? "acting" : ""}"
          data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
        <span class="dot" aria-hidden="true"></span>
        <span class="pill-name">${seat.name || t("lobby.empty_seat")}</span>
        ${away ? html`<span class="away-tag"><${Icon} name="away" />${t("lobby.away")}</span>` : null}
        ${away && onRelease ? html`<button class="small" data-action="release" data-seat=${seat.seat} onClick=${() => onRelease(seat.seat)}>${t("lobby.release")}</button>` : null}
      </li>`;
    })}
  </ul>`;
}
