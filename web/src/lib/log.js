// The game log: every public event as a line with icons and names, newest on top. The TV shows the last
// few; a phone scrolls the whole history. Each game turns its engine events into entries
// {id, seat, icons: [vnode], text} (see the games' log.js).
import { html } from "./html.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

/** Who chose a move, when it was not the seat's own player or a bot seat: a bot playing for the player, or
 * the clock (the host's `by`). */
const BY_ICONS = { bot: "bot", clock: "clock" };

/** Marks the log entries of one action with who chose it (events.by / history entries' by), when that
 * needs saying: the clock always; a bot only when it played for a player (a bot seat's name says "Bot"). */
export function markBy(entries, by, seatEntry) {
  const say = by === "clock" || (by === "bot" && Boolean(seatEntry?.name));
  return say ? entries.map((entry) => ({ ...entry, by })) : entries;
}

/** Log entries for a table notice (a bot took a seat over, left, the player is back). */
export function noticeEntry(id, seat, text, icon) {
  return { id, type: "notice", seat, icons: html`<${Icon} name=${icon} />`, text, cls: "notice" };
}

function ByTag({ by }) {
  if (!BY_ICONS[by]) return null;
  return html`<span class="log-by" data-by=${by}><${Icon} name=${BY_ICONS[by]} />${t(`log.by.${by}`)}</span>`;
}

/** The entries, newest first; limit keeps the last few (the TV). */
export function LogList({ entries, limit = 0, cls = "" }) {
  const shown = [...(entries || [])].reverse().slice(0, limit || undefined);
  return html`<section class="log ${cls}" aria-label=${t("log.title")}>
    <h2 class="log-title">${t("log.title")}</h2>
    ${shown.length
      ? html`<ol class="log-list">${shown.map((entry) => html`<li key=${entry.id} class="log-entry ${entry.cls || ""}" data-type=${entry.type}
            style=${entry.seat !== null && entry.seat !== undefined ? `--seat: ${seatColor(entry.seat)}` : ""}>
            <span class="log-icons">${entry.icons}</span><span class="log-text">${entry.text}</span><${ByTag} by=${entry.by} /></li>`)}</ol>`
      : html`<p class="log-empty">${t("log.empty")}</p>`}
  </section>`;
}
