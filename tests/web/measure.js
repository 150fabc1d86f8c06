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
    const found = await axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  },
})
