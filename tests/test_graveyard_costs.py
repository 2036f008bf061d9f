"""Mana abilities whose cost exiles cards from a graveyard: Titans' Nest ("Exile a card
from your graveyard: Add {C}. Spend this mana only to cast a colored spell without {X}
in its mana cost.").

It may be activated once per card it can exile (CR 602.1, 118.3). The count is exact
only when nothing else in the payment takes or adds such cards; otherwise the Nest is
left out and said (``solver.payments.graveyard``). Each expectation is derived by hand.
XMage: TitansNestTest.testTitansNest (Mage.Tests, cards/mana/conditional).
"""

from __future__ import annotations

import textwrap

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.payments import payment_answer

#: Test cards: a green spell with flashback from the graveyard, a black spell with
#: delve.
CARDS = """\
cards:
  - {name: Green Flashback, mana_cost: "{2}{G}", types: [Sorcery],
     keywords: ["Flashback {2}{G}"]}
  - {name: Delve Spell, mana_cost: "{3}{B}", types: [Sorcery], keywords: [Delve]}
"""


def board(*battlefield: str, graveyard: tuple[str, ...] = ("Grizzly Bears",) * 2,
          hand: tuple[str, ...] = ("Centaur Courser", "Endless One")) -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: A, phase: precombat_main}}
        players:
          A:
            hand: [{", ".join(hand)}]
            graveyard: [{", ".join(graveyard)}]
            battlefield: [{", ".join(battlefield)}]
        """) + CARDS)


def answer(s: GameState, spell: str, **kw: object) -> tuple[str, int | None]:
    a = payment_answer(s, "A", None, for_object=spell, **kw)  # type: ignore[arg-type]
    return a.verdict, a.count


@pytest.mark.cr("602.1", "106.6")
def test_titans_nest_xmage() -> None:
    """TitansNestTest: after Titans' Nest is cast with the four lands, two Grizzly Bears
    in the graveyard give {C}{C}, for a colored spell without {X} only (CR 106.6).

    Centaur Courser ({2}{G}) needs {G}: not castable with the Nest alone; with an
    untapped Forest, the Forest's {G} and two {C}: castable, one way. Endless One ({X},
    colorless): never with the Nest's mana."""
    tapped = ["{card: Swamp, tapped: true}", "{card: Island, tapped: true}",
              *["{card: Forest, tapped: true}"] * 2]
    s = board("Titans' Nest", *tapped)
    assert answer(s, "Centaur Courser") == ("not payable", 0)
    assert payment_answer(s, "A", "{2}").verdict == "not payable"  # no spell: restricted
    s = board("Titans' Nest", *tapped, "Forest")
    assert answer(s, "Centaur Courser") == ("payable", 1)
    assert answer(s, "Endless One", x=2) == ("not payable", 0)
    # One card in the graveyard: one {C}, so {2}{G} is one short.
    s = board("Titans' Nest", "Forest", graveyard=("Grizzly Bears",))
    assert answer(s, "Centaur Courser") == ("not payable", 0)


@pytest.mark.cr("601.2a")
def test_the_card_cast_from_the_graveyard_is_not_exiled() -> None:
    """Casting Green Flashback ({2}{G} by flashback) from the graveyard: it is on the
    stack while its cost is paid (CR 601.2a), so the Nest exiles only the other card:
    Forest + one {C} pay {1}{G}... but not {2}{G}. With two other cards: payable."""
    s = board("Titans' Nest", "Forest", graveyard=("Green Flashback", "Grizzly Bears"),
              hand=())
    assert answer(s, "Green Flashback") == ("not payable", 0)
    s = board("Titans' Nest", "Forest",
              graveyard=("Green Flashback", "Grizzly Bears", "Grizzly Bears"), hand=())
    assert answer(s, "Green Flashback") == ("payable", 1)


@pytest.mark.cr("601.2g")
@pytest.mark.parametrize(("battlefield", "hand", "said"), [
    # Wild Cantor's "Sacrifice Wild Cantor: Add one mana of any color" puts it into the
    # graveyard while paying: one more card to exile.
    (("Titans' Nest", "Wild Cantor"), ("Centaur Courser",), "could put cards into a"),
    # Two Nests share the cards.
    (("Titans' Nest", "Titans' Nest"), ("Centaur Courser",), "share the cards out"),
    # Delve exiles the same cards (CR 702.66a).
    (("Titans' Nest", "Swamp"), ("Delve Spell",), "delve exiles"),
])
def test_left_out_when_the_cards_are_shared(battlefield: tuple[str, ...],
                                            hand: tuple[str, ...], said: str) -> None:
    s = board(*battlefield, hand=hand)
    a = payment_answer(s, "A", None, for_object=hand[0])
    assert any("Titans' Nest" in x for x in a.left_out)
    assert said in " ".join(a.reasons)
    # "not payable" is then not decided, never a guess
    assert a.payable is not False
