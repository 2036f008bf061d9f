"""Hand-derived payment cases and official rulings (issue 3).

Every expected count is derived by hand in the comment above it; every case also
checks that listing, counting by enumeration and the combinatorial count agree and
that no payment is listed twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import BadInput, GameState, ManaCost, ManaType, load_state_text
from manacheck.solver import NotDecided
from manacheck.solver.payments import (
    ManaUse,
    Payment,
    count_payments,
    is_payable,
    payments,
    search_payments,
    unpayable_reasons,
)
from manacheck.solver.payments.precheck import flow_payable

REFERENCE = Path(__file__).resolve().parents[1] / "reference"
W, U, B, R, G, C = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G, ManaType.C)


def board(*battlefield: str, life: int = 20, pool: str = "", hand: str = "",
          cards: str = "") -> GameState:
    lines = ["turn: {active_player: A}", "players:", "  A:", f"    life: {life}"]
    if pool:
        lines.append(f'    mana_pool: "{pool}"')
    if hand:
        lines.append(f"    hand: [{hand}]")
    lines.append("    battlefield: [" + ", ".join(battlefield) + "]")
    lines.append("  B: {}")
    if cards:
        lines.append(cards)
    return load_state_text("\n".join(lines) + "\n")


def check(state: GameState, cost: str, **kw: object) -> list[Payment]:
    """List every payment and check the four ways of counting agree."""
    p = payments(state, "A", cost, **kw)  # type: ignore[arg-type]
    listed = list(p)
    assert len(listed) == len(set(listed)), "a payment was listed twice"
    assert p.count() == len(listed) == p.count_by_enumeration()
    assert bool(p) == bool(listed) == is_payable(state, "A", cost, **kw)  # type: ignore[arg-type]
    for q in listed:
        assert q in p
    return listed


def texts(ps: list[Payment]) -> list[str]:
    return sorted(q.text for q in ps)


# ---- the definition of a distinct payment ---------------------------------------------


@pytest.mark.cr("601.2h")
def test_two_forests_swapped_are_one_payment() -> None:
    # {G} from Forest or from Forest#2: same card, same status -> one payment.
    ps = check(board("Forest", "Forest"), "{G}")
    assert len(ps) == 1
    assert ps[0].activations[0].group == ("Forest", "Forest#2")


@pytest.mark.cr("106.1")
def test_birds_making_different_colors_are_different_payments() -> None:
    # Birds of Paradise for {1}: W, U, B, R or G -> five payments (issue 3's example).
    ps = check(board("Birds of Paradise"), "{1}")
    assert sorted(q.activations[0].mana_text for q in ps) == ["{B}", "{G}", "{R}", "{U}", "{W}"]


@pytest.mark.cr("601.2h")
def test_forest_forest_island_hand_counts() -> None:
    s = board("Forest", "Forest", "Island")
    # {1}{G}: {Forest x2} or {Forest, Island} -> 2.
    assert texts(check(s, "{1}{G}")) == [
        "Forest [ability 1: {G}], Island [ability 1: {U}]", "Forest x2 [ability 1: {G}]"]
    # {G}{U}: only {Forest, Island} -> 1. {U}{U}: 0. {4}: 0 (three sources).
    assert len(check(s, "{G}{U}")) == 1
    assert check(s, "{U}{U}") == []
    assert check(s, "{4}") == []


@pytest.mark.cr("601.2h")
def test_empty_cost_is_paid_with_nothing() -> None:
    ps = check(board("Forest"), "{0}")
    assert [q.activations for q in ps] == [()]


# ---- Phyrexian mana and life (CR 107.4f, 119.4) ---------------------------------------


@pytest.mark.cr("119.4")
def test_phyrexian_at_life_2_and_1() -> None:
    # {W/P} with one Plains. Life 2: Plains, or 2 life -> 2. Life 1: only Plains -> 1.
    at2 = check(board("Plains", life=2), "{W/P}")
    assert sorted(q.life for q in at2) == [0, 2]
    at1 = check(board("Plains", life=1), "{W/P}")
    assert [q.life for q in at1] == [0]


@pytest.mark.cr("119.4")
def test_ruling_gitaxian_probe_at_1_life_cant_pay_2_life() -> None:
    # Ruling (Gitaxian Probe): "If you're at 1 life or less, you can't pay 2 life."
    s = board("Plains", life=1, hand="Gitaxian Probe")
    assert check(s, "{U/P}", for_object="Gitaxian Probe") == []
    reasons = unpayable_reasons(s, "A", "{U/P}")
    assert any("119.4" in r and "{U}" in r for r in reasons)
    # At 2 life, 2 life pays it: exactly one payment, with no sources.
    ps = check(board("Plains", life=2), "{U/P}")
    assert [(q.activations, q.life) for q in ps] == [((), 2)]


@pytest.mark.cr("119.4")
def test_ruling_dismember_life_for_both_symbols_needs_4_life() -> None:
    # Dismember {1}{B/P}{B/P} with one Mountain: the Mountain pays {1}; both {B/P}
    # need 4 life (one payment) -- at 3 life only one can be paid with life: none.
    assert [q.life for q in check(board("Mountain", life=4), "{1}{B/P}{B/P}")] == [4]
    assert check(board("Mountain", life=3), "{1}{B/P}{B/P}") == []


@pytest.mark.cr("119.4b")
def test_mana_confluence_life_cost() -> None:
    # Mana Confluence: "{T}, Pay 1 life". {W}: at life 1 it works (1 life), at 0 not.
    ps = check(board("Mana Confluence", life=1), "{W}")
    assert [q.life for q in ps] == [1]
    # At 0 life the player has lost (CR 704.5a, a state-based action manacheck doesn't
    # perform): the answer is not decided. The solver itself pays no life it lacks.
    dead = board("Mana Confluence", life=0)
    assert not search_payments(dead, "A", "{W}")
    with pytest.raises(NotDecided):
        payments(dead, "A", "{W}")
    with pytest.raises(NotDecided):
        is_payable(dead, "A", "{W}")
    # {W/P} at life 2: Confluence (1 life) or 2 life -> 2 payments.
    assert sorted(q.life for q in check(board("Mana Confluence", life=2), "{W/P}")) == [1, 2]


# ---- hybrid symbols -----------------------------------------------------------------


@pytest.mark.cr("107.4e")
def test_two_w_paid_by_w_or_two_mana() -> None:
    # {2/W} with Plains, Forest, Forest: {Plains} (W), {Forest x2}, {Plains, Forest}
    # (two mana) -> 3.
    ps = check(board("Plains", "Forest", "Forest"), "{2/W}")
    assert texts(ps) == ["Forest [ability 1: {G}], Plains [ability 1: {W}]",
                         "Forest x2 [ability 1: {G}]", "Plains [ability 1: {W}]"]


@pytest.mark.cr("107.4e")
@pytest.mark.cr("107.4c")
def test_colorless_hybrid_paid_by_its_color_or_by_colorless_mana() -> None:
    # {C/W}: one white mana or one colorless mana (107.4e; the {C} half is 107.4c's
    # "paid only with one colorless mana"). Plains or Wastes pay it, each alone (2 ways);
    # a Forest never does, and generic {1} isn't the {C} half: green can't pay it.
    ps = check(board("Plains", "Wastes", "Forest"), "{C/W}")
    assert texts(ps) == ["Plains [ability 1: {W}]", "Wastes [ability 1: {C}]"]
    assert not is_payable(board("Forest", "Island"), "A", "{C/W}")
    assert any("{C/W}" in r and "107.4e" in r
               for r in unpayable_reasons(board("Forest", "Island"), "A", "{C/W}"))
    # {C/W}{C/W}{1} with Plains, Wastes, Forest: W and C take the hybrids, G the {1} -> 1.
    ps = check(board("Plains", "Wastes", "Forest"), "{C/W}{C/W}{1}")
    assert texts(ps) == ["Forest [ability 1: {G}], Plains [ability 1: {W}], "
                         "Wastes [ability 1: {C}]"]
    # Two Wastes pay {C/W}{C/W}; a Wastes and an Island don't ({U} pays neither half).
    assert len(check(board("Wastes", "Wastes"), "{C/W}{C/W}")) == 1
    assert not is_payable(board("Wastes", "Island"), "A", "{C/W}{C/W}")


@pytest.mark.cr("107.4e")
def test_ruling_reaper_king_each_symbol_its_own_way() -> None:
    # Ruling (Reaper King): each monocolored hybrid symbol may be paid a different way.
    # {2/W}{2/U} with Plains, Wastes, Wastes: W pays {2/W}, two {C} pay {2/U} -> 1.
    ps = check(board("Plains", "Wastes", "Wastes"), "{2/W}{2/U}")
    assert texts(ps) == ["Plains [ability 1: {W}], Wastes x2 [ability 1: {C}]"]


@pytest.mark.cr("107.4e")
def test_hybrid_choice_does_not_make_payments_distinct() -> None:
    # {W/U}{1} with Plains and Island: the hybrid can take W or U, but it is the same
    # set of activations -> 1 payment.
    assert len(check(board("Plains", "Island"), "{W/U}{1}")) == 1


# ---- {C}, {S}, restricted mana ---------------------------------------------------------


@pytest.mark.cr("107.4c")
def test_colorless_symbol_needs_colorless_mana() -> None:
    # City of Brass makes any *color*: it can't pay {C}. Wastes can.
    assert check(board("City of Brass"), "{C}") == []
    reasons = unpayable_reasons(board("City of Brass"), "A", "{C}")
    assert any("107.4c" in r for r in reasons)
    assert len(check(board("City of Brass", "Wastes"), "{C}")) == 1
    # ...but City of Brass pays generic with any of five colors.
    assert len(check(board("City of Brass"), "{1}")) == 5


@pytest.mark.cr("107.4h")
def test_snow_symbol_needs_a_snow_source() -> None:
    # {S}{G} with Snow-Covered Forest + Forest: the snow land must pay {S} -> 1.
    assert len(check(board("Snow-Covered Forest", "Forest"), "{S}{G}")) == 1
    # With two Snow-Covered Forests and a Forest: {SCF x2} or {SCF, Forest} -> 2.
    assert len(check(board("Snow-Covered Forest", "Snow-Covered Forest", "Forest"),
                     "{S}{G}")) == 2
    assert check(board("Forest", "Forest"), "{S}") == []
    assert any("107.4h" in r for r in unpayable_reasons(board("Forest"), "A", "{S}"))


@pytest.mark.cr("106.6")
def test_ruling_eldrazi_temple_restricted_mana() -> None:
    # Eldrazi Temple's {C}{C} only for colorless Eldrazi spells (Thought-Knot Seer).
    # {3}{C} with Temple + two Wastes: Temple's {C}{C} + Wastes x2 -> exactly 1.
    s = board("Eldrazi Temple", "Wastes", "Wastes", hand="Thought-Knot Seer, Sheer Drop")
    ps = check(s, "{3}{C}", for_object="Thought-Knot Seer")
    assert texts(ps) == ["Eldrazi Temple [ability 2: {C}{C}], Wastes x2 [ability 1: {C}]"]
    # Without saying what is paid for, or for a colored spell: only 3 mana -> none.
    assert check(s, "{3}{C}") == []
    assert check(s, "{3}{C}", for_object="Sheer Drop") == []
    assert any("106.6" in r for r in unpayable_reasons(s, "A", "{3}{C}"))


# ---- which abilities can be activated ---------------------------------------------------


@pytest.mark.cr("302.6")
def test_summoning_sick_mana_creature_cant_tap() -> None:
    sick = "{card: Llanowar Elves, summoning_sick: true}"
    assert check(board(sick, "Forest"), "{G}{G}") == []
    reasons = unpayable_reasons(board(sick, "Forest"), "A", "{G}{G}")
    assert any("302.6" in r for r in reasons)
    # Not sick: Elves + Forest -> 1.
    assert len(check(board("Llanowar Elves", "Forest"), "{G}{G}")) == 1


@pytest.mark.cr("107.5")
def test_tapped_land_cant_tap() -> None:
    assert check(board("{card: Island, tapped: true}", "Forest"), "{U}") == []
    assert len(check(board("{card: Island, tapped: true}", "Island"), "{U}")) == 1


@pytest.mark.cr("605.3a")
def test_ruling_springleaf_drum_taps_a_summoning_sick_creature() -> None:
    # Ruling: Drum may tap a creature that hasn't been under your control since your
    # turn began. Drum + sick Elves, {W}: Drum makes W -> 1.
    s = board("Springleaf Drum", "{card: Llanowar Elves, summoning_sick: true}")
    assert len(check(s, "{W}")) == 1
    # Drum + untapped Elves, {G}: Elves (G), or Drum (G, tapping the Elves) -> 2;
    # {G}{W}: the Elves can't both tap for G and be tapped for the Drum -> 0.
    s2 = board("Springleaf Drum", "Llanowar Elves")
    assert len(check(s2, "{G}")) == 2
    assert check(s2, "{G}{W}") == []


@pytest.mark.cr("605.3a")
def test_ruling_elvish_spirit_guide_from_hand() -> None:
    # Ruling: Elvish Spirit Guide's ability is a mana ability; it works from the hand.
    ps = check(board(hand="Elvish Spirit Guide"), "{G}")
    assert [(u.object, u.zone) for q in ps for u in q.activations] == [
        ("Elvish Spirit Guide", "hand")]


@pytest.mark.cr("118.3")
def test_lotus_petal_sacrifice() -> None:
    # Lotus Petal: {T}, sacrifice: one mana of any color. {U}: 1; {1}: 5 (colors).
    assert len(check(board("Lotus Petal"), "{U}")) == 1
    assert len(check(board("Lotus Petal"), "{1}")) == 5


@pytest.mark.cr("602.2b")
def test_pentad_prism_repeatable_counter_ability() -> None:
    # Two charge counters: two activations. {W}{U}: Prism(W) + Prism(U) -> 1.
    s = board("{card: Pentad Prism, counters: {charge: 2}}")
    ps = check(s, "{W}{U}")
    assert len(ps) == 1 and ps[0].permanents == 2
    # {2}: a multiset of two colors out of five -> C(6, 2) = 15.
    assert len(check(s, "{2}")) == 15
    # Ruling: with no counters left it stays, but can't make mana.
    assert check(board("Pentad Prism"), "{1}") == []


# ---- filter lands, leftover, the pool -------------------------------------------------


@pytest.mark.cr("605.3a")
def test_ruling_graven_cairns_filter_paid_by_b_or_r() -> None:
    # Ruling: "{B/R}, {T}" is "{B}, {T}" or "{R}, {T}". Mountain pays it; {B}{B}:
    # Mountain -> Cairns (BB) -> 1 payment.
    ps = check(board("Graven Cairns", "Mountain"), "{B}{B}")
    assert texts(ps) == ["Graven Cairns [ability 2: {B}{B}], Mountain [ability 1: {R}]"]
    # Swamp + Cairns, {R}{R}: Swamp pays the filter, Cairns makes RR -> 1.
    assert len(check(board("Graven Cairns", "Swamp"), "{R}{R}")) == 1
    # {B}: Swamp alone; Swamp -> Cairns BB (one B left over); Swamp -> Cairns BR
    # (R left over) -> 3. (Cairns' {C} ability can't pay {B}.)
    ps = check(board("Graven Cairns", "Swamp"), "{B}")
    assert len(ps) == 3
    assert sorted(q.to_data()["leftover"] for q in ps) == ["", "{B}", "{R}"]


@pytest.mark.cr("605.3a")
def test_filter_land_chain() -> None:
    # Swamp pays the first Cairns' {B/R}; its {R}{R} or {B}{R} pays the second's {B/R}
    # (a mana ability may be activated while paying another's cost, CR 605.3a).
    # {R}{R}{R}: first Cairns RR (one R pays the second) + second RR; or first BR (B
    # pays the second) + second RR -> 2 (hand count; the brute force agrees).
    s = board("Graven Cairns", "Graven Cairns", "Swamp")
    ps = check(s, "{R}{R}{R}")
    assert len(ps) == 2
    fors = {a.part_of for a in ps[0].assignment if a.part_of}
    assert fors == {"activating Graven Cairns", "activating Graven Cairns#2"}
    # Without the Swamp nothing starts the chain.
    assert check(board("Graven Cairns", "Graven Cairns"), "{R}{R}") == []


@pytest.mark.cr("106.4")
def test_sol_ring_leftover() -> None:
    # {1} with Sol Ring and Forest: {Sol Ring} (leftover {C}) or {Forest} -> 2.
    ps = check(board("Sol Ring", "Forest"), "{1}")
    assert sorted((q.text, q.to_data()["leftover"]) for q in ps) == [
        ("Forest [ability 1: {G}]", ""),
        ("Sol Ring [ability 1: {C}{C}] (leftover {C})", "{C}")]


@pytest.mark.cr("106.4")
def test_mana_already_in_the_pool() -> None:
    # Pool {G} + Forest. {G}: pool, or Forest -> 2. {1}{G}: both -> 1.
    s = board("Forest", pool="{G}")
    assert sorted(q.text for q in check(s, "{G}")) == ["Forest [ability 1: {G}]", "pool {G}"]
    assert len(check(s, "{1}{G}")) == 1


def test_assignment_names_every_symbol() -> None:
    q = payments(board("Plains", "Island", "Sol Ring"), "A", "{W}{U}{1}").best(1)[0]
    paid = sorted(a.symbol for a in q.assignment)
    assert paid == ["{1}", "{U}", "{W}"]


# ---- X, exclude, proposed payments, bad input ------------------------------------------


@pytest.mark.cr("107.3")
def test_x_cost() -> None:
    s = board("Mountain", "Mountain", "Mountain")
    assert len(check(s, "{X}{R}", x=2)) == 1
    assert check(s, "{X}{R}", x=3) == []
    with pytest.raises(BadInput, match="X"):
        payments(s, "A", "{X}{R}")
    with pytest.raises(BadInput, match="negative"):
        payments(s, "A", "{X}{R}", x=-1)


def test_exclude_keeps_a_source_out() -> None:
    s = board("Forest", "Island")
    assert check(s, "{G}", exclude=frozenset({"Forest"})) == []
    assert len(check(s, "{U}", exclude=frozenset({"Forest"}))) == 1


def test_proposed_payment_membership() -> None:
    s = board("Forest", "Forest", "Island")
    p = payments(s, "A", "{1}{G}")
    good = Payment((ManaUse("Forest#2", 1, (G,), 1, ("Forest#2",)),
                    ManaUse("Island", 1, (U,), 1, ("Island",))))
    bad = Payment((ManaUse("Island", 1, (U,), 1, ("Island",)),))
    twice = Payment((ManaUse("Forest", 1, (G,), 2, ("Forest", "Forest")),))
    assert good in p
    assert bad not in p
    assert twice not in p


def test_bad_input() -> None:
    s = board("Forest")
    with pytest.raises(BadInput):
        payments(s, "A", "{W/Q}")
    with pytest.raises(BadInput):
        payments(s, "Nobody", "{G}")
    with pytest.raises(BadInput):
        payments(s, "A", "{G}", for_object="Nothing")


def test_count_payments_and_flow_agree_on_simple_boards() -> None:
    s = board("Forest", "Forest", "Island", "Plains", "Swamp")
    for cost in ("{G}", "{W}{U}{B}", "{G}{G}{G}", "{4}", "{6}", "{U}{U}"):
        n = count_payments(s, "A", cost)
        assert (n > 0) == flow_payable(s, "A", cost)


def test_unpayable_reasons_empty_when_payable() -> None:
    assert unpayable_reasons(board("Forest"), "A", "{G}") == []
    reasons = unpayable_reasons(board("Forest"), "A", "{U}")
    assert reasons[0].startswith("nothing can produce {U}")


def test_shared_rules_mention_the_rules_we_cite() -> None:
    text = (REFERENCE / "rules" / "comprehensive-rules.txt").read_text(encoding="utf-8")
    for rule in ("107.4c", "107.4e", "107.4f", "107.4h", "119.4", "302.6", "106.6",
                 "601.2h", "605.3a"):
        assert f"\n{rule}" in text


# ---- mana that depends on other permanents (CR 106.7) and triggered mana (106.12a) ----


@pytest.mark.cr("106.7")
def test_could_produce_sources_pay_with_exactly_those_types() -> None:
    # Opponent has Island and Swamp. Exotic Orchard: U or B; Reflecting Pool: what
    # Orchard or Forest could produce (U, B, G). {U}: Orchard or Pool -> 2.
    s = load_state_text(
        "turn: {active_player: A}\nplayers:\n  A:\n"
        "    battlefield: [Exotic Orchard, Reflecting Pool, Forest]\n"
        "  B:\n    battlefield: [Island, Swamp]\n")
    assert len(check(s, "{U}")) == 2
    # {B}{U}: Orchard and Pool make B and U in either order -> 2.
    assert len(check(s, "{B}{U}")) == 2
    # {1}: Orchard U/B, Pool U/B/G, Forest G -> 6. {W}: nothing can make W -> 0.
    assert len(check(s, "{1}")) == 6
    assert check(s, "{W}") == []


@pytest.mark.cr("106.12a")
def test_mana_flare_adds_triggered_mana() -> None:
    # Mana Flare: a land tapped for mana adds one more of the type it produced. Forest
    # makes {G}{G}: {G}{G} -> 1 payment; {1} -> Forest (leftover G) or Plains
    # (leftover W) -> 2.
    s = board("Forest", "Plains", "Mana Flare")
    assert texts(check(s, "{G}{G}")) == ["Forest [ability 1: {G}{G}]"]
    ps = check(s, "{1}")
    assert sorted(q.to_data()["leftover"] for q in ps) == ["{G}", "{W}"]


def test_arithmetic_count_agrees_with_the_general_count() -> None:
    # The saturated-counter count (simple costs, one-mana sources) against the general
    # kind-vector programme with its exact max-flow check, on the same boards.
    from manacheck.solver.payments.counting import count

    s = board("Forest", "Forest", "Island", "Plains", "Tundra", "Tundra", "City of Brass",
              "Birds of Paradise", "Swamp", pool="{G}{C}")
    for cost in ("{G}", "{3}{W}", "{1}{W}{U}", "{5}", "{C}{1}", "{G}{G}{U}", "{8}"):
        p = payments(s, "A", cost)
        assert p.board.simple is not None
        fast = p.count()
        p.board.simple = None
        assert count(p.board) == fast == p.count_by_enumeration()


@pytest.mark.cr("107.4h")
def test_cost_for_a_permanents_ability() -> None:
    # Icehide Troll's one ability with a mana cost is {S}{S}: two snow lands pay it.
    from manacheck.solver.payments import cost_for_object

    s = board("Icehide Troll", "Snow-Covered Forest", "Snow-Covered Island", "Forest")
    cost, exclude = cost_for_object(s, "Icehide Troll")
    assert (cost.text, exclude) == ("{S}{S}", frozenset())
    ps = check(s, cost.text, for_object="Icehide Troll", exclude=exclude)
    assert texts(ps) == ["Snow-Covered Forest [ability 1: {G}], "
                         "Snow-Covered Island [ability 1: {U}]"]
    # A card in hand: its mana cost.
    assert cost_for_object(board(hand="Gitaxian Probe"), "Gitaxian Probe")[0].text == "{U/P}"


@pytest.mark.cr("601.2a")
def test_a_card_being_cast_cant_pay_for_itself() -> None:
    # Elvish Spirit Guide cast from hand is on the stack while it is paid for: its own
    # "exile from your hand" ability can't help. With a second copy: 1 payment.
    s = board("Forest", "Forest", hand="Elvish Spirit Guide")
    assert check(s, "{2}{G}", for_object="Elvish Spirit Guide") == []
    assert len(check(s, "{2}{G}")) == 1
    s2 = board("Forest", "Forest", hand="Elvish Spirit Guide, Elvish Spirit Guide")
    assert len(check(s2, "{2}{G}", for_object="Elvish Spirit Guide")) == 1


@pytest.mark.cr("602.1")
def test_grand_architect_activates_once_for_each_blue_creature_it_can_tap() -> None:
    # "Tap an untapped blue creature you control: Add {C}{C}" (no {T}: CR 302.6 doesn't
    # apply, and it may be activated again while a blue creature is untapped). Grand
    # Architect and Vizier of Tumbling Sands are blue: two activations, {C}{C}{C}{C},
    # for an artifact's ability (the mana's restriction, CR 106.6).
    state = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Grand Architect, {card: Vizier of Tumbling Sands, summoning_sick: true},
                    Voltaic Key]}
""")
    four = payments(state, "A", "{4}", for_object="Voltaic Key")
    assert four.count() == 1
    (only,) = list(four)
    assert [(u.object, u.ability, u.times) for u in only.activations] == [
        ("Grand Architect", 2, 2)]
    # {2}: once, or twice with {C}{C} left over (each activation adds some of the
    # mana paid: issue 3's definition, the same as two Sol Rings for {2}).
    two = payments(state, "A", "{2}", for_object="Voltaic Key")
    assert sorted(u.times for q in two for u in q.activations) == [1, 2]
    assert not payments(state, "A", "{5}", for_object="Voltaic Key")
    # Not for a creature spell: the restriction forbids it.
    assert not payments(state, "A", "{2}")


