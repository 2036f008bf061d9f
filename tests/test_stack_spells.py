"""A spell on the stack: only what functions there counts (issue 30).

Hand-derived from the rules: a spell's instructions are followed as it resolves (CR
113.3a, 608.2), so until then they change no payment, no mana a permanent could produce
and no activation. Of its text only the abilities CR 113.6 names function on the stack:
its costs and how it is cast (113.6d-f), "can't be countered" (113.6g), and keywords
such as split second (702.61a), which stops spells and non-mana abilities but not mana
abilities (702.61b). A line that may be one of those stays "could change anything".
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.resolution import Unsupported, outcomes, resolve
from manacheck.solver.settle import before_priority
from manacheck.solver.spelltext import acts_on_resolution, own_payment_rule

from manacheck.cli import main


def board(stack: str, alice: str = "Llanowar Elves, Forest, Sol Ring, Grizzly Bears",
          hand: str = "", events: str = "", bob: str = "Mountain, Island, Swamp",
          ) -> str:
    return textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice: {{hand: [{hand}], battlefield: [{alice}]}}
          Bob: {{battlefield: [{bob}]}}
        stack: [{stack}]
        """) + events


def load(text: str) -> GameState:
    return load_state_text(text)


def cli(tmp_path: Any, capsys: pytest.CaptureFixture[str], text: str,
        *args: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    code = main([args[0], str(path), *args[1:], "--json"])
    return code, json.loads(capsys.readouterr().out)


BOLT = "{card: Lightning Bolt, controller: Bob, targets: [Grizzly Bears]}"
GRIP = "{card: Krosan Grip, controller: Bob, targets: [Sol Ring]}"


@pytest.mark.cr("608.2")
@pytest.mark.cr("113.3a")
def test_lightning_bolt_on_the_stack_doesnt_stop_tapping_elves(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # Bolt's "deals 3 damage to any target" happens when it resolves: Alice may tap
    # Llanowar Elves or the Forest for {G} in response (two ways), and each produces G.
    text = board(BOLT)
    s = load(text)
    a = payment_answer(s, "Alice", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 2, ())
    assert explain_could_produce(s, "Llanowar Elves").letters == ["G"]
    v = can_activate(s, "Llanowar Elves", 1, "Alice", find_fixes=False)
    assert v.legal and not v.undecided
    code, data = cli(tmp_path, capsys, text, "pay", "{G}")
    assert code == 0 and data["payable"] is True and data["count"] == 2
    code, data = cli(tmp_path, capsys, text, "can-activate", "Llanowar Elves")
    assert code == 0 and data["legal"] is True and not data.get("undecided")


@pytest.mark.cr("702.61b")
def test_split_second_allows_mana_abilities(tmp_path: Any,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Krosan Grip (split second) targeting Sol Ring: Alice may still tap Sol Ring for
    # mana in response (CR 702.61b: mana abilities may be activated), and pay {C}{C}.
    text = board(GRIP)
    s = load(text)
    v = can_activate(s, "Sol Ring", 1, "Alice", find_fixes=False)
    assert v.legal and not v.undecided
    a = payment_answer(s, "Alice", "{C}{C}")
    assert (a.payable, a.count) == (True, 1)
    assert explain_could_produce(s, "Sol Ring").letters == ["C"]
    code, data = cli(tmp_path, capsys, text, "can-activate", "Sol Ring")
    assert code == 0 and data["legal"] is True
    code, data = cli(tmp_path, capsys, text, "pay", "{G}")
    assert code == 0 and (data["payable"], data["count"]) == (True, 2)


@pytest.mark.cr("702.61a")
def test_split_second_stops_a_non_mana_ability(tmp_path: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # Prodigal Sorcerer's "{T}: deals 1 damage" isn't a mana ability: with Krosan Grip on
    # the stack it can't be activated, a definite no (CR 702.61a); with Lightning Bolt
    # there instead, it can.
    text = board(GRIP, alice="Prodigal Sorcerer, Forest, Sol Ring")
    v = can_activate(load(text), "Prodigal Sorcerer", 1, "Alice", find_fixes=False)
    assert v.legal is False and not v.undecided
    assert [r.rule for r in v.reasons] == ["702.61a"]
    code, data = cli(tmp_path, capsys, text, "can-activate", "Prodigal Sorcerer")
    assert code == 1 and data["legal"] is False and "702.61a" in json.dumps(data["reasons"])
    bolt = load(board(BOLT.replace("Grizzly Bears", "Forest"),
                      alice="Prodigal Sorcerer, Forest"))
    assert can_activate(bolt, "Prodigal Sorcerer", 1, "Alice", find_fixes=False).legal


@pytest.mark.cr("113.6g")
@pytest.mark.cr("701.6a")
def test_cant_be_countered_and_counterspell_wait_for_resolution() -> None:
    # Bob's Abrupt Decay ("This spell can't be countered.") and Alice's Counterspell
    # targeting it: neither line changes what Alice may pay now.
    s = load(board("{card: Abrupt Decay, controller: Bob, targets: [Sol Ring]}, "
                   "{card: Counterspell, controller: Alice, targets: [Abrupt Decay]}"))
    a = payment_answer(s, "Alice", "{G}{C}{C}")
    assert (a.payable, a.count, a.undecided) == (True, 2, ())
    assert not before_priority(s).undecided


@pytest.mark.cr("608.2")
def test_resolve_plays_a_spells_effect_read_and_refuses_one_not() -> None:
    # Resolving the stack plays the spells' effects: Lightning Bolt's line is read
    # (3 damage to the Bears, lethal: CR 120.3e, 704.5g; then Bob's graveyard, 608.2n).
    # Krosan Grip's split second isn't applied as it resolves: not decided, naming it.
    # Events that resolve nothing leave it on the stack: decided.
    resolving = load(board(BOLT, events="events: [{resolve: top}]\n"))
    out = resolve(resolving)
    assert out.state.zone_of("Grizzly Bears") == "graveyard"
    assert [c.id for c in out.state.player("Bob").graveyard] == ["Lightning Bolt"]
    grip = load(board(GRIP, events="events: [{resolve: top}]\n"))
    with pytest.raises(Unsupported, match="Split second"):
        resolve(grip)
    counters = load(board(BOLT, events="events: [{put_counters: {object: Grizzly Bears, "
                                       "counters: {'+1/+1': 1}}}]\n"))
    out = resolve(counters)
    assert out.state.permanent("Grizzly Bears").counters.as_dict() == {"+1/+1": 1}
    assert [i.id for i in out.state.stack] == ["Lightning Bolt"]


@pytest.mark.cr("113.6d")
@pytest.mark.cr("106.6")
def test_a_spend_rule_of_a_spell_counts_only_for_paying_that_spell() -> None:
    # Alice's Consume Spirit on the stack, being paid for (CR 601.2a): "Spend only black
    # mana on X." isn't read, so paying it is not decided; paying anything else is.
    s = load(board("{card: Consume Spirit, controller: Alice, x: 1}",
                   alice="Forest, Swamp, Swamp"))
    a = payment_answer(s, "Alice", None, for_object="Consume Spirit", x=1)
    assert a.payable is None
    assert any(u.text == "Spend only black mana on X." for u in a.undecided)
    other = payment_answer(s, "Alice", "{G}")
    assert (other.payable, other.count, other.undecided) == (True, 1, ())


@pytest.mark.cr("113.6a")
def test_a_line_that_may_function_on_the_stack_still_counts() -> None:
    # "Ghostfire is colorless." is a characteristic-defining ability, which functions
    # everywhere (CR 113.6a): it isn't taken for an effect, so questions that read
    # colors stay not decided, naming it.
    s = load(board("{card: Ghostfire, controller: Bob, targets: [Grizzly Bears]}"))
    a = payment_answer(s, "Alice", "{G}")
    assert a.payable is None
    assert [u.text for u in a.undecided] == ["Ghostfire is colorless."]


@pytest.mark.cr("608.3")
def test_a_permanent_spells_static_ability_waits_until_it_is_a_permanent() -> None:
    # A creature spell with an unread static ("Lands you control are Swamps"): it works
    # on the battlefield, not on the stack (CR 113.6, 608.3), so the Forest taps for G.
    text = board("{card: Bog Lord, controller: Bob}") + textwrap.dedent("""\
        cards:
          - name: Bog Lord
            mana_cost: "{3}{B}"
            types: [Creature]
            power: 3
            toughness: 3
            abilities:
              - static: {kind: other, text: "Lands you control are Swamps in addition to \\
                  their other types."}
        """)
    s = load(text)
    assert explain_could_produce(s, "Forest").letters == ["G"]
    assert payment_answer(s, "Alice", "{G}").payable is True
    # On the battlefield, it would make the question not decided.
    on_board = load(board("", bob="Bog Lord") + text.split("stack: [{card: Bog Lord, "
                                                          "controller: Bob}]\n")[1])
    assert explain_could_produce(on_board, "Forest").undecided


@pytest.mark.cr("608.2")
def test_abilities_on_the_stack_wait_for_resolution() -> None:
    # Prodigal Sorcerer's activated ability on the stack: its damage happens as it
    # resolves; Alice may still tap the Forest and the Elves.
    s = load(board("{ability_of: Prodigal Sorcerer, ability: 1, controller: Alice, "
                   "targets: [Grizzly Bears]}",
                   alice="Llanowar Elves, Forest, Prodigal Sorcerer, Grizzly Bears"))
    a = payment_answer(s, "Alice", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 2, ())
    # Hangarback Walker's dies trigger on the stack (its source in the graveyard): its
    # Thopters are created as it resolves.
    s = load(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice: {graveyard: [Hangarback Walker], battlefield: [Llanowar Elves, Forest]}
          Bob: {}
        stack: [{ability_of: Hangarback Walker, trigger: 1, controller: Alice,
                 counters: {"+1/+1": 2}}]
        """))
    a = payment_answer(s, "Alice", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 2, ())


def test_settling_with_a_spell_on_the_stack_performs_the_state_based_actions() -> None:
    # A creature with toughness 0 and Lightning Bolt on the stack: the creature dies
    # before priority (CR 704.5f); Bolt, which resolves later, doesn't stand in the way.
    s = load(board(BOLT, alice="{card: Llanowar Elves, counters: {'-1/-1': 1}}, Forest, "
                              "Grizzly Bears"))
    outs = outcomes(s, [], settle_first=True)
    assert len(outs) == 1 and outs[0].state.zone_of("Llanowar Elves") == "graveyard"
    a = payment_answer(s, "Alice", "{G}")
    assert (a.payable, a.count) == (True, 1)
    assert any("704.5f" in line for line in a.state_based)


@pytest.mark.parametrize(("text", "name", "expected"), [
    ("Destroy target artifact or enchantment.", "Krosan Grip", True),
    ("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt", True),
    ("Counter target spell.", "Counterspell", True),
    ("This spell can't be countered.", "Abrupt Decay", True),
    ("Destroy target nonland permanent with mana value 3 or less.", "Abrupt Decay", True),
    ("Destroy target creature. It can't be regenerated.", "Terror", True),
    ("Destroy target artifact or enchantment. Its controller gains 4 life.", "Nature's Claim",
     True),
    ('Until end of turn, target creature gains "{T}: Tap target creature."', "Odd", True),
    ("Target creature gets +1/+1. It's colorless.", "Odd", False),
    ("Draw a card. It can't be countered.", "Odd", False),
    ("Its power is equal to the number of cards in your hand.", "Odd", False),
    ("Creatures you control get +1/+1.", "Anthem Beast", True),
    # may function on the stack (CR 113.6a-g), or a cost, or a trigger: kept
    ("Ghostfire is colorless.", "Ghostfire", False),
    ("This spell costs {1} less to cast for each artifact you control.", "Frogmite", False),
    ("Spend only black mana on X.", "Consume Spirit", False),
    ("As long as this spell is on the stack, players can't cast spells.", "Odd", False),
    ("This spell can't be copied.", "Odd", False),
    ("When you cast this spell, draw a card.", "Odd", False),
    ("Consume Spirit deals X damage to any target and you gain X life.", "Consume Spirit",
     True),
    ("X can't be 0.", "Odd", False),
    ("Odd deals damage equal to X plus 1.", "Odd", False),
    ("Return Odd Spell to its owner's hand.", "Odd Spell", False),
    ("Counter target spell. If that spell is countered this way, exile it.", "Dissipate",
     False),
    ("{T}: Add {G}.", "Odd", False),
    ("You may cast this spell as though it had flash.", "Odd", False),
])
def test_which_lines_of_a_spell_act_only_on_resolution(text: str, name: str,
                                                       expected: bool) -> None:
    assert acts_on_resolution(text, name) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Spend only black mana on X.", True),
    ("Spend only black and/or red mana on X.", True),
    ("As an additional cost to cast this spell, sacrifice a creature.", True),
    ("This spell costs {1} less to cast for each artifact you control.", True),
    ("Spells cost {1} more to cast.", False),
    ("Spend only black mana on X. Draw a card.", False),
    ("Destroy target creature.", False),
])
def test_which_lines_are_rules_for_paying_that_spell(text: str, expected: bool) -> None:
    assert own_payment_rule(text, "Odd") is expected
