"""Loyalty abilities read from oracle text (CR 606), and what a line the reader leaves
unread may change when its form shows it is an activated ability.

Each expectation is derived by hand from the rules:

* CR 606.2, 606.4: "[+N]" puts N loyalty counters on the permanent as the cost, "[−N]"
  removes N, "[0]" costs nothing; 606.6: a negative cost needs that many counters.
* CR 606.3: only in a main phase of your turn with the stack empty, and only if no
  loyalty ability of that permanent was activated this turn.
* CR 605.1a: a loyalty ability is never a mana ability, and neither is an ability with
  a target, even when it adds mana.
* CR 602.2: an activated ability does nothing until it is activated, so its text, even
  unread, can't change what another ability or a payment does.
* CR 306.5b: a planeswalker on the battlefield has the loyalty counters it entered with
  (its printed loyalty, when the state file gives none).
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.model.oracletext import read_line
from manacheck.model.oracletext.coverage import could_be_mana_ability
from manacheck.model.oracletext.forms import unread_activated
from manacheck.model.oracletext.reading import loyalty_cost
from manacheck.solver.activation import abilities, can_activate
from manacheck.solver.payments.answer import payment_answer

#: loyalty 4; abilities 1 [+1] (exile), 2 [+1]: Add {R}{R}., 3 [−3], 4 [−7]
CHANDRA = "Chandra, Torch of Defiance"
LILIANA = "Liliana of the Veil"  # loyalty 3; [+1], [−2], [−6] (a target not read)


def board(walkers: str, *, turn: str = "{active_player: Alice, phase: precombat_main}",
          stack: str = "[]", extra: str = "") -> object:
    return load_state_text(f"""
turn: {turn}
players:
  Alice:
    battlefield: [{walkers}, Forest]
  Bob:
    battlefield: [{{card: Grizzly Bears, id: bears}}]
