"""Every interpretation marked (?) in the rules digest (duel.md §14/§16), each in one named place.

The engine code branches on these constants; the tests in ``tests/engine/duel/test_readings.py``
name each one.
"""

from __future__ import annotations

# §16.1 / D1: pawn at 0 at the end of an Age -> the last active player BEGINS the next Age (no choice).
TIE_LAST_ACTIVE_BEGINS = True

# §16.2: the pawn moves one space at a time, so one move crossing two zones triggers both tokens
# (2 coins first, then 5). When False, only the final space would be checked (early BGA).
TOKENS_CHECKED_EACH_SPACE = True

# §16.3 / §14.7: a science pair with no Progress token left on the board gives nothing.
PAIR_WITHOUT_TOKEN_GIVES_NOTHING = True

# §14.7: taking a Progress token never hurts, so the choice is mandatory when tokens exist (no "pass").
PROGRESS_CHOICE_MANDATORY = True

# §16.4: a card built through the Mausoleum is not a chain build: Urbanism gives no +4.
MAUSOLEUM_COUNTS_AS_CHAIN = False

# §16.5 / D5: Masonry and Architecture waive 2 resource UNITS of any types, two of the same allowed.
DISCOUNT_UNITS = 2

# §2.5: the last Wonder of each draft round is not a choice; it goes to its player automatically.
LAST_DRAFT_WONDER_AUTOMATIC = True
