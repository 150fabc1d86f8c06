// The game log: every public event as a line with icons and names, newest on top. The TV shows the last
// few; a phone scrolls the whole history. Each game turns its engine events into entries
// {id, seat, icons: [vnode], text} (see the games' log.js).
import { Component, html, memoized } from "./html.js";
import { wordsKey } from "./catalog.js";
import { t } from "./i18n.js";
import { Icon } from "./icons.js";
import { seatColor } from "./seats.js";

/** Who chose a move, when it was not the seat's own player or a bot seat: a bot playing for the player, or
 * the clock (the host's `by`). */
const BY_ICONS = { bot: "bot", clock: "clock" };

/** Who chose each seat's move, for the log: `events.by` (and history entries' `by`) belongs to the one
 * action; during a simultaneous turn a choice shows nothing until the turn ends, when one batch reveals
 * every seat's move, so each seat's latest choice is remembered until then. */
export function byTracker() {
  let chosenBy = {};
  return {
    /** The entries of one action (msg: {seat, by, events}) with `by` on the lines of the seats whose move
     * a bot chose for a player (a bot seat's name already says "Bot") or the clock made; seats: the
     * table's seats. */
    mark(entries, msg, seats) {
      if (typeof msg.seat === "number") chosenBy[msg.seat] = msg.by;
      if (!(msg.events || []).length) return entries;
      const by = chosenBy;
      chosenBy = {};
      return entries.map((entry) => {
        const who = by[entry.seat];
        const say = who === "clock" || (who === "bot" && Boolean(seats?.[entry.seat]?.name));
        return say ? { ...entry, by: who } : entry;
      });
    },
    reset() {
      chosenBy = {};
    },
  };
}

/** Log entries for a table notice (a bot took a seat over, left, the player is back). */
export function noticeEntry(id, seat, text, icon, kind = "") {
  return { id, type: "notice", seat, icons: html`<${Icon} name=${icon} />`, text, cls: kind ? `notice notice-${kind}` : "notice" };
}

/** Adds `entries` to `state.log` (a page's log, ids in `state.logKeys`), each once; keeps the
 * last `keep`. */
export function keepLog(state, entries, keep) {
  for (const entry of entries) {
    if (state.logKeys.has(entry.id)) continue;
    state.logKeys.add(entry.id);
    state.log.push(entry);
  }
  if (state.log.length > keep) state.log.splice(0, state.log.length - keep);
}

function ByTag({ by }) {
  if (!BY_ICONS[by]) return null;
  return html`<span class="log-by" data-by=${by}><${Icon} name=${BY_ICONS[by]} />${t(`log.by.${by}`)}</span>`;
}

/** One line of the log. */
function LogLineNow({ entry }) {
  return html`<li class="log-entry ${entry.cls || ""}" data-type=${entry.type}
    style=${entry.seat !== null && entry.seat !== undefined ? `--seat: ${seatColor(entry.seat)}` : ""}>
    <span class="log-icons">${entry.icons}</span><span class="log-text">${entry.text}</span><${ByTag} by=${entry.by} /></li>`;
}

/** One line of the log, drawn once (entries are never changed in place: the log is described anew, with
 * new entries, when the language or the names change). */
const LogLine = memoized(LogLineNow, (a, b) => a.entry === b.entry, wordsKey);

/** The entries, newest first; limit keeps the last few (the TV). A new line draws that line alone. */
function LogListNow({ entries, limit = 0, cls = "" }) {
  const shown = [...(entries || [])].reverse().slice(0, limit || undefined);
  return html`<section class="log ${cls}" aria-label=${t("log.title")}>
    <h2 class="log-title">${t("log.title")}</h2>
    ${shown.length
      ? html`<ol class="log-list">${shown.map((entry) => html`<${LogLine} key=${entry.id} entry=${entry} />`)}</ol>`
      : html`<p class="log-empty">${t("log.empty")}</p>`}
  </section>`;
}

/** What a log shows: its entries (a page's log grows in place, so their count and newest id count too),
 * its length and style, and the words. */
function logShown({ entries, limit = 0, cls = "" }) {
  return [entries, entries?.length, entries?.[entries.length - 1]?.id, limit, cls, wordsKey()];
}

/** The entries, newest first; limit keeps the last few (the TV). Drawn again only when what it shows
 * changed (a board draws once per message, a log line comes once per move). */
export class LogList extends Component {
  shouldComponentUpdate(next) {
    const now = logShown(next);
    return !this.shown || now.some((value, i) => value !== this.shown[i]);
  }

  render(props) {
    this.shown = logShown(props);
    return html`<${LogListNow} ...${props} />`;
  }
}
