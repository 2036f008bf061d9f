"""Targets read from oracle text with their qualifiers, and what can-activate answers
with them on small boards.

Each reading is derived by hand from the line; each verdict from the rules: CR 115.1
and 601.2c (a target must be a legal choice, or the ability can't be activated), CR
506.4 (attacking and blocking creatures exist only in combat, as declared), CR 208.3 (a
noncreature permanent has no power, even a Vehicle with a printed one), CR 122.1b
(keyword counters grant keywords), CR 702.9 (flying). The cards are the shipped pool's,
read by the grammar (none of them is hand-written).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from manacheck.model import GameState, load_state_data
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.activation import can_activate

from manacheck.cli import main

B = "battlefield"


@pytest.mark.parametrize(("line", "name", "spec"), [
    ("{T}: Untap target attacking creature. Prevent all combat damage that would be dealt "
     "to and dealt by that creature this turn.", "Maze of Ith",
     {"zone": B, "filter": {"combat": "attacking", "types": ["creature"]}}),
    ("{R}, {T}: Crimson Manticore deals 1 damage to target attacking or blocking "
     "creature.", "Crimson Manticore",
     {"zone": B, "filter": {"combat": "attacking_or_blocking", "types": ["creature"]}}),
    ("{T}: Target creature with power 2 or less can't be blocked this turn.",
     "Crafty Pathmage",
     {"zone": B, "filter": {"types": ["creature"], "compare": [["power", "<=", 2]]}}),
    ("{R}: Target creature you control with toughness 2 or less gains flying until end "
     "of turn. Flip a coin at the beginning of the next end step.", "Goblin Kites",
     {"zone": B, "filter": {"types": ["creature"], "controller": "you",
                            "compare": [["toughness", "<=", 2]]}}),
    ("{1}{G}: Trophy Hunter deals 1 damage to target creature with flying.",
     "Trophy Hunter",
     {"zone": B, "filter": {"types": ["creature"], "keywords": ["Flying"]}}),
    ("{4}{U}: Tap target creature without flying.", "Verity Circle",
     {"zone": B, "filter": {"types": ["creature"], "not_keywords": ["Flying"]}}),
    ("{T}: Put a bounty counter on target nonblack creature.", "Bounty Hunter",
     {"zone": B, "filter": {"not_colors": ["B"], "types": ["creature"]}}),
    ("{2}: Target creature with a +1/+1 counter on it gains shroud until end of turn.",
     "Plaxcaster Frogling",
     {"zone": B, "filter": {"types": ["creature"], "counter": "+1/+1"}}),
    ("{3}: Put target nontoken Rebel on the bottom of its owner's library.",
     "Rebel Informer", {"zone": B, "filter": {"token": False, "subtypes": ["Rebel"]}}),
    ("{T}: Cinder Pyromancer deals 1 damage to target player or planeswalker.",
     "Cinder Pyromancer", {"zone": "player_or_planeswalker"}),
    ("{R}, {T}: Cult Guildmage deals 1 damage to target opponent or planeswalker.",
     "Cult Guildmage",
     {"zone": "player_or_planeswalker", "filter": {"controller": "opponent"}}),
    ("{U}, Sacrifice Glen Elendra Archmage: Counter target noncreature spell.",
     "Glen Elendra Archmage", {"zone": "stack", "filter": {"not_types": ["creature"]}}),
    ("{3}{B}, {T}, Sacrifice Blood Fountain: Return up to two target creature cards from "
     "your graveyard to your hand.", "Blood Fountain",
     {"zone": "graveyard", "filter": {"types": ["creature"], "controller": "you"},
      "count": 2, "up_to": True}),
    ("{T}: Return target noncreature artifact card with mana value 1 or less from your "
     "graveyard to the battlefield.", "Salvaging Station",
     {"zone": "graveyard", "filter": {"not_types": ["creature"], "types": ["artifact"],
                                      "compare": [["mana_value", "<=", 1]],
                                      "controller": "you"}}),
    ("{1}{W}, {T}: Prevent all damage that would be dealt by target blocked creature "
     "this turn.", "Benalish Missionary",
     {"zone": B, "filter": {"combat": "blocked", "types": ["creature"]}}),
    ("{2}, Sacrifice Nihil Spellbomb: Exile target player's graveyard.",
     "Nihil Spellbomb", {"zone": "player"}),
])
def test_a_target_with_its_qualifiers_is_read_as_derived_by_hand(
        line: str, name: str, spec: dict[str, Any]) -> None:
    r = read_line(line, name)
    # (the effect may be composed too, "read"; the targets are read either way)
    assert r.status in ("partial", "read"), r.why
    assert len(r.targets) == 1
    got = {k: v for k, v in r.targets[0].items() if k != "text"}
    assert got == spec


@pytest.mark.parametrize(("line", "name"), [
    # X is defined by the effect, not chosen with the cost: how many targets may be
    # chosen isn't read.
    ("{1}{B}, Sacrifice Vile Requiem: Destroy up to X target nonblack creatures, where X "
     "is the number of verse counters on Vile Requiem. They can't be regenerated.",
     "Vile Requiem"),
    # a relation to the source
    ("{1}{B}: Destroy target creature blocking Knight of Dusk.", "Knight of Dusk"),
])
def test_targets_the_state_cant_decide_stay_unread(line: str, name: str) -> None:
    assert read_line(line, name).status == "unread"


def _board(alice: list[Any], bob: list[Any], phase: str = "precombat_main", *,
           active: str = "Alice", cards: list[Any] | None = None,
           stack: list[Any] | None = None) -> GameState:
    return load_state_data({
        "turn": {"active_player": active, "phase": phase},
        "players": {"Alice": {"battlefield": alice}, "Bob": {"battlefield": bob}},
        "stack": stack or [], "cards": cards or []})


def _ways(state: GameState, source: str, ability: int = 1) -> tuple[bool, int | None]:
    v = can_activate(state, source, ability, "Alice", find_fixes=False)
    assert not v.undecided, v.undecided
    return v.legal, v.ways


def test_maze_of_ith_targets_only_an_attacking_creature() -> None:
    # CR 506.4: outside combat nothing attacks, so there is no legal target (601.2c).
    s = _board(["Maze of Ith"], [{"card": "Grizzly Bears", "id": "bears"}])
    assert _ways(s, "Maze of Ith") == (False, 0)
    v = can_activate(s, "Maze of Ith", 1, "Alice", find_fixes=False)
    assert any(r.rule == "601.2c" for r in v.reasons)
    # Bob attacks with one of his two Bears: exactly that one may be targeted.
    s = _board(["Maze of Ith"], [{"card": "Grizzly Bears", "id": "a", "attacking": True},
                                 {"card": "Grizzly Bears", "id": "b"}],
               "declare_attackers", active="Bob")
    v = can_activate(s, "Maze of Ith", 1, "Alice", find_fixes=False)
    assert v.legal and v.ways == 1 and v.witness is not None
    assert "a" in v.witness.targets


def test_attacking_or_blocking_counts_both_and_nothing_else() -> None:
    # Arbalest Elite ({2}{W}, {T}): Alice attacks with one Bear, Bob blocks with one of
    # his two; the attacker and the blocker are the legal targets (the Elite itself
    # neither attacks nor blocks).
    s = _board(["Arbalest Elite", "Plains", "Plains", "Plains",
                {"card": "Grizzly Bears", "id": "att", "attacking": True}],
               [{"card": "Grizzly Bears", "id": "blk", "blocking": True},
                {"card": "Grizzly Bears", "id": "idle"}], "declare_blockers")
    legal, ways = _ways(s, "Arbalest Elite")
    assert legal and ways == 2


def test_power_comparisons_read_counters_and_skip_noncreatures() -> None:
    # Crafty Pathmage: "target creature with power 2 or less". Candidates: the Pathmage
    # itself (1/1), Grizzly Bears (2/2), a Bears with a +1/+1 counter (3/3: no), Hill
    # Giant (3/3: no), and an uncrewed Vehicle with printed power 1 (no: CR 208.3).
    cart = {"name": "Test Cart", "mana_cost": "{1}", "types": ["Artifact"],
            "subtypes": ["Vehicle"], "power": 1, "toughness": 1}
    s = _board(["Crafty Pathmage", "Grizzly Bears",
                {"card": "Grizzly Bears", "id": "big", "counters": {"+1/+1": 1}},
                "Hill Giant", "Test Cart"], [], cards=[cart])
    assert _ways(s, "Crafty Pathmage") == (True, 2)


def test_with_and_without_flying_read_keyword_counters() -> None:
    # Air Servant ({2}{U}, itself a flier): "target creature with flying". A flying
    # counter gives Grizzly Bears flying (CR 122.1b); Wind Drake flies.
    base: list[Any] = ["Air Servant", "Island", "Island", "Island", "Wind Drake",
                       "Grizzly Bears"]
    assert _ways(_board(base, []), "Air Servant") == (True, 2)
    flying_bears = {"card": "Grizzly Bears", "counters": {"flying": 1}}
    assert _ways(_board([*base, flying_bears], []), "Air Servant") == (True, 3)
    # Cephalid Retainer ({U}{U}): "target creature without flying": itself and the
    # Bears, not the Drake nor the Bears with a flying counter.
    s = _board(["Cephalid Retainer", "Island", "Island", "Wind Drake", "Grizzly Bears",
                flying_bears], [])
    assert _ways(s, "Cephalid Retainer") == (True, 2)


def test_nonblack_counters_tokens_and_non_subtypes() -> None:
    # Bounty Hunter (a black creature itself): "target nonblack creature".
    s = _board(["Bounty Hunter", "Grizzly Bears"], ["Vampire Nighthawk"])
    assert _ways(s, "Bounty Hunter") == (True, 1)
    # Aquastrand Spider ({G}): only a creature with a +1/+1 counter on it.
    s = _board([{"card": "Aquastrand Spider", "counters": {"+1/+1": 2}}, "Forest",
                {"card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                {"card": "Grizzly Bears", "id": "plain", "counters": {"-1/-1": 1}}], [])
    assert _ways(s, "Aquastrand Spider") == (True, 2)  # itself (graft 2) and one Bears
    # Dogged Hunter ({T}): "target creature token".
    s = _board(["Dogged Hunter", {"card": "Grizzly Bears", "token": True}],
               ["Grizzly Bears"])
    assert _ways(s, "Dogged Hunter") == (True, 1)
    # Avacynian Priest ({1}, {T}), a Human: "target non-Human creature".
    human = {"name": "Test Villager", "mana_cost": "{W}", "types": ["Creature"],
             "subtypes": ["Human"], "power": 1, "toughness": 1}
    s = _board(["Avacynian Priest", "Plains", "Grizzly Bears", "Test Villager"], [],
               cards=[human])
    assert _ways(s, "Avacynian Priest") == (True, 1)


_WALKER = {"name": "Test Walker", "mana_cost": "{3}", "types": ["Planeswalker"],
           "subtypes": ["Test"], "loyalty": 3}


def test_player_or_planeswalker() -> None:
    # Chandra's Magmutt ({T}): either player, or any planeswalker (Alice's and Bob's).
    s = _board(["Chandra's Magmutt", {"card": "Test Walker", "id": "w1"}],
               [{"card": "Test Walker", "id": "w2"}], cards=[_WALKER])
    assert _ways(s, "Chandra's Magmutt") == (True, 4)
    # Cult Guildmage ({R}, {T}): only the opponent among players, every planeswalker.
    s = _board(["Cult Guildmage", "Mountain", {"card": "Test Walker", "id": "w1"}],
               [{"card": "Test Walker", "id": "w2"}], cards=[_WALKER])
    assert _ways(s, "Cult Guildmage", 2) == (True, 3)


def test_a_noncreature_spell_target() -> None:
    # Glen Elendra Archmage: a creature spell can't be targeted, an instant can.
    cards = [{"name": "Test Bear", "mana_cost": "{1}{G}", "types": ["Creature"],
              "power": 2, "toughness": 2},
             {"name": "Test Shock", "mana_cost": "{R}", "types": ["Instant"]}]
    creature = [{"card": "Test Bear", "controller": "Bob", "id": "s1"}]
    s = _board(["Glen Elendra Archmage", "Island"], [], stack=creature, cards=cards)
    assert _ways(s, "Glen Elendra Archmage") == (False, 0)
    both = [*creature, {"card": "Test Shock", "controller": "Bob", "id": "s2"}]
    s = _board(["Glen Elendra Archmage", "Island"], [], stack=both, cards=cards)
    assert _ways(s, "Glen Elendra Archmage") == (True, 1)


def test_a_power_filter_is_not_decided_beside_an_unapplied_power_effect() -> None:
    # An effect on the board that changes power and that can-activate doesn't apply
    # could change who has power 2 or less: not decided, and named.
    odd = {"name": "Odd Anthem", "types": ["Enchantment"],
           "abilities": [{"static": {"kind": "other", "affects": ["power_toughness"],
                                     "text": "Creatures get +1/+1 for each odd thing."}}]}
    s = _board(["Crafty Pathmage", "Grizzly Bears", "Odd Anthem"], [], cards=[odd])
    v = can_activate(s, "Crafty Pathmage", 1, "Alice", find_fixes=False)
    assert v.undecided and any(u.name == "Odd Anthem" for u in v.unapplied)


@pytest.mark.parametrize(("entry", "phase", "active", "message"), [
    ({"card": "Grizzly Bears", "attacking": True}, "precombat_main", "Alice",
     "attack only from the declare attackers step"),
    ({"card": "Grizzly Bears", "attacking": True}, "declare_attackers", "Bob",
     "only the active player attacks"),
    ({"card": "Grizzly Bears", "blocking": True}, "declare_attackers", "Bob",
     "block only from the declare blockers step"),
    ({"card": "Grizzly Bears", "blocking": True}, "declare_blockers", "Alice",
     "only the defending players block"),
    ({"card": "Grizzly Bears", "blocking": True, "attacking": True}, "declare_blockers",
     "Alice", "both attacks and blocks"),
    ({"card": "Grizzly Bears", "attacking": "yes"}, "declare_attackers", "Alice",
     "expected true or false"),
])
def test_combat_in_the_state_file_is_checked(entry: dict[str, Any], phase: str, active: str,
                                             message: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import json

    f = tmp_path / "combat.json"
    f.write_text(json.dumps({"turn": {"active_player": active, "phase": phase},
                             "players": {"Alice": {"battlefield": [entry]}, "Bob": {}}}))
    assert main(["produce", str(f), "Grizzly Bears"]) == 2
    err = capsys.readouterr().err.strip()
    lines = err.splitlines()
    assert any(message in e and "battlefield[0]" in e for e in lines), err
    assert all(e.startswith("error: ") for e in lines), err


def test_combat_survives_a_dump_and_a_reload() -> None:
    from manacheck.model import load_state_text
    from manacheck.model.statefile.dumping import dump_state_text

    s = _board([{"card": "Grizzly Bears", "id": "a", "attacking": True}],
               [{"card": "Grizzly Bears", "id": "b", "blocking": True}], "combat_damage")
    again = load_state_text(dump_state_text(s))
    assert again.get("a").attacking and again.get("b").blocking  # type: ignore[union-attr]


@pytest.mark.parametrize(("line", "name", "spec"), [
    ("{T}: Return target nonland permanent you don't control to its owner's hand.",
     "Test Land", {"zone": B, "filter": {"not_types": ["land"], "controller": "opponent"}}),
    ("{2}{U}{R}: Copy target instant or sorcery spell you control. You may choose new "
     "targets for the copy.", "Test Mage",
     {"zone": "stack", "filter": {"any_types": ["instant", "sorcery"],
                                  "controller": "you"}}),
    ("{T}: Regenerate target black or green creature.", "Orcish Healer",
     {"zone": B, "filter": {"colors": ["B", "G"], "types": ["creature"]}}),
    ("Discard Faerie Macabre: Exile up to two target cards from graveyards.",
     "Faerie Macabre", {"zone": "graveyard", "count": 2, "up_to": True}),
])
def test_more_target_words(line: str, name: str, spec: dict[str, Any]) -> None:
    r = read_line(line, name)
    # (the effect may be composed too, "read"; the targets are read either way)
    assert r.status in ("partial", "read"), r.why
    got = {k: v for k, v in r.targets[0].items() if k != "text"}
    assert got == spec


def test_a_black_or_green_creature_is_either() -> None:
    # Orcish Healer's third ability ({R}{G}{G}, {T}): "Regenerate target black or green
    # creature": at least one of the colors (CR 105.2), so a black-green creature too.
    cards = [{"name": f"Test {c}", "mana_cost": cost, "types": ["Creature"], "power": 1,
              "toughness": 1} for c, cost in (("B", "{B}"), ("G", "{G}"), ("BG", "{B}{G}"),
                                               ("W", "{W}"))]
    s = _board(["Mountain", "Forest", "Forest", {"card": "Orcish Healer", "id": "healer"},
                "Test B", "Test G", "Test BG", "Test W"], [], cards=cards)
    v = can_activate(s, "healer", 3, "Alice", find_fixes=False)
    assert v.legal and v.ways == 3 and not v.undecided


_CART = {"name": "Test Cart", "mana_cost": "{1}", "types": ["Artifact"],
         "subtypes": ["Vehicle"], "power": 3, "toughness": 3,
         "abilities": [read_line("Crew 3", "Test Cart").ability]}


@pytest.mark.parametrize(("others", "legal", "ways"), [
    (["Grizzly Bears"], False, 0),                   # total power 2 < 3
    (["Grizzly Bears", "Grizzly Bears"], True, 1),   # 2 + 2
    (["Grizzly Bears", {"card": "Grizzly Bears", "tapped": True}], False, 0),
    # a summoning-sick creature may crew (it isn't {T}: CR 302.6 doesn't apply); every
    # set with total power 3 or greater is a way: {Giant}, {Giant, B}, {Giant, B'},
    # {Giant, B, B'}, {B, B'}
    (["Hill Giant", "Grizzly Bears", {"card": "Grizzly Bears", "summoning_sick": True}],
     True, 5),
    ([{"card": "Grizzly Bears", "counters": {"+1/+1": 1}}], True, 1),  # 3/3 now
    # a creature with power -1 lowers a set's total (as the formidable ruling counts):
    # {Giant} is 3, {Giant, Weakling} is 3 - 1 = 2: one way
    (["Hill Giant", {"card": "Test Weakling", "counters": {"-1/-1": 1}}], True, 1),
    # the Vehicle can't crew itself ("other", CR 702.122a), even as a creature
    ([], False, 0),
])
def test_crew_taps_other_creatures_with_enough_total_power(
        others: list[Any], legal: bool, ways: int) -> None:
    """CR 702.122a: "Crew N" means "Tap any number of other untapped creatures you
    control with total power N or greater: This permanent becomes an artifact creature
    until end of turn." Counted by hand for each board."""
    weakling = {"name": "Test Weakling", "mana_cost": "{W}", "types": ["Creature"],
                "power": 0, "toughness": 3}
    s = _board(["Test Cart", *others], ["Hill Giant"], cards=[_CART, weakling])
    v = can_activate(s, "Test Cart", 1, "Alice", find_fixes=False)
    assert not v.undecided
    assert (v.legal, v.ways) == (legal, ways)
    if not legal and others:
        assert any(r.rule == "702.122a" for r in v.reasons)
    if legal:
        assert v.witness is not None and v.witness.tapped


