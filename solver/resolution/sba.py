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
toughness 0 or less. CR 704.5i, 306.5c: a planeswalker with no loyalty counters.
CR 704.5j: the legend rule (its controller chooses the one to keep). CR 704.5m, 303.4c-d:
an Aura attached to nothing, or illegally (:func:`aura_problem`). CR 704.5n, 704.5p: an
Equipment or Fortification attached illegally, or another permanent attached, becomes
unattached (:func:`attachment_problem`). CR 704.5q, 122.3: +1/+1 and -1/-1 counters
cancel in pairs. Refused (``Unsupported``), never ignored: 704.5k (the world rule), 704.5y
(Roles), an attached Equipment with reconfigure that is a creature (702.151b). Each
object put into a graveyard leaves the battlefield in the one event (its abilities stop
with it; what its leaving triggers waits until the checks find nothing, CR 603.3).

A check after one that found nothing looks only at the permanents that are new or
changed since (:func:`~manacheck.model.characteristics.changed_permanents`: their
permanent object or their characteristics): each of 704.5f, 704.5i, 704.5j and 704.5q
depends only on a permanent, its controller and its characteristics, so the others still
meet none. 704.5m, 704.5n and 704.5p depend on what a permanent is attached to as well:
an attached permanent is looked at again when it or that object changed or left.
``tests/test_incremental.py`` checks random resolutions against full checks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from manacheck.model import GameState, Permanent, effective
from manacheck.model.characteristics import Characteristics, changed_permanents
from manacheck.model.english import the, with_article
from manacheck.model.keywords import untargetable_reason

from .core import Run, Unsupported
from .triggers import leave_battlefield, put_triggers_on_stack
from .zones import fmt_counters, set_counters

__all__ = ["attachment_problem", "aura_problem", "priority", "state_based_actions"]


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
        dying.update((k, v) for k, v in _loyalty_deaths(look, chars).items()
                     if k not in dying)
        dying.update((k, v) for k, v in _aura_deaths(run, st, chars, look).items()
                     if k not in dying)
        legend, legend_clear = _legend_rule(run, st, chars, look)
        _refuse_unperformed(st, chars, look)
        unattach = {k: v for k, v in _unattachments(run, st, chars, look).items()
                    if k not in dying and k not in legend}
        cancel: dict[str, int] = {}
        for perm in look:
            n = min(perm.counters["+1/+1"], perm.counters["-1/-1"])
            if n and perm.id not in dying and perm.id not in legend:
                cancel[perm.id] = n
        for player in sorted(run.drew_from_empty):
            run.note(f"state-based action: {player} attempted to draw from an empty "
                     "library and loses the game (not modelled further)", "704.5b")
        run.drew_from_empty.clear()
        for p in st.players:
            if p.life <= 0 and p.name not in run.lost_for_life:
                run.lost_for_life.add(p.name)
                run.note(f"state-based action: {p.name} has {p.life} life and loses the "
                         "game (not modelled further)", "704.5a")
        if not dying and not legend and not cancel and not unattach:
            run.clean = (st, legend_clear)
            return
        _perform(run, st, dying, legend, cancel, unattach)


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
    """CR 702.151b: an attached Equipment with reconfigure stops being a creature while
    attached, which the layers don't apply: whether one that is a creature here becomes
    unattached (301.5c, 704.5n) can't be told, so it is refused, never ignored. (One
    without reconfigure becomes unattached: :func:`attachment_problem`.)"""
    for perm in perms:
        c = chars[perm.id]
        if perm.attached_to is not None and c.is_creature \
                and {"Equipment", "Fortification"} & c.subtypes \
                and any(k.lower().startswith("reconfigure") for k in c.keywords):
            raise Unsupported(f"{perm.id} is an attached Equipment with reconfigure that "
                              "is a creature: it stops being one while attached (CR "
                              "702.151b), which the resolution solver doesn't apply")


