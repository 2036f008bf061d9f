"""Composed effects of activated abilities: read from the oracle text through the
grammar (``model/oracletext/transform_effects.py``) and played out by ``resolve``
(``solver/resolution/composed.py``).

Each reading is derived by hand from the card's words; each outcome from the rules
cited in the test's name, on a board small enough to check by reading. Official
rulings (MTGJSON's, in ``reference/cards/AtomicCards-2022-04.json.xz``) are quoted
where a test follows one.
"""

from __future__ import annotations

from typing import Any

import pytest
from manacheck.model import GameState, load_state_data
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.resolution import Unsupported, outcomes, resolve

# ---- reading: each effect form, composed from the vocabulary --------------------------


@pytest.mark.parametrize(("line", "name", "effects", "targets"), [
    # CR 120.3: damage to the ability's target 0 (any target, CR 115.4)
    ("{T}: Prodigal Sorcerer deals 1 damage to any target.", "Prodigal Sorcerer",
     [{"kind": "deal_damage", "amount": 1, "target": 0}],
     [{"zone": "any", "text": "any target"}]),
    ("{1}{R}: Test Imp deals 1 damage to each opponent.", "Test Imp",
     [{"kind": "deal_damage", "amount": 1, "to": "each_opponent"}], []),
    # CR 701.8a: destroy
    ("{T}: Destroy target tapped creature.", "Royal Assassin",
     [{"kind": "destroy", "target": 0}],
     [{"zone": "battlefield", "filter": {"types": ["creature"], "tapped": True},
       "text": "target tapped creature"}]),
    # CR 701.13a: exile
    ("{2}, {T}: Exile target permanent you control.", "Synod Sanctum",
     [{"kind": "exile", "target": 0}],
     # ("permanent" is every permanent: no type in the filter)
     [{"zone": "battlefield", "filter": {"controller": "you"},
       "text": "target permanent you control"}]),
    # CR 701.26a-b: tap and untap
    ("{1}{U}, {T}: Tap target creature.", "Elite Arrester",
     [{"kind": "tap", "target": 0}],
     [{"zone": "battlefield", "filter": {"types": ["creature"]},
       "text": "target creature"}]),
    ("{U}: Untap Morphling.", "Morphling", [{"kind": "untap", "onto": "self"}], []),
    # CR 400.6: return to hand
    ("{3}{U}, Sacrifice a permanent: Return target permanent to its owner's hand.",
     "Dispersing Orb", [{"kind": "return_to_hand", "of": "target", "target": 0}],
     [{"zone": "battlefield", "text": "target permanent"}]),
    ("{U}: Return Test Wisp to its owner's hand.", "Test Wisp",
     [{"kind": "return_to_hand", "of": "self"}], []),
    # CR 121.1, 701.9a, 701.17a, 701.22a: cards
    ("{3}, {T}: Draw two cards.", "Test Tome", [{"kind": "draw", "count": 2}], []),
    ("{T}: Draw a card, then discard a card.", "Merfolk Looter",
     [{"kind": "draw", "count": 1}, {"kind": "discard", "count": 1}], []),
    ("{3}, {T}: Target player discards a card. Activate only during your turn.",
     "Disrupting Scepter",
     [{"kind": "discard", "count": 1, "who": "target", "target": 0}],
     [{"zone": "player", "text": "target player"}]),
    ("{2}, {T}: Target player mills two cards.", "Millstone",
     [{"kind": "mill", "count": 2, "who": "target", "target": 0}],
     [{"zone": "player", "text": "target player"}]),
    ("{1}, {T}: Scry 2.", "Test Orb", [{"kind": "scry", "count": 2}], []),
    # CR 119.3: life of a target player
    ("{T}: Target player loses 2 life.", "Test Censer",
     [{"kind": "lose_life", "amount": 2, "who": "target", "target": 0}],
     [{"zone": "player", "text": "target player"}]),
    # CR 122.1: counters on the target
    ("{3}: Put a +1/+1 counter on target creature.", "Test Druid",
     [{"kind": "put_counters", "counter": "+1/+1", "count": 1, "onto": "target",
       "target": 0}],
     [{"zone": "battlefield", "filter": {"types": ["creature"]},
       "text": "target creature"}]),
    # CR 611.2a, 613.4c, 702: until end of turn ("-1/-0": the zero takes the sign)
    ("{1}: Morphling gets +1/-1 until end of turn.", "Morphling",
     [{"kind": "pump", "onto": "self", "power": 1, "toughness": -1,
       "duration": "end_of_turn"}], []),
    ("{B}: Target creature gets -1/-0 until end of turn.", "Test Shade",
     [{"kind": "pump", "onto": "target", "target": 0, "power": -1, "toughness": 0,
       "duration": "end_of_turn"}],
     [{"zone": "battlefield", "filter": {"types": ["creature"]},
       "text": "target creature"}]),
    ("{U}: Morphling gains flying until end of turn.", "Morphling",
     [{"kind": "gain_keyword", "onto": "self", "keyword": "Flying",
       "duration": "end_of_turn"}], []),
    # CR 701.21a, 120.3: two sentences, in order (CR 608.2c)
    ("{2}: Goblin Cannon deals 1 damage to any target. Sacrifice Goblin Cannon.",
     "Goblin Cannon",
     [{"kind": "deal_damage", "amount": 1, "target": 0},
      {"kind": "sacrifice", "of": "self"}], [{"zone": "any", "text": "any target"}]),
])
def test_effect_forms_read_as_derived_by_hand(line: str, name: str,
                                              effects: list[dict[str, Any]],
                                              targets: list[dict[str, Any]]) -> None:
    r = read_line(line, name)
    assert r.status == "read", r.why
    ab = r.ability["activated"]  # type: ignore[index]
    assert ab["effects"] == effects
    assert ab.get("targets", []) == targets


