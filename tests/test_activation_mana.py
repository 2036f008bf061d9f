"""Can I activate this? Boards whose abilities have a mana cost (through the payment
solver): {Q} (Pili-Pala), {T} with {1} (Voltaic Key), three reasons at once, costs that
use objects which could otherwise pay mana (CR 601.2g), X, and the "one more source"
fix. Expected answers are derived by hand from the rules cited in each test.
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import can_activate, ways
from manacheck.solver.payments import count_payments

CARDS = """cards:
  - name: Tapper Wizard
    mana_cost: "{1}{U}"
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{U}{T}", effects: [{kind: draw, count: 1}],
                    text: "{U}, {T}: Draw a card."}
  - name: Bone Altar
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated: {cost: ["{1}", {sacrifice: {count: 1, filter: {types: [creature],
                                                                 controller: you}}}],
                    effects: [{kind: draw, count: 1}],
                    text: "{1}, Sacrifice a creature: Draw a card."}
  - name: Tap Engine
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated: {cost: ["{1}", {tap_untapped: {count: 1, filter: {types: [creature],
                                                                     controller: you}}}],
                    effects: [{kind: draw, count: 1}],
                    text: "{1}, Tap an untapped creature you control: Draw a card."}
  - name: Petal Beast
    mana_cost: "{G}"
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: ["{T}", {sacrifice: self}], mana: {add: "{G}"},
                    text: "{T}, Sacrifice Petal Beast: Add {G}."}
  - name: X Engine
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated: {cost: "{X}{T}", effects: [{kind: draw, count: X}],
                    text: "{X}, {T}: Draw X cards."}
"""


def state(alice: str, *, bob: str = "{}", stack: str = "[]") -> GameState:
    return load_state_text(f"""
turn: {{active_player: Alice}}
players:
  Alice: {alice}
  Bob: {bob}
