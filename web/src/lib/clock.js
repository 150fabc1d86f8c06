// The table's clock: the setting (off or seconds per decision, chosen on the board when creating or in the
// lobby) and the countdowns the host's `clock` events start. A countdown is calm on purpose: a number and
// a filling ring, amber in its last seconds, never blinking or moving (so reduced motion changes nothing).
import { html, useEffect, useState } from "./html.js";
import { num, t } from "./i18n.js";
import { Icon } from "./icons.js";

/** The clock settings the board offers (seconds per decision; null: no clock). */
export const CLOCK_CHOICES = [null, 30, 45, 60, 90];

/** A countdown turns amber at this many seconds left. */
const LOW_SECONDS = 10;
const TICK_MS = 250;

/** A setting in words: "off" or "60 s". */
export function clockName(seconds) {
  return seconds ? t("clock.seconds", { n: seconds }) : t("clock.off");
}

/** The board's clock choice in a create panel: a labelled select; onChange(seconds or null). */
export function ClockField({ value, onChange, id }) {
  return html`<label class="field clock-field">${t("clock.setting")}
    <select id=${id} data-ui="clock" value=${String(value ?? "off")} onChange=${(ev) => onChange(ev.currentTarget.value === "off" ? null : Number(ev.currentTarget.value))}>
      ${CLOCK_CHOICES.map((s) => html`<option key=${String(s)} value=${String(s ?? "off")}>${clockName(s)}</option>`)}
    </select></label>`;
}

/** The lobby's clock setting: buttons for the board (the current one pressed), plain words for others. */
export function ClockSetting({ value, onSet = null }) {
  if (!onSet) return html`<p class="clock-line" id="clock-setting"><${Icon} name="clock" />${t("clock.setting")}: ${clockName(value)}</p>`;
  return html`<div class="clock-setting" role="group" aria-label=${t("clock.setting")} id="clock-setting">
    <span class="clock-label"><${Icon} name="clock" />${t("clock.setting")}</span>
    ${CLOCK_CHOICES.map((s) => html`<button key=${String(s)} type="button" class="level" data-action="clock" data-clock=${String(s ?? "off")}
        aria-pressed=${(value ?? null) === s ? "true" : "false"} onClick=${() => onSet(s)}>${clockName(s)}</button>`)}
  </div>`;
}

/**
 * The countdowns of a `clock` event as {step, seconds, ends: {seat: time in ms}}; `remaining` counts from
 * receipt, so the end is now + remaining.
 */
export function clockState(msg, now = Date.now()) {
  const ends = {};
  for (const entry of msg?.clocks || []) {
    if (typeof entry?.seat === "number" && typeof entry.remaining === "number") ends[entry.seat] = now + entry.remaining * 1000;
  }
  return { step: msg?.step ?? 0, seconds: msg?.seconds ?? null, ends };
}

/** Whole seconds left until end (never below 0). */
export function secondsLeft(end, now = Date.now()) {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** One seat's countdown: a ring that empties and the seconds left; nothing without an end. */
export function Countdown({ end, total, seat = null, cls = "" }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!end) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [end]);
  if (!end) return null;
  const now = Date.now();
  const left = secondsLeft(end, now);
  const share = total ? Math.min(1, Math.max(0, (end - now) / (total * 1000))) : 0;
  return html`<span class="countdown ${left <= LOW_SECONDS ? "low" : ""} ${cls}" role="timer" data-seat=${seat ?? ""} data-left=${left}
      aria-label=${t("clock.left", { n: left })} style=${`--left: ${share.toFixed(3)}`}>
    <span class="ring" aria-hidden="true"></span><span class="countdown-n" aria-hidden="true">${num(left)}</span></span>`;
}
