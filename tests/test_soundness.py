"""Soundness (issue 10): an effect a question reads but doesn't apply makes it not decided.

Each board below is one where manacheck used to answer confidently and wrongly, built
from the card's text and official rulings; until the effect is applied the answer must
be "not decided" and name it, and once applied it must be the answer derived by hand.
The guard tests keep every effect kind declared with the rule families it touches.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.carddata import STATIC_KINDS, builtin_cards
from manacheck.model.effects import (
    ALL_FAMILIES,
    KNOWN_KINDS,
    Family,
    kind_of_ability,
    kind_of_keyword,
)
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.soundness import ACTIVATION, PAYMENT, PRODUCE, Question, unapplied

from manacheck.cli import main


def board(alice: str, bob: str = "", extra: str = "", phase: str = "precombat_main"
          ) -> GameState:
    """Alice's and Bob's battlefields (YAML flow lists), in Alice's main phase."""
    return load_state_text(f"""
turn: {{active_player: Alice, phase: {phase}}}
players:
  Alice: {{battlefield: [{alice}]}}
  Bob: {{battlefield: [{bob}]}}
{extra}
""")


# ---- the guard: every kind declared -------------------------------------------------

def test_every_static_kind_of_the_card_format_is_declared() -> None:
    for kind in STATIC_KINDS:
        if kind in ("other", "cost_modifier"):
            continue
        assert f"static:{kind}" in KNOWN_KINDS, kind
    assert "static:cost_modifier:spells" in KNOWN_KINDS
    assert "static:cost_modifier:activated_abilities" in KNOWN_KINDS


def test_every_effect_of_every_built_in_card_has_families_and_none_falls_back() -> None:
    # A built-in card's effect never falls back to "every family" by accident: it is
    # either a declared kind or text that says what it affects.
    db = builtin_cards()
    fallback = []
    for name in db:
        card = db[name]
        for ab in card.abilities:
            kind = kind_of_ability(ab)
            if kind is not None:
                assert kind.families, (name, ab)
                if kind.families == ALL_FAMILIES:
                    fallback.append((name, kind.key))
        for kw in card.keywords:
            if kind_of_keyword(kw).families == ALL_FAMILIES:
                fallback.append((name, kw))
    assert fallback == []


def test_an_undeclared_kind_touches_every_family() -> None:
    assert kind_of_keyword("Frobnicate 3").families == ALL_FAMILIES
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Forest, Mystery]}
cards:
  - name: Mystery
    types: [Enchantment]
    abilities:
      - static: {kind: other, text: Something no question knows.}
""")
    for q in (PAYMENT, PRODUCE, ACTIVATION):
        found = unapplied(s, q)
        assert [u.object_id for u in found] == ["Mystery"], q.name


def test_an_affects_declaration_is_checked_when_the_card_loads(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Mystery]}
cards:
  - name: Mystery
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [power_tuffness], text: Odd.}
""")
    assert main(["validate", str(path)]) == 2


def test_families_a_question_doesnt_read_never_make_it_undecided() -> None:
    # Boseiju enters tapped (entering), Glacial Chasm stops attacks (combat) and
    # prevents damage (damage): none of that changes a payment or could-produce.
    s = board("Forest, \"Boseiju, Who Shelters All\", Glacial Chasm")
    assert unapplied(s, PAYMENT) == () and unapplied(s, PRODUCE) == ()
    a = payment_answer(s, "Alice", "{G}")
    assert a.payable is True and a.count == 1


def test_a_question_that_reads_nothing_is_never_undecided() -> None:
    s = board("Chromatic Orrery, Celestial Dawn")
    assert unapplied(s, Question("none", frozenset(), frozenset())) == ()


# ---- the wrong answers of issue 10, now undecided or right --------------------------