def _toughness_deaths(perms: Sequence[Permanent], chars: Mapping[str, Characteristics]
                      ) -> dict[str, tuple[str, str]]:
    """CR 704.5f: the creatures with toughness 0 or less; 704.5g: those with toughness
    greater than 0 and damage marked on them at least their toughness (lethal damage),
    which are destroyed (so not one with indestructible, 702.12b); each with why and the
    rule."""
    dying: dict[str, tuple[str, str]] = {}
    for perm in perms:
        c = chars[perm.id]
        if c.is_creature and c.toughness is None and perm.damage:
            raise Unsupported(f"the toughness of {perm.id} isn't known, so whether "
                              f"the damage marked on it is lethal (CR 704.5g) can't be "
                              f"told")
        if c.is_creature and c.toughness is not None and 0 < c.toughness <= perm.damage \
                and not any(k.lower() == "indestructible" for k in c.keywords):
            dying[perm.id] = (f"{perm.id} has {perm.damage} damage marked on it and "
                              f"toughness {c.toughness}: lethal damage; it is destroyed",
                              "704.5g")
            continue
        if c.is_creature and c.toughness is None and perm.counters["-1/-1"]:
            # A "*" toughness, or a card whose P/T the data doesn't give: whether
            # the -1/-1 counters kill it (CR 704.5f) can't be told. Never guessed.
            raise Unsupported(f"the toughness of {perm.id} isn't known, so whether "
                              f"it dies with -1/-1 counters (CR 704.5f) can't be "
                              f"told")
        if c.is_creature and c.toughness is not None and c.toughness <= 0:
            dying[perm.id] = (f"{perm.id} has toughness {c.toughness}", "704.5f")
    return dying


def _loyalty_deaths(perms: Sequence[Permanent], chars: Mapping[str, Characteristics]
                    ) -> dict[str, tuple[str, str]]:
    """CR 704.5i: the planeswalkers with loyalty 0, which is the number of loyalty
    counters on one (CR 306.5c), each with why."""
    return {perm.id: (f"{perm.id} is a planeswalker with 0 loyalty", "704.5i")
            for perm in perms
            if "Planeswalker" in chars[perm.id].types and perm.counters["loyalty"] <= 0}


def _aura_deaths(run: Run, st: GameState, chars: Mapping[str, Characteristics],
                 look: Sequence[Permanent]) -> dict[str, tuple[str, str]]:
    """CR 704.5m: the Auras attached to nothing or illegally (:func:`aura_problem`),
    each with why. After a check that found nothing (``run.clean``), an Aura is looked
    at again only if it or what it is attached to is new, changed or gone.

    Raises
    ------
    Unsupported
        An Aura whose legality manacheck can't tell (an enchant quality it doesn't read).
    """
    changed = {p.id for p in look}
    out: dict[str, tuple[str, str]] = {}
    for perm in st.permanents:
        if "Aura" not in chars[perm.id].subtypes:
            continue
        host = perm.attached_to
        if run.clean is not None and perm.id not in changed and host in chars \
                and host not in changed:
            continue
        why, known = aura_problem(st, perm, chars)
        if why and not known:
            raise Unsupported(f"{perm.id} is an Aura {why}: whether it is put into its "
                              "owner's graveyard (CR 704.5m) can't be told")
        if why:
            out[perm.id] = (f"{perm.id} is an Aura {why}", "704.5m")
    return out


def _refuse_unperformed(st: GameState, chars: Mapping[str, Characteristics],
                        look: Sequence[Permanent]) -> None:
    """The state-based actions the resolution solver doesn't perform, when they apply:
    refused, never ignored. CR 704.5k, the world rule: of two or more world permanents
    all but the newest world go (how long each has been a world isn't in the state).
    CR 704.5y: of two or more Roles one player controls on one permanent, all but the
    newest go. After a check that found nothing, a new pair includes a permanent that is
    new or changed (``look``): only then are they counted."""
    if any("World" in chars[p.id].supertypes for p in look):
        worlds = [p.id for p in st.permanents if "World" in chars[p.id].supertypes]
        if len(worlds) > 1:
            raise Unsupported(f"{' and '.join(worlds)} are world permanents: all but the "
                              "newest world are put into their owners' graveyards (CR "
                              "704.5k), a state-based action the resolution solver "
                              "doesn't perform")
    if any("Role" in chars[p.id].subtypes for p in look):
        roles: dict[tuple[str, str], list[str]] = {}
        for p in st.permanents:
            if "Role" in chars[p.id].subtypes and p.attached_to is not None:
                roles.setdefault((p.attached_to, p.controller), []).append(p.id)
        for (host, player), ids in roles.items():
            if len(ids) > 1:
                raise Unsupported(f"{' and '.join(ids)} are Roles {player} controls on "
                                  f"{host}: all but the newest are put into their owners' "
                                  "graveyards (CR 704.5y), a state-based action the "
                                  "resolution solver doesn't perform")


