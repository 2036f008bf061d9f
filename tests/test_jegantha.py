"""Jegantha, the Wellspring: "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay
generic mana costs" (issue 16, "not expressible today").

The restriction is on which *symbols* the mana pays, not on what it is spent for (CR
106.6): the card data says it with ``restriction: {not_generic: true}``. Generic mana
costs are the numeric symbols and {X} (CR 107.4b). Reading of {2/W} (CR 107.4e: "one
white mana or two mana of any type"): paid with two mana, it is paid as a generic cost,
so Jegantha's mana pays it only with {W}. The card's 2020-04-17 ruling supports this:
"A generic mana cost is usually represented by numeric mana symbols ({1}, {2}, and so
on) and also {X}. It is any cost requiring mana where that cost isn't {C}, {W}, {U},
{B}, {R}, or {G}." Hybrid and Phyrexian symbols are paid with a mana of one of their
colors (CR 107.4e, 107.4f), not generic. {S} (CR 107.4h) is left undecided: the rule
sets it apart from generic mana ("effects that reduce the amount of generic mana you
pay don't affect {S} costs") while the ruling's words would include it, so snow mana
with this restriction is left out and answers that need it are "not decided".

Each board is worked out by hand below (CR 601.2h: the whole cost is paid at once;
each activation gives at least one mana to the payment, the rest is left over). The
random boards of ``test_payments_oracle`` include Jegantha too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer, payments

from manacheck.cli import main

JEGANTHA = '"Jegantha, the Wellspring"'


def _board(perms: list[str], extra: str = "") -> str:
    return ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(perms) + "]\n" + extra)


def _answer(perms: list[str], cost: str, extra: str = "") -> tuple[bool, int]:
    a = payment_answer(load_state_text(_board(perms, extra)), "A", cost)
    assert a.complete and not a.left_out
    return a.payable, a.count


@pytest.mark.cr("106.6")
@pytest.mark.cr("107.4b")
def test_alone_it_pays_colored_symbols_only() -> None:
    # One activation: {W}{U}{B}{R}{G}; each colored symbol takes its own color.
    assert _answer([JEGANTHA], "{W}{U}{B}{R}{G}") == (True, 1)
    assert _answer([JEGANTHA], "{W}") == (True, 1)  # {U}{B}{R}{G} left over
    assert _answer([JEGANTHA], "{W/U}{B/R}{G}") == (True, 1)  # hybrid: CR 107.4e
    # {1}{W}: the {1} is generic, which its mana can't pay (nothing else can).
    assert _answer([JEGANTHA], "{1}{W}") == (False, 0)
    assert _answer([JEGANTHA], "{1}") == (False, 0)
    # Jegantha adds no {C} (CR 107.4c).
    assert _answer([JEGANTHA], "{C}") == (False, 0)


@pytest.mark.cr("107.4e")
@pytest.mark.cr("107.4f")
def test_hybrid_two_and_phyrexian() -> None:
    # {2/W} is paid with its {W} (one payment); the "two mana" half is generic.
    assert _answer([JEGANTHA], "{2/W}") == (True, 1)
    assert _answer([JEGANTHA], "{2/W}{2/R}") == (True, 1)
    # Two {2/W}: one {W}, and the other would need two mana as a generic cost.
    assert _answer([JEGANTHA], "{2/W}{2/W}") == (False, 0)
    # {W/P}: its {W}, or 2 life (CR 107.4f): two payments at 20 life.
    assert _answer([JEGANTHA], "{W/P}") == (True, 2)


@pytest.mark.cr("106.6")
@pytest.mark.cr("601.2h")
def test_with_a_forest_the_forest_pays_the_generic() -> None:
    # {1}{W}: {W} from Jegantha, {1} from the Forest only: one payment.
    perms = [JEGANTHA, "Forest"]
    assert _answer(perms, "{1}{W}") == (True, 1)
    (p,) = payments(load_state_text(_board(perms)), "A", "{1}{W}")
    assert {u.object for u in p.activations} == {"Forest", "Jegantha, the Wellspring"}
    # {G}{W}: Jegantha alone, or Forest {G} + Jegantha {W}: two payments.
    assert _answer(perms, "{G}{W}") == (True, 2)
    # {2}{W}: two generic, one Forest.
    assert _answer(perms, "{2}{W}") == (False, 0)
    # {2/W}{2/W}: Jegantha's {W} for one; the other needs {W} or two mana (one Forest).
    assert _answer(perms, "{2/W}{2/W}") == (False, 0)
    # With a Plains too: Jegantha W + Plains W, or Jegantha W + Forest and Plains as
    # the two mana of a {2/W} (which the Plains and Forest may pay): 2.
    assert _answer([*perms, "Plains"], "{2/W}{2/W}") == (True, 2)


@pytest.mark.cr("605.3a")
@pytest.mark.cr("106.6")
def test_mana_abilities_costs() -> None:
    # Azorius Signet's {1} is generic: Jegantha can't pay it, so {W}{W} (one W from
    # Jegantha, one from the Signet) isn't payable; a Forest pays the Signet.
    assert _answer([JEGANTHA, "Azorius Signet"], "{W}{W}") == (False, 0)
    assert _answer([JEGANTHA, "Azorius Signet", "Forest"], "{W}{W}") == (True, 1)
    # Graven Cairns' {B/R} is hybrid: Jegantha's {R} pays it, Cairns adds {B}{B}, and
    # Jegantha's {B} pays the third: {B}{B}{B} in one way.
    assert _answer([JEGANTHA, "Graven Cairns"], "{B}{B}{B}") == (True, 1)


@pytest.mark.cr("106.6")
def test_pool_mana_keeps_the_restriction() -> None:
    # {W}{U} in the pool from Jegantha (CR 106.6: the restriction stays with the mana),
    # spent in full or not at all; a Forest for generic mana.
    pool = '    mana_pool: [{mana: "{W}{U}", from: "Jegantha, the Wellspring"}]\n'
    assert _answer(["Forest"], "{W}{U}", pool) == (True, 1)
    assert _answer(["Forest"], "{1}{U}{W}", pool) == (True, 1)  # Forest for {1}
    assert _answer(["Forest"], "{2}{U}", pool) == (False, 0)
    assert _answer([], "{1}{W}", pool) == (False, 0)


@pytest.mark.cr("602.2b")
@pytest.mark.cr("106.6")
def test_activation_cost_with_generic_mana() -> None:
    # Mind Stone's "{1}, {T}, Sacrifice Mind Stone: Draw a card": Jegantha can't pay
    # the {1} (and Mind Stone's own {C} can't, it is tapped for the cost: CR 601.2g,
    # 107.5); with a Forest it can, one way. The reason names the restriction.
    v = can_activate(load_state_text(_board([JEGANTHA, "Mind Stone"])), "Mind Stone", 2)
    assert not v.legal and not v.undecided
    assert any("can't be spent to pay generic mana costs" in r.message for r in v.reasons)
    v = can_activate(load_state_text(_board([JEGANTHA, "Forest", "Mind Stone"])),
                     "Mind Stone", 2)
    assert (v.legal, v.ways) == (True, 1)


SNOW_JEGANTHA = """
cards:
  - name: Snowy Wellspring
    supertypes: [Snow]
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          mana:
            add: "{W}"
            restriction:
              text: This mana can't be spent to pay generic mana costs.
              not_generic: true
          text: "{T}: Add {W}. This mana can't be spent to pay generic mana costs."
"""


@pytest.mark.cr("107.4h")
def test_snow_mana_that_cant_pay_generic_costs_is_not_decided_for_snow() -> None:
    # Whether {S} is a generic mana cost for this restriction is left undecided (see
    # the module docstring): the source is left out and the answer isn't a "no".
    s = load_state_text(SNOW_JEGANTHA + _board(["Snowy Wellspring"]))
    a = payment_answer(s, "A", "{S}")
    assert a.left_out and a.verdict == "not decided"
    # Without {S} in the cost it is decided as usual.
    a = payment_answer(s, "A", "{W}")
    assert (a.payable, a.count, a.left_out) == (True, 1, ())
    assert payment_answer(s, "A", "{1}").payable is False


@pytest.mark.parametrize("bad", ["maybe", "1", '"true"'])
def test_bad_not_generic_is_one_line(bad: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Land]\n    abilities:\n      - {activated: "
                    "{cost: \"{T}\", mana: {add: \"{W}\", restriction: {text: t, "
                    f"not_generic: {bad}}}}}, text: t}}}}\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not_generic" in err and "(line 8)" in err
