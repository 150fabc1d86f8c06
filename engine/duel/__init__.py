"""7 Wonders Duel rules engine (see docs/duel.md for the contract)."""