def test_crew_is_read_from_the_pool_with_its_reminder() -> None:
    # Both printed reminders: "... untapped creatures ... or more" and the older
    # "Tap any number of creatures you control ..." (same meaning: only an untapped
    # creature can be tapped, CR 701.26a).
    for line in ("Crew 1 (Tap any number of untapped creatures you control with total "
                 "power 1 or more: This Vehicle becomes an artifact creature until end of "
                 "turn.)",
                 "Crew 2 (Tap any number of creatures you control with total power 2 or "
                 "more: This Vehicle becomes an artifact creature until end of turn.)"):
        r = read_line(line, "Test Cart")
        assert r.status == "partial" and r.template == "keyword Crew", r.why
    assert read_line("Crew 2 (Tap any number of creatures you control with total power 3 "
                     "or more: This Vehicle becomes an artifact creature until end of "
                     "turn.)", "Test Cart").status == "unread"  # a wrong reminder


_NINJA = {"name": "Test Ninja", "mana_cost": "{3}{U}", "types": ["Creature"],
          "subtypes": ["Ninja"], "power": 2, "toughness": 2,
          "abilities": [read_line("Ninjutsu {1}{U}", "Test Ninja").ability]}


@pytest.mark.parametrize(("battlefield", "phase", "legal", "ways"), [
    # an unblocked attacker after blockers are declared (CR 702.49a, 509.1h)
    ([{"card": "Grizzly Bears", "attacking": True, "tapped": True}], "declare_blockers",
     True, 1),
    # before blockers are declared no attacker is unblocked yet (CR 702.49c)
    ([{"card": "Grizzly Bears", "attacking": True, "tapped": True}], "declare_attackers",
     False, 0),
    # a blocked attacker stays blocked (CR 509.1h)
    ([{"card": "Grizzly Bears", "attacking": True, "blocked": True}], "declare_blockers",
     False, 0),
    # two unblocked attackers: two ways, in the combat damage step too
    ([{"card": "Grizzly Bears", "attacking": True},
      {"card": "Grizzly Bears", "id": "b2", "attacking": True}], "combat_damage", True, 2),
    # a creature that isn't attacking can't be returned for it
    (["Grizzly Bears"], "postcombat_main", False, 0),
])
def test_ninjutsu_returns_an_unblocked_attacker(battlefield: list[Any], phase: str,
                                                 legal: bool, ways: int) -> None:
    s = load_state_data({
        "turn": {"active_player": "Alice", "phase": phase},
        "players": {"Alice": {"battlefield": ["Island", "Island", *battlefield],
                              "hand": ["Test Ninja"]}, "Bob": {}},
        "cards": [_NINJA]})
    v = can_activate(s, "Test Ninja", 1, "Alice", find_fixes=False)
    assert not v.undecided
    assert (v.legal, v.ways) == (legal, ways)
    if legal:
        assert v.witness is not None
        assert v.witness.revealed == ("Test Ninja",) and len(v.witness.returned) == 1
    else:
        assert any("unblocked attacking creature" in r.message for r in v.reasons)