@pytest.mark.cr("609.4b")
def test_chromatic_orrery_spends_mana_as_any_color_but_not_for_c_or_s() -> None:
    # "You may spend mana as though it were mana of any color": Orrery's {C}x5 pays
    # {W}{U} alone (it used to be "not payable"). {C} isn't a color, so nothing pays {C}
    # but colorless mana; snow isn't a type, so {S} still needs a snow source (609.4b:
    # what mana was spent doesn't change; the snow rulings).
    s = board("Chromatic Orrery, Forest")
    a = payment_answer(s, "Alice", "{W}{U}")
    assert a.payable is True and a.count == 2 and not a.undecided
    assert {q.text for q in a.options} == {
        "Chromatic Orrery [ability 1: {C}{C}{C}{C}{C}] (leftover {C}{C}{C})",
        "Chromatic Orrery [ability 1: {C}{C}{C}{C}{C}], Forest [ability 1: {G}] "
        "(leftover {C}{C}{C}{C})"}
    assert payment_answer(s, "Alice", "{C}{C}{C}{C}{C}{C}").payable is False  # 5 {C} only
    assert payment_answer(s, "Alice", "{S}").payable is False
    # It is the controller's: the opponent's Orrery does nothing for Alice.
    assert payment_answer(board("Forest", "Chromatic Orrery"), "Alice", "{W}").payable is False


@pytest.mark.cr("609.4b")
def test_celestial_dawn_white_as_any_color_other_mana_only_as_colorless() -> None:
    # Celestial Dawn: "You may spend white mana as though it were mana of any color.
    # You may spend other mana only as though it were colorless mana." Its lands are
    # Plains (making {W}); Llanowar Elves still makes {G} (its ruling), which can then
    # pay only generic mana.
    s = board("Celestial Dawn, Llanowar Elves, Forest, Island")
    a = payment_answer(s, "Alice", "{U}{G}")
    assert a.payable is True and a.count == 1
    assert a.options[0].text == "Forest [ability 1: {W}], Island [ability 1: {W}]"
    a = payment_answer(board("Celestial Dawn, Llanowar Elves"), "Alice", "{G}")
    assert a.payable is False and not a.undecided
    assert payment_answer(board("Celestial Dawn, Llanowar Elves"), "Alice", "{1}").payable
    # Whether mana spent "as though it were colorless" pays {C} the text doesn't settle:
    # with only the Elves' {G} for {C}, not decided, naming Celestial Dawn; with a Sol
    # Ring too, payable (its {C} is colorless), the count a lower bound.
    a = payment_answer(board("Celestial Dawn, Llanowar Elves"), "Alice", "{C}")
    assert a.payable is None and [u.object_id for u in a.undecided] == ["Celestial Dawn"]
    a = payment_answer(board("Celestial Dawn, Llanowar Elves, Sol Ring"), "Alice", "{C}")
    assert a.payable is True and not a.complete
    assert [u.object_id for u in a.lower_bound_because] == ["Celestial Dawn"]
    # With no mana that is spent only as though colorless, nothing is in doubt.
    a = payment_answer(board("Celestial Dawn, Sol Ring"), "Alice", "{C}")
    assert a.payable is True and a.complete


@pytest.mark.cr("613.1e")
@pytest.mark.cr("702.16b")
def test_celestial_dawn_makes_the_displacer_white_for_protection() -> None:
    # Celestial Dawn makes Alice's nonland permanents white (devoid's colorless is
    # overridden, as Dawn's effect is later in layer 5), so Eldrazi Displacer's ability
    # (its source white) can't target a creature with protection from white.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [Eldrazi Displacer, Celestial Dawn, Wastes, Wastes, Wastes]}
  Bob: {battlefield: [Warden]}
cards:
  - {name: Warden, types: [Creature], power: 1, toughness: 1,
     keywords: [Protection from white]}
""")
    v = can_activate(s, "Eldrazi Displacer", 1, "Alice", find_fixes=False)
    assert not v.legal and not v.undecided
    assert any(r.rule.startswith("702.16") or "protection" in r.message for r in v.reasons)
    # Without Dawn the Displacer is colorless (devoid) and may target the Warden.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [Eldrazi Displacer, Wastes, Wastes, Wastes]}
  Bob: {battlefield: [Warden]}
cards:
  - {name: Warden, types: [Creature], power: 1, toughness: 1,
     keywords: [Protection from white]}
""")
    assert can_activate(s, "Eldrazi Displacer", 1, "Alice", find_fixes=False).legal


