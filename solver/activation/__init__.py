"""Can a player activate this ability now? One constraint problem per activation.

:func:`can_activate` answers with a :class:`~manacheck.solver.activation.verdict.Verdict`:
every failing requirement with its rule number, one complete legal way (a witness), how
many distinct ways there are, and (for an illegal activation) the smallest verified
changes that would make it legal (:mod:`manacheck.solver.activation.fixes`). :func:`ways`
lists the ways; :func:`abilities` gives a verdict for every ability a player could
consider.

The choices made while activating (CR 601.2c–h via 602.2b) are the variables of one
constraint problem: one per target (CR 601.2c), one per cost part that chooses objects
(sacrifice, discard, exile from a graveyard, tap untapped permanents, reveal), and X
when the ability mentions X. Filters that share X ("Discard a card with mana value X:
Counter target spell with mana value X") become constraints between those variables.
The mana cost is then checked for each solution by the payment solver
(:mod:`manacheck.solver.payments`), with the objects the other costs use kept out.

The package's rooms
-------------------
``verdict``: Verdict, Reason, Fix, Witness, Change (the answer's values). ``limits``:
search budgets and ActivationSearchLimit. ``words``: filters and cost parts in
English. ``lookup``: which ability (numbering, who activates). ``facts``: what the
board's mana abilities could do, cached per state. ``core``: the proposed activation
(Activation) and the values Var and Uses. ``candidates``: target and cost candidates,
the variables. ``paying``: the glue to the payment solver (PayEntry, Payer).
``constraints``: the constraint problem's solver interface. ``problem``: variables,
domains, constraints, solutions, X. ``reasons``: every failing requirement with its
rule. ``witness``: a solution and a payment as a Witness. ``search``: the first way,
the count, every way. ``check``: the verdict without fixes, is_legal. ``fixes``: the
smallest verified changes. ``twins``: permanents the state can't tell apart.
``questions``: can_activate and abilities.

Imports point one way: ``verdict``, ``limits``, ``words``, ``facts``, ``constraints`` <-
``lookup`` <- ``core`` <- ``candidates``, ``paying`` <- ``problem`` <- ``reasons``,
``witness`` <- ``search`` <- ``check`` <- ``fixes`` <- ``questions`` <- this file (which
only re-exports).

Rules
-----
CR 602.2: only an object's controller (or owner, if it has none) may activate its
abilities. CR 113.6: abilities work from the battlefield unless they say otherwise.
CR 602.5d, 307.1: "activate only as a sorcery": your main phase, empty stack.
CR 602.5b: "activate only once each turn". CR 117.1b, 117.3a, 514.3: priority (who
holds it; nobody in the untap step or an uneventful cleanup step). CR 605.3a: mana
abilities (no stack; also activated while paying a cost, so priority doesn't stop
them).
CR 107.5 / 107.6: {T} needs the permanent untapped; {Q} needs it tapped.
CR 302.6, 602.5a, 702.10c: a creature's {T}/{Q} abilities need it to have been under
its controller's control since their most recent turn began, or haste. Tapping an
untapped creature for another cost ("Tap an untapped creature you control") is not
{T} and ignores 302.6.
CR 601.2c, 115.1–115.3: each target needs a legal choice; the same object can't be
chosen twice for one instance of "target". CR 702.11b, 702.18a: hexproof, shroud.
CR 118.3, 601.2h: a cost can't be paid without the resources; partial payments are
not allowed. CR 119.4, 119.4b: paying life needs life total ≥ the amount; 0 is
always payable. CR 202.3e: {X} of a card not on the stack is 0; on the stack, the
chosen value. CR 118.9c: an alternative cost doesn't change mana value.
CR 601.2g: mana abilities are activated before costs are paid, so a permanent tapped
to pay another cost can't also be tapped for mana, while a permanent the cost
sacrifices or exiles may first be tapped for mana (but not sacrificed for it).
CR 606.3: loyalty abilities.

Notes
-----
Assumptions and limits (said, not hidden):

* Who holds priority (CR 117.1b) is ``turn.priority`` in the state file; when it is left
  out, the player asking is taken to hold it. Nobody holds it in the untap step
  (117.3a), nor in a cleanup step with an empty stack (514.3). Mana abilities are
  exempt: they may be activated while paying a cost (605.3a).
* A permanent tapped for a cost ("Tap an untapped creature you control") is kept out of
  the mana payment entirely, even though a mana ability of it that doesn't tap it
  (say, "Remove a counter: Add {G}") could in principle have been used first.
* Ability conditions supported: those of ``model.conditions.CONDITION_KINDS`` (``at_least``
  / ``fewer_than`` of the amounts ``amount_now`` reads, ``controls_at_least``,
  ``your_turn`` ...); any other condition is refused as bad input rather than guessed.
* "Exile a card from a graveyard" without ``controller: you`` accepts any graveyard.
* Shroud, hexproof, "hexproof from" and protection (from a color, each color,
  multicolored, monocolored, colorless, a card type, everything) make a permanent an
  illegal target (CR 702.18a, 702.11b/d, 702.16b/j). Ward is a triggered ability, not a
  targeting restriction (CR 702.21a): it doesn't change whether an activation is legal.
"""

from __future__ import annotations

from .check import is_legal
from .fixes import PAIR_LIMIT, find_fixes
from .limits import (
    DOMAIN_LIMIT,
    PAYMENT_SCAN_LIMIT,
    WAYS_LIMIT,
    X_LIMIT,
    ActivationSearchLimit,
)
from .lookup import activated_abilities, resolve_ability
from .questions import abilities, can_activate
from .search import ways
from .verdict import Change, Fix, Reason, Verdict, Witness
from .words import describe_filter

__all__ = [
    "DOMAIN_LIMIT",
    "PAIR_LIMIT",
    "PAYMENT_SCAN_LIMIT",
    "WAYS_LIMIT",
    "X_LIMIT",
    "ActivationSearchLimit",
    "Change",
    "Fix",
    "Reason",
    "Verdict",
    "Witness",
    "abilities",
    "activated_abilities",
    "can_activate",
    "describe_filter",
    "find_fixes",
    "is_legal",
    "resolve_ability",
    "ways",
]