# ---- sacrifice outlets (Ashnod's Altar, Krark-Clan Ironworks, Phyrexian Tower) -------
#
# A payment is what issue 3 says (the multiset of group, ability, mana; pool; life):
# which permanent an outlet sacrifices is a cost choice, like which creature Springleaf
# Drum taps, so it doesn't make payments distinct; one valid choice is shown. A
# permanent may be tapped for mana and then sacrificed (CR 601.2g: mana abilities in any
# order), but not sacrificed twice, nor sacrificed after sacrificing itself for mana.

OUTLETS = """
turn: {active_player: A}
players:
  A: {battlefield: [BF]}
"""


def outlet_board(battlefield: str) -> GameState:
    return load_state_text(OUTLETS.replace("BF", battlefield))


@pytest.mark.cr("601.2g")
@pytest.mark.parametrize(("cost", "count"), [
    # Ashnod's Altar (CC by sacrificing the Elves), Forest G, Elves G (tapped first).
    ("{3}", 3),  # Altar+Elves, Altar+Forest, Altar+Forest+Elves (one {C} left over)
    ("{4}", 1),  # everything
    ("{5}", 0),
    ("{C}{C}{G}{G}", 1),
    ("{2}", 4),  # Altar; Forest+Elves; Altar+Forest; Altar+Elves (Altar+both: 2 extra)
])
def test_ashnods_altar_sacrifices_a_creature_that_may_have_tapped_first(cost: str,
                                                                       count: int) -> None:
    s = outlet_board("Ashnod's Altar, Llanowar Elves, Forest")
    p = payments(s, "A", cost)
    assert p.count() == count
    for q in p:
        for u in q.activations:
            if u.object == "Ashnod's Altar":
                assert u.sacrificed == ("Llanowar Elves",)


