// The board's "new 7 Wonders table" panel: number of players (2 = the Free City variant), sides, and the
// Cities expansion with its team game. Seat counts and allowed values come from the engine's spec
// (/specs.json); the panel only adds which seat counts each option fits (the engine refuses the others).
import { ClockField } from "../lib/clock.js";
import { CoachField } from "../lib/coach.js";
import { html, useEffect, useState } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { allowedOf, loadSpecs, seatCounts, specOf } from "../lib/specs.js";

export const CITIES_MIN_SEATS = 3; // Cities is not offered with 2 players (engine reading CITIES_WITH_TWO_SEATS)
export const TEAM_SEATS = [4, 6]; // the team game: Cities with 4 or 6 players (docs/classic.md, Cities)

/** The options a table is created with, keeping only what fits the number of seats and the spec. */
export function classicOptions(spec, { seats, sides, cities, teams }) {
  const options = { sides };
  const offersCities = allowedOf(spec, "cities").includes(true);
  const withCities = offersCities && cities && seats >= CITIES_MIN_SEATS;
  if (withCities) options.cities = true;
  if (withCities && teams && allowedOf(spec, "teams").includes(true) && TEAM_SEATS.includes(seats)) options.teams = true;
  return options;
}

/** onCreate(options, seats, clock, coach) creates the table. */
export function CreateClassic({ onCreate, busy }) {
  const [spec, setSpec] = useState(specOf("classic"));
  const [seats, setSeats] = useState(spec?.default_seats ?? 3);
  const [sides, setSides] = useState("random");
  const [clock, setClock] = useState(null);
  const [coach, setCoach] = useState(false);
  const [cities, setCities] = useState(false);
  const [teams, setTeams] = useState(false);
  useEffect(() => {
    if (!spec) loadSpecs().then(() => {
      const loaded = specOf("classic");
      setSpec(loaded);
      if (loaded) setSeats(loaded.default_seats ?? loaded.min_seats);
    });
  }, []);
  if (!spec) return html`<div class="panel create" data-game="classic"><h2>${t("home.new", { game: t("classic.title") })}</h2><p class="muted">${t("conn.connecting")}</p></div>`;
  const citiesOffered = allowedOf(spec, "cities").includes(true);
  const teamsOffered = allowedOf(spec, "teams").includes(true);
  const citiesFit = seats >= CITIES_MIN_SEATS;
  const teamsFit = citiesFit && cities && TEAM_SEATS.includes(seats);
  const options = classicOptions(spec, { seats, sides, cities, teams });
  return html`<div class="panel create" data-game="classic">
    <h2>${t("home.new", { game: t("classic.title") })}</h2>
    <label class="field">${t("classic.players")}
      <select id="cl-seats" value=${String(seats)} onChange=${(ev) => setSeats(Number(ev.currentTarget.value))}>
        ${seatCounts(spec).map((n) => html`<option value=${String(n)}>${n === 2 ? t("classic.two_players") : num(n)}</option>`)}
      </select></label>
    <label class="field">${t("classic.sides")}
      <select id="cl-sides" value=${sides} onChange=${(ev) => setSides(ev.currentTarget.value)}>
        ${allowedOf(spec, "sides").map((side) => html`<option value=${side}>${t(`classic.sides.${side}`)}</option>`)}
      </select></label>
    <${ClockField} id="cl-clock" value=${clock} onChange=${setClock} />
    <${CoachField} id="cl-coach" value=${coach} onChange=${setCoach} />
    ${citiesOffered ? html`<label class="check"><input type="checkbox" id="cl-cities" checked=${cities && citiesFit} disabled=${!citiesFit}
        aria-describedby=${citiesFit ? undefined : "cl-cities-why"} onChange=${(ev) => setCities(ev.currentTarget.checked)} /> ${t("classic.cities")}</label>
      ${citiesFit ? null : html`<p class="muted" id="cl-cities-why">${t("classic.cities_needs")}</p>`}` : null}
    ${citiesOffered && teamsOffered ? html`<label class="check"><input type="checkbox" id="cl-teams" checked=${teams && teamsFit} disabled=${!teamsFit}
        aria-describedby=${teamsFit ? undefined : "cl-teams-why"} onChange=${(ev) => setTeams(ev.currentTarget.checked)} /> ${t("classic.teams")}</label>
      ${teamsFit ? null : html`<p class="muted" id="cl-teams-why">${t("classic.teams_needs")}</p>`}` : null}
    <button class="big primary" data-action="create-classic" data-game="classic" disabled=${busy} onClick=${() => onCreate(options, seats, clock, coach)}>${t("home.create")}</button>
  </div>`;
}
