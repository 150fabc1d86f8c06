// The score chart: each player's points at the end of every turn (or one category of the score pad),
// one line per player in the seat's colour with the name and the points at its end, the Ages marked on
// the time axis; in a replay a marker stands at the current stop. Readable from the couch on the TV.
import { html, useLayoutEffect, useRef, useState } from "../lib/html.js";
import { num, t } from "../lib/i18n.js";
import { seatColor } from "../lib/seats.js";

const FALLBACK = { w: 1000, h: 520, font: 28 }; // before the plot's box is measured
const ROMAN = ["", "I", "II", "III"];
const DASHES = ["", "14 8", "4 8", "22 8 4 8", "2 6", "10 4", "18 6 2 6"]; // told apart without colour too
// Rows of a pad that are not points (classic: the coins themselves; the treasury row is their points).
const NOT_POINTS = { classic: ["coins", "team"], duel: [] };

/** A seat's line as the chart draws it (its colour and dashes, told apart without colour too): a legend's key. */
export function LineSwatch({ seat }) {
  return html`<svg class="swatch" viewBox="0 0 60 12" aria-hidden="true"><line x1="0" x2="60" y1="6" y2="6" stroke=${seatColor(seat)} stroke-dasharray=${DASHES[seat % DASHES.length]} /></svg>`;
}

/** The categories of a game's pads a chart may show: "total" first, then each row that scores. */
export function chartCategories(kind, points) {
  const pad = points?.[points.length - 1]?.scores?.[0] || {};
  const skip = new Set([...(NOT_POINTS[kind] || []), "total"]);
  return ["total", ...Object.keys(pad).filter((key) => !skip.has(key))];
}

/** A category's name in the viewer's language (the score pad's own row names). */
export function categoryLabel(kind, key) {
  return key === "total" ? t("chart.total") : t(`${kind}.row.${key}`);
}

/** Round tick values from 0 (or below the lowest value) to the first at or above the highest: every
 * value lies between the first tick and the last. */
export function ticks(low, high, count = 5) {
  const span = Math.max(1, high - low);
  const raw = span / count;
  const unit = [1, 2, 5, 10, 20, 25, 50, 100].find((u) => u >= raw) || 100;
  const out = [];
  for (let v = Math.floor(low / unit) * unit; out.length === 0 || out[out.length - 1] < high; v += unit) out.push(v);
  return out;
}

/** The first point of each Age: [{age, index}] (a Duel's draft, Age 0, has none). */
export function ageStarts(points) {
  const out = [];
  points.forEach((p, i) => {
    if (p.age > 0 && (i === 0 || points[i - 1].age !== p.age)) out.push({ age: p.age, index: i });
  });
  return out;
}

// A label's width in ems, guessed from its characters (an SVG text cannot be measured before it is drawn):
// generous, so a guess that fits does fit.
const EM_PER_CHAR = 0.62;
const LABEL_GAP_EM = 0.6; // between two Ages' labels

/**
 * The Age labels of the time axis: each centred in its own Age's span (from its first point to the
 * next Age's, or to the last point), all in words ("Age II") when every span holds its words, else all as
 * bare numerals ("II"), so two labels never meet however short an Age is. starts: ageStarts(); x: a
 * point's index to its x; last: the last point's index; size: the text size; word: an Age to its words.
 * [{age, x, text}]
 */
export function ageLabels(starts, x, last, size, word) {
  const spans = starts.map(({ age, index }, i) => {
    const from = x(index);
    const to = x(i + 1 < starts.length ? starts[i + 1].index : last);
    return { age, from, to, words: word(age) };
  });
  const inWords = spans.every((span) => span.words.length * EM_PER_CHAR * size <= span.to - span.from - LABEL_GAP_EM * size);
  return spans.map((span) => ({ age: span.age, x: (span.from + span.to) / 2, text: inWords ? span.words : ROMAN[span.age] || String(span.age) }));
}

/**
 * points: [{step, age, scores: [pad per seat]}]; names: per seat; kind: the game kind; marker: the index
 * of the point to mark (the replay's place) or null; compact: the phone's smaller drawing; icons: a vnode
 * per category (the score pad's), shown on its button (the TV shows the icons, the words are its label);
 * legend: false when the lines are told elsewhere (the TV's turned score pad shows each one's LineSwatch).
 */