stack: {stack}
{CARDS}
""")


def rules_of(v: object) -> list[str]:
    return [r.rule for r in v.reasons]  # type: ignore[attr-defined]


@pytest.mark.cr("107.6")
def test_pili_pala_needs_to_be_tapped_for_q_107_6() -> None:
    tapped = state("{battlefield: [{card: Pili-Pala, tapped: true}, Forest, Forest]}")
    v = can_activate(tapped, "Pili-Pala")
    assert v.legal and v.witness is not None and v.witness.untapped == ("Pili-Pala",)
    untapped = state("{battlefield: [Pili-Pala, Forest, Forest]}")
    u = can_activate(untapped, "Pili-Pala")
    assert not u.legal and rules_of(u) == ["107.6"]
    assert [f.description for f in u.fixes] == ["legal if Pili-Pala were tapped"]


@pytest.mark.cr("302.6")
def test_pili_pala_is_a_creature_so_302_6_applies_to_q() -> None:
    s = state("{battlefield: [{card: Pili-Pala, tapped: true, summoning_sick: true}, "
              "Forest, Forest]}")
    v = can_activate(s, "Pili-Pala")
    assert not v.legal and rules_of(v) == ["302.6"]


@pytest.mark.cr("601.2h")
def test_tapped_sick_creature_with_unpayable_cost_gets_three_reasons() -> None:
    """The issue's example: a tapped, summoning-sick creature whose mana cost can't be
    paid (no blue source) gets 107.5, 302.6 and 601.2h, each with its rule number."""
    s = state("{battlefield: [{card: Tapper Wizard, tapped: true, summoning_sick: true}, "
              "Forest]}")
    v = can_activate(s, "Tapper Wizard")
    assert not v.legal
    assert rules_of(v) == ["107.5", "302.6", "601.2h"]
    assert "{U}" in v.reasons[2].message
    assert v.witness is None and v.ways == 0


@pytest.mark.cr("601.2h")
def test_one_more_source_of_blue_is_the_fix() -> None:
    s = state("{battlefield: [Tapper Wizard, Forest]}")
    v = can_activate(s, "Tapper Wizard")
    assert rules_of(v) == ["601.2h"]
    assert [f.description for f in v.fixes] == ["legal with one more source of {U}"]


@pytest.mark.cr("107.5")
def test_voltaic_key_cant_tap_itself_for_its_own_mana() -> None:
    """Voltaic Key "{1}, {T}": its {T} is spoken for, so a tapped Sol Ring leaves no
    mana; any one more source fixes it (six mana types, alike here: one fix)."""
    s = state("{battlefield: [Voltaic Key, {card: Sol Ring, tapped: true}]}")
    v = can_activate(s, "Voltaic Key")
    assert not v.legal and rules_of(v) == ["601.2h"]
    assert [f.description for f in v.fixes] == [
        "legal with one more mana source of any of {W}, {U}, {B}, {R}, {G}, {C} (each "
        "works the same here)"]
    ok = state("{battlefield: [Voltaic Key, Sol Ring]}")
    w = can_activate(ok, "Voltaic Key")
    # Targets: Voltaic Key itself or Sol Ring (artifacts); payment: Sol Ring.
    assert w.legal and w.ways == 2
    assert sorted(wi.targets[0] for wi in ways(ok, "Voltaic Key")) == ["Sol Ring",
                                                                        "Voltaic Key"]


@pytest.mark.cr("601.2g")
def test_sacrificed_creature_may_tap_for_mana_first_601_2g() -> None:
    """"{1}, Sacrifice a creature" with only Llanowar Elves: tap it for {G} (mana
    abilities come before costs are paid, 601.2g), then sacrifice it (601.2h)."""
    s = state("{battlefield: [Bone Altar, Llanowar Elves]}")
    v = can_activate(s, "Bone Altar")
    assert v.legal and v.witness is not None
    assert v.witness.sacrificed == ("Llanowar Elves",)
    assert "Llanowar Elves" in str(v.witness.payment)
    assert v.ways == 1


@pytest.mark.cr("601.2g")
def test_sacrificed_creature_cant_also_be_sacrificed_for_mana() -> None:
    """Petal Beast's mana ability sacrifices it: if it pays {1} that way it is gone and
    can't be the creature Bone Altar sacrifices. Every part is payable alone, not
    together (601.2h). With a Forest to pay, it is legal."""
    s = state("{battlefield: [Bone Altar, Petal Beast]}")
    v = can_activate(s, "Bone Altar", find_fixes=False)
    assert not v.legal and rules_of(v) == ["601.2h"]
    s2 = state("{battlefield: [Bone Altar, Petal Beast, Forest]}")
    w = can_activate(s2, "Bone Altar")
    assert w.legal and w.ways == 1 and w.witness is not None
    assert w.witness.sacrificed == ("Petal Beast",) and "Forest" in str(w.witness.payment)


@pytest.mark.cr("601.2g")
def test_creature_tapped_for_a_cost_cant_also_tap_for_mana() -> None:
    """"{1}, Tap an untapped creature you control": with only Llanowar Elves, the Elves
    can't both be tapped for the cost and for mana (CR 107.5: a tapped permanent can't
    be tapped again). With a Forest too it is legal in exactly one way."""
    alone = state("{battlefield: [Tap Engine, Llanowar Elves]}")
    v = can_activate(alone, "Tap Engine")
    assert not v.legal
    assert rules_of(v) == ["601.2h"]  # every part is payable alone, not together
    forest = state("{battlefield: [Tap Engine, Llanowar Elves, Forest]}")
    w = can_activate(forest, "Tap Engine")
    assert w.legal and w.ways == 1 and w.witness is not None
    assert w.witness.tapped == ("Llanowar Elves",)
    assert "Forest" in str(w.witness.payment)


@pytest.mark.cr("107.3")
def test_x_in_the_mana_cost_counts_every_payable_x() -> None:
    s = state("{battlefield: [X Engine, Forest, Forest, Island]}")
    v = can_activate(s, "X Engine")
    assert v.legal
    me = s.player("Alice")
    assert me is not None
    expected = sum(count_payments(s, "Alice", "{X}", x=x, for_object="X Engine",
                                  exclude=frozenset({"X Engine"})) for x in range(0, 4))
    assert count_payments(s, "Alice", "{X}", x=4, for_object="X Engine",
                          exclude=frozenset({"X Engine"})) == 0
    assert v.ways == expected
    assert sorted({w.x for w in ways(s, "X Engine")}) == [0, 1, 2, 3]


@pytest.mark.cr("702.29a")
def test_cycling_works_from_hand_and_discards_the_card() -> None:
    s = state("{hand: [Vizier of Tumbling Sands], battlefield: [Island, Forest]}")
    v = can_activate(s, "Vizier of Tumbling Sands")
    assert v.legal and v.ability == 2 and v.witness is not None
    assert v.witness.discarded == ("Vizier of Tumbling Sands",)
    broke = state("{hand: [Vizier of Tumbling Sands], battlefield: [Forest, Forest]}")
    b = can_activate(broke, "Vizier of Tumbling Sands")
    assert not b.legal and rules_of(b) == ["601.2h"]


def test_relic_exiles_itself_but_may_tap_for_nothing() -> None:
    s = state("{battlefield: [Relic of Progenitus]}")
    v = can_activate(s, "Relic of Progenitus", 2)
    assert not v.legal and rules_of(v) == ["601.2h"]
    s2 = state("{battlefield: [Relic of Progenitus, Swamp]}")
    w = can_activate(s2, "Relic of Progenitus", 2)
    assert w.legal and w.witness is not None and w.witness.exiled == ("Relic of Progenitus",)


@pytest.mark.cr("107.5")
def test_creature_tapped_for_the_cost_cant_be_tapped_by_springleaf_drum_for_mana() -> None:
    """Tap Engine taps the only creature; Springleaf Drum would have to tap an untapped
    creature to make the {1}: there is none left (CR 601.2g, 107.5). With a second
    creature, one of them pays each cost."""
    s = state("{battlefield: [Tap Engine, Springleaf Drum, Llanowar Elves]}")
    v = can_activate(s, "Tap Engine", find_fixes=False)
    assert not v.legal and rules_of(v) == ["601.2h"]
    s2 = state("{battlefield: [Tap Engine, Springleaf Drum, Llanowar Elves, "
               "{card: Llanowar Elves, id: elf2, summoning_sick: true}]}")
    w = can_activate(s2, "Tap Engine")
    assert w.legal and w.witness is not None


@pytest.mark.cr("601.2g")
def test_pili_pala_tapped_for_the_cost_cant_then_untap_for_mana_601_2g() -> None:
    """Mana abilities are activated before costs are paid (601.2g): when Tap Engine's
    cost taps an untapped Pili-Pala, Pili-Pala was still untapped when mana was made, so
    its {Q} mana ability couldn't be used (107.6). Only Sol Ring pays: one way."""
    s = state("{battlefield: [Tap Engine, Sol Ring, Pili-Pala]}")
    v = can_activate(s, "Tap Engine")
    assert v.legal and v.ways == 1 and v.witness is not None
    assert v.witness.tapped == ("Pili-Pala",) and "Sol Ring" in str(v.witness.payment)


