// Probes the browser tests run in a page (tests/web/measure.py): one object of functions.
({
  textSizes() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let total = 0, at18 = 0, at22 = 0;
  const small = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.replace(/\s+/g, "");
    const el = node.parentElement;
    if (!text || !el || el.closest("svg, title, script, style")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1
      && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight);
    if (!rects.length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    const size = parseFloat(style.fontSize);
    total += text.length;
    if (size >= 18) at18 += text.length;
    if (size >= 22) at22 += text.length;
    else if (small.length < 12) small.push(`${size.toFixed(1)}px ${text.slice(0, 30)}`);
  }
  return { total, at18, at22, small };
},
  overflow() {
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1) out.push(`page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") && el.tagName !== "svg") continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  for (const panel of document.querySelectorAll(".city, .log, .discard, .scores")) {
    if (panel.scrollHeight > panel.clientHeight + 2) out.push(`cut off inside ${panel.className}: ${panel.scrollHeight} > ${panel.clientHeight}`);
  }
  return out.slice(0, 20);
},
  effectsShown() {
  const missing = [];
  const cards = document.querySelectorAll(".pyramid .card[data-card], .city [data-card], .city [data-wonder], .progress-board [data-token], .stage");
  for (const card of cards) {
    const row = card.querySelector(".fx-row");
    if (!row || !row.children.length) { missing.push(`${card.dataset.card || card.dataset.wonder || card.dataset.token || "stage"}: no effect`); continue; }
    const r = row.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 12), y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !card.contains(hit)) missing.push(`${card.dataset.card || card.dataset.wonder || card.dataset.token || "stage"}: effect hidden`);
  }
  return { count: cards.length, missing };
},
  cutNames() {
  // Names on the board that are cut off: the whole name of every card a player may take, of every wonder
  // and token is readable.
  const sel = ".pyramid .card.accessible .card-name, .wonder-name, .token-name";
  return [...document.querySelectorAll(sel)]
    .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    .map((el) => `${el.textContent} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
},
  ring() {
  // Each city and its neighbours: where they are, and the arrow printed toward each neighbour.
  const glyph = { "1,0": "→", "-1,0": "←", "0,1": "↓", "0,-1": "↑", "1,1": "↘", "-1,1": "↙", "1,-1": "↗", "-1,-1": "↖" };
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height }; };
  const cities = [...document.querySelectorAll(".ring .classic-city")];
  const byId = Object.fromEntries(cities.map((el) => [el.dataset.city, el]));
  const out = [];
  for (const el of cities) {
    const me = box(el);
    for (const nb of el.querySelectorAll(".nb")) {
      const other = byId[nb.dataset.neighbour];
      if (!other) { out.push(`city ${el.dataset.city}: no city ${nb.dataset.neighbour} on screen`); continue; }
      const them = box(other);
      const dx = (them.x - me.x) / me.w, dy = (them.y - me.y) / me.h;
      const dir = `${Math.abs(dx) < 0.3 ? 0 : Math.sign(dx)},${Math.abs(dy) < 0.3 ? 0 : Math.sign(dy)}`;
      const arrow = nb.querySelector(".arrow").textContent.trim();
      if (Math.abs(dx) > 1.3 || Math.abs(dy) > 1.3) out.push(`city ${el.dataset.city}: ${nb.dataset.side} neighbour ${nb.dataset.neighbour} is not beside it (${dx.toFixed(1)}, ${dy.toFixed(1)} boxes away)`);
      if (glyph[dir] !== arrow) out.push(`city ${el.dataset.city}: ${nb.dataset.side} arrow ${arrow}, but neighbour ${nb.dataset.neighbour} lies ${glyph[dir] || "here"}`);
    }
  }
  return { count: cities.length, problems: out };
},
  clipped(outside = null) {
  // Text cut off: an element holding text whose content is wider or taller than its box while its overflow
  // is hidden (an ellipsis included), or that runs out of its card, chip, wonder stage or city.
  const out = [];
  const holders = ".card, .chip, .stage, .city, .mark, .token, .wonder, .log-entry, .toast, .moment";
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg, script, style, title") || el.closest("[aria-hidden=true]")) continue;
    if (outside && el.closest(outside)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (el.matches(".fx-row, .cost")) {
      // an effect or a cost drawn as icons: every icon inside the card or chip that holds it
      const holder = el.parentElement?.closest(holders);
      const box = holder?.getBoundingClientRect();
      const outOf = box && [...el.children].find((c) => { const r = c.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1); });
      if (outOf) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} in ${holder.className}: an icon runs out`);
    }
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue; // nothing shown (a label for screen readers only)
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${el.textContent.trim().slice(0, 40)}"`;
    const hides = (v) => v !== "visible";
    if ((hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1) || (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)) {
      out.push(`${what}: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
      continue;
    }
    const holder = el.parentElement?.closest(holders);
    if (holder) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const box = holder.getBoundingClientRect();
      for (const t of range.getClientRects()) {
        if (t.width < 1) continue;
        if (t.left < box.left - 1 || t.right > box.right + 1 || t.top < box.top - 1 || t.bottom > box.bottom + 1) {
          out.push(`${what}: runs out of ${holder.className}`);
          break;
        }
      }
    }
  }
  return out;
},
  coveredCards() {
  // The Duel pyramid's face-up cards that others partly cover: their effect, cost and name must all show
  // in the strip left uncovered (each piece's box seen at its centre and near its far corner).
  const out = [];
  for (const card of document.querySelectorAll(".pyramid .card.covered[data-card]")) {
    const pieces = [...card.querySelectorAll(".card-band .fx-row > *, .band-cost > *, .band-cost.free, .card-name")];
    if (!card.querySelector(".band-cost")) out.push(`${card.dataset.card}: no cost shown`);
    for (const piece of pieces) {
      const r = piece.getBoundingClientRect();
      if (r.width < 1) continue;
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.right - 2, r.bottom - 2], [r.left + 2, r.bottom - 2]];
      const hidden = points.some(([x, y]) => { const hit = document.elementFromPoint(x, y); return !hit || !card.contains(hit); });
      const cut = piece.scrollWidth > piece.clientWidth + 1 && getComputedStyle(piece).overflowX !== "visible";
      if (hidden || cut) out.push(`${card.dataset.card}: ${piece.className || piece.tagName.toLowerCase()} ${cut ? "cut" : "covered"}`);
    }
  }
  return out;
},
  sideways() {
      const width = document.documentElement.clientWidth;
      const out = document.documentElement.scrollWidth > width + 1 ? [`page ${document.documentElement.scrollWidth} > ${width}`] : [];
      for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > width + 1 && !el.closest(".phone-pyramid")) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
      }
      return out.slice(0, 10);
    },
  async axe() {
    // The page at rest: a banner caught mid fade-in would be judged at a fraction of its opacity.
    const still = document.createElement("style");
    still.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; }";
    document.head.append(still);
    let found;
    try {
      found = await axe.run(document, { resultTypes: ["violations"] });
    } finally {
      still.remove();
    }
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  },
})
