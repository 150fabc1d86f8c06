"""Cities rules by family (cities.md): setup, debt, diplomacy, spies, trading rebates, production, the
boards, teams, views and scoring."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.rules import new_game
from engine.classic.scoring import score_city
from tests.engine.classic.cities_helpers import (
    black_position,
    build_action,
    cities_game,
    play_turn,
    producers,
    settle,
)
from tests.engine.classic.helpers import arrange, builds, stage_offers

# --- setup -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_each_age_deals_8_cards_with_one_black_card_per_player(seats: int) -> None:
    game = engine.new_game("classic", seats=seats, seed=seats, options={"cities": True})
    for age, dealt in enumerate(game.state.deal.ages, start=1):  # type: ignore[attr-defined]
        cards = [c for hand in dealt.hands for c in hand]
        assert all(len(hand) == 8 for hand in dealt.hands)
        blacks = [c for c in cards if C.IS_BLACK[c]]
        assert len(blacks) == seats == len(set(blacks)) and all(C.CARD_AGE[c] == age for c in blacks)
        base = Counter(c for c in cards if not C.IS_BLACK[c] and not C.IS_GUILD[c])
        assert base == Counter(C.deck(age, seats))
        assert sum(C.IS_GUILD[c] for c in cards) == (seats + 2 if age == 3 else 0)


def test_seven_turns_per_age_and_the_last_card_discarded() -> None:
    game = cities_game(["giza", "rhodes", "ephesus"])
    for turn in range(1, 8):
        assert game.state.turn == turn and game.state.age == 1
        play_turn(game, {})
        settle(game)
    assert game.state.age == 2 and len(game.state.discard) == 3 * 8


def test_babylon_b_plays_its_eighth_card() -> None:
    game = cities_game(["babylon", "rhodes", "ephesus"], sides=["B", "A", "A"])
    arrange(game, hands=[["a1_altar", "a1_theater"], [], []], stages={0: 2}, turn=7)
    play_turn(game, {0: ("build", "a1_altar")})
    assert game.view(None)["phase"] == "babylon" and game.to_act() == [0]
    game.apply(0, build_action(game, 0, "a1_theater"))
    view = game.view(None)
    assert "a1_theater" in view["cities"][0]["cards"] and view["age"] == 2


@pytest.mark.parametrize(("seats", "options", "message"), [
    (2, {"cities": True}, "2-player"), (3, {"cities": True, "teams": True}, "4 or 6"),
    (5, {"cities": True, "teams": True}, "4 or 6"), (4, {"teams": True}, "set 'cities'"),
    (4, {"cities": "yes"}, "true or false"),
])
def test_bad_cities_options_are_refused(seats: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        engine.new_game("classic", seats=seats, seed=1, options=options)


def test_the_spec_declares_cities_and_teams() -> None:
    spec = engine.spec("classic")
    for name in ("cities", "teams"):
        option = spec.option(name)
        assert option is not None and option.type == "bool" and option.default is False and option.public


def test_byzantium_and_petra_only_with_cities() -> None:
    with pytest.raises(ValueError, match="come with Cities"):
        new_game(3, 1, {"wonders": [{"board": "petra", "side": "A"}, {"board": None, "side": None},
                                    {"board": None, "side": None}]})
    for seed in range(30):
        boards = {C.BOARD_ID[b // 2] for b in new_game(7, seed, {}).state.boards}
        assert not boards & {"byzantium", "petra"}
    seen = {C.BOARD_ID[b // 2] for seed in range(30)
            for b in new_game(7, seed, {"cities": True}).state.boards}
    assert {"byzantium", "petra"} <= seen


def test_the_catalog_with_cities_lists_black_cards_and_both_boards() -> None:
    base = engine.catalog("classic")
    cat = engine.catalog("classic", {"cities": True})
    assert len(base["cards"]) == 78 and len(cat["cards"]) == 78 + 42
    boards = {b["id"]: b for b in cat["boards"]}
    assert boards["petra_B"]["stages"][1]["cost"] == {"coins": 10, "resources": {}}
    assert boards["byzantium_A"]["stages"][1]["effect"] == {"vp": 4, "diplomacy": 1}
    json.dumps(cat)


# --- coin loss and debt ------------------------------------------------------------------------------


def test_a_loss_is_a_simultaneous_secret_decision_paying_as_much_as_possible_first() -> None:
    game = black_position("a2_opium_den", age=2, coins=[2, 0, 5])
    play_turn(game, {0: ("build", "a2_opium_den")})  # seats 1 and 2 discard: +3 coins this turn
    assert game.view(None)["phase"] == "debt" and game.to_act() == [1, 2] == game.waiting()
    assert game.legal_actions(1)[0] == {"type": "pay_debt", "coins": 3}
    assert [a["coins"] for a in game.legal_actions(2)] == [3, 2, 1, 0]
    assert game.view(1)["my_debt"] == {"due": 3, "most": 3, "choice": None}
    assert game.view(1)["pending"]["due"] == [0, 3, 3]
    before = game.view(2)
    paid_all, paid_none = game.clone(), game.clone()
    paid_all.apply(1, {"type": "pay_debt", "coins": 3})
    paid_none.apply(1, {"type": "pay_debt", "coins": 0})
    assert paid_all.view(2) == paid_none.view(2) != before  # "chosen" only, not what
    assert paid_all.view(None) == paid_none.view(None)
    with pytest.raises(engine.IllegalAction):
        game.apply(1, {"type": "pay_debt", "coins": 4})
    with pytest.raises(engine.IllegalAction):
        game.apply(0, {"type": "pay_debt", "coins": 0})
    game.apply(1, {"type": "pay_debt", "coins": 1})
    game.apply(2, {"type": "pay_debt", "coins": 0})  # debt while holding coins is legal
    view = game.view(None)
    assert [c["coins"] for c in view["cities"]] == [2 + 4, 2, 8]
    assert [c["debt"] for c in view["cities"]] == [0, 2, 3] and view["phase"] == "turn"
    history = [p for p in game.view(0)["history"] if p["step"] == "debt"]
    assert [(p["seat"], p["coins"]) for p in history] == [(1, 1), (2, 0)]


def test_a_seat_without_coins_takes_the_whole_loss_as_debt_without_a_decision() -> None:
    game = black_position("a2_opium_den", age=2, coins=[10, 0, 10])
    arrange(game, hands=[["a2_opium_den"], ["a2_loom"], []])
    game.apply(0, build_action(game, 0, "a2_opium_den"))
    game.apply(1, build_action(game, 1, "a2_loom"))  # a free structure: no coin this turn
    game.apply(2, {"type": "discard", "card": game.view(2)["hand"][0]})
    assert game.to_act() == [2]
    settle(game)
    cities = game.view(None)["cities"]
    assert [c["debt"] for c in cities] == [0, 3, 0] and cities[1]["coins"] == 0
    assert score_city(game.state, 1)["debt"] == -3


def test_coins_spent_this_turn_cannot_pay_a_loss() -> None:
    # Rhodes (ore) builds the Capitol (2 coins, SSCCGP) with its own resources
    capitol = ["a2_quarry", "a2_brickyard", "a2_glassworks", "a1_press"]
    game = black_position("a3_opium_distillery", age=3, coins=5, built={1: capitol})
    arrange(game, hands=[["a3_opium_distillery"], ["a3_capitol"], []])
    play_turn(game, {0: ("build", "a3_opium_distillery"), 1: ("build", "a3_capitol")})
    assert game.view(None)["cities"][1]["coins"] == 3 and game.view(1)["my_debt"]["most"] == 3


def test_debt_counts_against_the_score_and_the_coins_row_stays() -> None:
    game = black_position("a1_altar", age=1, coins=7, debt={0: 4})
    rows = score_city(game.state, 0)
    assert rows["treasury"] == 2 and rows["debt"] == -4 and "black" in rows
    assert rows["total"] == sum(v for k, v in rows.items() if k not in ("total", "coins"))


# --- diplomacy ---------------------------------------------------------------------------------------


def _conflicts(game: ClassicGame) -> list[list[tuple[int, int]]]:
    """Each city's (opponent, times) of the next conflicts, as the public view shows them."""
    return [[(c["against"], c["times"]) for c in city] for city in game.view(None)["conflicts"]]


