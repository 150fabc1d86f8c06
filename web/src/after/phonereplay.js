// A game of the history replayed on a phone, for that phone alone (the host's `replay` event with `game`):
// the public view at each stop drawn with the phone's own pieces of the game (the Duel's conflict, cities,
// draft, pyramid and progress tokens; 7 Wonders' cities in seating order), what the turn did in words, and
// a bar at the foot of the screen to step, play and pause. A finished game shows its public view only, as
// the TV's replay does. On the host phone, "Replay on the TV" hands the same game to the TV.
import { Card } from "../lib/card.js";
import { entry, nameOf } from "../lib/catalog.js";
import { html, useState } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { Icon } from "../lib/icons.js";
import { LogList } from "../lib/log.js";
import { winnerLine } from "../lib/scores.js";
import { seatName } from "../lib/seats.js";
import { Sheet } from "../lib/sheet.js";
import { DuelCity, Military, Pyramid, TokenDisc, WonderTile } from "../duel/pieces.js";
import { ClassicCity } from "../classic/pieces.js";
import { entriesBetween, replayTable, SPEEDS } from "./replay.js";
import "./phonereplay.css";

const ROMAN = ["", "I", "II", "III"];

/** The names of a replayed game's seats (a bot's level where it had no name). */
export function replayNames(timeline) {
  const table = replayTable(timeline);
  return (table.seats || []).map((s) => seatName(table, s.seat));
}

/** Where the replay is, in words: "After turn 12 of 54 · Age II" (the wonder draft: its own word). */
function placeText(replay) {
  const where = t("replay.place", { at: replay.at, total: Math.max(0, (replay.stops_count ?? 1) - 1) });
  const age = replay.view?.age;
  if (replay.view?.phase === "draft") return `${where} · ${t("duel.draft", { round: replay.view.draft?.round ?? 1 })}`;
  return age ? `${where} · ${t("chart.age", { age: ROMAN[age] || age })}` : where;
}

/** A piece read large in a sheet: a wonder, a progress token, or a card or wonder stage. */
function Large({ id }) {
  const kind = entry(id).kind;
  if (kind === "wonder") return html`<${WonderTile} id=${id} words=${true} cost=${true} />`;
  if (kind === "progress") return html`<${TokenDisc} id=${id} words=${true} />`;
  return html`<${Card} id=${id} size="l" />`;
}

/** A Duel at one stop: the conflict, both cities, the draft or the pyramid, the progress tokens. */
function DuelStop({ view, names, open }) {
  const players = view.players || [];
  return html`<section class="glance">
    <${Military} military=${view.military} names=${names} />
    ${players.map((player, seat) => html`<${DuelCity} key=${`p${seat}`} player=${player} name=${names[seat]} seat=${seat} onOpen=${open} compact=${true} />`)}
    ${view.phase === "draft" && view.draft?.available?.length ? html`<section class="replay-draft"><h2>${t("duel.draft", { round: view.draft.round ?? 1 })}</h2>
      <div class="draft-wonders">${view.draft.available.map((w) => html`<${WonderTile} key=${w} id=${w} onOpen=${open} />`)}</div></section>` : null}
    ${view.structure?.length && view.phase === "play" ? html`<section class="phone-pyramid" aria-label=${t("duel.phone.pyramid")}><h2>${t("duel.phone.pyramid")}</h2><${Pyramid} structure=${view.structure} onOpen=${open} /></section>` : null}
    ${(view.progress_board || []).length ? html`<section class="progress-board" aria-label=${t("duel.progress_board")}><h2>${t("duel.progress_board")}</h2>${view.progress_board.map((tok) => html`<${TokenDisc} key=${tok} id=${tok} onOpen=${open} />`)}</section>` : null}
  </section>`;
}

/** A 7 Wonders game at one stop: every city in seating order, each naming its neighbours. */
function ClassicStop({ view, names, game, open }) {
  const cityNames = game.cityNames ? game.cityNames(view, names) : names;
  return html`<section class="glance">${(view.cities || []).map((city) => html`<div key=${`c${city.city}`} class="glance-city">
    <${ClassicCity} city=${city} name=${cityNames[city.city]} names=${cityNames} teams=${view.teams} onOpen=${open} compact=${true} /></div>`)}</section>`;
}

const STOPS = { duel: DuelStop, classic: ClassicStop };

/** The log context of the replayed game (its names, its view for the cities' names). */
function logContext(replay, names, game) {
  const table = replayTable(replay.timeline);
  return (step) => ({
    step,
    seatName: (seat) => seatName(table, seat),
    cityName: (c) => (game.cityNames ? game.cityNames(replay.view, names)[c] : names[c]) ?? "?",
    seatOfCity: (c) => replay.view?.cities?.[c]?.seat ?? null,
    winner: (result) => winnerLine(result, names),
  });
}

