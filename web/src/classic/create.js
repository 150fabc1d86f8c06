// The board's "new 7 Wonders table" panel: number of players (2 = the Free City variant) and sides.
import { ClockField } from "../lib/clock.js";
import { html, useState } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";

/** onCreate(options, seats, clock) creates the table. */
export function CreateClassic({ onCreate, busy }) {
  const [seats, setSeats] = useState(3);
  const [sides, setSides] = useState("random");
  const [clock, setClock] = useState(null);
  return html`<div class="panel create" data-game="classic">
    <h2>${t("home.new", { game: t("classic.title") })}</h2>
    <label class="field">${t("classic.players")}
      <select id="cl-seats" value=${String(seats)} onChange=${(ev) => setSeats(Number(ev.currentTarget.value))}>
        ${[2, 3, 4, 5, 6, 7].map((n) => html`<option value=${String(n)}>${n === 2 ? t("classic.two_players") : num(n)}</option>`)}
      </select></label>
    <label class="field">${t("classic.sides")}
      <select id="cl-sides" value=${sides} onChange=${(ev) => setSides(ev.currentTarget.value)}>
        ${["random", "A", "B"].map((side) => html`<option value=${side}>${t(`classic.sides.${side}`)}</option>`)}
      </select></label>
    <${ClockField} id="cl-clock" value=${clock} onChange=${setClock} />
    <button class="big primary" data-action="create-classic" data-game="classic" disabled=${busy} onClick=${() => onCreate({ sides }, seats, clock)}>${t("home.create")}</button>
  </div>`;
}
