// 7 Wonders (3-7 players, and 2 with the Free City) in the registry.
import { t } from "../lib/i18n.js";
import { ClassicBoard, cityNames } from "./board.js";
import { adaptCatalog } from "./catalog.js";
import { CreateClassic } from "./create.js";
import { describe, moments, moves } from "./log.js";
import { ClassicPhone, promptKey } from "./phone.js";
import "./strings/index.js";

function lobbyNote(table) {
  const sides = t(`classic.sides.${table.options?.sides || "random"}`);
  const n = (table.seats || []).length;
  return n === 2 ? t("classic.lobby_note_2p", { sides }) : t("classic.lobby_note", { n, sides });
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
  acting: (view) => (view?.phase === "over" ? [] : view?.pending ? [view.pending.seat] : view?.waiting || []),
};
