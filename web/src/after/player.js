// One player's page of the history (the TV's and the phones'): their games and wins by game, a chart of
// their final points game after game for each game, how they placed against every other name and every
// bot level, their favourite wonders with how they scored, and their games (each one click from its
// replay on the TV). Read from /api/stats?name= and /api/history?name= (host/stats.py).
import { html, useLayoutEffect, useRef, useState } from "../lib/html.js";
import { locale, num, t } from "../lib/i18n.js";
import { BOT_LEVELS, levelName } from "../lib/bots.js";
import { ticks } from "./chart.js";

const FALLBACK = { w: 800, h: 300, font: 16 }; // before the plot's box is measured

const percents = new Map();
/** A share (0..1) as a whole percentage in the viewer's language ("43 %", "٤٣٪"). */
export function percent(share) {
  const lang = locale();
  if (!percents.has(lang)) percents.set(lang, new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }));
  return percents.get(lang).format(share);
}

const dateFormats = new Map();
function dateFormat(style) {
  const key = `${locale()}:${style}`;
  const options = style === "day" ? { day: "numeric", month: "short" } : { hour: "numeric", minute: "2-digit" };
  if (!dateFormats.has(key)) dateFormats.set(key, new Intl.DateTimeFormat(locale(), options));
  return dateFormats.get(key);
}

/** A game's day, short, in the viewer's language. */
export function dayText(seconds) {
  return dateFormat("day").format(new Date(seconds * 1000));
}

/** The labels of a chart's first and last game: their days, or their times when both are of one day. */
export function axisEnds(first, last) {
  const a = new Date(first * 1000);
  const b = new Date(last * 1000);
  const oneDay = a.toDateString() === b.toDateString();
  const style = dateFormat(oneDay ? "time" : "day");
  return [style.format(a), style.format(b)];
}

/** The title of a game kind in the viewer's language. */
export function kindTitle(games, kind) {
  return games[kind] ? t(games[kind].titleKey) : kind;
}

/** The size of an element's box in CSS pixels and its type size, kept up to date (the drawing is as many
 * units as the box has pixels, so its labels keep the page's type size). */
function useBox(fallback) {
  const [box, setBox] = useState(fallback);
  const ref = useRef(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      const font = parseFloat(getComputedStyle(el).fontSize) || fallback.font;
      if (rect.width > 0 && rect.height > 0) setBox({ w: Math.round(rect.width), h: Math.round(rect.height), font });
    };
    measure();
    const watcher = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    watcher?.observe(el);
    return () => watcher?.disconnect();
  }, []);
  return [box, ref];
}

/**
 * Where a series' games go on the chart: [{x, y, point}] with x evenly spaced oldest to newest (left to
 * right in every language), y from the points (top: the highest tick). Also the ticks and the average's y.
 * box: {w, h, font}; pad: {left, right, top, bottom}.
 */
export function chartLayout(series, box, pad) {
  const scores = series.map((p) => p.score);
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  const room = Math.max(0, box.h - pad.top - pad.bottom);
  const yTicks = ticks(Math.max(0, low - 1), high, Math.max(2, Math.min(5, Math.floor(room / (box.font * 1.6)))));
  const bottom = yTicks[0];
  const top = yTicks[yTicks.length - 1];
  const y = (v) => box.h - pad.bottom - ((v - bottom) / Math.max(1, top - bottom)) * room;
  const inset = box.font * 0.6; // the first and last dots clear the axis' labels and the plot's edge
  const width = box.w - pad.left - pad.right - 2 * inset;
  const x = (i) => pad.left + inset + (series.length === 1 ? width / 2 : (i / (series.length - 1)) * width);
  const average = scores.reduce((a, b) => a + b, 0) / scores.length;
  return { dots: series.map((point, i) => ({ x: x(i), y: y(point.score), point })), ticks: yTicks.map((v) => ({ v, y: y(v) })), average, averageY: y(average) };
}

/** A player's final points in each game of one kind, oldest to newest: a line through the games, a full
 * dot for a game won and a ring for one not won (told apart without colour), the average as a dashed
 * line, the first and last game's days under the axis. */
