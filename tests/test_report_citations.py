"""A case cites the rules that decided its answer (issue 35), taken from the solver's
own reasons, and its title says what happens.

Each expectation is derived from the rules: Nykthos' second ability adds mana equal to
a devotion (CR 700.5), whichever nearby card adds a mana symbol to it; a second copy
of a legendary permanent is the legend rule (CR 704.5j) only when the answer says it
applied.
"""

from __future__ import annotations

from typing import Any

import pytest
from manacheck.solver.reports.card import card_report

NYKTHOS = "Nykthos, Shrine to Nyx"


@pytest.fixture(scope="module")
def nykthos() -> dict[str, Any]:
    return card_report(NYKTHOS)


def test_devotion_cases_cite_700_5_not_the_neighbours_rules(nykthos: dict[str, Any]
                                                             ) -> None:
    """Badgermole Cub ({1}{G}) next to Nykthos: Nykthos could produce {G} because Alice's
    devotion to green is 1 (CR 700.5), not because of the Cub's own "tapped for mana"
    trigger (CR 605.1b, 106.12a), which Nykthos, not a creature, never sets off."""
    produce = [c for c in nykthos["cases"] if c["question"]["command"] == "produce"
               and c["kind"] == "variation" and "Badgermole Cub" in c["title"]]
    assert produce, "no case where Nykthos could produce {G}"
    for c in produce:
        assert "G" in c["answer"]["facts"]["types"]
        assert "700.5" in c["rules"], c
        assert "605.1b" not in c["rules"] and "106.12a" not in c["rules"], c


def test_the_legend_rule_is_named_only_where_it_applied() -> None:
    for name in (NYKTHOS, "Hei Bai, Spirit of Balance", "Mana Reflection"):
        for c in card_report(name)["cases"]:
            if "legend rule" in c["title"]:
                assert "704.5j" in c["rules"], (name, c["title"], c["rules"])
            if c["dimension"] == "copies" and "704.5j" not in c["answer"].get(
                    "reasons", [{}])[0].get("rule", "") and "704.5j" not in c["rules"]:
                assert "legend" not in c["title"]


def test_a_counter_title_says_how_many_there_are() -> None:
    """Hei Bai enters with counters on the base board: "has a +1/+1 counter" must not
    be the title of a board where it has three."""
    for c in card_report("Hei Bai, Spirit of Balance")["cases"]:
        if c["dimension"] != "counters" or "-1/-1 counter(s): toughness 0" in c["title"]:
            continue
        objs = [o for p in c["state"]["players"].values() if isinstance(p, dict)
                for o in p.get("battlefield", []) if isinstance(o, dict)]
        for o in objs:
            n = (o.get("counters") or {}).get("+1/+1", 0)
            if n > 1 and (o.get("id") or o.get("card")) in c["title"]:
                assert f"({n} in all)" in c["title"], c["title"]


def test_a_removed_ability_cites_the_type_change_not_layer_6(nykthos: dict[str, Any]
                                                             ) -> None:
    """Blood Moon: Nykthos is a Mountain and loses its rules-text abilities (CR 305.7, a
    type-changing effect, layer 4: 613.1d), not an ability-removing effect (613.1f)."""
    moon = [c for c in nykthos["cases"] if c["question"]["command"] == "can-activate"
            and any(t.endswith("controls Blood Moon")
                    for t in (c["title"], *c.get("merged", ())))]
    assert moon
    for c in moon:
        assert c["rules"][:2] == ["305.7", "613.1d"] and "613.1f" not in c["rules"]


def test_a_reason_under_two_rules_is_printed_once() -> None:
    from manacheck.solver.reports.board import reason_lines
    from manacheck.solver.reports.render_md import render_markdown
    from manacheck.solver.reports.report import cards_report

    answer = {"reasons": [{"rule": "601.2g", "text": "no way to pay {2}"},
                          {"rule": "601.2h", "text": "no way to pay {2}"},
                          {"rule": "", "text": "and another"}]}
    assert reason_lines(answer) == [("CR 601.2g, 601.2h", "no way to pay {2}"),
                                    ("", "and another")]
    page = render_markdown(cards_report(["Nykthos, Shrine to Nyx"]))
    for section in page.split("\n#### ")[1:]:  # each case's own reasons
        lines = [line for line in section.splitlines() if line.startswith("  - ")]
        assert len(lines) == len(set(lines)), section


def test_a_card_the_explainer_cant_derive_still_gets_its_report() -> None:
    """Priest of Yawgmoth ("Add an amount of {B} equal to the sacrificed artifact's
    mana value"): the could-produce derivation trips its own check; the report's answer
    doesn't need it, and cites CR 106.7."""
    report = card_report("Priest of Yawgmoth")
    produce = [c for c in report["cases"] if c["question"]["command"] == "produce"]
    assert produce and all("106.7" in c["rules"] for c in produce
                           if c["answer"]["verdict"] == "produces")
