"""``random`` and ``easy`` only ever submit legal actions, in every game, seat count and option, and every
pending decision; their decisions are reproducible from the seed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.bots import make_policy
from engine.bots.match import ThinkingLimit, play_game
from tests.engine.bots.checked import CheckedPolicy

DUEL_WONDERS = ["the_great_library", "the_mausoleum", "the_statue_of_zeus", "circus_maximus",
                "the_pyramids", "the_sphinx", "piraeus", "the_appian_way"]


def play(kind: str, lineup: list[str], seed: int, options: dict[str, Any] | None,
         kinds: Counter[str]) -> list[float]:
    policies = [CheckedPolicy(make_policy(level, kind), kinds) for level in lineup]
    record = play_game(kind, policies, seed=seed, options=options)
    assert record.result and record.result["winners"]
    assert abs(sum(record.shares) - 1.0) < 1e-9
    return record.shares


@pytest.mark.parametrize("options", [None, {"first_game_wonders": True},
                                     {"setup": {"wonders": DUEL_WONDERS}}])
def test_duel_bots_play_only_legal_actions(options: dict[str, Any] | None) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(10):
        lineup = [["easy", "random"], ["random", "easy"], ["easy", "easy"]][seed % 3]
        play("duel", lineup, seed, options, kinds)
    assert kinds["turn"] > 300
    if options is None:
        assert kinds["draft_wonder"] == 60
    else:
        assert "draft_wonder" not in kinds or options.get("setup")


def test_duel_bots_meet_every_pending_decision() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(40):
        lineup = [["easy", "random"], ["random", "easy"], ["easy", "easy"], ["random", "random"]][seed % 4]
        play("duel", lineup, seed, {"setup": {"wonders": DUEL_WONDERS}}, kinds)
    assert set(kinds) == {"draft_wonder", "turn", "progress", "great_library", "mausoleum", "destroy",
                          "choose_start"}, kinds


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("sides", ["A", "B"])
def test_classic_bots_play_only_legal_actions(seats: int, sides: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(2):
        lineup = (["easy", "random"] * 4)[seed:seed + seats]
        play("classic", lineup, seed, {"sides": sides}, kinds)
    assert kinds["turn"] >= 2 * 18 * seats
    if seats == 2:
        assert kinds["free_city_turn"] == 2 * 18  # one Free City choice per turn


ABILITY_BOARDS = [{"board": "halicarnassus", "side": None}, {"board": "babylon", "side": "B"},
                  {"board": "olympia", "side": "B"}]


@pytest.mark.parametrize("seats", [2, 3])
def test_classic_bots_meet_every_pending_decision(seats: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(9):
        shift = seed % 3  # each board in each city, the Free City's included
        boards = ABILITY_BOARDS[shift:] + ABILITY_BOARDS[:shift]
        play("classic", ["easy"] * seats, seed, {"wonders": boards}, kinds)
    expected = {"turn", "halicarnassus", "babylon", "copy_guild"}
    if seats == 2:
        expected |= {"free_city_turn", "free_city_halicarnassus"}
    assert expected <= set(kinds), kinds


@pytest.mark.parametrize("kind,seats", [("duel", 2), ("classic", 4), ("classic", 2)])
def test_games_between_bots_are_reproducible_from_the_seed(kind: str, seats: int) -> None:
    lineup = (["easy", "random"] * 4)[:seats]
    first = play_game(kind, [make_policy(level, kind) for level in lineup], seed=11)
    again = play_game(kind, [make_policy(level, kind) for level in lineup], seed=11)
    assert first.result == again.result and first.decisions == again.decisions


def test_a_decision_depends_on_its_seed_only_through_ties_and_chance() -> None:
    from engine.api import new_game

    game = new_game("duel", seats=2, seed=4, options={"first_game_wonders": True})
    seat = game.waiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    random_policy, easy = make_policy("random", "duel"), make_policy("easy", "duel")
    assert len({legal.index(random_policy.decide(view, legal, seed=s)) for s in range(40)}) > 3
    assert all(random_policy.decide(view, legal, seed=s) is random_policy.decide(view, legal, seed=s)
               for s in range(10))
    assert len({legal.index(easy.decide(view, legal, seed=s)) for s in range(40)}) == 1


def test_no_legal_action_is_a_clear_error() -> None:
    for level in ("random", "easy", "medium", "hard"):
        with pytest.raises(ValueError, match="no legal action"):
            make_policy(level, "duel").decide({"kind": "duel", "seat": 0}, [], seed=1)


def test_unknown_levels_and_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_policy("grandmaster", "duel")
    with pytest.raises(ValueError, match="no bots for game kind"):
        make_policy("easy", "chess")


@pytest.mark.parametrize("kind,seats", [("duel", 2), ("classic", 2), ("classic", 3), ("classic", 4),
                                        ("classic", 5), ("classic", 6), ("classic", 7)])
def test_searching_bots_play_only_legal_actions_and_reproducibly(kind: str, seats: int) -> None:
    """Whole games with ``medium`` and ``hard`` seated (searching engine.sample worlds, two iterations a
    decision): every action legal, and (2 and 4 seats) the same game again from the same seed."""
    lineup = (["hard", "medium", "easy", "random"] * 2)[:seats]
    limit = ThinkingLimit(iterations=2)
    kinds: Counter[str] = Counter()
    results = []
    runs = 2 if seats in (2, 4) else 1
    for _ in range(runs):
        policies = [CheckedPolicy(make_policy(level, kind), kinds) for level in lineup]
        record = play_game(kind, policies, seed=seats, limit=limit)
        assert record.result and record.result["winners"]
        results.append((record.result, record.decisions))
    assert results[0] == results[-1]
    assert kinds["turn"] >= runs * 18 * seats if kind == "classic" else kinds["turn"] > runs * 40
