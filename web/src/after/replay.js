// The replay on the TV and its remote on the phones. The host walks the game (the `replay` event, see
// docs/protocol.md) and sends a frame at every stop: the TV draws the board of that moment with the
// game's own Board, its log up to there and the moment banners; a bar says where the replay is and what
// the remote's keys do. "Hands revealed" (after the end nothing is secret) adds every player's hand and
// the card each one chose at that turn, marked as such.
import { CardChip } from "../lib/card.js";
import { html } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { Icon } from "../lib/icons.js";
import { seatColor } from "../lib/seats.js";
import { ScoreChart } from "./chart.js";

export const SPEEDS = [0.5, 1, 2, 4, 8];
const ROMAN = ["", "I", "II", "III"];

/** The replay state of a page after one `replay` message (null once it is closed). */
export function nextReplay(current, msg) {
  if (msg.closed) return null;
  const timeline = msg.timeline || current?.timeline || null;
  return { ...msg, timeline };
}

/** A table payload for a replay with no live table (a game of the history): its seats, names and bots. */
export function replayTable(timeline) {
  return {
    code: "", game: timeline.kind, state: "over", options: {},
    seats: (timeline.names || []).map((name, seat) => ({ seat, name, bot: timeline.bots?.[seat] ?? null, taken: true, connected: true, takeover: false })),
  };
}

/** The timeline's entries (the public events of each action) up to step. */
export function entriesUpTo(timeline, step) {
  return (timeline?.entries || []).filter((entry) => step >= entry.step);
}

/** The entries between two steps (exclusive, inclusive): what a step forward shows as banners. */
export function entriesBetween(timeline, from, to) {
  return (timeline?.entries || []).filter((entry) => entry.step > from && entry.step <= to);
}

/** The command a key of the TV remote (or keyboard) means in a replay, or null. Switches and speed steps
 * are relative on the host, so keys pressed quickly one after another each count. */
export function keyCommand(key, replay) {
  const ages = Object.keys(replay?.timeline?.ages || {}).map(Number).sort((a, b) => a - b);
  const age = replay?.view?.age ?? 0;
  switch (key) {
    case " ":
    case "Enter":
    case "MediaPlayPause":
      return { command: "toggle" };
    case "ArrowRight":
      return { command: "next" };
    case "ArrowLeft":
      return { command: "back" };
    case "ArrowUp": {
      const later = ages.find((a) => a > age);
      return later === undefined ? { command: "seek", at: (replay?.stops_count ?? 1) - 1 } : { command: "age", age: later };
    }
    case "ArrowDown": {
      const here = ages.filter((a) => a <= age);
      const current = here[here.length - 1];
      const starts = replay?.timeline?.ages || {};
      const atStart = current !== undefined && (replay?.step ?? 0) <= starts[current];
      const target = atStart ? here[here.length - 2] : current;
      return target === undefined ? { command: "seek", at: 0 } : { command: "age", age: target };
    }
    case "+":
    case "=":
    case "]":
      return { command: "faster" };
    case "-":
    case "[":
      return { command: "slower" };
    case "h":
    case "H":
    case "ColorF0Red":
      return { command: "hands" };
    case "Escape":
    case "Backspace":
    case "BrowserBack":
      return { command: "close" };
    default:
      return null;
  }
}

/** Where a replay is, in words: "Turn 12 of 54 · Age II". */
function placeText(replay) {
  const age = replay.view?.age;
  const where = t("replay.place", { at: replay.at, total: Math.max(0, (replay.stops_count ?? 1) - 1) });
  return age ? `${where} · ${t("chart.age", { age: ROMAN[age] || age })}` : where;
}

/** The speed as "2×" in the language's digits. */
function speedText(speed) {
  return t("replay.speed", { speed });
}

/** The replay's bar on the TV: where it is, whether it plays, its speed, the keys; buttons for a pointer
 * (or the TV's focus) too. */