def _fights(seats: int, diplomats: list[int]) -> set[tuple[int, int]]:
    boards = ["giza", "rhodes", "ephesus", "babylon", "olympia", "alexandria", "halicarnassus"]
    game = arrange(cities_game(boards[:seats]), diplomacy=dict.fromkeys(diplomats, 1))
    return {(city, nb) for city, against in enumerate(_conflicts(game)) for nb, _ in against}


def test_diplomacy_among_three() -> None:
    assert _fights(3, [0]) == {(1, 2), (2, 1)}
    assert _fights(3, [0, 1]) == set()


def test_diplomacy_among_four_one_and_two_diplomats() -> None:
    pairs = _fights(4, [0])
    assert pairs == {(1, 2), (2, 1), (2, 3), (3, 2), (3, 1), (1, 3)}
    assert _fights(4, [0, 2]) == {(1, 3), (3, 1)}


def test_diplomacy_among_seven_all_but_two_and_all_but_one() -> None:
    assert _fights(7, [0]) == {(a, b) for a, b in _fights(7, []) if 0 not in (a, b)} | {(1, 6), (6, 1)}
    assert _fights(7, [0, 1, 2, 3, 4]) == {(5, 6), (6, 5)}
    assert _fights(7, [0, 1, 2, 3, 4, 5]) == set()