def test_an_outlet_sacrifices_nothing_twice_and_nothing_that_sacrificed_itself() -> None:
    # Krark-Clan Ironworks ("Sacrifice an artifact: Add {C}{C}") and Lotus Petal ("{T},
    # Sacrifice Lotus Petal: Add one mana of any color"). KCI may sacrifice itself.
    s = outlet_board("Krark-Clan Ironworks, Lotus Petal")
    # {W}{C}{C}: Petal sacrifices itself for {W}; KCI sacrifices itself for {C}{C}.
    (only,) = list(payments(s, "A", "{W}{C}{C}"))
    kci = next(u for u in only.activations if u.object == "Krark-Clan Ironworks")
    assert kci.sacrificed == ("Krark-Clan Ironworks",)
    # {W}{C}{C}{C}{C} would need the Petal twice (for its own mana and for KCI).
    assert not payments(s, "A", "{W}{C}{C}{C}{C}")
    # {C}{C}{C}{C}: KCI twice, sacrificing the Petal and then itself.
    (four,) = list(payments(s, "A", "{C}{C}{C}{C}"))
    (u,) = four.activations
    assert u.times == 2 and sorted(u.sacrificed) == ["Krark-Clan Ironworks", "Lotus Petal"]


def test_phyrexian_tower_taps_once_and_needs_a_creature() -> None:
    # "{T}: Add {C}. {T}, Sacrifice a creature: Add {B}{B}."
    assert not payments(outlet_board("Phyrexian Tower"), "A", "{B}")
    s = outlet_board("Phyrexian Tower, {card: Llanowar Elves, summoning_sick: true}")
    (only,) = list(payments(s, "A", "{B}{B}"))
    assert [(u.object, u.ability, u.sacrificed) for u in only.activations] == [
        ("Phyrexian Tower", 2, ("Llanowar Elves",))]
    assert not payments(s, "A", "{B}{B}{C}")  # the Tower taps once


