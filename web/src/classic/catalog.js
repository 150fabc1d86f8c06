// The 7 Wonders catalog (engine.catalog("classic")) as the shared card model: cards, board sides and
// their wonder stages, with effects as primitives (lib/effects.js) and chains by card.
export const RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"];

/** The effect primitives of a catalog effect map. */
export function effectsOf(e = {}) {
  const out = [];
  if (e.produce) out.push({ k: "produce", res: e.produce });
  if (e.produce_choice) out.push({ k: "choice", res: e.produce_choice });
  if (e.trade) out.push({ k: "trade", res: e.trade.resources, neighbours: e.trade.neighbours });
  if (e.shields) out.push({ k: "shields", n: e.shields });
  if (e.science) out.push({ k: "science", symbol: e.science });
  if (e.science_wild) out.push({ k: "science_wild" });
  if (e.coins) out.push({ k: "coins", n: e.coins });
  if (e.coins_per) out.push({ k: "per", unit: "coins", each: e.coins_per.each, count: e.coins_per.count, whose: e.coins_per.whose, per: 1 });
  if (e.ability) out.push({ k: "ability", id: e.ability });
  if (e.vp_per) out.push({ k: "per", unit: "vp", each: e.vp_per.each, count: e.vp_per.count, whose: e.vp_per.whose, per: 1 });
  if (e.vp) out.push({ k: "vp", n: e.vp });
  // Cities (black cards, Byzantium, Petra)
  if (e.coins_neighbours) out.push({ k: "gift", n: e.coins_neighbours, to: "neighbours" });
  if (e.coins_others) out.push({ k: "gift", n: e.coins_others, to: "others" });
  if (e.loss_others) out.push({ k: "loss", n: e.loss_others });
  if (e.loss_others_per) out.push({ k: "loss_per", count: e.loss_others_per });
  if (e.debt_neighbours) out.push({ k: "debt_neighbours", n: e.debt_neighbours });
  if (e.victory_token) out.push({ k: "victory_token", n: e.victory_token });
  if (e.diplomacy) out.push({ k: "diplomacy", n: e.diplomacy });
  if (e.spy) out.push({ k: "spy", n: e.spy });
  return out;
}

function costOf(cost) {
  return { coins: cost?.coins || 0, resources: cost?.resources || {} };
}

/** {id: entry} for every card, board side (id "rhodes_A") and wonder stage (id "rhodes_A_1"). */
export function adaptCatalog(raw) {
  const index = {};
  for (const card of raw.cards || []) {
    index[card.id] = {
      id: card.id,
      kind: "card",
      name: card.name,
      color: card.color,
      age: card.age,
      cost: costOf(card.cost),
      effects: effectsOf(card.effect),
      chain: { toCards: card.chains || [], fromCards: card.chain_from || [] },
    };
  }
  for (const board of raw.boards || []) {
    index[board.id] = { id: board.id, kind: "board", name: board.name, wonder: board.wonder, resource: board.resource, stages: (board.stages || []).map((s) => s.id), cost: costOf(null), effects: [{ k: "produce", res: { [board.resource]: 1 } }] };
    for (const stage of board.stages || []) {
      index[stage.id] = { id: stage.id, kind: "stage", stage: stage.stage, name: board.wonder, cost: costOf(stage.cost), effects: effectsOf(stage.effect) };
    }
  }
  return index;
}
