// The Duel's score pad: the winner, how, and the rows of the rulebook's pad.
import { html } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { ColorMark, Icon } from "../lib/icons.js";
import { ScoreTable, winnerLine } from "../lib/scores.js";

const ROWS = [
  ["blue", html`<${ColorMark} color="blue" />`],
  ["green", html`<${ColorMark} color="green" />`],
  ["yellow", html`<${ColorMark} color="yellow" />`],
  ["purple", html`<${ColorMark} color="purple" />`],
  ["wonders", html`<${Icon} name="wonder" />`],
  ["progress", html`<${Icon} name="progress" />`],
  ["coins", html`<${Icon} name="coin" />`],
  ["military", html`<${Icon} name="shield" cls="shield" />`],
  ["total", html`<${Icon} name="vp" />`],
];

/** The score table of a Duel result. */
export function DuelTable({ result, names, small = false, reveal = false }) {
  const rows = ROWS.map(([key, icon]) => ({ key, icon, label: t(`duel.row.${key}`) }));
  const columns = (result?.scores || []).map((scores, seat) => ({ name: names[seat], scores, seat, win: (result.winners || []).includes(seat) }));
  return html`<${ScoreTable} rows=${rows} columns=${columns} small=${small} reveal=${reveal} />`;
}

/** The TV's end screen. */
export function DuelScores({ result, names, onPlayAgain }) {
  return html`<section class="scores" id="final-scores">
    <h1 class="winner">${winnerLine(result, names)}</h1>
    <p class="victory" data-victory=${result.victory}>${t(`duel.victory.${result.victory}`)}</p>
    <${DuelTable} result=${result} names=${names} reveal=${true} />
    <button class="big primary" data-action="play_again" onClick=${onPlayAgain}>${t("end.play_again")}</button>
  </section>`;
}
