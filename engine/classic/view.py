"""Views: what one seat (or the public board) may know. See docs/classic.md."""

from __future__ import annotations

from typing import Any, Protocol

from engine.classic import compiled as C
from engine.classic.actions import DISCARD_COINS, CardOptions, Legal, hand_options, olympia_ready, rebates
from engine.classic.pricing import PRICES, Coins, Seller
from engine.classic.resolve import debt_deciders, opponents, seen_hands
from engine.classic.state import (
    BABYLON,
    DEBT,
    DISCARD,
    HALICARNASSUS,
    HIDDEN_KINDS,
    PENDING_PHASES,
    TURN,
    Play,
    State,
)


class ViewedGame(Protocol):
    """What a view reads of a game: engine.classic.game.ClassicGame, which this module does not import."""

    @property
    def state(self) -> State: ...

    def to_act(self) -> list[int]: ...

    def waiting(self) -> list[int]: ...

    def free_city_hand(self) -> list[int]: ...

    def free_city_legal(self) -> Legal: ...


def _units(units: list[int]) -> dict[str, int]:
    return {C.RESOURCES[r]: u for r, u in enumerate(units) if u}


def _names(mask: int) -> list[str]:
    return [C.RESOURCES[r] for r in range(C.N_RES) if mask >> r & 1]


def city_view(state: State, city: int) -> dict[str, Any]:
    """The public face of one city."""
    board_side = state.boards[city]
    board = board_side // 2
    return {
        "city": city,
        "seat": city if city < state.seats else None,
        "board": C.BOARD_ID[board],
        "side": C.SIDES[board_side % 2],
        "name": C.BOARD_NAME[board],
        "wonder": C.WONDER_NAME[board],
        "left": state.left(city),
        "right": state.right(city),
        "coins": state.coins[city],
        "hand_count": len(state.hands[city]) if city < state.seats else 0,
        "cards": [C.CARD_ID[c] for c in state.built[city]],
        "stages_built": state.stages[city],
        "stages_total": C.BS_STAGES[board_side],
        "shields": state.shields[city],
        "military": list(state.tokens[city]),
        "science": {**dict(zip(C.SCIENCES, state.science[city], strict=True)), "wild": state.wild[city]},
        "production": _units(state.production[city]),
        "choices": [_names(m) for m in state.own_choices[city]],
        "prices": {
            "left": dict(zip(C.RESOURCES, PRICES[state.cheap[city][0]], strict=True)),
            "right": dict(zip(C.RESOURCES, PRICES[state.cheap[city][1]], strict=True)),
        },
        "olympia_free": olympia_ready(state, city),
    } | (_cities_city_view(state, city) if state.cities else {})


def _cities_city_view(state: State, city: int) -> dict[str, Any]:
    """Cities' public parts of a city: debt and diplomacy tokens, spies, its team, its prices with the
    Smuggler's Cache rebate, its one-of productions with Secret Warehouse and Black Market."""
    rebate = rebates(state, city)
    return {
        "debt": state.debt[city],
        "diplomacy": state.diplomacy[city],
        "skips_conflicts": bool(state.diplomacy[city]) and not state.teams,
        "spies": state.spies[city],
        "team": state.team_of(city),
        "choices": [_names(m) for m in state.own_choices_now(city)],
        "prices": {
            side: {res: Seller((), (), state.cheap[city][k], rebate[k]).price(r)
                   for r, res in enumerate(C.RESOURCES)}
            for k, side in enumerate(("left", "right"))
        },
    }


def _offers(payments: tuple[Coins, ...], bank: int | None) -> list[dict[str, Any]]:
    """Payments as the phone shows them: cheapest first, each marked ``dominated`` when another one
    costs no more to either neighbour (the phone lists those under "other ways to pay")."""
    out = []
    for pay in payments:
        dominated = any(o != pay and o.left <= pay.left and o.right <= pay.right for o in payments)
        offer: dict[str, Any] = {"left": pay.left, "right": pay.right}
        if bank is not None:
            offer["coins"] = bank
        offer["total"] = pay.left + pay.right + (bank or 0)
        offer["dominated"] = dominated
        out.append(offer)
    return out


CHAIN_FIRST = "the Free City must build this card through its chain"


def _card_view(o: CardOptions, discard: bool) -> dict[str, Any]:
    if o.wonder_bank:
        return {**_base_card_view(o, discard), "wonder_coins": o.wonder_bank}
    return _base_card_view(o, discard)


def _base_card_view(o: CardOptions, discard: bool) -> dict[str, Any]:
    return {
        "card": C.CARD_ID[o.card],
        "build": _offers(o.build, o.bank),
        "build_reason": o.build_reason,
        "chain": o.chain,
        "wonder": _offers(o.wonder, None),
        "wonder_reason": o.wonder_reason,
        "olympia": o.olympia,
        "discard": DISCARD_COINS if discard else None,
    }