def test_two_fighters_fight_once_and_a_diplomat_gets_no_token_and_spends_one() -> None:
    # the last turn of Age II; shields 2, 1, 0, 0; cities 0 and 2 are diplomats: only 1 and 3 fight
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"])
    arrange(game, age=2, turn=7, diplomacy={0: 2, 2: 1},
            built={0: ["a1_stockade", "a1_barracks"], 1: ["a1_guard_tower"], 2: [], 3: []})
    play_turn(game, {})
    settle(game)
    cities = game.view(None)["cities"]
    assert [c["military"] for c in cities] == [[], [3], [], [-1]]
    assert [c["diplomacy"] for c in cities] == [1, 0, 0, 0]


def test_byzantium_stages_give_diplomacy_tokens() -> None:
    # Age II: the city makes every stage's resources (CC OO WW G T P besides Byzantium's stone)
    making = ["a2_brickyard", "a2_foundry", "a2_sawmill", "a1_glassworks", "a1_loom", "a1_press"]
    for side, stages in (("A", [0, 1, 0]), ("B", [1, 1])):
        game = cities_game(["byzantium", "rhodes", "ephesus"], sides=side)
        arrange(game, age=2, turn=2, built={0: making}, coins=[10, 10, 10])
        for stage, tokens in enumerate(stages):
            before = game.view(None)["cities"][0]["diplomacy"]
            play_turn(game, {0: ("wonder", game.view(0)["hand"][0])})
            city = game.view(None)["cities"][0]
            assert city["stages_built"] == stage + 1 and city["diplomacy"] - before == tokens
        vp = [3, 4, 7] if side == "A" else [4, 6]
        assert score_city(game.state, 0)["wonder"] == sum(vp)


# --- Petra and Architect Firm ------------------------------------------------------------------------


def test_petra_stages_cost_coins_to_the_bank() -> None:
    game = cities_game(["petra", "rhodes", "ephesus"], sides="A")
    arrange(game, hands=[["a1_altar"], [], []], turn=2, stages={0: 1}, coins=[4, 3, 3])
    assert stage_offers(game, 0) == []
    arrange(game, coins=[6, 3, 3])
    assert stage_offers(game, 0) == [(0, 0)]
    play_turn(game, {0: ("wonder", "a1_altar")})
    assert game.view(None)["cities"][0]["coins"] == 1 and score_city(game.state, 0)["wonder"] == 10