stack: {stack}
{extra}
""")


# --- reading -------------------------------------------------------------------------


@pytest.mark.cr("606.4")
@pytest.mark.parametrize(("symbol", "cost"), [
    ("+1", [{"add_counters": {"counter": "loyalty", "count": 1}}]),
    ("+2", [{"add_counters": {"counter": "loyalty", "count": 2}}]),
    ("−3", [{"remove_counters": {"counter": "loyalty", "count": 3}}]),
    ("−X", [{"remove_counters": {"counter": "loyalty", "count": "X"}}]),
    ("0", []),
])
def test_loyalty_symbol_is_the_cost_606_4(symbol: str, cost: list[object]) -> None:
    assert loyalty_cost(symbol) == cost


@pytest.mark.cr("606.4")
def test_loyalty_line_read_with_target_and_round_trip() -> None:
    r = read_line("[−3]: Chandra, Torch of Defiance deals 4 damage to target creature.",
                  CHANDRA)
    # the effect composed (CR 120.3): damage to the ability's target 0
    assert r.status == "read" and not r.mana
    ab = r.ability["activated"]  # type: ignore[index]
    assert ab["loyalty"] is True
    assert ab["effects"] == [{"kind": "deal_damage", "amount": 4,
                              "target": 0}]
    assert ab["cost"] == [{"remove_counters": {"counter": "loyalty", "count": 3}}]
    assert ab["targets"] == [{"zone": "battlefield", "filter": {"types": ["creature"]},
                              "text": "target creature"}]
    assert r.rendered == "[−3]: CARDNAME deals 4 damage to target creature."


@pytest.mark.cr("606.4")
def test_zero_loyalty_fully_read() -> None:
    r = read_line("[0]: Draw a card.", "Test Walker")
    assert r.status == "read"
    assert r.ability == {"activated": {"cost": [], "loyalty": True,
                                       "effects": [{"kind": "draw", "count": 1}],
                                       "text": "[0]: Draw a card."}}


@pytest.mark.cr("605.1a")
def test_loyalty_mana_is_an_effect_not_a_mana_ability_605_1a() -> None:
    r = read_line("[+1]: Add {R}{R}.", CHANDRA)
    assert r.status == "partial" and not r.mana
    assert r.ability["activated"]["effects"] == [  # type: ignore[index]
        {"kind": "other", "text": "Add {R}{R}."}]
    # ... but a sentence about when it may be activated still leaves the line unread
    assert read_line("[+1]: Add {R}. Activate only if an opponent lost life this turn.",
                     "Test Walker").status == "unread"


@pytest.mark.cr("605.1a")
@pytest.mark.parametrize(("line", "mana"), [
    ("{T}: Add {G}.", True),
    ("[+1]: Add {R}{R}.", False),
    ("{T}: Exile target land card from a graveyard. Add one mana of any color.", False),
    ("{T}: Add {B}{B}{B}{B}. Target opponent gains control of CARDNAME.", False),
    ('{T}: Add {C}. Creatures you control gain "{T}: Tap target creature."', True),
])
def test_which_lines_count_as_mana_abilities_605_1a(line: str, mana: bool) -> None:
    assert could_be_mana_ability(line) is mana


@pytest.mark.cr("602.2")
@pytest.mark.parametrize(("line", "activated"), [
    ("[−6]: Separate all permanents target player controls into two piles.", True),
    ("{2}, {T}: Tap target creature blocking CARDNAME.", True),
    # could be a mana ability: it could change a payment
    ("{T}: Add {R}. Spend this mana only on a Tuesday.", False),
    ("{1}: CARDNAME's mana abilities cost less.", False),
    # no cost the grammar derives: its form doesn't say
    ("Choose one: draw a card.", False),
    ("Creatures you control get +1/+0.", False),
])
def test_unread_activated_by_form_602_2(line: str, activated: bool) -> None:
    assert unread_activated(line, "Test") is activated


# --- can-activate (CR 606.3, 606.6) ----------------------------------------------------


@pytest.mark.cr("606.6")
def test_printed_loyalty_and_negative_costs_606_6() -> None:
    s = board(f"{{card: '{CHANDRA}', id: chandra}}")
    minus3 = can_activate(s, "chandra", 3)
    assert minus3.legal and minus3.ways == 1  # 4 counters; bears the only creature
    assert minus3.witness is not None and minus3.witness.targets == ("bears",)
    minus7 = can_activate(s, "chandra", 4)
    assert not minus7.legal and [r.rule for r in minus7.reasons] == ["118.3"]


@pytest.mark.cr("606.6")
def test_counters_in_the_state_file_606_6() -> None:
    s = board(f"{{card: '{LILIANA}', id: lili, counters: {{loyalty: 1}}}}")
    assert can_activate(s, "lili", 1).legal  # [+1]
    assert can_activate(board(f"{{card: '{CHANDRA}', id: chandra}}"), "chandra", 2).legal
    assert not can_activate(s, "lili", 2).legal  # [−2] with 1 counter
    s2 = board(f"{{card: '{LILIANA}', id: lili, counters: {{loyalty: 2}}}}")
    assert can_activate(s2, "lili", 2).legal


@pytest.mark.cr("606.3")
def test_loyalty_timing_606_3() -> None:
    walker = f"{{card: '{CHANDRA}', id: chandra}}"
    theirs = board(walker, turn="{active_player: Bob, phase: precombat_main}")
    v = can_activate(theirs, "chandra", 1, "Alice")
    assert not v.legal and "606.3" in [r.rule for r in v.reasons]
    combat = board(walker, turn="{active_player: Alice, phase: declare_attackers}")
    assert "606.3" in [r.rule for r in can_activate(combat, "chandra", 1).reasons]
    used = board(walker, extra="activated_this_turn: [{object: chandra, ability: 3}]")
    v = can_activate(used, "chandra", 1)
    assert not v.legal and "606.3" in [r.rule for r in v.reasons]


#: A planeswalker whose [−6] the reader left unread, as ``oracle.read_text`` keeps such a
#: line (``unread_activated``), and Liliana of the Veil with her own lines.
WALKER = """
cards:
  - name: Test Walker
    types: [Planeswalker]
    loyalty: 3
    text: "[+1]: Draw a card.\\n[−6]: Separate the unreadable from the read."
    abilities:
      - activated: {cost: [{add_counters: {counter: loyalty, count: 1}}], loyalty: true,
                    effects: [{kind: draw, count: 1}], text: "[+1]: Draw a card."}
      - static: {kind: other, params: {unread_activated: true},
                 text: "[−6]: Separate the unreadable from the read."}
