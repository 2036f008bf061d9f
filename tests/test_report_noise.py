"""Fewer cases that show nothing (issue 35): counter kinds are the card's real ones,
an "every order" pair of effects is a case only when the order changes the answer,
and routine cases (lethal -1/-1 counters, a second copy) are shown once per card.
"""

from __future__ import annotations

from collections import Counter

from manacheck.model.pool import default_cards
from manacheck.solver.reports.card import card_report
from manacheck.solver.reports.needs import routine
from manacheck.solver.reports.variations import _counter_kinds


def test_counter_kinds_are_real_kinds_not_the_cards_words() -> None:
    """The Ozolith's "if it had counters on it" names no kind ("had" is not a counter,
    CR 122.1); Mana Cache's "put a charge counter" and Gemstone Mine's "with three
    mining counters" do."""
    db = default_cards()
    assert _counter_kinds(db["The Ozolith"].text) == []
    assert _counter_kinds(db["Mana Cache"].text) == ["charge"]
    assert _counter_kinds(db["Gemstone Mine"].text) == ["mining"]
    titles = [c["title"] for c in card_report("The Ozolith")["cases"]
              if c["dimension"] == "counters"]
    assert not any(w in t for t in titles for w in (" a had counter", " a has counter",
                                                     " a those counter"))


def test_an_order_that_changes_nothing_is_no_case() -> None:
    """City of Brass under Contamination and Damping Sphere: a land tapped for one mana
    gets {B} from Contamination; Damping Sphere (two or more mana) never applies, so
    every order gives what Contamination alone gives (CR 616.1): no pair case."""
    cases = card_report("City of Brass")["cases"]
    assert not any("every order" in c["title"] for c in cases)
    assert any(c["title"].endswith("controls Contamination")
               and c["question"]["command"] == "produce" for c in cases)


def test_routine_cases_are_shown_once_per_card_and_answer() -> None:
    """Lethal -1/-1 counters once per card (the creature dies, whatever is asked); a
    second copy once per question and answer."""
    for name in ("Hei Bai, Spirit of Balance", "The Ozolith", "Nykthos, Shrine to Nyx"):
        cases = [c for c in card_report(name)["cases"] if c["kind"] == "variation"]
        kinds = Counter(("lethal",) if c["title"].endswith("toughness 0") else (
            c["question"]["command"], c["answer"]["verdict"], "copies")
                        for c in cases if c["title"].endswith("toughness 0")
                        or c["dimension"] == "copies")
        assert all(n == 1 for n in kinds.values()), (name, kinds)
        for c in cases:
            assert c["title"] not in c.get("merged", []), c["title"]


def test_routine_names_only_those_cases() -> None:
    from manacheck.solver.reports.answers import Answer, Question
    from manacheck.solver.reports.card import CaseData

    def case(dimension: str, title: str) -> CaseData:
        a = Answer("legal", "")
        return CaseData("x", title, "variation", dimension, False, Question("resolve"),
                        {}, "", a, a, [], None)

    assert routine(case("counters", "Hei Bai has 5 -1/-1 counter(s): toughness 0"))
    assert routine(case("copies", "Alice controls a second Forest")) == "copies"
    assert not routine(case("counters", "Hei Bai has a +1/+1 counter"))
    assert not routine(case("copies", "a second Reflecting Pool instead of Forest"))


def test_boards_hold_real_cards_only() -> None:
    """Issue 35: other engines can't load "Source of {C}" or "a spell with mana value
    1". Kozilek's base board discards a real card of mana value 1 to counter a real
    spell of mana value 1; Nykthos' {2} is paid by Wastes; Bob's spell is a real card."""
    for name in ("Kozilek, the Great Distortion", "Nykthos, Shrine to Nyx",
                 "Grim Monolith"):
        for c in card_report(name)["cases"]:
            if c["kind"] in ("base", "variation"):
                assert "cards" not in c["state"], (name, c["id"], c["state"].get("cards"))
    koz = next(c for c in card_report("Kozilek, the Great Distortion")["cases"]
               if c["kind"] == "base")
    assert koz["answer"]["verdict"] == "legal"
