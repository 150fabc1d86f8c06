"""7 Wonders (1st edition, 3-7 players, and the official 2-player variant): kind ``"classic"``."""
