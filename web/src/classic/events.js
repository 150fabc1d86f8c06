// The reveal of a classic turn: the engine's public events turned into one short line per city.
import { nameOf } from "../lib/catalog.js";
import { t } from "../lib/strings.js";
import "./strings.js";

const REVEALING = new Set(["build", "wonder", "discard", "guild_copied", "effect_lost", "military"]);

/** {lines: {city: [text]}, cards: Set of card ids just built, military: Set of cities} or null. */
export function revealOf(events) {
  if (!(events || []).some((ev) => REVEALING.has(ev.type))) return null;
  const lines = {};
  const cards = new Set();
  const military = new Set();
  const add = (city, text) => (lines[city] ||= []).push(text);
  for (const ev of events) {
    switch (ev.type) {
      case "build":
        cards.add(ev.card);
        add(ev.city, t(ev.how === "chain" ? "cl.ev.chain" : ev.how === "paid" ? "cl.ev.build" : "cl.ev.free", { card: nameOf(ev.card) }));
        break;
      case "wonder":
        add(ev.city, t("cl.ev.wonder", { stage: ev.stage }));
        break;
      case "discard":
        add(ev.city, t("cl.ev.discard"));
        break;
      case "guild_copied":
        add(ev.city, t("cl.ev.copied", { card: nameOf(ev.card) }));
        break;
      case "effect_lost":
        add(ev.city, t("cl.ev.lost"));
        break;
      case "military":
        military.add(ev.city);
        break;
      default:
        break;
    }
  }
  return { lines, cards, military };
}
