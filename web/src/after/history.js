// The history of this host (the TV's and the phones'): finished games newest first, a page at a time,
// each with when, which game, who sat where (bots and levels), the winner, how, and the scores; a game's
// chart, its record to download and, on the TV, its replay (one click on the row, or Enter on its first
// button). The players beside it, each opening their own page (after/player.js). A phone may remove its
// own name (every seat token it keeps). The remote's Back goes back a level.
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { locale, num, pieceName, t } from "../lib/i18n.js";
import { levelName } from "../lib/bots.js";
import { errorText } from "../lib/connection.js";
import { Icon } from "../lib/icons.js";
import { seatColor } from "../lib/seats.js";
import { ScoreChart } from "./chart.js";
import { PlayerPage } from "./player.js";
import "./stats.css";

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
export function whenText(seconds) {
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

function seatLabel(seat) {
  if (seat.name) return seat.name;
  if (seat.bot) return t("history.bot", { level: levelName(seat.bot) });
  return t("history.nameless");
}

/** A game of the history: one click (or the remote's Enter on its first button) replays it (on the TV, or on
 * a phone's own screen: `here`); where there is no replay, it opens its score chart. onTv: the host
 * phone's "Replay on the TV" beside the row's other buttons. */
function GameRow({ game, games, onReplay, onChart, onTv = null, here = false }) {
  const title = games[game.kind] ? t(games[game.kind].titleKey) : game.title;
  const winners = new Set(game.winners || []);
  const open = () => (onReplay ? onReplay(game.id) : onChart(game));
  // A click anywhere on the row opens it, except on its own buttons and link (which do their own thing).
  const rowClick = (ev) => {
    if (!ev.target.closest?.("button, a, input")) open();
  };
  return html`<li class=${`history-game ${onReplay ? "replays" : ""}`} data-game=${game.id} onClick=${rowClick}>
    ${onReplay ? html`<button class="primary row-replay" data-history="replay" data-game=${game.id} onClick=${open}
      aria-label=${`${t(here ? "history.replay_here" : "history.replay")}: ${title}, ${whenText(game.ended)}`}><${Icon} name="play_again" /><span>${t(here ? "history.replay_here" : "history.replay")}</span></button>` : null}
    <div class="history-body">
      <div class="history-head"><strong>${title}</strong><span class="muted">${whenText(game.ended)}</span>
        ${game.imported ? html`<span class="tag">${t("history.imported")}</span>` : null}
        ${game.victory ? html`<span class="victory" data-victory=${game.victory}>${t(`history.victory.${game.victory}`)}</span>` : null}</div>
      <ol class="history-seats">${game.seats.map((seat) => html`<li key=${`s${seat.seat}`} class=${winners.has(seat.seat) ? "win" : ""} style=${`--seat: ${seatColor(seat.seat)}`}>
        ${winners.has(seat.seat) ? html`<${Icon} name="vp" label=${t("history.winner")} />` : null}<span class="who">${seatLabel(seat)}</span>
        ${seat.bot && seat.name ? html`<span class="muted">${levelName(seat.bot)}</span>` : null}
        <strong class="points">${num(seat.score)}</strong></li>`)}</ol>
    </div>
    <div class="history-actions">
      ${onTv ? html`<button data-history="tv" data-game=${game.id} onClick=${() => onTv(game.id)}>${t("history.replay")}</button>` : null}
      <button data-history="chart" data-game=${game.id} onClick=${() => onChart(game)}>${t("history.chart")}</button>
      <a class="button" data-history="record" data-game=${game.id} href=${`/api/history/${game.id}?download=1`} download=${`wonders-${game.kind}-${game.id}.json`}>${t("history.record")}</a>
    </div>
  </li>`;
}

/** A page of games (newest first) with the pager under it. */
function GameList({ data, page, setPage, games, onReplay, onChart, onTv = null, here = false, id = "history-games" }) {
  const list = data?.games || [];
  return html`${data && !list.length ? html`<p class="muted">${t("history.empty")}</p>` : null}
    <ol class="history-list" id=${id}>${list.map((game) => html`<${GameRow} key=${`g${game.id}`} game=${game} games=${games} onReplay=${onReplay} onChart=${onChart} onTv=${onTv} here=${here} />`)}</ol>
    ${data && data.pages > 1 ? html`<nav class="pager" data-list=${id}>
      <button data-history="newer" data-list=${id} disabled=${page <= 1} onClick=${() => setPage(page - 1)}>${t("history.newer")}</button>
      <span>${t("history.page", { page, pages: data.pages })}</span>
      <button data-history="older" data-list=${id} disabled=${page >= data.pages} onClick=${() => setPage(page + 1)}>${t("history.older")}</button></nav>` : null}`;
}

/** Wonder and board names in the viewer's language, by id ({id: name}), from the games' catalogs. */
async function wonderNames() {
  const out = {};
  const [duel, classic] = await Promise.all(["duel", "classic"].map((kind) => getJson(`/catalog/${kind}.json`).catch(() => ({}))));
  for (const w of duel.wonders || []) out[w.id] = pieceName("duel", w.name);
  for (const b of classic.boards || []) out[b.board] = pieceName("classic", b.name);
  return out;
}

/** A player in the list: their name and record on a button that opens their page, then a line per game
 * kind, their favourite wonders and their closest rivals. */
function PlayerRow({ player, games, names = {}, onOpen }) {
  const kinds = Object.entries(player.kinds || {});
  return html`<li class="player-stats" data-player=${player.name}>
    <button class="player-open" data-player=${player.name} onClick=${() => onOpen(player.name)}>
      <strong class="who"><bdi>${player.name}</bdi></strong>
      <span>${t("stats.record", { wins: player.wins, games: player.games })}</span>
      <span class="go" aria-hidden="true">›</span></button>
    <ul class="stats-lines">
      ${kinds.map(([kind, s]) => html`<li key=${kind}><strong>${games[kind] ? t(games[kind].titleKey) : kind}</strong> ${t("stats.kind", { wins: s.wins, games: s.games, average: s.average ?? 0, best: s.best ?? 0 })}</li>`)}
      ${player.wonders?.length ? html`<li>${t("stats.wonders")}: ${player.wonders.map((w) => names[w.id] || w.id).join(" · ")}</li>` : null}
      ${player.opponents?.length ? html`<li>${t("stats.opponents")}: ${player.opponents.slice(0, 3).map((o) => `${o.name} ${t("stats.against", { wins: o.wins, losses: o.losses })}`).join(" · ")}</li>` : null}
    </ul>
  </li>`;
}

const BACK_KEYS = new Set(["Escape", "Backspace", "GoBack", "BrowserBack"]);
const FRESH = { tab: "games", page: 1, player: null, playerPage: 1 };
// Where the history screen is (tab, page, player): kept while the TV shows a replay opened from it, so
// that ending the replay comes back to the same place.
let kept = { ...FRESH };

// The replay button a replay was opened from: the focus returns to it when the history is back.
let replayedFrom = null;

/** Moves the focus to `selector` when the remote drives the page and the focus was lost (its control gone). */
function refocus(selector) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!document.body.classList.contains("keys") || (active && active !== document.body && active.isConnected)) return;
    document.querySelector(selector)?.focus();
  });
}

