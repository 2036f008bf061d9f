"""Decide the easy cases before searching (issues 30, 36): "payable?" and "can it be
activated?" need one legal way, not a count; a spent search budget is never exit 2.

Boards of real cards, each answer derived by hand:

* 25 mana permanents (Sol Ring, the ten Signets, the ten Talismans, Graven Cairns and
  Mystic Gate): Azorius Signet's "{1}, {T}: Add {W}{U}" is legal, since Sol Ring alone
  pays {1} (CR 601.2g-h; its second {C} is left over, CR 106.4).
* Mind Stone, four Signets and four filter lands: Mind Stone's "{1}, {T}, Sacrifice
  Mind Stone: Draw a card." is legal: a filter land's "{T}: Add {C}" pays {1}.
* Jund, 19 mana: nine basics (9), Sol Ring (2), three Talismans (3), Graven Cairns and
  Fire-Lit Thicket (one net each: 2), three Signets (one net each: 3). {18} and {19}
  are payable (Sol Ring's and the lands' mana pays the Signets' {1}s, CR 605.3a);
  {20} is not: every Signet and filter land adds one mana more than it costs, so at
  most 19 mana reach the cost.
* Five colors, 45 permanents (three of each basic, the ten Signets, the ten Talismans,
  the ten filter lands): every ability on it can be activated (a basic pays any {1}
  or hybrid cost); {33} is payable (the 15 basics, the ten Talismans' {C} and the ten
  filter lands' {C} make 35 mana with no mana cost).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest
from manacheck.model import load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import is_payable, payment_answer, search_payments
from manacheck.solver.payments.quick import witness
from manacheck.solver.payments.values import PaymentSearchLimit

from manacheck.cli import main

SIGNETS = [f"{g} Signet" for g in
           ["Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya", "Orzhov", "Izzet",
            "Golgari", "Boros", "Simic"]]
TALISMANS = [f"Talisman of {g}" for g in [
    "Progress", "Dominance", "Indulgence", "Impulse", "Unity", "Hierarchy", "Creativity",
    "Resilience", "Conviction", "Curiosity"]]
FILTERS = ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket",
           "Wooded Bastion", "Fetid Heath", "Cascade Bluffs", "Twilight Mire",
           "Rugged Prairie", "Flooded Grove"]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def board(perms: list[str], pool: str = "") -> str:
    names = ", ".join(f'"{p}"' for p in perms)
    extra = f', mana_pool: "{pool}"' if pool else ""
    return (f"turn: {{active_player: Alice}}\nplayers:\n  Alice: {{battlefield: [{names}]"
            f"{extra}}}\n  Bob: {{}}\n")


B25 = board(["Sol Ring", *SIGNETS, *TALISMANS, "Graven Cairns", "Mystic Gate"])
B9 = board(["Mind Stone", "Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet",
            "Graven Cairns", "Fire-Lit Thicket", "Flooded Grove", "Mystic Gate"])
JUND = board(["Sol Ring", "Rakdos Signet", "Gruul Signet", "Golgari Signet",
              "Talisman of Indulgence", "Talisman of Impulse", "Talisman of Resilience",
              "Graven Cairns", "Fire-Lit Thicket", *["Swamp", "Mountain", "Forest"] * 3])
FIVE = board([*BASICS * 3, *SIGNETS, *TALISMANS, *FILTERS])


def run(tmp_path: Path, text: str, *argv: str) -> tuple[int, str, str]:
    f = tmp_path / "board.yaml"
    f.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([argv[0], str(f), *argv[1:]])
    return code, out.getvalue(), err.getvalue()


@pytest.mark.cr("605.3a")
@pytest.mark.cr("601.2h")
def test_signet_among_25_mana_permanents_is_legal(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, B25, "can-activate", "Azorius Signet", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["legal"] is True and data["witness"]["payment"] is not None


@pytest.mark.cr("605.3a")
def test_mind_stone_draw_among_filters_and_signets_is_legal(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, B9, "can-activate", "Mind Stone", "--ability", "2")
    assert (code, err) == (0, "")
    assert out.startswith("legal: Alice may activate Mind Stone ability 2")
    v = can_activate(load_state_text(B9), "Mind Stone", 2)
    assert v.legal is True and v.witness is not None and v.witness.sacrificed == (
        "Mind Stone",)
    # The ways counted are at least the witness (a count may stop at its budget).
    assert v.ways >= 1


@pytest.mark.cr("601.2h")
@pytest.mark.parametrize(("cost", "code"), [("{18}", 0), ("{19}", 0), ("{20}", 1)])
def test_jund_nineteen_mana(tmp_path: Path, cost: str, code: int) -> None:
    got, out, err = run(tmp_path, JUND, "pay", cost)
    assert (got, err) == (code, "")
    if code == 0:
        assert out.startswith(f"{cost}: payable") and "at least 0" not in out
        assert "\n   1. " in out  # a payment is shown
    else:
        assert out.startswith(f"{cost}: not payable")
        assert "at most 19 mana can be made" in out
    assert is_payable(load_state_text(JUND), "Alice", cost) is (code == 0)


@pytest.mark.cr("601.2h")
def test_a_payable_verdict_always_has_a_witness(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, FIVE, "pay", "{33}", "--json")
    data = json.loads(out)
    assert code == 0 and data["payable"] is True
    assert data["options"] and data.get("count_at_least", 1) >= 1
    code, out, _ = run(tmp_path, FIVE, "pay", "{33}")
    assert "at least 0" not in out


def test_abilities_on_45_permanents_answers_every_row(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, FIVE, "abilities", "--json")
    assert (code, err) == (0, "")
    rows = json.loads(out)["abilities"]
    # 15 basics, 10 Talismans (2 abilities), 10 Signets, 10 filter lands (2): 65 rows.
    assert len(rows) == 65
    assert all(r["legal"] is True for r in rows)


def test_one_row_out_of_budget_doesnt_sink_the_listing(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    # With no budget at all for the payment solver's searches, the rows whose mana cost
    # needs a search are "not decided (search budget)"; the others are answered.
    from manacheck.solver.payments import limits, quick

    monkeypatch.setattr(limits, "MAX_ORDER_CHECKS", 0)
    monkeypatch.setattr(limits, "FIRST_LIST_STATES", 0)
    monkeypatch.setattr(limits, "MAX_LIST_STATES", 0)
    monkeypatch.setattr(quick, "witness", lambda b: None)
    from manacheck.solver.payments import enumeration

    monkeypatch.setattr(enumeration, "witness", lambda b: None)
    code, out, err = run(tmp_path, B9, "abilities")
    assert err == "" and code == 0
    assert "yes Graven Cairns [1]" in out and "yes Mind Stone [1]" in out
    assert "??  Mind Stone [2]" in out
    assert "not decided (search budget): listing stopped" in out
    assert "--count" not in out  # no advice naming an option 'abilities' lacks


# ---- the greedy witness against the full search -----------------------------------------

POOL = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Sol Ring", "Mind Stone",
        "Birds of Paradise", "Llanowar Elves", "Azorius Signet", "Rakdos Signet",
        "Golgari Signet", "Talisman of Progress", "Graven Cairns", "Mystic Gate",
        "Fire-Lit Thicket", "Lotus Petal", "City of Brass", "Wastes"]
COSTS = ["{1}", "{2}", "{3}", "{4}", "{G}", "{W}{U}", "{B}{R}", "{1}{G}", "{2}{W}",
         "{C}", "{G/U}", "{B/R}{B/R}", "{2}{B}{B}", "{5}", "{R}{G}", "{W}{W}", "{C/W}{1}"]


def random_boards(seed: int, n: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        perms = []
        for _ in range(rng.randint(1, 6)):
            name = rng.choice(POOL)
            perms.append(f"{{card: {name}, tapped: true}}" if rng.random() < 0.15
                         else name)
        pool = rng.choice(["", "", "", "{G}", "{C}", "{R}{R}"])
        text = ("turn: {active_player: A}\nplayers:\n  A: {battlefield: ["
                + ", ".join(perms) + "]" + (f', mana_pool: "{pool}"' if pool else "")
                + "}\n")
        out.append((text, rng.choice(COSTS)))
    return out


@pytest.mark.cr("601.2g")
@pytest.mark.cr("605.3a")
@pytest.mark.parametrize("seed", range(4))
def test_witness_first_agrees_with_the_full_search(seed: int) -> None:
    """On small random boards: every greedy witness is a payment the full search lists
    (so "payable" from it is right), and the verdict with the shortcut equals the full
    count's whenever that count is decided."""
    found = 0
    for text, cost in random_boards(seed, 60):
        state = load_state_text(text)
        p = search_payments(state, "A", cost)
        try:
            full = p.count_found()
        except PaymentSearchLimit:
            continue  # the full search doesn't decide: nothing to compare
        sol = witness(p.board)
        fresh = search_payments(state, "A", cost)
        assert fresh.found() == (full > 0), (text, cost)
        if sol is not None:
            found += 1
            assert full > 0, (text, cost)
            shown = fresh.witness()
            assert shown is not None and shown in fresh, (text, cost)
            # The witness's activations are real ones: each permanent used once.
            ids = [i for u in shown.activations for i in u.ids]
            assert len(ids) == len(set(ids)), (text, cost)
        a = payment_answer(state, "A", cost)
        if a.payable is not None and not a.left_out:
            assert a.payable == (full > 0), (text, cost)
    assert found >= 10  # the greedy answers a good part of them
