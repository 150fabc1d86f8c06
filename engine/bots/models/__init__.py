"""The learned evaluations' weights, one JSON file per game kind (see :mod:`engine.bots.evaluation`)."""