@pytest.mark.cr("602.2b")
def test_training_grounds_makes_displacer_payable_with_one_wastes() -> None:
    # Issue 10: Eldrazi Displacer ({2}{C}) with Training Grounds and one Wastes is legal:
    # the total cost is {C} (Training Grounds' ruling: "{2}{G} ... only {G}").
    s = board("Eldrazi Displacer, Training Grounds, Wastes, Llanowar Elves")
    v = can_activate(s, "Eldrazi Displacer", 1, "Alice", find_fixes=False)
    assert v.legal and v.ways == 1
    assert v.witness is not None and v.witness.targets == ("Llanowar Elves",)
    # Without Training Grounds it isn't: {2}{C} needs three mana.
    v = can_activate(board("Eldrazi Displacer, Wastes, Llanowar Elves"), "Eldrazi Displacer",
                     1, "Alice", find_fixes=False)
    assert not v.legal and any(r.rule == "601.2h" for r in v.reasons)


@pytest.mark.cr("613.1d")
@pytest.mark.cr("700.5")
def test_kruphix_is_a_creature_only_with_devotion_seven() -> None:
    # Kruphix: "As long as your devotion to green and blue is less than seven, Kruphix
    # isn't a creature." Alone, its devotion is 2 ({3}{G}{U}): Gaea's Cradle ("{G} for
    # each creature you control") counts nothing. With five tapped Llanowar Elves ({G}
    # each) devotion is 7: Kruphix is a creature, and Cradle makes six {G}.
    s = board("\"Kruphix, God of Horizons\", Gaea's Cradle")
    a = payment_answer(s, "Alice", "{G}")
    assert a.payable is False and not a.undecided
    elves = ", ".join(["{card: Llanowar Elves, tapped: true}"] * 5)
    s = board(f"\"Kruphix, God of Horizons\", Gaea's Cradle, {elves}")
    assert payment_answer(s, "Alice", "{G}" * 6).payable is True
    assert payment_answer(s, "Alice", "{G}" * 7).payable is False
    four = ", ".join(["{card: Llanowar Elves, tapped: true}"] * 4)
    s = board(f"\"Kruphix, God of Horizons\", Gaea's Cradle, {four}")
    assert payment_answer(s, "Alice", "{G}" * 5).payable is False  # devotion 6: four


@pytest.mark.cr("613.4c")
def test_faeburrow_elder_and_omnath_have_their_bonus_and_survive() -> None:
    # Faeburrow Elder (0/0, green and blue): +1/+1 for each color among permanents you
    # control, so at least 2/2; Omnath (1/1): +1/+1 for each unspent green mana. Neither
    # dies to state-based actions (they used to, as 0/0 and 1/1 with counters).
    from manacheck.model import effective

    s = board("Faeburrow Elder, {card: \"Omnath, Locus of Mana\", counters: {\"-1/-1\": 1}}",
              extra="")
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice:
    mana_pool: "{G}{G}"
    battlefield: [Faeburrow Elder, Plains, {card: "Omnath, Locus of Mana", counters: {"-1/-1": 1}}]
  Bob: {}