@pytest.mark.cr("106.6")
def test_myr_superion_is_paid_only_with_mana_produced_by_creatures() -> None:
    # "Spend only mana produced by creatures to cast this spell." {2}: Llanowar Elves x2
    # (one group), or Birds of Paradise (any of five colors) with one Elves: 6. Not the
    # Forest, Sol Ring or Elvish Spirit Guide (a card in a hand is not a creature).
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Myr Superion, Elvish Spirit Guide],
      battlefield: [Llanowar Elves, Llanowar Elves, Forest, Sol Ring, Birds of Paradise]}
""")
    p = payments(s, "A", "{2}", for_object="Myr Superion")
    assert p.count() == 6 and p.left_out == ()
    assert all(u.object.startswith(("Llanowar Elves", "Birds of Paradise"))
               for q in p for u in q.activations)
    # The same {2} for something else may use every source.
    assert payments(s, "A", "{2}").count() > 6
    # Pool mana might have come from a creature: left out, said so.
    pooled = load_state_text("""
turn: {active_player: A}
players:
  A: {mana_pool: "{G}{G}", hand: [Myr Superion]}
""")
    q = payments(pooled, "A", "{2}", for_object="Myr Superion")
    assert q.left_out == ("the mana pool",)
    with pytest.raises(NotDecided):  # the pool's mana might pay it: not a "no"
        bool(q)


@pytest.mark.cr("702.41a")
def test_affinity_reduces_the_generic_part_of_the_total_cost() -> None:
    # Thoughtcast {4}{U}, affinity for artifacts, two artifacts: {2}{U} (CR 601.2f).
    from manacheck.solver.payments import reduce_for_casting

    s = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Thoughtcast], battlefield: [Sol Ring, Voltaic Key, Island]}
""")
    cost = reduce_for_casting(s, "Thoughtcast", ManaCost.parse("{4}{U}"), "A")
    assert cost.text == "{2}{U}"
    # Sol Ring's {C}{C} and the Island's {U}: one payment.
    assert payments(s, "A", cost, for_object="Thoughtcast").count() == 1
    # A reduction never takes off colored mana (CR 601.2f).
    assert ManaCost.parse("{4}{U}").reduced(9).text == "{U}"


