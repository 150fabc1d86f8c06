// The board's "new Duel table" panel.
import { html, useState } from "../lib/html.js";
import { t } from "../lib/i18n.js";

/** onCreate(options, seats) creates the table. */
export function CreateDuel({ onCreate, busy }) {
  const [firstGame, setFirstGame] = useState(false);
  return html`<div class="panel create" data-game="duel">
    <h2>${t("home.new", { game: t("duel.title") })}</h2>
    <label class="check"><input type="checkbox" id="opt-first-game" checked=${firstGame} onChange=${(ev) => setFirstGame(ev.currentTarget.checked)} /> ${t("duel.first_game")}</label>
    <button class="big primary" data-action="create" data-game="duel" disabled=${busy} onClick=${() => onCreate({ first_game_wonders: firstGame }, 2)}>${t("home.create")}</button>
  </div>`;
}
