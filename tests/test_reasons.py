"""Answers people can use when manacheck can't decide (issue 30).

Each reason names the effect (its object and text) and what *this* question reads that
the effect could change, in words, with rule numbers; an effect that matters only
through the check for state-based actions says so; each effect is said once per
answer; could-produce shows what it found, never "(nothing)" for "not known"; and a
failing requirement that no effect left unapplied could lift gives a definite "no".
Real cards on small boards: Humility, Stone Calendar, Reliquary Tower and Helm of
Awakening are text manacheck doesn't read; Damping Sphere's cost increase is read but
its amount isn't known; Orvar's changeling isn't applied.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import load_state_text
from manacheck.model.effects import Family
from manacheck.solver.activation import abilities, can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.soundness import Undecided, shared_reasons

from manacheck.cli import main, reason_refs

#: Not read, and could change anything (layer 6, layer 7, ...).
HUMILITY = ("Humility (All creatures lose all abilities and have base power and toughness "
            "1/1.)")
#: Not read in full (its name is chosen as it enters), but by its form it could change
#: only which abilities may be activated (CR 602.5).
REVOKER = ("Phyrexian Revoker (Activated abilities of sources with the chosen name can't "
           "be activated.)")


def state_file(tmp_path: Path, battlefield: str, *, hand: str = "",
               priority: str | None = None) -> str:
    """Alice's battlefield (a YAML flow list) in her main phase, as a file."""
    turn = "{active_player: Alice, phase: precombat_main" + (
        f", priority: {priority}" if priority else "") + "}"
    path = tmp_path / "board.yaml"
    path.write_text(f"""
turn: {turn}
players:
  Alice: {{battlefield: [{battlefield}], hand: [{hand}]}}
  Bob: {{}}
""", encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out = run(capsys, *argv, "--json")
    return code, json.loads(out)


# ---- a reason says what this question reads that the effect could change -----------

@pytest.mark.cr("602.5")
def test_pay_says_null_rod_could_change_whether_mana_abilities_may_be_activated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Phyrexian Revoker with no name chosen in the state: which name it stops isn't
    # known, and it could stop mana abilities too (CR 605.1a, 614.12). The
    # reason is the payment's, not the check for state-based actions' (which reads it
    # too), and never "layer 4, layer 6, layer 7" for a pay answer.
    f = state_file(tmp_path, "Forest, Phyrexian Revoker")
    code, out = run(capsys, "pay", f, "{G}")
    assert code == 1 and out.startswith("{G}: not decided")
    line = next(x for x in out.splitlines() if "Phyrexian Revoker" in x)
    assert line.startswith(f"  - {REVOKER}: the state file gives no name chosen for it")
    assert "whether mana abilities may be activated (CR 602.5)" in line
    assert "state-based" not in out and "layer 7" not in out
    code, data = run_json(capsys, "pay", f, "{G}")
    [u] = data["undecided"]
    assert u["object"] == "Phyrexian Revoker" and u["question"] == "payment"
    assert set(u["families"]) == {"activation"}
    assert "power_toughness" not in u["families"]  # the payment doesn't read layer 7
    assert u["why"] == line.split(": ", 1)[1]


@pytest.mark.cr("601.2f")
def test_a_cost_increase_says_it_could_change_the_total_cost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Damping Sphere: "costs {1} more to cast for each other spell that player has
    # cast this turn", an amount the state doesn't give.
    f = state_file(tmp_path, "Forest, Forest, Damping Sphere", hand="Llanowar Elves")
    code, out = run(capsys, "pay", f, "--for", "Llanowar Elves")
    assert code == 1
    assert out.splitlines()[1] == (
        "  - Damping Sphere (Each spell a player casts costs {1} more to cast for each "
        "other spell that player has cast this turn.): manacheck doesn't apply this "
        "effect, and it could change the total cost (CR 601.2f)")
    _, data = run_json(capsys, "pay", f, "--for", "Llanowar Elves")
    assert [(u["object"], u["families"]) for u in data["undecided"]] == [
        ("Damping Sphere", ["spell_costs"])]


# ---- can-activate names the blocking cards in its text ----------------------------

@pytest.mark.cr("602.5")
def test_can_activate_text_names_the_blocking_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = state_file(tmp_path, "Forest, Phyrexian Revoker")
    code, out = run(capsys, "can-activate", f, "Forest")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("not decided: whether Alice may activate Forest")
    assert lines[1].startswith(f"  - {REVOKER}: the state file gives no name chosen for it")
    assert "whether this ability or the mana abilities paying for it may be activated " \
           "(CR 602.5)" in lines[1]
    assert "not decided: not decided" not in out
    _, data = run_json(capsys, "can-activate", f, "Forest")
    assert data["legal"] is None
    assert [(u["object"], u["question"]) for u in data["undecided"]] == [
        ("Phyrexian Revoker", "activation")]


# ---- abilities: each effect once per answer ----------------------------------------

def test_abilities_says_each_effect_once_and_rows_refer_to_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = state_file(tmp_path, "Forest, Llanowar Elves, Humility, Opalescence, Stone Calendar")
    code, out = run(capsys, "abilities", f)
    assert code == 1
    assert "not decided: not decided" not in out
    assert out.count(HUMILITY + ":") == 1 and out.count("not decided because:") == 1
    rows = out.splitlines()
    for name in ("Forest [1]", "Llanowar Elves [1]"):
        i = next(n for n, x in enumerate(rows) if name in x)
        assert rows[i].startswith("??") and rows[i + 1] == "      not decided: see #1-#2 below"
    assert rows[-2].startswith(f"  #1 {HUMILITY}: manacheck doesn't read this text")
    assert rows[-1].startswith("  #2 Opalescence (Each other non-Aura enchantment is a")
    # a spell's cost reduction (CR 601.2f) can't change an activation: not said at all
    assert "Stone Calendar" not in out
    # (an unread line may be an ability the list is missing: said on its own row)
    assert any(x.startswith("??  Humility [0]") for x in rows)
    _, data = run_json(capsys, "abilities", f)
    shared = data["undecided"]
    assert [(u["id"], u["object"]) for u in shared] == [(1, "Humility"), (2, "Opalescence")]
    assert all({"object", "text", "why", "families", "question"} <= set(u) for u in shared)
    by_row = {(r["object"], r["ability"]): r for r in data["abilities"]}
    forest = by_row[("Forest", 1)]
    assert forest["legal"] is None and forest["undecided_ids"] == [1, 2]
    assert "undecided" not in forest
    assert by_row[("Humility", 0)]["undecided"][0]["why"].startswith("this text isn't read")


def test_one_effect_read_by_several_rows_joins_their_families() -> None:
    # The same effect, read through power and toughness by one row only: one entry,
    # with every family its rows read, said again for them.
    narrow = Undecided("Coat of Arms", "Coat of Arms", "Each creature gets ...", "a",
                       "static:other:unread", (Family.TYPES,), "activation")
    wide = Undecided("Coat of Arms", "Coat of Arms", "Each creature gets ...", "b",
                     "static:other:unread", (Family.POWER_TOUGHNESS, Family.TYPES),
                     "activation")
    other = Undecided("", "", "a choice before priority", "it depends (CR 704.5j)", "sba")
    shared, refs = shared_reasons([(narrow,), (wide, other), ()])
    assert refs == [(0,), (0, 1), ()]
    assert shared[0].families == (Family.POWER_TOUGHNESS, Family.TYPES)
    assert shared[0].why == ("manacheck doesn't read this text, and it could change the "
                             "permanents' types (layer 4, CR 613.1d); and power and "
                             "toughness (layer 7, CR 613.4)")
    assert shared[1] is other
    assert reason_refs([5, 1, 2, 3, 7, 8]) == "#1-#3, #5, #7-#8"


# ---- could-produce shows what it found ---------------------------------------------

@pytest.mark.cr("106.7")
def test_produce_shows_the_types_found_never_nothing_for_not_known(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = state_file(tmp_path, "Swamp, Humility")
    code, out = run(capsys, "produce", f, "--explain")
    lines = out.splitlines()
    assert code == 0 and "(nothing)" not in out and "nothing:" not in out
    assert lines[0] == ("Swamp  B found; not decided: #1 below could add other types or "
                        "change these (CR 106.7)")
    assert lines[1].startswith("    B: ability 1 ({T}: Add {B}.")
    assert lines[3].startswith(f"  #1 {HUMILITY}: manacheck doesn't read this text, and "
                               "it could change what the could-produce answer reads")
    _, data = run_json(capsys, "produce", f)
    [obj] = data["objects"]
    # never as mana_types that look definite
    assert obj["mana_types"] is None and obj["found"] == ["B"]
    assert (obj["found_holds"], obj["complete"], obj["decided"]) == ("may_change", False,
                                                                      False)
    assert data["undecided"][0]["object"] == "Humility"
    a = explain_could_produce(load_state_text(Path(f).read_text()), "Swamp")
    assert a.undecided and a.found_holds == "may_change" and a.letters == ["B"]


@pytest.mark.cr("704.3")
@pytest.mark.cr("117.5")
@pytest.mark.parametrize("priority", [None, "Bob"])
def test_an_effect_that_matters_only_before_priority_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], priority: str | None) -> None:
    # Elesh Norn's "Creatures your opponents control get -2/-2." isn't read (its form
    # says: power and toughness only): it could make a creature's toughness 0 and a
    # state-based action pending (CR 704.5f). Forest's could-produce answer doesn't
    # look at toughness: {G} holds if none is performed.
    f = state_file(tmp_path, "Forest, \"Elesh Norn, Grand Cenobite\"", priority=priority)
    who = priority or "Alice"
    norn = ("Elesh Norn, Grand Cenobite (Creatures your opponents control get -2/-2.): "
            "manacheck doesn't read this text, and it could change whether a state-based "
            f"action is pending before {who} gets priority (CR 117.5, 704.3), through "
            "toughness (layer 7, CR 613.4, 704.5f)")
    code, out = run(capsys, "produce", f)
    assert code == 0
    assert out.splitlines()[0] == ("Forest  G if no state-based action is performed first "
                                   "(CR 117.5); not decided: see #1 below")
    assert out.splitlines()[2] == "  #1 " + norn
    _, data = run_json(capsys, "produce", f)
    [obj] = data["objects"]
    assert obj["mana_types"] is None and obj["found"] == ["G"]
    assert obj["found_holds"] == "if_no_state_based_action" and obj["decided"] is False
    [u] = data["undecided"]
    assert obj["undecided_ids"] == [u["id"]] == [1]
    assert (u["object"], u["question"], u["families"]) == (
        "Elesh Norn, Grand Cenobite", "state-based actions", ["power_toughness"])
    # show names the effect too, and what it could change before priority
    code, out = run(capsys, "show", f)
    assert out.splitlines()[-1] == "not decided before priority: " + norn
    # The payment doesn't read toughness itself: the reason is the check's, said once.
    a = payment_answer(load_state_text(Path(f).read_text()), "Alice", "{G}")
    assert [(u.object_id, u.question, u.families) for u in a.undecided] == [
        ("Elesh Norn, Grand Cenobite", "state-based actions", (Family.POWER_TOUGHNESS,))]