""")
    chars = effective(s)
    assert (chars["Faeburrow Elder"].power, chars["Faeburrow Elder"].toughness) == (2, 2)
    # Omnath: 1/1, +2/+2 for two unspent {G}, -1/-1 counter: 2/2.
    assert chars["Omnath, Locus of Mana"].toughness == 2
    from manacheck.solver.settle import before_priority

    assert not before_priority(s).changed  # nothing dies
    # Celestial Dawn makes every nonland permanent white: one color, so Faeburrow is
    # 1/1.
    s2 = board("Faeburrow Elder, Celestial Dawn")
    assert effective(s2)["Faeburrow Elder"].toughness == 1


@pytest.mark.cr("613.4c")
def test_mirari_s_wake_keeps_a_shrunken_elf_alive() -> None:
    # Mirari's Wake: "Creatures you control get +1/+1": an Elf with a -1/-1 counter is a
    # 1/1, not a 0/0 that dies (it used to die).
    s = board("Mirari's Wake, {card: Llanowar Elves, counters: {\"-1/-1\": 1}}")
    v = can_activate(s, "Llanowar Elves", 1, "Alice", find_fixes=False)
    assert v.legal and not v.state_based


def test_undecided_is_json_with_object_text_and_why(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    path = tmp_path / "b.yaml"
    path.write_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Celestial Dawn, Llanowar Elves]}
""")
    status = main(["pay", str(path), "{C}", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1 and data["payable"] is None and data["complete"] is False
    u = data["undecided"][0]
    assert set(u) == {"object", "text", "why", "question", "families"}
    assert u["object"] == "Celestial Dawn" and u["question"] == "payment"
    # what the payment reads that it could change, in words, with its rules
    assert u["families"] == ["spending"]
    assert u["why"].endswith("it could change how mana may be spent (CR 106.6, 609.4b)")


# ---- 602.5e: "Activate only as an instant" on a mana ability -----------------------

LED = "\"Lion's Eye Diamond\""


@pytest.mark.cr("602.5e")
@pytest.mark.parametrize(("phase", "priority", "legal"), [
    ("precombat_main", None, True),     # Alice holds priority (the default)
    ("precombat_main", "Bob", False),   # 117.1a: an instant needs priority
    ("upkeep", "Alice", True),          # any step in which she holds priority
    ("untap", None, False),             # 117.3a: nobody receives priority
])
def test_lions_eye_diamond_needs_priority(phase: str, priority: str | None,
                                          legal: bool) -> None:
    turn = f"{{active_player: Alice, phase: {phase}" + (
        f", priority: {priority}}}" if priority else "}")
    s = load_state_text(f"""
turn: {turn}
players:
  Alice: {{hand: [Island], battlefield: [{LED}]}}
  Bob: {{}}
""")
    v = can_activate(s, "Lion's Eye Diamond", 1, "Alice", find_fixes=False)
    assert v.legal is legal
    if not legal:
        assert v.reasons[0].rule == "602.5e"
    # An ordinary mana ability is still exempt (605.3a): Alice may tap a land for mana
    # while paying a cost even without priority.
    s2 = load_state_text(f"""
turn: {turn}
players:
  Alice: {{battlefield: [Island]}}
  Bob: {{}}
""")
    assert can_activate(s2, "Island", 1, "Alice", find_fixes=False).legal


@pytest.mark.cr("602.5e")
def test_abilities_lists_lions_eye_diamond_as_not_legal_without_priority() -> None:
    from manacheck.solver.activation import abilities

    s = load_state_text(f"""
turn: {{active_player: Alice, phase: precombat_main, priority: Bob}}
players:
  Alice: {{battlefield: [{LED}, Forest]}}
  Bob: {{}}
""")
    rows = {(o, n): v for o, n, v in abilities(s, "Alice")}
    assert not rows[("Lion's Eye Diamond", 1)].legal
    assert rows[("Forest", 1)].legal


def test_families_have_rules() -> None:
    for f in Family:
        assert "CR " in f.rules, f


SHIFTER = """cards:
  - name: Shifter
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - static: {kind: other, affects: [types], self_only: true,
                 text: "As long as the moon is full, Shifter isn't a creature."}
"""


@pytest.mark.cr("106.7")
def test_could_produce_is_undecided_only_where_the_unapplied_effect_could_matter() -> None:
    # An unread "isn't a creature" on Shifter changes only Shifter: Forest's answer
    # doesn't look at it, Gaea's Cradle's ("for each creature you control") does.
    s = board("Shifter, Gaea's Cradle, Forest", extra=SHIFTER)
    forest = explain_could_produce(s, "Forest")
    assert forest.undecided == () and forest.letters == ["G"]
    cradle = explain_could_produce(s, "Gaea's Cradle")
    assert [u.object_id for u in cradle.undecided] == ["Shifter"]
    assert cradle.as_dict()["complete"] is False
    a = payment_answer(s, "Alice", "{G}{G}")
    assert a.payable is None and [u.object_id for u in a.undecided] == ["Shifter"]


# ---- 106.3, 113.7: triggered mana comes from the trigger's source -------------------

@pytest.mark.cr("106.3")
def test_wild_growths_mana_is_not_snow() -> None:
    # Snow-Covered Forest enchanted by Wild Growth, with Mana Flare: tapping it adds {G}
    # from the snow Forest, {G} from Wild Growth and {G} from Mana Flare (neither snow:
    # the extra mana's source is the enchantment, Wild Growth's ruling). So {S}{S} can't
    # be paid; it used to be "payable". The solver leaves the Forest out rather than
    # guess: never "payable".
    s = load_state_text("""
turn: {active_player: A}
players:
  A:
    battlefield:
      - Snow-Covered Forest
      - {card: Wild Growth, attached_to: Snow-Covered Forest}
      - Mana Flare
""")
    a = payment_answer(s, "A", "{S}{S}")
    assert a.payable is not True
    assert any(lo.startswith("Snow-Covered Forest") for lo in a.left_out)
    # {S} alone is payable by the Forest's own mana; counting the Forest out makes this
    # a lower bound, never a wrong "no".
    assert payment_answer(s, "A", "{S}").payable is not False
    # Without {S} nothing tells the mana apart: three green, exactly.
    a = payment_answer(s, "A", "{G}{G}{G}")
    assert a.payable is True and a.complete and a.count == 1


@pytest.mark.cr("106.3")
def test_leyline_of_abundance_mana_is_not_produced_by_a_creature() -> None:
    # Myr Superion: "Spend only mana produced by creatures to cast this spell." With
    # Leyline of Abundance, tapping Llanowar Elves adds {G} from the Elves and {G} from
    # Leyline (an enchantment: Leyline's ruling), so one Elf can't pay {2}; two can.
    one = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Myr Superion], battlefield: [Llanowar Elves, Leyline of Abundance]}
