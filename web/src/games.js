// The registry of games: the two entry pages (board.js, phone.js) find everything game-specific here.
import classic from "./classic/index.js";
import duel from "./duel/index.js";

export const GAMES = { duel, classic };

/** The game module of a kind (a table payload's "game"), or null. */
export function gameOf(kind) {
  return GAMES[kind] || null;
}
