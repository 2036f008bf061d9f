"""The constraint problem of one activation: variables, domains, constraints, solutions.

The choices made while activating (CR 601.2c–h via 602.2b) are the variables: one per
target (CR 601.2c), one per cost part that chooses objects (sacrifice, discard, exile,
exile from a graveyard, tap untapped permanents, reveal), and X when the ability
mentions X. A target's value is the tuple of objects chosen for that instance of
"target"; a cost part's, the set of objects it uses. Filters that share X ("Discard a
card with mana value X: Counter target spell with mana value X") become constraints
between those variables and X. The mana cost is not a variable: it is asked of the
payment solver (:mod:`.paying`) for each solution, with what the solution uses.

Rules
-----
CR 601.2c, 115.1–115.3: one instance of "target" can't choose the same object twice;
distinct instances may. CR 118.3: an object can't pay two cost parts of the same kind
(it is gone once used). CR 107.3, 202.3e: X; a filter's "mana value X" ties a choice
to X. CR 601.2g: mana abilities come before costs, so what a solution taps for a cost
can't pay mana (107.5) while what it sacrifices or exiles may first be tapped for mana.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence

from manacheck.model import CostKind, Counters, Permanent
from manacheck.model.conditions import total_power
from manacheck.model.placing import place_counters

from .candidates import variables
from .constraints import Constraint, iter_solutions
from .core import Activation, Uses, Var
from .facts import self_spenders
from .limits import DOMAIN_LIMIT, X_LIMIT, ActivationSearchLimit
from .paying import Payer

__all__ = ["Problem"]


class Problem:
    """One proposed activation's choices as a constraint problem, with its payment glue.

    ``act`` is the activation, ``vars`` its variables (targets first, then cost
    parts), ``x_vars`` those tied to X, ``untargetable`` per target the permanents that
    fit it but can't be targeted, ``payer`` the mana cost's payment questions.
    """

    def __init__(self, act: Activation) -> None:
        self.act = act
        self._x_domain: tuple[int, ...] | None = None
        self.vars, self.untargetable = variables(act)
        self.x_vars = [v for v in self.vars
                       if v.filter.mana_value == "X" or v.count == "X"
                       or any(c[2] == "X" for c in v.filter.compare)]
        ability = act.ab
        self.uses_x = (bool(self.x_vars) or ability.mana_cost.has_variable
                       or any(c.count == "X" for c in ability.costs))
        self.payer = Payer(act)

    @property
    def left_out(self) -> set[str]:
        """Mana sources some payment question left out (see :class:`.paying.Payer`)."""
        return self.payer.left_out

    def x_domain(self) -> tuple[int, ...]:
        """Values X can take. Bound by filters ("mana value X"), counters, or the mana."""
        if self._x_domain is None:
            self._x_domain = self._compute_x_domain()
        return self._x_domain

    def _compute_x_domain(self) -> tuple[int, ...]:
        if not self.uses_x:
            return ()
        act = self.act
        bounds: list[set[int]] = []
        for v in self.vars:
            if v.filter.mana_value == "X":
                bounds.append({act.mana_value(c) for c in v.candidates
                               if c not in act.state.player_names})
        perm = act.obj if isinstance(act.obj, Permanent) else None
        for part in act.ab.costs:
            if part.kind is CostKind.REMOVE_COUNTERS and part.count == "X":
                have = perm.counters[part.counter] if perm is not None else 0
                bounds.append(set(range(have + 1)))
            if part.kind is CostKind.ADD_COUNTERS and part.count == "X" and perm is not None \
                    and act.state.zone_of(perm.id) == "battlefield" and not place_counters(
                        act.state, perm.id, Counters.of({part.counter: 1}),
                        by_effect=False).put[part.counter]:
                # CR 118.3 (Tatterkite and Blightbeetle rulings): it can't have those
                # counters put on it, so only X = 0 (putting none) is payable.
                bounds.append({0})
        for v in self.vars:
            if v.count == "X":
                bounds.append(set(range(len(v.candidates) + 1)))
        if bounds:
            dom = set.intersection(*bounds)
            return tuple(sorted(x for x in dom if x <= X_LIMIT))
        # Only the mana cost bounds X: every X up to the largest payable one (paying
        # more generic mana is never easier, so payability is monotone in X).
        # Binary search for the largest payable X: O(log X_LIMIT) payment questions.
        if not self.payer.payable(0):
            return (0,)  # unpayable even with X = 0: reported by choice_reasons
        lo, hi = 0, X_LIMIT  # payable(lo) holds
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.payer.payable(mid):
                lo = mid
            else:
                hi = mid - 1
        return tuple(range(lo + 1))

    def domains_and_constraints(self) -> tuple[dict[str, list[Hashable]], list[Constraint]]:
        """Each variable's values, and the constraints between them.

        Raises
        ------
        ActivationSearchLimit
            One choice has more than ``DOMAIN_LIMIT`` values.
        """
        domains: dict[str, list[Hashable]] = {}
        cons: list[Constraint] = []
        x_dom = self.x_domain() if self.uses_x else ()
        if self.uses_x:
            domains["X"] = list(x_dom)
        for v in self.vars:
            # A target variable's value is the tuple of objects chosen for that instance
            # of "target" (CR 115.3: distinct); a cost part's, the set of objects it uses.
            sizes: Sequence[int]
            if v.kind == CostKind.TAP_TOTAL_POWER.value:
                # CR 702.122a: any number of them, whose total power is at least N
                domains[v.name] = self._total_power_choices(v)
                continue
            if v.count == "X":
                sizes = [x for x in x_dom if x <= len(v.candidates)]
            else:
                assert isinstance(v.count, int)
                # CR 115.1d: "up to N targets" may choose any number from 0 to N.
                sizes = list(range(min(v.count, len(v.candidates)) + 1)) if v.up_to \
                    else [v.count]
            size = sum(math.comb(len(v.candidates), n) for n in sizes)
            if size > DOMAIN_LIMIT:
                raise ActivationSearchLimit(
                    f"too many ways to choose the objects for '{v.label}' "
                    f"({size:,} combinations; the limit is {DOMAIN_LIMIT:,}); the search "
                    f"stops here rather than run for ever")
            domains[v.name] = [combo for n in sizes
                               for combo in itertools.combinations(v.candidates, n)]
            if v.count == "X":
                cons.append((lambda sel, x: len(sel) == x, (v.name, "X")))
            if v.filter.mana_value == "X":
                cons.append((_mv_equals(self.act), (v.name, "X")))
            if any(c[2] == "X" for c in v.filter.compare):
                cons.append((_compares_with_x(self.act, v), (v.name, "X")))
        # An object can't be sacrificed, discarded, exiled or tapped twice by two parts
        # of the same kind (CR 118.3: the resource is gone once used).
        by_kind: dict[str, list[str]] = {}
        for v in self.vars:
            if v.kind != "target":
                by_kind.setdefault(v.kind, []).append(v.name)
        for names in by_kind.values():
            for a, b in itertools.combinations(names, 2):
                cons.append((lambda s, t: not set(s) & set(t), (a, b)))
        # CR 115.3: one instance of "target" can't choose the same object twice; distinct
        # instances may. Each TargetSpec is one instance, so no constraint between them.
        return domains, cons

    def _total_power_choices(self, v: Var) -> list[Hashable]:
        """The sets of candidates whose total power is ``v.count`` or greater (crew,
        CR 702.122a; power as it is now, layer 7). A set that could pay it with fewer
        objects is still a distinct way (it taps more creatures).

        Raises
        ------
        ActivationSearchLimit
            More than ``DOMAIN_LIMIT`` sets to look at.
        """
        assert isinstance(v.count, int)
        if 2 ** len(v.candidates) > DOMAIN_LIMIT:
            raise ActivationSearchLimit(
                f"too many ways to choose the objects for '{v.label}' "
                f"(2^{len(v.candidates)} sets; the limit is {DOMAIN_LIMIT:,}); the search "
                f"stops here rather than run for ever")
        state = self.act.state
        return [combo for n in range(len(v.candidates) + 1)
                for combo in itertools.combinations(v.candidates, n)
                if total_power(state, combo) >= v.count]

    def solutions(self) -> Iterator[dict[str, Hashable]]:
        """Every choice of targets, objects and X that fits together, lazily (the mana
        cost not yet asked)."""
        domains, cons = self.domains_and_constraints()
        return iter_solutions(domains, cons)

    @functools.cached_property
    def _cost_vars(self) -> tuple[tuple[str, str], ...]:
        """(variable, "soft" | "hard" | "tap") for the object-choosing cost parts."""
        out = []
        for v in self.vars:
            if v.kind == "target":
                continue
            if v.kind in (CostKind.SACRIFICE.value, CostKind.EXILE.value,
                          CostKind.RETURN.value):
                out.append((v.name, "soft"))
            elif v.kind in (CostKind.TAP_UNTAPPED.value, CostKind.TAP_TOTAL_POWER.value):
                out.append((v.name, "tap"))
            else:
                out.append((v.name, "hard"))
        return tuple(out)

    def uses_of(self, sol: Mapping[str, Hashable]) -> Uses:
        """What a solution's costs do to objects that could otherwise pay mana (with
        :attr:`.paying.Payer.base_uses` included).

        Hard (can't pay mana at all): permanents tapped for a cost (CR 601.2g: mana
        abilities come first, and a tapped permanent can't be tapped again, 107.5), and
        cards discarded, revealed or exiled from a graveyard (a card used for mana from
        a hand, e.g. exiled by Elvish Spirit Guide, is no longer there). Soft:
        permanents sacrificed or exiled by the cost, which may first be tapped for mana;
        only those whose own mana abilities sacrifice or exile them are kept (for the
        others no payment could clash with the cost, so nothing needs checking).
        """
        fixed = self.payer.fixed_uses
        if not self._cost_vars:
            return fixed
        hard: set[str] = set(fixed.hard)
        soft: set[str] = set(fixed.soft)
        spenders = self_spenders(self.act.state)
        tapped: set[str] = set(fixed.tapped)
        for name, how in self._cost_vars:
            sel = sol[name]
            assert isinstance(sel, tuple)
            if how == "soft":
                soft.update(o for o in sel if o in spenders)
            else:
                hard.update(sel)
                if how == "tap":
                    tapped.update(sel)
        return Uses(frozenset(hard), frozenset(soft), frozenset(tapped))

    def x_of(self, sol: Mapping[str, Hashable]) -> int:
        """The solution's X (0 when the ability has no X)."""
        x = sol.get("X", 0)
        assert isinstance(x, int)
        return x


def _compares_with_x(act: Activation, v: Var) -> Callable[[tuple[str, ...], int], bool]:
    """The constraint "every object chosen has power (toughness, mana value) X or less
    (greater)" (CR 208, 202.3), with the filter's other parts already met."""
    players = frozenset(act.state.player_names)
    flt = v.filter

    def every(sel: tuple[str, ...], x: int) -> bool:
        return all(o not in players and act.matches(flt, o, {"X": x}) for o in sel)
    return every


def _mv_equals(act: Activation) -> Callable[[tuple[str, ...], int], bool]:
    """The constraint "every object chosen has mana value X" (CR 202.3)."""
    players = frozenset(act.state.player_names)

    def every(sel: tuple[str, ...], x: int) -> bool:
        # A player has no mana value: it never matches "with mana value X".
        return all(o not in players and act.mana_value(o) == x for o in sel)
    return every

