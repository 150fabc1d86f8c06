// Every pending choice other than a normal turn: draft, progress token, Great Library, destroy,
// Mausoleum, who starts the next age. Each is a prompt with one big button per option.
import { cardEl, tokenEl, wonderEl } from "../lib/cards.js";
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** The prompt for pending (kind + options); names = seat names, me = my seat. */
export function choiceEl(pending, { me, names, busy, act }) {
  const options = pending.options || [];
  switch (pending.kind) {
    case "draft_wonder":
      return prompt(t("phone.pick_wonder"), options.map((w) => pick({ action: "draft_wonder", wonder: w }, wonderEl(w), busy, () => act({ type: "draft_wonder", wonder: w }))));
    case "progress":
    case "great_library":
      return prompt(
        t(pending.kind === "progress" ? "phone.pick_token" : "phone.pick_library"),
        options.map((tok) => pick({ action: "progress", token: tok }, tokenEl(tok), busy, () => act({ type: "progress", token: tok }))),
      );
    case "destroy":
      return prompt(t("phone.pick_destroy"), options.map((c) => pick({ action: "destroy", card: c }, cardEl(c), busy, () => act({ type: "destroy", card: c }))));
    case "mausoleum":
      return prompt(t("phone.pick_mausoleum"), options.map((c) => pick({ action: "mausoleum", card: c }, cardEl(c), busy, () => act({ type: "mausoleum", card: c }))));
    case "choose_start": {
      const seats = (options.length ? options : [me, 1 - me]).map(Number);
      return prompt(
        t("phone.pick_start"),
        seats.map((seat) =>
          pick({ action: "choose_start", seat: String(seat) }, seat === me ? t("phone.me_start") : t("phone.they_start", { name: names[seat] }), busy, () =>
            act({ type: "choose_start", seat }),
          ),
        ),
      );
    }
    default:
      return prompt(pending.kind, []);
  }
}

function prompt(title, buttons) {
  return h("div", { class: "choice-prompt" }, h("h2", {}, title), h("div", { class: "picks" }, buttons));
}

function pick(data, content, busy, onclick) {
  return h("button", { class: "pick", dataset: data, disabled: busy, onclick }, content);
}