""")
    a = payment_answer(one, "A", None, for_object="Myr Superion")
    assert a.payable is False and not a.left_out
    two = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Myr Superion],
      battlefield: [Llanowar Elves, Llanowar Elves, Leyline of Abundance]}
""")
    a = payment_answer(two, "A", None, for_object="Myr Superion")
    assert a.payable is True and a.count == 1
    assert a.options[0].text == "Llanowar Elves x2 [ability 1: {G}]"


@pytest.mark.cr("106.6")
def test_mana_flare_mana_carries_no_restriction_of_the_land() -> None:
    # Mana Flare's ruling: "Does not copy any restrictions on the mana, such as with
    # Mishra's Workshop." Workshop's {C}{C}{C} pays only artifact spells, but Flare's
    # extra {C} pays anything: {1} is payable. Never "not payable".
    s = board("\"Mishra's Workshop\", Mana Flare")
    a = payment_answer(s, "Alice", "{1}")
    assert a.payable is not False
    assert any(lo.startswith("Mishra's Workshop") for lo in a.left_out)


# ---- resolve: effects it doesn't apply are refused; 508.1c; entering tapped ---------

def resolve_board(battlefield: str, cards: str = "") -> GameState:
    return load_state_text(f"""
turn: {{active_player: Alice, phase: precombat_main}}
players:
  Alice: {{battlefield: [{battlefield}]}}
  Bob: {{}}
{cards}
""")


@pytest.mark.cr("508.1c")
def test_glacial_chasm_makes_an_attack_declaration_illegal() -> None:
    from manacheck.solver.resolution import BadEvent, resolve

    # "Creatures you control can't attack": declaring an attacker disobeys it (508.1c).
    s = resolve_board("Llanowar Elves, Glacial Chasm")
    with pytest.raises(BadEvent, match=r"can't attack: Glacial Chasm .*508\.1c"):
        resolve(s, [{"attack": "Llanowar Elves"}])
    # It is Alice's Chasm that stops Alice's creatures, not an opponent's.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [Llanowar Elves]}
  Bob: {battlefield: [Glacial Chasm]}
