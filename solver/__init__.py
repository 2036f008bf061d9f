"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .activation import abilities, can_activate
    from .payments import count_payments, is_payable, payments, unpayable_reasons
    from .produce import (
        activation_outcomes,
        could_produce,
        could_produce_all,
        explain_could_produce,
    )
    from .resolution import Outcome, outcomes, resolve

#: Each re-exported name -> the subpackage it lives in, imported on first use (PEP 562),
#: so that ``manacheck.solver.payments`` doesn't import the other solvers too.
_HOMES = {
    "abilities": "activation", "can_activate": "activation",
    "count_payments": "payments", "is_payable": "payments", "payments": "payments",
    "unpayable_reasons": "payments",
    "activation_outcomes": "produce", "could_produce": "produce",
    "could_produce_all": "produce", "explain_could_produce": "produce",
    "Outcome": "resolution", "outcomes": "resolution", "resolve": "resolution",
}


def __getattr__(name: str) -> Any:
    import importlib

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


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
