"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse."""

from .resolution import Outcome, outcomes, resolve

__all__: list[str] = ["Outcome", "outcomes", "resolve"]
