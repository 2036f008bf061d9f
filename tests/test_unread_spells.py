"""Unread text of a spell paid for with ``pay --for``, and unread lines that are mana
abilities by form.

Hand-derived from the rules: a spell's effect happens as it resolves (CR 608.2); what
is paid to cast it is fixed before (CR 601.2f-h: its total cost, 118.7-118.9; how mana
may be spent on it, 106.6). So an unread line that can't bear on the cost or on how mana
is spent doesn't make the payment "not decided"; it still makes ``resolve`` not decided.
A line about the cost ("This spell costs {1} less ...") stays "could change anything".
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.payments import payment_answer
from manacheck.solver.resolution import Unsupported, resolve
from manacheck.solver.spelltext import may_bear_on_payment


def state(battlefield: list[str], hand: list[str], cards: str = "",
          events: str = "") -> GameState:
    text = textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            hand: [{", ".join(hand)}]
            battlefield: [{", ".join(battlefield)}]
          Bob:
            battlefield: []
        """) + textwrap.dedent(cards) + textwrap.dedent(events)
    return load_state_text(text)


def pay_for(s: GameState, obj: str) -> bool | None:
    return payment_answer(s, "Alice", None, list_payments=False, for_object=obj).payable


ZAP = """\
cards:
  - name: Zap Test
    mana_cost: "{2}{R}"
    types: [Instant]
    text: "Zap Test deals 4 damage to any target."
    abilities: [{static: {kind: other, text: "Zap Test deals 4 damage to any target."}}]
  - name: Cheap Zap Test
    mana_cost: "{2}{R}"
    types: [Instant]
    text: "This spell costs {1} less to cast for each Mountain you control.\\nCheap Zap \\
      Test deals 4 damage to any target."
    abilities:
      - static: {kind: other, text: "This spell costs {1} less to cast for each Mountain \\
          you control."}
      - {static: {kind: other, text: "Cheap Zap Test deals 4 damage to any target."}}
  - name: Colorless Zap Test
    mana_cost: "{2}{R}"
    types: [Instant]
    text: "Colorless Zap Test is colorless.\\nColorless Zap Test deals 4 damage to any target."
    abilities:
      - {static: {kind: other, text: "Colorless Zap Test is colorless."}}
      - {static: {kind: other, text: "Colorless Zap Test deals 4 damage to any target."}}
"""


@pytest.mark.cr("608.2", "601.2f")
def test_unread_effect_of_the_spell_paid_for_is_decided() -> None:
    # {2}{R} with three Mountains: payable; with two, not (CR 601.2h, no partial payment).
    assert pay_for(state(["Mountain"] * 3, ["Zap Test"], ZAP), "Zap Test") is True
    assert pay_for(state(["Mountain"] * 2, ["Zap Test"], ZAP), "Zap Test") is False
    assert pay_for(state(["Mountain"], ["Lightning Bolt"]), "Lightning Bolt") is True
    assert pay_for(state(["Forest"], ["Lightning Bolt"]), "Lightning Bolt") is False


@pytest.mark.cr("601.2f", "118.7")
def test_unread_line_about_its_cost_stays_not_decided() -> None:
    # With two Mountains the reduction (if read) would make it {R}: the answer depends on
    # the unread line, so it is not decided, naming it.
    s = state(["Mountain"] * 2, ["Cheap Zap Test"], ZAP)
    a = payment_answer(s, "Alice", None, list_payments=False, for_object="Cheap Zap Test")
    assert a.payable is None
    assert any("costs {1} less" in u.text for u in a.undecided)


@pytest.mark.cr("106.6", "105.2")
def test_unread_line_about_its_own_color_stays_not_decided() -> None:
    # Its color decides restrictions such as Pillar of the Paruns' (multicolored only).
    s = state(["Mountain"] * 3, ["Colorless Zap Test"], ZAP)
    assert pay_for(s, "Colorless Zap Test") is None


@pytest.mark.cr("608.2")
def test_resolve_still_refuses_the_unread_effect() -> None:
    # (Lightning Bolt's line is read now: CR 608.2; Healing Salve's modes aren't)
    s = state(["Plains"], ["Healing Salve"], events="events: [{cast: Healing Salve}, "
              "{resolve: all}]\n")
    with pytest.raises(Unsupported, match="Choose one"):
        resolve(s)
    s = state(["Mountain"] * 3, ["Zap Test"], ZAP,
              events="events: [{cast: Zap Test}, {resolve: all}]\n")
    with pytest.raises(Unsupported, match="Zap Test deals 4 damage"):
        resolve(s)


