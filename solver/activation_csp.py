"""The activation solver's view of a constraint problem, built on :mod:`.csp`.

A thin layer over :class:`manacheck.solver.csp.CSP` (the project's one adapter to
python-constraint): domains as a mapping, constraints as (predicate, names) pairs,
and the two edge cases the activation solver meets handled here (no variables: one
empty solution; an empty domain: none).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence

from .csp import CSP

__all__ = ["Constraint", "iter_solutions"]

#: A constraint: a predicate and the names of the variables it reads, in order.
Constraint = tuple[Callable[..., bool], tuple[str, ...]]


def iter_solutions(
    domains: Mapping[str, Sequence[Hashable]],
    constraints: Sequence[Constraint] = (),
) -> Iterator[dict[str, Hashable]]:
    """Every assignment of ``domains`` that satisfies all ``constraints``, lazily.

    Parameters
    ----------
    domains : mapping of variable name to its possible values (hashable)
    constraints : sequence of (predicate, variable names)

    Yields
    ------
    dict
        One solution: a value for every variable. With no variables, one empty
        solution; with an empty domain, none.
    """
    if any(len(d) == 0 for d in domains.values()):
        return
    if not domains:
        if all(fn() for fn, names in constraints if not names):
            yield {}
        return
    problem = CSP()
    for name, dom in domains.items():
        problem.add_variable(name, dom)
    for fn, names in constraints:
        problem.add_predicate(list(names), fn)
    for sol in problem.solutions():
        yield {str(k): v for k, v in sol.items()}
