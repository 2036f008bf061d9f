"""Snake_case adapter over python-constraint for the activation solver.

``solver/csp.py`` (the project's adapter) did not exist when the activation solver was
written; this module is the only place in the activation code that touches
python-constraint's camelCase API. It can be folded into ``csp.py`` later.

Notes
-----
python-constraint's backtracking solver with forward checking enumerates every
assignment of the variables that satisfies all constraints; unary constraints prune
domains before the search.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence

import constraint

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
    problem = constraint.Problem()
    for name, dom in domains.items():
        problem.addVariable(name, list(dom))
    for fn, names in constraints:
        problem.addConstraint(constraint.FunctionConstraint(fn), list(names))
    for sol in problem.getSolutionIter():
        yield dict(sol)
