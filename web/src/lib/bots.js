// Bots at the table: the levels the host knows, how a bot seat is named and tagged (a robot icon and its
// level, "bot (easy) playing for Ann" for a take-over), the board's level picker, and the lines the
// host's `notice` events become (a toast and a log entry; a bot's reason for its move, a log entry only).
import { reasonText } from "./coach.js";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";

/** The bot levels, weakest first (the host's names). */
export const BOT_LEVELS = ["random", "easy", "medium", "hard"];

/** The level a take-over offers first (the clock's own stand-in is `easy` too). */
export const TAKEOVER_LEVEL = "easy";

/** A level in words ("easy"). */
export function levelName(level) {
  return t(`bot.level.${level}`);
}

/** True when a bot plays the seat for its player (the phone is away). */
export function isTakeover(seat) {
  return Boolean(seat?.bot && seat.takeover);
}

/** True when the seat is a bot's from the lobby on (no player behind it). */
export function isBotSeat(seat) {
  return Boolean(seat?.bot && !seat.takeover);
}

/** The board may hand this away seat to a bot now (the host's take-over delay has passed). */
export function canTakeOver(seat) {
  return Boolean(seat?.taken && !seat.connected && !seat.bot && seat.takeover_in === 0);
}

/** The name of a lobby bot's seat: "Bot 2 (easy)". */
export function botSeatName(seat) {
  return t("bot.seat_name", { n: seat.seat + 1, level: levelName(seat.bot) });
}

/** What a bot seat says: "Bot 2 (easy)", or "bot (easy) playing for Ann" for a take-over. */
export function botLine(seat) {
  return isTakeover(seat) ? t("bot.playing_for", { level: levelName(seat.bot), name: seat.name || "" }) : botSeatName(seat);
}

/** The robot icon with the seat's bot line. */
export function BotTag({ seat }) {
  return html`<span class="bot-tag" data-bot=${seat.bot} data-takeover=${seat.takeover ? "true" : "false"}><${Icon} name="bot" />${botLine(seat)}</span>`;
}

/**
 * The board's level buttons for one seat: one per level (the current one pressed), onPick(level).
 * label names the group for assistive tech; levels limits the choice (a take-over offers the levels too).
 */
export function LevelPicker({ seat, current = null, onPick, label, levels = BOT_LEVELS, disabled = false }) {
  return html`<span class="level-picker" role="group" aria-label=${label} data-seat=${seat}>
    <${Icon} name="bot" cls="picker-icon" />
    ${levels.map((level) => html`<button key=${level} type="button" class="level" data-action="set-bot" data-seat=${seat} data-level=${level}
        aria-pressed=${current === level ? "true" : "false"} disabled=${disabled} onClick=${() => onPick(level)}>${levelName(level)}</button>`)}
  </span>`;
}

/** The words of a `notice` event: what the table should know (a bot took a seat over, left, the player is
 * back, a seat asked the coach for a hint, why a bot played its move); mine: the notice is about this
 * phone's own seat; seatNameOf(seat) names the seats a bot's reason mentions. */
export function noticeText(notice, seatLabel, mine = false, seatNameOf = () => "") {
  const name = notice.name || seatLabel;
  if (notice.notice === "bot_reason") return t("notice.bot_reason", { name, reason: reasonText(notice.reason, seatNameOf) });
  if (notice.notice === "bot_took_over") return t("notice.bot_took_over", { name, level: levelName(notice.bot || TAKEOVER_LEVEL) });
  if (notice.notice === "bot_left") return t("notice.bot_left", { name });
  if (notice.notice === "player_back") return mine ? t("notice.welcome_back") : t("notice.player_back", { name });
  if (notice.notice === "asked_coach") return t("notice.asked_coach", { name });
  return "";
}

/** Whether a notice also shows as a toast (a bot's reason is only a log line: one per bot move). */
export const noticeToasts = (notice) => notice.notice !== "bot_reason";

/** The icon of a notice. */
export function noticeIcon(notice) {
  if (notice.notice === "asked_coach") return "spy";
  return notice.notice === "player_back" ? "check" : "bot";
}
