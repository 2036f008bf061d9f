"""Cost determination (CR 601.2f, 602.2b, 118.7): increases, reductions and minimums.

Every expected total cost is derived by hand from the rules and the cards' official
rulings (quoted beside each case), never read back from the solver.
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, ManaCost, load_state_text
from manacheck.solver.costs import ability_total_cost, spell_total_cost
from manacheck.solver.payments import payment_answer


def board(battlefield: str, hand: str = "", opponent: str = "") -> GameState:
    return load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{hand: [{hand}], battlefield: [{battlefield}]}}
  B: {{battlefield: [{opponent}]}}
""")


def spell(state: GameState, name: str, cost: str) -> str:
    card = next(c for c in state.player("A").hand if c.name == name)
    return spell_total_cost(state, card.id, ManaCost.parse(cost), "A").cost.text


def ability(state: GameState, oid: str, cost: str, number: int = 1) -> str:
    from manacheck.model import effective

    ab = effective(state)[oid].activated[number - 1]
    return ability_total_cost(state, oid, ab, ManaCost.parse(cost), "A").cost.text


@pytest.mark.cr("601.2f")
def test_sphere_of_resistance_affects_every_players_spells() -> None:
    # Ruling: "It affects all players, including you." Dark Ritual {B} -> {1}{B}, whether
    # Sphere is yours or an opponent's.
    assert spell(board("Swamp, Sphere of Resistance", "Dark Ritual"), "Dark Ritual",
                 "{B}") == "{1}{B}"
    assert spell(board("Swamp", "Dark Ritual", "Sphere of Resistance"), "Dark Ritual",
                 "{B}") == "{1}{B}"


@pytest.mark.cr("601.2f")
def test_thalia_affects_only_noncreature_spells() -> None:
    # Ruling: "Thalia's ability affects each spell that's not a creature spell,
    # including your own." Llanowar Elves ({G}, a creature) is unchanged; two Sphere-like
    # increases add up.
    s = board("Forest, \"Thalia, Guardian of Thraben\", Sphere of Resistance",
              "Dark Ritual, Llanowar Elves")
    assert spell(s, "Llanowar Elves", "{G}") == "{1}{G}"  # Sphere only
    assert spell(s, "Dark Ritual", "{B}") == "{2}{B}"  # Sphere and Thalia


@pytest.mark.cr("601.2f")
def test_trinisphere_after_increases_and_reductions() -> None:
    # Trinisphere's ruling: "start with the mana cost ..., add any cost increases, then
    # apply any cost reductions. Finally, apply Trinisphere's effect if the mana
    # component of the spell's cost is less than three mana."
    s = board("Trinisphere", "Dark Ritual")
    assert spell(s, "Dark Ritual", "{B}") == "{2}{B}"
    # Sphere first: {1}{B} is two mana, still less than three -> {2}{B}.
    s = board("Trinisphere, Sphere of Resistance", "Dark Ritual")
    assert spell(s, "Dark Ritual", "{B}") == "{2}{B}"
    # Thoughtcast {4}{U}, affinity for artifacts with Trinisphere and 4 more artifacts
    # (5 artifacts): reduced to {U}, then Trinisphere makes it three mana: {2}{U}.
    s = board("Trinisphere, Sol Ring, Sol Ring, Mind Stone, Mind Stone", "Thoughtcast")
    assert spell(s, "Thoughtcast", "{4}{U}") == "{2}{U}"
    # Four or more mana is left alone: with Trinisphere alone (an artifact itself, so
    # affinity takes {1}) Thoughtcast costs {3}{U}. A tapped Trinisphere does nothing.
    assert spell(board("Trinisphere", "Thoughtcast"), "Thoughtcast", "{4}{U}") == "{3}{U}"
    assert spell(board("{card: Trinisphere, tapped: true}", "Dark Ritual"), "Dark Ritual",
                 "{B}") == "{B}"


