"""Turn order of a Duel game: the draft, the structures, the end of a turn, of an Age and of the game."""

from __future__ import annotations

from typing import Any

from engine.duel import readings
from engine.duel.material import CARD_IDS, SLOT_COUNT, STRUCTURES, WONDER_IDS
from engine.duel.scoring import civilian_result, supremacy_result
from engine.duel.state import CHOOSE_START, DRAFT_WONDER, TURN, DuelState, OwnedWonder, Pending, Structure

Events = list[dict[str, Any]]

# Who picks each of the 8 draft wonders, relative to the first player: A B B A / B A A B.
DRAFT_PICKERS = (0, 1, 1, 0, 1, 0, 0, 1)


def set_pending(state: DuelState, seat: int, kind: Pending | None, options: tuple[int, ...] = ()) -> None:
    """Wait for ``seat`` to make a decision of ``kind`` among ``options``."""
    state.pending_seat, state.pending, state.pending_options = seat, kind, options


# --- draft ------------------------------------------------------------------------------------------


def draft_picker(state: DuelState) -> int:
    """The seat that picks the next draft wonder."""
    return DRAFT_PICKERS[state.draft_picks] ^ state.first_player


def open_draft_round(state: DuelState) -> None:
    """Reveal the 4 wonders of the current draft round."""
    start = 0 if state.draft_picks < 4 else 4
    state.draft_offer = list(state.setup.wonders[start:start + 4])
    set_pending(state, draft_picker(state), DRAFT_WONDER, tuple(state.draft_offer))


def draft(state: DuelState, seat: int, wonder: int, events: Events, auto: bool = False) -> None:
    """``seat`` takes ``wonder`` from the revealed ones."""
    state.draft_offer.remove(wonder)
    state.cities[seat].wonders.append(OwnedWonder(wonder))
    event: dict[str, Any] = {"type": "draft_wonder", "seat": seat, "wonder": WONDER_IDS[wonder]}
    if auto:
        event["auto"] = True
    events.append(event)
    state.draft_picks += 1
    if len(state.draft_offer) == 1 and readings.LAST_DRAFT_WONDER_AUTOMATIC:
        draft(state, draft_picker(state), state.draft_offer[0], events, True)
        return
    if state.draft_picks == 8:
        state.draft_offer = []
        begin_play(state, events)
    elif not state.draft_offer:
        open_draft_round(state)
    else:
        set_pending(state, draft_picker(state), DRAFT_WONDER, tuple(state.draft_offer))


def begin_play(state: DuelState, events: Events) -> None:
    """After the draft: lay out Age I; the first player begins."""
    state.phase = "play"
    deal(state, 1)
    start_age(state, state.first_player, events)


# --- structure --------------------------------------------------------------------------------------


def deal(state: DuelState, age: int) -> None:
    """Lay out the structure of ``age`` from its pre-drawn deck."""
    state.age = age
    deck = state.setup.decks[age]
    layout = STRUCTURES[age]
    covering = [len(on_top) for on_top in layout.covered_by]
    state.structure = Structure(
        layout=layout, cards=deck, slot_of={c: i for i, c in enumerate(deck)}, taken=[False] * SLOT_COUNT,
        face_up=list(layout.face_up), covering=covering,
        accessible=[i for i in range(SLOT_COUNT) if not covering[i]], left=SLOT_COUNT, to_reveal=[])


def take(state: DuelState, seat: int, slot: int) -> None:
    """Remove the card of ``slot`` from the structure; free the cards it covered."""
    structure = state.structure
    structure.taken[slot] = True
    structure.accessible.remove(slot)
    structure.left -= 1
    state.last_active = seat
    covering = structure.covering
    for below in structure.layout.covers[slot]:
        covering[below] -= 1
        if not covering[below]:
            structure.accessible.append(below)
            if not structure.face_up[below]:
                structure.to_reveal.append(below)


# --- end of turn / age / game -------------------------------------------------------------------------


def finish_turn(state: DuelState, events: Events) -> None:
    """After an action and its choices: reveal, then the next turn, a replay or the end of the Age."""
    seat = state.pending_seat
    structure = state.structure
    if structure.to_reveal:
        for slot in structure.to_reveal:
            structure.face_up[slot] = True
            card = CARD_IDS[structure.cards[slot]]
            events.append({"type": "reveal", "seat": seat, "slot": slot, "card": card})
        structure.to_reveal = []
    if not structure.left:
        state.play_again = False
        if state.age == 3:
            finish(state, civilian_result(state), events)
            return
        deal(state, state.age + 1)
        if state.pawn == 0:
            if readings.TIE_LAST_ACTIVE_BEGINS:
                start_age(state, state.last_active, events)
            else:
                set_pending(state, state.last_active, CHOOSE_START, (0, 1))
        else:
            weaker = 1 if state.pawn > 0 else 0
            set_pending(state, weaker, CHOOSE_START, (0, 1))
    elif state.play_again:
        state.play_again = False
        events.append({"type": "replay", "seat": seat})
        set_pending(state, seat, TURN)
    else:
        state.pending_seat, state.pending, state.pending_options = 1 - seat, TURN, ()


def start_age(state: DuelState, seat: int, events: Events) -> None:
    """``seat`` begins the current Age."""
    events.append({"type": "age_start", "seat": seat, "age": state.age, "first_player": seat})
    set_pending(state, seat, TURN)


def win(state: DuelState, seat: int, victory: str, events: Events) -> None:
    """Military or scientific supremacy: the game ends at once."""
    finish(state, supremacy_result(state, seat, victory), events)


def finish(state: DuelState, result: dict[str, Any], events: Events) -> None:
    """End the game with ``result``."""
    state.phase = "over"
    state.play_again = False
    state.result = result
    set_pending(state, -1, None)
    events.append({"type": "game_over", "seat": state.last_active, "result": result})