def _unattachments(run: Run, st: GameState, chars: Mapping[str, Characteristics],
                   look: Sequence[Permanent]) -> dict[str, str]:
    """CR 704.5n, 704.5p: the permanents that become unattached, each with why (an Aura
    is 704.5m's, an attached Equipment that is a creature is refused before). After a
    check that found nothing, one is looked at again only if it or what it is attached
    to is new, changed or gone."""
    changed = {p.id for p in look}
    out: dict[str, str] = {}
    for perm in st.permanents:
        host = perm.attached_to
        if host is None or "Aura" in chars[perm.id].subtypes:
            continue
        if run.clean is not None and perm.id not in changed and host in chars \
                and host not in changed:
            continue
        why = attachment_problem(st, perm, chars)
        if why:
            out[perm.id] = why
    return out


def attachment_problem(state: GameState, perm: Permanent,
                       chars: Mapping[str, Characteristics]) -> str:
    """Why an attached permanent that isn't an Aura becomes unattached ("" if it stays):
    an Equipment attached to something that isn't a creature on the battlefield, a
    Fortification to something that isn't a land, either to something with protection
    from it (CR 704.5n, 301.5c, 301.6, 702.16d), anything else attached to something
    (704.5p).

    Rules
    -----
    CR 704.5n: an Equipment or Fortification attached to an illegal permanent becomes
    unattached and remains on the battlefield; 702.16d: protection makes it illegal;
    301.5c, 301.6: one that is also a creature can't equip or fortify.
    CR 704.5p: so does any other permanent that isn't an Aura, Equipment or
    Fortification.
    """
    host = perm.attached_to
    if host is None:
        return ""
    subtypes = chars[perm.id].subtypes
    on_board = host in chars and host != perm.id
    for kind, needs, ok in (("an Equipment", "a creature", "Creature"),
                            ("a Fortification", "a land", "Land")):
        if kind.split()[1] not in subtypes:
            continue
        if chars[perm.id].is_creature:
            # March of the Machines' ruling (2004-12-01): "If it's currently attached
            # to a creature, it becomes unattached."
            return f"is {kind} that is also a creature, which can't be attached (CR " \
                   "301.5c, 301.6)"
        if not on_board:
            return f"is {kind} attached to {host}, which isn't on the battlefield"
        hc = chars[host]
        if ok not in hc.types:
            return f"is {kind} attached to {host}, which isn't {needs}"
        if untargetable_reason([k for k in hc.keywords
                                if k.lower().startswith("protection")],
                               state.permanent(host).controller, chars[perm.id],
                               perm.controller):
            return f"is {kind} attached to {host}, which has protection from it " \
                   "(CR 702.16d)"
        return ""
    return f"is attached to {host} but is no Aura, Equipment or Fortification"


