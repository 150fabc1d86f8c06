"""Duel's decisive moves (engine/duel/playout.py): a playout seat that can win at once by military or
scientific supremacy does, the rules agree on which moves win, and the search's tree sees them."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import Budget
from engine.bots.knowledge import knowledge_for
from engine.bots.search import PlayoutSearchPolicy
from engine.duel import playout
from engine.duel.game import DuelGame
from engine.duel.playout import BUILD, TOKEN, Move
from tests.engine.duel.helpers import ready


def _supremacy(game: engine.Game, seat: int) -> bool:
    result = game.result()
    return result is not None and result["victory"] != "civilian" and result["winners"] == [seat]


def _wins_at_once(game: engine.Game, seat: int, move: Move) -> bool:
    """Whether ``move`` wins by supremacy for ``seat`` through the rules: the game ends so, or the same
    seat then chooses (a Progress token, a card of the discard pile) and a choice wins so."""
    trial = game.clone()
    playout.apply_move(trial, seat, move)
    if trial.is_over():
        return _supremacy(trial, seat)
    if trial.waiting() != [seat] or playout.state_of(trial).pending is playout.TURN:
        return False
    for choice in playout.moves(trial, seat):
        again = trial.clone()
        playout.apply_move(again, seat, choice)
        if _supremacy(again, seat):
            return True
    return False


def test_the_winning_move_is_one_the_rules_make_win_and_none_is_missed() -> None:
    met = 0
    for seed in range(200):
        game = engine.new_game("duel", seats=2, seed=seed)
        rng = random.Random(seed)
        modes = [1 + (seed + seat) % 2 for seat in (0, 1)]  # science and military rushes
        while not game.is_over():
            seat = game.waiting()[0]
            winning = [m for m in playout.moves(game, seat) if _wins_at_once(game, seat, m)]
            found = playout.winning_move(game, seat)
            assert (found is None) == (not winning), (seed, winning, found)
            if found is not None:
                assert found in winning
                met += 1
            # Walk on past the wins (to meet more of them): the policy's move unless it wins.
            move = playout.playout_move(playout.state_of(game), seat, modes[seat], rng)
            if move in winning:
                move = rng.choice([m for m in playout.moves(game, seat) if m not in winning] or winning)
            playout.apply_move(game, seat, move)
    assert met >= 60


FIVE_SYMBOLS = ["workshop", "apothecary", "scriptorium", "pharmacist", "university"]
"""Cards of 5 distinct science symbols (the Academy's and Law's are missing; the Observatory's pairs)."""


def _science_game(front: list[str], *, law_on_board: bool) -> DuelGame:
    """Seat 0 to play Age III with 5 distinct symbols (Law's not among them) and ``front`` accessible."""
    board = ["law", "agriculture", "urbanism", "economy", "theology"] if law_on_board \
        else ["agriculture", "urbanism", "economy", "theology", "masonry"]
    return ready(front, age=3, coins=40, progress_board=board, cities=({"cards": FIVE_SYMBOLS}, {}))


@pytest.mark.parametrize("mode", range(len(playout.MODES)))
def test_a_playout_takes_the_last_science_symbol(mode: int) -> None:
    # The Academy's symbol is the 6th; the Arsenal is what military playouts like most.
    for seed in range(20):
        game = _science_game(["arsenal", "academy"], law_on_board=False)
        playout.step(game, 0, mode, random.Random(seed))
        assert game.result() is not None and game.result()["victory"] == "science"


def test_a_pair_wins_when_law_is_the_last_symbol_and_the_playout_takes_law() -> None:
    # The Observatory's symbol pairs the University's: the pair takes a token, and Law's symbol is the 6th.
    game = _science_game(["palace", "observatory"], law_on_board=True)
    assert playout.winning_move(game, 0) == Move(BUILD, playout.CARD_IDS.index("observatory"))
    playout.step(game, 0, 0, random.Random(1))
    assert playout.state_of(game).pending is playout.PROGRESS
    assert playout.winning_move(game, 0) == Move(TOKEN, playout.TOKEN_INDEX["law"])
    playout.step(game, 0, 0, random.Random(1))
    assert game.result() is not None and game.result()["victory"] == "science"
    # Without Law on the board the pair wins nothing.
    assert playout.winning_move(_science_game(["palace", "observatory"], law_on_board=False), 0) is None


def test_strategys_extra_shield_reaches_the_capital() -> None:
    # Seat 1 pushes toward seat 0's capital at -9: the Walls' 2 shields and Strategy's one reach it.
    game = ready(["walls", "library"], age=2, seat=1, coins=40, pawn=-6,
                 cities=({}, {"progress": ["strategy"]}))
    assert playout.winning_move(game, 1) == Move(BUILD, playout.CARD_IDS.index("walls"))
    playout.step(game, 1, 0, random.Random(3))
    assert game.result() is not None and game.result()["victory"] == "military"
    plain = ready(["walls", "library"], age=2, seat=1, coins=40, pawn=-6)
    assert playout.winning_move(plain, 1) is None


def test_a_win_the_seat_cannot_afford_is_no_win() -> None:
    game = ready(["walls", "library"], age=2, seat=1, coins=0, pawn=-7)
    assert playout.winning_move(game, 1) is None


@pytest.mark.parametrize("mode", range(len(playout.MODES)))
def test_a_playout_takes_the_one_card_that_would_win_for_the_opponent(mode: int) -> None:
    game = ready(["arsenal", "academy"], age=3, coins=40, cities=({}, {"cards": FIVE_SYMBOLS}))
    academy = playout.CARD_IDS.index("academy")
    assert playout.threatened_card(playout.state_of(game), 0) == academy
    assert playout.threatened_card(playout.state_of(game), 1) == -1
    for seed in range(20):
        move = playout.playout_move(playout.state_of(game), 0, mode, random.Random(seed))
        assert move.item == academy


def test_two_winning_cards_cannot_both_be_denied() -> None:
    # The Academy and the Study carry the same 6th symbol.
    game = ready(["academy", "study"], age=3, coins=40, cities=({}, {"cards": FIVE_SYMBOLS}))
    assert playout.threatened_card(playout.state_of(game), 0) == -1


def test_the_tree_gives_a_seat_with_a_winning_move_only_that_edge() -> None:
    # Seat 1 holds 5 distinct symbols; the Academy is its 6th. Seat 0 must take the Academy first.
    game = ready(["arsenal", "academy"], age=3, coins=40, cities=({}, {"cards": FIVE_SYMBOLS}))
    academy = playout.CARD_IDS.index("academy")
    search = PlayoutSearchPolicy(knowledge_for("duel"))
    legal = game.legal_actions(0)
    report = search.analyse(game.view(0), legal, seed=3, budget=Budget(iterations=300))
    replies = 0
    for key, index in report.candidates.items():
        node = report.root.children.get(key)
        if node is None or node.keys is None or node.keys[0][0] != 1:
            continue  # not expanded, or seat 0 plays again (a Wonder)
        if legal[index]["card"] != "academy":
            assert node.keys == [(1, Move(BUILD, academy))]
            assert node.mean == 0.0  # every iteration through it lost
            replies += 1
    assert replies
    assert legal[report.choice]["card"] == "academy"


def test_the_features_say_how_near_supremacy_is() -> None:
    names = playout.FEATURES
    game = ready(["arsenal", "academy"], age=3, coins=40, pawn=-7, cities=({}, {"cards": FIVE_SYMBOLS}))
    mine, theirs = (dict(zip(names, playout.features(game, seat), strict=True)) for seat in (0, 1))
    assert (mine["science_last"], theirs["science_last"]) == (0.0, 1.0)
    # The pawn is 2 steps from seat 0's capital: the Arsenal's 3 shields win for seat 1, as the Academy does.
    assert (mine["military_near"], theirs["military_near"]) == (0.0, 1.0)
    assert (mine["winning_cards"], theirs["winning_cards"]) == (0.0, 2.0)
