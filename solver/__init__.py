"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse."""

from .activation import abilities, can_activate
from .payments import count_payments, is_payable, payments, unpayable_reasons
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
    "count_payments",
    "explain_could_produce",
    "is_payable",
    "outcomes",
    "payments",
    "resolve",
    "unpayable_reasons",
]
