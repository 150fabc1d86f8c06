// 7 Wonders Duel in the registry: what the two entry pages need from it.
import { t } from "../lib/i18n.js";
import { DuelBoard } from "./board.js";
import { adaptCatalog } from "./catalog.js";
import { CreateDuel } from "./create.js";
import { describe, moments, moves } from "./log.js";
import { DuelPhone, promptKey } from "./phone.js";
import "./strings/index.js";

export default {
  kind: "duel",
  titleKey: "duel.title",
  adapt: adaptCatalog,
  Create: CreateDuel,
  lobbyNote: (table) => (table.options?.first_game_wonders ? t("duel.options_first") : t("duel.options_draft")),
  Board: DuelBoard,
  Phone: DuelPhone,
  describe,
  moments,
  moves,
  promptKey,
  /** Who must act now (for the seat pills). */
  acting: (view) => (view?.phase === "over" || !view?.pending ? [] : [view.pending.seat]),
};
