// A game of the history replayed by one page for itself (the host's `replay` event with `game` and no
// `code`): a seated phone's history (phone.js) and a phone's history on the home page (board.js) share
// this one code path. The host holds one such replay per socket and forgets it when the socket leaves.
import { catalogReady, loadCatalog, useCatalog } from "../lib/catalog.js";
import { errorText, request } from "../lib/connection.js";
import { html } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { whenText } from "./history.js";
import { PhoneReplay } from "./phonereplay.js";
import { nextReplay } from "./replay.js";
import "./ownreplay.css";

/** Makes kind's catalog the one the pieces read (loading it once); games: the registry. */
export function showCatalogOf(games, kind, paint) {
  const g = games[kind];
  if (!g) return;
  useCatalog(g.kind);
  if (!catalogReady()) loadCatalog(g.kind, g.adapt).then(() => paint());
}

/** Is this `replay` frame one of a page's own replays (a game of the history, not a table's)? */
export const isOwnFrame = (msg) => msg.game !== undefined && msg.code === undefined;

/**
 * The own replay of a page. socket: its socket; games: the registry; paint(): draws the page again;
 * onClosed(kind): the replay ended (kind: the replayed game's kind, if a frame came), for the page to put
 * its own catalog back. `current` is {game, summary, replay, error} while one is open, else null.
 */
export function ownReplay({ socket, games, paint, onClosed = () => {} }) {
  const self = {
    current: null,

    /** A frame of the host's `replay` event: true when it was this replay's (then it is applied). */
    frame(msg) {
      const own = self.current;
      if (!isOwnFrame(msg) || own?.game !== msg.game) return false;
      own.replay = nextReplay(own.replay, msg);
      if (msg.timeline) showCatalogOf(games, msg.timeline.kind, paint);
      if (!own.replay) self.close(false);
      paint();
      return true;
    },

    /** Sends a command of this replay (its answer, or null when none is open). */
    async command(command) {
      const own = self.current;
      if (!own) return null;
      const reply = await request(socket, "replay", { game: own.game, ...command });
      if (!reply.ok && self.current === own) {
        own.error = errorText(reply);
        paint();
      }
      return reply;
    },

    /** A row of the history replays its game here (summary: the row's game, for its title and date). */
    open(id, summary) {
      self.current = { game: id, summary, replay: null, error: "" };
      self.command({ command: "open" });
      paint();
    },

    /** Back to the history's row (told to the host, unless it ended there). */
    close(tell = true) {
      const own = self.current;
      if (!own) return;
      if (tell) request(socket, "replay", { game: own.game, command: "close" });
      self.current = null;
      onClosed(own.replay?.timeline?.kind ?? null);
      paint();
    },

    /** The page leaves (another table): the host forgets the replay; nothing is drawn. */
    forget() {
      if (self.current) request(socket, "replay", { game: self.current.game, command: "close" });
      self.current = null;
    },

    /** The host forgot this socket's replay when it reconnected: open it again where it was. */
    async reopen() {
      if (!self.current) return;
      const at = self.current.replay?.at ?? 0;
      const reply = await self.command({ command: "open" });
      if (reply?.ok && at > 0) self.command({ command: "seek", at });
    },
  };
  return self;
}

/** The own replay's screen (after/phonereplay.js), or its wait for the first frame. replays: an
 * ownReplay(); onTv: the host phone's "Replay on the TV" for this game (or null). */
export function OwnReplay({ replays, games, onTv = null }) {
  const own = replays.current;
  if (!own) return null;
  const summary = own.summary;
  const g = games[own.replay?.timeline?.kind ?? summary?.kind];
  const title = g ? t(g.titleKey) : summary?.title || t("replay.title");
  const when = summary?.ended ? whenText(summary.ended) : "";
  const back = () => replays.close();
  if (!own.replay) {
    return html`<section class="phone-replay" id="phone-replay" data-at="">
      <button data-phone-replay="back" onClick=${back}>${t("history.back")}</button>
      ${own.error ? html`<p class="error" id="error">${own.error}</p>` : html`<p class="wait">${t("conn.connecting")}</p>`}</section>`;
  }
  return html`<${PhoneReplay} replay=${own.replay} games=${games} title=${title} when=${when} error=${own.error}
    onCommand=${replays.command} onBack=${back} onTv=${onTv ? () => onTv(own.game) : null} />`;
}
