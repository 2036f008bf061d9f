"""K'rrik, Son of Yawgmoth: "For each {B} in a cost, you may pay 2 life rather than pay
that mana" (issue 16, "not expressible today").

The card data says it with ``static: {kind: pay_life_for_mana, params: {mana: B, life:
2}}``; the payment solver treats each symbol it reaches like a Phyrexian symbol of the
cost (CR 107.4f, 601.2f-h: paid with its mana or 2 life), and a payment is known by the
life it pays as well as its sources (issue 3). Its rulings (2019-08-23):

* "K'rrik's ability lets you pay 2 life for {B} in any cost you pay, including casting
  costs, activation costs ..." -- so spells, abilities and mana abilities' costs alike.
  So a mana ability's own {B} (Graven Cairns' {B/R}) may be paid with 2 life too; a
  repeatable one ("{B}: Add {R}") is left out (how often it may be activated would be
  bounded by life, not mana): answers are then lower bounds, never a wrong "no".
* "You can't pay 2 life to pay for generic mana in costs you pay" -- {1} never.
* "If a cost contains a mana symbol that may be paid in multiple ways, such as {B/R},
  {B/P}, or {2/B}, you choose how you'll pay it ... If you choose to pay {B} this way,
  K'rrik's ability allows you to pay life rather than pay that mana." -- so {B/R},
  {2/B} and {C/B} may be paid with 2 life; {B/P} could already be (the same 2 life:
  one payment, not two).

CR 119.4: life is paid only up to the life total (and a player at 0 life has lost,
CR 704.5a, so every board here has at least 1). Each answer is derived by hand; the
random boards of ``test_payments_oracle`` include K'rrik too (its brute force pays
life for every symbol with a {B} way, the solver's answer must equal it, or be a
subset where a source is left out).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer, payments

from manacheck.cli import main

KRRIK = '"K\'rrik, Son of Yawgmoth"'


def _board(perms: list[str], life: int = 20, extra: str = "") -> str:
    return (f"turn: {{active_player: A}}\nplayers:\n  A:\n    life: {life}\n    battlefield: ["
            + ", ".join(perms) + "]\n" + extra)


def _pay(perms: list[str], cost: str, life: int = 20) -> tuple[bool, int, list[int]]:
    s = load_state_text(_board(perms, life))
    a = payment_answer(s, "A", cost)
    assert a.complete and not a.left_out and not a.undecided
    assert a.count is not None
    return bool(a.payable), a.count, sorted(p.life for p in payments(s, "A", cost))


@pytest.mark.cr("107.4f")
@pytest.mark.cr("119.4")
def test_black_symbols_with_life_alone() -> None:
    # {B}: 2 life. {B}{B}: 4 life, payable at 4 and not at 3 (CR 119.4).
    assert _pay([KRRIK], "{B}") == (True, 1, [2])
    assert _pay([KRRIK], "{B}{B}") == (True, 1, [4])
    assert _pay([KRRIK], "{B}{B}", life=4) == (True, 1, [4])
    assert _pay([KRRIK], "{B}{B}", life=3) == (False, 0, [])
    assert _pay([KRRIK], "{B}", life=1) == (False, 0, [])
    # Never generic mana, never another color (its ruling).
    assert _pay([KRRIK], "{1}{B}") == (False, 0, [])
    assert _pay([KRRIK], "{W}") == (False, 0, [])
    # Without K'rrik, {B} needs black mana.
    assert _pay(["Forest"], "{B}") == (False, 0, [])


@pytest.mark.cr("107.4f")
def test_each_symbol_by_mana_or_life() -> None:
    # A Swamp and K'rrik, {B}{B}: Swamp + 2 life, or 4 life (two payments); at 2 life
    # only the first.
    assert _pay([KRRIK, "Swamp"], "{B}") == (True, 2, [0, 2])
    assert _pay([KRRIK, "Swamp"], "{B}{B}") == (True, 2, [2, 4])
    assert _pay([KRRIK, "Swamp"], "{B}{B}", life=2) == (True, 1, [2])
    # {1}{B}: the Swamp must pay the {1}, so the {B} is 2 life: one payment.
    assert _pay([KRRIK, "Swamp"], "{1}{B}") == (True, 1, [2])


@pytest.mark.cr("107.4e")
@pytest.mark.cr("107.4f")
def test_hybrid_and_phyrexian_symbols() -> None:
    # {B/G} with a Forest: the Forest, or (choosing {B}) 2 life.
    assert _pay([KRRIK, "Forest"], "{B/G}") == (True, 2, [0, 2])
    # {2/B}: two mana or {B} or 2 life; alone, 2 life; with two Forests, also them.
    assert _pay([KRRIK], "{2/B}") == (True, 1, [2])
    assert _pay([KRRIK, "Forest", "Forest"], "{2/B}") == (True, 2, [0, 2])
    # {C/B} (CR 107.4e): colorless or {B}, so 2 life too.
    assert _pay([KRRIK], "{C/B}") == (True, 1, [2])
    # {B/P}: {B} or 2 life whether or not K'rrik is there: the same one payment.
    assert _pay([KRRIK], "{B/P}") == (True, 1, [2])
    assert _pay([KRRIK, "Swamp"], "{B/P}") == (True, 2, [0, 2])
    # {R/P} has no {B}: 2 life as Phyrexian mana, no more.
    assert _pay([KRRIK], "{R/P}{B}", life=4) == (True, 1, [4])
    assert _pay([KRRIK], "{R/P}{B}", life=3) == (False, 0, [])


@pytest.mark.cr("601.2h")
def test_an_opponents_krrik_does_nothing_for_you() -> None:
    # "you may pay": only its controller (CR 109.5).
    s = load_state_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [Forest]}\n"
                        f"  B: {{battlefield: [{KRRIK}]}}\n")
    assert payment_answer(s, "A", "{B}").payable is False
    assert payment_answer(s, "B", "{B}").payable is True


@pytest.mark.cr("602.2b")
def test_activation_and_casting_costs() -> None:
    # Deathrite Shaman's "{B}, {T}: Exile target instant or sorcery card from a
    # graveyard. Each opponent loses 2 life": legal with K'rrik at 20 life (2 life
    # for the {B}), not without it or at 1 life. Dark Ritual ({B}) cast likewise (not
    # Culling the Weak: its additional cost, a sacrifice, isn't read, CR 601.2f).
    text = ("turn: {{active_player: A}}\nplayers:\n  A:\n    life: {life}\n    battlefield: "
            "[{k}Deathrite Shaman]\n    graveyard: [Dark Ritual]\n    hand: [Dark "
            "Ritual]\n  B: {{}}\n")
    for k, life, legal in ((KRRIK + ", ", 20, True), ("", 20, False), (KRRIK + ", ", 1, False)):
        s = load_state_text(text.format(k=k, life=life))
        v = can_activate(s, "Deathrite Shaman", 2)
        assert (v.legal, v.undecided) == (legal, "")
        if legal:
            assert v.ways == 1 and v.witness is not None
            assert v.witness.payment is not None and v.witness.payment.life == 2
        spell = s.player("A").hand[0].id
        assert payment_answer(s, "A", "{B}", for_object=spell).payable is legal


IDOL = """cards:
  - name: Greedy Idol
    types: [Artifact]
    abilities:
      - activated:
          cost: ["{COST}", {pay_life: 2}]
          effects: [{kind: draw, count: 1}]
          text: "{COST}, Pay 2 life: Draw a card."
