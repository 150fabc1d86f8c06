// The score-pad rows and the headline of a finished game, shared by the board and the phone.
import { t } from "./strings.js";

export const SCORE_ROWS = ["blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military"];

/** Headline text: who won and how. */
export function winnerText(result, names) {
  const winners = result?.winners || [];
  const head = winners.length > 1 ? t("end.shared") : t("end.winner", { name: names[winners[0]] ?? "?" });
  return { head, how: t(`end.victory.${result?.victory}`) };
}
