"""Who may be targeted: shroud, hexproof, "hexproof from", protection (CR 702.18a,
702.11b/d, 702.16a-j), for activated abilities (can-activate) and for triggered
abilities (resolve). Each expected answer is read off the rule text.

The sources: Vizier of Tumbling Sands ("{T}: Untap another target permanent"), a
mono-blue creature; Voltaic Key ("{1}, {T}: Untap target artifact"), a colorless
artifact; Hei Bai, Spirit of Balance (white and black; "When Hei Bai leaves the
battlefield, put its counters on target creature you control").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from manacheck.model import BadInput, GameState, load_state_data, load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.resolution import resolve

from manacheck.cli import main

VIZIER = "Vizier of Tumbling Sands"


def board(keywords: list[str], *, mine: bool = False, source: str = VIZIER,
          types: tuple[str, ...] = ("Creature",)) -> GameState:
    """The source and one other permanent (Bob's unless ``mine``) with ``keywords``."""
    target = {"card": "Shielded", "id": "shielded"}
    alice: list[Any] = [{"card": source}, "Sol Ring"] + ([target] if mine else [])
    bob: list[Any] = [] if mine else [target]
    return load_state_data({
        "turn": {"active_player": "Alice"},
        "players": {"Alice": {"battlefield": alice}, "Bob": {"battlefield": bob}},
        "cards": [{"name": "Shielded", "mana_cost": "{2}", "types": list(types),
                   "power": 1, "toughness": 1, "keywords": keywords}],
    })


@pytest.mark.parametrize(("keywords", "mine", "expected"), [
    ([], False, True),
    (["Shroud"], False, False),                      # 702.18a
    (["Shroud"], True, False),                       # 702.18a: not even its controller
    (["Hexproof"], False, False),                    # 702.11b
    (["Hexproof"], True, True),                      # 702.11b: only opponents are stopped
    (["Hexproof from blue"], False, False),          # 702.11d: the Vizier is blue
    (["Hexproof from blue"], True, True),            # 702.11d: opponents only
    (["Hexproof from red"], False, True),
    (["Protection from blue"], False, False),        # 702.16b
    (["Protection from blue"], True, False),         # 702.16b: whoever controls the source
    (["Protection from red"], False, True),
    (["Protection from red and from blue"], False, False),  # 702.16g: two protections
    (["Protection from each color"], False, False),  # 702.16h
    (["Protection from monocolored"], False, False),  # mono-blue
    (["Protection from multicolored"], False, True),
    (["Protection from colorless"], False, True),
    (["Protection from creatures"], False, False),   # 702.16a: a card type
    (["Protection from artifacts"], False, True),
    (["Protection from everything"], True, False),   # 702.16j
    (["Ward {2}"], False, True),                     # 702.21a: a trigger, not a restriction
])
def test_vizier_may_target_exactly_what_the_keywords_allow(keywords: list[str], mine: bool,
                                                          expected: bool) -> None:
    s = board(keywords, mine=mine)
    v = can_activate(s, VIZIER, 1, "Alice", find_fixes=False)
    # Another target permanent: Sol Ring is always there, so the activation is legal;
    # 'shielded' adds one way exactly when it may be targeted.
    assert v.legal
    assert v.ways == (2 if expected else 1), (keywords, mine, v.ways)


@pytest.mark.parametrize(("keywords", "expected"), [
    (["Protection from artifacts"], False),  # Voltaic Key is an artifact
    (["Protection from colorless"], False),  # and colorless
    (["Protection from each color"], True),  # colorless is not a color (CR 105.2c)
    (["Protection from creatures"], True),
])
def test_voltaic_key_and_artifact_protection(keywords: list[str], expected: bool) -> None:
    s = board(keywords, source="Voltaic Key", types=("Artifact",))
    v = can_activate(s, "Voltaic Key", 1, "Alice", find_fixes=False)
    # Untap target artifact: the Key itself and Sol Ring always; 'shielded' when allowed.
    assert v.ways == (3 if expected else 2), (keywords, v.ways)


def test_no_target_left_says_which_keyword_stopped_each_candidate() -> None:
    # The Vizier's only other permanent has protection from blue: no legal target, and
    # the reason names the permanent, the keyword and the rule.
    s = load_state_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Vizier of Tumbling Sands]}
  Bob: {battlefield: [{card: Pro Blue, id: p1}, {card: Pro Blue, id: p2}]}
cards:
  - {name: Pro Blue, mana_cost: "{1}", types: [Creature], power: 1, toughness: 1,
     keywords: ["Protection from blue"]}
