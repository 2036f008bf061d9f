"""What mana an ability would add, and what mana a permanent could produce (CR 106.7).

This package is the contract between the payment solver and the could-produce solver:

* :func:`activation_outcomes` — every mana event one activation of a mana ability could
  add right now, each as a sorted tuple of mana types (a multiset), after replacement
  effects in any order the player may choose (CR 616.1); optionally with the mana of
  the triggered mana abilities it sets off (CR 106.12a, 605.1b). The payment solver
  reads only this.
* :func:`could_produce` / :func:`could_produce_all` / :func:`explain_could_produce` —
  CR 106.7: the least fixed point over the "could produce" references (Reflecting
  Pool, Exotic Orchard, ...), costs ignored, replacement effects in any order, with
  the derivation of every type. :func:`could_produce` raises, and
  :func:`could_produce_all` lists in ``undecided``, an answer that is not decided
  (``decided``), as the CLI says "not decided".

Rooms: ``events`` (what one activation adds before replacement), ``could`` (the CR
106.7 fixed point, ``produced_types``: the solver's sets, for the solvers' own use),
``explain`` (derivations), ``decided`` (the public answers), ``activation`` (what an activation adds
now, with triggered mana).

Rules
-----
CR 106.7: "could produce" ignores costs and takes replacement effects into account in
any possible order.
CR 106.5: an ability that would produce an undefined type produces nothing.
CR 106.12a, 605.1b: triggered mana abilities add mana, but are not what a land "could
produce" (Wild Growth's ruling).
CR 605.1a: mana abilities.
CR 616.1, 616.1f, 614.5: replacement effects in the affected player's order, re-checked
after each, at most once each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .activation import (
    activation_amounts,
    activation_outcomes,
    mana_triggers,
    trigger_options,
    with_triggered,
)
from .could import (
    base_supports,
    incomplete_answers,
    mana_abilities,
    produced_types,
    produced_types_all,
    producing_abilities,
    type_only,
)
from .events import (
    COUNTER_KINDS,
    MAX_EVENTS,
    THIS_TURN,
    ManaEvent,
    UnmodelledMana,
    amount_families,
    base_outcomes,
    count_per,
    sacrifice_candidates,
    this_turn_unknown,
    unmodelled_now,
)

if TYPE_CHECKING:
    from .decided import ProduceAll, ProduceNotDecided, could_produce, could_produce_all
    from .explain import (
        INCOMPLETE_NOTE,
        CouldProduce,
        TypeDerivation,
        explain_could_produce,
    )

#: The public answers, imported on first use (PEP 562): the payment solver reads only
#: ``activation``, ``could`` and ``events``, and ``manacheck pay`` needn't load the rest.
_HOMES = {"ProduceAll": "decided", "ProduceNotDecided": "decided",
          "could_produce": "decided", "could_produce_all": "decided",
          "INCOMPLETE_NOTE": "explain", "CouldProduce": "explain",
          "TypeDerivation": "explain", "explain_could_produce": "explain"}


def __getattr__(name: str) -> Any:
    import importlib

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "COUNTER_KINDS",
    "INCOMPLETE_NOTE",
    "MAX_EVENTS",
    "THIS_TURN",
    "CouldProduce",
    "ManaEvent",
    "ProduceAll",
    "ProduceNotDecided",
    "TypeDerivation",
    "UnmodelledMana",
    "activation_amounts",
    "activation_outcomes",
    "amount_families",
    "base_outcomes",
    "base_supports",
    "could_produce",
    "could_produce_all",
    "count_per",
    "explain_could_produce",
    "incomplete_answers",
    "mana_abilities",
    "mana_triggers",
    "produced_types",
    "produced_types_all",
    "producing_abilities",
    "sacrifice_candidates",
    "this_turn_unknown",
    "trigger_options",
    "type_only",
    "unmodelled_now",
    "with_triggered",
]