"""


@pytest.mark.cr("119.4")
@pytest.mark.cr("601.2h")
@pytest.mark.parametrize("cost,krrik", [("{B}", True), ("{B/P}", False)])
def test_the_life_of_the_whole_cost_is_at_most_the_life_total(cost: str, krrik: bool) -> None:
    # "{B}, Pay 2 life: Draw a card" with K'rrik (or "{B/P}, Pay 2 life" without it):
    # paying the {B} with 2 life too takes 4 in all (CR 601.2h: the total cost is paid
    # at once; CR 119.4: only life you have). At 3 life: not with life; a Swamp pays
    # the {B}, one way (not two: the 2-life way is gone).
    for life, swamp, legal, ways in ((3, False, False, 0), (4, False, True, 1),
                                     (3, True, True, 1), (2, True, True, 1),
                                     (5, True, True, 2)):
        perms = [KRRIK] * krrik + ["Greedy Idol"] + ["Swamp"] * swamp
        s = load_state_text(IDOL.replace("{COST}", cost)
                            + _board(perms, life, "    library_size: 5\n"))
        v = can_activate(s, "Greedy Idol", 1)
        assert (v.legal, v.ways, v.undecided) == (legal, ways, ""), (life, swamp)
        if not legal:
            assert "leaves 1 life for the mana payment" in v.reasons[0].message


@pytest.mark.cr("605.3a")
@pytest.mark.cr("107.4e")
def test_a_mana_abilitys_own_black_symbol_paid_with_life() -> None:
    # Graven Cairns' "{B/R}, {T}: Add {B}{B}, {B}{R}, or {R}{R}": its {B/R} may be paid
    # with 2 life (the ruling: any cost, activation costs included; choosing {B}, CR
    # 107.4e). Every activation gives the cost at least one mana (issue 3's payments).
    cairns = [KRRIK, "Graven Cairns"]
    # {R}{R}: only Cairns makes {R}, its {B/R} paid with 2 life: one payment.
    assert _pay(cairns, "{R}{R}") == (True, 1, [2])
    # {B}{B}{B}: 6 life alone; Cairns {B}{B} (2 life) and one {B} with 2 life (4 in all)
    # or two (6); Cairns {B}{R} and two {B} with life (6). {R}{R} would give nothing.
    assert _pay(cairns, "{B}{B}{B}") == (True, 4, [4, 6, 6, 6])
    # Never three {R}; at 1 life Cairns can't be activated at all (CR 119.4).
    assert _pay(cairns, "{R}{R}{R}") == (False, 0, [])
    assert _pay(cairns, "{R}{R}", life=1) == (False, 0, [])
    # With a Swamp: its {B} pays Cairns' {B/R}, or 2 life does (the Swamp unused).
    assert _pay([*cairns, "Swamp"], "{R}{R}") == (True, 2, [0, 2])
    # The witness says what the life paid for.
    s = load_state_text(_board(cairns))
    (only,) = list(payments(s, "A", "{R}{R}"))
    assert any(a.paid_with == "2 life" and a.part_of == "activating Graven Cairns"
               for a in only.assignment)


@pytest.mark.cr("605.3a")
@pytest.mark.parametrize(("battlefield", "cost"), [
    ("[KRRIK, Graven Cairns]", "{R}{R}"),
    ("[KRRIK, Graven Cairns]", "{B}{B}{B}"),
    ("[KRRIK, Graven Cairns, Swamp]", "{R}{B}{1}"),
    ("[KRRIK, Graven Cairns, Graven Cairns]", "{R}{R}{R}"),
    ("[KRRIK, Graven Cairns, Mountain]", "{B/R}{R}{R}"),
])
def test_mana_abilitys_life_matches_brute_force(battlefield: str, cost: str) -> None:
    """The brute force of ``test_payments_oracle`` pays every symbol with a {B} way
    with 2 life, mana abilities' costs included: the solver lists exactly its
    payments."""
    from tests.test_payments_oracle import same_as_brute_force

    text = ("turn: {active_player: A}\nplayers:\n  A:\n    life: 7\n    battlefield: "
            + battlefield.replace("KRRIK", KRRIK) + "\n")
    assert same_as_brute_force(text, cost) > 0


FEEDER = """cards:
  - name: Black Feeder
    types: [Artifact]
    abilities:
      - activated: {cost: "{B}", mana: {add: "{R}"}, text: "{B}: Add {R}."}
