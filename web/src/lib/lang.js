// The language picker: every language of the catalogs, each in its own name. The phone remembers its
// player's choice, the TV its own (different storage keys, so a laptop that is both keeps both).
import { html } from "./html.js";
import { chooseLanguage, LANGUAGES, languageName, locale, t } from "./i18n.js";
import { Icon } from "./icons.js";

export const PHONE_LANGUAGE_KEY = "wt.lang.phone";
export const BOARD_LANGUAGE_KEY = "wt.lang.board";

/**
 * A select of the languages; choosing one switches, remembers it under storeKey, then calls onChange.
 * compact (a phone's header): the icon and the language's code show, the native select lies over them.
 */
export function LanguagePicker({ storeKey, onChange, cls = "", compact = false }) {
  const change = (ev) => {
    chooseLanguage(ev.currentTarget.value, storeKey);
    onChange?.();
  };
  return html`<label class="lang-picker ${compact ? "compact" : ""} ${cls}" title=${t("lang.choose")}>
    <${Icon} name="language" />
    ${compact ? html`<span class="lang-code" aria-hidden="true">${locale().toUpperCase()}</span>` : null}
    <span class="lang-label">${t("lang.choose")}</span>
    <select data-ui="language" aria-label=${t("lang.choose")} value=${locale()} onChange=${change}>
      ${LANGUAGES.map((lang) => html`<option key=${lang} value=${lang} lang=${lang} selected=${lang === locale()}>${languageName(lang)}</option>`)}
    </select>
  </label>`;
}
