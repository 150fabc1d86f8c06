// The phone's join form: a name, then "take a seat".
import { h } from "../lib/dom.js";
import { t } from "../lib/strings.js";

/** Name form; onJoin(name) is called with the trimmed name. */
export function joinEl({ name = "", busy = false, error = "", onJoin }) {
  const input = h("input", { id: "name", type: "text", maxlength: "24", autocomplete: "nickname", value: name, placeholder: t("phone.your_name"), "aria-label": t("phone.your_name") });
  const submit = (ev) => {
    ev.preventDefault();
    const value = input.value.trim();
    if (value) onJoin(value);
  };
  return h(
    "form",
    { class: "join-form", onsubmit: submit },
    h("h1", {}, t("home.heading")),
    h("label", { for: "name" }, t("phone.your_name")),
    input,
    h("button", { class: "big primary", type: "submit", dataset: { action: "join" }, disabled: busy }, busy ? t("phone.joining") : t("phone.join")),
    error ? h("p", { class: "error", id: "error" }, error) : null,
  );
}
