"""A card written in a state file's ``cards:`` with ``text`` and no ``abilities``: its text
is read by the oracle-text reader, as a card download's is, so no rules text is dropped
silently (before, such a card had no abilities at all and every answer about it was a
confident wrong one). Lines the reader doesn't know stay as unread statics: the answers
they could change are "not decided", naming the line.

XMage: InfiniteManaUsagesTest.test_EnergyRefractor_CastBears_Manual (Energy Refractor
is newer than the shipped 2022 pool, so the state file defines it by its text).
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.solver.payments import payment_answer

REFRACTOR = """\
cards:
  - name: Energy Refractor
    mana_cost: "{2}"
    types: [Artifact]
    text: "When Energy Refractor enters the battlefield, draw a card.\\nMANA"
""".replace("MANA", "{2}: Add one mana of any color.")


def board(battlefield: str, hand: str = "[Grizzly Bears]", cards: str = REFRACTOR) -> str:
    return (f"turn: {{active_player: A}}\nplayers:\n  A:\n    hand: {hand}\n"
            f"    battlefield: {battlefield}\n" + cards)


@pytest.mark.cr("602.1", "605.1a")
def test_energy_refractor_by_its_text() -> None:
    """"{2}: Add one mana of any color": three Mountains and the Refractor cast Grizzly
    Bears ({1}{G}: two Mountains pay the Refractor's {2}, it adds {G}, the third pays
    {1}): one payment. Two Mountains don't (the {2} uses both)."""
    s = load_state_text(board("[Energy Refractor, Mountain, Mountain, Mountain]"))
    a = payment_answer(s, "A", None, for_object="Grizzly Bears")
    assert (a.verdict, a.count) == ("payable", 1)
    s = load_state_text(board("[Energy Refractor, Mountain, Mountain]"))
    assert payment_answer(s, "A", None, for_object="Grizzly Bears").verdict == "not payable"
    assert [ab.is_mana_ability for ab in s.permanent("Energy Refractor").card.abilities
            if hasattr(ab, "is_mana_ability")] == [True]


@pytest.mark.cr("601.2h")
def test_twenty_refractors() -> None:
    """InfiniteManaUsagesTest with 20 Refractors and 40 Mountains: each {2} makes one
    mana, so at most 20 {G}: {G}x20 payable (one way), {G}x21 not."""
    battlefield = "[" + ", ".join(["Energy Refractor"] * 20 + ["Mountain"] * 40) + "]"
    s = load_state_text(board(battlefield))
    a = payment_answer(s, "A", "{G}" * 20)
    assert (a.verdict, a.count) == ("payable", 1)
    assert payment_answer(s, "A", "{G}" * 21).verdict == "not payable"


def test_an_unread_line_makes_the_answer_not_decided() -> None:
    """A line the reader doesn't know becomes an unread static that could change any
    payment: the answer is "not decided", never a confident "not payable"."""
    cards = REFRACTOR.replace("{2}: Add one mana of any color.",
                              "Lands you control are sometimes Swamps at dusk.")
    assert cards != REFRACTOR
    s = load_state_text(board("[Energy Refractor, Mountain]", cards=cards))
    a = payment_answer(s, "A", "{B}")
    assert a.payable is None and a.verdict == "not decided"


def test_abilities_given_or_spell_text_stay_as_written() -> None:
    """``abilities: []`` says the card has none; an instant's text is spell text (read
    by the questions that cast or resolve it), not abilities."""
    cards = REFRACTOR.replace('    types: [Artifact]\n',
                              '    types: [Artifact]\n    abilities: []\n')
    s = load_state_text(board("[Energy Refractor, Mountain, Mountain, Mountain]",
                              cards=cards))
    assert s.permanent("Energy Refractor").card.abilities == ()
    cards = ("cards:\n  - {name: Quick Ritual, mana_cost: \"{B}\", types: [Instant], "
             "text: \"Add {B}{B}{B}.\"}\n")
    s = load_state_text(board("[]", hand="[Quick Ritual]", cards=cards))
    assert s.player("A").hand[0].card.abilities == ()