@pytest.mark.cr("702.66a")
def test_delve_exiles_graveyard_cards_to_pay_generic_mana() -> None:
    # Treasure Cruise {7}{U}; three cards in the graveyard; two Islands and two Sol Rings
    # (6 mana). Exiling 3: {4}{U} by Island + both Sol Rings, or both Islands + both Sol
    # Rings (one left over). Exiling 2: {5}{U} by everything. Fewer: not enough. 3.
    from manacheck.solver.payments import unpayable_reasons

    board = """
turn: {active_player: A}
players:
  A: {hand: [Treasure Cruise], graveyard: [Forest, Forest, Island],
      battlefield: [Island, Island, Sol Ring, SECOND]}
"""
    s = load_state_text(board.replace("SECOND", "Sol Ring"))
    p = payments(s, "A", "{7}{U}", for_object="Treasure Cruise")
    assert p.count() == 3 and p.left_out == ()
    assert sorted(q.delved for q in p) == [2, 3, 3]
    assert all(q in p for q in p)
    # Without the second Sol Ring: 4 mana, and {4}{U} is left even exiling all 3.
    s2 = load_state_text(board.replace("SECOND", "Voltaic Key"))
    assert not payments(s2, "A", "{7}{U}", for_object="Treasure Cruise")
    why = unpayable_reasons(s2, "A", "{7}{U}", for_object="Treasure Cruise")
    assert why[0].startswith("even with delve exiling 3 cards from your graveyard")
    assert flow_payable(s, "A", "{7}{U}", for_object="Treasure Cruise")
    assert not flow_payable(s2, "A", "{7}{U}", for_object="Treasure Cruise")