@pytest.mark.cr("118.7a")
def test_training_grounds_generic_only_and_never_below_one_mana() -> None:
    # Training Grounds' rulings: "{2}{G}, you'd have to pay only {G}. If an activation
    # cost is {2}, though, you'd still have to pay {1}"; colored parts are untouched.
    # Eldrazi Displacer's {2}{C} -> {C}.
    s = board("Training Grounds, Eldrazi Displacer")
    assert ability(s, "Eldrazi Displacer", "{2}{C}") == "{C}"
    assert ability(s, "Eldrazi Displacer", "{2}") == "{1}"
    assert ability(s, "Eldrazi Displacer", "{R}{R}") == "{R}{R}"  # adds no {1}, takes none
    # Only creatures you control: the opponent's Training Grounds does nothing.
    s = board("Eldrazi Displacer", opponent="Training Grounds")
    assert ability(s, "Eldrazi Displacer", "{2}{C}") == "{2}{C}"


@pytest.mark.cr("602.2b")
def test_heartstone_affects_every_creature_and_stacks_with_training_grounds() -> None:
    # Heartstone: "Activated abilities of creatures cost {1} less" (any controller's
    # creatures), never below one mana. With Training Grounds ({2} less) a {2}{C} cost
    # is {C}: nothing generic is left for Heartstone (118.7a).
    assert ability(board("Eldrazi Displacer", opponent="Heartstone"), "Eldrazi Displacer",
                   "{2}{C}") == "{1}{C}"
    s = board("Training Grounds, Heartstone, Eldrazi Displacer")
    assert ability(s, "Eldrazi Displacer", "{2}{C}") == "{C}"


@pytest.mark.cr("602.2b")
def test_power_artifact_and_zirda_on_basalt_monolith() -> None:
    # Power Artifact on Basalt Monolith: "{3}: Untap" costs {1} (two less, and not below
    # one mana: its ruling). Zirda ("abilities you activate that aren't mana abilities
    # cost {2} less") can't take it below one mana either; Zirda alone: {3} -> {1}.
    s = load_state_text("""
turn: {active_player: A}
players:
  A:
    battlefield:
      - Basalt Monolith
      - {card: Power Artifact, attached_to: Basalt Monolith}
  B: {}
""")
    assert ability(s, "Basalt Monolith", "{3}", 2) == "{1}"
    s = board("Basalt Monolith, \"Zirda, the Dawnwaker\"")
    assert ability(s, "Basalt Monolith", "{3}", 2) == "{1}"
    # Zirda doesn't reduce a mana ability ("An activated mana ability is one that
    # produces mana as it resolves").
    assert ability(s, "Basalt Monolith", "{3}", 1) == "{3}"


@pytest.mark.cr("601.2f")
def test_pay_for_pays_the_total_cost_and_says_why() -> None:
    # Dark Ritual with Sphere and Thalia: {2}{B}. Two Swamps can't pay it; three can.
    s = board("Swamp, Swamp, Sphere of Resistance, \"Thalia, Guardian of Thraben\"",
              "Dark Ritual")
    a = payment_answer(s, "A", None, for_object="Dark Ritual")
    assert a.cost.text == "{2}{B}" and a.payable is False
    assert len(a.cost_changes) == 2 and all("601.2f" in c for c in a.cost_changes)
    s = board("Swamp, Swamp, Swamp, Sphere of Resistance, \"Thalia, Guardian of Thraben\"",
              "Dark Ritual")
    a = payment_answer(s, "A", None, for_object="Dark Ritual")
    assert a.payable is True and a.count == 1


@pytest.mark.cr("602.2b")
def test_ability_cost_changes_on_mana_sources_make_payments_undecided_only_if_they_apply(
) -> None:
    # Heartstone never reduces a mana ability that costs one mana, and none here costs
    # mana: payments stay decided. Signet-like costs ({1}, {T}) are one mana: unchanged.
    s = board("Forest, Heartstone, Llanowar Elves")
    a = payment_answer(s, "A", "{G}{G}")
    assert a.payable is True and not a.undecided


@pytest.mark.cr("118.7b")
@pytest.mark.cr("118.7c")
@pytest.mark.parametrize(("cost", "amount", "expected", "unsure"), [
    ("{2}{G}", "{1}", "{1}{G}", False),        # 118.7a: generic only
    ("{2}{G}", "{G}", "{2}", False),           # a colored reduction takes its color
    ("{2}{U}", "{G}", "{1}{U}", False),        # 118.7b: no green in it: one generic
    ("{G}", "{G}{G}", "{0}", False),           # 118.7c: the rest off generic (none left)
    ("{1}{G}", "{G}{G}", "{0}", False),
    ("{1}{C}", "{C}", "{1}", False),           # colorless likewise (118.7d)
    ("{3}", "{S}", "{2}", False),              # 118.7g: snow reduces generic
    ("{1}{U}", "{U/P}", "{1}", False),         # 118.7f: Phyrexian is its color
    ("{3}{W}", "{2/W}", "{3}", True),          # 118.7e: the payer picks a half
    ("{1}{G/U}", "{G}", "{G/U}", True),        # only hybrid green: not settled here
])
def test_reductions_follow_118_7(cost: str, amount: str, expected: str, unsure: bool) -> None:
    from manacheck.solver.costs import reduce_by

    out, doubt = reduce_by(ManaCost.parse(cost), ManaCost.parse(amount))
    assert doubt is unsure
    if not unsure:
        assert (out.text or "{0}") == expected


