"""The limits of the resolution solver, each said when it is hit.

A run that hits ``MAX_STEPS`` stops with ``Outcome.stopped`` saying so (a loop?);
an effect that would create more than ``MAX_TOKENS`` tokens is refused with
:class:`~manacheck.solver.resolution.core.Unsupported`; :func:`outcomes
<manacheck.solver.resolution.outcomes>` explores at most ``MAX_OUTCOMES`` runs by
default and marks the last outcome ``stopped`` when more were needed. A limit never
changes an answer silently. Code reads ``MAX_STEPS`` and ``MAX_TOKENS`` as
``limits.NAME`` at call time, so a caller (or a test) can change one for a run.

Rules
-----
CR 608.1, 704.3: ``MAX_STEPS`` counts stack resolutions and rounds of state-based
actions. CR 111.1: ``MAX_TOKENS`` bounds the tokens one effect creates. CR 603.3b,
601.2c, 603.5, 701.21a, 704.5j: ``MAX_OUTCOMES`` bounds the combinations of these
choices that are tried.
"""

from __future__ import annotations

__all__ = ["MAX_COUNTERS", "MAX_OUTCOMES", "MAX_STEPS", "MAX_TOKENS", "CountLimit"]

#: Limit on stack resolutions and state-based-action rounds in one run.
MAX_STEPS = 2000
#: Limit on tokens one effect creates.
MAX_TOKENS = 1000
#: Default limit on the number of runs :func:`outcomes` explores.
MAX_OUTCOMES = 500
#: The most counters of one kind on one permanent a run may make: the most a state file
#: may hold, so that every outcome's state loads back (``model.statefile.MAX_NUMBER``).
MAX_COUNTERS = 1_000_000


class CountLimit(Exception):
    """A run would put more than :data:`MAX_COUNTERS` counters of a kind on a permanent:
    it stops there (``Outcome.stopped``), as for ``MAX_STEPS``, rather than make a state
    that no state file can hold."""