def _my_turn(game: ViewedGame, seat: int) -> dict[str, Any] | None:
    s = game.state
    if s.phase == TURN:
        if s.two and seat == s.controller and s.choices[seat] is not None and s.free_city_choice is None:
            legal = game.free_city_legal()
            options = hand_options(s, 2, game.free_city_hand())
            discards = {k.card for k in legal if k.kind == DISCARD}
            # a card the Free City can chain must be built (no stage with it), as its legal actions say
            chained = [o._replace(wonder=(), wonder_reason=CHAIN_FIRST) if o.chain else o for o in options]
            return {"city": 2, "cards": [_card_view(o, o.card in discards) for o in chained]}
        return {"city": seat, "cards": [_card_view(o, True) for o in hand_options(s, seat, s.hands[seat])]}
    if s.phase == BABYLON and s.queue[0].city == seat:
        options = hand_options(s, seat, s.hands[seat], late=True)
        return {"city": seat, "cards": [_card_view(o._replace(olympia=False), True) for o in options]}
    return None


def play_view(play: Play, seat: int | None) -> dict[str, Any]:
    """A revealed play as ``seat`` knows it (the card of a stage or a discard: only its player's)."""
    action = dict(play.action)
    if play.kind in HIDDEN_KINDS and play.seat != seat:
        action["card"] = None
    return {"age": play.age, "turn": play.turn, "step": play.step, "seat": play.seat, "city": play.city,
            **action}


def _seen(s: State, seat: int) -> list[dict[str, Any]]:
    """The hands ``seat`` held at the start of each turn (and the Free City card drawn)."""
    return [{"age": m.age, "turn": m.turn, "hand": [C.CARD_ID[c] for c in m.hand],
             "drawn": C.CARD_ID[m.drawn] if m.drawn >= 0 else None} for m in seen_hands(s, seat)]


def make_view(game: ViewedGame, seat: int | None, memory: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (``None``: public): own hand, choices and memory only, see docs/classic.md.
    Without ``memory`` the past turns (``history``, ``seen``, ``teammate_seen``) are None: a cheaper view
    for a caller that decides from the present only."""
    s = game.state
    to_act = game.to_act()
    waiting = game.waiting()
    pending: dict[str, Any] | None = None
    if s.phase in PENDING_PHASES:
        city = s.queue[0].city
        pending = {"seat": s.seat_of(city), "kind": s.phase, "city": city}
    chosen = [False] * s.seats
    if s.phase == TURN:
        chosen = [q not in waiting for q in range(s.seats)]
    if s.phase == DEBT:
        deciders = debt_deciders(s)
        pending = {"seat": None, "kind": DEBT, "city": None, "seats": deciders, "due": list(s.debt_due)}
        chosen = [q in deciders and q not in waiting for q in range(s.seats)]
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
        "waiting": waiting,
        "chosen": chosen,
        "pending": pending,
        "free_city": {"city": 2, "controller": s.controller, "pile": len(s.pile)} if s.two else None,
        "discard_count": len(s.discard),
        "discard": None,
        "cities": [city_view(s, c) for c in range(s.n)],
        "history": [play_view(p, seat) for p in s.history] if memory else None,
        "hand": None,
        "seen": None,
        "my_choice": None,
        "my_free_city_choice": None,
        "my_turn": None,
        "result": s.result,
    }
    if s.cities:
        view["cities_expansion"] = True
        view["teams"] = [list(team) for team in s.teams] or None
        view["conflicts"] = [[{"against": nb, "times": times} for nb, times in against]
                             for against in opponents(s)]
        view["my_debt"] = None
        view["teammate"] = None
        view["teammate_hand"] = None
        view["teammate_seen"] = None
    if seat is None or not 0 <= seat < s.seats:
        return view
    view["hand"] = [C.CARD_ID[c] for c in s.hands[seat]]
    view["seen"] = _seen(s, seat) if memory else None
    if s.cities:
        if s.phase == DEBT and s.debt_due[seat]:
            view["my_debt"] = {"due": s.debt_due[seat], "most": min(s.debt_due[seat], s.coins[seat]),
                               "choice": s.debt_choices[seat]}
        mate = s.teammate(seat)
        if mate is not None:
            view["teammate"] = mate
            view["teammate_hand"] = [C.CARD_ID[c] for c in s.hands[mate]]
            view["teammate_seen"] = _seen(s, mate) if memory else None
    if s.phase == TURN:
        own = s.choices[seat]
        if own is not None:
            view["my_choice"] = dict(own.action)
        if s.two and seat == s.controller and s.free_city_choice is not None:
            view["my_free_city_choice"] = dict(s.free_city_choice.action)
    if pending is not None and pending["seat"] == seat and s.phase == HALICARNASSUS:
        view["discard"] = [C.CARD_ID[c] for c in sorted(s.discard)]  # not in pile order (secret)
    if seat in to_act:
        view["my_turn"] = _my_turn(game, seat)
    return view