_ENCHANT_TYPES = {"land": "Land", "creature": "Creature", "artifact": "Artifact",
                  "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


def _object_quality(quality: str) -> bool:
    """Whether an enchant quality is one :func:`aura_problem` reads, each of which only a
    permanent has (CR 702.5a, 109.2: "creature" without "card" or "spell" is a permanent
    on the battlefield): a card type, several, "permanent", or one subtype."""
    base, _ = _controlled(quality)
    low = base.lower()
    several = re.split(r",? or |, ", low)
    return low == "permanent" or all(q in _ENCHANT_TYPES for q in several) \
        or bool(re.fullmatch(r"[A-Z][a-z]+", base))


#: "Enchant creature you control" (CR 702.5a, 109.5): the quality and whose it must be.
_CONTROLLED = (" you control", " an opponent controls", " you don't control")


def _controlled(quality: str) -> tuple[str, str]:
    """The quality without "you control" and the like, and which of those it had."""
    for suffix in _CONTROLLED:
        if quality.endswith(suffix):
            return quality[:-len(suffix)], suffix.strip()
    return quality, ""


def _controller_problem(aura: Permanent, host: Permanent, whose: str) -> str:
    """Why ``host`` isn't controlled as "Enchant ... you control" asks, "" if it is
    ("you" is the Aura's controller, CR 109.5)."""
    mine = host.controller == aura.controller
    if whose == "you control" and not mine:
        return f"attached to {host.id}, which {aura.controller} doesn't control"
    if whose in ("an opponent controls", "you don't control") and mine:
        return f"attached to {host.id}, which {aura.controller} controls"
    return ""


def aura_problem(state: GameState, aura: Permanent,
                 chars: Mapping[str, Characteristics]) -> tuple[str, bool]:
    """Why an Aura is put into its owner's graveyard (CR 704.5m), and whether manacheck
    can tell: ``("", True)`` when it stays; ``(why, True)`` when it goes, attached to
    nothing (its enchant qualities all ones only a permanent has), to something its
    "Enchant [quality]" doesn't allow, to something with protection from it (702.16c),
    or itself a creature (303.4d); ``(why, False)`` when that can't be told (an enchant
    quality manacheck doesn't read, or none: it may be attached to a player, which the
    state can't say, or to a card in another zone).

    Rules
    -----
    CR 303.4c-d, 704.5m: an Aura attached illegally or to nothing is put into its
    owner's graveyard. CR 702.5a: what an Aura may enchant. CR 702.16c: protection.
    """
    ac = chars[aura.id]
    qualities = [kw.strip().split(None, 1)[1] for kw in ac.keywords
                 if kw.strip().lower().startswith("enchant ")
                 and len(kw.strip().split(None, 1)) == 2]
    if "Creature" in ac.types:
        return "that is also a creature, which can't enchant anything (CR 303.4d)", True
    if aura.attached_to is None or aura.attached_to not in state \
            or state.zone_of(aura.attached_to) != "battlefield":
        unread = [q for q in qualities if not _object_quality(q)]
        if unread:
            return f"with 'Enchant {unread[0]}', which manacheck doesn't read", False
        if not qualities:
            return ("with no 'Enchant' ability manacheck reads, attached to no "
                    "permanent"), False
        return "attached to nothing", True
    host = state.permanent(aura.attached_to)
    hc = chars[host.id]
    for whole in qualities:
        quality, whose = _controlled(whole)
        if whose and (why := _controller_problem(aura, host, whose)):
            return why, True
        low = quality.lower()
        if low == "permanent":
            continue
        several = re.split(r",? or |, ", low)
        if len(several) > 1 and all(q in _ENCHANT_TYPES for q in several):
            # "Enchant creature, land, or planeswalker": any of them (CR 303.4a)
            if not any(_ENCHANT_TYPES[q] in hc.types for q in several):
                return f"attached to {host.id}, which is none of {low}", True
            continue
        wanted = _ENCHANT_TYPES.get(low)
        if wanted is not None:
            if wanted not in hc.types:
                return f"attached to {host.id}, which isn't {with_article(low)}", True
        elif quality in hc.subtypes:
            continue
        else:
            return f"with 'Enchant {quality}', which manacheck doesn't read", False
    if untargetable_reason([k for k in hc.keywords if k.lower().startswith("protection")],
                           host.controller, ac, aura.controller):
        return f"attached to {host.id}, which has protection from it (CR 702.16c)", True
    return "", True


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


def _perform(run: Run, st: GameState, dying: Mapping[str, tuple[str, str]],
             legend: list[str], cancel: Mapping[str, int],
             unattach: Mapping[str, str]) -> None:
    """CR 704.3: perform the state-based actions found in ``st`` all at once."""
    for oid, (why, rule) in dying.items():
        run.note(f"state-based action: {why}; it is put into its owner's graveyard "
                 f"with {fmt_counters(st.permanent(oid).counters)}", rule, "704.3")
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
    for oid, why in unattach.items():
        rule = "704.5p" if "no Aura" in why else "704.5n"
        run.note(f"state-based action: {oid} {why}; it becomes unattached and remains on "
                 "the battlefield", rule, "704.3")
    gone = [*dying, *[o for o in legend if o not in dying]]
    if gone:
        # Simultaneous with the counter removal: LKI from before the SBAs.
        after_cancel = run.state
        run.state = st
        leave_battlefield(run, gone, "graveyard")
        for oid in cancel:
            run.state = set_counters(run.state, oid,
                                     after_cancel.permanent(oid).counters)
    for oid in unattach:
        run.state = run.state.with_permanent(replace(run.state.permanent(oid),
                                                     attached_to=None))