def test_petra_b_first_stage_makes_the_others_lose_two() -> None:
    game = cities_game(["petra", "rhodes", "ephesus"], sides="B")
    # Age II: Petra's clay, the Clay Pool's and the Foundry's two ores pay the first stage (CCOO)
    arrange(game, age=2, turn=2, hands=[["a2_loom"], [], []], coins=[0, 0, 0],
            built={0: ["a1_clay_pool", "a2_foundry"]})
    play_turn(game, {0: ("wonder", "a2_loom")})
    assert game.view(None)["phase"] == "debt" and game.to_act() == [1, 2]
    settle(game, {1: 2, 2: 1})
    cities = game.view(None)["cities"]
    assert [c["coins"] for c in cities] == [0, 1, 2] and [c["debt"] for c in cities] == [0, 0, 1]
    arrange(game, hands=[["a2_press"], [], []], coins=[10, 0, 0])
    play_turn(game, {0: ("wonder", "a2_press")})  # stage 2: 10 coins to the bank, 14 VP
    assert game.view(None)["cities"][0]["coins"] == 0 and score_city(game.state, 0)["wonder"] == 3 + 14


def test_architect_firm_frees_stage_resources_not_coins() -> None:
    game = cities_game(["petra", "rhodes", "ephesus"], sides="B")
    arrange(game, age=2, turn=2, built={0: ["a2_architect_firm"]}, coins=[9, 0, 0])
    assert stage_offers(game, 0) == [(0, 0)]  # CCOO with only Petra's clay
    arrange(game, stages={0: 1}, coins=[9, 0, 0])
    assert stage_offers(game, 0) == []
    arrange(game, coins=[10, 0, 0])
    assert stage_offers(game, 0) == [(0, 0)]


# --- trading rebates and production ------------------------------------------------------------------


def _stone_from_the_left(hand: str, built: list[str], coins: int = 10) -> ClassicGame:
    """Age II, turn 2: Ephesus (papyrus) holds ``hand`` and has built ``built``; its left neighbour Giza
    sells three stones (its own and a Quarry's), its right neighbour Rhodes ore."""
    game = cities_game(["ephesus", "giza", "rhodes"])
    return arrange(game, age=2, turn=2, hands=[[hand], [], []], coins=[coins, 0, 0],
                   built={0: built, 1: ["a2_quarry"], 2: []})


def test_smugglers_cache_lowers_each_unit_of_a_neighbours_starting_resource() -> None:
    game = _stone_from_the_left("a2_aqueduct", [])
    assert builds(game, 0, "a2_aqueduct") == [(6, 0)]
    game = _stone_from_the_left("a2_aqueduct", ["a1_smugglers_cache"])
    assert builds(game, 0, "a2_aqueduct") == [(3, 0)]
    game = _stone_from_the_left("a2_aqueduct", ["a1_smugglers_cache", "a1_west_trading_post"])
    assert builds(game, 0, "a2_aqueduct") == [(0, 0)]  # 1 coin - 1, floor 0


def test_clandestine_wharves_take_one_coin_off_one_unit_per_purchase() -> None:
    game = _stone_from_the_left("a2_walls", ["a1_west_clandestine_wharf"])
    assert builds(game, 0, "a2_walls") == [(5, 0)]
    game = _stone_from_the_left("a2_walls", ["a1_east_clandestine_wharf"])
    assert builds(game, 0, "a2_walls") == [(6, 0)]  # the east wharf does not reach the left neighbour


def test_secret_warehouse_and_black_market_produce_for_their_owner() -> None:
    # Ephesus (papyrus) with no coins: nothing bought from the neighbours
    game = cities_game(["ephesus", "giza", "rhodes"])
    arrange(game, age=2, turn=2, hands=[["a2_walls", "a2_school"], [], []], coins=[0, 0, 0],
            built={0: ["a1_secret_warehouse", *producers("SS", 2)]})
    assert builds(game, 0, "a2_walls") == [(0, 0)]  # SS + one more stone
    assert builds(game, 0, "a2_school") == []  # wood and papyrus: papyrus from the board only
    arrange(game, built={0: ["a2_black_market"]})  # Ephesus makes papyrus only
    assert builds(game, 0, "a2_school") == [(0, 0)]  # wood: not produced, from the black market
    assert builds(game, 0, "a2_walls") == []


# --- spies -------------------------------------------------------------------------------------------


def test_a_spy_copies_the_best_symbol_of_a_neighbours_green_card() -> None:
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, age=2, turn=2, built={0: ["a1_pigeonhole", "a1_workshop", "a1_apothecary"],
                                        1: ["a1_scriptorium"], 2: ["a2_laboratory"]})
    assert score_city(game.state, 0)["science"] == 1 + 1 + 1 + 7  # the tablet completes a set
    arrange(game, built={0: ["a1_pigeonhole", "a1_workshop", "a1_apothecary"], 1: [], 2: []})
    assert score_city(game.state, 0)["science"] == 2  # no green card next door: nothing


