// Start screens: the TV's (create a table of any registered game, open a running one) and the phone's
// (the tables it may join, or a typed code).
import { html, useState } from "./html.js";
import { t } from "./i18n.js";

function gameTitle(games, table) {
  // The game's title in the screen's language; the host's (English) title only for a game this page lacks.
  return games[table.game] ? t(games[table.game].titleKey) : table.title || table.game;
}

/** The TV's home: children first (the set-up and join codes), one panel per game of the registry, then the
 * tables of this host. */
export function BoardHome({ games, tables, lost = [], busy, error, onCreate, onOpen, children = null }) {
  return html`<main class="home">
    <h1>${t("home.heading")}</h1>
    ${children}
    <div class="create-panels">${Object.values(games).map((game) => html`<${game.Create} key=${game.kind} busy=${busy} onCreate=${(options, seats, clock, coach) => onCreate(game.kind, options, seats, clock, coach)} />`)}</div>
    ${error ? html`<p class="error">${error}</p>` : null}
    ${lost.length ? html`<div class="panel lost-tables" role="alert">
      <h2>${t("home.lost")}</h2>
      <ul>${lost.map((line) => html`<li key=${line} dir="ltr">${line}</li>`)}</ul></div>` : null}
    ${tables.length ? html`<div class="panel">
      <h2>${t("home.tables")}</h2>
      <ul class="table-list">${tables.map((table) => html`<li key=${table.code}>
        <strong class="code">${table.code}</strong><span>${gameTitle(games, table)}</span>
        <span class="muted">${t(`home.state.${table.state}`)}</span>
        <span>${(table.seats || []).map((s) => s.name).filter(Boolean).join(" · ")}</span>
        <button data-action="open" data-code=${table.code} onClick=${() => onOpen(table.code)}>${t("home.open")}</button>
      </li>`)}</ul></div>` : null}
  </main>`;
}

/** A table code as typed: upper-case letters only, or null when it cannot be one. */
export function cleanCode(text) {
  const code = String(text || "").trim().toUpperCase().replace(/[^A-Z]/g, "");
  return code.length === 4 ? code : null;
}

/** A table a phone may want to join from the list: waiting for players, with a free seat, and not
 * abandoned (players sat there and every one of their phones has gone; the host expires such tables). A
 * table nobody has sat at yet (just set up, its TV showing its code) stays listed. */
export function joinable(table) {
  const seats = table?.seats || [];
  if (table?.state !== "lobby" || !seats.some((s) => !s.taken)) return false;
  const players = seats.filter((s) => s.taken && !s.bot);
  return !players.length || players.some((s) => s.connected);
}

/** The phone's start: tables waiting for players, and a field to type a code. */
export function JoinPage({ games, tables, error = "", onSetup = null }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState("");
  const open = tables.filter(joinable);
  const submit = (ev) => {
    ev.preventDefault();
    const clean = cleanCode(code);
    if (!clean) return setProblem(t("join.bad_code"));
    location.assign(`/t/${clean}`);
  };
  return html`<main class="phone-main join-page">
    <h1>${t("join.heading")}</h1>
    <form class="code-form" onSubmit=${submit}>
      <label for="code">${t("join.code")}</label>
      <div class="code-row"><input id="code" type="text" inputmode="text" autocapitalize="characters" autocomplete="off" maxlength="8" value=${code}
        onInput=${(ev) => setCode(ev.currentTarget.value)} /><button class="primary" type="submit" data-action="go">${t("join.go")}</button></div>
    </form>
    ${problem || error ? html`<p class="error" id="error">${problem || error}</p>` : null}
    <h2>${t("join.open_tables")}</h2>
    ${open.length ? html`<ul class="join-list">${open.map((table) => html`<li key=${table.code}><a class="join-table" href=${`/t/${table.code}`} data-code=${table.code}>
      <strong class="code">${table.code}</strong><span>${gameTitle(games, table)}</span>
      <span class="muted">${t("join.free_seats", { n: (table.seats || []).filter((s) => !s.taken).length })}</span></a></li>`)}</ul>`
      : html`<p class="muted">${t("join.none")}</p>`}
    ${onSetup ? html`<p><button class="link" data-action="setup-here" onClick=${onSetup}>${t("join.setup_here")}</button></p>` : null}
  </main>`;
}