""")
    assert resolve(s, [{"attack": "Llanowar Elves"}]).complete


@pytest.mark.cr("702.3b")
def test_a_creature_with_defender_cant_attack() -> None:
    from manacheck.solver.resolution import BadEvent, resolve

    s = resolve_board("Wall", "cards:\n  - {name: Wall, types: [Creature], power: 0, "
                              "toughness: 4, keywords: [Defender]}")
    with pytest.raises(BadEvent, match=r"defender .*702\.3b"):
        resolve(s, [{"attack": "Wall"}])


def test_resolve_refuses_an_effect_it_doesnt_apply(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from manacheck.solver.resolution import Unsupported, resolve

    # Shifter's unread "isn't a creature" (layer 4) could decide whether -1/-1 counters
    # kill it: the outcome is not decided, naming it (exit status 1: not bad input).
    s = resolve_board("Shifter, Llanowar Elves", SHIFTER)
    with pytest.raises(Unsupported, match="Shifter"):
        resolve(s, [{"put_counters": {"object": "Shifter", "counters": {"-1/-1": 1}}}])
    path = tmp_path / "k.yaml"
    path.write_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Shifter, Llanowar Elves]}
events: [{put_counters: {object: Shifter, counters: {"-1/-1": 1}}}]
""" + SHIFTER)
    capsys.readouterr()
    assert main(["resolve", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("not decided: ") and "Shifter" in out


@pytest.mark.cr("614.1c")
def test_a_permanent_that_enters_tapped_returns_tapped() -> None:
    from manacheck.solver.resolution import resolve

    # Persist returns the creature to the battlefield (702.79a); it "enters tapped".
    cards = """cards:
  - name: Sleepy Finks
    types: [Creature]
    power: 2
    toughness: 2
    keywords: [Persist]
    abilities:
      - static: {kind: other, params: {enters_tapped: true}, text: "Sleepy Finks enters tapped."}
"""
    s = resolve_board("Sleepy Finks", cards)
    out = resolve(s, [{"dies": "Sleepy Finks"}, {"resolve": "all"}])
    assert out.complete
    back = out.state.permanent("Sleepy Finks")
    assert back.tapped and back.counters.as_dict() == {"-1/-1": 1}


@pytest.mark.cr("106.6")
@pytest.mark.parametrize(("trigger", "land", "cost"), [
    ("Heartbeat of Spring", "Ancient Ziggurat", "{1}"),   # its ruling: no riders
    ("Mirari's Wake", "Ancient Ziggurat", "{1}"),         # its ruling
    ("Mana Flare", "Mishra's Workshop", "{1}"),           # its ruling
])
def test_extra_mana_from_a_trigger_carries_no_restriction(trigger: str, land: str,
                                                          cost: str) -> None:
    # The extra mana has no restriction of the land's, so it pays a cost the land's own
    # mana can't: never "not payable" (the land is left out: a lower bound).
    s = board(f"\"{land}\", {trigger}")
    a = payment_answer(s, "Alice", cost)
    assert a.payable is not False
    assert any(lo.startswith(land) for lo in a.left_out)


@pytest.mark.cr("106.6")
def test_kinnans_mana_carries_no_restriction_of_the_permanent_tapped() -> None:
    # Kinnan: "Whenever you tap a nonland permanent for mana, add one mana of any type
    # that permanent produced"; its ruling: the mana has no restrictions or riders.
    # Jeweled Lotus's mana may only cast a commander; Kinnan's extra mana may pay {1}.
    s = board("\"Kinnan, Bonder Prodigy\", Jeweled Lotus")
    a = payment_answer(s, "Alice", "{1}")
    assert a.payable is not False


@pytest.mark.cr("106.3")
def test_snow_forest_with_mana_flare_makes_one_snow_mana() -> None:
    # Mana Flare's extra mana comes from Mana Flare (not snow): {S}{S} can't be paid by
    # one Snow-Covered Forest. It used to be "payable".
    s = board("Snow-Covered Forest, Mana Flare")
    assert payment_answer(s, "Alice", "{S}{S}").payable is not True


@pytest.mark.cr("613.1d")
@pytest.mark.cr("603.10a")
def test_the_ozolith_sees_kruphix_leave_only_if_it_is_a_creature() -> None:
    # The Ozolith: "Whenever a creature you control leaves the battlefield, if it had
    # counters on it, put those counters on The Ozolith." Kruphix with devotion below
    # seven isn't a creature: no trigger. With five more Elves' {G}, it is one.
    from manacheck.solver.resolution import resolve

    def run(extra: str) -> dict[str, int]:
        s = load_state_text(f"""
turn: {{active_player: Alice, phase: precombat_main}}
players:
  Alice:
    battlefield:
      - The Ozolith
      - {{card: "Kruphix, God of Horizons", counters: {{"+1/+1": 2}}}}{extra}
  Bob: {{}}
""")
        out = resolve(s, [{"exile": "Kruphix, God of Horizons"}, {"resolve": "all"}])
        assert out.complete
        return out.state.permanent("The Ozolith").counters.as_dict()

    assert run("") == {}
    elves = "".join("\n      - Llanowar Elves" for _ in range(5))
    assert run(elves) == {"+1/+1": 2}


@pytest.mark.parametrize(("params", "message"), [
    ("{pump: {power: 1, toughness: 1, per: colours_among_permanents}}",
     "unknown 'for each' amount"),
    ("{set_color: white}", "unknown mana symbol"),
    ("{not_creature_unless_devotion: {colors: \"{G}\"}}", "count: N"),
])
def test_parameters_the_layers_read_are_checked_when_the_card_loads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], params: str, message: str
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"""
turn: {{active_player: A}}
players:
  A: {{battlefield: [Odd]}}
cards:
  - name: Odd
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - static: {{kind: other, params: {params}, text: Odd.}}
""")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "cards[0].abilities[0].static.params" in err


