// The end of a game, beside the score pad: the score chart of the game just played (from the history,
// where the host kept it when it ended) and the button that starts its replay on the TV.
import { html, useEffect, useState } from "../lib/html.js";
import { Sheet } from "../lib/sheet.js";
import { t } from "../lib/i18n.js";
import { Icon } from "../lib/icons.js";
import { ScoreChart } from "./chart.js";

/** The chart of the newest game of table `code` ({points, kind, ...} from /api/history/{id}/chart). */
export async function tableChart(code) {
  const page = await (await fetch(`/api/history?code=${encodeURIComponent(code)}`)).json();
  const game = page.games?.[0];
  if (!game) return null;
  return { ...(await (await fetch(`/api/history/${game.id}/chart`)).json()), id: game.id };
}

/** The TV's panel at the end: the chart (by category on demand) and "Replay on the TV". */
export function EndPanel({ code, names, onReplay = null, compact = false }) {
  const [chart, setChart] = useState(null);
  useEffect(() => {
    let live = true;
    tableChart(code).then((c) => { if (live) setChart(c); }, () => {});
    return () => { live = false; };
  }, [code]);
  return html`<aside class="end-panel ${compact ? "compact" : ""}" id="end-panel">
    ${chart ? html`<${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${compact} id=${compact ? "phone-end-chart" : "end-chart"} />` : null}
    ${onReplay ? html`<button class="big" data-action="replay" onClick=${onReplay}><${Icon} name="play_again" />${t("replay.start")}</button>` : null}
  </aside>`;
}

/** The phone's end: two buttons above its result, the chart opening in a sheet. */
export function PhoneEnd({ code, names, onReplay }) {
  const [chart, setChart] = useState(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    tableChart(code).then((c) => { if (live) setChart(c); }, () => {});
    return () => { live = false; };
  }, [code]);
  return html`<div class="phone-end" id="phone-end">
    <button data-action="chart" disabled=${!chart} onClick=${() => setOpen(true)}>${t("history.chart")}</button>
    <button class="primary" data-action="replay" onClick=${onReplay}><${Icon} name="play_again" />${t("replay.start")}</button>
    ${open && chart ? html`<${Sheet} title=${t("history.chart")} cls="chart-sheet" onClose=${() => setOpen(false)}>
      <${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${true} id="phone-end-chart" /></${Sheet}>` : null}
  </div>`;
}
