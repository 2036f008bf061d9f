"""Could-produce answers through the Python API, "not decided" included (CR 106.7).

:func:`could_produce` and :func:`could_produce_all` answer as ``manacheck produce``
does (:func:`~.explain.explain_could_produce`: state-based actions first, the search
budget, and soundness, ``manacheck.solver.soundness``): an answer that an effect on the
board the solver doesn't apply could change (an unread line, for instance) is never
given as a bare set. :func:`could_produce` raises :class:`ProduceNotDecided` for it;
:func:`could_produce_all` returns a :class:`ProduceAll` whose undecided permanents are
listed in ``undecided`` with the reasons and raise :class:`ProduceNotDecided` when
looked up.

An answer that rests on an unmodelled mana ability (``incomplete``) is a lower bound:
its types are certain, more may be possible (as in the CLI).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from manacheck.model import GameState, ManaType

from ..notdecided import NotDecided
from ..soundness import Undecided
from .could import produced_types_all
from .explain import CouldProduce, explain_could_produce

__all__ = ["ProduceAll", "ProduceNotDecided", "could_produce", "could_produce_all"]


class ProduceNotDecided(NotDecided):
    """A could-produce answer that is not decided, with the reasons (``undecided``;
    ``limit`` and ``stopped`` when a search limit stopped it): a
    :class:`~manacheck.solver.NotDecided`."""

    def __init__(self, answer: CouldProduce) -> None:
        reasons = [str(u) for u in answer.undecided] + ([answer.limit] if answer.limit
                                                        else [])
        super().__init__(f"what {answer.object_id} could produce is not decided: "
                         + "; ".join(reasons), undecided=answer.undecided,
                         stopped=answer.limit or "")
        self.object_id = answer.object_id
        self.limit = answer.limit


def _decided(answer: CouldProduce) -> bool:
    return answer.decided


class ProduceAll(Mapping[str, frozenset[ManaType]]):
    """Permanent id -> the mana types it could produce (CR 106.7), for the permanents
    whose answer is decided, in state-file order. Looking up a permanent whose answer
    is not decided raises :class:`ProduceNotDecided`; ``undecided`` lists them with the
    reasons; ``incomplete`` names the answers that are lower bounds."""

    def __init__(self, answers: Mapping[str, CouldProduce]) -> None:
        self.answers: dict[str, CouldProduce] = dict(answers)

    def __getitem__(self, object_id: str) -> frozenset[ManaType]:
        answer = self.answers[object_id]
        if not _decided(answer):
            raise ProduceNotDecided(answer)
        return answer.mana_types

    def __iter__(self) -> Iterator[str]:
        return (oid for oid, a in self.answers.items() if _decided(a))

    def __len__(self) -> int:
        return sum(1 for a in self.answers.values() if _decided(a))

    def __contains__(self, object_id: object) -> bool:
        answer = self.answers.get(object_id) if isinstance(object_id, str) else None
        return answer is not None and _decided(answer)

    @property
    def undecided(self) -> dict[str, tuple[Undecided, ...]]:
        """Permanent id -> why its answer is not decided (a search limit is given as an
        :class:`~manacheck.solver.soundness.Undecided` with key ``limit``)."""
        return {oid: a.undecided + ((Undecided(oid, "", "", a.limit, "limit"),)
                                    if a.limit else ())
                for oid, a in self.answers.items() if not _decided(a)}

    @property
    def incomplete(self) -> frozenset[str]:
        """Decided answers that are lower bounds (an unmodelled mana ability)."""
        return frozenset(oid for oid, a in self.answers.items()
                         if _decided(a) and not a.complete)

    @property
    def decided(self) -> bool:
        """Whether every permanent's answer is decided."""
        return all(_decided(a) for a in self.answers.values())


def could_produce_all(state: GameState) -> ProduceAll:
    """What every permanent on the battlefield could produce (CR 106.7), in one call,
    each answer as ``manacheck produce`` gives it (:class:`ProduceAll`).

    Raises
    ------
    BudgetExhausted
        If the search for the whole board stopped at its budget (never a guess).

    Rules
    -----
    CR 106.7: costs are ignored (a tapped Forest, a summoning-sick Llanowar Elves still
    could produce {G}); replacement effects apply in any possible order; "type"
    includes colorless, "color" doesn't. CR 106.5: an undefined type gives nothing.
    Triggered mana abilities are not counted (CR 106.12a; Wild Growth's ruling).
    """
    produced_types_all(state)  # BudgetExhausted: the whole board's search stopped
    return ProduceAll({p.id: explain_could_produce(state, p.id, explain=False)
                       for p in state.permanents})


def could_produce(state: GameState, object_id: str) -> frozenset[ManaType]:
    """What the permanent ``object_id`` could produce (CR 106.7).

    Raises
    ------
    UnknownObject
        If there is no such permanent.
    ProduceNotDecided
        If an effect the solver doesn't apply could change the answer, or a search
        limit stopped it (the reasons are on the exception).

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\n"
    ...                     "players: {A: {battlefield: [Island, Reflecting Pool]}}")
    >>> sorted(t.value for t in could_produce(s, "Reflecting Pool"))
    ['U']
    """
    answer = explain_could_produce(state, object_id, explain=False)
    if not _decided(answer):
        raise ProduceNotDecided(answer)
    return answer.mana_types