export function PointsChart({ series, kind, games, id }) {
  const [box, plot] = useBox(FALLBACK);
  const size = box.font;
  const pad = { left: size * 2.4, right: size * 0.4, top: size * 0.9, bottom: size * 1.9 };
  const layout = series.length ? chartLayout(series, box, pad) : null;
  const label = t("stats.chart_label", { game: kindTitle(games, kind) });
  const [firstLabel, lastLabel] = series.length ? axisEnds(series[0].ended, series[series.length - 1].ended) : ["", ""];
  return html`<figure class="points-chart" id=${id} data-kind=${kind} data-games=${series.length}>
    <div class="points-plot" ref=${plot}>${layout ? html`<svg viewBox=${`0 0 ${box.w} ${box.h}`} width=${box.w} height=${box.h} role="img" aria-label=${label}>
      ${layout.ticks.map(({ v, y }) => html`<g key=${`t${v}`}><line class="grid" x1=${pad.left} x2=${box.w - pad.right} y1=${y} y2=${y} />
        <text class="tick" x=${pad.left - size * 0.35} y=${y + size * 0.35} text-anchor="end" font-size=${size}>${num(v)}</text></g>`)}
      <line class="average" x1=${pad.left} x2=${box.w - pad.right} y1=${layout.averageY} y2=${layout.averageY} />
      ${layout.dots.length > 1 ? html`<polyline class="trend" points=${layout.dots.map((d) => `${d.x.toFixed(1)},${d.y.toFixed(1)}`).join(" ")} />` : null}
      ${layout.dots.map(({ x, y, point }) => html`<circle key=${`g${point.game}`} class=${point.won ? "dot won" : "dot"} data-game=${point.game} data-score=${point.score}
        cx=${x} cy=${y} r=${size * (point.won ? 0.42 : 0.34)}><title>${t("stats.chart_point", { day: dayText(point.ended), n: point.score })}</title></circle>`)}
      <text class="day" x=${pad.left} y=${box.h - size * 0.35} text-anchor="start" font-size=${size}>${firstLabel}</text>
      ${series.length > 1 ? html`<text class="day" x=${box.w - pad.right} y=${box.h - size * 0.35} text-anchor="end" font-size=${size}>${lastLabel}</text>` : null}
    </svg>` : null}</div>
    <figcaption class="points-key">
      <span class="key-won"><svg viewBox="0 0 20 20" aria-hidden="true"><circle class="dot won" cx="10" cy="10" r="7" /></svg>${t("stats.key_won")}</span>
      <span class="key-lost"><svg viewBox="0 0 20 20" aria-hidden="true"><circle class="dot" cx="10" cy="10" r="6" /></svg>${t("stats.key_lost")}</span>
      ${layout ? html`<span class="key-average"><svg viewBox="0 0 30 20" aria-hidden="true"><line class="average" x1="0" x2="30" y1="10" y2="10" /></svg>${t("stats.key_average", { average: Math.round(layout.average * 10) / 10 })}</span>` : null}
    </figcaption>
  </figure>`;
}

/** One figure with its words under it. */
function Tile({ value, label, cls = "" }) {
  return html`<div class=${`stat-tile ${cls}`}><strong class="stat-value">${value}</strong><span class="stat-label">${label}</span></div>`;
}

/** One game kind: played, won (and the share), average and best, and the chart. */
function KindPanel({ kind, stats, series, games }) {
  return html`<section class="stats-panel kind-panel" data-kind=${kind} aria-labelledby=${`kind-${kind}`}>
    <h2 id=${`kind-${kind}`}>${kindTitle(games, kind)}</h2>
    <div class="stat-tiles">
      <${Tile} cls="played" value=${num(stats.games)} label=${t("stats.played")} />
      <${Tile} cls="won" value=${num(stats.wins)} label=${t("stats.won_share", { share: percent(stats.games ? stats.wins / stats.games : 0) })} />
      <${Tile} cls="average" value=${stats.average === null ? "–" : num(stats.average)} label=${t("stats.average")} />
      <${Tile} cls="best" value=${stats.best === null ? "–" : num(stats.best)} label=${t("stats.best")} />
    </div>
    ${series?.length ? html`<${PointsChart} series=${series} kind=${kind} games=${games} id=${`points-${kind}`} />` : null}
  </section>`;
}

/** A bar of the games finished ahead, level and behind (the numbers are in the table beside it). */
function PlacingBar({ tally }) {
  const even = tally.games - tally.wins - tally.losses;
  const share = (n) => `${(100 * n) / Math.max(1, tally.games)}%`;
  return html`<span class="placing-bar" aria-hidden="true"><span class="ahead" style=${`width: ${share(tally.wins)}`}></span><span class="even" style=${`width: ${share(even)}`}></span><span class="behind" style=${`width: ${share(tally.losses)}`}></span></span>`;
}

