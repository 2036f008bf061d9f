"""How much mana a payment can spend, and each kind's mana cut to it.

A payment spends mana only on the cost and on the costs of the mana abilities it
activates, so the most it can spend is known before any search (:func:`spend_bound`).
Mana beyond that is always leftover, so the exact check, the counting and the listing
see each activation's mana cut to it (:func:`cap_kinds`), whatever the real amount
(3^30 {G} from a Forest under thirty Nyxbloom Ancients).

Rules
-----
CR 106.4: mana not spent stays in the pool (leftover). CR 601.2g-h: mana abilities are
activated, then the total cost is paid. CR 605.3a. CR 107.1: amounts are whole numbers
of any size.
"""

from __future__ import annotations

import dataclasses

from .board import Board
from .kinds import LeftOut, max_units, note

__all__ = ["cap_kinds", "spend_bound", "under_bounded"]


def spend_bound(b: Board) -> int:
    """The most mana any payment of this question can spend: the cost's mana plus, for
    each block of options sharing a bound on activations (``Group.blocks``), the bound
    times the most mana its options' own mana costs take.

    Rules
    -----
    CR 601.2g-h: mana is spent only on the total cost and on the costs of the mana
    abilities activated while paying it (CR 605.3a); an activation's cost takes at most
    its symbols' most units (``max_units``: {2/W} two, {3} three, CR 107.4e, 107.4b).
    """
    total = b.d_main_max
    for g in b.groups:
        for opts, bound in g.blocks():
            total += bound * max(sum(max_units(s) for s in b.kinds[o.kind].mana_cost)
                                 for o in opts)
    return total


def cap_kinds(b: Board) -> None:
    """Cut each kind's mana to :func:`spend_bound` of each type; options keep the exact
    mana they add (``Option.event``: what makes payments distinct, what is shown).

    Why this changes no answer. Let C be :func:`spend_bound`: no payment of this
    question spends more than C mana in all (its activations are bounded by their
    blocks, the repeats of mana-costing abilities by ``repeat_filters``). Take an
    activation adding n > C mana of type t, and the same activation adding C of t
    (the rest unchanged). (1) Any way the first pays the cost (an assignment of mana
    to the cost's symbols and to the activations' costs, every activation giving at
    least one mana) spends at most C of its t mana, so the same assignment works with
    C of them, the rest left over. (2) Any way the second pays it is a way the first
    pays it, its extra n - C mana left over (CR 106.4: mana stays in the pool until
    the step ends; nothing requires spending it). So a multiset of activations is
    valid with the exact mana iff it is with the cut mana, and the exact check, the
    counting and the listing, which only ask validity of kinds, answer the same.
    Counting can't merge payments either: a payment is identified by its options
    (``Option.event`` exact), and two options whose kinds become equal stay two
    options, as options whose types a cost can't tell apart always did (``Kind``).
    Amounts are exact integers throughout (CR 107.1), so C itself may be huge
    ({X} with X = 3^30): kinds hold counts (:class:`~manacheck.solver.amounts.
    Amounts`), never one element per mana.

    Rules
    -----
    CR 106.4 (unspent mana is left over in the pool), CR 601.2g-h (mana abilities are
    activated, then the total cost is paid), CR 605.3a, 616.1 and 106.12b (what a
    multiplied activation adds is one event of the source), CR 107.1.
    """
    most = max(spend_bound(b), 1)
    b.spend_most = most
    old = b.kinds
    b.kinds = []
    b.kind_index = {}
    remap = [b.kind(dataclasses.replace(k, event=k.event.capped(most))) for k in old]
    for g in b.groups:
        g.options = tuple(dataclasses.replace(o, kind=remap[o.kind]) for o in g.options)


def under_bounded(b: Board) -> None:
    """Leave out the repeatable sources whose activations ``Board.useful`` may cut too
    short, so that no answer rests on that bound.

    A mana ability with no {T}, {Q}, sacrifice, exile or mana in its cost ("Pay 1 life:
    Add {C}", Pentad Prism's counters) is activated at most ``useful`` times: the
    cost's mana plus each mana ability's cost once. Repeated activations of a
    repeatable mana-costing ability ("{2}: Add {W}", ``sources.repeat_filters``) can
    spend more than that (three "{2}: Add {W}" for {W}{W}{W} spend six), so where
    :func:`spend_bound` exceeds ``useful`` and such an option's bound is ``useful``
    itself, it might need more activations than the solver tries: it is left out
    (answers are lower bounds, "not payable" is "not decided"), never a wrong "no".

    Rules
    -----
    CR 602.1: an ability may be activated as often as its cost can be paid. CR 601.2g-h,
    605.3a.
    """
    if spend_bound(b) <= b.useful:
        return
    for g in b.groups:
        for o in g.options:
            k = b.kinds[o.kind]
            if o.exclusive or k.mana_cost or o.repeat < b.useful:
                continue
            for oid in g.ids:
                if f"{oid} (ability {o.ability})" in b.left_out:
                    continue
                b.left_out.append(f"{oid} (ability {o.ability})")
                b.notes.append(note(oid, o.ability, LeftOut(
                    "how often it may be activated is bounded by the mana the payment "
                    "needs, which repeated activations of a mana ability that costs mana "
                    "can exceed: not modelled")))
