"""Mana for each card revealed from the hand: Metalworker ("{T}: Reveal any number of
artifact cards in your hand. Add {C}{C} for each card revealed this way.") and Sacellum
Godspeaker ("{T}: Reveal any number of creature cards with power 5 or greater from your
hand. Add {G} for each card revealed this way.").

The player chooses how many to reveal, from none to every such card in their hand (CR
701.20a; an amount, CR 107.1), so each number from one up is a mana event of its own.
The card being cast is on the stack while its cost is paid (CR 601.2a), so it can't be
revealed to pay for itself. Each expectation is derived by hand.
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce

METALWORKER = ("{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for "
               "each card revealed this way.")
GODSPEAKER = ("{T}: Reveal any number of creature cards with power 5 or greater from your "
              "hand. Add {G} for each card revealed this way.")


def board(battlefield: str, hand: str) -> str:
    return ("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
            f"    hand: {hand}\n    battlefield: {battlefield}\n")


def answer(text: str, cost: str | None, **kw: object) -> tuple[str, int | None]:
    a = payment_answer(load_state_text(text), "A", cost, **kw)  # type: ignore[arg-type]
    return a.verdict, a.count


@pytest.mark.parametrize(("line", "name", "amount"), [
    (METALWORKER, "Metalworker", {"revealed": {"types": ["artifact"]}}),
    (GODSPEAKER, "Sacellum Godspeaker",
     {"revealed": {"types": ["creature"], "compare": [["power", ">=", 5]]}}),
])
def test_read_and_rendered_back(line: str, name: str, amount: object) -> None:
    r = read_line(line, name)
    assert r.status == "read" and r.ability is not None
    assert r.ability["activated"]["mana"]["amount_of"] == amount


@pytest.mark.cr("701.20a", "107.1")
def test_metalworker_reveals_any_number() -> None:
    """Two artifact cards in hand (Sol Ring, Ornithopter) and Wurmcoil Engine: up to three,
    so {C}{C}, {C}x4 or {C}x6. With a Forest: {6}{G} payable (six {C} and the {G}), one
    way; {8} not (seven mana at most). {4}: {C}x4 or {C}x6 alone, or either with the
    Forest's {G} as well (each activation gives the cost some mana): four payments."""
    text = board("[Metalworker, Forest]", "[Sol Ring, Ornithopter, Wurmcoil Engine]")
    assert answer(text, "{6}{G}") == ("payable", 1)
    assert answer(text, "{8}")[0] == "not payable"
    assert answer(text, "{4}") == ("payable", 4)


@pytest.mark.cr("601.2a")
def test_the_card_being_cast_is_not_revealed() -> None:
    """Casting Wurmcoil Engine ({6}): it is on the stack, so Metalworker reveals only Sol
    Ring and Ornithopter: four {C} and the Forest's {G}, five mana: not castable (with
    Wurmcoil counted it would be seven, a wrong "castable"). Sol Ring ({1}) is: the
    other two reveal for {C}{C} or {C}x4, or the Forest pays: three ways."""
    text = board("[Metalworker, Forest]", "[Sol Ring, Ornithopter, Wurmcoil Engine]")
    assert answer(text, None, for_object="Wurmcoil Engine") == ("not payable", 0)
    assert answer(text, None, for_object="Sol Ring") == ("payable", 3)


@pytest.mark.cr("208.1")
def test_godspeaker_counts_power_five_or_greater() -> None:
    """Craw Wurm (6/4) and Colossal Dreadmaw (6/6) may be revealed, Grizzly Bears (2/2)
    not: {G}{G} at most. {G}{G} payable (one way), {3} not."""
    text = board("[Sacellum Godspeaker]", "[Craw Wurm, Colossal Dreadmaw, Grizzly Bears]")
    assert answer(text, "{G}{G}") == ("payable", 1)
    assert answer(text, "{3}")[0] == "not payable"


@pytest.mark.cr("604.3")
def test_a_star_power_card_in_hand_is_not_decided() -> None:
    """Tarmogoyf's power is "*" (a characteristic-defining ability, CR 604.3): whether it
    has power 5 or greater in the hand isn't computed, so the Godspeaker is left out and
    {G}{G} is "not decided", never a guess."""
    text = board("[Sacellum Godspeaker]", "[Craw Wurm, Tarmogoyf]")
    a = payment_answer(load_state_text(text), "A", "{G}{G}")
    assert a.payable is None and any("Sacellum Godspeaker" in x for x in a.left_out)


@pytest.mark.cr("106.7")
def test_could_produce_needs_a_card_to_reveal() -> None:
    """With no artifact card in hand Metalworker could produce nothing (CR 106.7: what
    its ability would add now); with one, {C}."""
    for hand, types in (("[Grizzly Bears]", []), ("[Sol Ring]", ["C"])):
        s = load_state_text(board("[Metalworker]", hand))
        d = explain_could_produce(s, "Metalworker", explain=False).as_dict(explain=False)
        assert [str(t) for t in d["mana_types"]] == types  # type: ignore[union-attr]


EMPTY_HANDED = """\
cards:
  - name: Empty-Handed Idol
    types: [Artifact]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}{C}"},
                    condition: {kind: fewer_than, amount: {cards: hand}, count: 1},
                    text: "{T}: Add {C}{C}. Activate only if you have no cards in hand."}
"""


@pytest.mark.cr("601.2a", "602.5b")
def test_a_hand_condition_doesnt_see_the_card_being_cast() -> None:
    """"Activate only if you have no cards in hand": casting the last card of the hand,
    it is on the stack while its cost is paid (CR 601.2a), so the hand is empty and the
    Idol's {C}{C} pays Sol Ring ({1}): castable. A plain {1} with that card still in
    hand is not payable (the condition fails, CR 602.5b)."""
    text = board("[Empty-Handed Idol]", "[Sol Ring]") + EMPTY_HANDED
    assert answer(text, None, for_object="Sol Ring") == ("payable", 1)
    assert answer(text, "{1}")[0] == "not payable"
