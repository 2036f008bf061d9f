"""Ruling boards that ask ``pay`` (issue 35): the rulings about amounts of mana (Mana
Reflection, Cabal Coffers, Nykthos' devotion) are shown by payment cases.

Each expected answer is derived by hand from the ruling the board quotes and the rules
its header cites, never read from a report.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import load_state
from manacheck.model.statefile import load_state_data
from manacheck.solver.reports.answers import Question, ask
from manacheck.solver.reports.card import card_report
from manacheck.solver.reports.rulings import ruling_boards

REPO = Path(__file__).resolve().parents[1]
RULINGS = REPO / "examples" / "rulings"
RULES = (REPO / "reference" / "rules" / "comprehensive-rules.txt").read_text("utf-8")

#: (board, cost, payable) derived from the rulings:
#: two Mana Reflections make a Forest's {G} four times as much (cumulative);
#: Wild Growth's triggered {G} is not doubled, so a Forest gives {G}{G} + {G} = 3;
#: Blood Pet's "Sacrifice: Add {B}" has no {T}, so it isn't doubled: one {B};
#: Cabal Coffers counts Underground Seas (Swamps by subtype): 3, plus the third Sea's;
#: Kitchen Finks' two {G/W} count toward devotion to green (2), its {1} doesn't (not 3);
#: Llanowar Elves' "{T}: Add {G}" text doesn't count: devotion 1, + the Elves' {G} = 2.
BOARDS = [
    ("mana-reflection-cumulative", "{G}{G}{G}{G}", True),
    ("mana-reflection-triggered-mana", "{G}{G}{G}{G}", False),
    ("mana-reflection-tap-symbol", "{B}{B}", False),
    ("cabal-coffers-swamp-subtype", "{B}{B}{B}{B}", True),
    ("nykthos-hybrid-devotion", "{G}{G}", True),
    ("nykthos-numeric-symbols", "{G}{G}{G}", False),
    ("nykthos-text-symbols", "{G}{G}{G}", False),
]


@pytest.mark.parametrize("name, cost, payable", BOARDS)
def test_payment_boards_answer_as_their_rulings_say(name: str, cost: str,
                                                    payable: bool) -> None:
    text = (RULINGS / f"{name}.yaml").read_text("utf-8")
    assert f"# Question: pay {cost}" in text
    a = ask(load_state(RULINGS / f"{name}.yaml"), Question("pay", player="Alice",
                                                            cost=cost))
    assert a.verdict == ("payable" if payable else "not payable"), a
    assert a.facts["payable"] is payable


def test_one_mana_fewer_is_payable_where_the_ruling_caps_it() -> None:
    """The caps are exact: three {G} from Wild Growth's Forest, two from Nykthos."""
    for name, cost in (("mana-reflection-triggered-mana", "{G}{G}{G}"),
                       ("nykthos-numeric-symbols", "{G}{G}"),
                       ("nykthos-text-symbols", "{G}{G}")):
        a = ask(load_state(RULINGS / f"{name}.yaml"), Question("pay", player="Alice",
                                                                cost=cost))
        assert a.verdict == "payable", (name, a)


@pytest.mark.parametrize("card, shown", [("Mana Reflection", 3), ("Cabal Coffers", 1),
                                         ("Nykthos, Shrine to Nyx", 4)])
def test_the_reports_show_those_rulings(card: str, shown: int) -> None:
    report: dict[str, Any] = card_report(card)
    assert sum(1 for r in report["rulings"] if r["cases"]) >= shown
    pay = [c for c in report["cases"] if c["question"]["command"] == "pay"]
    assert pay and all(c["rulings"] for c in pay)
    for c in pay:
        assert c["command"].startswith("manacheck pay STATE.yaml ")
        assert c["title"] and ".yaml" not in c["title"]


def test_every_ruling_board_cites_rules_that_exist() -> None:
    for b in ruling_boards():
        for rule in b.cited:
            assert re.search(rf"^{re.escape(rule)}[. ]", RULES, re.M), (b.file, rule)


def test_a_quote_with_quoted_words_is_whole() -> None:
    """A ruling that quotes words ("whenever you tap") was cut at its first inner
    quotation mark; the board's title is its words, not its file name."""
    from manacheck.solver.reports.rulings import RulingBoard

    b = RulingBoard("x.yaml", '# Mana Reflection, ruling 2020-08-07: "If an ability '
                    'triggers "whenever you tap"\n# something for mana, it won\'t be '
                    'affected."\n# CR 605.1b, 106.12a. A Forest with Wild Growth. '
                    "Expected: not payable.\n")
    assert b.quote.endswith("it won't be affected.")
    assert b.cited == ("605.1b", "106.12a")
    assert b.description == "A Forest with Wild Growth"


