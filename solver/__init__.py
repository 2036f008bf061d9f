"""manacheck.solver: questions about a game state turned into constraint problems and
graphs. Depends on manacheck.model, never the reverse.

"Not decided" can't be lost
---------------------------
Every answer is yes, no, or *not decided* (an effect the question doesn't apply could
change it, a source the payment solver can't model might pay it, or a search budget
was spent). The helpers say it the way a Python caller would expect:

* answers that carry their own meaning hold it in a field: ``payment_answer(...)
  .payable`` and ``Verdict.legal`` (``can_activate``, ``abilities``) are True, False or
  None (not decided, with ``undecided`` / ``undecided_because`` saying why);
  ``explain_could_produce(...).decided``; ``could_produce_all(...).undecided``;
* helpers that return a plain bool, int or list raise :class:`NotDecided` instead of
  returning one: ``is_payable``, ``count_payments`` (also when the count is only a
  lower bound or stopped at its budget: ``at_least`` / ``at_most``),
  ``unpayable_reasons``, ``bool(verdict)``, ``could_produce``, and ``payments`` (at once
  for an effect it doesn't apply; its ``bool()`` and ``count()`` where sources left out
  could change them).

:class:`NotDecided` carries the effects not applied (``undecided``), the sources left
out (``left_out``), the budget spent (``stopped``), the solver's ``reasons`` and
proven bounds. It is a ``ManacheckError`` but never a ``BadInput``: a spent budget is
not bad input, and the CLI answers "not decided" with exit status 1 (2 is for bad
input only). Every search budget's exception is a subclass of it.

Note: ``manacheck.solver.payments`` is the payment subpackage (its attribute shadows
the re-exported function once it is imported): import the function as
``from manacheck.solver.payments import payments``.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .activation import abilities, can_activate
    from .notdecided import NotDecided
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
    "NotDecided": "notdecided",
    "Outcome": "resolution", "outcomes": "resolution", "resolve": "resolution",
}


def __getattr__(name: str) -> Any:
    import importlib

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__: list[str] = [
    "NotDecided",
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
