"""Why a permanent could produce each type: the derivation of every answer.

Rules
-----
CR 106.7: each type is derived from a mana ability, through the "could produce"
references and the replacement effects that change it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from manacheck.model import (
    MANA_TYPES,
    GameState,
    ManaProductionKind,
    ManaType,
    effective,
)

from ..replacement import (
    BoundReplacement,
    EnumerationLimit,
    ReplacementGraph,
)
from ..settle import BeforePriority, before_priority
from ..soundness import PRODUCE, Undecided, unapplied
from .could import referenced_lands, solver_for
from .events import (
    ManaEvent,
)

__all__ = [
    "INCOMPLETE_NOTE",
    "CouldProduce",
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
    ``replacements``: the effects applied, in order; ``outcome``: the mana after.
    """

    mana_type: ManaType
    ability: int
    ability_text: str
    event: ManaEvent
    looked_at: tuple[str, ...]
    replacements: tuple[BoundReplacement, ...]
    outcome: ManaEvent
    rules: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
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
        return f"{head}: " + "; ".join(parts) + " [CR " + ", ".join(self.rules) + "]"


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


    @property
    def letters(self) -> list[str]:
        return [t.value for t in MANA_TYPES if t in self.mana_types]

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"object": self.object_id, "mana_types": self.letters,
                                  "derivation": [d.as_dict() for d in self.derivation]}
        if not self.complete:
            out["complete"] = False
            out["note"] = INCOMPLETE_NOTE
        if self.undecided:
            out["complete"] = False
            out["undecided"] = [u.to_data() for u in self.undecided]
        if self.state_based:
            out["state_based_actions"] = list(self.state_based)
        return out


INCOMPLETE_NOTE = ("at least these: a mana ability involved adds mana manacheck doesn't "
                   "model (the card data marks it unmodelled), so more types may be possible")


def _text(ev: ManaEvent) -> str:
    return "".join(f"{{{t.value}}}" for t in ev) or "nothing"


def explain_could_produce(state: GameState, object_id: str) -> CouldProduce:
    """:func:`could_produce` with a derivation for every type.

    For each type: the first ability (in user numbering) that gives it, the mana it
    adds before replacement effects, the permanents it looked at (could-produce
    abilities), one shortest order of replacement effects that ends in mana of that
    type, and the rule numbers.

    Rules
    -----
    CR 106.7, 305.6 (intrinsic abilities), 305.7 and 613.1d (land types), 613.1f
    (granted abilities), 614.1a and 616.1 (replacement effects in order).
    """
    before = before_priority(state)  # CR 117.5: pending state-based actions first
    if before.undecided or before.changed:
        return _after_state_based(before, state, object_id)
    solver = solver_for(state)
    perm = state.permanent(object_id)
    chars = effective(state)[object_id]
    found: dict[ManaType, TypeDerivation] = {}
    for num, ab in solver.abilities[object_id]:
        assert ab.mana is not None
        if ab.mana.kind is ManaProductionKind.UNMODELLED:
            continue  # left out; the answer says it is incomplete
        bound = solver.bound(perm, ab)
        try:
            base = solver.base_events(perm, ab, solver.values)
        except EnumerationLimit:
            # Too many events to list: explain with their sets of types instead.
            base = solver.supports(perm, ab, solver.values)
            bound = solver.type_effects(perm, ab)
        events = sorted(base, key=lambda e: (len(e), [t.order for t in e]))
        for ev in events:
            looked: tuple[str, ...] = ()
            rules = ["106.7"]
            if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                looked = tuple(lid for lid in referenced_lands(state, perm, ab.mana)
                               if ev and ev[0] in solver.values[lid])
            if "(CR 305.6" in ab.text:
                rules.append("305.6")
            if chars.lost_abilities:
                rules.append("305.7")
            if ab not in perm.card.abilities and "(CR 305.6" not in ab.text:
                rules.append("613.1f")
            graph = ReplacementGraph(bound, ev)
            for out in sorted(graph.outcomes, key=lambda e: (len(e), [t.order for t in e])):
                for t in out:
                    if t in found:
                        continue
                    path = tuple(graph.path_to(out))
                    r = rules + (["614.1a", "616.1"] if path else [])
                    found[t] = TypeDerivation(t, num, ab.text or ab.cost_text, ev, looked,
                                              path, out, tuple(r))
    types = solver.values[object_id]
    assert frozenset(found) == types, (found, types)
    # What its abilities add looks only at itself unless one of them refers to other
    # permanents (Reflecting Pool), counts them ("for each"), or has a condition.
    own = all(ab.mana is not None and not ab.mana.refers_to_other_permanents
              and ab.mana.per is None and ab.condition is None
              for _, ab in solver.abilities[object_id])
    undecided = unapplied(state, PRODUCE, [object_id], looks_at=[object_id] if own else None)
    return CouldProduce(object_id, types,
                        tuple(found[t] for t in MANA_TYPES if t in found),
                        complete=object_id not in solver.incomplete, undecided=undecided)


def _after_state_based(before: BeforePriority, state: GameState, object_id: str
                       ) -> CouldProduce:
    """:func:`explain_could_produce` of the state(s) after pending state-based actions
    (CR 117.5): one answer if every branch gives it, else not decided."""
    state.permanent(object_id)  # UnknownObject: bad input, whatever happens next
    if before.undecided:
        return CouldProduce(object_id, frozenset(), (), undecided=before.undecided)
    answers: list[CouldProduce] = []
    for branch in before.branches:
        st = branch.state
        if st.zone_of(object_id) != "battlefield":
            gone = CouldProduce(object_id, frozenset(), (), state_based=branch.performed)
            answers.append(gone)  # it left: it could produce nothing (CR 106.7)
        else:
            answers.append(replace(explain_could_produce(st, object_id),
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
