"""Turn order of a Duel game: draft, structure, end of turn, end of Age, end of game (a mixin)."""

from __future__ import annotations

from typing import Any

from engine.duel.effects import CHOOSE_START, DRAFT, TURN
from engine.duel.readings import LAST_DRAFT_WONDER_AUTOMATIC, TIE_LAST_ACTIVE_BEGINS
from engine.duel.scoring import civilian_result, supremacy_result
from engine.duel.tables import CARD_ID, COVERED_BY, COVERS, FACE_UP, WONDER_ID

# Who picks each of the 8 draft wonders, relative to the first player: A B B A / B A A B.
DRAFT_PICKERS = (0, 1, 1, 0, 1, 0, 0, 1)


class Flow:
    """Sequencing of turns and phases; mutates the game state."""

    ev: list[dict[str, Any]]

    def set_pending(self, seat: int, kind: int, options: list[int] | None) -> None:
        """Wait for ``seat`` to make a decision of ``kind``."""
        self.pend_seat, self.pend_kind, self.pend_opts = seat, kind, options

    # --- draft --------------------------------------------------------------------------------------

    def draft_picker(self) -> int:
        """The seat that picks the next draft wonder."""
        return DRAFT_PICKERS[self.draft_pick] ^ self.first_player

    def open_draft_round(self) -> None:
        """Reveal the 4 wonders of the current draft round."""
        start = 0 if self.draft_pick < 4 else 4
        self.draft_avail = self.draft_order[start:start + 4]
        self.set_pending(self.draft_picker(), DRAFT, list(self.draft_avail))

    def draft(self, seat: int, wonder: int, auto: bool = False) -> None:
        """``seat`` takes ``wonder`` from the revealed ones."""
        self.draft_avail.remove(wonder)
        self.wonders[seat].append([wonder, 0, -1])
        event = {"type": "draft_wonder", "seat": seat, "wonder": WONDER_ID[wonder]}
        if auto:
            event["auto"] = True
        self.ev.append(event)
        self.draft_pick += 1
        if len(self.draft_avail) == 1 and LAST_DRAFT_WONDER_AUTOMATIC:
            self.draft(self.draft_picker(), self.draft_avail[0], True)
            return
        if self.draft_pick == 8:
            self.draft_avail = []
            self.begin_play()
        elif not self.draft_avail:
            self.open_draft_round()
        else:
            self.set_pending(self.draft_picker(), DRAFT, list(self.draft_avail))

    def begin_play(self) -> None:
        """After the draft: lay out Age I; the first player begins."""
        self.phase = "play"
        self.deal(1)
        self.start_age(self.first_player)

    # --- structure ----------------------------------------------------------------------------------

    def deal(self, age: int) -> None:
        """Lay out the structure of ``age`` from its pre-drawn deck."""
        self.age = age
        deck = self.decks[age]
        self.slot_card = list(deck)
        self.card_slot = {c: i for i, c in enumerate(deck)}
        self.taken = [False] * 20
        self.faceup = list(FACE_UP[age])
        self.blockers = [len(cov) for cov in COVERED_BY[age]]
        self.access = [i for i in range(20) if not self.blockers[i]]
        self.left = 20
        self.to_reveal = []

    def take(self, seat: int, slot: int) -> None:
        """Remove the card of ``slot`` from the structure; uncover the cards it covered."""
        self.taken[slot] = True
        self.access.remove(slot)
        self.left -= 1
        self.last_active = seat
        blockers = self.blockers
        for s in COVERS[self.age][slot]:
            blockers[s] -= 1
            if not blockers[s]:
                self.access.append(s)
                if not self.faceup[s]:
                    self.to_reveal.append(s)

    # --- end of turn / age / game ---------------------------------------------------------------------

    def finish_turn(self) -> None:
        """After an action and its choices: reveal, then next turn, replay or end of Age."""
        seat = self.pend_seat
        if self.to_reveal:
            slot_card = self.slot_card
            for s in self.to_reveal:
                self.faceup[s] = True
                self.ev.append({"type": "reveal", "seat": seat, "slot": s, "card": CARD_ID[slot_card[s]]})
            self.to_reveal = []
        if not self.left:
            self.replay = False
            if self.age == 3:
                self.finish(civilian_result(self))
                return
            self.deal(self.age + 1)
            if self.pawn == 0 and TIE_LAST_ACTIVE_BEGINS:
                self.start_age(self.last_active)
            else:
                weaker = 1 if self.pawn > 0 else 0
                self.set_pending(weaker, CHOOSE_START, [0, 1])
        elif self.replay:
            self.replay = False
            self.ev.append({"type": "replay", "seat": seat})
            self.set_pending(seat, TURN, None)
        else:  # the common case, without the set_pending call
            self.pend_seat, self.pend_kind, self.pend_opts = 1 - seat, TURN, None

    def start_age(self, seat: int) -> None:
        """``seat`` begins the current Age."""
        self.ev.append({"type": "age_start", "seat": seat, "age": self.age, "first_player": seat})
        self.set_pending(seat, TURN, None)

    def win(self, seat: int, victory: str) -> None:
        """Military or scientific supremacy: the game ends at once."""
        self.finish(supremacy_result(self, seat, victory))

    def finish(self, result: dict[str, Any]) -> None:
        """End the game with ``result``."""
        self.over = True
        self.phase = "over"
        self.replay = False
        self.outcome = result
        self.set_pending(-1, -1, None)
        self.ev.append({"type": "game_over", "seat": self.last_active, "result": result})
