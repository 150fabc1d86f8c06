// The board's start screen at "/": create a Duel table.
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";
import { classicNewEl } from "../classic/home.js";

/** The create-table form; onCreate(options) is called with the chosen options. */
export function homeEl({ onCreate, onCreateClassic, onOpen, tables = [], busy = false, error = "" }) {
  const firstGame = h("input", { type: "checkbox", id: "opt-first-game", dataset: { option: "first_game_wonders" } });
  return h(
    "main",
    { class: "home" },
    h("h1", {}, t("home.heading")),
    h(
      "div",
      { class: "panel" },
      h("h2", {}, t("home.new")),
      h("label", { class: "check" }, firstGame, " ", t("home.first_game")),
      h(
        "button",
        {
          class: "big primary",
          dataset: { action: "create" },
          disabled: busy,
          onclick: () => onCreate({ first_game_wonders: firstGame.checked }),
        },
        t("home.create"),
      ),
      error ? h("p", { class: "error" }, error) : null,
    ),
    onCreateClassic ? classicNewEl({ onCreate: onCreateClassic, busy }) : null,
    tables.length
      ? h(
          "div",
          { class: "panel" },
          h("h2", {}, t("home.tables")),
          h(
            "ul",
            { class: "table-list" },
            tables.map((table) =>
              h(
                "li",
                {},
                h("strong", { class: "code" }, table.code),
                h("span", { class: "muted" }, t(`home.state.${table.state}`)),
                h("span", {}, (table.seats || []).map((s) => s.name).filter(Boolean).join(" · ")),
                h("button", { dataset: { action: "open", code: table.code }, onclick: () => onOpen(table.code) }, t("home.open")),
              ),
            ),
          ),
        )
      : null,
  );
}