@pytest.mark.cr("702.61a")
def test_a_split_second_spell_on_the_stack_stops_non_mana_abilities() -> None:
    # Split second: "As long as this spell is on the stack, players can't cast spells
    # or activate abilities that aren't mana abilities." Displacer's ability can't be
    # activated; Llanowar Elves' mana ability still can.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [Eldrazi Displacer, Wastes, Wastes, Wastes, Llanowar Elves]}
  Bob: {}
stack: [{card: Sudden Spell, controller: Bob}]
cards:
  - {name: Sudden Spell, mana_cost: "{1}{R}", types: [Instant], keywords: [Split second]}
""")
    v = can_activate(s, "Eldrazi Displacer", 1, "Alice", find_fixes=False)
    assert not v.legal and not v.undecided
    assert [r.rule for r in v.reasons] == ["702.61a"]
    assert can_activate(s, "Llanowar Elves", 1, "Alice", find_fixes=False).legal


@pytest.mark.cr("602.5")
def test_an_activation_condition_it_doesnt_model_is_not_decided(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Not bad input (the card loads): the verdict is not decided, exit status 1.
    path = tmp_path / "c.yaml"
    path.write_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Moon Engine]}
cards:
  - name: Moon Engine
    types: [Artifact]
    abilities:
      - activated: {cost: "{T}", condition: {kind: full_moon},
                    effects: [{kind: draw, count: 1}], text: "{T}: Draw a card."}
""")
    assert main(["can-activate", str(path), "Moon Engine", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is None and "full_moon" in data["undecided"][0]["why"]


@pytest.mark.cr("106.6")
def test_heartbeat_of_spring_mana_from_cavern_of_souls_has_no_rider() -> None:
    # Heartbeat of Spring's ruling: it "doesn't care about any restrictions or riders
    # your lands put on the mana they produce, such as those of ... Cavern of Souls":
    # tapping Cavern for black (only for Elf spells) adds a second, unrestricted {B}
    # that pays {B} for anything. Without Heartbeat {B} can't be paid here.
    s = board("{card: Cavern of Souls, chosen: {creature_type: Elf}}, Heartbeat of Spring")
    a = payment_answer(s, "Alice", "{B}")
    assert a.payable is not False
    assert payment_answer(board("{card: Cavern of Souls, chosen: {creature_type: Elf}}"),
                          "Alice", "{B}").payable is False


@pytest.mark.cr("609.4b")
def test_players_may_spend_reaches_every_player() -> None:
    # "Players may spend mana as though it were mana of any color" (players: all) on
    # Bob's permanent lets Alice's Forest pay {U}; a "You may spend" of Bob's doesn't.
    cards = """cards:
  - name: Lattice
    types: [Artifact]
    abilities:
      - static: {kind: spend_as_any_color, params: {players: all},
                 text: Players may spend mana as though it were mana of any color.}
"""
    assert payment_answer(board("Forest", "Lattice", extra=cards), "Alice",
                          "{U}").payable is True
    assert payment_answer(board("Forest", "Chromatic Orrery"), "Alice", "{U}").payable is False


@pytest.mark.cr("305.7")
@pytest.mark.cr("613.1f")
def test_a_land_blood_moon_turned_into_a_mountain_has_no_triggers() -> None:
    # Blood Moon makes nonbasic lands Mountains: they lose their rules-text abilities,
    # triggered ones too. Grave Marsh's "whenever a creature you control dies, you gain 1
    # life" doesn't trigger under Blood Moon; it does without.
    from manacheck.solver.resolution import resolve

    cards = """cards:
  - name: Grave Marsh
    types: [Land]
    abilities:
      - triggered:
          event: dies
          subject: {types: [Creature], controller: you}
          effects: [{kind: gain_life, amount: 1}]
          text: Whenever a creature you control dies, you gain 1 life.
"""

    def life_after(battlefield: str) -> int:
        s = resolve_board(battlefield, cards)
        out = resolve(s, [{"dies": "Llanowar Elves"}, {"resolve": "all"}])
        assert out.complete
        return out.state.player("Alice").life

    assert life_after("Grave Marsh, Llanowar Elves") == 21
    assert life_after("Grave Marsh, Llanowar Elves, Blood Moon") == 20


@pytest.mark.cr("611.2a")
@pytest.mark.cr("613.7b")
def test_a_resolved_spells_continuous_effects_apply_or_are_named() -> None:
    # A resolved spell's "Lands you control are Plains until end of turn" applies in
    # layer 4 (CR 611.2a): Forest makes {W}, not {G}. A kind the model doesn't read from
    # resolved spells (a cost change) makes answers not decided, never dropped.
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Forest]}
effects: [{card: Plains Spell, controller: A}]
cards:
  - name: Plains Spell
    types: [Sorcery]
    abilities:
      - static: {kind: land_types, affected: {types: [land], controller: you},
                 set_subtypes: [Plains], text: Lands you control are Plains until end of turn.}
