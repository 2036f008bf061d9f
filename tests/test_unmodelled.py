"""Mana the card format can't describe (``unmodelled: true``) is never guessed.

Could-produce leaves such abilities out and marks every answer that depends on them as a
lower bound; payments leave the source out and say so, instead of failing the whole
board or silently answering "no".
"""

from __future__ import annotations

import json

import pytest
from manacheck.model import load_state_text
from manacheck.solver import NotDecided
from manacheck.solver.payments import count_payments, is_payable, payments
from manacheck.solver.produce import (
    UnmodelledMana,
    activation_outcomes,
    could_produce,
    explain_could_produce,
    incomplete_answers,
)

from manacheck.cli import main

BOARD = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    battlefield: [Chrome Mox, Forest, "Nykthos, Shrine to Nyx", Reflecting Pool]
  B:
    battlefield: [Island]
"""


@pytest.mark.cr("106.7")
def test_could_produce_marks_answers_that_look_at_unmodelled_mana() -> None:
    state = load_state_text(BOARD)
    # Nykthos: {T}: Add {C}; its devotion ability adds nothing here (no permanent of A
    # has a colored mana cost, CR 700.5). Both are modelled.
    assert {t.value for t in could_produce(state, "Nykthos, Shrine to Nyx")} == {"C"}
    # Reflecting Pool looks at the lands A controls: Forest and Nykthos, both decided.
    assert {t.value for t in could_produce(state, "Reflecting Pool")} == {"G", "C"}
    # Chrome Mox's own answer is the one that rests on unmodelled mana.
    assert incomplete_answers(state) == {"Chrome Mox"}
    assert explain_could_produce(state, "Forest").complete
    assert explain_could_produce(state, "Reflecting Pool").complete
    assert not explain_could_produce(state, "Chrome Mox").complete


def test_asking_what_an_unmodelled_ability_adds_names_it() -> None:
    state = load_state_text(BOARD)
    with pytest.raises(UnmodelledMana, match="Chrome Mox"):
        activation_outcomes(state, "Chrome Mox", 1)


@pytest.mark.cr("106.6")
def test_payments_leave_unmodelled_sources_out_and_say_so() -> None:
    state = load_state_text(BOARD)
    # Hand count for {G}: Forest, or Reflecting Pool making {G} (Chrome Mox is left out;
    # Nykthos' devotion ability adds nothing here).
    # Chrome Mox might make more: the count is not decided, at least 2.
    with pytest.raises(NotDecided) as e:
        count_payments(state, "A", "{G}")
    assert e.value.at_least == 2 and e.value.left_out == ("Chrome Mox (ability 1)",)
    assert is_payable(state, "A", "{G}")  # the payments found stand
    p = payments(state, "A", "{G}")
    assert set(p.left_out) == {"Chrome Mox (ability 1)"} and p
    assert len(list(p)) == 2


def test_pay_cli_reports_a_lower_bound(capsys: pytest.CaptureFixture[str],
                                       tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "b.yaml"  # type: ignore[operator]
    path.write_text(BOARD)
    assert main(["pay", str(path), "{G}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is True and data["count"] == 2 and data["complete"] is False
    assert "Chrome Mox (ability 1)" in data["left_out"]
    assert main(["pay", str(path), "{U}"]) == 1
    out = capsys.readouterr().out
    # Not payable without Chrome Mox, which might pay it: not decided.
    assert "not decided: not payable without the sources left out" in out
    assert "Chrome Mox (ability 1) is left out" in out
    assert main(["pay", str(path), "{U}", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is None and data["complete"] is False
    assert "Chrome Mox (ability 1) can't be activated" not in out
    assert main(["produce", str(path), "--json"]) == 0
    objects = {o["object"]: o for o in json.loads(capsys.readouterr().out)["objects"]}
    assert objects["Chrome Mox"]["complete"] is False
    assert "complete" not in objects["Reflecting Pool"]
    assert "complete" not in objects["Forest"]


# ---- sources the payment solver can't model: left out, never a guessed "no" ----------

# Soldevi Adnate: "{T}, Sacrifice a black or artifact creature: Add an amount of {B}
# equal to the sacrificed creature's mana value." How much it adds depends on which
# creature, which the payment solver doesn't model: it is left out. (It may sacrifice
# itself: two {B}.)
ADNATE = """
turn: {active_player: A}
players:
  A: {battlefield: [Soldevi Adnate, {card: Forest, tapped: TAPPED}, Voltaic Key]}
