// The coach at the table: the lobby's "Coach" setting (a table option shown to all), the phone's hint
// button and the host's suggestions said in the phone's language. A suggestion's reason is a code with
// parameters (engine/bots/coach.py REASON_PRIORITY); this module turns each into one line. Tapping a
// suggestion only selects that move in the phone's usual select-then-confirm flow.
import { html } from "./html.js";
import { hasString, list, t } from "./i18n.js";
import { Icon } from "./icons.js";
import { nameOf } from "./catalog.js";

/** A create panel's coach choice: a labelled checkbox; onChange(bool). */
export function CoachField({ value, onChange, id }) {
  return html`<label class="check coach-field"><input type="checkbox" id=${id} data-ui="coach" checked=${Boolean(value)}
    onChange=${(ev) => onChange(ev.currentTarget.checked)} /> ${t("coach.field")}</label>`;
}

/** The lobby's coach setting: on/off buttons for the board or the host phone, plain words for others
 * (shown to all once on). */
export function CoachSetting({ value, onSet = null }) {
  if (!onSet) return value ? html`<p class="clock-line" id="coach-setting"><${Icon} name="spy" />${t("coach.on")}</p>` : null;
  return html`<div class="clock-setting coach-setting" role="group" aria-label=${t("coach.setting")} id="coach-setting">
    <span class="clock-label"><${Icon} name="spy" />${t("coach.setting")}</span>
    ${[false, true].map((on) => html`<button key=${String(on)} type="button" class="level" data-action="coach" data-coach=${on ? "on" : "off"}
        aria-pressed=${Boolean(value) === on ? "true" : "false"} onClick=${() => onSet(on)}>${on ? t("coach.yes") : t("clock.off")}</button>`)}
  </div>`;
}

const sideName = (sides) => (sides.length > 1 ? t("coach.side.both") : t(`coach.side.${sides[0]}`));
const resources = (items) => list((items || []).map((r) => t(`res.${r}`)));

/**
 * One reason in words. reason: {code, ...parameters}; seatName(seat): a seat's player. Codes without a
 * string (a newer host) fall back to the search's plain verdict.
 */
export function reasonText(reason, seatName) {
  const r = reason || {};
  const name = typeof r.seat === "number" ? seatName(r.seat) : "";
  const vars = {
    name, n: r.shields ?? r.vp ?? r.coins ?? r.count ?? r.distinct ?? 0, card: r.card ? nameOf(r.card) : "",
    from: r.from ? nameOf(r.from) : "", wonder: r.wonder ? nameOf(r.wonder) : "", token: r.token ? nameOf(r.token) : "",
    symbol: r.symbol ? t(`sym.${r.symbol}`) : "", resources: resources(r.resources), stage: r.stage ?? 0,
    pawn: r.pawn ?? 0, ability: r.ability ? t(`fx.ability.${r.ability}`) : "",
    side: r.neighbours?.length ? sideName(r.neighbours) : "", names: list((r.overtakes || []).map(seatName)),
  };
  if (r.code === "military" && typeof r.pawn === "number") return t("coach.reason.military_pawn", vars);
  if (r.code === "military" && r.overtakes?.length) return t("coach.reason.military_overtakes", vars);
  return hasString(`coach.reason.${r.code}`) ? t(`coach.reason.${r.code}`, vars) : t("coach.reason.best_odds");
}

/** Reasons that only restate the move itself ("drafts Zeus" under "Choose Zeus"). */
const RESTATING = new Set(["wonder_draft", "progress_token", "choose_start"]);

/** The reason a suggestion shows: its most telling one that says more than the move's own words. */
export function shownReason(suggestion) {
  return (suggestion.reasons || []).find((r) => !RESTATING.has(r?.code)) || suggestion.reason;
}

/** A suggested action in words: what kind of move and its card ("Build Library"), as the phone names it. */
export function moveText(action, seatName) {
  const card = action.card ? nameOf(action.card) : "";
  switch (action.type) {
    case "build": return t("coach.move.build", { card });
    case "wonder": return action.wonder ? t("coach.move.wonder_duel", { wonder: nameOf(action.wonder), card }) : t("coach.move.wonder", { card });
    case "discard": return t("coach.move.discard", { card });
    case "olympia": return t("coach.move.olympia", { card });
    case "draft_wonder": return t("coach.move.take", { what: nameOf(action.wonder) });
    case "progress": return t("coach.move.take", { what: nameOf(action.token) });
    case "choose_start": return t("coach.move.start", { name: seatName(action.seat) });
    case "pay_debt": return t("coach.move.pay", { n: action.coins ?? 0 });
    default: return t("coach.move.take", { what: nameOf(action.card || action.token || action.wonder || "") });
  }
}

/**
 * The phone's hint area while the seat must decide at a table with the coach on. coach: {hints, ask, hide}
 * (hints: null, or {asking, list, error}); onPick(action) selects a suggested move (never plays it).
 */
export function CoachPanel({ coach, seatName, onPick, busy = false }) {
  if (!coach) return null;
  const hints = coach.hints;
  if (!hints || (!hints.asking && !hints.list?.length && !hints.error)) {
    return html`<div class="coach-bar"><button class="tool coach-ask" data-ui="suggest" disabled=${busy} onClick=${coach.ask}><${Icon} name="spy" /><span>${t("coach.ask")}</span></button></div>`;
  }
  if (hints.asking) return html`<div class="coach-bar"><p class="wait" id="coach-wait"><${Icon} name="spy" />${t("coach.asking")}</p></div>`;
  return html`<section class="coach-panel" id="coach" aria-label=${t("coach.title")}>
    <h2><${Icon} name="spy" />${t("coach.title")}</h2>
    ${hints.error ? html`<p class="error" id="coach-error">${hints.error}</p>` : null}
    <ol class="coach-hints">${(hints.list || []).map((s, i) => html`<li key=${`h${i}`}>
      <button class="act coach-hint" data-ui="hint" data-action=${s.action.type} data-card=${s.action.card || s.action.wonder || s.action.token || ""}
        onClick=${() => onPick(s.action)}><span class="act-label">${moveText(s.action, seatName)}</span>
        <span class="act-detail">${reasonText(shownReason(s), seatName)}</span></button></li>`)}</ol>
    <p class="hint">${t("coach.note")}</p>
    <button class="keep" data-ui="hide-hints" onClick=${coach.hide}>${t("coach.hide")}</button>
  </section>`;
}
