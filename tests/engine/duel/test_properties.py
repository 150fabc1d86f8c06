"""Properties over 2,000 seeded random games, played once in a module fixture.

Every game is checked after each move (coins, pawn, hidden identities in the events). A sample of
moves (all moves of every 50th game, one random move of the others) also gets card conservation and
hidden identities in all three views; one random move of every 4th game gets save/restore/replay.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

import engine
from engine.duel.game import DuelGame
from engine.duel.material import CARD_IDS, GUILDS, TOKEN_IDS, WONDER_IDS
from engine.duel.state import GREAT_LIBRARY

GAMES = 2000
IDS = re.compile(r'"([a-z_]+)"')
EVENT_TYPES = {"draft_wonder", "build", "discard", "wonder", "reveal", "coins", "pawn", "military_token",
               "progress", "destroy", "mausoleum", "wonder_boxed", "replay", "age_start", "choose_start",
               "game_over"}


def hidden_ids(game: DuelGame, seat: int | None) -> set[str]:
    """Every identity ``seat`` must not learn now, computed from the state."""
    state = game.state
    setup = state.setup
    hidden: set[str] = set()
    for age in (1, 2, 3):
        hidden.update(CARD_IDS[c] for c in setup.removed[age])
        if age > state.age:
            hidden.update(CARD_IDS[c] for c in setup.decks[age])
    hidden.update(CARD_IDS[g] for g in GUILDS if g not in setup.decks[3])
    structure = state.structure
    hidden.update(CARD_IDS[c] for i, c in enumerate(structure.cards)
                  if not structure.taken[i] and not structure.face_up[i])
    seen_wonders = setup.wonders[:4] if state.draft_picks < 4 else setup.wonders
    hidden.update(WONDER_IDS[w] for w in range(12) if w not in seen_wonders)
    drawn = state.pending is GREAT_LIBRARY and seat == state.pending_seat
    shown = set(state.pending_options) if drawn else set()
    if seat == state.library_seat:
        shown |= set(state.library_returned)
    owned = set(state.cities[0].progress) | set(state.cities[1].progress)
    hidden.update(TOKEN_IDS[t] for t in setup.progress_removed if t not in shown | owned)
    return hidden


def conserved(game: DuelGame) -> bool:
    """Structure + future decks + removed + discard + cities + tucked cards = every dealt card."""
    state = game.state
    setup = state.setup
    everything = sorted(c for a in (1, 2, 3) for c in setup.decks[a] + setup.removed[a])
    here: list[int] = []
    for a in (1, 2, 3):
        here += setup.removed[a]
        if a > state.age:
            here += setup.decks[a]
    structure = state.structure
    here += [c for i, c in enumerate(structure.cards) if not structure.taken[i]]
    here += state.discard + state.cities[0].cards + state.cities[1].cards
    here += [owned.tucked_card for city in state.cities for owned in city.wonders if owned.age]
    return sorted(here) == everything


def deep_check(game: DuelGame, obs: dict[str, Any]) -> None:
    obs["deep"] += 1
    if not conserved(game):
        obs["not_conserved"].append(game.state.seed)
    for seat in (0, 1, None):
        leaked = set(IDS.findall(json.dumps(game.view(seat)))) & hidden_ids(game, seat)
        if leaked:
            obs["view_leaks"].append((game.state.seed, seat, sorted(leaked)))


def save_check(game: DuelGame, obs: dict[str, Any]) -> None:
    obs["saves"] += 1
    data = game.to_dict()
    if engine.restore(json.loads(json.dumps(data))).to_dict() != data:
        obs["restore_mismatch"].append(game.state.seed)
    again = engine.replay("duel", seats=2, seed=game.state.seed, options=None, log=game.action_log)
    if again.to_dict() != data:
        obs["replay_mismatch"].append(game.state.seed)


@pytest.fixture(scope="module")
def observations() -> dict[str, Any]:
    obs: dict[str, Any] = {"results": [], "negative_coins": [], "pawn_out": [], "token_twice": [],
                           "too_many_wonders": [], "not_conserved": [], "view_leaks": [],
                           "event_leaks": [], "restore_mismatch": [], "replay_mismatch": [], "deep": 0,
                           "saves": 0, "moves": 0, "illegal_listed": []}
    for seed in range(GAMES):
        rng = random.Random(seed)
        game = engine.new_game("duel", seats=2, seed=seed)
        assert isinstance(game, DuelGame)
        full = seed % 50 == 0
        deep_at = rng.randrange(1, 70)
        save_at = rng.randrange(1, 70) if seed % 4 == 0 else -1
        tokens: Counter[tuple[int, int]] = Counter()
        move = 0
        while not game.is_over():
            seat = game.to_act()[0]
            events = game.apply(seat, rng.choice(game.legal_actions(seat)))
            move += 1
            for e in events:
                if e["type"] == "military_token":
                    tokens[(e["side"], e["value"])] += 1
            named = {v for e in events for v in e.values() if type(v) is str}
            leaked = named & hidden_ids(game, None) if named - EVENT_TYPES else set()
            if leaked:
                obs["event_leaks"].append((seed, sorted(leaked)))
            if min(city.coins for city in game.state.cities) < 0:
                obs["negative_coins"].append(seed)
            if not -9 <= game.state.pawn <= 9:
                obs["pawn_out"].append(seed)
            built = sum(1 for city in game.state.cities for owned in city.wonders if owned.age)
            if game.state.wonders_built > 7 or built > 7:
                obs["too_many_wonders"].append(seed)
            if full or move == deep_at:
                deep_check(game, obs)
            if move == save_at:
                save_check(game, obs)
        obs["moves"] += move
        if any(n > 1 for n in tokens.values()):
            obs["token_twice"].append(seed)
        if not conserved(game):
            obs["not_conserved"].append(seed)
        obs["results"].append(game.result())
    return obs


def test_every_game_ends_with_a_valid_result(observations: dict[str, Any]) -> None:
    assert len(observations["results"]) == GAMES
    for result in observations["results"]:
        assert result["victory"] in ("military", "science", "civilian")
        assert result["winners"] in ([0], [1], [0, 1])
        for pad in result["scores"]:
            assert pad["total"] == sum(v for k, v in pad.items() if k != "total")
        if result["victory"] == "civilian":
            totals = [p["total"] for p in result["scores"]]
            best = max(totals)
            assert all(totals[w] == best for w in result["winners"])
    kinds = Counter(r["victory"] for r in observations["results"])
    assert kinds["civilian"] and kinds["military"]


def test_coins_never_negative(observations: dict[str, Any]) -> None:
    assert observations["negative_coins"] == []


def test_pawn_within_the_track(observations: dict[str, Any]) -> None:
    assert observations["pawn_out"] == []


def test_each_military_token_at_most_once(observations: dict[str, Any]) -> None:
    assert observations["token_twice"] == []


def test_at_most_seven_wonders(observations: dict[str, Any]) -> None:
    assert observations["too_many_wonders"] == []


def test_cards_conserved(observations: dict[str, Any]) -> None:
    assert observations["deep"] > GAMES and observations["not_conserved"] == []


def test_no_hidden_identity_in_views_or_events(observations: dict[str, Any]) -> None:
    assert observations["view_leaks"] == [] and observations["event_leaks"] == []


def test_restore_and_replay_agree(observations: dict[str, Any]) -> None:
    assert observations["saves"] > GAMES // 5
    assert observations["restore_mismatch"] == [] and observations["replay_mismatch"] == []


def test_hidden_ids_helper_can_fail() -> None:
    """The leak scanner itself sees a face-down card when one is planted in a view."""
    game = engine.new_game("duel", seats=2, seed=0, options={"first_game_wonders": True})
    assert isinstance(game, DuelGame)
    structure = game.state.structure
    down = next(CARD_IDS[c] for i, c in enumerate(structure.cards) if not structure.face_up[i])
    view = game.view(None)
    view["structure"][0]["card"] = down
    assert down in set(IDS.findall(json.dumps(view))) & hidden_ids(game, None)