def test_a_snow_land_pays_snow_mana_and_its_basic_twin_doesnt() -> None:
    """CR 107.4h and the ruling of every snow land: {S} is paid with one mana a snow
    source produced. Snow-Covered Forest alone pays {S} (one way); a Forest instead, a
    real card making the same {G}, doesn't; tapped, it doesn't either."""
    report = card_report("Snow-Covered Forest")
    pay = [c for c in report["cases"] if c["question"]["command"] == "pay"]
    base = next(c for c in pay if c["kind"] == "base")
    assert base["question"]["cost"] == "{S}"
    assert base["answer"]["facts"] == {"payable": True, "count": 1}
    twin = next(c for c in pay if c["dimension"] == "snow")
    assert twin["answer"]["verdict"] == "not payable" and "107.4h" in twin["rules"]
    assert "Forest (not snow)" in twin["title"]
    cards = [o["card"] if isinstance(o, dict) else o
             for o in twin["state"]["players"]["Alice"]["battlefield"]]
    assert cards == ["Forest"] and "cards" not in twin["state"]  # a real card
    ruling = next(r for r in report["rulings"] if "{S} symbol" in r["text"])
    assert twin["id"] in ruling["cases"]


def test_the_sacrifice_ability_works_while_tapped() -> None:
    """Eye of Ramos' ruling: its "Sacrifice Eye of Ramos: Add {U}" can be activated while
    it is tapped (no {T} in its cost): the unchanged tapped case of that ability shows
    it, and no could-produce case (tapped or not, CR 106.7 ignores it)."""
    report = card_report("Eye of Ramos")
    ruling = report["rulings"][0]
    assert "sacrifice ability while this card is tapped" in ruling["text"]
    shown = [c for c in report["cases"] if c["id"] in ruling["cases"]]
    assert shown and all(c["question"]["command"] == "can-activate"
                         and c["answer"]["verdict"] == "legal"
                         and "Sacrifice" in c["question"]["ability_text"] for c in shown)


def test_amount_cases_pay_what_the_count_gives() -> None:
    """Gaea's Cradle adds {G} for each creature Alice controls: with two Grizzly Bears
    (which make no mana) she can pay {G}{G} in one way, not {G}{G}{G}; with one Bears,
    not {G}{G}. Priest of Titania counts every Elf, itself too: with two Elvish
    Warriors, {G}{G}{G}."""
    from manacheck.solver.reports.report import vectors

    for name, cost in (("Gaea's Cradle", "{G}{G}"), ("Priest of Titania", "{G}{G}{G}")):
        report = card_report(name)
        pay = [c for c in report["cases"] if c["question"]["command"] == "pay"]
        base = next(c for c in pay if c["kind"] == "base")
        assert base["question"]["cost"] == cost
        assert base["answer"]["facts"] == {"payable": True, "count": 1}
        fewer = next(c for c in pay if c["dimension"] == "amount")
        assert fewer["answer"]["verdict"] == "not payable"
        more = cost + cost[:3]
        state = load_state_data(base["state"])
        assert ask(state, Question("pay", player="Alice", cost=more)).verdict == \
            "not payable"
        got = [v for v in vectors({"cards": [report]})["vectors"]
               if v["question"]["command"] == "pay"]
        assert {v["expected"]["verdict"] for v in got} == {"payable", "not payable"}


def test_devotion_amounts_count_colored_symbols_only() -> None:
    """Nyx Lotus: two Grizzly Bears ({1}{G}) give devotion to green 2, not 4 (the {1}s
    don't count, CR 700.5): {G}{G} is paid, the amount case cites 700.5 and shows the
    ruling about generic symbols."""
    report = card_report("Nyx Lotus")
    fewer = next(c for c in report["cases"] if c["dimension"] == "amount")
    assert "700.5" in fewer["rules"]
    base = next(c for c in report["cases"] if c["question"]["command"] == "pay"
                and c["kind"] == "base")
    assert base["question"]["cost"] == "{G}{G}"
    ruling = next(r for r in report["rulings"] if "generic mana symbols" in r["text"])
    assert fewer["id"] in ruling["cases"]


def test_a_desert_could_produce_only_its_own_mana() -> None:
    """Desert's ruling: the subtype grants no intrinsic mana ability (unlike a basic land
    type, CR 305.6): Desert of the Fervent's base board could produce {R} only, from its
    own "{T}: Add {R}", and shows the ruling; Taiga's base board derives {R} and {G}
    from its intrinsic abilities (305.6) and shows the dual land ruling."""
    desert = card_report("Desert of the Fervent")
    ruling = next(r for r in desert["rulings"] if "Desert is a land subtype" in r["text"])
    shown = [c for c in desert["cases"] if c["id"] in ruling["cases"]]
    assert shown and all(c["question"]["command"] == "produce"
                         and c["answer"]["facts"]["types"] == ["R"]
                         and "305.6" not in c["rules"] for c in shown)
    taiga = card_report("Taiga")
    ruling = next(r for r in taiga["rulings"] if "both of its basic land" in r["text"])
    assert "taiga/produce/base" in ruling["cases"]