""")
    assert payment_answer(s, "A", "{G}").payable is False
    assert payment_answer(s, "A", "{W}").payable is True
    taxed = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Dark Ritual], battlefield: [Swamp, Swamp]}
effects: [{card: Tax Spell, controller: A}]
cards:
  - name: Tax Spell
    types: [Sorcery]
    abilities:
      - static: {kind: cost_modifier, params: {applies_to: spells, increase: "{1}"},
                 text: "Spells cost {1} more to cast this turn."}
""")
    a = payment_answer(taxed, "A", None, for_object="Dark Ritual")
    assert a.payable is None and a.undecided[0].object_id == taxed.effects[0].id
    moon = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Tundra]}
effects: [{card: Pale Moon, controller: A}]
""")
    assert payment_answer(moon, "A", "{C}").payable is True


@pytest.mark.cr("609.4b")
def test_celestial_dawn_pool_mana_pays_only_generic() -> None:
    # Celestial Dawn's ruling: "If you have nonwhite mana in your mana pool when
    # Celestial Dawn enters the battlefield, it remains there but you can spend it only
    # on the colorless part of costs." Pool {G}: pays {1}, not {G}.
    s = load_state_text("""
turn: {active_player: Alice}
players:
  Alice: {mana_pool: "{G}", battlefield: [Celestial Dawn]}
""")
    assert payment_answer(s, "Alice", "{G}").payable is False
    assert payment_answer(s, "Alice", "{1}").payable is True
