// Who is who in a classic game: seat names, city names (the Free City has no seat).
import { t } from "../lib/strings.js";
import "./strings.js";

/** The player's name of a seat (from the host's table payload). */
export function seatName(table, seat) {
  return table?.seats?.[seat]?.name || t("seat.label", { n: (seat ?? 0) + 1 });
}

/** The name shown for city c: its player's name, or "Free City". */
export function cityName(view, table, c) {
  const city = view?.cities?.[c];
  if (!city) return "?";
  return city.seat === null || city.seat === undefined ? t("cl.free_city") : seatName(table, city.seat);
}
