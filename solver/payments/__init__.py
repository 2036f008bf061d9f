"""How can I pay this? Every distinct payment of a mana cost, lazily, and their count.

A *payment* (issue 3) is identified by the multiset of (interchangeable source group,
ability, mana that activation adds), the pool mana spent and the life paid. Permanents
are interchangeable when they are the same card in the same status (tapped, summoning
sickness, counters, chosen values, controller) and offer the same mana options. How
mana is assigned to symbols is shown (one valid assignment) but does not make payments
distinct. Every activated source contributes at least one mana; the rest of a
multi-mana activation is *leftover*.

Design
------
* Sources are grouped; the constraint problem (``manacheck.solver.csp``) has one
  integer variable per (group, option): how many members of the group make that
  option, plus one per pool entry (how much of it is spent) and one for how many
  Phyrexian symbols are paid with life. Symmetric duplicates are never visited.
* Hybrid and {2/W} choices are *not* variables: they don't distinguish payments, so
  they are decided inside the exact check, a small max-flow over mana units and
  symbol slots (with a leftover allowance that enforces "at least one mana from each
  activation"). The check depends only on the multiset of mana *kinds*, so it is
  memoized.
* :meth:`Payments.count` counts combinatorially: a dynamic programme over the groups
  whose state is the multiset of kinds made so far, checked once per distinct state.
* :mod:`.precheck` (a relaxed max-flow) is the fast "payable?" pre-check.
* :func:`payment_answer` decides what an answer means (payable / not payable / not
  decided, complete or not, and why); the CLI only formats it.

The package's rooms
-------------------
``values``: Payment, ManaUse, Assigned (what an answer lists). ``limits``: search
budgets. ``kinds``: the pieces of a board (kinds, options, groups, symbol slots).
``board``: the Board and its restriction tests. ``casting``: X, affinity and the cost
of an object. ``sources``: collecting and grouping mana sources from the state.
``outlets``: sacrifice outlets (Hall's condition). ``exact``: the exact max-flow check.
``precheck``: the relaxed max-flow. ``counting``: the counting programme. ``listing``:
payments walked back through the counting layers.
``enumeration``: the lazy Payments (constraint problem, best-first). ``witness``: a
solution as a Payment, and membership. ``delve``: DelvePayments. ``reasons``: why not
payable (the solver's). ``questions``: search_payments(), the solver's lazy search.
``quick``: one payment found greedily before any search. ``answer``: the whole answer
with its meaning. ``decided``: the documented helpers, payments(), is_payable(),
count_payments(), unpayable_reasons(), which raise NotDecided where the answer is not
decided.

"Not decided" can't be lost
---------------------------
:func:`payment_answer` says it in its answer (``payable`` None, ``count`` None with
``count_bounds``). The helpers that return a plain ``bool``, ``int`` or list can't, so
they raise :class:`manacheck.solver.NotDecided` (never ``BadInput``) with the effects
not applied, the sources left out, the budget spent and the proven bounds:
``is_payable`` and ``unpayable_reasons`` when the verdict isn't decided,
``count_payments`` when the count isn't exact, ``payments`` at once when an effect the
solver doesn't apply could change the payments (and its ``bool()``/``count()`` where
sources left out could). A search budget (``PaymentSearchLimit``) is a ``NotDecided``.

Payable needs one way
---------------------
"Payable?" never waits for a count: the relaxed max-flow (a "no" there is a proof,
also for large generic costs: at most the mana all sources together bring net of their
own costs), then one payment built greedily and checked exactly (:mod:`.quick`), and
only then the budgeted exact search. Only a count or a listing may spend its budget,
and then the verdict stands with "at least N".

Rules
-----
CR 601.2g-h: mana abilities are activated before costs are paid; the total cost is paid
at once; partial payments are not allowed.
CR 605.3a: mana abilities can be activated while paying. CR 302.6: a creature's {T}/{Q}
abilities need it under its controller's control since their turn began (or haste,
CR 702.10). CR 107.5 / 107.6: {T} needs it untapped, {Q} tapped.
CR 107.4c: {C} only with colorless mana. CR 107.4e: hybrid by either half, {2/W} by W or
two mana. CR 107.4f: Phyrexian by its color or 2 life. CR 107.4h: {S} by mana from a
snow source. CR 107.3: X. CR 119.4, 119.4b: life can be paid only up to the life total
(0 always). CR 106.6: spending restrictions. CR 106.12a: triggered mana (through
``activation_outcomes``).

Mana abilities that cost mana (Signets, filter lands, Cascading Cataracts) are paid
from other sources, the pool, or the mana of an activation made before them: their
order is searched one position at a time, each node a relaxed max-flow
(:func:`.exact.find_order`), with no cap on how many are ordered, so Swamp -> Graven
Cairns -> Graven Cairns chains of any length are found (CR 605.3a). The pre-check
counts what activations bring net of their own costs (:func:`.precheck.net_units`).
Payments are listed from the counting programme's layers (:mod:`.listing`) where no
shared budget (tappers, outlets) applies, so a listing never walks dead ends.

Limits that say when they are hit: counting stops (``PaymentSearchLimit``, the CLI
prints "complete": false) past ``DEFAULT_MAX_STATES`` partial states or
``DEFAULT_MAX_CHECKS`` exact checks; ordering past ``MAX_ORDER_CHECKS``
max-flows; listing past ``MAX_LIST_STATES`` partial states (the count stands);
best-first listing examines at most ``DEFAULT_MAX_SCAN`` payments per number of
sources (``Payments.best_complete``); all in :mod:`.limits`.

Activation conditions (Mox Opal's metalcraft) are evaluated
(:func:`manacheck.model.conditions.condition_holds`); a mana ability that may be
activated only as an instant (Lion's Eye Diamond) is never activated while paying
(its ruling).

Sacrifice outlets ("Sacrifice a creature: Add {C}{C}", Ashnod's Altar, Krark-Clan
Ironworks, Phyrexian Tower) are sources like any other: each activation needs its own
permanent to sacrifice (CR 701.21a), which may have been tapped for mana first (CR
601.2g) but may not sacrifice itself for mana too. The permanents they sacrifice are a
budget shared by every group (Hall's condition over the outlets' filters, checked with
each solution); which permanent is sacrificed is a cost choice (like the creature
Springleaf Drum taps) and doesn't make payments distinct: one valid choice is shown
(``ManaUse.sacrificed``). With outlets, payments are counted one by one (up to
``SAC_COUNT_LIMIT``).

Delve (CR 702.66a): for a spell with delve, :func:`payments` returns a
:class:`DelvePayments`, the union over each number of cards exiled (``Payment.delved``;
which cards doesn't make payments distinct). Affinity is applied to the total cost by
:func:`reduce_for_casting`. Convoke (CR 702.51a): each untapped creature is a source
("ability 0") adding one mana of one of its colors, or {C} if colorless (left out when
the cost has {C} or {S}, where {C} mana and a generic payment differ).

Symbol restrictions and other ways to pay (issue 16): mana that "can't be spent to pay
generic mana costs" (Jegantha, the Wellspring; ``SpendRestriction.not_generic``) never
pays a numeric symbol, {X} or the two-mana half of {2/W} (CR 107.4b, 107.4e and the
card's ruling), and, being undecided for {S} (CR 107.4h), snow mana with it is left out
when the cost has {S}. "For each {B} in a cost, you may pay 2 life rather than pay that
mana" (K'rrik; static ``pay_life_for_mana``) makes each symbol with a {B} way ({B},
{B/R}, {2/B}, {C/B}) of the cost payable with 2 life like a Phyrexian one (CR 107.4f,
119.4); a mana ability with such a symbol in its own cost is left out. An ability that
removes X counters and adds mana X times (Mage-Ring Network; ``amount_of: X``) is one
option per X from 1 to its counters (CR 107.3). Another player's mana ability that any
player may activate (Mana Cache; ``any_player``, CR 602.2) is a source of the paying
player's, its condition read for them (CR 109.5).

Restrictions on costs (issues 12 and 16; CR 106.6, 601.2f): mana "only on costs that
contain {X}" (Rosheen Meanderer) or that may "pay a cost that contains {C}" (Cultivator
Drone) pays any part of such a cost, whatever it is for; whether the cost contains {X}
as written is what the question states (:class:`Stated`: a cost given with its {X}, the
``contains_x`` of :func:`payment_answer`, or a total cost computed from its object),
else worked out from the object paid for, and where it can't be the source is left out.
"Only to cast kicked spells" (CR 702.33d) is never a spell without kicker, and for one
with kicker (not in the state) the mana is left out. An "as though it were mana of any
color to cast <spells>" static (Oath of Nissa, CR 609.4b) applies to the cost of such a
spell only, not to the mana abilities' own costs paid on the way.

Known limits (said, not hidden): a permanent activates each exclusive ({T},
{Q}, sacrifice, exile) ability at most once; sources whose mana, cost parts (discard,
exile another permanent, variable amounts, {X}), condition, or repeated activations
of a mana-costing ability ("{R}: Add {B}") can't be modelled are *left out*
(:attr:`Payments.left_out`), and every answer then says it is a lower bound (a "not
payable" becomes "not decided"); mana a trigger adds (Mana Flare) counts as coming
from the tapped source for {S}.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .answer import PaymentAnswer, payment_answer
from .casting import cost_for_object, reduce_for_casting, resolve_cost
from .delve import DelvePayments
from .enumeration import Payments
from .kinds import NOT_STATED, Stated
from .limits import DEFAULT_MAX_SCAN, DEFAULT_MAX_STATES
from .questions import search_payments
from .quick import witness
from .values import Assigned, ManaUse, Payment, PaymentSearchLimit

if TYPE_CHECKING:
    from .decided import count_payments, is_payable, not_decided, payments, unpayable_reasons
    from .reasons import why_unpayable

#: Names imported on first use (PEP 562): ``manacheck pay`` answers through
#: :func:`payment_answer` and needn't load the helpers' modules at start-up.
_HOMES = {"count_payments": "decided", "is_payable": "decided", "not_decided": "decided",
          "payments": "decided", "unpayable_reasons": "decided", "why_unpayable": "reasons"}


def __getattr__(name: str) -> Any:
    import importlib

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "DEFAULT_MAX_SCAN",
    "DEFAULT_MAX_STATES",
    "NOT_STATED",
    "Assigned",
    "DelvePayments",
    "ManaUse",
    "Payment",
    "PaymentAnswer",
    "PaymentSearchLimit",
    "Payments",
    "Stated",
    "cost_for_object",
    "count_payments",
    "is_payable",
    "not_decided",
    "payment_answer",
    "payments",
    "reduce_for_casting",
    "resolve_cost",
    "search_payments",
    "unpayable_reasons",
    "why_unpayable",
    "witness",
]
