// The Duel catalog (engine.catalog("duel")) as the shared card model: every card, wonder and progress
// token with its effects as primitives (lib/effects.js) and its chain symbols.
const ORDER = ["produce", "choice", "trade_fix", "shields", "science", "coins", "per", "opponent_loses", "destroy",
  "great_library", "mausoleum", "discount", "receives_trade", "vp_per_token", "extra_shield", "replay_wonders",
  "chain_coins", "play_again", "vp"];

function countOf(what) {
  if (what === "wonders" || what === "wonder") return ["wonders"];
  if (what === "coins") return ["coins"];
  return Array.isArray(what) ? what : [what];
}

/** The effect primitives of one raw catalog entry. */
export function effectsOf(raw) {
  const out = [];
  if (raw.produce) out.push({ k: "produce", res: raw.produce });
  if (raw.choice) out.push({ k: "choice", res: raw.choice });
  if (raw.trade_fix) out.push({ k: "trade_fix", res: raw.trade_fix });
  if (raw.shields) out.push({ k: "shields", n: raw.shields });
  if (raw.science) out.push({ k: "science", symbol: raw.science });
  if (raw.coins) out.push({ k: "coins", n: raw.coins });
  if (raw.coins_per) out.push({ k: "per", unit: "coins", each: raw.coins_per.coins, count: countOf(raw.coins_per.what), whose: ["self"], per: 1 });
  if (raw.guild) {
    const g = raw.guild;
    if (g.coins) out.push({ k: "per", unit: "coins", each: 1, count: countOf(g.counts), whose: "most", per: g.per || 1 });
    out.push({ k: "per", unit: "vp", each: g.vp_per, count: countOf(g.counts), whose: "most", per: g.per || 1 });
  }
  if (raw.opponent_loses) out.push({ k: "opponent_loses", n: raw.opponent_loses });
  if (raw.destroy) out.push({ k: "destroy", color: raw.destroy });
  if (raw.great_library) out.push({ k: "great_library" });
  if (raw.mausoleum) out.push({ k: "mausoleum" });
  if (raw.discount) out.push({ k: "discount", target: raw.discount, n: 2 });
  if (raw.receives_trade) out.push({ k: "receives_trade" });
  if (raw.vp_per_token) out.push({ k: "vp_per_token", n: raw.vp_per_token });
  if (raw.extra_shield) out.push({ k: "extra_shield" });
  if (raw.play_again === "wonders") out.push({ k: "replay_wonders" });
  else if (raw.play_again) out.push({ k: "play_again" });
  if (raw.chain_coins) out.push({ k: "chain_coins", n: raw.chain_coins });
  if (raw.vp) out.push({ k: "vp", n: raw.vp });
  return out.sort((a, b) => ORDER.indexOf(a.k) - ORDER.indexOf(b.k));
}

/** {id: entry} for every card, wonder and token of the raw catalog. */
export function adaptCatalog(raw) {
  const index = {};
  for (const list of [raw.cards || [], raw.wonders || [], raw.progress || []]) {
    for (const item of list) {
      index[item.id] = {
        id: item.id,
        kind: item.type,
        name: item.name,
        color: item.color || null,
        age: item.age || null,
        cost: { coins: item.cost?.coins || 0, resources: item.cost?.resources || {} },
        effects: effectsOf(item),
        chain: item.type === "card" ? { symbol: item.chain || null, fromSymbol: item.free_via_chain || null } : null,
      };
    }
  }
  return index;
}
