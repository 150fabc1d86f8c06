"""One test per (?) reading of the Cities digests, each naming its switch in readings.py (both values where
the other value is playable)."""

from __future__ import annotations

import pytest

import engine
from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.game import ClassicGame
from engine.classic.scoring import score_city, team_winners
from tests.engine.classic.cities_helpers import black_position, cities_game, play_turn, producers, settle
from tests.engine.classic.helpers import arrange, builds


def _cities(game: ClassicGame) -> list[dict]:
    return list(game.view(None)["cities"])


def _conflicts(game: ClassicGame) -> list[list[tuple[int, int]]]:
    """Each city's (opponent, times) of the next conflicts, as the public view shows them."""
    return [[(c["against"], c["times"]) for c in city] for city in game.view(None)["conflicts"]]


def test_cities_with_two_seats() -> None:
    """readings.CITIES_WITH_TWO_SEATS: Cities is not offered with 2 seats."""
    assert R.CITIES_WITH_TWO_SEATS is False
    with pytest.raises(ValueError, match="2-player"):
        engine.new_game("classic", seats=2, seed=1, options={"cities": True})


def test_embassy_vp() -> None:
    """readings.EMBASSY_VP: Embassy gives 2 VP."""
    assert R.EMBASSY_VP == 2 == C.CARD_FX[C.CARD_INDEX["a3_embassy"]].vp


@pytest.mark.parametrize("at_end", [True, False])
def test_losses_counted_at_end_of_turn(monkeypatch: pytest.MonkeyPatch, at_end: bool) -> None:
    """readings.LOSSES_COUNTED_AT_END_OF_TURN: Cenotaph counts a victory token its victim takes with a
    free build from the discard pile in the same turn (step 5) (True), or only those of step 4 (False)."""
    monkeypatch.setattr(R, "LOSSES_COUNTED_AT_END_OF_TURN", at_end)
    # Giza builds the Cenotaph (SCCGT) as Halicarnassus B builds its first stage (OO), then takes the
    # discarded Raider Fort
    game = cities_game(["giza", "halicarnassus", "ephesus"], sides=["A", "B", "A"])
    built = {0: producers("CCGT", 2), 1: ["a1_ore_vein", "a1_clay_pit"], 2: []}
    arrange(game, age=3, turn=2, hands=[["a3_cenotaph"], [], []], coins=[10, 10, 10], built=built,
            discard_with=["a2_raider_fort"])
    play_turn(game, {0: ("build", "a3_cenotaph"), 1: ("wonder", game.view(1)["hand"][0])})
    game.apply(1, {"type": "halicarnassus", "card": "a2_raider_fort"})
    assert _cities(game)[1]["military"] == [3]
    settle(game)
    assert _cities(game)[1]["coins"] == 10 - (1 if at_end else 0)


@pytest.mark.parametrize("payable", [False, True])
def test_raider_debt_payable(monkeypatch: pytest.MonkeyPatch, payable: bool) -> None:
    """readings.RAIDER_DEBT_PAYABLE: a Raider card hands a debt token (False) or a payable loss of 1."""
    monkeypatch.setattr(R, "RAIDER_DEBT_PAYABLE", payable)
    game = black_position("a1_raider_camp", age=1)
    play_turn(game, {0: ("build", "a1_raider_camp")})
    assert (game.view(None)["phase"] == "debt") == payable
    settle(game)
    assert [c["debt"] for c in _cities(game)] == ([0, 0, 0] if payable else [0, 1, 1])
    assert [c["coins"] for c in _cities(game)[1:]] == ([12, 12] if payable else [13, 13])


@pytest.mark.parametrize("green_only", [True, False])
def test_spy_copies_green_cards_only(monkeypatch: pytest.MonkeyPatch, green_only: bool) -> None:
    """readings.SPY_COPIES_GREEN_CARDS_ONLY: a neighbour's Scientists Guild (a wildcard) is not copied."""
    monkeypatch.setattr(R, "SPY_COPIES_GREEN_CARDS_ONLY", green_only)
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, age=3, turn=2,
            built={0: ["a1_pigeonhole", "a1_workshop"], 1: ["a3_scientists_guild"], 2: []})
    assert score_city(game.state, 0)["science"] == (1 if green_only else 4)


