"""Why a permanent could produce each type: the derivation of every answer.

Rules
-----
CR 106.7: each type is derived from a mana ability, through the "could produce"
references and the replacement effects that change it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from manacheck.model import (
    MANA_TYPES,
    GameState,
    ManaProductionKind,
    ManaType,
    Permanent,
    effective,
)
from manacheck.model.effects import Family

from ..amounts import Amounts, fmt_amounts
from ..replacement import (
    BoundReplacement,
    EnumerationLimit,
    ReplacementGraph,
)
from ..settle import BeforePriority, before_priority
from ..soundness import PRODUCE, Question, Undecided, merge_reasons, unapplied
from .could import ProduceSolver, solver_for
from .events import (
    COUNTER_KINDS,
    ManaEvent,
    amount_families,
    unmodelled_now,
)
from .unreadmana import unread_mana_effects

__all__ = [
    "INCOMPLETE_NOTE",
    "CouldProduce",
    "FoundHolds",
    "TypeDerivation",
    "explain_could_produce",
]


# ---------------------------------------------------------------------------------------
# Explanations.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypeDerivation:
    """How one mana type comes out of one ability (a path in the replacement graph).

    ``looked_at``: for a could-produce ability, the permanents whose own answer gave
    the type that was chosen (CR 106.7). ``event``: the mana before replacement;
    ``replacements``: the effects applied, in order; ``outcome``: the mana after,
    exact (CR 107.1: 3^30 green mana is shown as ``{G}×205891132094649``, and in JSON
    as ``outcome_amounts``, exact integers by type).
    """

    mana_type: ManaType
    ability: int
    ability_text: str
    event: ManaEvent
    looked_at: tuple[str, ...]
    replacements: tuple[BoundReplacement, ...]
    outcome: Amounts
    rules: tuple[str, ...]
    #: False when the search budget was spent on the full events: ``event`` and
    #: ``outcome`` are then sets of types (one of each), the same order of effects.
    amounts: bool = True

    def as_dict(self) -> dict[str, object]:
        extra: dict[str, object] = {} if self.amounts else {"amounts_shown": False}
        return extra | {
            "mana_type": self.mana_type.value,
            "ability": self.ability,
            "ability_text": self.ability_text,
            "event": _text(self.event),
            "looked_at": list(self.looked_at),
            "replacements": [
                {"object": r.effect_id, "card": r.name, "effect": r.describe()}
                for r in self.replacements
            ],
            "outcome": _text(self.outcome),
            "outcome_amounts": self.outcome.to_data(),
            "rules": list(self.rules),
        }

    def describe(self) -> str:
        head = f"{self.mana_type.value}: ability {self.ability} ({self.ability_text})"
        parts = [f"adds {_text(self.event)}"]
        if self.looked_at:
            parts.append("because " + ", ".join(self.looked_at) + " could produce "
                         + self.event[0].value)
        if self.replacements:
            parts.append("then " + " -> ".join(r.describe() for r in self.replacements)
                         + f" gives {_text(self.outcome)}")
        if not self.amounts:
            parts.append("amounts not shown (search budget)")
        return f"{head}: " + "; ".join(parts) + " [CR " + ", ".join(self.rules) + "]"


#: What the types of an answer that is not decided are (:attr:`CouldProduce.found_holds`).
FoundHolds = Literal["may_change", "if_no_state_based_action"]


@dataclass(frozen=True, slots=True)
class CouldProduce:
    """A permanent's could-produce answer with one derivation per type."""

    object_id: str
    mana_types: frozenset[ManaType]
    derivation: tuple[TypeDerivation, ...]
    #: False when an unmodelled mana ability is involved: ``mana_types`` is a lower bound.
    complete: bool = True
    #: Effects on the board that could change the answer and that could-produce doesn't
    #: apply (``manacheck.solver.soundness``): the answer is then not decided.
    undecided: tuple[Undecided, ...] = ()
    #: State-based actions performed before the question (CR 117.5), with their rules.
    state_based: tuple[str, ...] = ()
    #: The search limit that stopped the question, with its cause: the answer is then
    #: not decided (``mana_types`` empty, ``complete`` false).
    limit: str | None = None
    #: The search limit that stopped the explanation (the answer itself is decided;
    #: some types have no derivation).
    explain_limit: str | None = None
    #: When the answer is not decided (``undecided``), what ``mana_types`` then are:
    #: the types found while ignoring the effects in ``undecided``, which could add
    #: other types or change these (``"may_change"``); or, when those effects matter
    #: only through the check for state-based actions, the answer if no state-based
    #: action is performed first (``"if_no_state_based_action"``, CR 117.5).
    found_holds: FoundHolds = "may_change"

    @property
    def decided(self) -> bool:
        """Whether the answer is decided: no effect it doesn't apply could change it
        and no search limit stopped it (``mana_types`` is then the answer, a lower
        bound when not ``complete``)."""
        return not self.undecided and self.limit is None

    @property
    def letters(self) -> list[str]:
        return [t.value for t in MANA_TYPES if t in self.mana_types]

    def as_dict(self, explain: bool = True) -> dict[str, object]:
        """The JSON answer; ``derivation`` only when ``explain``."""
        out: dict[str, object] = {"object": self.object_id, "mana_types": self.letters}
        if explain:
            out["derivation"] = [d.as_dict() for d in self.derivation]
        if self.limit is not None:
            out["complete"] = False
            out["decided"] = False
            out["limit"] = self.limit
        if self.explain_limit is not None:
            out["explanation_complete"] = False
            out["explain_limit"] = self.explain_limit
        if not self.complete and self.limit is None:
            out["complete"] = False
            out["note"] = INCOMPLETE_NOTE
        if self.undecided:
            # Never as a definite answer: the types found, and what they mean.
            out["mana_types"] = None
            out["found"] = self.letters
            out["found_holds"] = self.found_holds
            out["complete"] = False
            out["decided"] = False
            out["undecided"] = [u.to_data() for u in self.undecided]
        if self.state_based:
            out["state_based_actions"] = list(self.state_based)
        return out