@pytest.mark.cr("106.7")
def test_an_unmodelled_mana_ability_is_never_said_to_produce_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Bloom Tender's "for each color among permanents you control" isn't modelled by
    # could-produce: its answer is a lower bound, not "nothing".
    f = state_file(tmp_path, "Bloom Tender")
    code, out = run(capsys, "produce", f, "--explain")
    assert code == 0 and "nothing:" not in out and "(nothing)" not in out
    assert out.splitlines() == [
        "Bloom Tender  nothing found  (at least; not modelled: see --json note)",
        "    no type found: a mana ability involved adds mana manacheck doesn't model "
        "here, so it could produce more [CR 106.7]"]


# ---- a requirement no unapplied effect could lift: a definite "no" ------------------

@pytest.mark.cr("107.5")
@pytest.mark.cr("118.3")
@pytest.mark.cr("110.5c")
@pytest.mark.parametrize("board", [
    "{card: Sol Ring, tapped: true}, Forest, Humility",
    # (every line unread: the check for state-based actions isn't decided either)
    "{card: Sol Ring, tapped: true}, Forest, Humility, Opalescence",
])
def test_a_tapped_sol_ring_is_a_no_whatever_unread_text_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], board: str) -> None:
    f = state_file(tmp_path, board)
    code, out = run(capsys, "abilities", f)
    rows = out.splitlines()
    assert rows[0] == "no  Sol Ring [1] {T}: Add {C}{C}."
    assert rows[1].startswith("      CR 107.5: Sol Ring is tapped, so it can't be tapped "
                              "to pay {T} (CR 118.3). That stands whatever ")
    assert "doesn't untap a permanent" in rows[1] and "(CR 110.5c)" in rows[1]
    assert rows[2].startswith("??  Forest [1]")  # the untapped Forest stays not decided
    code, data = run_json(capsys, "can-activate", f, "Sol Ring")
    assert code == 1 and data["legal"] is False and "undecided" not in data
    assert [r["rule"] for r in data["reasons"]] == ["107.5"]
    v = can_activate(load_state_text(Path(f).read_text()), "Sol Ring", 1, "Alice",
                     find_fixes=False)
    assert v.legal is False and not v.undecided


@pytest.mark.cr("302.6")
def test_only_the_reason_no_effect_could_lift_is_given(tmp_path: Path) -> None:
    # A tapped Llanowar Elves that came under Alice's control this turn: being tapped
    # stands whatever Humility says; its summoning sickness could be lifted by an
    # effect giving haste (CR 302.6), so it isn't given as a reason.
    f = state_file(tmp_path, "{card: Llanowar Elves, tapped: true, summoning_sick: true}, "
                             "Humility")
    s = load_state_text(Path(f).read_text())
    v = can_activate(s, "Llanowar Elves", 1, "Alice", find_fixes=False)
    assert v.legal is False and not v.undecided
    assert [r.rule for r in v.reasons] == ["107.5"] and "Humility" in v.reasons[0].message
    untapped = load_state_text(Path(f).read_text().replace("tapped: true, ", ""))
    v = can_activate(untapped, "Llanowar Elves", 1, "Alice", find_fixes=False)
    assert v.undecided and [u.object_id for u in v.unapplied] == ["Humility"]
    row = abilities(untapped, "Alice")[0][2]
    assert row.undecided and not row.reasons
