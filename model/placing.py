"""Putting counters on a permanent: how many of each kind are really put.

:func:`place_counters` takes the counters an effect, a cost or an entering permanent
would put on a permanent and applies the static abilities on the battlefield that
change that: replacement effects that put more instead ("twice that many +1/+1
counters are put on that creature instead", Branching Evolution) and restrictions
("can't have counters put on it", Tatterkite; "creatures your opponents control can't
have +1/+1 counters put on them", Blightbeetle). Nothing here changes a state: the
callers (the resolution solver's effects and events, the activation solver's costs)
put what it returns.

Examples
--------
>>> from manacheck.model import load_state_text
>>> st = load_state_text('''
... turn: {active_player: Alice}
... players:
...   Alice:
...     battlefield: [Branching Evolution, Branching Evolution, Llanowar Elves]
... ''')
>>> place_counters(st, "Llanowar Elves", Counters.of({"+1/+1": 2, "flying": 1})).put.as_dict()
{'+1/+1': 8, 'flying': 1}

Rules
-----
CR 122.6: counters are put on an object on the battlefield, or given to it as it enters
(CR 614.12: judged by the permanent as it would exist on the battlefield, its own
static abilities included). CR 614.1a: an effect that uses "instead" is a replacement
effect. CR 616.1, 616.1e-f: the affected object's controller chooses the order of the
replacement effects, each applied once; every one modelled here multiplies one kind's
number, and multiplications commute, so every order puts the same counters
(Branching Evolution ruling 2020-06-23: two of them put four times as many). A
permanent that can't have counters of a kind put on it doesn't get them (Tatterkite
rulings 2008-05-01: "A spell or ability whose effect would put a counter on Tatterkite
simply doesn't affect it", and it "enters the battlefield but doesn't have those
counters"; Blightbeetle ruling 2019-07-12: a replacement effect that would put +1/+1
counters may still be applied, "but they won't get counters"). CR 113.6, 604.1: only
static abilities of permanents on the battlefield function, as layer 6 leaves them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import StaticAbility
from .cards import CardDefinition
from .characteristics import effective, matches
from .marked import permanents_with
from .state import Counters, GameState, Permanent

__all__ = ["Placing", "counter_sources", "place_counters"]


@dataclass(frozen=True, slots=True)
class Placing:
    """The counters put (``put``) and why they differ from those asked for: one
    ``(text, rules)`` line for each effect that changed them."""

    put: Counters
    why: tuple[tuple[str, tuple[str, ...]], ...] = ()


def place_counters(state: GameState, perm_id: str, counters: Counters, *,
                   by_effect: bool = True) -> Placing:
    """What is put when ``counters`` would be put on the permanent ``perm_id`` of
    ``state`` (for an entering permanent: ``state`` with it on the battlefield), by an
    effect or (``by_effect`` false) by a cost.

    Rules
    -----
    CR 122.6, 614.1a, 616.1, 616.1f, 614.12; Tatterkite's and Blightbeetle's rulings
    (see the module). "If an effect would put one or more counters" (Doubling Season)
    doesn't apply to a cost (its ruling: loyalty costs aren't doubled).
    """
    sources = counter_sources(state)
    if not sources:
        return Placing(counters)
    perm = state.permanent(perm_id)
    chars = effective(state)
    target = chars[perm_id]
    why: list[tuple[str, tuple[str, ...]]] = []
    replacements: list[tuple[str, StaticAbility]] = []
    bars: list[tuple[str, StaticAbility]] = []
    for src in sources:
        for ab in chars[src.id].abilities:
            if not isinstance(ab, StaticAbility):
                continue
            if ab.kind == "counter_replacement":
                if (by_effect or not ab.effects_only) and matches(
                        ab.affected, target, perm, state, src.controller, src.id):
                    replacements.append((src.id, ab))
            elif ab.kind == "cant_have_counters":
                if ab.self_only:
                    hit = src.id == perm_id  # "Tatterkite can't have counters put on it"
                else:
                    hit = matches(ab.affected, target, perm, state, src.controller, src.id)
                if hit:
                    bars.append((src.id, ab))
    put = counters
    # CR 616.1f: each applies once, to the event as the ones before left it.
    for src_id, ab in replacements:
        # (no counter kind: "one or more counters", each kind put, Doubling Season)
        for kind in [ab.counter] if ab.counter else [k for k, _ in put.items]:
            n = put[kind]
            if n and ab.multiply is not None:
                put = put.add(kind, n * (ab.multiply - 1))
                why.append((f"{src_id}: {n} {kind} counter(s) become {n * ab.multiply} "
                            f"({ab.text or 'a replacement effect'})", ("614.1a", "616.1")))
    for src_id, ab in bars:
        kinds = [k for k in put if not ab.counter or k == ab.counter]
        if kinds:
            gone = Counters.of({k: put[k] for k in kinds})
            for k in kinds:
                put = put.remove(k, put[k])
            why.append((f"{perm_id} can't have {', '.join(kinds)} counters put on it "
                        f"({src_id}: \"{ab.text or 'can not have counters put on it'}\"): "
                        f"{_fmt(gone)} not put", ("122.6",)))
    return Placing(put, tuple(why))


_KINDS = ("cant_have_counters", "counter_replacement")


def _has_counter_statics(card: CardDefinition) -> bool:
    """Whether the card prints a static ability :func:`place_counters` reads (no layer
    gives a permanent a static ability it doesn't print: granted abilities are
    activated ones). Cached on the card definition."""
    hit = card.__dict__.get("_counter_statics")
    if hit is None:
        hit = any(ab.kind in _KINDS for ab in card.static_abilities)
        card.__dict__["_counter_statics"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def counter_sources(state: GameState) -> tuple[Permanent, ...]:
    """The permanents whose cards have a static ability about putting counters, in
    battlefield order (once per state; a state whose differences from the last one
    asked about are all permanents without one has that one's answer, found without a
    loop over the battlefield: :func:`~.marked.permanents_with`).

    Rules
    -----
    CR 113.6, 604.1: static abilities of permanents function on the battlefield.
    """
    return permanents_with(state, "counter_statics", _has_counter_statics)


def _fmt(c: Counters) -> str:
    return ", ".join(f"{n} {k}" for k, n in c.items) if c else "no counters"
