// The board's take-over offer: once a phone has been away for the host's take-over delay, the TV offers
// "let a bot play for Ann" with a level; the player's phone takes the seat back by itself when it returns.
import { LevelPicker, TAKEOVER_LEVEL, BOT_LEVELS } from "./bots.js";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

/** Levels in the order a take-over offers them: the usual stand-in first. */
const OFFER_LEVELS = [TAKEOVER_LEVEL, ...BOT_LEVELS.filter((level) => level !== TAKEOVER_LEVEL)];

/** One offer per away seat the board may hand to a bot; onSetBot(seat, level). */
export function TakeoverBar({ seats, onSetBot }) {
  if (!seats?.length) return null;
  return html`<aside class="takeover-bar" id="takeover" aria-label=${t("takeover.title")}>
    ${seats.map((seat) => html`<div key=${seat.seat} class="takeover-offer" data-seat=${seat.seat} style=${`--seat: ${seatColor(seat.seat)}`}>
      <span class="takeover-text"><${Icon} name="away" />${t("takeover.offer", { name: seat.name || t("seat.label", { n: seat.seat + 1 }) })}</span>
      <${LevelPicker} seat=${seat.seat} levels=${OFFER_LEVELS} label=${t("takeover.offer", { name: seat.name || "" })} onPick=${(level) => onSetBot(seat.seat, level)} />
    </div>`)}
  </aside>`;
}