# --- teams -------------------------------------------------------------------------------------------


def test_teammates_never_fight_and_opponents_fight_twice_or_once_with_diplomacy() -> None:
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True)
    assert game.view(None)["teams"] == [[0, 1], [2, 3]]
    assert _conflicts(game) == [[(3, 2)], [(2, 2)], [(1, 2)], [(0, 2)]]
    # the last turn of Age I with shields 2, 0, 1, 1
    built = {0: ["a1_stockade", "a1_barracks"], 1: [], 2: ["a1_guard_tower"], 3: ["a1_guard_tower"]}
    arrange(game, turn=7, built=built)
    play_turn(game, {})
    settle(game)
    assert [c["military"] for c in game.view(None)["cities"]] == [[1, 1], [-1, -1], [1, 1], [-1, -1]]
    arrange(game, diplomacy={3: 1})
    assert _conflicts(game) == [[(3, 1)], [(2, 2)], [(1, 2)], [(0, 1)]]


def test_teams_of_six_and_team_scores() -> None:
    game = engine.new_game("classic", seats=6, seed=3, options={"cities": True, "teams": True})
    rng = random.Random(3)
    while not game.is_over():
        seat = rng.choice(game.waiting())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    result = game.result()
    assert result is not None
    teams = result["teams"]
    assert [t["seats"] for t in teams] == [[0, 1], [2, 3], [4, 5]]
    for team in teams:
        total = sum(result["scores"][q]["total"] for q in team["seats"])
        assert team["total"] == total and all(result["scores"][q]["team"] == total for q in team["seats"])
    best = max(t["total"] for t in teams)
    assert result["winners"] == sorted(q for t in teams if t["total"] == best for q in t["seats"])


def test_a_teammates_hand_is_in_its_teammates_view_only() -> None:
    game = engine.new_game("classic", seats=4, seed=5, options={"cities": True, "teams": True})
    hands = [[C.CARD_ID[c] for c in h] for h in game.state.hands]
    assert game.view(0)["teammate"] == 1 and game.view(0)["teammate_hand"] == hands[1]
    assert game.view(3)["teammate_hand"] == hands[2]
    public = json.dumps(game.view(None))
    assert game.view(None)["teammate_hand"] is None and game.view(None)["teams"] == [[0, 1], [2, 3]]
    for seat in range(4):
        text = json.dumps(game.view(seat))
        for other in range(4):
            if other not in (seat, game.state.teammate(seat)):
                shown = json.loads(text)
                assert shown["hand"] != hands[other] and shown["teammate_hand"] != hands[other]
    assert "teammate_seen" in public


def test_cities_views_show_debt_diplomacy_conflicts_and_black_cards() -> None:
    game = black_position("a1_residence", age=1)
    play_turn(game, {0: ("build", "a1_residence")})
    view = game.view(None)
    city = view["cities"][0]
    assert view["cities_expansion"] and city["diplomacy"] == 1 and city["skips_conflicts"]
    assert city["debt"] == 0 and "a1_residence" in city["cards"] and city["team"] is None
    assert view["conflicts"][1] == [{"against": 2, "times": 1}]


def test_babylons_last_card_can_make_the_others_lose_coins_after_its_play() -> None:
    game = cities_game(["babylon", "rhodes", "ephesus"], sides=["B", "A", "A"])
    arrange(game, hands=[["a1_altar", "a1_hideout"], [], []], stages={0: 2}, turn=7, coins=[5, 5, 5])
    play_turn(game, {0: ("build", "a1_altar")})
    assert game.view(None)["phase"] == "babylon"
    game.apply(0, build_action(game, 0, "a1_hideout"))
    view = game.view(None)
    assert view["phase"] == "debt" and game.to_act() == [1, 2] and view["age"] == 1
    settle(game, {1: 0, 2: 1})
    view = game.view(None)
    assert [c["debt"] for c in view["cities"]] == [0, 1, 0] and view["age"] == 2