@pytest.mark.cr("702.51a")
@pytest.mark.parametrize(("x", "forests", "count"), [(0, 1, 0), (0, 2, 1), (1, 2, 1),
                                                      (2, 2, 0)])
def test_convoke_taps_creatures_for_generic_or_their_color(x: int, forests: int,
                                                           count: int) -> None:
    # Chord of Calling {X}{G}{G}{G}, convoke. Sources: Forests ({G}), a summoning-sick
    # Llanowar Elves (can't use {T}, but can convoke for {G} or {1}), a sick Vizier of
    # Tumbling Sands (blue: convokes for {U} or {1}, never {G}). X=0 with one Forest:
    # two green at most. Two Forests: Forests + Elves (Vizier adds nothing useful: each
    # source must pay something). X=1: the Vizier pays the {1}. X=2: one short.
    s = load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{hand: [Chord of Calling],
      battlefield: [{", ".join(["Forest"] * forests)},
                    {{card: Llanowar Elves, summoning_sick: true}},
                    {{card: Vizier of Tumbling Sands, summoning_sick: true}}]}}
""")
    cost = ManaCost.parse("{X}{G}{G}{G}").with_x(x)
    p = payments(s, "A", cost, for_object="Chord of Calling")
    assert p.count() == count and p.left_out == ()
    for q in p:
        assert "Llanowar Elves [convoke: {G}]" in q.text
    # Not for another spell: convoke belongs to Chord of Calling.
    assert payments(s, "A", cost).count() == (1 if forests >= 3 and x == 0 else 0)


@pytest.mark.cr("702.51a")
@pytest.mark.parametrize(("card", "what"), [("Chord of Calling", "convoke")])
@pytest.mark.parametrize("cost_text", ["{C}{G}", "{C/W}{G}"])
def test_convoke_with_colorless_symbols_is_left_out_and_said(card: str, what: str,
                                                             cost_text: str) -> None:
    # A colorless creature's convoke pays {1}, never the {C} of {C} or {C/W} (702.51a):
    # not modelled, so it is left out and said rather than guessed.
    s = load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{hand: ["{card}"], graveyard: [Forest], battlefield: [Llanowar Elves, Island]}}
""")
    cost = ManaCost.parse(cost_text)  # e.g. paid with --for and an explicit cost
    p = payments(s, "A", cost, for_object=card)
    assert any(entry.startswith(what) for entry in p.left_out)


@pytest.mark.cr("106.6")
def test_not_payable_reasons_name_restricted_pool_mana() -> None:
    # Issue 15: {C}{C}{C} from Mishra's Workshop in the pool (only for artifact spells)
    # can't pay {3} for nothing in particular; the reasons say why that mana doesn't.
    s = load_state_text("""
turn: {active_player: A}
players:
  A:
    mana_pool: [{mana: "{C}{C}{C}", from: "Mishra's Workshop"}]
""")
    why = unpayable_reasons(s, "A", "{3}")
    assert any("in the mana pool may be spent only as it says" in r and "106.6" in r
               for r in why)
