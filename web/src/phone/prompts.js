// Every pending choice other than a normal turn: draft, progress token, Great Library, destroy,
// Mausoleum, who starts the next age. One big button per legal action, sent back unchanged.
import { cardEl, tokenEl, wonderEl } from "../lib/cards.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

const TITLES = {
  draft_wonder: "phone.pick_wonder",
  progress: "phone.pick_token",
  great_library: "phone.pick_library",
  destroy: "phone.pick_destroy",
  mausoleum: "phone.pick_mausoleum",
  choose_start: "phone.pick_start",
};

/** The prompt for pending; legal = the seat's legal actions; me = my seat; names = seat names;
 * notice (the opponent's last action) goes right under the heading. */
export function choiceEl(pending, { legal, me, names, busy, act, notice = null }) {
  const actions = legal.length ? legal : fallbackActions(pending, me);
  return h(
    "div",
    { class: "choice-prompt", dataset: { kind: pending.kind } },
    h("h2", {}, t(TITLES[pending.kind] || pending.kind)),
    notice,
    h(
      "div",
      { class: "picks" },
      actions.map((action) =>
        h("button", { class: "pick", dataset: dataOf(action), disabled: busy, onclick: () => act(action) }, contentOf(action, me, names)),
      ),
    ),
  );
}

function fallbackActions(pending, me) {
  const options = pending.options || (pending.kind === "choose_start" ? [me, 1 - me] : []);
  const type = { draft_wonder: "draft_wonder", progress: "progress", great_library: "progress", destroy: "destroy", mausoleum: "mausoleum", choose_start: "choose_start" }[pending.kind];
  const field = { draft_wonder: "wonder", progress: "token", destroy: "card", mausoleum: "card", choose_start: "seat" }[type];
  return type ? options.map((option) => ({ type, [field]: option })) : [];
}

function dataOf(action) {
  const data = { action: action.type };
  for (const key of ["card", "wonder", "token", "seat"]) if (action[key] !== undefined && action[key] !== null) data[key] = String(action[key]);
  return data;
}

function contentOf(action, me, names) {
  switch (action.type) {
    case "draft_wonder":
      return wonderEl(action.wonder, { showText: true });
    case "progress":
      return tokenEl(action.token, "", { showText: true });
    case "destroy":
    case "mausoleum":
      return cardEl(action.card, { extra: "wide", showText: true });
    case "choose_start":
      return action.seat === me ? t("phone.me_start") : t("phone.they_start", { name: names[action.seat] ?? "?" });
    default:
      return [action.type, " ", action.card || action.wonder || action.token || ""];
  }
}
