// The end of a game: the score chart of the game just played (from the history, where the host kept it
// when it ended), on the TV in the end screen's own place beside the score pad (lib/scores.js EndScreen),
// on a phone in a sheet, with the button that starts its replay on the TV.
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

/** The chart of table `code`'s game once it has come from the host (null until then, or if it never comes). */
function useTableChart(code) {
  const [chart, setChart] = useState(null);
  useEffect(() => {
    let live = true;
    tableChart(code).then((c) => { if (live) setChart(c); }, () => {});
    return () => { live = false; };
  }, [code]);
  return chart;
}

/** The TV's chart at the end, beside the score pad (by category on demand; icons: a vnode per category of
 * the pad, for its buttons; legend: false when the pad shows each player's line). Its place is kept while
 * the chart is on its way, so nothing moves when it comes. */
export function EndChart({ code, names, icons = null, legend = true }) {
  const chart = useTableChart(code);
  return chart
    ? html`<${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} icons=${icons} legend=${legend} id="end-chart" />`
    : html`<div class="score-chart waiting" aria-hidden="true"></div>`;
}

/** The phone's end: two buttons above its result, the chart opening in a sheet. */
export function PhoneEnd({ code, names, onReplay }) {
  const chart = useTableChart(code);
  const [open, setOpen] = useState(false);
  return html`<div class="phone-end" id="phone-end">
    <button data-action="chart" disabled=${!chart} onClick=${() => setOpen(true)}>${t("history.chart")}</button>
    <button class="primary" data-action="replay" onClick=${onReplay}><${Icon} name="play_again" />${t("replay.start")}</button>
    ${open && chart ? html`<${Sheet} title=${t("history.chart")} cls="chart-sheet" onClose=${() => setOpen(false)}>
      <${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${true} id="phone-end-chart" /></${Sheet}>` : null}
  </div>`;
}
