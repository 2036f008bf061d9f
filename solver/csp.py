"""The one adapter between manacheck and python-constraint's camelCase API.

Every solver that needs a finite-domain constraint problem builds it here with
snake_case calls and reads solutions back lazily; nothing else imports ``constraint``.

Examples
--------
>>> p = CSP()
>>> p.add_variable("a", range(3))
>>> p.add_variable("b", range(3))
>>> p.add_exact_sum(["a", "b"], 2)
>>> p.add_predicate(["a", "b"], lambda a, b: a <= b)
>>> sorted((s["a"], s["b"]) for s in p.solutions())
[(0, 2), (1, 1)]
>>> p.count()
2

Notes
-----
Solutions are produced by python-constraint's ``OptimizedBacktrackingSolver``
(backtracking with forward checking) through ``getSolutionIter``: they stream, so
memory stays flat however many there are. Predicates added with
:meth:`CSP.add_predicate` are only called once every variable they name is assigned;
:meth:`CSP.add_partial_predicate` is also called on partial assignments, with the
unassigned variables given as :data:`UNASSIGNED`, and must then answer "could this
still be satisfied?".

Rules
-----
None: this module knows nothing about Magic.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    #: What a partial predicate receives for a variable that has no value yet.
    UNASSIGNED: Any

__all__ = ["CSP", "UNASSIGNED", "Solution"]


def _lib() -> ModuleType:
    """python-constraint, imported on first use: importing it loads
    ``concurrent.futures`` and ``multiprocessing`` (its parallel solver), which a
    command that builds no constraint problem shouldn't pay for at start-up."""
    return importlib.import_module("constraint")


def __getattr__(name: str) -> Any:
    """``UNASSIGNED``: what a partial predicate receives for a variable that has no
    value yet (python-constraint's ``Unassigned``, looked up when first asked for)."""
    if name == "UNASSIGNED":
        return _lib().Unassigned
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: One solution: variable -> value.
Solution = Mapping[Hashable, Any]


class CSP:
    """A finite-domain constraint satisfaction problem.

    Variables are any hashable names; domains are finite iterables of hashable values.
    Build it with the ``add_*`` methods, then read :meth:`solutions` (lazy),
    :meth:`first` or :meth:`count`.
    """

    def __init__(self) -> None:
        lib = _lib()
        self._problem = lib.Problem(lib.OptimizedBacktrackingSolver())
        self._variables: list[Hashable] = []

    # -- building -----------------------------------------------------------------
    def add_variable(self, name: Hashable, domain: Iterable[Hashable]) -> None:
        """Add a variable with a finite, non-empty domain."""
        values = list(domain)
        if not values:
            raise ValueError(f"variable {name!r} has an empty domain")
        self._problem.addVariable(name, values)
        self._variables.append(name)


    @property
    def variables(self) -> tuple[Hashable, ...]:
        return tuple(self._variables)

    def add_max_sum(self, names: Sequence[Hashable], bound: int,
                    weights: Sequence[int] | None = None) -> None:
        """``sum(weight * value) <= bound`` over ``names`` (non-negative values)."""
        if names:
            self._problem.addConstraint(
                _lib().MaxSumConstraint(bound, list(weights) if weights else None),
                list(names))

    def add_min_sum(self, names: Sequence[Hashable], bound: int,
                    weights: Sequence[int] | None = None) -> None:
        """``sum(weight * value) >= bound`` over ``names``."""
        if names:
            self._problem.addConstraint(
                _lib().MinSumConstraint(bound, list(weights) if weights else None),
                list(names))

    def add_exact_sum(self, names: Sequence[Hashable], total: int,
                      weights: Sequence[int] | None = None) -> None:
        """``sum(weight * value) == total`` over ``names``."""
        if names:
            self._problem.addConstraint(
                _lib().ExactSumConstraint(total, list(weights) if weights else None),
                list(names))

    def add_predicate(self, names: Sequence[Hashable], func: Callable[..., bool]) -> None:
        """``func(*values)`` must be true once all of ``names`` are assigned."""
        if names:
            self._problem.addConstraint(_lib().FunctionConstraint(func, True), list(names))

    def add_partial_predicate(self, names: Sequence[Hashable],
                              func: Callable[..., bool]) -> None:
        """Like :meth:`add_predicate`, but also asked on partial assignments.

        ``func`` gets :data:`UNASSIGNED` for unassigned variables and returns False
        only when no completion can satisfy it (this is what prunes the search).
        """
        if names:
            self._problem.addConstraint(_lib().FunctionConstraint(func, False), list(names))

    # -- solving ------------------------------------------------------------------
    def solutions(self) -> Iterator[dict[Hashable, Any]]:
        """Every solution, lazily (python-constraint ``getSolutionIter``)."""
        if not self._variables:
            return iter(())
        try:
            it: Iterator[dict[Hashable, Any]] = self._problem.getSolutionIter()
        except ValueError as e:
            # python-constraint's sum constraints prune domains while preprocessing and
            # fail on min()/max() of an emptied domain: that means "no solution".
            if "empty" in str(e):
                return iter(())
            raise
        return it

    def first(self) -> dict[Hashable, Any] | None:
        """One solution, or None if there is none (stops at the first)."""
        return next(self.solutions(), None)

    def count(self, limit: int | None = None) -> int:
        """How many solutions (at most ``limit`` if given), streaming."""
        n = 0
        for _ in self.solutions():
            n += 1
            if limit is not None and n >= limit:
                break
        return n