@pytest.mark.parametrize("same", [True, False])
def test_spies_may_copy_same_card(monkeypatch: pytest.MonkeyPatch, same: bool) -> None:
    """readings.SPIES_MAY_COPY_SAME_CARD: two spies copy one neighbour tablet twice (True) or once."""
    monkeypatch.setattr(R, "SPIES_MAY_COPY_SAME_CARD", same)
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, age=2, turn=2, built={0: ["a1_pigeonhole", "a2_band_of_spies", "a1_scriptorium"],
                                        1: ["a2_library"], 2: []})
    assert score_city(game.state, 0)["science"] == (9 if same else 4)


def test_purchase_price_floor() -> None:
    """readings.PURCHASE_PRICE_FLOOR: a Trading Post and Smuggler's Cache together make the price 0."""
    assert R.PURCHASE_PRICE_FLOOR == 0
    game = cities_game(["ephesus", "giza", "rhodes"])
    arrange(game, turn=2, hands=[["a1_baths"], [], []], coins=[0, 0, 0],
            built={0: ["a1_smugglers_cache", "a1_west_trading_post"]})
    assert builds(game, 0, "a1_baths") == [(0, 0)]


@pytest.mark.parametrize("sellable", [False, True])
def test_cities_extra_production_sellable(monkeypatch: pytest.MonkeyPatch, sellable: bool) -> None:
    """readings.CITIES_EXTRA_PRODUCTION_SELLABLE: a neighbour's Black Market unit is not for sale (False)."""
    monkeypatch.setattr(R, "CITIES_EXTRA_PRODUCTION_SELLABLE", sellable)
    # Ephesus makes the School's papyrus; its wood only from Giza's Black Market (Rhodes sells ore)
    game = cities_game(["ephesus", "giza", "rhodes"])
    arrange(game, age=2, turn=2, hands=[["a2_school"], [], []], coins=[5, 0, 0],
            built={0: [], 1: ["a2_black_market"], 2: []})
    assert builds(game, 0, "a2_school") == ([(2, 0)] if sellable else [])


@pytest.mark.parametrize("counts", [True, False])
def test_produced_counts_choice_cards(monkeypatch: pytest.MonkeyPatch, counts: bool) -> None:
    """readings.PRODUCED_COUNTS_CHOICE_CARDS: a resource of a one-of card counts as produced, so the Black
    Market does not give it (True)."""
    monkeypatch.setattr(R, "PRODUCED_COUNTS_CHOICE_CARDS", counts)
    game = cities_game(["ephesus", "giza", "rhodes"])
    arrange(game, age=2, turn=2, built={0: ["a2_black_market", "a2_caravansery"]})
    missing = game.state.extra_choices(0)[0]
    raw = sum(1 << r for r in range(4))
    assert (missing & raw == 0) == counts


@pytest.mark.parametrize("itself", [True, False])
def test_secret_network_counts_itself(monkeypatch: pytest.MonkeyPatch, itself: bool) -> None:
    """readings.SECRET_NETWORK_COUNTS_ITSELF: with 3 black cards it gives 3 coins and 3 VP (True)."""
    monkeypatch.setattr(R, "SECRET_NETWORK_COUNTS_ITSELF", itself)
    game = black_position("a3_secret_network", age=3, built={0: ["a1_cells", "a1_hideout"]})
    play_turn(game, {0: ("build", "a3_secret_network")})
    assert _cities(game)[0]["coins"] == 10 + (3 if itself else 2)
    assert score_city(game.state, 0)["black"] == 2 + (3 if itself else 2)