"""


@pytest.mark.cr("602.1")
def test_a_repeatable_ability_paid_with_life_is_left_out() -> None:
    # "{B}: Add {R}" may be activated as often as its cost can be paid (CR 602.1); with
    # K'rrik each {B} may be 2 life, so how often is bounded by life, not mana: not
    # modelled. It is left out and said: "not payable" is "not decided".
    s = load_state_text(FEEDER + _board([KRRIK, "Black Feeder"]))
    a = payment_answer(s, "A", "{R}")
    assert a.left_out == ("Black Feeder (ability 1)",) and a.verdict == "not decided"


def test_the_color_may_be_a_word() -> None:
    card = ("cards:\n  - name: Bloodfont\n    types: [Artifact]\n    abilities:\n"
            "      - {static: {kind: pay_life_for_mana, params: {mana: black, life: 2}, "
            "text: t}}\n")
    s = load_state_text(card + _board(["Bloodfont"]))
    assert payment_answer(s, "A", "{B}").count == 1


@pytest.mark.parametrize(("params", "said"), [
    ("{mana: B}", "missing key 'life'"),
    ("{mana: B, life: 3}", "pays 2 life per symbol"),
    ("{mana: C, life: 2}", "is for a colored symbol"),
    ("{mana: Q, life: 2}", "not a mana type"),
    ("{mana: B, life: 2, symbol: x}", "unknown key 'symbol'"),
])
def test_bad_pay_life_for_mana_is_one_line(params: str, said: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {static: "
                    f"{{kind: pay_life_for_mana, params: {params}, text: t}}}}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "(line 8)" in err


# ---- damage and life paid in one payment: when their order can't matter --------------


@pytest.mark.cr("119.4")
@pytest.mark.cr("601.2g")
@pytest.mark.parametrize(("life", "payable", "count"), [(20, True, 2), (3, True, 2),
                                                       (2, None, None)])
def test_talisman_and_confluence_by_bounds_on_life(life: int, payable: bool | None,
                                                   count: int | None) -> None:
    """Talisman of Dominance ({U} or {B}, 1 damage to you) and Mana Confluence (pay 1
    life): {U}{B} is paid by one of each, two ways (which one makes {U}). The damage
    comes before the life is paid (CR 601.2g-h); with 3 or more life both leave life
    above 0 in any order, so every life payment is affordable (CR 119.4) and the order
    can't matter: exact. At 2 life the bound doesn't hold and the Talisman is left out
    (not decided, never "not payable")."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import payment_answer

    state = load_state_text(
        "turn: {active_player: A}\nplayers:\n  A:\n    life: " + str(life) + "\n"
        "    battlefield: [Talisman of Dominance, Mana Confluence]\n  B: {}\n")
    answer = payment_answer(state, "A", "{U}{B}")
    assert answer.payable is payable
    if payable:
        assert answer.count == count and answer.complete


@pytest.mark.cr("615.1")
def test_a_damage_effect_on_the_board_keeps_the_order_open() -> None:
    """An effect that could change the damage dealt (here unread text in the damage
    family, "Prevent all damage that would be dealt to you.": less damage only helps,
    but another such line could double it) makes the bound unsafe: the Talisman is left
    out again, so {U}{B} isn't decided."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import payment_answer

    state = load_state_text(
        "turn: {active_player: A}\nplayers:\n  A:\n    battlefield: [Talisman of "
        "Dominance, Mana Confluence, Test Shield]\n  B: {}\ncards:\n  - name: Test Shield\n"
        "    types: [Enchantment]\n    text: \"If a source would deal damage to you, it "
        "deals double that damage to you instead.\"\n")
    assert payment_answer(state, "A", "{U}{B}").payable is None
