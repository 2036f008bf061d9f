"""The ``events:`` list of a state file: its vocabulary, parsed and checked for shape.

Events happen in the order listed. Each one is a one-key mapping (``resolve`` may also
be written as a bare string). Object references are object ids (see the state file's
id rules); whether the object is still there is checked when the event is played out
(:mod:`manacheck.solver.resolution`), because earlier events move things.

Vocabulary::

    events:
      - put_counters: {object: Hei Bai, counters: {"-1/-1": 5}}   # CR 122.1, 122.6
      - put_counters: {objects: [A, B], counters: {"+1/+1": 1}}   # simultaneously
      - remove_counters: {object: Walking Ballista, counters: {"+1/+1": 1}}
      - dies: Hei Bai                  # put into its owner's graveyard (CR 700.4)
      - exile: The Ozolith             # exiled from the battlefield
      - return_to_hand: Llanowar Elves # returned to its owner's hand
      - leaves: {objects: [A, B], to: graveyard}   # simultaneously; to: graveyard|exile|hand
      - cast: {card: Kozilek, x: 0, alternative_cost: awaken, targets: [...]}
      - draw: {player: Alice, count: 2}   # a player draws cards (CR 121.2)
      - beginning_of_combat            # the turn moves to the beginning of combat step
      - beginning_of_end_step          # the turn moves to the end step (CR 513.1)
      - attack: [Hei Bai]              # the active player declares attackers (CR 508.1)
      - activate: {object: Kozilek, ability: 1, discard: Endless One, targets: [Fireball]}
      - resolve: top                   # resolve the top object of the stack (CR 608)
      - resolve: all                   # resolve until the stack is empty
      - choose: {target: Kozilek}      # the target(s) of the ability being put on the stack
      - choose: {targets: [A, B]}
      - choose: {may: yes}             # a "you may" answered as the ability resolves
      - choose: {sacrifice: Llanowar Elves}   # or {sacrifice: none}
      - choose: {order: [The Ozolith, Hei Bai]}  # triggers in the order put on the stack
      - choose: {keep: The Ozolith}    # legend rule (CR 704.5j): the one to keep
      - choose: {discard: Sol Ring}    # the card to discard for an ``activate``

A ``choose`` event answers the next open choice that the events before it leave: a
trigger's target as it is put on the stack, the order of simultaneous triggers one
player controls (CR 603.3b), a "you may" as an ability resolves (CR 603.5), which
permanent to sacrifice, which legendary permanent to keep. A choice the file doesn't
make is left open: :func:`~manacheck.solver.resolution.resolve` stops there and lists
the options, :func:`~manacheck.solver.resolution.outcomes` tries each.

``activate`` supports abilities without a mana cost, tap or untap symbol whose cost is
discarding cards (Kozilek's "Discard a card with mana value X"); other activations
belong to the activation solver. Leave out ``targets`` or ``discard`` to make them open
choices (which spell to counter, which card to discard).

Rules
-----
CR 700.4: "dies" means put into a graveyard from the battlefield.
CR 122.1, 122.6: putting counters. CR 601.2: casting a spell. CR 608: resolving.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from manacheck.model import BadInput, Counters

__all__ = [
    "Activate",
    "Attack",
    "BadEvent",
    "BeginningOfStep",
    "Cast",
    "Choose",
    "Draw",
    "Event",
    "Leaves",
    "PutCounters",
    "RemoveCounters",
    "Resolve",
    "parse_events",
]

MAX_EVENTS = 1000

LEAVE_ZONES = ("graveyard", "exile", "hand")
CHOICE_KINDS = ("target", "targets", "may", "sacrifice", "order", "keep", "discard")


class BadEvent(BadInput):
    """An event that is malformed, names something that isn't there, or is illegal.

    The message names the event by its number (1-based, as in the file) and kind.
    """

    def __init__(self, index: int, kind: str, message: str,
                 suggestion: str | None = None) -> None:
        super().__init__(f"event {index + 1} ({kind}): {message}", suggestion=suggestion)
        self.index = index
        self.kind = kind


@dataclass(frozen=True, slots=True)
class PutCounters:
    """Put counters on one or more permanents at once (CR 122.6), as the effects on the
    battlefield change what is put (replacement effects, CR 614.1a; "can't have
    counters put on it"): see :func:`manacheck.model.placing.place_counters`."""

    index: int
    objects: tuple[str, ...]
    counters: Counters
    kind: str = "put_counters"


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """Remove counters from a permanent (it must have them)."""

    index: int
    objects: tuple[str, ...]
    counters: Counters
    kind: str = "remove_counters"


@dataclass(frozen=True, slots=True)
class Leaves:
    """Permanents leave the battlefield at once, to ``to`` (graveyard = dies, CR 700.4)."""

    index: int
    objects: tuple[str, ...]
    to: str
    kind: str = "leaves"


@dataclass(frozen=True, slots=True)
class Cast:
    """A player casts a spell from their hand (CR 601); costs are taken as paid."""

    index: int
    card: str
    x: int | None = None
    alternative_cost: str | None = None
    targets: tuple[str, ...] = ()
    kind: str = "cast"


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate an ability whose cost is only discarding cards (Kozilek)."""

    index: int
    object: str
    ability: int
    discard: tuple[str, ...]
    targets: tuple[str, ...]
    kind: str = "activate"


@dataclass(frozen=True, slots=True)
class Draw:
    """A player draws cards (CR 121.2); the library size goes down."""

    index: int
    player: str
    count: int
    kind: str = "draw"


@dataclass(frozen=True, slots=True)
class Attack:
    """The active player declares these creatures as attackers (CR 508.1)."""

    index: int
    objects: tuple[str, ...]
    kind: str = "attack"


@dataclass(frozen=True, slots=True)
class BeginningOfStep:
    """The turn moves to the beginning of a step: ``beginning_of_combat`` (CR 507) or
    ``beginning_of_end_step`` (CR 513), and "at the beginning of" triggers trigger."""

    index: int
    kind: str = "beginning_of_combat"


@dataclass(frozen=True, slots=True)
class Resolve:
    """Resolve the top of the stack (``all=False``) or until it is empty."""

    index: int
    all: bool
    kind: str = "resolve"


@dataclass(frozen=True, slots=True)
class Choose:
    """A player's answer to the next open choice: ``choice`` is one of CHOICE_KINDS."""

    index: int
    choice: str
    value: tuple[str, ...]
    kind: str = "choose"

    @property
    def text(self) -> str:
        return ", ".join(self.value)


Event = (PutCounters | RemoveCounters | Leaves | Cast | Activate | Draw | BeginningOfStep
         | Attack | Resolve | Choose)

EVENT_KINDS = ("put_counters", "remove_counters", "dies", "exile", "return_to_hand", "leaves",
               "cast", "activate", "draw", "beginning_of_combat", "beginning_of_end_step",
               "attack", "resolve", "choose")
#: The events that move the turn to the beginning of a step (``BeginningOfStep``).
STEP_EVENTS = ("beginning_of_combat", "beginning_of_end_step")


def _suggest(word: str, choices: tuple[str, ...]) -> str | None:
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _ids(i: int, kind: str, v: Any, single: str = "object", many: str = "objects"
         ) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if isinstance(v, Mapping):
        if single in v and many in v:
            raise BadEvent(i, kind, f"give '{single}' or '{many}', not both")
        v = v.get(single, v.get(many))
        if isinstance(v, str):
            return (v,)
    if isinstance(v, list) and v and all(isinstance(x, str) and x for x in v):
        if len(set(v)) != len(v):
            raise BadEvent(i, kind, "an object is listed twice")
        return tuple(v)
    raise BadEvent(i, kind, f"expected an object id or a list of object ids ('{single}' or "
                            f"'{many}')")


def _keys(i: int, kind: str, v: Any, allowed: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise BadEvent(i, kind, f"expected a mapping with {', '.join(allowed)}")
    for k in v:
        if k not in allowed:
            raise BadEvent(i, kind, f"unknown key '{k}'", _suggest(str(k), allowed))
    return v


def _counters(i: int, kind: str, v: Any) -> Counters:
    if not isinstance(v, Mapping) or not v:
        raise BadEvent(i, kind, "counters must be a mapping such as {\"+1/+1\": 2}")
    good: dict[str, int] = {}
    for k, n in v.items():
        if not isinstance(k, str) or not k.strip():
            raise BadEvent(i, kind, f"bad counter kind {k!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise BadEvent(i, kind, f"the number of {k} counters must be a whole number ≥ 1, "
                                    f"got {n!r}")
        if n > 1_000_000:
            raise BadEvent(i, kind, f"too many {k} counters ({n}); the limit is 1,000,000")
        good[k.strip()] = n
    return Counters.of(good)


def _str_list(i: int, kind: str, v: Any, what: str) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return tuple(v)
    raise BadEvent(i, kind, f"{what} must be an id or a list of ids")


_YES = {True: "yes", False: "no", "yes": "yes", "no": "no"}


def _parse_one(i: int, raw: Any) -> Event:
    if isinstance(raw, str):
        if raw in STEP_EVENTS:
            return BeginningOfStep(i, raw)
        if raw in ("resolve", "resolve_all"):
            return Resolve(i, all=raw == "resolve_all")
        raise BadEvent(i, str(raw)[:40], "unknown event", _suggest(raw, EVENT_KINDS))
    if not isinstance(raw, Mapping) or len(raw) != 1:
        raise BadEvent(i, "?", "an event is a mapping with one key, such as {dies: Hei Bai}",
                       "events are: " + ", ".join(EVENT_KINDS))
    (kind, v), = raw.items()
    kind = str(kind)
    if kind == "put_counters" or kind == "remove_counters":
        d = _keys(i, kind, v, ("object", "objects", "counters"))
        cls = PutCounters if kind == "put_counters" else RemoveCounters
        return cls(i, _ids(i, kind, d), _counters(i, kind, d.get("counters")))
    if kind in ("dies", "exile", "return_to_hand"):
        to = {"dies": "graveyard", "exile": "exile", "return_to_hand": "hand"}[kind]
        return Leaves(i, _ids(i, kind, v), to, kind=kind)
    if kind == "leaves":
        d = _keys(i, kind, v, ("object", "objects", "to"))
        dest = d.get("to")
        if dest not in LEAVE_ZONES:
            raise BadEvent(i, kind, f"'to' must be one of {', '.join(LEAVE_ZONES)}, "
                                    f"got {dest!r}")
        return Leaves(i, _ids(i, kind, d), str(dest))
    if kind == "cast":
        if isinstance(v, str):
            return Cast(i, v)
        d = _keys(i, kind, v, ("card", "x", "alternative_cost", "targets"))
        card = d.get("card")
        if not isinstance(card, str) or not card:
            raise BadEvent(i, kind, "missing 'card': the id of a card in its caster's hand")
        x = d.get("x")
        if x is not None and (isinstance(x, bool) or not isinstance(x, int) or x < 0):
            raise BadEvent(i, kind, f"x must be a whole number ≥ 0 (CR 107.3), got {x!r}")
        alt = d.get("alternative_cost")
        if alt is not None and not isinstance(alt, str):
            raise BadEvent(i, kind, "alternative_cost must be a name such as 'awaken'")
        return Cast(i, card, x, alt, _str_list(i, kind, d.get("targets"), "targets"))
    if kind == "activate":
        d = _keys(i, kind, v, ("object", "ability", "discard", "targets"))
        obj = d.get("object")
        if not isinstance(obj, str) or not obj:
            raise BadEvent(i, kind, "missing 'object': the id of the ability's source")
        n = d.get("ability", 1)
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise BadEvent(i, kind, f"ability must be a number from 1, got {n!r}")
        return Activate(i, obj, n, _str_list(i, kind, d.get("discard"), "discard"),
                        _str_list(i, kind, d.get("targets"), "targets"))
    if kind == "draw":
        if isinstance(v, str):
            return Draw(i, v, 1)
        d = _keys(i, kind, v, ("player", "count"))
        who = d.get("player")
        n = d.get("count", 1)
        if not isinstance(who, str):
            raise BadEvent(i, kind, "missing 'player'")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise BadEvent(i, kind, f"count must be a whole number from 0 to 1000, got {n!r}")
        return Draw(i, who, n)
    if kind in STEP_EVENTS:
        return BeginningOfStep(i, kind)
    if kind == "attack":
        return Attack(i, _ids(i, kind, v))
    if kind == "resolve":
        if v in ("top", 1, None, True):
            return Resolve(i, all=False)
        if v in ("all", "stack"):
            return Resolve(i, all=True)
        raise BadEvent(i, kind, f"resolve takes 'top' or 'all', got {v!r}")
    if kind == "choose":
        d = _keys(i, kind, v, CHOICE_KINDS)
        if len(d) != 1:
            raise BadEvent(i, kind, "a choice has exactly one key: " + ", ".join(CHOICE_KINDS))
        (ck, cv), = d.items()
        ck = str(ck)
        if ck == "may":
            if cv not in _YES:
                raise BadEvent(i, kind, f"may takes yes or no, got {cv!r}")
            return Choose(i, "may", (_YES[cv],))
        if ck in ("target", "targets"):
            return Choose(i, "target", _str_list(i, kind, cv, ck))
        if ck == "order":
            vals = _str_list(i, kind, cv, ck)
            if not vals:
                raise BadEvent(i, kind, "order lists the triggered abilities")
            return Choose(i, "order", vals)
        if cv is None or cv is False:
            cv = "none"
        if not isinstance(cv, str):
            raise BadEvent(i, kind, f"{ck} takes one object id")
        return Choose(i, ck, (cv,))
    raise BadEvent(i, kind, "unknown event", _suggest(kind, EVENT_KINDS))


def parse_events(raw: Any) -> tuple[Event, ...]:
    """Parse the raw ``events`` list of a state file.

    Raises
    ------
    BadEvent
        For the first malformed event, naming its number and kind.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple):
        raise BadInput("events must be a list")
    if len(raw) > MAX_EVENTS:
        raise BadInput(f"too many events ({len(raw)}); the limit is {MAX_EVENTS}")
    return tuple(_parse_one(i, e) for i, e in enumerate(raw))