@pytest.mark.cr("601.2g")
def test_a_sacrifice_outlet_pays_but_never_with_what_the_cost_sacrifices() -> None:
    """Bone Altar ({1}, Sacrifice a creature) beside Ashnod's Altar (Sacrifice a
    creature: Add {C}{C}), the creatures summoning sick (they can't tap for mana). One
    creature: the cost and the outlet can't both have it: not legal (decided: the outlet
    is modelled). Two creatures: sacrifice either to Bone Altar and the other to
    Ashnod's Altar for the {1}: two ways, each witness sacrificing two different ones."""
    one = state("{battlefield: [Bone Altar, Ashnod's Altar, "
                "{card: Llanowar Elves, summoning_sick: true}]}")
    v = can_activate(one, "Bone Altar", find_fixes=False)
    assert not v.legal and not v.undecided and v.left_out == ()
    two = state("{battlefield: [Bone Altar, Ashnod's Altar, "
                "{card: Llanowar Elves, summoning_sick: true}, "
                "{card: Vizier of Tumbling Sands, summoning_sick: true}]}")
    v = can_activate(two, "Bone Altar")
    assert v.legal and v.ways == 2 and v.ways_complete
    for w in ways(two, "Bone Altar"):
        (outlet,) = w.payment.activations  # type: ignore[union-attr]
        assert outlet.object == "Ashnod's Altar" and len(outlet.sacrificed) == 1
        assert set(w.sacrificed) | set(outlet.sacrificed) == {
            "Llanowar Elves", "Vizier of Tumbling Sands"}