INCOMPLETE_NOTE = ("at least these: a mana ability involved adds mana manacheck doesn't "
                   "model here (the card data marks it unmodelled, or it copies the mana in "
                   "the pool, which only the payment solver models), so more types may be "
                   "possible")


def _text(ev: ManaEvent | Amounts) -> str:
    return fmt_amounts(ev) or "nothing"


def explain_could_produce(state: GameState, object_id: str, *, explain: bool = True
                          ) -> CouldProduce:
    """:func:`could_produce` with a derivation for every type.

    For each type: the first ability (in user numbering) that gives it, the mana it
    adds before replacement effects, the permanents it looked at (could-produce
    abilities), one shortest order of replacement effects that ends in mana of that
    type, and the rule numbers.

    Parameters
    ----------
    state : GameState
    object_id : str
    explain : bool
        Build the derivations (the replacement graphs of full events, the lands
        looked at). Without it only the answer is computed: ``derivation`` is empty.

    Notes
    -----
    Every graph is charged to the question's budget (``ProduceSolver.budget`` for the
    answer; ``ProduceSolver.explain_budget`` for the derivations, then, once that is spent,
    the type-only graphs on ``ProduceSolver.fallback_budget``, marked ``amounts=False``).
    A spent answer budget (or any other enumeration limit) gives an answer that is
    not decided (``limit`` set, ``complete`` false): never a guess. A spent
    explanation budget leaves types without a derivation (``explain_limit`` set).
    Building derivations stops as soon as every type has one.

    Rules
    -----
    CR 106.7, 305.6 (intrinsic abilities), 305.7 and 613.1d (land types), 613.1f
    (granted abilities), 614.1a and 616.1 (replacement effects in order).
    """
    before = before_priority(state)  # CR 117.5: pending state-based actions first
    if before.undecided or before.changed:
        return _after_state_based(before, state, object_id, explain)
    return _here(state, object_id, explain)


def _here(state: GameState, object_id: str, explain: bool) -> CouldProduce:
    """:func:`explain_could_produce` of ``state`` itself, as if no state-based action
    were pending."""
    solver = solver_for(state)
    perm = state.permanent(object_id)
    values = solver.try_values()
    if isinstance(values, EnumerationLimit):
        return CouldProduce(object_id, frozenset(), (), complete=False,
                            limit=values.one_line())
    types = values[object_id]
    found: dict[ManaType, TypeDerivation] = {}
    explain_limit: str | None = None
    if explain:
        explain_limit = _derive(state, solver, perm, types, found)
    if explain_limit is None:
        assert not explain or frozenset(found) == types, (found, types)
    # What its abilities add looks only at itself unless one of them refers to other
    # permanents (Reflecting Pool), counts them ("for each", devotion), or has a
    # condition.
    own = all(ab.mana is not None and not ab.mana.refers_to_other_permanents
              and ab.mana.per is None
              and ab.mana.amount_of not in ("devotion", "graveyard", "greatest_power",
                                            "basic_land_types", "revealed")
              and ab.condition is None
              for _, ab in solver.abilities[object_id])
    extra = amount_families(state)  # power (CR 613.4), colors (613.1e), counters
    question = PRODUCE if not extra - PRODUCE.reads else Question(
        PRODUCE.name, PRODUCE.reads | extra, PRODUCE.implements | (
            COUNTER_KINDS if Family.COUNTERS in extra else frozenset()))
    undecided = unapplied(state, question, [object_id],
                          looks_at=[object_id] if own else None)
    undecided += unread_mana_effects(state, object_id)  # CR 106.7: any ability's mana
    return CouldProduce(object_id, types,
                        tuple(found[t] for t in MANA_TYPES if t in found),
                        complete=object_id not in solver.incomplete, undecided=undecided,
                        explain_limit=explain_limit)


