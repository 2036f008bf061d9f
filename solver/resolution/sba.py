"""State-based actions, and what happens each time a player would receive priority.

:func:`state_based_actions` checks the board, performs every applicable state-based
action at once and repeats until none apply; :func:`priority` does that, then has the
pending triggered abilities put on the stack, and repeats until nothing is left to do.
Performing them all at once matters: the creatures that die leave with the counters
they had before the +1/+1 and -1/-1 counters on other permanents cancel, so the
abilities they trigger see last-known information from before the state-based actions.

Rules
-----
CR 117.5, 704.3: each time a player would receive priority, state-based actions are
performed simultaneously, repeatedly until none apply; then triggered abilities are put
on the stack (CR 603.3b) and the whole process repeats. CR 704.5b: a player who drew
from an empty library loses (noted, not modelled further). CR 704.5d: tokens off the
battlefield cease to exist (in :func:`~.triggers.leave_battlefield`). CR 704.5f:
toughness 0 or less. CR 704.5j: the legend rule (its controller chooses the one to
keep). CR 704.5q, 122.3: +1/+1 and -1/-1 counters cancel in pairs.

A check after one that found nothing looks only at the permanents that are new or
changed since (:func:`~manacheck.model.characteristics.changed_permanents`: their
permanent object or their characteristics): each of 704.5f, 704.5j and 704.5q depends
only on a permanent, its controller and its characteristics, so the others still meet
none. ``tests/test_incremental.py`` checks random resolutions against full checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from manacheck.model import GameState, Permanent, effective
from manacheck.model.characteristics import Characteristics, changed_permanents
from manacheck.model.english import the

from .core import Run, Unsupported
from .triggers import leave_battlefield, put_triggers_on_stack
from .zones import fmt_counters, set_counters

__all__ = ["priority", "state_based_actions"]


def priority(run: Run) -> None:
    """CR 603.3b, 704.3: SBAs until none, then triggers in APNAP order; repeat."""
    while True:
        state_based_actions(run)
        if not run.pending:
            return
        put_triggers_on_stack(run)


def state_based_actions(run: Run) -> None:
    """CR 704.3: check, perform all at once, repeat until none.

    A check looks only at the permanents that could meet a condition (see
    :func:`_to_check`)."""
    while True:
        run.tick()
        st = run.state
        chars = effective(st)
        look = _to_check(run, st)
        _refuse_attached_creatures(look, chars)
        dying = _toughness_deaths(look, chars)
        legend, legend_clear = _legend_rule(run, st, chars, look)
        cancel: dict[str, int] = {}
        for perm in look:
            n = min(perm.counters["+1/+1"], perm.counters["-1/-1"])
            if n and perm.id not in dying and perm.id not in legend:
                cancel[perm.id] = n
        for player in sorted(run.drew_from_empty):
            run.note(f"state-based action: {player} attempted to draw from an empty "
                     "library and loses the game (not modelled further)", "704.5b")
        run.drew_from_empty.clear()
        if not dying and not legend and not cancel:
            run.clean = (st, legend_clear)
            return
        _perform(run, st, dying, legend, cancel)


def _to_check(run: Run, st: GameState) -> tuple[Permanent, ...]:
    """The permanents that could meet a condition of 704.5f (toughness) or 704.5q
    (counters) now: all of them, or, after a check that found none
    (``run.clean``), those that are new or whose permanent or characteristics changed
    since (:func:`~manacheck.model.characteristics.changed_permanents`); the others are
    as they were then, when they met none. In battlefield order, as a full check."""
    if run.clean is None:
        return st.permanents
    return changed_permanents(run.clean[0], st)


def _refuse_attached_creatures(perms: Sequence[Permanent],
                               chars: Mapping[str, Characteristics]) -> None:
    """CR 301.5c, 704.5n: an Equipment or Fortification that is also a creature (March
    of the Machines' ruling 2004-12-01: "If it's currently attached to a creature, it
    becomes unattached") becomes unattached as a state-based action, which the
    resolution solver doesn't perform: refused, never ignored."""
    for perm in perms:
        c = chars[perm.id]
        if perm.attached_to is not None and c.is_creature \
                and {"Equipment", "Fortification"} & c.subtypes:
            what = " and ".join(sorted({"Equipment", "Fortification"} & c.subtypes))
            raise Unsupported(f"{perm.id} is an attached {what} that is a creature: it "
                              "becomes unattached (CR 301.5c, 704.5n), a state-based "
                              "action the resolution solver doesn't perform")


def _toughness_deaths(perms: Sequence[Permanent], chars: Mapping[str, Characteristics]
                      ) -> dict[str, str]:
    """CR 704.5f: the creatures with toughness 0 or less, each with why."""
    dying: dict[str, str] = {}
    for perm in perms:
        c = chars[perm.id]
        if c.is_creature and c.toughness is None and perm.counters["-1/-1"]:
            # A "*" toughness, or a card whose P/T the data doesn't give: whether
            # the -1/-1 counters kill it (CR 704.5f) can't be told. Never guessed.
            raise Unsupported(f"the toughness of {perm.id} isn't known, so whether "
                              f"it dies with -1/-1 counters (CR 704.5f) can't be "
                              f"told")
        if c.is_creature and c.toughness is not None and c.toughness <= 0:
            dying[perm.id] = f"{perm.id} has toughness {c.toughness}"
    return dying


def _legend_rule(run: Run, st: GameState, chars: Mapping[str, Characteristics],
                 look: Sequence[Permanent]) -> tuple[list[str], bool]:
    """CR 704.5j: the legendary permanents that go (their controller keeps one), and
    whether no two legendary permanents of one controller share a name.

    Two that share a name now, after a check where none did (``run.clean``), include
    one of ``look`` (a new permanent, or one whose controller or characteristics
    changed): only the names of those are grouped. Whether an effect turns the rule
    off is asked only when two share a name."""
    everything = run.clean is None or not run.clean[1]
    if everything:
        names = None
    else:
        names = {(p.controller, chars[p.id].name) for p in look
                 if "Legendary" in chars[p.id].supertypes}
        if not names:
            return [], True
    groups: dict[tuple[str, str], list[Permanent]] = {}
    for perm in st.permanents:
        c = chars[perm.id]
        if "Legendary" in c.supertypes and (names is None or (perm.controller, c.name)
                                            in names):
            groups.setdefault((perm.controller, c.name), []).append(perm)
    shared = {key: perms for key, perms in groups.items() if len(perms) > 1}
    if not shared:
        return [], True
    if any(ab.kind == "other" and ab.params.get("no_legend_rule") is True
           for perm in st.permanents for ab in perm.card.static_abilities):
        return [], False
    legend: list[str] = []
    for (player, name), perms in shared.items():
        keep = run.choose("keep", player, f"{the(name)} to keep (legend rule)",
                          [p.id for p in perms], ("704.5j",))
        legend += [p.id for p in perms if p.id != keep]
    return legend, True


def _perform(run: Run, st: GameState, dying: Mapping[str, str], legend: list[str],
             cancel: Mapping[str, int]) -> None:
    """CR 704.3: perform the state-based actions found in ``st`` all at once."""
    for oid, why in dying.items():
        run.note(f"state-based action: {why}; it is put into its owner's graveyard "
                 f"with {fmt_counters(st.permanent(oid).counters)}", "704.5f",
                 "704.3")
    for oid in legend:
        if oid not in dying:
            run.note(f"state-based action: legend rule; {oid} is put into its "
                     "owner's graveyard", "704.5j", "704.3")
    for oid, n in cancel.items():
        perm = st.permanent(oid)
        run.state = set_counters(run.state, oid,
                                 perm.counters.remove("+1/+1", n).remove("-1/-1", n))
        run.note(f"state-based action: {n} +1/+1 and {n} -1/-1 counters are removed "
                 f"from {oid}", "704.5q", "122.3", "704.3")
    gone = [*dying, *[o for o in legend if o not in dying]]
    if gone:
        # Simultaneous with the counter removal: LKI from before the SBAs.
        after_cancel = run.state
        run.state = st
        leave_battlefield(run, gone, "graveyard")
        for oid in cancel:
            run.state = set_counters(run.state, oid,
                                     after_cancel.permanent(oid).counters)
