// Turns the engine's public events into short sentences and into the set of ids to highlight.
import { nameOf } from "./catalog.js";
import { t } from "./strings.js";

/** One line per meaningful event; seatName(seat) gives the player's name. */
export function describeEvents(events, seatName) {
  const lines = [];
  for (const ev of events || []) {
    const name = seatName(ev.seat);
    switch (ev.type) {
      case "draft_wonder":
        lines.push(t("ev.draft_wonder", { name, wonder: nameOf(ev.wonder) }));
        break;
      case "build":
        lines.push(ev.cost ? t("ev.build_cost", { name, card: nameOf(ev.card), cost: ev.cost }) : t("ev.build", { name, card: nameOf(ev.card) }));
        break;
      case "discard":
        lines.push(t("ev.discard", { name, card: nameOf(ev.card), coins: ev.coins ?? "?" }));
        break;
      case "wonder":
        lines.push(t("ev.wonder", { name, wonder: nameOf(ev.wonder) }));
        break;
      case "progress":
        lines.push(t("ev.progress", { name, token: nameOf(ev.token) }));
        break;
      case "destroy":
        lines.push(t("ev.destroy", { name, card: nameOf(ev.card) }));
        break;
      case "mausoleum":
        lines.push(t("ev.mausoleum", { name, card: nameOf(ev.card) }));
        break;
      case "military_token":
        lines.push(t("ev.military_token", { name: seatName(ev.side), value: ev.value }));
        break;
      case "replay":
        lines.push(t("ev.replay", { name }));
        break;
      case "age_start":
        lines.push(t("ev.age_start", { age: ev.age, name: seatName(ev.first_player) }));
        break;
      case "choose_start": {
        const chosen = ev.first_player ?? ev.start ?? ev.chosen;
        if (typeof chosen === "number") lines.push(t("ev.choose_start", { name: seatName(chosen) }));
        break;
      }
      case "wonder_boxed":
        lines.push(t("ev.wonder_boxed", { wonder: nameOf(ev.wonder) }));
        break;
      default:
        break;
    }
  }
  return lines;
}

/** Ids (cards, wonders, tokens), slots and flags touched by the events, for a short highlight. */
export function changedBy(events) {
  const ids = new Set();
  const slots = new Set();
  let pawn = false;
  for (const ev of events || []) {
    for (const key of ["card", "wonder", "token"]) if (typeof ev[key] === "string") ids.add(ev[key]);
    if (typeof ev.slot === "number") slots.add(ev.slot);
    if (ev.type === "pawn" || ev.type === "military_token") pawn = true;
  }
  return { ids, slots, pawn };
}

/** What is pending, as a sentence. */
export function pendingText(view, names) {
  if (!view || view.phase === "over" || !view.pending) return t("status.over");
  const { kind, seat } = view.pending;
  return t(`pending.${kind}`, { name: names[seat] ?? "?", age: (view.age || 0) + 1 });
}
