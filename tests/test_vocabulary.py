"""The closed effect and condition vocabulary (``model/vocabulary.py``, issue 12).

Every effect kind and condition kind in the built-in card data must be one of the
declared generic kinds, so a new card-shaped kind ("may_draw_if_greatest_power") fails
here instead of being added quietly. And the cards migrated onto the vocabulary keep
their answers: what the resolution solver executed still executes the same (the
expected outcomes derived by hand from the rules cited), and what it refused is still
refused (``Unsupported``), never skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import GameState, load_state_data
from manacheck.model.abilities import Condition, Params
from manacheck.model.conditions import CONDITION_KINDS as ACTIVATION_CONDITIONS
from manacheck.model.conditions import condition_holds
from manacheck.model.pool import PoolCards
from manacheck.model.vocabulary import AMOUNT_KEYS, CONDITION_KINDS, EFFECT_KINDS, UNREAD
from manacheck.solver.resolution import Unsupported, resolve
from manacheck.solver.resolution.effects import EFFECTS

DATA = Path(__file__).resolve().parents[1] / "model" / "data"
KOZ = "Kozilek, the Great Distortion"

#: Keys whose value is a condition (an ability's, an intervening "if", an effect's own).
_CONDITION_KEYS = ("condition", "intervening_if", "if", "unless")


def _kinds(node: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """(what, kind, where) for every effect, condition and amount in a card's data:
    ``effect`` for a member of an ``effects`` list (or an effect nested in one, as
    ``on_loss``), ``condition`` for the value of a condition key (a list of them under
    a mana ``instead``'s ``if``), ``amount`` for a condition's ``amount``/``to``."""
    if isinstance(node, list):
        for x in node:
            yield from _kinds(x, where)
        return
    if not isinstance(node, dict):
        return
    for key, val in node.items():
        if key == "effects" and isinstance(val, list):
            for eff in val:
                yield "effect", str(eff.get("kind")), where
                for k, v in eff.items():
                    if isinstance(v, dict) and "kind" in v and k not in _CONDITION_KEYS \
                            and k != "count":
                        yield "effect", str(v["kind"]), where  # (flip_coin's on_loss)
        if key in _CONDITION_KEYS and isinstance(val, (dict, list)):
            for cond in val if isinstance(val, list) else [val]:
                if isinstance(cond, dict) and "kind" in cond:
                    yield "condition", str(cond["kind"]), where
                    for k in ("amount", "to"):
                        if isinstance(cond.get(k), dict):
                            yield "amount", ",".join(sorted(set(cond[k]) & set(
                                AMOUNT_KEYS))) or str(sorted(cond[k])), where
        yield from _kinds(val, where)


def _builtin() -> Iterator[tuple[str, str, str]]:
    compiled = json.loads((DATA / "compiled_cards.json").read_text(encoding="utf-8"))
    for name, text in compiled["cards"].items():
        yield from _kinds(json.loads(text), f"compiled_cards.json: {name}")
    generated = json.loads((DATA / "cards" / "40_generated.json").read_text(encoding="utf-8"))
    for card in generated:
        yield from _kinds(card, f"40_generated.json: {card['name']}")


_DECLARED = {"effect": EFFECT_KINDS, "condition": CONDITION_KINDS, "amount": AMOUNT_KEYS}


def _undeclared(found: Iterator[tuple[str, str, str]]) -> list[str]:
    return sorted({f"{what} {kind!r} ({where})" for what, kind, where in found
                   if kind not in _DECLARED[what]})


def test_every_kind_in_the_builtin_cards_is_declared() -> None:
    """Issue 12: the built-in data uses only the declared vocabulary."""
    found = list(_builtin())
    assert {w for w, _, _ in found} == {"effect", "condition", "amount"}  # it looks
    assert _undeclared(iter(found)) == []


def test_a_card_shaped_kind_is_caught() -> None:
    """The check can fail: the kinds issue 12 removed are not declared, wherever they
    are written (an effect, an intervening "if", a mana ability's "instead" list)."""
    card = {"abilities": [
        {"triggered": {"intervening_if": {"kind": "subject_mana_value_equals_counters"},
                       "effects": [{"kind": "may_draw_if_greatest_power"}]}},
        {"activated": {"mana": {"add": "{C}", "instead": {
            "if": [{"kind": "source_has_counter"}], "add": "{C}{C}"}}}},
        {"activated": {"condition": {"kind": "at_least", "amount": {"hand_size": 1}}}}]}
    assert _undeclared(_kinds(card, "X")) == [
        "amount \"['hand_size']\" (X)",
        "condition 'source_has_counter' (X)",
        "condition 'subject_mana_value_equals_counters' (X)",
        "effect 'may_draw_if_greatest_power' (X)"]


@pytest.mark.parametrize("table", [EFFECT_KINDS, CONDITION_KINDS, AMOUNT_KEYS])
def test_each_declared_kind_cites_its_rule(table: dict[str, str]) -> None:
    """Documentation: every kind but the unread marker says which rule it is."""
    assert all(re.search(r"CR \d{3}", doc) or kind == UNREAD
               for kind, doc in table.items()), [
        k for k, d in table.items() if not re.search(r"CR \d{3}", d) and k != UNREAD]


def test_what_the_solvers_read_is_declared() -> None:
    """The resolution solver's effect functions and the activation conditions are
    vocabulary kinds; the unread marker is never executed."""
    assert set(EFFECTS) <= set(EFFECT_KINDS)
    assert set(ACTIVATION_CONDITIONS) <= set(CONDITION_KINDS)
    assert UNREAD not in EFFECTS and UNREAD not in ACTIVATION_CONDITIONS


def _state(battlefield: list[Any], *, hand: list[Any] | None = None,
           events: list[Any] | None = None, library: int = 10) -> GameState:
    return load_state_data({
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {"Alice": {"battlefield": battlefield, "hand": hand or [],
                              "library_size": library},
                    "Bob": {"battlefield": []}},
        "events": events or []})


@pytest.mark.cr("603.4")
def test_kozilek_with_seven_other_cards_does_not_trigger_603_4() -> None:
    """Kozilek's cast trigger, ``fewer_than {cards: hand} 7``: cast from a hand of
    eight, seven stay, so "if you have fewer than seven cards in hand" is false when it
    would trigger (CR 603.4): nothing is drawn, the library keeps its 10."""
    out = resolve(_state([], hand=[KOZ, *["Sol Ring"] * 7],
                         events=[{"cast": KOZ}, {"resolve": "all"}]))
    alice = out.state.player("Alice")
    assert len(alice.hand) == 7 and alice.library_size == 10
    assert any("603.4" in e.rules for e in out.log)


@pytest.mark.cr("603.4")
def test_kozilek_with_five_other_cards_draws_two_121_2() -> None:
    """Hand of six with Kozilek: five stay (fewer than seven), "draw cards equal to the
    difference" draws 2 (CR 121.2): hand 7, library 8."""
    out = resolve(_state([], hand=[KOZ, *["Sol Ring"] * 5],
                         events=[{"cast": KOZ}, {"resolve": "all"}]))
    alice = out.state.player("Alice")
    assert len(alice.hand) == 7 and alice.library_size == 8


@pytest.mark.cr("701.6a")
def test_kozilek_counters_its_target_701_6a() -> None:
    """``counter {target: 0}`` (was ``counter_target``): discard Sol Ring (mana value
    1) to counter Bob's mana value 1 spell; it goes to his graveyard (CR 701.6a)."""
    s = load_state_data({
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {"Alice": {"battlefield": [KOZ], "hand": ["Sol Ring"]},
                    "Bob": {"battlefield": []}},
        "stack": [{"card": "Llanowar Elves", "controller": "Bob"}],
        "events": [{"activate": {"object": KOZ, "ability": 1}}, {"resolve": "top"}]})
    out = resolve(s)
    assert out.complete, [e.text for e in out.log]
    assert [c.id for c in out.state.player("Bob").graveyard] == ["Llanowar Elves"]
    assert out.state.stack == ()
    assert any("701.6a" in e.rules for e in out.log)


@pytest.mark.parametrize(("battlefield", "hand", "events"), [
    # Selvala: "its controller may draw a card if its power is greater ...": the draw's
    # own "may" and its unread condition (kind other) are refused.
    (["Selvala, Heart of the Wilds"], ["Llanowar Elves"],
     [{"cast": "Llanowar Elves"}, {"resolve": "all"}]),
    # Chalice of the Void: the spell cast is countered if its mana value equals the
    # charge counters (``equals``; ``counter {what: subject}``): refused.
    ([{"card": "Chalice of the Void", "counters": {"charge": 1}}], ["Llanowar Elves"],
     [{"cast": "Llanowar Elves"}, {"resolve": "all"}]),
])
def test_migrated_effects_still_refused(battlefield: list[Any], hand: list[Any],
                                        events: list[Any]) -> None:
    """Effects the resolution solver never modelled stay refused after the renaming."""
    with pytest.raises(Unsupported):
        resolve(_state(battlefield, hand=hand, events=events))


@pytest.mark.cr("602.1b")
@pytest.mark.parametrize(("bricks", "holds"), [(2, False), (3, True), (4, True)])
def test_counters_on_the_source_at_least_602_1b(bricks: int, holds: bool) -> None:
    """Pyramid of the Pantheon: "Activate only if there are three or more brick
    counters on it" is ``at_least {counters: brick, of: self} 3``: 2 no, 3 and 4 yes."""
    s = _state([{"card": "Pyramid of the Pantheon", "counters": {"brick": bricks}}])
    cond = Condition("at_least", Params.of(amount=Params.of(counters="brick", of="self"),
                                           count=3))
    assert condition_holds(s, cond, "Alice", "Pyramid of the Pantheon") == (holds, bricks)


@pytest.mark.cr("500.1")
@pytest.mark.parametrize(("phase", "before", "holds"), [
    ("end", "end", False), ("postcombat_main", "end", True),
    ("declare_attackers", "declare_attackers", False),
    ("beginning_of_combat", "declare_attackers", True)])
def test_your_turn_before_a_step_500_1(phase: str, before: str, holds: bool) -> None:
    """``your_turn {before: STEP}``: in a step of your turn that comes before STEP (CR
    500.1's order); an unknown step is not decided (None)."""
    s = load_state_data({"turn": {"active_player": "Alice", "phase": phase},
                         "players": {"Alice": {}, "Bob": {}}})
    cond = Condition("your_turn", Params.of(before=before))
    assert condition_holds(s, cond, "Alice", "") == (holds, 0)
    assert condition_holds(s, cond, "Bob", "") == (False, 0)
    assert condition_holds(s, Condition("your_turn", Params.of(before="x")), "Alice",
                           "") is None


def test_the_shipped_pool_uses_only_the_vocabulary() -> None:
    """The reader's output for the whole shipped pool (``model/data/pool``) is composed
    from the declared kinds too: what it can't read is ``other``, never a new kind."""
    found = [k for name, entry in PoolCards().entries()
             for k in _kinds(json.loads(entry), f"pool: {name}")]
    assert len(found) > 10_000
    assert _undeclared(iter(found)) == []