export function ScoreChart({ points, names, kind, marker = null, compact = false, id = "score-chart", icons = null, legend = true }) {
  const [category, setCategory] = useState("total");
  const [box, setBox] = useState(FALLBACK);
  const plot = useRef(null);
  useLayoutEffect(() => {
    const el = plot.current;
    if (!el) return undefined;
    // The drawing is as many units as the plot has pixels, so its labels keep the page's type size.
    const measure = () => {
      const rect = el.getBoundingClientRect();
      const font = parseFloat(getComputedStyle(el).fontSize) || FALLBACK.font;
      if (rect.width > 0 && rect.height > 0) setBox({ w: Math.round(rect.width), h: Math.round(rect.height), font });
    };
    measure();
    const watcher = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    watcher?.observe(el);
    return () => watcher?.disconnect();
  }, []);
  const list = points || [];
  if (!list.length) return null;
  const { w: W, h: H, font: size } = box;
  const PAD = { left: size * 2.6, right: size * 0.8, top: size * 0.8, bottom: size * 2 };
  const seats = list[0].scores.length;
  const value = (p, seat) => p.scores[seat]?.[category] ?? 0;
  const values = list.flatMap((p) => names.map((_, seat) => value(p, seat)));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  // As many ticks as the plot's height holds apart (a label's height and more between two).
  const room = Math.max(0, H - size * 2.8);
  const yTicks = ticks(low, high, Math.max(1, Math.min(compact ? 4 : 5, Math.floor(room / (size * 1.8)))));
  const top = yTicks[yTicks.length - 1];
  const bottom = yTicks[0];
  const x = (i) => PAD.left + (list.length === 1 ? 0 : (i / (list.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v) => H - PAD.bottom - ((v - bottom) / Math.max(1, top - bottom)) * (H - PAD.top - PAD.bottom);
  const lines = Array.from({ length: seats }, (_, seat) => list.map((p, i) => `${x(i).toFixed(1)},${y(value(p, seat)).toFixed(1)}`).join(" "));
  const last = list[list.length - 1];
  const order = Array.from({ length: seats }, (_, s) => s).sort((a, b) => value(last, b) - value(last, a));
  const starts = ageStarts(list);
  return html`<figure class="score-chart ${compact ? "compact" : ""} ${legend ? "" : "no-legend"}" id=${id} data-category=${category} data-points=${list.length}>
    <figcaption class="chart-title">${t("chart.title", { what: categoryLabel(kind, category) })}</figcaption>
    <div class="chart-plot" ref=${plot}><svg viewBox=${`0 0 ${W} ${H}`} width=${W} height=${H} role="img" aria-label=${t("chart.title", { what: categoryLabel(kind, category) })} preserveAspectRatio="xMidYMid meet">
      ${yTicks.map((v) => html`<g class="tick" key=${`y${v}`}>
        <line x1=${PAD.left} x2=${W - PAD.right} y1=${y(v)} y2=${y(v)} class=${v === 0 ? "axis" : "grid"} />
        <text x=${PAD.left - size / 3} y=${y(v) + size / 3} text-anchor="end" font-size=${size}>${num(v)}</text></g>`)}
      ${starts.map(({ age, index }) => html`<line key=${`a${age}`} class="age-mark" data-age=${age} x1=${x(index)} x2=${x(index)} y1=${PAD.top} y2=${H - PAD.bottom} />`)}
      ${ageLabels(starts, x, list.length - 1, size, (age) => t("chart.age", { age: ROMAN[age] || age })).map((label) => html`<text key=${`t${label.age}`}
        class="age-label" data-age=${label.age} x=${label.x} y=${H - PAD.bottom + size * 1.3} text-anchor="middle" font-size=${size}>${label.text}</text>`)}
      ${marker !== null && marker >= 0 && marker < list.length ? html`<line class="marker" id="chart-marker" data-index=${marker} x1=${x(marker)} x2=${x(marker)} y1=${PAD.top - 10} y2=${H - PAD.bottom} />` : null}
      ${lines.map((pts, seat) => html`<polyline key=${`l${seat}`} class="line" data-seat=${seat} points=${pts} stroke=${seatColor(seat)} stroke-dasharray=${DASHES[seat % DASHES.length]} />`)}
      ${marker !== null && list[marker] ? names.map((_, seat) => html`<circle key=${`m${seat}`} cx=${x(marker)} cy=${y(value(list[marker], seat))} r=${size / 3} fill=${seatColor(seat)} />`) : null}
    </svg></div>
    ${legend ? html`<ol class=${`chart-legend${order.length >= 5 ? " many" : ""}`}>${order.map((seat) => html`<li key=${`k${seat}`} style=${`--seat: ${seatColor(seat)}`} data-seat=${seat}>
      <${LineSwatch} seat=${seat} />
      <span class="who">${names[seat] ?? "?"}</span><strong class="points">${num(value(marker !== null && list[marker] ? list[marker] : last, seat))}</strong></li>`)}</ol>` : null}
    <div class="chart-categories" role="group" aria-label=${t("chart.categories")}>
      ${chartCategories(kind, list).map((key) => html`<button key=${key} data-category=${key} aria-pressed=${key === category ? "true" : "false"}
        class=${icons?.[key] ? "with-icon" : ""} title=${icons?.[key] ? categoryLabel(kind, key) : null} onClick=${() => setCategory(key)}>${icons?.[key] ? html`<span class="category-icon" aria-hidden="true">${icons[key]}</span>` : null}<span class="category-name">${categoryLabel(kind, key)}</span></button>`)}
    </div>
  </figure>`;
}
