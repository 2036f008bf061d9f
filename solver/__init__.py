"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse."""

__all__: list[str] = []