@pytest.mark.parametrize(("text", "bears"), [
    ("Lightning Bolt deals 3 damage to any target.", False),
    ("Target player gains 7 life.", False),
    ("Artifacts you control have indestructible.", False),
    ("Whenever a player casts a white spell, you may gain 1 life.", False),
    ("This spell costs {1} less to cast.", True),
    ("As an additional cost to cast this spell, sacrifice a creature.", True),
    ("You may pay 2 life rather than pay this spell's mana cost.", True),
    ("This spell can't be countered.", True),      # "spell": conservative
    ("Convoke", True),
    ("Delve", True),
    ("Affinity for artifacts", True),
    ("Spend only black mana on X.", True),
    ("Ghostfire is colorless.", True),
    ("Changeling", True),
    ("Cast this spell only during combat.", True),
    ("Fireball deals X damage divided as you choose among any number of targets.", True),
    ("When you cast this spell, add {R}.", True),
])
def test_which_lines_may_bear_on_payment(text: str, bears: bool) -> None:
    assert may_bear_on_payment(text) is bears


# ---- could_produce / could_produce_all say "not decided" as the CLI does -------------

GIFT = """\
turn: {active_player: Alice}
players:
  Alice:
    battlefield: [Forest, {card: Swamp, id: swamp}, Humility]
"""


@pytest.mark.cr("106.7")
def test_could_produce_all_names_the_undecided_answers() -> None:
    from manacheck.solver import could_produce, could_produce_all
    from manacheck.solver.produce import ProduceNotDecided, explain_could_produce

    s = load_state_text(GIFT)
    got = could_produce_all(s)
    # Humility's "All creatures lose all abilities and have base power and toughness
    # 1/1." is unread (it could be any effect): what the Swamp (and any land) could
    # produce is not decided; never the bare {B}.
    assert not got.decided
    assert "swamp" in got.undecided and "swamp" not in got
    assert any("Humility" in u.name for u in got.undecided["swamp"])
    with pytest.raises(ProduceNotDecided, match="Humility"):
        got["swamp"]
    with pytest.raises(ProduceNotDecided):
        could_produce(s, "swamp")
    # consistent with the CLI's answer, object by object
    for oid in ("Forest", "swamp"):
        assert bool(explain_could_produce(s, oid, explain=False).undecided) == (
            oid in got.undecided)


@pytest.mark.cr("106.7")
def test_could_produce_all_decided_board_is_a_plain_mapping() -> None:
    from manacheck.model import ManaType
    from manacheck.solver import could_produce_all

    s = load_state_text("turn: {active_player: A}\n"
                        "players: {A: {battlefield: [Island, Reflecting Pool]}}")
    got = could_produce_all(s)
    assert got.decided and not got.undecided
    assert dict(got) == {"Island": frozenset({ManaType.U}),
                         "Reflecting Pool": frozenset({ManaType.U})}


