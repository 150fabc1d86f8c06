"""The public catalog of Duel material: every card, guild, Wonder and Progress token as plain dicts."""

from __future__ import annotations

import copy
from typing import Any

from engine.duel.data import CARDS, RESOURCES, TOKENS, WONDERS
from engine.duel.material import parse_cost


def _resources(letters: str) -> dict[str, int]:
    need = parse_cost(letters)
    return {RESOURCES[r]: n for r, n in enumerate(need) if n}


def _text(effects: dict[str, Any]) -> str:
    """A short English description of an effect dict."""
    parts = []
    for res, n in effects.get("produce", {}).items():
        parts.append(f"produces {n} {res}")
    if "choice" in effects:
        parts.append(f"produces 1 of {'/'.join(effects['choice'])} each turn")
    if "trade_fix" in effects:
        parts.append(f"buy {' and '.join(effects['trade_fix'])} at 1 coin")
    if effects.get("shields"):
        parts.append(f"{effects['shields']} shield(s)")
    if "science" in effects:
        parts.append(f"science symbol {effects['science']}")
    if "coins_per" in effects:
        per = effects["coins_per"]
        parts.append(f"+{per['coins']} coin(s) per {per['what']} in your city when built")
    if "guild" in effects:
        g = effects["guild"]
        counts = g["counts"] if isinstance(g["counts"], str) else "+".join(g["counts"]) + " card"
        unit = "3 coins" if counts == "coins" else counts.rstrip("s")
        gain = " (and 1 coin each when built)" if g["coins"] else ""
        parts.append(f"{g['vp_per']} VP per {unit} in the city with the most{gain}")
    if effects.get("coins"):
        parts.append(f"+{effects['coins']} coins")
    if effects.get("opponent_loses"):
        parts.append(f"opponent loses {effects['opponent_loses']} coins")
    if "destroy" in effects:
        parts.append(f"discard 1 {effects['destroy']} card of the opponent")
    if effects.get("mausoleum"):
        parts.append("build 1 card of the discard pile for free")
    if effects.get("great_library"):
        parts.append("draw 3 removed progress tokens, keep 1")
    if effects.get("play_again"):
        parts.append("play again")
    if effects.get("vp"):
        parts.append(f"{effects['vp']} VP")
    return ", ".join(parts)


def build_catalog() -> dict[str, Any]:
    """Cards (incl. guilds), wonders and progress tokens, in table order."""
    chain_giver = {row[6]: row[0] for row in CARDS if row[6]}
    cards = []
    for cid, name, age, color, coins, res, gives, needs, effects in CARDS:
        cards.append({
            "id": cid, "name": name, "type": "guild" if color == "purple" else "card", "age": age,
            "color": color, "cost": {"coins": coins, "resources": _resources(res)},
            "chain": gives, "free_via_chain": needs,
            "free_via_card": chain_giver.get(needs) if needs else None,
            **copy.deepcopy(effects), "text": _text(effects),
        })
    wonders = [{"id": wid, "name": name, "type": "wonder", "cost": {"coins": 0, "resources": _resources(res)},
                **copy.deepcopy(effects), "text": _text(effects)}
               for wid, name, res, effects in WONDERS]
    tokens = [{"id": tid, "name": name, "type": "progress", **copy.deepcopy(effects)}
              for tid, name, effects in TOKENS]
    return {"game": "duel", "cards": cards, "wonders": wonders, "progress": tokens}