"""


def adnate_board(tapped: bool) -> str:
    return ADNATE.replace("TAPPED", str(tapped).lower())


@pytest.mark.cr("601.2h")
def test_a_left_out_source_makes_not_payable_not_decided(
        capsys: pytest.CaptureFixture[str], tmp_path: pytest.TempPathFactory) -> None:
    # Soldevi Adnate sacrificing itself adds {B}{B}: {2} is payable, but only through the
    # left-out source (the Forest alone makes one). It must not answer "not payable".
    state = load_state_text(adnate_board(False))
    p = payments(state, "A", "{2}")
    assert p.left_out == ("Soldevi Adnate (ability 1)",)
    with pytest.raises(NotDecided):
        bool(p)
    with pytest.raises(NotDecided):
        is_payable(state, "A", "{2}")
    path = tmp_path / "sq.yaml"  # type: ignore[operator]
    path.write_text(adnate_board(False))
    assert main(["pay", str(path), "{2}", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is None and data["complete"] is False
    assert data["left_out"] == ["Soldevi Adnate (ability 1)"]
    # {1} is payable without it: a lower bound, said as such.
    assert main(["pay", str(path), "{1}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is True and data["complete"] is False and data["count"] == 1


@pytest.mark.cr("601.2h")
def test_can_activate_is_not_decided_when_only_a_left_out_source_could_pay(
        capsys: pytest.CaptureFixture[str], tmp_path: pytest.TempPathFactory) -> None:
    from manacheck.solver.activation import can_activate

    # Voltaic Key's {1} with the untapped Forest: legal, at least one way.
    v = can_activate(load_state_text(adnate_board(False)), "Voltaic Key",
                     find_fixes=False)
    assert v.legal and not v.ways_complete
    assert v.left_out == ("Soldevi Adnate (ability 1)",)
    # The Forest tapped: only Soldevi Adnate could pay. Not decided, not "not legal".
    tapped = adnate_board(True)
    v = can_activate(load_state_text(tapped), "Voltaic Key")
    assert not v.legal and v.undecided and "Soldevi Adnate (ability 1)" in v.undecided
    assert v.fixes == ()
    path = tmp_path / "sq.yaml"  # type: ignore[operator]
    path.write_text(tapped)
    assert main(["can-activate", str(path), "Voltaic Key", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is None and data["left_out"] == ["Soldevi Adnate (ability 1)"]
    assert main(["can-activate", str(path), "Voltaic Key"]) == 1
    assert capsys.readouterr().out.startswith("not decided: whether A may activate")
    # A reason that doesn't depend on mana decides it: a tapped Key is not legal.
    key_tapped = tapped.replace("Voltaic Key]", "{card: Voltaic Key, tapped: true}]")
    v = can_activate(load_state_text(key_tapped), "Voltaic Key", find_fixes=False)
    assert not v.legal and not v.undecided and v.reasons[0].rule == "107.5"


@pytest.mark.cr("602.1b")
@pytest.mark.parametrize(("artifacts", "count"), [(["Sol Ring", "Voltaic Key"], 1),
                                                  (["Sol Ring"], 0)])
def test_mox_opal_metalcraft_is_evaluated_by_payments(artifacts: list[str],
                                                      count: int) -> None:
    # "Activate only if you control three or more artifacts": {W} only from Mox Opal.
    state = load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{battlefield: [Mox Opal, {", ".join(artifacts)}]}}
""")
    p = payments(state, "A", "{W}")
    assert count_payments(state, "A", "{W}") == count and p.left_out == ()


@pytest.mark.cr("602.5e")
def test_lions_eye_diamond_is_never_activated_while_paying() -> None:
    # Ruling: "it can only be activated at times when you can cast an instant", so not
    # while a cost is being paid. That is a rule, not a gap: nothing is left out.
    state = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Lion's Eye Diamond]}
""")
    p = payments(state, "A", "{R}")
    assert not p and p.left_out == ()
    from manacheck.solver.payments import unpayable_reasons

    assert any("only when you could cast an instant" in r
               for r in unpayable_reasons(state, "A", "{R}"))


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.3a")
def test_a_repeatable_mana_costing_ability_is_repeated() -> None:
    # Agent of Stromgald, "{R}: Add {B}", with {R}{R} in the pool: activated twice it
    # pays {B}{B} (CR 602.1: as often as its cost can be paid), once more it can't
    # (no third {R}; its own {B} can't pay {R}). Nothing is left out.
    state = load_state_text("""
turn: {active_player: A}
players:
  A: {mana_pool: "{R}{R}", battlefield: [Agent of Stromgald]}
""")
    p = payments(state, "A", "{B}{B}")
    assert p and p.left_out == () and p.count() == 1
    assert not payments(state, "A", "{B}{B}{B}")
    assert count_payments(state, "A", "{B}") == 1
    # {R}{B}: one {R} pays the cost, the other the Agent.
    assert count_payments(state, "A", "{R}{B}") == 1


@pytest.mark.cr("605.1a")
@pytest.mark.parametrize(("line", "is_mana"), [
    # "For each ..., add ...": it could add mana and has no target: a mana ability
    ("{T}, Mill a card: For each colored mana symbol in the milled card's mana cost, add "
     "one mana of that color. Activate only as an instant. (For example, if the card's "
     "mana cost is {3}{U}{U}{B}, you add {U}{U}{B}.)", True),
    # a target in the effect, or a loyalty ability: never a mana ability (CR 605.1a)
    ("{T}: For each target creature, add {G}.", False),
    ("[+1]: For each creature you control, add {G}.", False),
    # a restriction on when it may be activated: the line stays unread
    ("{T}: For each creature you control, add {G}. Activate only as a sorcery.", False),
])
def test_a_for_each_production_is_a_mana_ability_by_its_form(line: str,
                                                             is_mana: bool) -> None:
    from manacheck.model.oracletext.manaform import mana_form

    got = mana_form(line, "Charmed Pendant")
    assert (got is not None) is is_mana
    if got is not None:
        assert got["activated"]["mana"] == {"unmodelled": True}
