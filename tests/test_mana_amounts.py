"""Mana amounts given by an expression: "an amount of {G} equal to your devotion to
green" (Karametra's Acolyte), "... of that color equal to your devotion to that color"
(Nykthos), "... equal to Marwyn's power" (Marwyn, the Nurturer; issue 16). Answers
derived by hand from CR 700.5 (devotion) and the layers (power with counters, 613.4c).
"""

from __future__ import annotations

import pytest
from manacheck.model import ManaType, load_state_text
from manacheck.model.conditions import devotion
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import activation_outcomes


def _board(perms: list[str]) -> str:
    return ("turn: {active_player: A, number: 3}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(perms) + "]\n  B:\n    battlefield: [Llanowar Elves]\n")


ACOLYTE, NYKTHOS, MARWYN = '"Karametra\'s Acolyte"', '"Nykthos, Shrine to Nyx"', \
    '"Marwyn, the Nurturer"'


@pytest.mark.cr("700.5")
def test_devotion_counts_colored_symbols_of_your_permanents() -> None:
    # Acolyte {3}{G} and Elves {G}: 2; Tundra has no mana cost; the opponent's Elves
    # count for the opponent only.
    s = load_state_text(_board([ACOLYTE, "Llanowar Elves", "Tundra"]))
    assert devotion(s, "A", frozenset({ManaType.G})) == 2
    assert devotion(s, "A", frozenset({ManaType.W})) == 0
    assert devotion(s, "B", frozenset({ManaType.G})) == 1
    assert activation_outcomes(s, "Karametra's Acolyte", 1) == {(ManaType.G,) * 2}


@pytest.mark.cr("700.5")
def test_nykthos_adds_one_color_as_much_as_its_devotion() -> None:
    # Devotion 2 to green (Acolyte, Elves), 0 to the others: {G}{G} only (a color with
    # no devotion would add zero mana). Alone, it adds nothing.
    s = load_state_text(_board([NYKTHOS, ACOLYTE, "Llanowar Elves"]))
    assert activation_outcomes(s, "Nykthos, Shrine to Nyx", 2) == {(ManaType.G,) * 2}
    alone = load_state_text(_board([NYKTHOS]))
    assert activation_outcomes(alone, "Nykthos, Shrine to Nyx", 2) == frozenset()


@pytest.mark.cr("613.4c")
def test_marwyn_adds_her_power() -> None:
    # Power 1 and two +1/+1 counters: {G}{G}{G}. With Elves and a Forest: 5 mana at most,
    # {G}x5 in one way, {G}x6 in none.
    s = load_state_text(_board([f"{{card: {MARWYN}, counters: {{+1/+1: 2}}}}",
                                "Llanowar Elves", "Forest"]))
    assert activation_outcomes(s, "Marwyn, the Nurturer", 1) == {(ManaType.G,) * 3}
    assert payment_answer(s, "A", "{G}" * 5).count == 1
    assert payment_answer(s, "A", "{G}" * 6).payable is False
    # -1/-1 counters past her power: 0, never negative mana (CR 107.1b).
    weak = load_state_text(_board([f"{{card: {MARWYN}, counters: {{-1/-1: 1}}}}"]))
    assert activation_outcomes(weak, "Marwyn, the Nurturer", 1) == frozenset()


@pytest.mark.cr("700.5")
def test_a_devotion_board_counts_exactly() -> None:
    # Acolyte (devotion to green 3: Acolyte, Marwyn, Elves) adds GGG; Marwyn (power 3)
    # GGG; Nykthos {C}, or {2} for GGG; Elves G; two Forests. {9}: 7 ways (derived by
    # listing the sets of activations whose mana can total 9, each giving 1 to all):
    # with Nykthos' {C}: {A, M, F2, E, C}, {A, M, F2, C}, {A, M, F1, E, C}; without
    # Nykthos: {A, M, F2, E}; with its GGG (11 needed): {A, M, F2, E, N}, {A, M, F2, N},
    # {A, M, F1, E, N}.
    s = load_state_text(_board([ACOLYTE, NYKTHOS, f"{{card: {MARWYN}, counters: "
                                "{+1/+1: 2}}", "Llanowar Elves", "Forest", "Forest"]))
    assert payment_answer(s, "A", "{9}").count == 7
    assert payment_answer(s, "A", "{G}" * 10).count == 1
    assert payment_answer(s, "A", "{G}" * 11).payable is False


DAMPING = "turn: {active_player: A, number: 3}\nplayers:\n  A:\n    battlefield: [Damping Sphere, "


@pytest.mark.cr("616.1f")
@pytest.mark.cr("614.5")
def test_damping_sphere_replaces_two_or_more_mana_from_a_land() -> None:
    # Issue 16: "If a land is tapped for two or more mana, it produces {C} instead."
    # Ancient Tomb makes {C}, Sol Ring (not a land) still {C}{C}; a Forest's one {G}
    # stays {G}.
    s = load_state_text(DAMPING + "Ancient Tomb, Sol Ring, Forest]\n")
    assert activation_outcomes(s, "Ancient Tomb", 1) == {(ManaType.C,)}
    assert activation_outcomes(s, "Sol Ring", 1) == {(ManaType.C,) * 2}
    assert activation_outcomes(s, "Forest", 1) == {(ManaType.G,)}
    assert payment_answer(s, "A", "{4}").count == 1
    assert payment_answer(s, "A", "{5}").payable is False


