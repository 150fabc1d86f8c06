"""Views: what one seat (or the public board) may know. See docs/classic.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.classic import compiled as C
from engine.classic.actions import DISCARD, CardOptions, hand_options, olympia_ready
from engine.classic.state import PRICES, State

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


def _vec(units: list[int]) -> dict[str, int]:
    return {C.RESOURCES[r]: u for r, u in enumerate(units) if u}


def _names(mask: int) -> list[str]:
    return [C.RESOURCES[r] for r in range(C.N_RES) if mask >> r & 1]


def city_view(state: State, city: int) -> dict[str, Any]:
    """The public face of one city."""
    bs = state.boards[city]
    board = bs // 2
    hand_count = len(state.hands[city]) if city < state.seats else 0
    return {
        "city": city,
        "seat": city if city < state.seats else None,
        "board": C.BOARD_ID[board],
        "side": C.SIDES[bs % 2],
        "name": C.BOARD_NAME[board],
        "wonder": C.WONDER_NAME[board],
        "left": state.left(city),
        "right": state.right(city),
        "coins": state.coins[city],
        "hand_count": hand_count,
        "cards": [C.CARD_ID[c] for c in state.built[city]],
        "stages_built": state.stages[city],
        "stages_total": C.BS_STAGES[bs],
        "shields": state.shields[city],
        "military": list(state.tokens[city]),
        "science": {**dict(zip(C.SCIENCES, state.science[city], strict=True)), "wild": state.wild[city]},
        "production": _vec(state.prod[city]),
        "choices": [_names(m) for m in state.own_choices[city]],
        "prices": {
            "left": dict(zip(C.RESOURCES, PRICES[state.disc[city][0]], strict=True)),
            "right": dict(zip(C.RESOURCES, PRICES[state.disc[city][1]], strict=True)),
        },
        "olympia_free": olympia_ready(state, city),
    }


def _card_view(o: CardOptions, discard: bool) -> dict[str, Any]:
    return {
        "card": C.CARD_ID[o.card],
        "build": [{"left": a, "right": b, "coins": o.bank, "total": a + b + o.bank} for a, b in o.build],
        "build_reason": o.build_reason,
        "chain": o.chain,
        "wonder": [{"left": a, "right": b, "total": a + b} for a, b in o.wonder],
        "wonder_reason": o.wonder_reason,
        "olympia": o.olympia,
        "discard": 3 if discard else None,
    }


def _my_turn(game: ClassicGame, seat: int) -> dict[str, Any] | None:
    s = game.state
    if s.phase == "turn":
        if s.two and seat == s.controller and s.choices[seat] is not None and s.fc_choice is None:
            hand = list(s.hands[seat])
            hand.remove(s.choices[seat][1][1])
            plans = game.free_city_plans()
            opts = hand_options(s, 2, hand)
            return {"city": 2, "cards": [_card_view(o, any(k[1] == o.card and k[0] == DISCARD for k in plans))
                                          for o in opts]}
        return {"city": seat, "cards": [_card_view(o, True) for o in hand_options(s, seat, s.hands[seat])]}
    if s.phase == "babylon" and s.queue[0][1] == seat:
        opts = hand_options(s, seat, s.hands[seat], late=True)
        return {"city": seat, "cards": [_card_view(o._replace(olympia=False), True) for o in opts]}
    return None


def make_view(game: ClassicGame, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: public): own hand and choices only, see docs/classic.md."""
    s = game.state
    to_act = game.to_act()
    pending = None
    if s.phase in ("halicarnassus", "babylon", "copy_guild"):
        city = s.queue[0][1]
        pending = {"seat": s.seat_of(city), "kind": s.phase, "city": city}
    chosen = [False] * s.seats
    if s.phase == "turn":
        waiting = game.waiting()
        chosen = [q not in waiting for q in range(s.seats)]
    view: dict[str, Any] = {
        "game": "classic",
        "kind": "classic",
        "seat": seat,
        "variant": "two_player" if s.two else "standard",
        "phase": s.phase,
        "age": s.age,
        "turn": s.turn,
        "direction": "swap" if s.two else ("right" if s.age == 2 else "left"),
        "to_act": to_act,
        "waiting": game.waiting(),
        "chosen": chosen,
        "pending": pending,
        "free_city": {"city": 2, "controller": s.controller, "pile": len(s.pile)} if s.two else None,
        "discard_count": len(s.discard),
        "discard": None,
        "cities": [city_view(s, c) for c in range(s.n)],
        "hand": None,
        "my_choice": None,
        "my_free_city_choice": None,
        "my_turn": None,
        "result": s.result,
    }
    if seat is None or not 0 <= seat < s.seats:
        return view
    view["hand"] = [C.CARD_ID[c] for c in s.hands[seat]]
    if s.phase == "turn":
        if s.choices[seat] is not None:
            view["my_choice"] = dict(s.choices[seat][0])
        if s.two and seat == s.controller and s.fc_choice is not None:
            view["my_free_city_choice"] = dict(s.fc_choice[0])
    if pending is not None and pending["seat"] == seat and s.phase == "halicarnassus":
        view["discard"] = [C.CARD_ID[c] for c in s.discard]
    if seat in to_act:
        view["my_turn"] = _my_turn(game, seat)
    return view