/**
 * The history screen. games: the registry; onReplay(game): a game is replayed (on the TV; on a phone's
 * own screen when `here`; null: no replay, a row opens its chart); onTv(id): the host phone's "Replay on
 * the TV"; onClose: back; forget: the phone's "remove my name" (null on the TV).
 */
export function HistoryScreen({ games, onReplay = null, onTv = null, here = false, onClose, forget = false, cls = "" }) {
  const [where, setWhere] = useState(kept);
  const { tab, page, player: playerName, playerPage } = where;
  const go = (change) => setWhere((now) => {
    kept = { ...now, ...change };
    return kept;
  });
  const [data, setData] = useState(null);
  const [stats, setStats] = useState(null);
  const [player, setPlayer] = useState(null);
  const [playerGames, setPlayerGames] = useState(null);
  const [wonders, setWonders] = useState({});
  const [chart, setChart] = useState(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const top = useRef(null);
  useEffect(() => {
    getJson(`/api/history?page=${page}`).then(setData, (e) => setError(e.message));
  }, [page]);
  useEffect(() => {
    if (tab === "players" && !stats) getJson("/api/stats").then(setStats, (e) => setError(e.message));
    if (tab === "players" || playerName) wonderNames().then(setWonders);
  }, [tab, playerName]);
  useEffect(() => {
    setPlayer(null);
    if (!playerName) return;
    const name = encodeURIComponent(playerName);
    getJson(`/api/stats?name=${name}`).then(setPlayer, (e) => setError(e.message));
  }, [playerName]);
  useEffect(() => {
    setPlayerGames(null);
    if (!playerName) return;
    getJson(`/api/history?name=${encodeURIComponent(playerName)}&page=${playerPage}`).then(setPlayerGames, (e) => setError(e.message));
  }, [playerName, playerPage]);
  const listed = (id) => [...(data?.games || []), ...(playerGames?.games || [])].find((g) => g.id === id) || null;
  const replay = onReplay ? (id) => {
    replayedFrom = `[data-history=replay][data-game="${id}"]`;
    onReplay(id, listed(id));
  } : null;
  // Back from a replay (this screen drawn anew), once its rows have come: the focus on the game replayed.
  useEffect(() => {
    const button = replayedFrom && document.querySelector(replayedFrom);
    if (!button) return;
    replayedFrom = null;
    if (document.body.classList.contains("keys")) button.focus();
    else button.closest(".history-game")?.scrollIntoView?.({ block: "center" });
  }, [data, playerGames]);
  const close = () => {
    kept = { ...FRESH };
    onClose();
  };
  const openPlayer = (name) => {
    go({ player: name, playerPage: 1 });
    refocus("[data-history=back-player]");
  };
  const closePlayer = () => {
    const name = where.player;
    go({ player: null, tab: "players" });
    refocus(`.player-open[data-player="${CSS.escape(name || "")}"]`);
  };
  const closeChart = () => {
    const id = chart?.game.id;
    setChart(null);
    refocus(`[data-history=chart][data-game="${id}"]`);
  };
  // The remote's Back: from a chart or a player's page to where it was opened, else out of the history.
  // Heard before the page's own spatial navigation (lib/spatial.js), whose Back knows nothing of these.
  const back = useRef(null);
  back.current = chart ? closeChart : playerName ? closePlayer : close;
  useEffect(() => {
    const onKey = (ev) => {
      if (!BACK_KEYS.has(ev.key) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const el = document.activeElement;
      if (ev.key === "Backspace" && el?.tagName === "INPUT" && el.type !== "file") return;
      ev.preventDefault();
      ev.stopPropagation();
      back.current();
    };
    document.addEventListener("keydown", onKey, { capture: true });
    return () => document.removeEventListener("keydown", onKey, { capture: true });
  }, []);
  // A new view starts at its top.
  useEffect(() => {
    if (top.current) top.current.scrollTop = 0;
    if (!document.body.classList.contains("board-page")) window.scrollTo?.(0, 0);
  }, [playerName, Boolean(chart)]);
  const openChart = (game) => getJson(`/api/history/${game.id}/chart`).then((c) => {
    setChart({ ...c, game });
    refocus("[data-history=back]");
  }, (e) => setError(e.message));
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
      go({ page: 1 });
      getJson("/api/history?page=1").then(setData);
    } catch (e) {
      setError(e.message);
    }
  };
  if (chart) {
    const names = chart.game.seats.map(seatLabel);
    return html`<main class="history-screen chart-screen ${cls}" id="history-chart" ref=${top}>
      <header class="history-top"><button data-history="back" onClick=${closeChart}>${t("history.back")}</button><h1>${games[chart.kind] ? t(games[chart.kind].titleKey) : chart.kind}</h1></header>
      <${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${Boolean(forget)} id="history-score-chart" />
    </main>`;
  }
  if (playerName) {
    return html`<main class="history-screen player-screen ${cls}" id="history" data-tab="player" ref=${top}>
      ${error ? html`<p class="error">${error}</p>` : null}
      ${player?.player ? html`<${PlayerPage} player=${player.player} games=${games} names=${wonders} whenText=${whenText} onBack=${closePlayer}>
        <section class="player-games" aria-labelledby="player-games">
          <h2 id="player-games">${t("stats.their_games", { name: player.player.name })}</h2>
          <${GameList} data=${playerGames} page=${playerPage} setPage=${(n) => go({ playerPage: n })} games=${games} onReplay=${replay} onChart=${openChart} onTv=${onTv} here=${here} id="player-game-list" />
        </section></${PlayerPage}>`
        : html`<header class="history-top"><button data-history="back-player" onClick=${closePlayer}>${t("history.back")}</button><h1><bdi>${playerName}</bdi></h1></header>`}
    </main>`;
  }
  return html`<main class="history-screen ${cls}" id="history" data-tab=${tab} data-page=${page} ref=${top}>
    <header class="history-top">
      <button data-history="close" onClick=${close}>${t("history.back")}</button>
      <h1>${t("history.title")}</h1>
      <span class="tabs" role="tablist">
        <button role="tab" data-tab="games" aria-selected=${tab === "games" ? "true" : "false"} onClick=${() => go({ tab: "games" })}>${t("history.games")}</button>
        <button role="tab" data-tab="players" aria-selected=${tab === "players" ? "true" : "false"} onClick=${() => go({ tab: "players" })}>${t("history.players")}</button>
      </span>
    </header>
    ${error ? html`<p class="error">${error}</p>` : null}
    ${note ? html`<p class="note" id="history-note">${note}</p>` : null}
    ${tab === "games" ? html`<${GameList} data=${data} page=${page} setPage=${(n) => go({ page: n })} games=${games} onReplay=${replay} onChart=${openChart} onTv=${onTv} here=${here} />`
    : html`<ol class="stats-list">${(stats?.players || []).map((p) => html`<${PlayerRow} key=${p.name} player=${p} games=${games} names=${wonders} onOpen=${openPlayer} />`)}</ol>
      ${stats && !stats.players.length ? html`<p class="muted">${t("history.empty")}</p>` : null}`}
    <p class="import"><label class="button" for="import-record">${t("history.import")}</label>
      <input id="import-record" type="file" accept="application/json,.json" class="sr-only" onChange=${importRecord} /></p>
    ${forget ? html`<p class="forget"><button data-history="forget" onClick=${removeName}>${t("history.forget")}</button><span class="muted">${t("history.forget_note")}</span></p>` : null}
  </main>`;
}
