// The game log: every public event as a line with icons and names, newest on top. The TV shows the last
// few; a phone scrolls the whole history. Each game turns its engine events into entries
// {id, seat, icons: [vnode], text} (see the games' log.js).
import { html } from "./html.js";
import { t } from "./i18n.js";
import { seatColor } from "./seats.js";

/** The entries, newest first; limit keeps the last few (the TV). */
export function LogList({ entries, limit = 0, cls = "" }) {
  const shown = [...(entries || [])].reverse().slice(0, limit || undefined);
  return html`<section class="log ${cls}" aria-label=${t("log.title")}>
    <h2 class="log-title">${t("log.title")}</h2>
    ${shown.length
      ? html`<ol class="log-list">${shown.map((entry) => html`<li key=${entry.id} class="log-entry ${entry.cls || ""}" data-type=${entry.type}
            style=${entry.seat !== null && entry.seat !== undefined ? `--seat: ${seatColor(entry.seat)}` : ""}>
            <span class="log-icons">${entry.icons}</span><span class="log-text">${entry.text}</span></li>`)}</ol>`
      : html`<p class="log-empty">${t("log.empty")}</p>`}
  </section>`;
}
