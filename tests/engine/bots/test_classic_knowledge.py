"""What ``easy`` values in classic 7 Wonders, on views shaped by hand: science, conflicts, who gets paid,
the Free City's choices; and the evaluation used by the search."""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine.bots import make_policy
from engine.classic.bots import KNOWLEDGE, best_science, science_points


def two_player_view() -> dict[str, Any]:
    """Seat 0's view at the first turn of a 2-player game (city 1 is the rival, city 2 the Free City)."""
    game = engine.new_game("classic", seats=2, seed=3, options={"sides": "A"})
    view = copy.deepcopy(game.view(0))
    assert view["cities"][0]["left"] == 1 and view["cities"][0]["right"] == 2
    assert view["cities"][2]["left"] == 0 and view["cities"][2]["right"] == 1
    return view


def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    return make_policy("easy", "classic").decide(view, legal, seed=1)


def test_science_points_follow_the_rulebook_examples() -> None:
    assert science_points([3, 2, 1]) == 21
    assert science_points([3, 2, 2]) == 31
    assert best_science([3, 2, 1], 1) == 31  # the wild symbol completes a second set
    assert best_science([0, 0, 0], 2) == 4 and best_science([1, 1, 0], 1) == 10


def test_a_purchase_pays_the_free_city_rather_than_the_rival() -> None:
    view = two_player_view()
    legal = [{"type": "build", "card": "a1_baths", "left": 2, "right": 0},
             {"type": "build", "card": "a1_baths", "left": 0, "right": 2}]
    assert choose(view, legal) == legal[1]


def test_the_free_city_pays_its_controller_and_keeps_good_cards_from_the_rival() -> None:
    view = two_player_view()
    legal = [{"type": "build", "card": "a1_baths", "left": 0, "right": 2, "free_city": True},
             {"type": "build", "card": "a1_baths", "left": 2, "right": 0, "free_city": True}]
    assert choose(view, legal) == legal[1]  # city 2's left neighbour is seat 0 itself
    view["cities"][1]["science"].update({"compass": 2, "gear": 2})
    legal = [{"type": "build", "card": "a1_pawnshop", "left": 0, "right": 0, "free_city": True},
             {"type": "build", "card": "a1_scriptorium", "left": 0, "right": 0, "free_city": True}]
    assert choose(view, legal)["card"] == "a1_scriptorium"  # the rival's tablet would complete a set


def test_conflicts_count_the_neighbour_a_shield_overtakes() -> None:
    game = engine.new_game("classic", seats=4, seed=2)
    view = copy.deepcopy(game.view(0))
    view["age"] = 2
    city = view["cities"][0]
    city["shields"] = 1
    view["cities"][city["left"]]["shields"] = 1   # a tie becomes a win: +3
    view["cities"][city["right"]]["shields"] = 3  # still a loss: nothing changes
    table = KNOWLEDGE.table(view)
    weights = KNOWLEDGE.weights
    expected = 3 * weights.conflict_certainty + weights.future_shield[2]
    assert abs(KNOWLEDGE.military_gain(1, city, table) - expected) < 1e-9
    # Two shields: the left conflict is won (+3) and the right one, 3 against 3, tied instead of lost (+1).
    expected_two = (3 + 1) * weights.conflict_certainty + 2 * weights.future_shield[2]
    assert abs(KNOWLEDGE.military_gain(2, city, table) - expected_two) < 1e-9


def test_evaluation_and_results_give_the_leader_the_largest_share() -> None:
    game = engine.new_game("classic", seats=3, seed=4)
    view = copy.deepcopy(game.view(None))
    view["cities"][1]["military"] = [5, 5, 3]
    shares = KNOWLEDGE.evaluate(view)
    assert len(shares) == 3 and abs(sum(shares) - 1) < 1e-9 and max(shares) == shares[1]
    two = copy.deepcopy(engine.new_game("classic", seats=2, seed=4).view(None))
    assert len(KNOWLEDGE.evaluate(two)) == 2  # the Free City is not a player
    scores = [{"total": 50}, {"total": 48}, {"total": 30}]
    values = KNOWLEDGE.result_values({"winners": [0], "scores": scores}, 3)
    assert abs(sum(values) - 1) < 1e-9 and values[0] > values[1] > values[2]
    tied = KNOWLEDGE.result_values({"winners": [0, 1], "scores": [{"total": 50}, {"total": 50}]}, 2)
    assert tied == [0.5, 0.5]


def test_production_counts_in_the_evaluation_early_and_little_by_Age_III() -> None:
    game = engine.new_game("classic", seats=3, seed=4)
    view = copy.deepcopy(game.view(None))
    table = KNOWLEDGE.table(view)
    city = view["cities"][0]
    before = KNOWLEDGE.assets(city, table)
    city["production"]["ore"] = city["production"].get("ore", 0) + 2
    gained = KNOWLEDGE.assets(city, table) - before
    assert gained > 2.5  # two units of ore in Age I: worth more than two points to come
    view["age"] = 3
    late = KNOWLEDGE.table(view)
    city["production"]["ore"] -= 2
    before_late = KNOWLEDGE.assets(city, late)
    city["production"]["ore"] += 2
    assert 0 < KNOWLEDGE.assets(city, late) - before_late < gained / 4
    shares = KNOWLEDGE.evaluate(view)
    assert max(shares) == shares[0]  # the richer city leads the evaluation