@pytest.mark.cr("702.41a")
def test_an_affinity_it_doesnt_read_is_not_decided() -> None:
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Plains Caller], battlefield: [Plains, Plains, Plains]}
cards:
  - {name: Plains Caller, mana_cost: "{5}{W}", types: [Sorcery],
     keywords: [Affinity for Plains]}
""")
    a = payment_answer(s, "A", None, for_object="Plains Caller")
    assert a.payable is None and any("Affinity for Plains" in u.why for u in a.undecided)


def test_a_cost_modifier_with_a_key_it_doesnt_know_is_refused_at_load() -> None:
    # Anything a cost change says that manacheck doesn't read would be ignored: refused.
    from manacheck.model import BadInput

    with pytest.raises(BadInput, match="reduce_per"):
        load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Odd Engine]}
cards:
  - name: Odd Engine
    types: [Artifact]
    abilities:
      - static: {kind: cost_modifier, params: {applies_to: spells, reduce_per: creature},
                 text: "Spells cost {1} less for each creature you control."}
""")


@pytest.mark.cr("602.5d")
def test_a_sorcery_speed_mana_ability_never_pays_a_cost() -> None:
    # While a cost is paid, the spell or ability is on the stack (601.2a, 602.2a), so a
    # mana ability "activate only as a sorcery" can't help pay it.
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Slow Rock, Forest]}
cards:
  - name: Slow Rock
    types: [Artifact]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}"}, timing: sorcery,
                    text: "{T}: Add {C}. Activate only as a sorcery."}
""")
    a = payment_answer(s, "A", "{2}")
    assert a.payable is False
    assert payment_answer(s, "A", "{1}").count == 1


@pytest.mark.cr("602.2b")
def test_biomancers_familiar_reduces_its_controllers_creatures_abilities() -> None:
    # Biomancer's Familiar: "Activated abilities of creatures you control cost {2} less
    # to activate. This effect can't reduce the mana in that cost to less than one
    # mana." Eldrazi Displacer's {2}{C} costs {C}; an opponent's Displacer is unchanged;
    # a {2} ability costs {1} (its ruling: "reduced by only {1} if doing so reduces that
    # cost to one mana").
    s = board("Biomancer's Familiar, Eldrazi Displacer", opponent="Eldrazi Displacer")
    assert ability(s, "Eldrazi Displacer", "{2}{C}") == "{C}"
    assert ability(s, "Eldrazi Displacer", "{2}") == "{1}"
    theirs = next(p.id for p in s.player("B").battlefield)
    assert ability(s, theirs, "{2}{C}") == "{2}{C}"


@pytest.mark.cr("602.2b")
def test_zirda_reduces_cycling_from_the_hand_and_heartstone_does_not() -> None:
    # Zirda's ruling: "a cycling cost of {2} would become {1}, and one of {1}{R} would
    # become {R}": abilities you activate, from any zone. Heartstone's "activated
    # abilities of creatures" means creature permanents (CR 109.2), not a card in hand.
    from manacheck.solver.activation import can_activate

    def cycling(battlefield: str) -> object:
        s = load_state_text(f"""
turn: {{active_player: A, phase: precombat_main}}
players:
  A: {{hand: [Vizier of Tumbling Sands], battlefield: [{battlefield}]}}
  B: {{}}
""")
        card = s.player("A").hand[0].id
        return can_activate(s, card, None, "A", find_fixes=False)

    v = cycling('"Zirda, the Dawnwaker", Island')
    assert v.legal and v.witness is not None  # {1}{U} -> {U}
    assert not cycling("Heartstone, Island").legal  # still {1}{U}
    assert not cycling("Island").legal
