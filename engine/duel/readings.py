"""Every interpretation marked (?) in the rules digest (duel.md §14/§16) that the code branches on.

Each constant is a real switch: the rules read it as ``readings.NAME`` when they run, and
``tests/engine/duel/test_readings.py`` has a test named after it (flipping the switch where the other
reading is implemented). Readings that are not choices between two behaviours (a science pair with an
empty board gives nothing; the Progress choice is mandatory) are named tests there, not constants.
"""

from __future__ import annotations

# §16.1 / D1: pawn at 0 at the end of an Age -> the last active player BEGINS the next Age (no choice).
# When False (BGA's variant), the last active player chooses who begins.
TIE_LAST_ACTIVE_BEGINS = True

# §16.2: the pawn moves one space at a time, so one move crossing two zones triggers both tokens
# (2 coins first, then 5). When False, only the final space would be checked (early BGA).
TOKENS_CHECKED_EACH_SPACE = True

# §16.4: a card built through the Mausoleum is not a chain build: Urbanism gives no +4.
MAUSOLEUM_COUNTS_AS_CHAIN = False

# §16.5 / D5: Masonry and Architecture waive 2 resource UNITS of any types, two of the same allowed.
DISCOUNT_UNITS = 2

# §2.5: the last Wonder of each draft round is not a choice; it goes to its player automatically.
LAST_DRAFT_WONDER_AUTOMATIC = True
