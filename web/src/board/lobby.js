// The board's lobby of one table: QR code, join URL, code, seats, release and start.
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** Lobby panel for table (the host's `table` payload). */
export function lobbyEl(table, { onStart, onRelease, error = "" }) {
  const seats = table.seats || [];
  const full = seats.length > 0 && seats.every((s) => s.taken);
  const firstGame = table.options?.first_game_wonders;
  return h(
    "main",
    { class: "lobby" },
    h(
      "div",
      { class: "lobby-qr" },
      h("img", { class: "qr", src: `/qr/${encodeURIComponent(table.code)}.svg`, alt: t("lobby.scan") }),
      h("p", { class: "scan" }, t("lobby.scan")),
    ),
    h(
      "div",
      { class: "lobby-info" },
      h("h1", {}, t("home.heading")),
      h("p", { class: "muted" }, firstGame ? t("lobby.options_first") : t("lobby.options_draft")),
      h("p", { class: "join" }, t("lobby.or_open"), " ", h("a", { id: "join-url", href: table.join_url, target: "_blank" }, table.join_url)),
      (table.join_urls || []).length > 1
        ? h("p", { class: "other-urls muted" }, t("lobby.other_urls"), " ", table.join_urls.slice(1).join(" · "))
        : null,
      h("p", { class: "code" }, t("lobby.code"), " ", h("strong", { id: "table-code" }, table.code)),
      h("h2", {}, t("lobby.players")),
      h("ul", { class: "seats" }, seats.map((seat) => seatEl(seat, onRelease))),
      full
        ? h("button", { class: "big primary", dataset: { action: "start" }, onclick: onStart }, t("lobby.start"))
        : h("p", { class: "muted" }, t("lobby.waiting")),
      error ? h("p", { class: "error" }, error) : null,
    ),
  );
}

function seatEl(seat, onRelease) {
  const label = t("seat.label", { n: seat.seat + 1 });
  if (!seat.taken) return h("li", { class: "seat empty", dataset: { seat: seat.seat } }, h("span", {}, label), h("span", { class: "muted" }, t("lobby.empty_seat")));
  return h(
    "li",
    { class: `seat ${seat.connected ? "on" : "away"}`, dataset: { seat: seat.seat } },
    h("span", { class: "dot" }),
    h("span", { class: "seat-name" }, seat.name),
    h("span", { class: "muted" }, seat.connected ? t("lobby.connected") : t("lobby.away")),
    seat.connected
      ? null
      : h("button", { class: "small", dataset: { action: "release", seat: seat.seat }, onclick: () => onRelease(seat.seat) }, t("lobby.release")),
  );
}