def test_an_attacker_tapped_for_mana_may_then_be_returned() -> None:
    # CR 601.2g: mana abilities are activated before costs are paid, so an untapped
    # attacking Llanowar Elves (vigilance, say) pays {G} and is then returned.
    s = load_state_data({
        "turn": {"active_player": "Alice", "phase": "declare_blockers"},
        "players": {"Alice": {"battlefield": ["Island", {"card": "Llanowar Elves",
                                                         "attacking": True}],
                              "hand": ["Test Ninja"]}, "Bob": {}},
        "cards": [_NINJA]})
    v = can_activate(s, "Test Ninja", 1, "Alice", find_fixes=False)
    assert v.legal and v.witness is not None and v.witness.returned == ("Llanowar Elves",)


def test_returning_a_land_as_a_cost() -> None:
    # Floodbringer: "{2}, Return a land you control to its owner's hand: Tap target
    # land." Two lands: one taps for mana and is returned (CR 601.2g) with the other
    # paying the rest; as the target, either land (targets are chosen first, CR 601.2c).
    s = _board(["Floodbringer", "Island", "Island"], [])
    assert _ways(s, "Floodbringer")[0]
    s = _board(["Floodbringer"], ["Island"])
    v = can_activate(s, "Floodbringer", 1, "Alice", find_fixes=False)
    assert not v.legal and any(r.rule == "118.3" for r in v.reasons)


