// The history of this host (the TV's and the phones'): finished games newest first, a page at a time,
// each with when, which game, who sat where (bots and levels), the winner, how, and the scores; a game's
// chart, its record to download and, on the TV, its replay. The players' statistics beside it. A phone
// may remove its own name (every seat token it keeps).
import { html, useEffect, useState } from "../lib/html.js";
import { locale, num, pieceName, t } from "../lib/i18n.js";
import { levelName } from "../lib/bots.js";
import { errorText } from "../lib/connection.js";
import { Icon } from "../lib/icons.js";
import { seatColor } from "../lib/seats.js";
import { ScoreChart } from "./chart.js";

/** The seat tokens this phone keeps (one per table it sat at). */
export function keptTokens(storage = localStorage) {
  const out = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith("wt.token.")) out.push(storage.getItem(key));
  }
  return out.filter(Boolean).slice(0, 200);
}

async function getJson(url, options) {
  const reply = await fetch(url, options);
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new Error(errorText({ error: body.error, message: body.message || String(reply.status) }));
  return body;
}

/** When a game ended, in the viewer's language. */
function whenText(seconds) {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

function seatLabel(seat) {
  if (seat.name) return seat.name;
  if (seat.bot) return t("history.bot", { level: levelName(seat.bot) });
  return t("history.nameless");
}

function GameRow({ game, games, onReplay, onChart }) {
  const title = games[game.kind] ? t(games[game.kind].titleKey) : game.title;
  const winners = new Set(game.winners || []);
  return html`<li class="history-game" data-game=${game.id}>
    <div class="history-head"><strong>${title}</strong><span class="muted">${whenText(game.ended)}</span>
      ${game.imported ? html`<span class="tag">${t("history.imported")}</span>` : null}
      ${game.victory ? html`<span class="victory" data-victory=${game.victory}>${t(`history.victory.${game.victory}`)}</span>` : null}</div>
    <ol class="history-seats">${game.seats.map((seat) => html`<li key=${`s${seat.seat}`} class=${winners.has(seat.seat) ? "win" : ""} style=${`--seat: ${seatColor(seat.seat)}`}>
      ${winners.has(seat.seat) ? html`<${Icon} name="vp" label=${t("history.winner")} />` : null}<span class="who">${seatLabel(seat)}</span>
      ${seat.bot && seat.name ? html`<span class="muted">${levelName(seat.bot)}</span>` : null}
      <strong class="points">${num(seat.score)}</strong></li>`)}</ol>
    <div class="history-actions">
      <button data-history="chart" onClick=${() => onChart(game)}>${t("history.chart")}</button>
      ${onReplay ? html`<button class="primary" data-history="replay" onClick=${() => onReplay(game.id)}>${t("history.replay")}</button>` : null}
      <a class="button" data-history="record" href=${`/api/history/${game.id}?download=1`} download=${`wonders-${game.kind}-${game.id}.json`}>${t("history.record")}</a>
    </div>
  </li>`;
}

/** Wonder and board names in the viewer's language, by id ({id: name}), from the games' catalogs. */
async function wonderNames() {
  const out = {};
  const [duel, classic] = await Promise.all(["duel", "classic"].map((kind) => getJson(`/catalog/${kind}.json`).catch(() => ({}))));
  for (const w of duel.wonders || []) out[w.id] = pieceName("duel", w.name);
  for (const b of classic.boards || []) out[b.board] = pieceName("classic", b.name);
  return out;
}

function PlayerRow({ player, games, names = {} }) {
  const kinds = Object.entries(player.kinds || {});
  return html`<li class="player-stats" data-player=${player.name}>
    <div class="history-head"><strong>${player.name}</strong>
      <span>${t("stats.record", { wins: player.wins, games: player.games })}</span></div>
    <ul class="stats-lines">
      ${kinds.map(([kind, s]) => html`<li key=${kind}>${games[kind] ? t(games[kind].titleKey) : kind}: ${t("stats.kind", { wins: s.wins, games: s.games, average: s.average ?? 0, best: s.best ?? 0 })}</li>`)}
      ${Object.keys(player.victories || {}).length ? html`<li>${t("stats.victories")}: ${Object.entries(player.victories).map(([v, n]) => `${t(`history.victory.${v}`)} ${num(n)}`).join(" · ")}</li>` : null}
      ${player.wonders?.length ? html`<li>${t("stats.wonders")}: ${player.wonders.map((w) => names[w.id] || w.id).join(" · ")}</li>` : null}
      ${Object.keys(player.bots || {}).length ? html`<li>${t("stats.bots")}: ${Object.entries(player.bots).map(([level, r]) => `${levelName(level)} ${t("stats.against", { wins: r.wins, losses: r.losses })}`).join(" · ")}</li>` : null}
      ${player.opponents?.length ? html`<li>${t("stats.opponents")}: ${player.opponents.slice(0, 6).map((o) => `${o.name} ${t("stats.against", { wins: o.wins, losses: o.losses })}`).join(" · ")}</li>` : null}
    </ul>
  </li>`;
}

/**
 * The history screen. games: the registry; onReplay(id): the TV replays a game (null on phones);
 * onClose: back; forget: the phone's "remove my name" (null on the TV).
 */
export function HistoryScreen({ games, onReplay = null, onClose, forget = false, cls = "" }) {
  const [tab, setTab] = useState("games");
  const [page, setPage] = useState(1);
  const [data, setData] = useState(null);
  const [stats, setStats] = useState(null);
  const [wonders, setWonders] = useState({});
  const [chart, setChart] = useState(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    getJson(`/api/history?page=${page}`).then(setData, (e) => setError(e.message));
  }, [page]);
  useEffect(() => {
    if (tab === "players" && !stats) getJson("/api/stats").then(setStats, (e) => setError(e.message));
    if (tab === "players") wonderNames().then(setWonders);
  }, [tab]);
  const openChart = (game) => getJson(`/api/history/${game.id}/chart`).then((c) => setChart({ ...c, game }), (e) => setError(e.message));
  const removeName = async () => {
    try {
      const reply = await getJson("/api/history/forget", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ tokens: keptTokens() }) });
      setNote(t("history.removed", { n: reply.removed }));
      setStats(null);
      getJson(`/api/history?page=${page}`).then(setData);
    } catch (e) {
      setError(e.message);
    }
  };
  const importRecord = async (ev) => {
    const file = ev.currentTarget.files?.[0];
    ev.currentTarget.value = "";
    if (!file) return;
    setError("");
    try {
      await getJson("/api/history", { method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text() });
      setNote(t("history.imported_ok"));
      setPage(1);
      getJson("/api/history?page=1").then(setData);
    } catch (e) {
      setError(e.message);
    }
  };
  if (chart) {
    const names = chart.game.seats.map(seatLabel);
    return html`<main class="history-screen chart-screen ${cls}" id="history-chart">
      <header class="history-top"><button data-history="back" onClick=${() => setChart(null)}>${t("history.back")}</button><h1>${games[chart.kind] ? t(games[chart.kind].titleKey) : chart.kind}</h1></header>
      <${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${Boolean(forget)} id="history-score-chart" />
    </main>`;
  }
  const list = data?.games || [];
  return html`<main class="history-screen ${cls}" id="history" data-tab=${tab} data-page=${page}>
    <header class="history-top">
      <button data-history="close" onClick=${onClose}>${t("history.back")}</button>
      <h1>${t("history.title")}</h1>
      <span class="tabs" role="tablist">
        <button role="tab" data-tab="games" aria-selected=${tab === "games" ? "true" : "false"} onClick=${() => setTab("games")}>${t("history.games")}</button>
        <button role="tab" data-tab="players" aria-selected=${tab === "players" ? "true" : "false"} onClick=${() => setTab("players")}>${t("history.players")}</button>
      </span>
    </header>
    ${error ? html`<p class="error">${error}</p>` : null}
    ${note ? html`<p class="note" id="history-note">${note}</p>` : null}
    ${tab === "games" ? html`
      ${data && !list.length ? html`<p class="muted">${t("history.empty")}</p>` : null}
      <ol class="history-list">${list.map((game) => html`<${GameRow} key=${`g${game.id}`} game=${game} games=${games} onReplay=${onReplay} onChart=${openChart} />`)}</ol>
      ${data && data.pages > 1 ? html`<nav class="pager">
        <button data-history="newer" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>${t("history.newer")}</button>
        <span>${t("history.page", { page, pages: data.pages })}</span>
        <button data-history="older" disabled=${page >= data.pages} onClick=${() => setPage(page + 1)}>${t("history.older")}</button></nav>` : null}`
    : html`<ol class="stats-list">${(stats?.players || []).map((p) => html`<${PlayerRow} key=${p.name} player=${p} games=${games} names=${wonders} />`)}</ol>
      ${stats && !stats.players.length ? html`<p class="muted">${t("history.empty")}</p>` : null}`}
    <p class="import"><label class="button" for="import-record">${t("history.import")}</label>
      <input id="import-record" type="file" accept="application/json,.json" class="sr-only" onChange=${importRecord} /></p>
    ${forget ? html`<p class="forget"><button data-history="forget" onClick=${removeName}>${t("history.forget")}</button><span class="muted">${t("history.forget_note")}</span></p>` : null}
  </main>`;
}
