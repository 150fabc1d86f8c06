// The end of a game, beside the score pad: the score chart of the game just played (from the history,
// where the host kept it when it ended) and the button that starts its replay on the TV.
import { html, useEffect, useLayoutEffect, useState } from "../lib/html.js";
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

const GAP_PX = 12; // between the panel and the score pad or the screen's edge
const MIN_WIDTH_REM = 30;
const MAX_WIDTH_REM = 56;

/** Where the panel goes beside the score pad: on the side of the pad with more room, as wide as that room
 * (within bounds), bottom-aligned; {left, width} in px, or null for the default place (no pad found). */
export function besidePad(pad, screenWidth, rem) {
  if (!pad) return null;
  const right = screenWidth - pad.right - 2 * GAP_PX;
  const left = pad.left - 2 * GAP_PX;
  const room = Math.max(left, right);
  const width = Math.min(MAX_WIDTH_REM * rem, Math.max(MIN_WIDTH_REM * rem, room));
  return { left: right >= left ? screenWidth - GAP_PX - width : GAP_PX, width };
}

/** The box of the score pad's own content (its heading, table and button: the section itself may span the
 * screen), or null. */
function padBox(section) {
  const parts = section ? [...section.children].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0) : [];
  if (!parts.length) return null;
  return { left: Math.min(...parts.map((r) => r.left)), right: Math.max(...parts.map((r) => r.right)) };
}

/** The TV's panel at the end: the chart (by category on demand) and "Replay on the TV", placed beside the
 * score pad (never over it). */
export function EndPanel({ code, names, onReplay = null, compact = false }) {
  const [chart, setChart] = useState(null);
  const [place, setPlace] = useState(null);
  useLayoutEffect(() => {
    const measure = () => {
      const pad = padBox(document.querySelector("#final-scores"));
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setPlace(besidePad(pad, innerWidth, rem));
    };
    measure();
    const again = setTimeout(measure, 800); // once the score pad's rows have come in
    window.addEventListener("resize", measure);
    return () => { clearTimeout(again); window.removeEventListener("resize", measure); };
  }, [code, Boolean(chart)]);
  useEffect(() => {
    let live = true;
    tableChart(code).then((c) => { if (live) setChart(c); }, () => {});
    return () => { live = false; };
  }, [code]);
  const style = place ? `left: ${place.left}px; width: ${place.width}px; inset-inline-end: auto` : "";
  return html`<aside class="end-panel ${compact ? "compact" : ""}" id="end-panel" style=${style}>
    ${chart ? html`<${ScoreChart} points=${chart.points} names=${names} kind=${chart.kind} compact=${compact} id=${compact ? "phone-end-chart" : "end-chart"} />` : null}
    ${onReplay ? html`<button class="primary" data-action="replay" onClick=${onReplay}><${Icon} name="play_again" />${t("replay.start")}</button>` : null}
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