export function ReplayBar({ replay, onCommand }) {
  const last = (replay.stops_count ?? 1) - 1;
  const ages = Object.keys(replay.timeline?.ages || {}).map(Number).filter((a) => a > 0).sort((a, b) => a - b);
  return html`<section class="replay-bar" id="replay-bar" data-at=${replay.at} data-playing=${replay.playing ? "1" : "0"} data-speed=${replay.speed} aria-label=${t("replay.title")}>
    <span class="replay-badge"><${Icon} name="play_again" />${t("replay.title")}</span>
    <span class="replay-place" id="replay-place">${placeText(replay)}</span>
    <span class="replay-controls">
      <button data-replay="back" disabled=${replay.at <= 0} onClick=${() => onCommand({ command: "back" })} aria-label=${t("replay.back")}>◀</button>
      <button class="primary" data-replay="toggle" onClick=${() => onCommand({ command: replay.playing ? "pause" : "play" })}>${replay.playing ? t("replay.pause") : t("replay.play")}</button>
      <button data-replay="next" disabled=${replay.at >= last} onClick=${() => onCommand({ command: "next" })} aria-label=${t("replay.next")}>▶</button>
      ${ages.map((age) => html`<button key=${`age${age}`} data-replay="age" data-age=${age} onClick=${() => onCommand({ command: "age", age })}>${t("chart.age", { age: ROMAN[age] || age })}</button>`)}
      <button data-replay="speed" onClick=${() => onCommand({ command: "speed", speed: SPEEDS[(SPEEDS.indexOf(replay.speed) + 1) % SPEEDS.length] })}>${speedText(replay.speed)}</button>
      <button data-replay="hands" aria-pressed=${replay.hands ? "true" : "false"} onClick=${() => onCommand({ command: "hands", hands: !replay.hands })}>${t("replay.hands")}</button>
      <button data-replay="close" onClick=${() => onCommand({ command: "close" })}>${t("replay.close")}</button>
    </span>
    <span class="replay-keys">${t("replay.keys")}</span>
  </section>`;
}

/** What each seat chose next (its own action in the turn after this stop), from the timeline. */
function nextChoices(replay) {
  const out = {};
  for (const entry of replay.timeline?.entries || []) {
    if (replay.step >= entry.step || entry.seat in out) continue;
    out[entry.seat] = entry.action;
  }
  return out;
}

/** The card an action names, if any. */
function actionCard(action) {
  return action?.card ?? action?.card_id ?? null;
}

/** The seats' views whose hand the replay reveals at this stop (none outside "hands revealed" mode). */
function handsShown(replay) {
  return replay.hands ? (replay.seat_views || []).filter((v) => Array.isArray(v.hand)) : [];
}

/** Whether the revealed hands are many (closer together; the replay's strip gives them its room: after.css). */
export function manyHandsShown(replay) {
  return handsShown(replay).length >= MANY_HANDS;
}

/** Every player's hand at this stop and the card they chose from it: only in "hands revealed" mode. */
export function RevealedHands({ replay, names }) {
  if (!replay.hands) return null;
  const chosen = nextChoices(replay);
  const withHands = handsShown(replay);
  const faceDown = replay.face_down || [];
  // Many hands: closer together (each name with its choice, the cards by their icons, the chosen one named).
  return html`<aside class="revealed-hands ${withHands.length >= MANY_HANDS ? "many" : ""}" id="revealed-hands" aria-label=${t("replay.hands_title")}>
    <h2><${Icon} name="discard" />${t("replay.hands_title")}</h2>
    ${withHands.length ? html`<ul>${withHands.map((v) => html`<li key=${`h${v.seat}`} style=${`--seat: ${seatColor(v.seat)}`} data-seat=${v.seat}>
        <span class="who">${names[v.seat] ?? "?"}</span>
        <span class="hand">${v.hand.map((card, i) => html`<span key=${`${card}.${i}`} class=${card === actionCard(chosen[v.seat]) ? "chosen" : ""}><${CardChip} id=${card} /></span>`)}</span>
        ${chosen[v.seat] ? html`<span class="choice">${t("replay.chose", { what: t(`replay.action.${chosen[v.seat].type in ACTION_WORDS ? chosen[v.seat].type : "other"}`) })}</span>` : null}
      </li>`)}</ul>` : null}
    ${faceDown.length ? html`<p class="face-down" id="face-down"><span class="who">${t("replay.face_down")}</span>${faceDown.map((f) => html`<${CardChip} key=${`f${f.slot}`} id=${f.card} />`)}</p>` : null}
    ${!withHands.length && !faceDown.length ? html`<p class="muted">${t("replay.no_hands")}</p>` : null}
  </aside>`;
}