def test_a_gained_keywords_reminder_is_checked_against_the_keyword() -> None:
    """Shroud's own reminder (CR 702.18a) beside "gains shroud" is read; another
    reminder there is never left unchecked beside effects all read."""
    ok = read_line("{U}: Morphling gains shroud until end of turn. (It can't be the target "
                   "of spells or abilities.)", "Morphling")
    assert ok.status == "read", ok.why
    wrong = read_line("{U}: Morphling gains shroud until end of turn. (It can attack and "
                      "{T} this turn.)", "Morphling")
    assert wrong.status != "read"
    assert wrong.ability is None or all(e["kind"] == "other"
                                        for e in wrong.ability["activated"]["effects"])


@pytest.mark.parametrize("line", [
    # a target phrase the sentence continues past: never read as "target creature"
    "{T}: Tap target creature or Vehicle an opponent controls and up to one other target "
    "creature.",
    # "up to one": maybe no target; one effect of several targets: not composed
    "{1}: Put a +1/+1 counter on up to one target creature.",
    "{2}: Destroy two target artifacts.",
    # a count the effect defines
    "{T}: Test Imp deals X damage to any target, where X is the number of Goblins you "
    "control.",
    # an X that isn't the cost's (CR 107.3c)
    "{2}: Destroy target creature with mana value X.",
])
def test_half_a_sentence_is_never_read(line: str) -> None:
    r = read_line(line, "Test Imp")
    if r.ability is not None:
        effects = r.ability["activated"].get("effects", [])
        assert all(e["kind"] == "other" for e in effects), effects


# ---- resolving: boards, events, answers derived by hand ------------------------------


def board(alice: list[Any], bob: list[Any], stack: list[Any], *,
          events: list[Any] | None = None, alice_hand: list[Any] | None = None,
          bob_hand: list[Any] | None = None, library: int = 10) -> GameState:
    return load_state_data({
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {
            "Alice": {"battlefield": alice, "hand": alice_hand or [],
                      "library_size": library},
            "Bob": {"battlefield": bob, "hand": bob_hand or [], "library_size": library},
        },
        "stack": stack,
        "events": events or [],
    })


def ability(src: str, n: int = 1, targets: list[str] | None = None,
            controller: str = "Alice") -> dict[str, Any]:
    return {"ability_of": src, "ability": n, "controller": controller,
            "targets": targets or []}


