// The board's "new Duel table" panel.
import { ClockField } from "../lib/clock.js";
import { CoachField } from "../lib/coach.js";
import { html, useState } from "../lib/html.js";
import { t } from "../lib/i18n.js";

/** onCreate(options, seats, clock, coach) creates the table. */
export function CreateDuel({ onCreate, busy }) {
  const [firstGame, setFirstGame] = useState(false);
  const [clock, setClock] = useState(null);
  const [coach, setCoach] = useState(false);
  return html`<div class="panel create" data-game="duel">
    <h2>${t("home.new", { game: t("duel.title") })}</h2>
    <label class="check"><input type="checkbox" id="opt-first-game" checked=${firstGame} onChange=${(ev) => setFirstGame(ev.currentTarget.checked)} /> ${t("duel.first_game")}</label>
    <${ClockField} id="duel-clock" value=${clock} onChange=${setClock} />
    <${CoachField} id="duel-coach" value=${coach} onChange=${setCoach} />
    <button class="big primary" data-action="create" data-game="duel" disabled=${busy} onClick=${() => onCreate({ first_game_wonders: firstGame }, 2, clock, coach)}>${t("home.create")}</button>
  </div>`;
}