""")
    v = can_activate(s, VIZIER, 1, "Alice", find_fixes=False)
    assert not v.legal
    assert [r.rule for r in v.reasons] == ["601.2c"]
    assert ("p1 has protection from blue (CR 702.16b); p2 has protection from blue "
            "(CR 702.16b)") in v.reasons[0].message


@pytest.mark.parametrize("bad", ["Protection from bananas", "Hexproof from everything",
                                 "protection from red and from plaid", "Protection from",
                                 "Hexproof from "])
def test_an_unknown_protection_quality_is_refused_with_its_path(bad: str) -> None:
    with pytest.raises(BadInput) as info:
        load_state_data({
            "turn": {"active_player": "Alice"},
            "players": {"Alice": {}},
            "cards": [{"name": "Odd", "types": ["Creature"], "power": 1, "toughness": 1,
                       "keywords": ["Flying", bad]}],
        })
    line = info.value.one_line()
    assert "keywords[1]" in line and "is not understood" in line, line


def test_cli_unknown_protection_quality_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "odd.yaml"
    f.write_text("turn: {active_player: Alice}\nplayers:\n  Alice: {battlefield: [Odd]}\n"
                 "cards:\n  - {name: Odd, types: [Creature], power: 1, toughness: 1,\n"
                 "     keywords: [\"Protection from bananas\"]}\n")
    assert main(["can-activate", str(f), "Odd"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bananas" in err and "Traceback" not in err


# ---- triggered abilities (resolve) -----------------------------------------------------

HEI = "Hei Bai, Spirit of Balance"


def hei_bai_dies(keywords: list[str]) -> list[str]:
    """Hei Bai (white and black) dies with two +1/+1 counters; its trigger targets a
    creature Alice controls. Returns who got the counters (empty: nobody)."""
    s = load_state_data({
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {"Alice": {"battlefield": [
            {"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 2}},
            {"card": "Shielded", "id": "shielded"}]}, "Bob": {}},
        "cards": [{"name": "Shielded", "mana_cost": "{2}", "types": ["Creature"],
                   "power": 1, "toughness": 1, "keywords": keywords}],
        "events": [{"dies": "Hei Bai"}, {"resolve": "all"}],
    })
    out = resolve(s)
    return [p.id for p in out.state.permanents if p.counters["+1/+1"]]


@pytest.mark.parametrize(("keywords", "gets_counters"), [
    ([], True),
    (["Hexproof"], True),               # Alice's own trigger: 702.11b stops opponents only
    (["Shroud"], False),                # 702.18a
    (["Protection from white"], False),  # 702.16b: Hei Bai was white (last known, 113.7a)
    (["Protection from black"], False),
    (["Protection from multicolored"], False),
    (["Protection from green"], True),
    (["Protection from creatures"], False),  # the source was a creature
])
def test_hei_bai_trigger_targets_only_what_the_keywords_allow(keywords: list[str],
                                                              gets_counters: bool) -> None:
    assert hei_bai_dies(keywords) == (["shielded"] if gets_counters else [])


# ---- protection from a creature type (CR 702.16a, 205.3m) -------------------------------


@pytest.mark.cr("702.16a")
def test_protection_from_a_creature_type() -> None:
    """Baneslayer Angel's "protection from Demons and from Dragons" (CR 702.16g: two
    protections): a Dragon's ability can't target it, a Human's can."""
    from manacheck.model import load_state_text
    from manacheck.model.characteristics import effective
    from manacheck.model.keywords import creature_type_of, untargetable_reason

    state = load_state_text(
        "turn: {active_player: A}\nplayers:\n  A: {battlefield: [Baneslayer Angel, "
        "Shivan Dragon, Grizzly Bears]}\n  B: {}\n")
    chars = effective(state)
    angel = chars["Baneslayer Angel"].keywords
    assert untargetable_reason(angel, "A", chars["Shivan Dragon"], "A") is not None
    assert untargetable_reason(angel, "A", chars["Grizzly Bears"], "A") is None
    assert [creature_type_of(w) for w in ("Demons", "Elves", "Wolves", "Bogus")] == [
        "Demon", "Elf", "Wolf", None]


def test_the_creature_types_are_the_rules_list() -> None:
    """model/creaturetypes.py is CR 205.3m's list, word for word."""
    from pathlib import Path

    from manacheck.model.creaturetypes import CREATURE_TYPES

    rules = Path(__file__).resolve().parents[1] / "reference" / "rules" / \
        "comprehensive-rules.txt"
    line = next(x for x in rules.read_text(encoding="utf-8").splitlines()
                if x.startswith("205.3m"))
    listed = {t.strip().rstrip(".") for t in line.split("one word long:")[1].split(",")}
    assert (listed - {""}) | {"Time Lord"} == CREATURE_TYPES
