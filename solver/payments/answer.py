"""The whole answer to "how can I pay this?", with its meaning decided here.

:func:`payment_answer` asks the payment solver once and says: payable, not payable or
not decided; whether the count is complete; why an answer is not decided (sources the
solver can't model were left out, or a search budget was spent); the reasons a cost
can't be paid; and the best payments. The CLI only formats a :class:`PaymentAnswer`,
so a Python caller and ``manacheck pay`` can't disagree.

Rules
-----
CR 601.2h: a cost that can't be paid in full can't be paid. Soundness: "not payable"
rests only on sources the solver models; with a source left out it is "not decided".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from manacheck.model import GameState, ManaCost, StackItem, SymbolKind, effective
from manacheck.model.effects import Family
from manacheck.model.errors import BadInput
from manacheck.model.state import Card

from ..costs import CommanderTax, ability_total_cost
from ..notdecided import NotDecided
from ..produce import COUNTER_KINDS, amount_families, produced_types_all
from ..settle import BeforePriority, before_priority
from ..soundness import PAYMENT, PAYMENT_FOR, Question, Undecided, merge_reasons, unapplied
from .board import spend_rule, spend_statics
from .bounds import CountBounds
from .casting import resolve_cost, total_cost_for
from .enumeration import Payments
from .kinds import Stated
from .questions import search_payments
from .values import Payment, PaymentSearchLimit

if TYPE_CHECKING:
    from .copies import CopyAnswer

#: A cost increase whose amount the state can't give (``model.effects``).
INCREASE_UNKNOWN = "static:other:cost_increase_unknown"

__all__ = ["PaymentAnswer", "not_decided", "payment_answer", "sources_costs_change",
           "spend_rule_unsure", "unapplied_for_payment"]

ABILITY_COST_KIND = "static:cost_modifier:activated_abilities"


def spend_rule_unsure(state: GameState, player: str, cost: ManaCost) -> bool:
    """Whether the payer's spend rule (CR 609.4b) is one manacheck can't apply exactly:
    Celestial Dawn's "other mana only as though it were colorless" with a {C} or {C/W}
    to pay (whether mana spent as though colorless pays {C} isn't settled by the rules'
    text), or it together with another "as though" spending effect (609.4a)."""
    chars = effective(state)
    rules = spend_statics(state, player)
    if not any(ab.params.get("others_as_colorless") for ab in rules):
        return False
    if len(rules) > 1:
        return True
    costs = [cost] + [ab.mana_cost for p in state.player(player).battlefield
                      for ab in chars[p.id].activated if ab.is_mana_ability]
    if not any(s.kind in (SymbolKind.COLORLESS, SymbolKind.COLORLESS_HYBRID)
               for c in costs for s in c):
        return False
    # Only mana that may be spent only as though colorless could be in question: is
    # there any (in the pool, or a type one of the player's permanents could produce)?
    doubtful = spend_rule(state, player).only_colorless
    if any(e.type in doubtful for e in state.player(player).mana_pool.entries):
        return True
    made = produced_types_all(state)  # a lower bound is enough: undecided elsewhere
    return any(made.get(p.id, frozenset()) & doubtful
               for p in state.player(player).battlefield)


def unapplied_for_payment(state: GameState, player: str, cost: ManaCost | str,
                          question: Question = PAYMENT, for_object: str | None = None,
                          *, spend_rule_too: bool = True) -> tuple[Undecided, ...]:
    """The effects that could change a payment answer and that it doesn't apply
    (``manacheck.solver.soundness``), with the two kinds it applies only in part: a
    change to a mana source's own activation cost (CR 602.2b) counts when it applies to
    one; a spend rule (CR 609.4b) counts when :func:`spend_rule_unsure`."""
    parsed = ManaCost.parse(cost) if isinstance(cost, str) else cost
    about = [for_object] if for_object else []
    extra = amount_families(state, player)  # power (613.4), colors (613.1e), counters
    if extra - question.reads:
        question = Question(question.name, question.reads | extra, question.implements | (
            COUNTER_KINDS if Family.COUNTERS in extra else frozenset()))
    out = [u for u in unapplied(state, question, about)
           if u.key != ABILITY_COST_KIND or sources_costs_change(state, player)]
    if spend_rule_too and spend_rule_unsure(state, player, parsed.mana_only):
        wider = Question(question.name, question.reads,
                         question.implements - {"static:spend_as_any_color"})
        out += [u for u in unapplied(state, wider, about)
                if u.effect not in {o.effect for o in out}]
    return tuple(out)


def sources_costs_change(state: GameState, player: str) -> bool:
    """Whether a cost change applies to the mana cost of one of ``player``'s mana
    abilities (CR 602.2b: a mana ability's activation cost is changed like any other).

    The payment solver pays those costs as printed, so such a change would make its
    answer not decided; most don't apply (none adds {1} to a cost with no generic mana,
    none reduces a cost below one mana).
    """
    cache: dict[str, bool] = state.__dict__.setdefault("_sources_costs_change", {})
    hit = cache.get(player)
    if hit is None:
        chars = effective(state)
        hit = any(ability_total_cost(state, perm.id, ab, ab.mana_cost.mana_only,
                                     player).cost != ab.mana_cost.mana_only
                  for perm in state.player(player).battlefield
                  for ab in chars[perm.id].activated
                  if ab.is_mana_ability and ab.mana_cost.mana_only
                  and not ab.mana_cost.has_variable)
        cache[player] = hit
    return hit

#: How many payments an answer lists unless asked for another number.
DEFAULT_SHOW = 50


@dataclass(frozen=True)
class PaymentAnswer:
    """One complete answer to "how can I pay this cost now?".

    Attributes
    ----------
    cost : ManaCost
        The cost paid (X given a value, the spell's own reductions applied).
    payable : bool or None
        True, False, or None: not decided (see :attr:`undecided_because`).
    count : int or None
        How many distinct payments; None when the count stopped at its budget. 0 when
        not payable.
    count_bounds : CountBounds or None
        When the count stopped at its budget: proven bounds on it (:mod:`.bounds`).
    complete : bool
        The count is exact and no source was left out (else it is a lower bound).
    left_out : tuple of str
        Sources the payment solver can't model (every count is then a lower bound).
    stopped : str
        Which search budget was spent ("" if none).
    reasons : tuple of str
        When not payable or not decided: every reason, each with its rule.
    options : tuple of Payment
        The best payments (fewest sources, then most colors left), at most ``show``.
    order_complete : bool
        False when the best-first order was taken among the first payments found.
    undecided : tuple of Undecided
        Effects on the board that could change the answer and that the payment solver
        doesn't apply: each makes the answer not decided (``payable`` None).
    cost_changes : tuple of str
        How the total cost differs from the mana cost (``--for`` only), each with its
        object and rule (CR 601.2f, 602.2b).
    written : ManaCost or None
        The mana cost as written, before X and cost changes (``--for`` only).
    """

    cost: ManaCost
    payable: bool | None
    count: int | None
    complete: bool
    left_out: tuple[str, ...] = ()
    stopped: str = ""
    reasons: tuple[str, ...] = ()
    options: tuple[Payment, ...] = ()
    order_complete: bool = True
    listed: bool = field(default=False, repr=False)
    undecided: tuple[Undecided, ...] = ()
    cost_changes: tuple[str, ...] = ()
    written: ManaCost | None = None
    #: Casting a commander from the command zone (``--for`` only): its commander tax
    #: (CR 903.8), included in ``cost`` and said in ``cost_changes``.
    commander_tax: CommanderTax | None = None
    #: State-based actions the game performed before the player could act (CR 117.5),
    #: each with its rule; the answer is about the state after them.
    state_based: tuple[str, ...] = ()
    #: Effects that make the count a lower bound although the answer is decided (a
    #: spend rule the solver applies only in part: every payment found is one).
    lower_bound_because: tuple[Undecided, ...] = ()
    #: When the game made a choice before priority (CR 704.5j: which legendary
    #: permanent to keep) and the answers differ: (the choice, that answer) for each.
    by_choice: tuple[tuple[str, PaymentAnswer], ...] = ()
    count_bounds: CountBounds | None = None
    #: Why the listing stopped at its budget, and what the payments shown are then.
    listing_stopped: str = ""
    #: The object paid for has no mana cost: an unpayable cost (CR 118.6), said as
    #: "no mana cost" rather than as a cost of {0}.
    no_mana_cost: bool = False

    @property
    def verdict(self) -> Literal["payable", "not payable", "not decided"]:
        """The answer in words."""
        if self.payable is None:
            return "not decided"
        return "payable" if self.payable else "not payable"

    @property
    def undecided_because(self) -> tuple[str, ...]:
        """Why the answer is not decided (empty when it is decided)."""
        if self.payable is not None:
            return ()
        why = [str(u) for u in self.undecided]
        if self.left_out:
            why.append("not payable without the sources left out, and the payment solver "
                       "can't model them: " + ", ".join(self.left_out))
        if self.stopped:
            why.append(self.stopped)
        return tuple(why)

    def __bool__(self) -> bool:
        """Payable? True or False when decided; :class:`~manacheck.solver.NotDecided`
        when not (``payable`` is None), so "not decided" is never read as "no"."""
        if self.payable is None:
            raise not_decided(self)
        return self.payable

    def to_data(self) -> dict[str, Any]:
        """The answer as JSON-ready data (the ``pay --json`` shape)."""
        data: dict[str, Any] = {"cost": None if self.no_mana_cost else
                                (self.cost.text or "{0}"), "payable": self.payable,
                                "count": self.count, "complete": self.complete}
        if self.count_bounds is not None:
            data["count_at_least"] = self.count_bounds.at_least
            if self.count_bounds.at_most is not None:
                data["count_at_most"] = self.count_bounds.at_most
        if self.cost_changes:
            data["cost_changes"] = list(self.cost_changes)
        if self.commander_tax is not None:
            data["commander_tax"] = self.commander_tax.to_data()
        if self.listed:
            data["options"] = [q.to_data() for q in self.options]
            data["order_complete"] = self.order_complete
            if self.listing_stopped:
                data["listing_stopped"] = self.listing_stopped
        if self.payable is not True:
            data["reasons"] = list(self.reasons)
        if self.left_out:
            data["left_out"] = list(self.left_out)
        if self.stopped:
            data["stopped"] = self.stopped
        if self.undecided:
            data["undecided"] = [u.to_data() for u in self.undecided]
        if self.lower_bound_because:
            data["lower_bound"] = [u.to_data() for u in self.lower_bound_because]
        if self.state_based:
            data["state_based_actions"] = list(self.state_based)
        if self.by_choice:
            data["by_choice"] = [{"choice": c, **a.to_data()} for c, a in self.by_choice]
        return data


def not_decided(answer: PaymentAnswer) -> NotDecided:
    """The :class:`~manacheck.solver.NotDecided` for an answer that isn't decided (or
    whose count isn't), with its reasons, sources left out, budget and bounds."""
    bounds = answer.count_bounds
    why = answer.undecided_because or (
        (f"the count is not decided: {answer.stopped}",) if answer.stopped else
        ("the count is a lower bound: " + "; ".join(
            [*(f"{u.object_id}: {u.why}" for u in answer.lower_bound_because),
             *(f"{x} is left out" for x in answer.left_out)]),))
    return NotDecided(f"{answer.cost.text or '{0}'}: not decided: " + "; ".join(why),
                      undecided=answer.undecided, left_out=answer.left_out,
                      stopped=answer.stopped, reasons=answer.reasons,
                      at_least=bounds.at_least if bounds is not None else answer.count,
                      at_most=None if bounds is None else bounds.at_most)


def _no_mana_cost(state: GameState, object_id: str) -> PaymentAnswer | None:
    """"Not payable" for a card or spell that has no mana cost (Sol Talisman, Ancestral
    Vision, a land): no mana cost is an unpayable cost, and an increase or an
    additional cost leaves it unpayable (CR 118.6, 118.6a, 202.1b). Only an alternative
    cost (suspend, "without paying its mana cost") could be paid instead."""
    obj = state.get(object_id)
    if not isinstance(obj, Card | StackItem) or obj.card is None \
            or obj.card.mana_cost is not None:
        return None
    why = (f"{obj.card.name} has no mana cost, which is an unpayable cost: no mana pays "
           "it, whatever is added to it (CR 118.6, 118.6a, 202.1b); only an alternative "
           "cost could be paid instead")
    return PaymentAnswer(ManaCost(()), False, 0, True, reasons=(why,), no_mana_cost=True)


def payment_answer(state: GameState, player: str, cost: ManaCost | str | None, *,
                   x: int | None = None, for_object: str | None = None,
                   exclude: frozenset[str] = frozenset(), show: int = DEFAULT_SHOW,
                   list_payments: bool = True, y: int | None = None,
                   contains_x: bool | None = None, counting: bool = True,
                   for_ability: bool = False) -> PaymentAnswer:
    """Ask everything about paying ``cost`` once: verdict, count, reasons, best payments.

    Parameters
    ----------
    state, player, cost, x, for_object, exclude
        As for :func:`~manacheck.solver.payments.payments`. With ``cost`` None, the
        cost is ``for_object``'s total cost: its mana cost (or its ability's), X given,
        with every cost increase, reduction and minimum on the board (CR 601.2f, 602.2b).
    show : int
        List at most this many payments (best first).
    contains_x : bool, optional
        Whether ``cost`` as written contains {X}, for a cost given with X substituted
        (restrictions on "costs that contain {X}" read it: CR 106.6, 107.3).
    list_payments : bool
        False to skip listing (a count only).
    counting : bool
        False to skip the count ("payable?" only: one payment found is enough, so the
        answer's ``count`` is None; :func:`~.decided.is_payable`).
    for_ability : bool
        The cost is an activated ability's of ``for_object`` (CR 106.6: restrictions
        read what they allow for abilities).

    Returns
    -------
    PaymentAnswer

    Raises
    ------
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Island]\\n")
    >>> a = payment_answer(s, "A", "{1}{G}")
    >>> a.verdict, a.count, a.complete
    ('payable', 1, True)
    >>> payment_answer(s, "A", "{B}").verdict
    'not payable'

    Rules
    -----
    CR 601.2h: partial payments are not allowed. CR 601.2f, 602.2b: the total cost.
    Soundness: an effect the solver doesn't apply that could change the answer makes it
    not decided (``manacheck.solver.soundness``).
    """
    before = before_priority(state)  # CR 117.5: pending state-based actions first
    if before.undecided or before.changed:
        return _after_state_based(state, before, player, cost, x=x, for_object=for_object,
                                  exclude=exclude, show=show, list_payments=list_payments,
                                  y=y, contains_x=contains_x, counting=counting,
                                  for_ability=for_ability)
    written: ManaCost | None = None
    changes: tuple[str, ...] = ()
    tax: CommanderTax | None = None
    stated = Stated(contains_x)
    if cost is None:
        if for_object is None:
            raise BadInput("give a cost, or what is paid for (for_object)")
        unpayable = _no_mana_cost(state, for_object)
        if unpayable is not None:
            return unpayable
        written, total, own = total_cost_for(state, for_object, x, player, y)
        cost, x, exclude, changes = total.cost, None, exclude | own, total.changes
        tax = total.tax
        stated = Stated("X" in written.variables, True)  # CR 601.2f: no kicker paid
        if total.unread:
            return PaymentAnswer(total.cost, None, None, False, cost_changes=changes,
                                 written=written, commander_tax=tax, undecided=tuple(
                                     Undecided("", "", "the total cost", why, "cost")
                                     for why in total.unread))
    question = PAYMENT_FOR if for_object is not None else PAYMENT
    undecided = unapplied_for_payment(state, player, cost, question, for_object,
                                      spend_rule_too=False)
    if undecided:
        shown = resolve_cost(cost, x)
        if all(u.key == INCREASE_UNKNOWN for u in undecided):
            # CR 601.2f: an increase only raises the total cost, and a cost that can't
            # be paid can't be paid once raised (the same mana abilities leave one more
            # mana unspent): "not payable" without it is "not payable" with it.
            p = search_payments(state, player, cost, x=x, for_object=for_object,
                                exclude=exclude, for_ability=for_ability, stated=stated)
            if not p.left_out and not bool(p):
                from .reasons import why_unpayable  # (only for a "no": not at start-up)

                why = "; ".join(f"{u.object_id} ({u.text})" for u in undecided)
                return PaymentAnswer(p.cost, False, 0, True, reasons=(*why_unpayable(
                    state, player, cost, x=x, for_object=for_object, exclude=exclude,
                    stated=stated),
                    f"not payable even before the cost increase whose amount isn't known, "
                    f"which can only raise it (CR 601.2f): {why}"),
                                     cost_changes=changes, written=written, commander_tax=tax)
        return PaymentAnswer(shown, None, None, False, undecided=undecided,
                             cost_changes=changes, written=written, commander_tax=tax)
    # Celestial Dawn's "only as though colorless" with {C} to pay: the solver lets such
    # mana pay only generic, so it finds a subset of the payments: "payable" and the
    # payments found stand, counts are lower bounds, and "not payable" is not decided.
    unsure = unapplied_for_payment(state, player, resolve_cost(cost, x), question,
                                   for_object) if spend_rule_unsure(
        state, player, resolve_cost(cost, x)) else ()
    p = search_payments(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                        for_ability=for_ability, stated=stated)
    payable, count, count_bounds, stopped = _verdict(p, counting, bool(unsure))
    left_out = p.left_out
    options: tuple[Payment, ...] = ()
    order_complete = True
    listing_stopped = ""
    if payable and list_payments:
        options, order_complete, listing_stopped = _options(p, show, count is not None)
    reasons: tuple[str, ...] = ()
    copied: tuple[Undecided, ...] = ()
    if payable is False:
        from .copies import decide_with_copies  # (only for a "no": not at start-up)
        from .reasons import why_unpayable

        count = 0
        reasons = tuple(why_unpayable(state, player, cost, x=x, for_object=for_object,
                                      exclude=exclude, for_ability=for_ability,
                                      stated=stated))
        if left_out and not unsure and p.board.pool_copies:
            # Doubling Cube: decided by a search of its own (``copies``).
            with_copy = decide_with_copies(p.board)
            reasons = (*reasons, _copy_reason(p, with_copy))
            if with_copy.payable is False:
                left_out = ()
            elif with_copy.payable:
                payable, count, reasons = True, None, ()
                count_bounds, copied = CountBounds(1, None), _copied(p, with_copy)
        if payable is False and (left_out or unsure):
            # A source left out might pay it: not decided (never a confident "no").
            payable = None
    return PaymentAnswer(p.cost, payable, count,
                         count is not None and not left_out and not unsure,
                         left_out, stopped, reasons, options, order_complete,
                         listed=bool(payable) and list_payments, cost_changes=changes,
                         written=written, commander_tax=tax,
                         undecided=unsure if payable is None else (),
                         lower_bound_because=(*unsure, *_used_once(p.count_only,
                                                                   p.count_sequences),
                                              *copied) if payable else (),
                         count_bounds=count_bounds if payable is not False else None,
                         listing_stopped=listing_stopped)


def _verdict(p: Payments, counting: bool, unsure: bool
             ) -> tuple[bool | None, int | None, CountBounds | None, str]:
    """(payable, count, bounds on a count that stopped, why it stopped). "Payable?"
    needs one way, not a count: without a count (or when it proves nothing), the
    greedy witness first, then the budgeted search (``Payments.found``); a spent budget
    is "not decided" (None), never an error."""
    payable: bool | None = None
    count: int | None = None
    count_bounds: CountBounds | None = None
    stopped = ""
    if counting:
        count, count_bounds, stopped = _count(p, unsure)
        if count is not None:
            payable = count > 0
        elif count_bounds is not None and count_bounds.at_least:
            payable = True  # the lower bound counted real payments
    if payable is None and count is None:
        try:
            payable = p.found()
        except PaymentSearchLimit as e:
            payable = None
            stopped = "; ".join(x for x in (stopped, "the search stopped at its budget: "
                                            + e.message) if x)
    if payable and count_bounds is not None and not count_bounds.at_least:
        count_bounds = CountBounds(1, count_bounds.at_most)  # a payment was found
        if count_bounds.at_most == 1:  # both proven: exact
            count, count_bounds, stopped = 1, None, ""
    return payable, count, count_bounds, stopped


def _options(p: Payments, show: int, counted: bool) -> tuple[tuple[Payment, ...], bool, str]:
    """The best payments to show, whether their order is complete, and why the listing
    stopped ("" if it didn't): at least one payment when the cost is payable."""
    options: tuple[Payment, ...] = ()
    try:
        # A count stopped at its states would stop the listing too: straight to the
        # payments without mana-costing sources.
        options = tuple(p.best(show, whole=counted or not p.states_spent))
        order_complete, listing_stopped = p.best_complete, p.best_stopped
    except PaymentSearchLimit as e:  # a budget, not bad input: said, not raised
        order_complete, listing_stopped = False, e.message
    if not options and show > 0:
        options, listing_stopped = _one_payment(p, listing_stopped)
    return options, order_complete, listing_stopped


def _one_payment(p: Payments, stopped: str) -> tuple[tuple[Payment, ...], str]:
    """When the listing shows nothing but the cost is payable (its budget was spent):
    one payment, the greedy witness (or the first found), said as such; never a
    "payable" without a payment to show when one can be had."""
    try:
        found = p.witness() or p.first()
    except PaymentSearchLimit:
        return (), stopped
    if found is None:
        return (), stopped
    return (found,), (f"{stopped}; shown: one payment, found by the search for a single "
                      "way" if stopped else "")


def _copied(p: Payments, a: CopyAnswer) -> tuple[Undecided, ...]:
    """Why the count is a lower bound when only a pool-copying ability pays: payments
    using it aren't listed or counted; one found is said in words."""
    pid, _, label = p.board.pool_copies[0]
    return (Undecided(pid, "", label, "payable only with it; payments using it are not "
                      "listed or counted (at least one exists: " + a.how + ")",
                      "pool_copy"),)


def _copy_reason(p: Payments, a: CopyAnswer) -> str:
    """What the search with the pool-copying abilities (Doubling Cube) found."""
    names = ", ".join(label for _, _, label in p.board.pool_copies)
    if a.payable is False:
        return f"not with {names} either: {a.how}"
    if a.payable:
        return f"payable with {names}: {a.how}"
    return f"with {names}: not decided ({a.how})"


def _count(p: Payments, unsure: bool) -> tuple[int | None, CountBounds | None, str]:
    """The count of payments, or proven bounds on it when it stopped at its budget or
    is a lower bound (sources left out, used once, a spend rule applied in part), and
    why it stopped."""
    count: int | None
    count_bounds: CountBounds | None = None
    stopped = ""
    try:
        count = p.count()
    except PaymentSearchLimit as e:
        count, stopped = None, f"the count stopped at its budget: {e.message}"
    if count and p.count_sequences:  # one payment may be several options: at least one
        count_bounds, count = CountBounds(1, None), None
    elif count and p.count_only:  # several activations of one could add payments
        count_bounds, count = CountBounds(count, None), None
    elif count is None:  # outside the handler: the stopped count's tables are freed
        count_bounds = p.count_bounds()
        if p.left_out or p.count_only or unsure:  # more payments may use what the
            # solver leaves out
            count_bounds = CountBounds(count_bounds.at_least, None)
        elif count_bounds.at_most == count_bounds.at_least:  # both proven: exact
            count, stopped, count_bounds = count_bounds.at_least, "", None
    return count, count_bounds, stopped


def _used_once(sources: tuple[str, ...], sequences: tuple[str, ...] = ()
               ) -> tuple[Undecided, ...]:
    """Why a count is a lower bound though the verdict stands: a repeatable ability
    used once (``payments.leftout.one_activation_enough``), or listed by its sequences
    of activations (``payments.storage``)."""
    return tuple(Undecided(src, "", src, "activated in sequence: each sequence of its "
                           "activations is one use adding their mana less what was spent "
                           "on their own {1} costs (CR 602.1, 605.1b: each sets off a "
                           "triggered mana ability), so the verdict stands, but one "
                           "payment may be several such uses and payments are counted "
                           "only as at least one", "used_in_sequence")
                 if src in sequences else
                 Undecided(src, "", src, "used once: several activations make no mana "
                           "one can't (CR 107.3), so the verdict stands, but the payments "
                           "that activate it again aren't counted", "used_once")
                 for src in sources)


def _after_state_based(state: GameState, before: BeforePriority, player: str,
                       cost: ManaCost | str | None, **kw: Any) -> PaymentAnswer:
    """:func:`payment_answer` asked of the state(s) after pending state-based actions
    (CR 117.5, 704.3): one answer if every branch gives it, else not decided, with the
    answer for each choice (CR 704.5j)."""
    shown = ManaCost.parse(cost) if isinstance(cost, str) else (cost or ManaCost(()))
    written: ManaCost | None = None
    oid = kw.get("for_object")
    if cost is None and oid is not None and oid in state:
        # What is paid for, its mana cost as printed (the total isn't computed here)
        card = getattr(state.get(oid), "card", None)
        written = getattr(card, "mana_cost", None) or ManaCost(())
        shown = written
    if before.undecided:
        # Each effect once: what the payment itself reads of it when it reads any, else
        # how it could make a state-based action pending (CR 117.5, 704.3).
        question = PAYMENT_FOR if oid is not None else PAYMENT
        own = unapplied_for_payment(state, player, shown, question, oid,
                                    spend_rule_too=False)
        return PaymentAnswer(shown, None, None, False, written=written,
                             undecided=merge_reasons(before.undecided, own, player))
    answers: list[tuple[str, PaymentAnswer]] = []
    for branch in before.branches:
        oid = kw.get("for_object")
        if oid is not None and oid in branch.state and \
                branch.state.zone_of(oid) not in ("battlefield", "hand", "stack"):
            a = PaymentAnswer(shown, False, 0, True,
                              reasons=(f"{oid} is no longer there to pay for: it left "
                                       "before priority (CR 117.5, 704.3)",))
        else:
            a = payment_answer(branch.state, player, cost, **kw)
        answers.append((branch.choice_text, replace(a, state_based=branch.performed)))
    first = answers[0][1]
    if all((a.payable, a.count) == (first.payable, first.count) for _, a in answers[1:]):
        if len(answers) == 1:
            return first
        return replace(first, state_based=(*first.state_based,
                                           "the answer is the same for every other choice"))
    why = Undecided("", "", "a choice before priority",
                    "the answer depends on a choice the game asks for before priority "
                    "(CR 704.5j): " + "; ".join(f"{c}: {a.verdict}" for c, a in answers),
                    "sba:choice")
    return PaymentAnswer(first.cost, None, None, False, undecided=(why,),
                         by_choice=tuple(answers))