def _graph(solver: ProduceSolver, bound: tuple[BoundReplacement, ...], ev: ManaEvent
           ) -> ReplacementGraph:
    """The replacement graph of ``ev`` under ``bound``, shared by the permanents of one
    question that ask the same (charged to the explanations' budget once)."""
    memo: dict[tuple[tuple[BoundReplacement, ...], ManaEvent], ReplacementGraph] = \
        solver.__dict__.setdefault("_explain_graphs", {})
    key = (bound, ev)
    got = memo.get(key)
    if got is None:
        got = memo[key] = ReplacementGraph(bound, ev, budget=solver.explain_budget)
    return got


def _derive(state: GameState, solver: ProduceSolver, perm: Permanent,
            types: frozenset[ManaType], found: dict[ManaType, TypeDerivation]
            ) -> str | None:
    """Fill ``found`` with one derivation per type; the limit that stopped it, if any."""
    object_id = perm.id
    chars = effective(state)[object_id]
    values = solver.values
    limit: str | None = None
    for num, ab in solver.abilities[object_id]:
        assert ab.mana is not None
        if unmodelled_now(state, perm, ab.mana):
            continue  # left out; the answer says it is incomplete
        if types <= frozenset(found):
            break
        bound = solver.bound(perm, ab)
        try:
            base = solver.base_events(perm, ab, values)
        except EnumerationLimit:
            # Too many events to list: explain with their sets of types instead.
            base = solver.supports(perm, ab, values)
            bound = solver.type_effects(perm, ab)
        events = sorted(base, key=lambda e: (len(e), [t.order for t in e]))
        for ev in events:
            if types <= frozenset(found):
                break
            looked: tuple[str, ...] = ()
            rules = ["106.7"]
            if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                looked = tuple(lid for lid in solver.refs(perm, ab.mana)
                               if ev and ev[0] in values[lid])
            if ab.mana.amount_of == "devotion":  # "equal to your devotion" (CR 700.5)
                rules.append("700.5")
            if ab.mana.colors_of is not None:  # (colors among: identity or colors)
                rules.append("903.4" if ab.mana.colors_of.what == "commander_identity"
                             else "105.2")
            if "(CR 305.6" in ab.text:
                rules.append("305.6")
            if chars.lost_abilities and "(CR 305.6" in ab.text:
                # a land type set (Blood Moon): its intrinsic ability (CR 305.7); an
                # effect that removed every ability cites the layer (613.1f) below
                rules.append("305.7")
            if ab not in perm.card.abilities and "(CR 305.6" not in ab.text:
                rules.append("613.1f")
            amounts = True
            shown = ev
            try:
                graph = _graph(solver, bound, ev)
            except EnumerationLimit as e:
                # The same orders on the sets of types (see could.type_only): smaller,
                # and no amount to overflow.
                limit = e.one_line()
                amounts = False
                shown = tuple(t for t in MANA_TYPES if t in ev)
                try:
                    graph = ReplacementGraph(solver.type_effects(perm, ab), shown,
                                             budget=solver.fallback_budget)
                except EnumerationLimit as e2:
                    limit = e2.one_line()
                    continue
            for out in sorted(graph.amounts, key=lambda e: (e.total, e.sort_key)):
                for t in out.types:
                    if t in found:
                        continue
                    path = tuple(graph.path_to(out))
                    r = rules + (["614.1a", "616.1"] if path else [])
                    found[t] = TypeDerivation(t, num, ab.text or ab.cost_text, shown, looked,
                                              path, out, tuple(r), amounts)
    return None if types <= frozenset(found) else limit


def _after_state_based(before: BeforePriority, state: GameState, object_id: str,
                       explain: bool = True) -> CouldProduce:
    """:func:`explain_could_produce` of the state(s) after pending state-based actions
    (CR 117.5): one answer if every branch gives it, else not decided."""
    state.permanent(object_id)  # UnknownObject: bad input, whatever happens next
    if before.undecided:
        # What it could produce if no state-based action is performed first, with each
        # effect said once: what could-produce reads of it when it reads any, else how
        # it could make a state-based action pending (CR 117.5, 704.3).
        here = _here(state, object_id, explain)
        holds: FoundHolds = ("if_no_state_based_action"
                             if not here.undecided and here.limit is None else "may_change")
        who = state.turn.priority or state.turn.active_player
        return replace(here, undecided=merge_reasons(before.undecided, here.undecided, who),
                       found_holds=holds)
    answers: list[CouldProduce] = []
    for branch in before.branches:
        st = branch.state
        if st.zone_of(object_id) != "battlefield":
            gone = CouldProduce(object_id, frozenset(), (), state_based=branch.performed)
            answers.append(gone)  # it left: it could produce nothing (CR 106.7)
        else:
            answers.append(replace(explain_could_produce(st, object_id, explain=explain),
                                   state_based=branch.performed))
    first = answers[0]
    if all(a.mana_types == first.mana_types and a.complete == first.complete
           and not a.undecided for a in answers):
        return first
    why = Undecided("", "", "a choice before priority",
                    "the answer depends on a choice the game asks for before priority "
                    "(CR 704.5j)", "sba:choice")
    return CouldProduce(object_id, first.mana_types, first.derivation, first.complete,
                        undecided=(why, *(u for a in answers for u in a.undecided)))
