"""The coach (engine/bots/coach.py): the hard search's top two moves with reason codes, from one view."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import Budget, make_policy
from engine.bots.coach import BEST_ODDS, REASON_PRIORITY, RESTATING, explain, ranked_reasons, suggest
from engine.bots.knowledge import knowledge_for
from tests.engine.bots.test_no_peeking import _removal_twins

BUDGET = Budget(iterations=60)


def _advanced(kind: str, seats: int, seed: int, decisions: int) -> engine.Game:
    game = engine.new_game(kind, seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    while len(game.legal_actions(game.waiting()[0])) < 4:  # on to a real choice
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(("kind", "seats", "decisions"), [("duel", 2, 26), ("classic", 3, 20),
                                                          ("classic", 2, 9)])
def test_two_suggestions_from_the_legal_actions_with_known_reason_codes(kind: str, seats: int,
                                                                        decisions: int) -> None:
    game = _advanced(kind, seats, 3, decisions)
    seat = game.waiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    suggestions = suggest(view, legal, seed=5, budget=BUDGET)
    assert len(suggestions) == 2
    assert suggestions[0].action is not suggestions[1].action
    for suggestion in suggestions:
        assert any(suggestion.action is action for action in legal)
        assert suggestion.reason == suggestion.reasons[0]
        assert all(r["code"] in REASON_PRIORITY for r in suggestion.reasons)
        words = [w for r in suggestion.reasons for v in r.values()
                 for w in (v if isinstance(v, list) else [v]) if isinstance(w, str)]
        assert words and all(" " not in w for w in words)  # codes and ids only, never sentences
        assert 0.0 <= suggestion.win_chance <= 1.0 and suggestion.visits > 0
        assert set(suggestion.to_dict()) == {"action", "reason", "reasons", "win_chance", "visits"}
    # The first suggestion is what hard itself would play.
    hard = make_policy("hard", kind)
    assert hard.decide(view, legal, seed=5, budget=BUDGET) == suggestions[0].action
    assert [s.to_dict() for s in suggest(view, legal, seed=5, budget=BUDGET)] == \
        [s.to_dict() for s in suggestions]


def test_a_forced_move_is_the_only_suggestion_and_bad_calls_are_refused() -> None:
    game = _advanced("duel", 2, 3, 26)
    seat = game.waiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    only = suggest(view, legal[:1], seed=1, budget=BUDGET)
    assert len(only) == 1 and only[0].action is legal[0]
    with pytest.raises(ValueError):
        suggest(view, [], seed=1)
    with pytest.raises(ValueError):
        suggest(view, legal, seed=1, count=0)


def test_the_coach_sees_only_the_seats_view() -> None:
    first, second = _removal_twins(7)
    rng = random.Random(7)
    for _ in range(22):
        seat = first.waiting()[0]
        action = rng.choice(first.legal_actions(seat))
        first.apply(seat, action)
        second.apply(seat, action)
    seat = first.waiting()[0]
    mine = suggest(first.view(seat), first.legal_actions(seat), seed=3, budget=BUDGET)
    twin = suggest(second.view(seat), second.legal_actions(seat), seed=3, budget=BUDGET)
    assert [s.to_dict() for s in mine] == [s.to_dict() for s in twin]


def test_reasons_are_ranked_most_telling_first_without_repeats() -> None:
    ranked = ranked_reasons([{"code": "coins", "coins": 2}, {"code": "science_pair", "symbol": "wheel"},
                             {"code": "coins", "coins": 2}, {"code": "military", "shields": 1, "pawn": 2}])
    assert [r["code"] for r in ranked] == ["science_pair", "military", "coins"]
    assert ranked_reasons([]) == [BEST_ODDS]


def _find_duel_build(predicate_code: str) -> tuple[engine.Game, int, dict]:
    """A Duel position (random play) where some build has the reason ``predicate_code``."""
    knowledge = knowledge_for("duel")
    for seed in range(60):
        game = engine.new_game("duel", seats=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.waiting()[0]
            legal = game.legal_actions(seat)
            for action in legal:
                if action["type"] == "build" and any(
                        r["code"] == predicate_code for r in knowledge.reasons(game.view(seat), action)):
                    return game, seat, action
            game.apply(seat, rng.choice(legal))
    raise AssertionError(f"no position with a {predicate_code} build")


def test_duel_reasons_name_pairs_chains_and_military() -> None:
    catalog = {c["id"]: c for c in engine.catalog("duel")["cards"]}
    game, seat, action = _find_duel_build("science_pair")
    reason = next(r for r in knowledge_for("duel").reasons(game.view(seat), action)
                  if r["code"] == "science_pair")
    assert reason["symbol"] == catalog[action["card"]]["science"]
    assert reason["symbol"] in game.view(seat)["players"][seat]["science"]
    game, seat, action = _find_duel_build("chain_next_age")
    reason = next(r for r in knowledge_for("duel").reasons(game.view(seat), action)
                  if r["code"] == "chain_next_age")
    assert reason["from"] == action["card"] and catalog[reason["card"]]["free_via_card"] == action["card"]
    game, seat, action = _find_duel_build("military")
    reason = next(r for r in knowledge_for("duel").reasons(game.view(seat), action)
                  if r["code"] == "military")
    assert reason["shields"] >= catalog[action["card"]]["shields"]
    discard = {"type": "discard", "card": action["card"]}
    coins = next(r for r in knowledge_for("duel").reasons(game.view(seat), discard) if r["code"] == "coins")
    assert coins["coins"] >= 2


def test_classic_reasons_name_science_chains_and_discard_coins() -> None:
    knowledge = knowledge_for("classic")
    game = engine.new_game("classic", seats=3, seed=0)
    view = game.view(0)
    for action in game.legal_actions(0):
        card = next(c for c in engine.catalog("classic")["cards"] if c["id"] == action["card"])
        reasons = knowledge.reasons(view, action)
        codes = {r["code"] for r in reasons}
        if action["type"] == "discard":
            assert {"code": "coins", "coins": 3} in reasons
        elif action["type"] == "build":
            assert ("science_symbol" in codes) == bool(card["effect"].get("science"))
            assert ("chain_next_age" in codes) == bool(card["chains"])
            assert ("production" in codes) == bool(card["effect"].get("produce")
                                                   or card["effect"].get("produce_choice"))
        elif action["type"] == "wonder":
            assert {"code": "wonder_stage", "stage": 1} in reasons


def _decision_points(kind: str, seats: int, seed: int, decisions: int) -> list[tuple[dict, list]]:
    """The view and legal actions of every decision of a random game's first ``decisions``."""
    game = engine.new_game(kind, seats=seats, seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(decisions):
        if not game.waiting():
            break
        seat = game.waiting()[0]
        legal = game.legal_actions(seat)
        found.append((game.view(seat), legal))
        game.apply(seat, rng.choice(legal))
    return found


def test_a_classic_bot_never_names_the_card_it_sells_or_puts_under_a_wonder() -> None:
    knowledge = knowledge_for("classic")
    hidden_named = told = 0
    for seed in range(4):
        for view, legal in _decision_points("classic", 3, seed, 60):
            for action in legal:
                reasons = knowledge.told_reasons(view, action)
                if action["type"] in ("discard", "wonder"):
                    assert all("card" not in reason for reason in reasons), (action, reasons)
                    hidden_named += any("card" in r for r in knowledge.reasons(view, action))
                else:
                    assert reasons == knowledge.reasons(view, action)
                reason = explain(view, action)
                if reason is not None:
                    told += 1
                    assert reason in reasons and reason["code"] in REASON_PRIORITY
                    assert reason["code"] not in RESTATING and reason != BEST_ODDS
    assert hidden_named > 0  # the coach's own reasons do name such cards: the filter is what hides them
    assert told > 0


def test_a_duel_bot_tells_its_reasons_all_but_those_restating_the_move() -> None:
    knowledge = knowledge_for("duel")
    codes = set()
    for view, legal in _decision_points("duel", 2, 7, 80):
        for action in legal:
            assert knowledge.told_reasons(view, action) == knowledge.reasons(view, action)
            reason = explain(view, action)
            if reason is None:
                assert all(r["code"] in RESTATING for r in knowledge.reasons(view, action))
            else:
                codes.add(reason["code"])
                assert reason == next(r for r in ranked_reasons(knowledge.reasons(view, action))
                                      if r["code"] not in RESTATING)
    assert len(codes) >= 4