/** What happened since the stop before this one, described as the game's log says it. */
function turnEntries(replay, names, game) {
  const stops = replay.timeline?.stops || [];
  const from = replay.at > 0 ? stops[replay.at - 1] ?? 0 : 0;
  const ctx = logContext(replay, names, game);
  return entriesBetween(replay.timeline, from, replay.step).flatMap((e) => game.describe(e.events, ctx(e.step)));
}

/**
 * The replay screen of a phone. replay: the state of after/replay.js nextReplay (a frame and its
 * timeline); games: the registry; title, when: the game's title and end in words; onCommand(command):
 * sends a replay command; onBack: back to the history; onTv: the host phone's "Replay on the TV" (or null).
 */
export function PhoneReplay({ replay, games, title, when, onCommand, onBack, onTv = null, error = "" }) {
  const [reading, setReading] = useState(null);
  const game = games[replay.timeline?.kind];
  const Stop = STOPS[replay.timeline?.kind];
  const names = replayNames(replay.timeline);
  const view = replay.view;
  const last = (replay.stops_count ?? 1) - 1;
  const ages = Object.keys(replay.timeline?.ages || {}).map(Number).filter((a) => a > 0).sort((a, b) => a - b);
  const over = view?.phase === "over" && view.result;
  const lines = game && view ? turnEntries(replay, names, game) : [];
  return html`<section class="phone-replay" id="phone-replay" data-at=${replay.at} data-step=${replay.step} data-playing=${replay.playing ? "1" : "0"} data-kind=${replay.timeline?.kind}>
    <header class="phone-replay-top">
      <button data-phone-replay="back" onClick=${onBack}>${t("history.back")}</button>
      <h1><${Icon} name="play_again" /><span>${title}</span></h1>
      ${when ? html`<p class="muted when">${when}</p>` : null}
      ${onTv ? html`<button class="on-tv" data-phone-replay="tv" onClick=${onTv}><${Icon} name="play_again" />${t("history.replay")}</button>` : null}
    </header>
    <div class="replay-jumps" role="group" aria-label=${t("replay.title")}>
      ${ages.map((age) => html`<button key=${`a${age}`} data-phone-replay="age" data-age=${age} onClick=${() => onCommand({ command: "age", age })}>${t("chart.age", { age: ROMAN[age] || age })}</button>`)}
      <button data-phone-replay="end" disabled=${replay.at >= last} onClick=${() => onCommand({ command: "seek", at: last })}>${t("replay.phone.end")}</button>
      <button data-phone-replay="speed" aria-label=${t("replay.phone.speed", { speed: num(replay.speed) })} onClick=${() => onCommand({ command: "speed", speed: SPEEDS[(SPEEDS.indexOf(replay.speed) + 1) % SPEEDS.length] })}>${t("replay.speed", { speed: replay.speed })}</button>
    </div>
    ${error ? html`<p class="error" id="error">${error}</p>` : null}
    ${over ? html`<p class="replay-result" id="replay-result"><${Icon} name="vp" />${winnerLine(view.result, names)}</p>` : null}
    ${replay.at > 0 && lines.length ? html`<${LogList} entries=${lines} cls="replay-turn" />` : null}
    ${!view || !Stop || !game ? html`<p class="wait">${t("conn.connecting")}</p>` : html`<${Stop} view=${view} names=${names} game=${game} open=${setReading} />`}
    <div class="replay-steps" id="replay-steps" role="group" aria-label=${t("replay.place", { at: replay.at, total: last })}>
      <p class="replay-place" id="replay-place">${placeText(replay)}</p>
      <div class="steps-row">
        <button class="big" data-phone-replay="previous" disabled=${replay.at <= 0} onClick=${() => onCommand({ command: "back" })} aria-label=${t("replay.back")}><span class="arrow" aria-hidden="true">◀</span></button>
        <button class="big primary" data-phone-replay="toggle" disabled=${!replay.playing && replay.at >= last} onClick=${() => onCommand({ command: replay.playing ? "pause" : "play" })}>${replay.playing ? t("replay.pause") : t("replay.play")}</button>
        <button class="big" data-phone-replay="next" disabled=${replay.at >= last} onClick=${() => onCommand({ command: "next" })} aria-label=${t("replay.next")}><span class="arrow" aria-hidden="true">▶</span></button>
      </div>
    </div>
    ${reading ? html`<${Sheet} title=${nameOf(reading)} onClose=${() => setReading(null)}><${Large} id=${reading} /></${Sheet}>` : null}
  </section>`;
}