TOP = [{"resolve": "top"}]
ALL = [{"resolve": "all"}]


@pytest.mark.cr("120.3a")
def test_damage_to_a_player_is_life_lost_120_3a() -> None:
    s = board(["Prodigal Sorcerer"], [], [ability("Prodigal Sorcerer", targets=["Bob"])])
    out = resolve(s, TOP)
    assert out.complete
    assert out.state.player("Bob").life == 19
    assert out.state.player("Alice").life == 20


@pytest.mark.cr("120.3c")
def test_damage_to_a_planeswalker_removes_loyalty_then_704_5i() -> None:
    """Kamahl deals 3: Jace with 3 loyalty has 0 and is put into the graveyard as a
    state-based action (CR 120.3c, 704.5i); with 5 it keeps 2."""
    s = board(["Kamahl, Pit Fighter"], [{"card": "Jace Beleren", "counters": {"loyalty": 3}}],
              [ability("Kamahl, Pit Fighter", targets=["Jace Beleren"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Jace Beleren") == "graveyard"
    s = board(["Kamahl, Pit Fighter"], [{"card": "Jace Beleren", "counters": {"loyalty": 5}}],
              [ability("Kamahl, Pit Fighter", targets=["Jace Beleren"])])
    out = resolve(s, TOP)
    assert out.state.permanent("Jace Beleren").counters.as_dict() == {"loyalty": 2}


@pytest.mark.cr("120.3e")
def test_damage_to_a_creature_is_marked_120_3e() -> None:
    """Grizzly Bears (2/2) dealt 1: 1 damage marked, it survives (CR 120.3e)."""
    s = board(["Prodigal Sorcerer"], ["Grizzly Bears"],
              [ability("Prodigal Sorcerer", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.permanent("Grizzly Bears").damage == 1


@pytest.mark.cr("704.5g")
@pytest.mark.parametrize(("marked", "dies"), [(0, True), (1, True)])
def test_lethal_damage_destroys_a_creature_704_5g(marked: int, dies: bool) -> None:
    """Kamahl deals 3 to Grizzly Bears (2/2): lethal damage, destroyed (CR 704.5g).
    Prodigal Sorcerer's 1 on Bears with 1 marked already: 2 in all, lethal too."""
    src = "Kamahl, Pit Fighter" if marked == 0 else "Prodigal Sorcerer"
    s = board([src], [{"card": "Grizzly Bears", "damage": marked}],
              [ability(src, targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert (out.state.zone_of("Grizzly Bears") == "graveyard") is dies
    assert any("704.5g" in e.rules for e in out.log)


@pytest.mark.cr("702.12b")
def test_indestructible_survives_lethal_damage_702_12b() -> None:
    """Darksteel Myr (0/1, indestructible) dealt 3: damage marked, not destroyed."""
    s = board(["Kamahl, Pit Fighter"], ["Darksteel Myr"],
              [ability("Kamahl, Pit Fighter", targets=["Darksteel Myr"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Darksteel Myr") == "battlefield"
    assert out.state.permanent("Darksteel Myr").damage == 3


def test_damage_marked_round_trips_through_the_state_file() -> None:
    from manacheck.model import dump_state_text, load_state_text

    s = board(["Prodigal Sorcerer"], [{"card": "Grizzly Bears", "damage": 1}], [])
    again = load_state_text(dump_state_text(s))
    assert again.permanent("Grizzly Bears").damage == 1


@pytest.mark.cr("701.21a")
def test_goblin_cannon_sacrificed_once_each_activation_still_deals_damage() -> None:
    """Ruling 2004-12-01: "Goblin Cannon will be sacrificed the first time the ability
    resolves, but each activation still deals damage when it resolves." Two on the
    stack: Bob loses 2 (CR 120.3a), the Cannon is in the graveyard once (701.21a), and
    the second can't sacrifice it (it isn't on the battlefield)."""
    s = board(["Goblin Cannon"], [], [ability("Goblin Cannon", targets=["Bob"]),
                                      ability("Goblin Cannon", targets=["Bob"])])
    out = resolve(s, ALL)
    assert out.complete
    assert out.state.player("Bob").life == 18
    assert out.state.zone_of("Goblin Cannon") == "graveyard"
    assert [c.id for c in out.state.player("Alice").graveyard] == ["Goblin Cannon"]


@pytest.mark.cr("701.8a")
def test_royal_assassin_destroys_a_tapped_creature_701_8a() -> None:
    s = board(["Royal Assassin"], [{"card": "Grizzly Bears", "tapped": True}],
              [ability("Royal Assassin", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Grizzly Bears") == "graveyard"
    assert [c.id for c in out.state.player("Bob").graveyard] == ["Grizzly Bears"]


@pytest.mark.cr("608.2b")
def test_royal_assassin_target_untapped_doesnt_resolve_608_2b() -> None:
    """Ruling 2004-10-04: "If the creature is no longer tapped when the Assassin's
    ability resolves, then the ability doesn't resolve." """
    s = board(["Royal Assassin"], ["Grizzly Bears"],
              [ability("Royal Assassin", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Grizzly Bears") == "battlefield"
    assert any("608.2b" in e.rules for e in out.log)


@pytest.mark.cr("702.12b")
def test_indestructible_isnt_destroyed_702_12b() -> None:
    s = board(["Royal Assassin"], [{"card": "Darksteel Myr", "tapped": True}],
              [ability("Royal Assassin", targets=["Darksteel Myr"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Darksteel Myr") == "battlefield"


@pytest.mark.cr("701.13a")
def test_exile_a_permanent_you_control_701_13a() -> None:
    s = board(["Synod Sanctum", "Llanowar Elves"], [],
              [ability("Synod Sanctum", targets=["Llanowar Elves"])])
    out = resolve(s, TOP)
    assert out.state.zone_of("Llanowar Elves") == "exile"


@pytest.mark.cr("701.26a")
@pytest.mark.parametrize(("tapped", "log"), [(False, "tap Grizzly Bears"),
                                             (True, "already tapped")])
def test_tap_target_creature_701_26a(tapped: bool, log: str) -> None:
    s = board(["Elite Arrester"], [{"card": "Grizzly Bears", "tapped": tapped}],
              [ability("Elite Arrester", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.permanent("Grizzly Bears").tapped
    assert any(log in e.text for e in out.log)


@pytest.mark.cr("701.26b")
def test_untap_the_source_701_26b() -> None:
    s = board([{"card": "Morphling", "tapped": True}], [], [ability("Morphling", 1)])
    out = resolve(s, TOP)
    assert not out.state.permanent("Morphling").tapped


@pytest.mark.cr("400.6")
def test_return_target_permanent_to_its_owners_hand_400_6() -> None:
    """Dispersing Orb returns Bob's Bears to Bob's hand (its owner's); a token returned
    ceases to exist (CR 111.7, 704.5d)."""
    s = board(["Dispersing Orb"], ["Grizzly Bears"],
              [ability("Dispersing Orb", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert [c.id for c in out.state.player("Bob").hand] == ["Grizzly Bears"]
    s = board(["Dispersing Orb"], [{"card": "Grizzly Bears", "id": "Bear Token",
                                    "token": True}],
              [ability("Dispersing Orb", targets=["Bear Token"])])
    out = resolve(s, TOP)
    assert "Bear Token" not in out.state
    assert out.state.player("Bob").hand == ()


@pytest.mark.cr("121.2")
def test_jace_target_player_draws_121_2() -> None:
    s = board([{"card": "Jace Beleren", "counters": {"loyalty": 3}}], [],
              [ability("Jace Beleren", 2, targets=["Bob"])], library=4)
    out = resolve(s, TOP)
    assert len(out.state.player("Bob").hand) == 1
    assert out.state.player("Bob").library_size == 3
    assert len(out.state.player("Alice").hand) == 0


@pytest.mark.cr("701.17b")
@pytest.mark.parametrize(("library", "milled"), [(5, 2), (1, 1), (0, 0)])
def test_millstone_mills_two_or_all_there_are_701_17b(library: int, milled: int) -> None:
    """CR 701.17b: a player can't mill more cards than are in their library; as many
    as there are are milled (as Jace Beleren's ruling 2009-10-01 says of its twenty:
    "that player puts all the cards from their library into their graveyard")."""
    s = board(["Millstone"], [], [ability("Millstone", targets=["Bob"])], library=library)
    out = resolve(s, TOP)
    bob = out.state.player("Bob")
    assert (bob.library_size, len(bob.graveyard)) == (library - milled, milled)


@pytest.mark.cr("701.9b")
def test_disrupting_scepter_the_player_chooses_the_discard_701_9b() -> None:
    """Bob chooses which card (CR 701.9b): two cards, two outcomes; with the choice
    made, that card is in his graveyard. Ruling 2004-10-04: "You can use it on
    yourself." """
    s = board(["Disrupting Scepter"], [], [ability("Disrupting Scepter", targets=["Bob"])],
              bob_hand=["Island", "Forest"])
    outs = outcomes(s, TOP)
    assert sorted(tuple(c.id for c in o.state.player("Bob").graveyard) for o in outs) == [
        ("Forest",), ("Island",)]
    out = resolve(s, [*TOP, {"choose": {"discard": "Forest"}}])
    assert [c.id for c in out.state.player("Bob").hand] == ["Island"]
    mine = board(["Disrupting Scepter"], [],
                 [ability("Disrupting Scepter", targets=["Alice"])], alice_hand=["Island"])
    out = resolve(mine, TOP)
    assert [c.id for c in out.state.player("Alice").graveyard] == ["Island"]


@pytest.mark.cr("701.9a")
def test_discard_from_an_empty_hand_does_nothing_701_9a() -> None:
    s = board(["Disrupting Scepter"], [], [ability("Disrupting Scepter", targets=["Bob"])])
    out = resolve(s, TOP)
    assert out.complete and out.state.player("Bob").graveyard == ()


@pytest.mark.cr("608.2c")
def test_merfolk_looter_draws_then_discards_608_2c() -> None:
    """Ruling 2018-03-16: nothing happens between the draw and the discard. With an
    empty hand, the card drawn is the one discarded: hand 0, graveyard 1, library 9."""
    s = board(["Merfolk Looter"], [], [ability("Merfolk Looter")])
    out = resolve(s, TOP)
    alice = out.state.player("Alice")
    assert (len(alice.hand), len(alice.graveyard), alice.library_size) == (0, 1, 9)


@pytest.mark.cr("119.3")
def test_target_player_loses_life_119_3() -> None:
    s = board([{"card": "Necrogen Censer", "counters": {"charge": 2}}], [],
              [ability("Necrogen Censer", targets=["Bob"])])
    out = resolve(s, TOP)
    assert out.state.player("Bob").life == 18


@pytest.mark.cr("115.1")
def test_an_opponent_target_must_be_an_opponent() -> None:
    """"target opponent" (CR 115.1, 102.2): Alice herself is an illegal target as the
    ability resolves, so it doesn't resolve (CR 608.2b)."""
    s = board(["Cult Guildmage"], [], [ability("Cult Guildmage", 2, targets=["Alice"])])
    out = resolve(s, TOP)
    assert out.state.player("Alice").life == 20
    assert any("608.2b" in e.rules for e in out.log)
    s = board(["Cult Guildmage"], [], [ability("Cult Guildmage", 2, targets=["Bob"])])
    assert resolve(s, TOP).state.player("Bob").life == 19


@pytest.mark.cr("611.2a")
def test_until_end_of_turn_is_not_decided_and_says_so_611_2a() -> None:
    s = board(["Morphling"], [], [ability("Morphling", 2)])
    with pytest.raises(Unsupported, match=r"611\.2a"):
        resolve(s, TOP)


# ---- instants and sorceries: their lines read as what they do (CR 608.2) -------------


@pytest.mark.parametrize(("line", "name", "want"), [
    ("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt",
     {"effects": [{"kind": "deal_damage", "amount": 3, "target": 0}],
      "targets": [{"zone": "any", "text": "any target"}]}),
    ("Draw two cards.", "Divination", {"effects": [{"kind": "draw", "count": 2}]}),
    # a delayed triggered ability (CR 603.7): read, and refused where it would resolve
    ("Draw a card at the beginning of the next turn's upkeep.", "Test Cantrip",
     {"effects": [{"kind": "draw", "count": 1, "at": "next_upkeep"}]}),
    # two effects on one target, one sentence (CR 608.2c)
    ("Target creature gets +3/+3 and gains trample until end of turn.", "Test Might",
     {"effects": [{"kind": "pump", "onto": "target", "target": 0, "power": 3,
                   "toughness": 3, "duration": "end_of_turn"},
                  {"kind": "gain_keyword", "onto": "target", "target": 0,
                   "keyword": "Trample", "duration": "end_of_turn"}],
      "targets": [{"zone": "battlefield", "filter": {"types": ["creature"]},
                   "text": "target creature"}]}),
    # each creature you control as the effect begins (CR 611.2c)
    ("Creatures you control get +1/+1 until end of turn.", "Test Rally",
     {"effects": [{"kind": "pump", "onto": "each",
                   "filter": {"types": ["creature"], "controller": "you"}, "power": 1,
                   "toughness": 1, "duration": "end_of_turn"}]}),
    ("Destroy target artifact or enchantment.", "Disenchant",
     {"effects": [{"kind": "destroy", "target": 0}],
      "targets": [{"zone": "battlefield",
                   "filter": {"any_types": ["artifact", "enchantment"]},
                   "text": "target artifact or enchantment"}]}),
])
def test_spell_lines_read_as_derived_by_hand(line: str, name: str,
                                             want: dict[str, Any]) -> None:
    from manacheck.model.oracletext.spells import read_spell_line

    got = read_spell_line(line, name)
    assert got == {"spell": {**want, "text": line}}


@pytest.mark.parametrize("line", [
    "Destroy target creature. It can't be regenerated.",   # a sentence not read
    "Sacrifice Test Spell.",                               # its own permanent: none
    "Destroy target creature with mana value X.",          # X: not bound here (107.3)
    "Target creature gets +3/+3 until end of turn and gains flying until end of turn.",
])
def test_a_spell_line_is_read_whole_or_not_at_all(line: str) -> None:
    from manacheck.model.oracletext.spells import read_spell_line

    assert read_spell_line(line, "Test Spell") is None


def test_spell_effects_are_only_an_instants_or_sorcerys_in_the_card_format() -> None:
    from manacheck.model import parse_card
    from manacheck.model.cardformat import CardFieldError

    entry = {"name": "Test Bear", "types": ["Creature"], "power": 2, "toughness": 2,
             "abilities": [{"spell": {"effects": [{"kind": "draw", "count": 1}],
                                      "text": "Draw a card."}}]}
    with pytest.raises(CardFieldError, match="instant or sorcery"):
        parse_card(entry, "test")


def cast(card: str, *targets: str) -> dict[str, Any]:
    return {"cast": {"card": card, "targets": list(targets)}}


@pytest.mark.cr("608.2")
def test_lightning_bolt_to_a_player_then_the_graveyard_608_2n() -> None:
    s = board([], [], [], alice_hand=["Lightning Bolt"])
    out = resolve(s, [cast("Lightning Bolt", "Bob"), *TOP])
    assert out.complete
    assert out.state.player("Bob").life == 17
    assert [c.id for c in out.state.player("Alice").graveyard] == ["Lightning Bolt"]


@pytest.mark.cr("704.5g")
def test_lightning_bolt_kills_a_bear_704_5g() -> None:
    s = board([], ["Grizzly Bears"], [], alice_hand=["Lightning Bolt"])
    out = resolve(s, [cast("Lightning Bolt", "Grizzly Bears"), *TOP])
    assert out.state.zone_of("Grizzly Bears") == "graveyard"


@pytest.mark.cr("608.2b")
def test_befuddle_target_gone_doesnt_resolve_no_card_drawn_608_2b() -> None:
    """Befuddle ruling 2019-07-12: "If the target creature is an illegal target by the
    time Befuddle tries to resolve, the spell doesn't resolve. You won't draw a card."
    (With the target still there, its -4/-0 until end of turn is not decided.)"""
    s = board([], ["Grizzly Bears"], [], alice_hand=["Befuddle"])
    out = resolve(s, [cast("Befuddle", "Grizzly Bears"), {"dies": "Grizzly Bears"}, *TOP])
    assert out.complete
    alice = out.state.player("Alice")
    assert (len(alice.hand), alice.library_size) == (0, 10)
    assert [c.id for c in alice.graveyard] == ["Befuddle"]
    with pytest.raises(Unsupported, match=r"611\.2a"):
        resolve(s, [cast("Befuddle", "Grizzly Bears"), *TOP])


@pytest.mark.cr("121.2")
def test_divination_draws_two_121_2() -> None:
    s = board([], [], [], alice_hand=["Divination"], library=5)
    out = resolve(s, [cast("Divination"), *TOP])
    alice = out.state.player("Alice")
    assert (len(alice.hand), alice.library_size) == (2, 3)


def test_disenchant_destroys_an_artifact_701_8a() -> None:
    """Ruling 2004-10-04: "This is not modal." Sol Ring is an artifact: destroyed."""
    s = board([], ["Sol Ring"], [], alice_hand=["Disenchant"])
    out = resolve(s, [cast("Disenchant", "Sol Ring"), *TOP])
    assert out.state.zone_of("Sol Ring") == "graveyard"


def test_an_illegal_target_is_a_bad_cast_601_2c() -> None:
    from manacheck.solver.resolution import BadEvent

    s = board([], ["Grizzly Bears"], [], alice_hand=["Disenchant"])
    with pytest.raises(BadEvent, match="not a legal target"):
        resolve(s, [cast("Disenchant", "Grizzly Bears"), *TOP])


def test_buyback_is_not_decided_702_27a() -> None:
    """Capsize's buyback would put it into its owner's hand as it resolves (CR 702.27a):
    not applied, so not decided, never the graveyard."""
    s = board([], ["Grizzly Bears"], [], alice_hand=["Capsize"])
    with pytest.raises(Unsupported, match="Buyback"):
        resolve(s, [cast("Capsize", "Grizzly Bears"), *TOP])


# ---- "When CARDNAME enters/dies, ..." triggers: their effects composed (CR 603) -------


@pytest.mark.parametrize(("line", "name", "effects", "targets"), [
    ("When Mulldrifter enters, draw two cards.", "Mulldrifter",
     [{"kind": "draw", "count": 2}], []),
    # "it" of "When CARDNAME enters, it deals ..." is CARDNAME
    ("When Flametongue Kavu enters, it deals 4 damage to target creature.",
     "Flametongue Kavu", [{"kind": "deal_damage", "amount": 4, "target": 0}],
     [{"zone": "battlefield", "filter": {"types": ["creature"]},
       "text": "target creature"}]),
    ("When Man-o'-War enters, return target creature to its owner's hand.", "Man-o'-War",
     [{"kind": "return_to_hand", "of": "target", "target": 0}],
     [{"zone": "battlefield", "filter": {"types": ["creature"]},
       "text": "target creature"}]),
])
def test_trigger_effects_composed_as_derived_by_hand(
        line: str, name: str, effects: list[dict[str, Any]],
        targets: list[dict[str, Any]]) -> None:
    from manacheck.model.oracletext.triggers import read_trigger

    got = read_trigger(line, name)
    assert got is not None
    assert got["triggered"]["effects"] == effects
    assert got["triggered"].get("targets", []) == targets


@pytest.mark.cr("603.3d")
def test_man_o_war_returns_the_creature_chosen_603_3d() -> None:
    """Man-o'-War enters; its trigger targets Bob's Bears (chosen as it goes on the
    stack, CR 603.3d); the Bears go to Bob's hand (400.6)."""
    s = board([], ["Grizzly Bears"], [], alice_hand=["Man-o'-War"])
    out = resolve(s, [cast("Man-o'-War"), *TOP, {"choose": {"target": "Grizzly Bears"}},
                      *TOP])
    assert out.complete
    assert [c.id for c in out.state.player("Bob").hand] == ["Grizzly Bears"]
    assert out.state.zone_of("Man-o'-War") == "battlefield"


@pytest.mark.cr("704.5g")
def test_flametongue_kavu_alone_must_target_itself() -> None:
    """Ruling 2004-10-04: "If it enters the battlefield as the only targetable creature,
    it must target itself." 4 damage to the 4/2 Kavu: lethal (CR 120.3e, 704.5g)."""
    s = board([], [], [], alice_hand=["Flametongue Kavu"])
    out = resolve(s, [cast("Flametongue Kavu"), *ALL])
    assert out.complete
    assert out.state.zone_of("Flametongue Kavu") == "graveyard"


# ---- equip (attach) and counter -----------------------------------------------------


@pytest.mark.cr("701.3a")
def test_equip_attaches_and_the_equipment_applies_701_3a() -> None:
    """Bonesplitter's "Equip {1}" (CR 702.6a: "Attach this permanent to target creature
    you control.") resolves: attached to the Bears, which get +2/+0 (2/2 → 4/2)."""
    from manacheck.model import effective

    s = board(["Bonesplitter", "Grizzly Bears"], [],
              [ability("Bonesplitter", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.permanent("Bonesplitter").attached_to == "Grizzly Bears"
    assert effective(out.state)["Grizzly Bears"].power == 4


@pytest.mark.cr("608.2b")
def test_equip_onto_a_creature_no_longer_yours_doesnt_resolve_608_2b() -> None:
    """"target creature you control": Bob's Bears aren't (CR 115.1, 608.2b)."""
    s = board(["Bonesplitter"], ["Grizzly Bears"],
              [ability("Bonesplitter", targets=["Grizzly Bears"])])
    out = resolve(s, TOP)
    assert out.state.permanent("Bonesplitter").attached_to is None


@pytest.mark.cr("701.6a")
def test_counterspell_counters_a_creature_spell_701_6a() -> None:
    s = board([], [], [{"card": "Grizzly Bears", "controller": "Bob"}],
              alice_hand=["Counterspell"])
    out = resolve(s, [cast("Counterspell", "Grizzly Bears"), *TOP])
    assert out.state.stack == ()
    assert [c.id for c in out.state.player("Bob").graveyard] == ["Grizzly Bears"]
    assert [c.id for c in out.state.player("Alice").graveyard] == ["Counterspell"]


def test_a_mana_abilitys_sentences_are_never_composed_605_3b() -> None:
    """A mana ability's riders are the payment solver's (CR 605.3b): a sentence only the
    composed effects read stays unread there, as before (the ability is left out of
    payments, never paid with an effect ignored)."""
    r = read_line("{T}: Add {G}. Draw two cards.", "Test Grove")
    assert r.mana and r.status == "partial"
    assert r.ability["activated"]["effects"] == [  # type: ignore[index]
        {"kind": "other", "text": "Draw two cards."}]


@pytest.mark.cr("120.3a")
def test_it_deals_is_the_source_the_cost_names() -> None:
    """"Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target.":
    "It" is Walking Ballista, the ability's source (read as its damage, rendered back
    with "It"); with no card named in the cost ("It" could be another object, as in a
    granted ability) it stays unread."""
    line = "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target."
    r = read_line(line, "Walking Ballista")
    assert r.status == "read", r.why
    assert r.ability["activated"]["effects"] == [  # type: ignore[index]
        {"kind": "deal_damage", "amount": 1, "target": 0}]
    other = read_line("{1}{R}, {T}: It deals 3 damage to any target.", "Test Hammer")
    assert other.ability is None or other.ability["activated"]["effects"][0]["kind"] == "other"
    s = board([{"card": "Walking Ballista", "counters": {"+1/+1": 1}}], [],
              [ability("Walking Ballista", 2, targets=["Bob"])])
    assert resolve(s, TOP).state.player("Bob").life == 19
