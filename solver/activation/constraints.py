"""The activation solver's view of a constraint problem, built on :mod:`manacheck.solver.csp`.

A thin layer over :class:`manacheck.solver.csp.CSP` (the project's one adapter to
python-constraint): domains as a mapping, constraints as (predicate, names) pairs,
and the two edge cases the activation solver meets handled here (no variables: one
empty solution; an empty domain: none). Variables that no constraint mentions are
enumerated as a plain product with the constrained ones' solutions (python-constraint
would do the same work with more overhead).

Rules
-----
None decided here: the variables and constraints come from :mod:`.problem`
(CR 601.2c–h: targets, costs, X); this module only enumerates what satisfies them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence

from ..csp import CSP

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
    # Variables that no constraint mentions are independent of everything else: their
    # values are a plain product with the solutions of the constrained ones.
    tied = {n for _, names in constraints for n in names}
    free = [n for n in domains if n not in tied]
    free_values = [list(domains[n]) for n in free]
    if tied:
        problem = CSP()
        for name in (n for n in domains if n in tied):
            problem.add_variable(name, domains[name])
        for fn, names in constraints:
            problem.add_predicate(list(names), fn)
        constrained: Iterator[dict[str, Hashable]] = (
            {str(k): v for k, v in sol.items()} for sol in problem.solutions())
    else:
        constrained = iter([{}])
    for sol in constrained:
        for values in itertools.product(*free_values):
            out = dict(sol)
            out.update(zip(free, values, strict=True))
            yield out