@pytest.mark.cr("106.7", "605.1a")
def test_produce_counts_an_ability_that_adds_mana_but_targets(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Deathrite Shaman's "{T}: Exile target land card from a graveyard. Add one mana of
    any color." targets, so it isn't a mana ability (CR 605.1a); but CR 106.7 counts any
    ability that would produce mana if it resolved, costs (and so targets to choose)
    aside: it could produce every color. The CLI lists it without being asked."""
    from manacheck.cli import main

    text = ("turn: {active_player: Alice}\nplayers:\n  Alice:\n    graveyard: [Forest]\n"
            "    battlefield: [Deathrite Shaman]\n")
    from manacheck.solver import could_produce
    assert {t.value for t in could_produce(load_state_text(text), "Deathrite Shaman")} == \
        set("WUBRG")
    f = tmp_path / "s.yaml"  # (pytest's folder: the outside-reads guard allows it)
    f.write_text(text)
    main(["produce", str(f)])
    assert "Deathrite Shaman  W U B R G" in capsys.readouterr().out


# ---- an unread line that is a mana ability by form -----------------------------------

def _river(battlefield: list[str]) -> GameState:
    import json

    from manacheck.model.oracle import read_text

    text = "{T}: Add {C} for each card revealed this way."  # (not read: which cards)
    abilities, _, _ = read_text("River Test", text, ())
    card = {"name": "River Test", "types": ["Land"], "text": text, "abilities": abilities}
    return load_state_text(json.dumps({"turn": {"active_player": "A"},
                                       "players": {"A": {"battlefield": battlefield}},
                                       "cards": [card]}))


@pytest.mark.cr("605.1a", "602.2")
def test_mana_ability_by_form_is_an_activated_ability_with_unmodelled_mana() -> None:
    from manacheck.model.oracle import read_text

    # (a line the grammar doesn't read: the cards revealed aren't in the state)
    abilities, _, _ = read_text("River Test", "{T}: Add {C} for each card revealed this "
                                "way.", ())
    assert abilities == [{"activated": {
        "cost": "{T}", "mana": {"unmodelled": True},
        "text": "{T}: Add {C} for each card revealed this way."}}]
    # "Activate only as a sorcery", a spend rider, a target, a cost change: never taken
    # as unmodelled mana (the grammar reads some of them; the rest stay unread lines)
    for line in ("{T}: Add {C}. Activate only as a sorcery.",
                 "{T}: Add {G}. Spend this mana only to cast creature spells.",
                 "{T}: Add {B}{B}{B}{B}. Target opponent gains control of River Test.",
                 "{T}: Add {C}. This ability costs {1} more to activate.",
                 "[+1]: Add {R}{R}."):
        got, _, _ = read_text("River Test", line, ())
        assert got[0].get("activated", {}).get("mana") != {"unmodelled": True}, line


@pytest.mark.cr("601.2h", "106.6")
def test_mana_ability_by_form_payable_lower_bound_when_others_pay() -> None:
    s = _river(["Forest", "River Test"])
    a = payment_answer(s, "A", "{G}", list_payments=False)
    assert a.payable is True and not a.undecided   # the Forest pays: decided
    assert a.left_out                              # the River is left out (lower bound)
    # only the River could pay {U} or the {1}: not decided, never "not payable"
    assert payment_answer(s, "A", "{U}", list_payments=False).payable is None
    assert payment_answer(s, "A", "{1}{G}", list_payments=False).payable is None
    assert payment_answer(_river(["River Test"]), "A", "{1}",
                          list_payments=False).payable is None


@pytest.mark.cr("106.7", "602.2")
def test_mana_ability_by_form_produce_incomplete_and_can_activate() -> None:
    from manacheck.solver import can_activate, could_produce_all

    s = _river(["Forest", "River Test"])
    got = could_produce_all(s)
    assert got.decided and got.incomplete == {"River Test"}
    assert {t.value for t in got["Forest"]} == {"G"}
    # {T} with the River untapped: legal whatever it adds (its effect doesn't bear on
    # whether it may be activated, CR 602.2, 602.5)
    v = can_activate(s, "River Test", 1)
    assert v.legal and not v.undecided


@pytest.mark.cr("106.7", "605.1a")
def test_produce_not_decided_when_an_unread_effect_could_add_mana() -> None:
    """Chandra, Torch of Defiance's "[+1]: Add {R}{R}." is a loyalty ability (not a mana
    ability, CR 605.1a) whose effect is kept unread; by CR 106.7 it would add {R}{R} if
    it resolved, so "(nothing)" can't be answered with certainty."""
    from manacheck.solver.produce import ProduceNotDecided, explain_could_produce

    s = load_state_text("turn: {active_player: A}\nplayers: {A: {battlefield: "
                        "[\"Chandra, Torch of Defiance\", Forest]}}")
    a = explain_could_produce(s, "Chandra, Torch of Defiance", explain=False)
    assert a.undecided and any("Add {R}{R}" in u.text for u in a.undecided)
    from manacheck.solver import could_produce
    with pytest.raises(ProduceNotDecided):
        could_produce(s, "Chandra, Torch of Defiance")
    assert {t.value for t in could_produce(s, "Forest")} == {"G"}


@pytest.mark.cr("608.2b")
def test_a_sentence_about_its_target_cant_bear_on_the_payment() -> None:
    """A single sentence that starts with its target ("Target creature gets +3/-3 until
    end of turn.") is what the spell does as it resolves: its type words are the
    target's (Spatial Contortion). A second sentence about the spell itself, or a cost
    word, still counts."""
    from manacheck.solver.spelltext import may_bear_on_payment

    assert not may_bear_on_payment("Target creature gets +3/-3 until end of turn.")
    assert may_bear_on_payment("Target creature gets +1/+1. Ghostfire is colorless.")
    assert may_bear_on_payment("Target creature spell costs {1} more to cast.")
    assert may_bear_on_payment("Target player may cast a creature spell this turn.")