@pytest.mark.cr("616.1f")
@pytest.mark.cr("700.5")
def test_damping_sphere_with_nykthos() -> None:
    # Devotion to green 2 (Acolyte, Elves): Nykthos would add {G}{G}, a land tapped for
    # two mana, so {C}. With devotion 1 it adds {G}: one mana, not replaced.
    two = load_state_text(DAMPING + '"Nykthos, Shrine to Nyx", "Karametra\'s Acolyte", '
                          "Llanowar Elves]\n")
    assert activation_outcomes(two, "Nykthos, Shrine to Nyx", 2) == {(ManaType.C,)}
    one = load_state_text(DAMPING + '"Nykthos, Shrine to Nyx", Llanowar Elves]\n')
    assert activation_outcomes(one, "Nykthos, Shrine to Nyx", 2) == {(ManaType.G,)}


@pytest.mark.cr("616.1f")
@pytest.mark.cr("614.5")
def test_damping_sphere_and_mana_reflection_in_either_order() -> None:
    # A Forest's {G}: Mana Reflection first makes {G}{G}, then Damping Sphere applies
    # ({C}); Damping first doesn't apply (one mana), Reflection makes {G}{G}, and then
    # Damping applies after all (CR 616.1f: re-checked): {C} either way. Eldrazi
    # Temple's {C}{C}: Damping first gives {C}, then Reflection {C}{C} (each effect
    # applies once, CR 614.5); Reflection first gives four, then {C}: both are possible.
    s = load_state_text(DAMPING + "Mana Reflection, Forest, Eldrazi Temple]\n")
    assert activation_outcomes(s, "Forest", 1) == {(ManaType.C,)}
    assert activation_outcomes(s, "Eldrazi Temple", 2) == {(ManaType.C,), (ManaType.C,) * 2}


@pytest.mark.parametrize(("ability", "said"), [
    ('{activated: {cost: "{T}", mana: {add: "{G}", amount_of: luck}, text: t}}',
     "amount_of 'luck'"),
    ('{activated: {cost: "{T}", mana: {chosen_color: 1, amount_of: power}, text: t}}',
     "amount_of 'power'"),
    ('{activated: {cost: "{T}", mana: {one_color: 2, amount_of: power}, text: t}}',
     "one_color: 1"),
    ('{activated: {cost: "{T}", mana: {any_color: 1, amount_of: devotion}, text: t}}',
     "amount_of 'devotion' goes with add or one_color"),
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_of: {counters: ""}}, text: t}}',
     "expected a counter kind"),
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_of: {kind: charge}}, text: t}}',
     "amount_of"),
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_of: 3}, text: t}}',
     "a number amount_of is 2 or more, with choice"),
    ('{activated: {cost: "{T}", mana: {choice: ["{R}", "{G}"], amount_of: 1}, text: t}}',
     "a number amount_of is 2 or more"),
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_of: life, amount_plus: 0}, '
     'text: t}}', "amount_plus is a positive number"),
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_plus: 1}, text: t}}',
     "amount_plus goes with amount_of"),
    ('{activated: {cost: "{T}", mana: {different_colors: 6}, text: t}}',
     "different_colors is 2 to 5"),
    ('{activated: {cost: "{T}", mana: {different_colors: 2, per: {types: [Land]}}, '
     'text: t}}', "different_colors is 2 to 5"),
    ('{activated: {cost: "{T}", mana: {different_colors: 2, amount_of: life}, text: t}}',
     "amount_of 'life'"),
    ("{static: {kind: mana_replacement, replacement: {set_type: C, only_if_at_least: 0}, "
     "text: t}}", "only_if_at_least"),
    # Mage-Ring Network's amount_of X (tests/test_mage_ring.py):
    ('{activated: {cost: "{T}", mana: {add: "{C}", amount_of: X}, text: t}}',
     "needs a cost that removes X counters"),
    ('{activated: {cost: ["{X}{T}", {remove_counters: {counter: storage, count: X}}], '
     'mana: {add: "{C}", amount_of: X}, text: t}}', "no other X"),
    ('{activated: {cost: ["{T}", {remove_counters: {counter: storage, count: X}}], '
     'mana: {chosen_color: 1, amount_of: X}, text: t}}', "amount_of 'X'"),
    ('{triggered: {event: upkeep, mana: {add: "{C}", amount_of: X}, text: t}}',
     "needs an activated ability"),
])
def test_bad_amounts_are_one_line(ability: str, said: str, tmp_path: object,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from manacheck.cli import main
    path = Path(str(tmp_path)) / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    f"  - name: X\n    types: [Land]\n    abilities:\n      - {ability}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "(line 8)" in err