/** How the player placed against every other name (most played first) and every bot level. */
function HeadToHead({ player }) {
  const bots = BOT_LEVELS.filter((level) => player.bots?.[level]).map((level) => [level, player.bots[level]]);
  const people = player.opponents || [];
  if (!people.length && !bots.length) return null;
  const row = (key, who, tally, cls) => html`<tr key=${key} class=${cls} data-against=${key}>
    <th scope="row" class="who">${who}</th><td>${num(tally.games)}</td><td class="ahead">${num(tally.wins)}</td>
    <td class="behind">${num(tally.losses)}</td><td class="bar"><${PlacingBar} tally=${tally} /></td></tr>`;
  return html`<section class="stats-panel head-to-head" aria-labelledby="head-to-head">
    <h2 id="head-to-head">${t("stats.opponents")}</h2>
    <table class="stats-table" id="h2h-table">
      <thead><tr><th scope="col">${t("stats.against_whom")}</th><th scope="col">${t("stats.played")}</th><th scope="col">${t("stats.ahead")}</th>
        <th scope="col">${t("stats.behind")}</th><th scope="col" class="bar"><span class="sr-only">${t("stats.ahead")} · ${t("stats.behind")}</span></th></tr></thead>
      <tbody>${people.map((o) => row(`name:${o.name}`, o.name, o, "person"))}
        ${bots.length ? html`<tr class="group"><th scope="rowgroup" colspan="5">${t("stats.bots")}</th></tr>` : null}
        ${bots.map(([level, tally]) => row(`bot:${level}`, t("history.bot", { level: levelName(level) }), tally, "bot"))}</tbody>
    </table>
    <p class="stats-note">${t("stats.ahead_note")}</p>
  </section>`;
}

/** The wonders the player had most often, with the games won and the average points with each. */
function Wonders({ player, names }) {
  if (!player.wonders?.length) return null;
  return html`<section class="stats-panel wonders-panel" aria-labelledby="fav-wonders">
    <h2 id="fav-wonders">${t("stats.wonders")}</h2>
    <table class="stats-table" id="wonder-table">
      <thead><tr><th scope="col">${t("stats.wonder")}</th><th scope="col">${t("stats.played")}</th><th scope="col">${t("stats.won")}</th><th scope="col">${t("stats.average")}</th></tr></thead>
      <tbody>${player.wonders.map((w) => html`<tr key=${w.id} data-wonder=${w.id}><th scope="row" class="who">${names[w.id] || w.id}</th>
        <td>${num(w.games)}</td><td>${num(w.wins)}</td><td class="average">${w.average === null ? "–" : num(w.average)}</td></tr>`)}</tbody>
    </table>
  </section>`;
}

/** How the player's wins came (civilian, military, science...). */
function Victories({ player }) {
  const entries = Object.entries(player.victories || {});
  if (!entries.length) return null;
  return html`<section class="stats-panel victories-panel" aria-labelledby="victories">
    <h2 id="victories">${t("stats.victories")}</h2>
    <ul class="victory-list">${entries.map(([v, n]) => html`<li key=${v} data-victory=${v}><strong>${num(n)}</strong> ${t(`history.victory.${v}`)}</li>`)}</ul>
  </section>`;
}

/**
 * A player's page. player: /api/stats?name='s player; games: the registry; names: wonder names by id;
 * whenText: a game's end in words; children: their games (the history's rows).
 */
export function PlayerPage({ player, games, names, whenText, onBack, children = null }) {
  const kinds = Object.entries(player.kinds || {});
  return html`<div class="player-page" id="player-page" data-player=${player.name}>
    <header class="history-top player-top">
      <button data-history="back-player" onClick=${onBack}>${t("history.back")}</button>
      <h1 class="player-name"><bdi>${player.name}</bdi></h1>
      <span class="player-record">${t("stats.record", { wins: player.wins, games: player.games })}</span>
      <span class="player-share">${percent(player.games ? player.wins / player.games : 0)}</span>
      ${player.last ? html`<span class="muted player-last">${t("stats.last_game", { when: whenText(player.last) })}</span>` : null}
    </header>
    <div class="player-grid">
      <div class="player-kinds">${kinds.map(([kind, s]) => html`<${KindPanel} key=${kind} kind=${kind} stats=${s} series=${player.series?.[kind]} games=${games} />`)}</div>
      <div class="player-side">
        <${HeadToHead} player=${player} />
        <${Wonders} player=${player} names=${names} />
        <${Victories} player=${player} />
      </div>
    </div>
    ${children}
  </div>`;
}