"""


@pytest.mark.cr("602.2")
def test_unread_loyalty_line_does_not_block_other_abilities() -> None:
    """The walker's [−6] isn't read; its [+1] is still decided (another activated
    ability does nothing until activated, CR 602.2), and the listing still names the
    unread line as possibly missing."""
    s = board("{card: Test Walker, id: walker}", extra=WALKER)
    v = can_activate(s, "walker", 1)
    assert v.legal and not v.undecided
    rows = [(n, v) for o, n, v in abilities(s, "Alice") if o == "walker"]
    assert [n for n, _ in rows] == [1, 0]
    assert "isn't read" in rows[-1][1].undecided


# --- soundness: an unread activated ability changes no payment (CR 602.2, 605.3a) -----


@pytest.mark.cr("602.2")
def test_unread_loyalty_line_leaves_payments_decided() -> None:
    s = board("{card: Test Walker, id: walker}", extra=WALKER)
    a = payment_answer(s, "Alice", "{G}")
    assert (a.payable, a.count, a.complete, a.undecided) == (True, 1, True, ())
    b = payment_answer(s, "Alice", "{G}{G}")
    assert (b.payable, b.complete) == (False, True)


@pytest.mark.cr("605.1a")
def test_unread_mana_line_still_undecides_payments() -> None:
    """A line that could be a mana ability the reader didn't read keeps a payment "not
    decided": the mana it could add isn't known (CR 106.5, 605.1a)."""
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice:
    battlefield: [Forest, "Paliano, the High City"]
""")
    a = payment_answer(s, "Alice", "{G}{G}")
    assert a.payable is None and not a.complete
    assert any(u.object_id == "Paliano, the High City" for u in a.undecided)
    # Its "{T}: Add one mana of any color chosen as you drafted ..." is a mana ability by
    # form: kept as one whose mana is unmodelled (oracletext.manaform), which a payment
    # leaves out, so it alone could never make {G}{G} "payable" or "not payable".
    paliano = s.permanent("Paliano, the High City").card
    adds = [ab for ab in paliano.activated_abilities if "Add" in ab.text]
    assert adds and adds[0].mana is not None and adds[0].mana.kind.value == "unmodelled"


@pytest.mark.cr("115.1")
@pytest.mark.parametrize(("line", "targets"), [
    # "all lands target player controls": the player is the target (CR 115.1)
    ("[−3]: Destroy all lands target player controls.",
     [{"zone": "player", "text": "target player"}]),
    ("{T}: Exile all creatures target opponent controls.",
     [{"zone": "player", "filter": {"controller": "opponent"}, "text": "target opponent"}]),
    # a creature target tied to a player target is a relation the reader doesn't read
    ("{T}: Destroy target creature target player controls.", None),
])
def test_target_player_controls(line: str, targets: list[object] | None) -> None:
    r = read_line(line, "Test")
    if targets is None:
        assert r.status == "unread" and r.why == "a target not read"
    else:
        assert r.status == "partial"
        assert r.ability["activated"]["targets"] == targets  # type: ignore[index]


def test_a_grammar_that_does_not_build_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken grammar (an LALR collision from two rules for one sentence) must not
    turn into "every line unread" (sound but silently useless): it raises."""
    from pathlib import Path

    from manacheck.model.oracletext import reading

    good = Path(reading.__file__).parent.joinpath("grammar.lark").read_text(encoding="utf-8")
    bad = good + '\n%extend rider: "Draw" "a" "card" "." -> rider_draw_again\n'
    monkeypatch.setattr(Path, "read_text", lambda self, encoding="utf-8": bad)
    reading.parser.cache_clear()
    try:
        with pytest.raises(reading.GrammarBroken, match="doesn't build"):
            read_line("{T}: Draw a card.", "Test")
    finally:
        monkeypatch.undo()
        reading.parser.cache_clear()
    assert read_line("{T}: Draw a card.", "Test").status == "read"
