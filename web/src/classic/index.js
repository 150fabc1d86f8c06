// 7 Wonders (3-7 players, and 2 with the Free City) in the registry.
import { html } from "../lib/html.js";
import { list, t } from "../lib/i18n.js";
import { TeamTag, teamColor } from "./pieces.js";
import { ClassicBoard, cityNames } from "./board.js";
import { adaptCatalog } from "./catalog.js";
import { CreateClassic } from "./create.js";
import { describe, moments, moves } from "./log.js";
import { ClassicPhone, promptKey } from "./phone.js";
import "./strings/index.js";

/** Seats of each team of a team game (the engine's reading: seats 0-1, 2-3, 4-5). */
export function lobbyTeams(n) {
  const teams = [];
  for (let seat = 0; seat + 1 < n; seat += 2) teams.push([seat, seat + 1]);
  return teams;
}

function lobbyNote(table) {
  const sides = t(`classic.sides.${table.options?.sides || "random"}`);
  const seats = table.seats || [];
  const n = seats.length;
  const base = n === 2 ? t("classic.lobby_note_2p", { sides }) : t("classic.lobby_note", { n, sides });
  const extras = [table.options?.cities ? t("classic.lobby_cities") : "", table.options?.teams ? t("classic.lobby_teams") : ""].filter(Boolean);
  const text = extras.length ? `${base} · ${extras.join(" · ")}` : base;
  if (!table.options?.teams) return text;
  const label = (seat) => seats[seat]?.name || t("seat.label", { n: seat + 1 });
  return html`${text}<span class="lobby-teams">${lobbyTeams(n).map((team, i) => html`<span class="lobby-team" data-team=${i} style=${`--team: ${teamColor(i)}`}>
    <${TeamTag} team=${i} /><span>${list(team.map(label))}</span></span>`)}</span>`;
}

/** Who must act now: the seats still deciding their debt, the seat of another prompt, or the choosers. */
function acting(view) {
  if (view?.phase === "over") return [];
  if (view?.pending?.kind === "debt") return (view.pending.seats || []).filter((seat) => !view.chosen?.[seat]);
  return view?.pending ? [view.pending.seat] : view?.waiting || [];
}

export default {
  kind: "classic",
  titleKey: "classic.title",
  adapt: adaptCatalog,
  Create: CreateClassic,
  lobbyNote,
  Board: ClassicBoard,
  Phone: ClassicPhone,
  describe,
  moments,
  moves,
  cityNames,
  promptKey,
  acting,
};