@pytest.mark.parametrize("blacks", [True, False])
def test_discard_build_takes_black_cards(monkeypatch: pytest.MonkeyPatch, blacks: bool) -> None:
    """readings.DISCARD_BUILD_TAKES_BLACK_CARDS: Forging Agency may build a discarded black card."""
    monkeypatch.setattr(R, "DISCARD_BUILD_TAKES_BLACK_CARDS", blacks)
    game = black_position("a2_forging_agency", age=2, discard_with=["a2_lair", "a1_baths"])
    play_turn(game, {0: ("build", "a2_forging_agency")})
    assert ("a2_lair" in {a["card"] for a in game.legal_actions(0)}) == blacks


def test_teams_of() -> None:
    """readings.teams_of: teammates sit side by side (seats 0-1, 2-3, 4-5)."""
    assert R.teams_of(4) == ((0, 1), (2, 3)) and R.teams_of(6) == ((0, 1), (2, 3), (4, 5))
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True)
    assert [game.view(q)["teammate"] for q in range(4)] == [1, 0, 3, 2]


@pytest.mark.parametrize("times", [2, 1])
def test_team_conflicts_per_pair(monkeypatch: pytest.MonkeyPatch, times: int) -> None:
    """readings.TEAM_CONFLICTS_PER_PAIR: opposing neighbours fight twice."""
    monkeypatch.setattr(R, "TEAM_CONFLICTS_PER_PAIR", times)
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True)
    arrange(game, age=3, turn=7, built={0: ["a1_stockade"]})  # the last turn; shields 1, 0, 0, 0
    play_turn(game, {})
    settle(game)
    tokens = [c["military"] for c in _cities(game)]
    assert tokens[0] == [5] * times and tokens[3] == [-1] * times and tokens[1] == []


@pytest.mark.parametrize("reduces", [True, False])
def test_team_diplomacy_reduces_to_one(monkeypatch: pytest.MonkeyPatch, reduces: bool) -> None:
    """readings.TEAM_DIPLOMACY_REDUCES_TO_ONE: a token makes its pair fight once (True) or not at all."""
    monkeypatch.setattr(R, "TEAM_DIPLOMACY_REDUCES_TO_ONE", reduces)
    game = arrange(cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True), diplomacy={0: 1})
    assert _conflicts(game)[0] == ([(3, 1)] if reduces else [])
    assert _conflicts(game)[1] == [(2, 2)]


@pytest.mark.parametrize("hits", [True, False])
def test_team_losses_hit_teammate(monkeypatch: pytest.MonkeyPatch, hits: bool) -> None:
    """readings.TEAM_LOSSES_HIT_TEAMMATE: "every other player" includes the builder's teammate."""
    monkeypatch.setattr(R, "TEAM_LOSSES_HIT_TEAMMATE", hits)
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True)
    arrange(game, hands=[["a1_hideout"], [], [], []], coins=[0] * 4)
    play_turn(game, {0: ("build", "a1_hideout")})
    assert sorted(game.to_act()) == ([1, 2, 3] if hits else [2, 3])


@pytest.mark.parametrize("shared", [True, False])
def test_team_tie_shared(monkeypatch: pytest.MonkeyPatch, shared: bool) -> None:
    """readings.TEAM_TIE_SHARED: teams tied on the sum share the victory (else more coins wins)."""
    monkeypatch.setattr(R, "TEAM_TIE_SHARED", shared)
    game = cities_game(["giza", "rhodes", "ephesus", "babylon"], teams=True)
    scores = [{"total": 10, "coins": 1}, {"total": 5, "coins": 1}, {"total": 7, "coins": 3},
              {"total": 8, "coins": 3}]
    assert team_winners(game.state, scores) == ([0, 1, 2, 3] if shared else [2, 3])


def test_trade_with_a_teammate_is_normal() -> None:
    """Reading without a switch (cities.md §11.3): buying from a teammate costs the normal price and pays
    the teammate."""
    # Rhodes (ore) buys the Baths' stone from its teammate Giza; Babylon, its other neighbour, makes clay
    game = cities_game(["rhodes", "giza", "ephesus", "babylon"], teams=True)
    arrange(game, hands=[["a1_baths"], [], [], []], coins=[5, 0, 0, 0])
    assert builds(game, 0, "a1_baths") == [(2, 0)]