@pytest.mark.parametrize(("entry", "phase", "message"), [
    ({"card": "Grizzly Bears", "blocked": True}, "declare_blockers",
     "only an attacking creature becomes blocked"),
    ({"card": "Grizzly Bears", "blocked": True, "attacking": True}, "declare_attackers",
     "attackers become blocked in the declare blockers step"),
])
def test_blocked_is_checked(entry: dict[str, Any], phase: str, message: str,
                            tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    f = tmp_path / "combat.json"
    f.write_text(json.dumps({"turn": {"active_player": "Alice", "phase": phase},
                             "players": {"Alice": {"battlefield": [entry]}, "Bob": {}}}))
    assert main(["produce", str(f), "Grizzly Bears"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("line", "ways", "witness"), [
    # X ∈ {0..3} (three Swamps); power X or less: X=2 the Bears, X=3 the Bears or the
    # Giant: three ways (CR 107.3, 601.2b-c: X is chosen, then the target)
    ("{X}, {T}: Destroy target creature with power X or less.", 3, (("Hill Giant",), 3)),
    # {X}{X}{1}: X ≤ 1; mana value X: only X=1 has a target, Sol Ring
    ("{X}{X}{1}: Destroy target artifact or creature with mana value X.", 1,
     (("Sol Ring",), 1)),
])
def test_a_target_compared_with_x(line: str, ways: int,
                                  witness: tuple[tuple[str, ...], int]) -> None:
    # (the effect, "Destroy target ...", composed: CR 701.8)
    assert read_line(line, "Test Src").status == "read"
    src = {"name": "Test Src", "mana_cost": "{3}", "types": ["Artifact"],
           "abilities": [read_line(line, "Test Src").ability]}
    s = _board(["Test Src", "Swamp", "Swamp", "Swamp"],
               ["Grizzly Bears", "Hill Giant", "Sol Ring"], cards=[src])
    v = can_activate(s, "Test Src", 1, "Alice", find_fixes=False)
    assert v.legal and v.ways == ways and not v.undecided
    assert v.witness is not None and (v.witness.targets, v.witness.x) == witness


def test_x_the_effect_defines_is_not_read_in_a_target() -> None:
    assert read_line("{T}: Destroy target creature with power X or less, where X is the "
                     "number of lands you control.", "Test Src").status == "unread"


def test_forecast_is_read_as_the_rules_define_it() -> None:
    """CR 702.57a: "Activate only during your upkeep and only once each turn", from the
    hand (the card is revealed from it)."""
    line = ("Forecast — {2}{W}, Reveal Piercing Rays from your hand: Tap target untapped "
            "creature. (Activate only during your upkeep and only once each turn.)")
    r = read_line(line, "Piercing Rays")
    # (its effect, "Tap target untapped creature.", composed: CR 701.26a)
    assert r.status == "read" and r.ability is not None
    ab = r.ability["activated"]
    assert ab["zone"] == "hand" and ab["once_each_turn"] is True
    assert ab["condition"] == {"kind": "your_upkeep"}
    cards = [{"name": "Test Rays", "mana_cost": "{5}{W}", "types": ["Sorcery"],
              "abilities": [read_line(line.replace("Piercing Rays", "Test Rays"),
                                      "Test Rays").ability]}]
    for phase, legal in (("upkeep", True), ("precombat_main", False)):
        s = load_state_data({
            "turn": {"active_player": "Alice", "phase": phase},
            "players": {"Alice": {"battlefield": ["Plains", "Plains", "Plains"],
                                  "hand": ["Test Rays"]},
                        "Bob": {"battlefield": ["Grizzly Bears"]}}, "cards": cards})
        v = can_activate(s, "Test Rays", 1, "Alice", find_fixes=False)
        assert v.legal is legal and not v.undecided, (phase, v.reasons)
    # a reminder that isn't forecast's own leaves it unread
    assert read_line(line.replace("only once each turn", "twice"), "Piercing Rays"
                     ).status == "unread"


@pytest.mark.parametrize(("phase", "attacking", "legal", "rule"), [
    ("declare_attackers", True, True, None),
    ("declare_attackers", False, False, "602.1b"),  # CR 506.4: it isn't attacking
    ("precombat_main", False, False, "602.1b"),
])
def test_activate_only_if_this_is_attacking(phase: str, attacking: bool, legal: bool,
                                            rule: str | None) -> None:
    line = "{W}: Tap target creature. Activate only if Test Knight is attacking."
    knight = {"name": "Test Knight", "mana_cost": "{2}{W}", "types": ["Creature"],
              "power": 2, "toughness": 2, "abilities": [read_line(line, "Test Knight")
                                                         .ability]}
    s = _board([{"card": "Test Knight", "attacking": attacking}, "Plains"],
               ["Grizzly Bears"], phase, cards=[knight])
    v = can_activate(s, "Test Knight", 1, "Alice", find_fixes=False)
    assert v.legal is legal and not v.undecided
    if rule:
        assert [r.rule for r in v.reasons] == [rule]


def test_activate_only_during_the_declare_blockers_step() -> None:
    line = "{T}: Target creature gets +1/+1 until end of turn. Activate only during the " \
           "declare blockers step."
    r = read_line(line, "Test")
    assert r.ability is not None
    assert r.ability["activated"]["condition"] == {"kind": "declare_blockers_step"}
    card = {"name": "Test Scout", "mana_cost": "{W}", "types": ["Creature"], "power": 1,
            "toughness": 1, "abilities": [r.ability]}
    for phase, legal in (("declare_blockers", True), ("declare_attackers", False),
                         ("combat_damage", False)):
        s = _board(["Test Scout"], [], phase, active="Bob", cards=[card])
        assert can_activate(s, "Test Scout", 1, "Alice", find_fixes=False).legal is legal


def test_exiling_the_permanent_itself_as_a_cost() -> None:
    # Feldon's Cane: "{T}, Exile Feldon's Cane: Shuffle your graveyard into your
    # library." From the battlefield (the default zone): no "from your ..." words.
    r = read_line("{T}, Exile Feldon's Cane: Shuffle your graveyard into your library.",
                  "Feldon's Cane")
    assert r.status == "partial" and r.ability is not None
    assert r.ability["activated"]["cost"] == ["{T}", {"exile_self": True}]
    assert "zone" not in r.ability["activated"]
    s = _board(["Feldon's Cane"], [])
    v = can_activate(s, "Feldon's Cane", 1, "Alice", find_fixes=False)
    assert v.legal and v.witness is not None and v.witness.exiled == ("Feldon's Cane",)


@pytest.mark.parametrize(("entry", "phase", "activated", "legal"), [
    ({"attacking": True}, "declare_attackers", False, True),
    ({"attacked_this_turn": True}, "postcombat_main", False, True),
    ({}, "postcombat_main", False, False),                       # it didn't attack
    ({"attacked_this_turn": True}, "postcombat_main", True, False),  # once each turn
])
def test_boast_needs_an_attack_this_turn_and_once(entry: dict[str, Any], phase: str,
                                                  activated: bool, legal: bool) -> None:
    """CR 702.142a: "Boast — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only if
    this creature attacked this turn and only once each turn." """
    line = ("Boast — {1}{W}: Untap Test Braggart. Put a +1/+1 counter on it. (Activate "
            "only if this creature attacked this turn and only once each turn.)")
    r = read_line(line, "Test Braggart")
    assert r.status == "partial" and r.template == "keyword Boast"
    card = {"name": "Test Braggart", "mana_cost": "{3}{W}", "types": ["Creature"],
            "power": 3, "toughness": 3, "abilities": [r.ability]}
    s = load_state_data({
        "turn": {"active_player": "Alice", "phase": phase},
        "players": {"Alice": {"battlefield": [{"card": "Test Braggart", "id": "b", **entry},
                                              "Plains", "Plains"]}, "Bob": {}},
        "activated_this_turn": [{"object": "b", "ability": 1}] if activated else [],
        "cards": [card]})
    v = can_activate(s, "b", 1, "Alice", find_fixes=False)
    assert v.legal is legal and not v.undecided, v.reasons
    if not legal:
        assert v.reasons[0].rule in ("702.142a", "602.5b")


def _cond_card(line: str) -> dict[str, Any]:
    r = read_line(line, "Test Cond")
    assert r.status in ("read", "partial"), r.why
    return {"name": "Test Cond", "mana_cost": "{2}", "types": ["Artifact"],
            "abilities": [r.ability]}


@pytest.mark.parametrize(("creatures", "legal"), [
    (["Hill Giant", "Hill Giant"], False),                         # 6
    (["Hill Giant", "Hill Giant", "Grizzly Bears"], True),         # 8
    (["Hill Giant", {"card": "Hill Giant", "counters": {"+1/+1": 2}}], True),  # 3 + 5
    # Atarka Beastbreaker's ruling: a negative power counts as it is ("powers 4, 5, and
    # -2 ... total power ... is 7"): 3 + 5 + (0 - 1) = 7
    (["Hill Giant", {"card": "Hill Giant", "counters": {"+1/+1": 2}},
      {"card": "Test Weakling", "counters": {"-1/-1": 1}}], False),
])
def test_formidable_counts_total_power(creatures: list[Any], legal: bool) -> None:
    card = _cond_card("{T}: Draw a card. Activate only if creatures you control have "
                      "total power 8 or greater.")
    weakling = {"name": "Test Weakling", "mana_cost": "{W}", "types": ["Creature"],
                "power": 0, "toughness": 3}
    s = _board(["Test Cond", *creatures], ["Hill Giant", "Hill Giant"],
               cards=[card, weakling])
    v = can_activate(s, "Test Cond", 1, "Alice", find_fixes=False)
    assert v.legal is legal and not v.undecided
    if not legal:
        total = 7 if len(creatures) == 3 else 6
        assert f"total power 8 or greater (they have {total})" in v.reasons[0].message


@pytest.mark.parametrize(("graveyard", "legal"), [
    (["Grizzly Bears", "Lightning Bolt", "Forest"], False),          # 3 types
    (["Grizzly Bears", "Lightning Bolt", "Forest", "Sol Ring"], True),  # 4 types
    # an artifact creature counts both its card types (CR 205.2a; the delirium rulings)
    (["Ornithopter", "Lightning Bolt", "Forest"], True),
])
def test_delirium_counts_card_types(graveyard: list[str], legal: bool) -> None:
    card = _cond_card("{T}: Draw a card. Activate only if there are four or more card "
                      "types among cards in your graveyard.")
    s = load_state_data({"turn": {"active_player": "Alice"},
                         "players": {"Alice": {"battlefield": ["Test Cond"],
                                               "graveyard": graveyard}, "Bob": {}},
                         "cards": [card]})
    assert can_activate(s, "Test Cond", 1, "Alice", find_fixes=False).legal is legal


@pytest.mark.parametrize(("creatures", "legal"), [
    (["Grizzly Bears", "Grizzly Bears", "Hill Giant"], False),       # powers 2, 3
    (["Grizzly Bears", "Llanowar Elves", "Hill Giant"], True),       # 2, 1, 3
])
def test_coven_counts_different_powers(creatures: list[str], legal: bool) -> None:
    card = _cond_card("{T}: Draw a card. Activate only if you control three or more "
                      "creatures with different powers.")
    s = _board(["Test Cond", *creatures], [], cards=[card])
    assert can_activate(s, "Test Cond", 1, "Alice", find_fixes=False).legal is legal


def test_a_mana_ability_with_a_power_condition_is_read() -> None:
    # could-produce and payments then read layer 7 too (produce.amount_families; the
    # boards are in tests/test_reader_power.py)
    r = read_line("{T}: Add {G}{G}. Activate only if creatures you control have total "
                  "power 8 or greater.", "Test")
    assert r.status == "read"
    assert r.ability["activated"]["condition"] == {  # type: ignore[index]
        "kind": "total_power_at_least", "count": 8}


@pytest.mark.parametrize(("active", "player", "legal"), [
    ("Bob", "Bob", True),      # Bob, in his own main phase with an empty stack
    ("Alice", "Bob", False),   # not as a sorcery for Bob (CR 307.1)
    ("Alice", "Alice", True),
])
def test_any_player_but_only_as_a_sorcery(active: str, player: str, legal: bool) -> None:
    line = ("{2}: Target player discards a card. Any player may activate this ability but "
            "only as a sorcery.")
    r = read_line(line, "Test Monger")
    assert r.ability is not None
    ab = r.ability["activated"]
    assert ab["any_player"] is True and ab["timing"] == "sorcery"
    card = {"name": "Test Monger", "mana_cost": "{3}", "types": ["Artifact"],
            "abilities": [r.ability]}
    s = load_state_data({"turn": {"active_player": active},
                         "players": {"Alice": {"battlefield": ["Test Monger", "Wastes",
                                                               "Wastes"]},
                                     "Bob": {"battlefield": ["Wastes", "Wastes"]}},
                         "cards": [card]})
    v = can_activate(s, "Test Monger", 1, player, find_fixes=False)
    assert v.legal is legal and not v.undecided, v.reasons


def test_a_creature_that_has_a_counter() -> None:
    r = read_line("{B}, {T}: Destroy target creature that has a -1/-1 counter on it.", "S")
    assert r.targets[0]["filter"] == {"types": ["creature"], "counter": "-1/-1"}


@pytest.mark.parametrize(("hand", "legal", "undecided"), [
    ([], False, False),                          # nothing to discard (CR 118.3)
    (["Grizzly Bears"], True, False),
    # the only card could first be exiled for mana (Elvish Spirit Guide): what is left
    # to discard is decided after mana abilities (CR 601.2g-h): not decided here
    (["Elvish Spirit Guide"], False, True),
])
def test_discard_a_card_at_random(hand: list[str], legal: bool, undecided: bool) -> None:
    line = "Discard a card at random: Test Raider gains first strike until end of turn."
    r = read_line(line, "Test Raider")
    assert r.ability is not None
    assert r.ability["activated"]["cost"] == [{"discard_random": {"count": 1}}]
    card = {"name": "Test Raider", "mana_cost": "{1}{R}", "types": ["Creature"],
            "power": 2, "toughness": 2, "abilities": [r.ability]}
    s = load_state_data({"turn": {"active_player": "Alice"},
                         "players": {"Alice": {"battlefield": ["Test Raider"],
                                               "hand": hand}, "Bob": {}},
                         "cards": [card]})
    v = can_activate(s, "Test Raider", 1, "Alice", find_fixes=False)
    assert bool(v.undecided) is undecided
    if not undecided:
        assert v.legal is legal
    if not legal and not undecided:
        assert [r.rule for r in v.reasons] == ["118.3"]


def test_activate_only_if_this_is_in_your_graveyard() -> None:
    line = ("{2}{W}: Creatures you control gain protection from the chosen color until "
            "end of turn. Activate only if Test Glory is in your graveyard.")
    r = read_line(line, "Test Glory")
    assert r.ability is not None and r.ability["activated"]["zone"] == "graveyard"
    card = {"name": "Test Glory", "mana_cost": "{3}{W}{W}", "types": ["Creature"],
            "power": 3, "toughness": 3, "abilities": [r.ability]}
    lands = ["Plains", "Plains", "Plains"]
    for zone, legal in (("graveyard", True), ("battlefield", False)):
        cards = {"battlefield": lands + (["Test Glory"] if zone == "battlefield" else [])}
        if zone == "graveyard":
            cards["graveyard"] = ["Test Glory"]
        s = load_state_data({"turn": {"active_player": "Alice"},
                             "players": {"Alice": cards, "Bob": {}}, "cards": [card]})
        v = can_activate(s, "Test Glory", 1, "Alice", find_fixes=False)
        assert v.legal is legal, (zone, v.reasons)
