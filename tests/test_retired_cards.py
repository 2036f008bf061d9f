"""Hand-written cards remain only where the reader can't yet do as well (issue 12).

A card name resolves first from the built-in cards (the hand-written ``model/data/cards/
*.yaml`` and the reader's output for the mana cards, ``40_generated.json``), then from the
shipped pool (the oracle-text reader's output for the whole 2022 pool, ``model.pool``).
A hand-written card that parses to exactly the pool's reading (all but the displayed
``text``) adds nothing but a second copy to keep in step, so it is retired: deleted from
the YAML, its name is then the reader's (40_generated.json, which skips only
hand-written names, when the card is in ``reference/cards/mana-cards.json``; else the
pool). These tests fail when such a duplicate comes back, unless it is on :data:`KEEP`
with its reason.

The expectations are the definition of "identical" itself (``dataclasses.replace(card,
text="")`` equal, the comparison the issue names) and the names retired when the
hand-written definitions were deleted (``pool.RETIRED``), not anything the code under
test computes."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest
from manacheck.model.carddata import builtin_cards, parse_card, parse_cards
from manacheck.model.cards import CardDefinition
from manacheck.model.pool import RETIRED, PoolCards, default_cards
from manacheck.solver.reports.poolfiles import pool_names
from manacheck.solver.reports.rulings import card_rulings

REPO = Path(__file__).resolve().parents[1]
CARD_DIR = REPO / "model" / "data" / "cards"

#: Hand-written cards allowed to stay identical to the pool's reading, each with why.
KEEP: dict[str, str] = {
    # The back face of Growing Rites of Itlimoc (13_misc.yaml), whose hand-written front
    # face names it: the pair is retired together or not at all. (It became identical
    # when reminder-only lines, "(Transforms from ...)", stopped being kept: CR 207.2a.)
    "Itlimoc, Cradle of the Sun": "the back face of a hand-written front face",
    # Not a mana card, so not in the reader's output for the mana cards (40_generated.
    # json): retired, it would resolve from the pool, and `manacheck validate
    # examples/payment.yaml` (the board benchmarks/startup.py times against its 120 ms /
    # 4x target, Kitchen Finks in Alice's hand) would read a pool shard (~3 ms of CPU and
    # importing lzma) where it reads none (tests/test_pool.py checks it reads none).
    "Kitchen Finks": "kept built in for speed: on the timed board examples/payment.yaml",
    # The same (in Alice's hand there too); identical to the pool's reading since "It
    # deals 1 damage to any target." is composed (oracletext.transform_effects).
    "Walking Ballista": "kept built in for speed: on the timed board "
                        "examples/payment.yaml",
}


@cache
def _hand_written() -> dict[str, CardDefinition]:
    """Every card of the YAML card files (not the reader's ``40_generated.json``), read
    from the sources, not the compiled form."""
    import yaml

    out: dict[str, CardDefinition] = {}
    for f in sorted(CARD_DIR.glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8")) or []
        for card in parse_cards(data, f.name):
            out[card.name] = card
    return out


@cache
def _pool() -> PoolCards:
    return PoolCards()


def _identical(mine: CardDefinition, theirs: CardDefinition) -> bool:
    return dataclasses.replace(mine, text="") == dataclasses.replace(theirs, text="")


def test_no_hand_written_card_is_the_pools_reading_unless_kept() -> None:
    """A YAML card identical to the pool's reading of its name must be on KEEP: a new
    duplicate fails here (retire it: delete it and add its name to ``pool.RETIRED``)."""
    pool = _pool()
    identical = sorted(n for n, c in _hand_written().items()
                       if n in pool and _identical(c, pool[n]))
    assert [n for n in identical if n not in KEEP] == []
    # The keep-list doesn't rot: each kept card is hand-written and still identical.
    assert sorted(KEEP) == identical


def test_the_comparison_tells_a_difference() -> None:
    """The check above can fail: a card with one ability added, or its type changed,
    is no longer the pool's reading; its text alone doesn't count."""
    pool = _pool()
    finks = _hand_written()["Kitchen Finks"]
    assert _identical(finks, pool["Kitchen Finks"])
    assert _identical(dataclasses.replace(finks, text="Finks"), pool["Kitchen Finks"])
    assert not _identical(dataclasses.replace(finks, subtypes=("Elf",)),
                          pool["Kitchen Finks"])
    crypt = _hand_written()["Mana Crypt"]
    assert not _identical(dataclasses.replace(finks, abilities=crypt.abilities),
                          pool["Kitchen Finks"])


@cache
def _generated() -> frozenset[str]:
    return frozenset(c["name"] for c in json.loads(
        (CARD_DIR / "40_generated.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", RETIRED)
def test_a_retired_card_is_the_readers_reading(name: str) -> None:
    """Each retired name is hand-written no more, and the cards every command starts
    from (``pool.default_cards``) give the reader's reading of it: the reader's output
    for the mana cards (40_generated.json, built in) or else the pool's entry, equal
    to the pool's but for the displayed text."""
    assert name not in _hand_written()
    assert name in _pool()
    got = default_cards()[name]
    assert (name in builtin_cards()) == (name in _generated())
    if name in _generated():
        assert _identical(got, _pool()[name])
    else:
        assert got == _pool()[name]


def test_retired_and_kept_are_apart_and_sorted() -> None:
    assert not set(RETIRED) & set(KEEP)
    assert list(RETIRED) == sorted(set(RETIRED))
    assert len(RETIRED) == 113  # Heartstone, Sphere, Thalia, Training Grounds, Power Artifact:
    # their cost changes are read (oracletext.costchanges); Blood Moon, Urborg, Yavimaya,
    # Prismatic Omen: their land types (oracletext.landtypes); Deserted Temple, Voltaic
    # Key: "Untap target land/artifact." composed (oracletext.transform_effects); Hyrax
    # Tower Scout: its enters trigger's "untap target creature." composed too
    # 88 are the reader's mana cards now (Metalworker since its reveal amount is read);
    # the others (not in mana-cards.json) come from the pool.
    assert len(set(RETIRED) & _generated()) == 88


def test_the_reports_still_cover_the_retired_cards() -> None:
    """The whole-pool report's default run names the built-in cards and the retired
    ones, and the rulings bundle has the Gatherer rulings of every retired card the
    reference files rule on (as it did while they were built in)."""
    names = pool_names()
    assert set(RETIRED) <= set(names)
    assert set(builtin_cards()) <= set(names)
    assert len(names) == len(set(names))
    ruled: set[str] = set()
    for file in ("rulings.json", "mana-cards-rulings.json"):
        data = json.loads((REPO / "reference" / "cards" / file).read_text(encoding="utf-8"))
        ruled |= {n for n, entries in data["rulings"].items() if entries}
    with_rulings = [n for n in RETIRED if n in ruled]
    assert len(with_rulings) >= 35  # 35 today: Bayou, Cabal Coffers, Elvish Archdruid...
    for name in with_rulings:
        assert card_rulings(name), name


#: Characteristics both copy from the printed card (CR 109.3): the hand-written card
#: and the pool's entry for the same name must agree on them.
PRINTED = ("name", "mana_cost", "supertypes", "types", "subtypes", "power", "toughness",
           "loyalty", "front_face", "front_face_mana_cost")


def test_hand_written_cards_agree_with_the_pool_on_printed_characteristics() -> None:
    """Every hand-written card the pool also has agrees with it on name, mana cost,
    type line, power/toughness, loyalty and front face: the pool reads these from the
    same MTGJSON card the YAML was written from."""
    pool = _pool()
    compared = 0
    for name, mine in _hand_written().items():
        if name not in pool:
            continue
        theirs = pool[name]
        for field in PRINTED:
            assert getattr(mine, field) == getattr(theirs, field), (name, field)
        compared += 1
    assert compared >= 100  # 106 today; the rest are outside the 2022 pool


def test_parse_card_of_a_pool_entry_is_what_the_pool_gives() -> None:
    """The pool's reading compared above is its entry parsed in the card format (so
    "identical" means the same card-format definition)."""
    pool = _pool()
    entry = pool.entry("Sol Ring")
    assert entry is not None
    assert parse_card(json.loads(entry), "Sol Ring") == pool["Sol Ring"]


def test_the_timed_board_names_the_kept_card() -> None:
    """KEEP's reason holds: the board the start-up benchmark times names Kitchen
    Finks, which the reader's mana-card output doesn't have."""
    text = (REPO / "examples" / "payment.yaml").read_text(encoding="utf-8")
    assert "Kitchen Finks" in text and "Kitchen Finks" not in _generated()
