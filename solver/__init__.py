"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse."""

from .activation import abilities, can_activate
from .produce import (
    activation_outcomes,
    could_produce,
    could_produce_all,
    explain_could_produce,
)
from .resolution import Outcome, outcomes, resolve

__all__: list[str] = [
    "Outcome",
    "abilities",
    "activation_outcomes",
    "can_activate",
    "could_produce",
    "could_produce_all",
    "explain_could_produce",
    "outcomes",
    "resolve",
]