const MANY_HANDS = 5;

// The action types whose word the replay knows ("other" for the rest).
const ACTION_WORDS = { build: 1, wonder: 1, discard: 1 };

/** The replay's small score chart on the TV, its marker on the current stop. */
export function ReplayChart({ replay, names }) {
  const points = replay.timeline?.points || [];
  if (!points.length) return null;
  const marker = replay.at > 0 ? replay.at - 1 : null;
  return html`<div class="replay-chart"><${ScoreChart} points=${points} names=${names} kind=${replay.timeline.kind} marker=${marker} id="replay-score-chart" /></div>`;
}

/** The phone's remote for the TV's replay: big buttons, where it is, the chart with its marker. */
export function PhoneRemote({ replay, names, onCommand }) {
  const last = (replay.stops_count ?? 1) - 1;
  const ages = Object.keys(replay.timeline?.ages || {}).map(Number).filter((a) => a > 0).sort((a, b) => a - b);
  return html`<section class="phone-remote" id="phone-remote" data-at=${replay.at} data-playing=${replay.playing ? "1" : "0"}>
    <h2><${Icon} name="play_again" />${t("replay.remote")}</h2>
    <p class="replay-place" id="remote-place">${placeText(replay)}</p>
    <div class="remote-row">
      <button class="big" data-remote="back" disabled=${replay.at <= 0} onClick=${() => onCommand({ command: "back" })} aria-label=${t("replay.back")}>◀</button>
      <button class="big primary" data-remote="toggle" onClick=${() => onCommand({ command: replay.playing ? "pause" : "play" })}>${replay.playing ? t("replay.pause") : t("replay.play")}</button>
      <button class="big" data-remote="next" disabled=${replay.at >= last} onClick=${() => onCommand({ command: "next" })} aria-label=${t("replay.next")}>▶</button>
    </div>
    <div class="remote-row">${ages.map((age) => html`<button key=${`a${age}`} data-remote="age" data-age=${age} onClick=${() => onCommand({ command: "age", age })}>${t("chart.age", { age: ROMAN[age] || age })}</button>`)}</div>
    <div class="remote-row">
      ${SPEEDS.map((speed) => html`<button key=${`s${speed}`} data-remote="speed" data-speed=${speed} aria-pressed=${speed === replay.speed ? "true" : "false"} onClick=${() => onCommand({ command: "speed", speed })}>${speedText(speed)}</button>`)}
    </div>
    <div class="remote-row">
      <button data-remote="hands" aria-pressed=${replay.hands ? "true" : "false"} onClick=${() => onCommand({ command: "hands", hands: !replay.hands })}>${t("replay.hands")}</button>
      <button data-remote="close" onClick=${() => onCommand({ command: "close" })}>${t("replay.close")}</button>
    </div>
    <p class="muted">${t("replay.step_of", { step: num(replay.step), steps: num(replay.steps) })}</p>
    <${ScoreChart} points=${replay.timeline?.points || []} names=${names} kind=${replay.timeline?.kind} marker=${replay.at > 0 ? replay.at - 1 : null} compact=${true} id="remote-chart" />
  </section>`;
}
