"""Statics read with their rule families declared (``oracletext.declared``).

Expectations derived by hand from the rules:

* CR 613.1f, 702: a static granting keywords changes what those keywords change: menace
  and first strike only blocks and combat damage (CR 702.111, 702.7), indestructible only
  destruction (702.12), haste also whether {T} abilities may be activated (702.10, 302.6)
  and so payments.
* CR 119.7: "can't gain life" changes only life gained: not a payment (no modelled cost
  gains life), but a resolution that gains life.
* CR 401.2: looking at the top card of a library changes no answer; CR 305.1, 601.2a:
  playing lands and casting spells from the top of the library or not from the hand
  changes when and from where they are played, not a cost or a mana ability.
* A line is read only when it renders back to its text; a keyword's reminder must be
  its own.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.carddata import parse_card
from manacheck.model.oracletext.declared import read_declared
from manacheck.solver.payments import payment_answer
from manacheck.solver.soundness import PAYMENT, RESOLUTION, unapplied

MENACE = "(They can't be blocked except by two or more creatures.)"


@pytest.mark.cr("613.1f")
@pytest.mark.parametrize(("line", "name", "subtypes", "affected", "params", "affects"), [
    (f"Zombies you control have menace. {MENACE}", "Graf Harvest", (),
     {"subtypes": ["Zombie"], "controller": "you"}, {"grant_keywords": ["Menace"]},
     ["blocks"]),
    ('Artifacts you control have indestructible. (Effects that say "destroy" don\'t destroy '
     "them. Artifact creatures with indestructible can't be destroyed by damage.)",
     "Darksteel Forge", (), {"types": ["artifact"], "controller": "you"},
     {"grant_keywords": ["Indestructible"]}, ["damage", "zones"]),
    ("As long as it's your turn, Radha, Heart of Keld has first strike.",
     "Radha, Heart of Keld", (), None,
     {"grant_keywords": ["First strike"], "during": "your_turn"}, ["blocks"]),
    ("Enchanted creature has flying and first strike.", "X", ("Aura",),
     {"types": ["creature"], "enchanted": True},
     {"grant_keywords": ["Flying", "First strike"]}, ["blocks"]),
    ("All creatures have flying, vigilance, and trample.", "X", (), {"types": ["creature"]},
     {"grant_keywords": ["Flying", "Vigilance", "Trample"]}, ["attacks", "blocks"]),
    ("Creatures you control have haste.", "X", (),
     {"types": ["creature"], "controller": "you"}, {"grant_keywords": ["Haste"]},
     ["activation", "attacks"]),
    ("Your opponents can't gain life.", "Erebos, God of the Dead", (), None,
     {"cant_gain_life": "opponents"}, ["damage", "life"]),
    ("You may look at the top card of your library any time.", "X", (), None,
     {"look_at_top": True}, ["hidden"]),
    ("You may look at the top card of your library any time, and you may play lands "
     "from the top of your library.", "X", (), None,
     {"look_at_top": True, "from_top": "lands"}, ["casting", "hidden"]),
    ("You may cast instant and sorcery spells from the top of your library.", "X", (), None,
     {"from_top": "instant and sorcery spells"}, ["casting"]),
    ("You can't play lands or cast spells from your hand.", "X", (), None,
     {"cant_play_from_hand": True}, ["casting"]),
    ("You may cast noncreature spells from the top of your library. If you cast a spell "
     "this way, you may cast it as though it had flash.", "Elsha of the Infinite", (), None,
     {"from_top": "noncreature spells", "then": "flash"}, ["casting"]),
    # an alternative cost for the spells cast so (CR 118.9): their total cost
    ("You may play lands and cast spells from the top of your library. If you cast a "
     "spell this way, pay life equal to its mana value rather than pay its mana cost.",
     "Bolas's Citadel", (), None,
     {"from_top": "lands and spells", "then": "pay_life_mana_value"},
     ["casting", "spell_costs"]),
    ("As long as an opponent controls more lands than you, you may play lands from the "
     "top of your library. (You can play a land this way only if you have an available "
     "land play remaining.)", "Verge Rangers", (), None,
     {"from_top": "lands", "while": "opponent_more_lands"}, ["casting"]),
    ("You may spend mana as though it were mana of any type to cast creature spells.",
     "Vizier of the Menagerie", (), None, {"spend_any_type_for": "creature spells"},
     ["spell_spending"]),
    # a player with hexproof (CR 702.11c): who may target them, nothing else
    ("You have hexproof. (You can't be the target of spells or abilities your opponents "
     "control, including Aura spells.)", "Witchbane Orb", (), None,
     {"player_keywords": ["Hexproof"]}, ["targeting"]),
    ("You have hexproof. (You can't be the target of spells or abilities your opponents "
     "control.)", "Leyline of Sanctity", (), None, {"player_keywords": ["Hexproof"]},
     ["targeting"]),
    # a player with shroud (CR 702.18a); creatures granted it
    ("You have shroud. (You can't be the target of spells or abilities.)", "True Believer",
     (), None, {"player_keywords": ["Shroud"]}, ["targeting"]),
    ("Creatures you control have shroud.", "X", (),
     {"types": ["creature"], "controller": "you"}, {"grant_keywords": ["Shroud"]},
     ["targeting"]),
])
def test_declared_statics_read(line: str, name: str, subtypes: tuple[str, ...],
                               affected: dict[str, Any] | None, params: dict[str, Any],
                               affects: list[str]) -> None:
    got = read_declared(line, name, subtypes)
    assert got is not None
    ab = got["static"]
    assert ab.get("affected") == affected
    assert ab["params"] == params
    assert ab["affects"] == affects
    assert ab.get("self_only", False) is (affected is None and "grant_keywords" in params)
    parse_card({"name": name, "types": ["Enchantment"], "abilities": [got]}, "t")


@pytest.mark.parametrize(("line", "subtypes"), [
    # a keyword whose parameter the grammar doesn't take, a wrong reminder
    ("Creatures you control have protection from red.", ()),
    # a triggered keyword (CR 702.25 flanking): resolve looks for it on the object
    ("Creatures you control have flanking.", ()),
    ("Zombies you control have menace. (They can be blocked only by Dragons.)", ()),
    ("Zombies you control have menace. (They can't be blocked.)", ()),
    # a condition not read, another player's creatures, a noun after "has" in plural
    ("As long as you control a Forest, Test has first strike.", ()),
    ("Creatures your opponents control have flying.", ()),
    ("Enchanted creatures has flying.", ("Aura",)),
    # not an Aura or Equipment; another sentence after it
    ("Enchanted creature has flying.", ()),
    ("You may look at the top card of your library any time. Draw a card.", ()),
    ("You may cast spells from the top of your library as though they had flash.", ()),
    # a player keyword other than hexproof or shroud; a wrong reminder
    ("You have flying.", ()),
    ("You have hexproof. (You can't be dealt damage.)", ()),
])
def test_declared_statics_not_read(line: str, subtypes: tuple[str, ...]) -> None:
    assert read_declared(line, "Test", subtypes) is None


def state(battlefield: str) -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            battlefield: {battlefield}
          Bob:
            battlefield: ["Erebos, God of the Dead"]
        """))


@pytest.mark.cr("119.7")
def test_cant_gain_life_leaves_payments_and_is_not_applied_by_resolve() -> None:
    """Erebos's "Your opponents can't gain life." can't change a payment (CR 119.7: no
    modelled cost gains life), so {G} is payable with a Forest; resolve, which gains life
    as effects resolve (CR 119.3), doesn't apply it and names it."""
    s = state("[Forest]")
    assert payment_answer(s, "Alice", "{G}", list_payments=False).payable is True
    texts = [u.text for u in unapplied(s, RESOLUTION)]
    assert "Your opponents can't gain life." in texts
    assert "Your opponents can't gain life." not in [u.text for u in unapplied(s, PAYMENT)]


@pytest.mark.cr("302.6", "613.1f")
def test_a_granted_haste_is_applied_so_the_new_creature_pays() -> None:
    """"Creatures you control have haste." (Fervor) is applied in layer 6: the
    summoning-sick Llanowar Elves may activate its {T} mana ability (CR 302.6, 702.10),
    so {G} is payable, one way, with nothing left undecided."""
    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            battlefield: [{card: Llanowar Elves, summoning_sick: true}, Fervor]
          Bob: {}
        """))
    ans = payment_answer(s, "Alice", "{G}", list_payments=False)
    assert ans.payable is True and ans.count == 1
    assert not ans.undecided
    # Without Fervor the Elves can't tap: a definite no.
    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            battlefield: [{card: Llanowar Elves, summoning_sick: true}]
          Bob: {}
        """))
    assert payment_answer(s, "Alice", "{G}", list_payments=False).payable is False


@pytest.mark.cr("609.4b")
def test_spending_as_any_type_for_creature_spells_waits_only_for_creature_spells() -> None:
    """Vizier of the Menagerie's "You may spend mana as though it were mana of any type
    to cast creature spells." (read, not applied): a cost paid for nothing named is no
    creature spell's, so {G} with a Forest is payable and {U} isn't (CR 609.4b applies
    only to casting creature spells, as mana restricted to them can't pay such a cost).
    With two Islands, Grizzly Bears ({1}{G}) in hand is payable by the rule (an Island's
    {U} spent as {G}); the rule isn't applied, so that is not decided, never "not
    payable"."""
    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            hand: [Grizzly Bears]
            battlefield: [Forest, Vizier of the Menagerie]
          Bob: {}
        """))
    assert payment_answer(s, "Alice", "{G}", list_payments=False).payable is True
    assert payment_answer(s, "Alice", "{U}", list_payments=False).payable is False
    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            hand: [Grizzly Bears]
            battlefield: [Island, Island, Vizier of the Menagerie]
          Bob: {}
        """))
    ans = payment_answer(s, "Alice", None, list_payments=False, for_object="Grizzly Bears")
    assert ans.payable is None
    assert any("any type to cast creature spells" in u.text for u in ans.undecided)


@pytest.mark.cr("502.3")
def test_untapping_in_other_players_untap_steps_is_its_own_steps_family() -> None:
    """Endbringer's "Untap Endbringer during each other player's untap step." changes
    only when it untaps (CR 502.3): the steps family, its own object; with it on the
    board, can-activate its "{C}{C}, {T}: Draw a card" with Cultivator Drone and Wastes
    is decided (legal: the Drone's {C} may pay a colorless permanent's ability)."""
    line = "Untap Endbringer during each other player's untap step."
    got = read_declared(line, "Endbringer")
    assert got == {"static": {"kind": "other", "params": {"untap_in_other_untap_steps": True},
                              "affects": ["steps"], "self_only": True, "text": line}}
    assert read_declared("Untap Endbringer during your untap step.", "Endbringer") is None
    from manacheck.solver import can_activate

    s = load_state_text("turn: {active_player: Alice}\nplayers:\n  Alice:\n"
                        "    battlefield: [Cultivator Drone, Wastes, Endbringer]\n  Bob: {}\n")
    v = can_activate(s, "Endbringer", 3)
    assert v.legal and not v.undecided


@pytest.mark.cr("702.11c", "704.3")
def test_a_players_hexproof_leaves_payments_and_state_based_actions() -> None:
    """Witchbane Orb's "You have hexproof." changes who may target its controller (CR
    702.11c), nothing a payment or a state-based action reads: Bob's Orb leaves Alice's
    payment decided (before, the unread line made every answer "not decided")."""
    board = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            hand: [Grizzly Bears]
            battlefield: [Swamp, Swamp]
          Bob:
            battlefield: [Goblin Piker, Witchbane Orb]
        """))
    a = payment_answer(board, "Alice", "{B}{B}")
    assert (a.verdict, a.count) == ("payable", 1)
    assert payment_answer(board, "Alice", "{B}{B}{B}").verdict == "not payable"


PINGER = """\
cards:
  - name: Opponent Pinger
    types: [Artifact]
    abilities:
      - activated: {cost: "{T}", targets: [{zone: player, filter: {controller: opponent},
                    text: target opponent}], effects: [{kind: lose_life, amount: 1,
                    who: target}], text: "{T}: Target opponent loses 1 life."}
"""


@pytest.mark.cr("702.11c", "115.4")
def test_a_player_with_hexproof_is_not_a_legal_target() -> None:
    """Bob controls Witchbane Orb: Bob has hexproof (CR 702.11c), so Alice's abilities
    can't target him. Prodigal Sorcerer ("{T}: ... deals 1 damage to any target"): legal,
    two ways (Alice, the Sorcerer), three without the Orb. "Target opponent loses 1 life":
    not legal, the reason naming Bob's hexproof. Bob's own Pinger aimed at Alice: legal
    (hexproof only stops opponents)."""
    from manacheck.solver.activation import can_activate

    def board(bob: str) -> GameState:
        return load_state_text(textwrap.dedent(f"""\
            turn: {{active_player: Alice, phase: precombat_main}}
            players:
              Alice:
                battlefield: [Prodigal Sorcerer, Opponent Pinger]
              Bob:
                battlefield: [{bob}]
            """) + PINGER)

    v = can_activate(board("Witchbane Orb"), "Prodigal Sorcerer", 1)
    assert (v.legal, v.ways, v.undecided) == (True, 2, "")
    assert can_activate(board("Island"), "Prodigal Sorcerer", 1).ways == 3
    v = can_activate(board("Witchbane Orb"), "Opponent Pinger", 1)
    assert v.legal is False and not v.undecided
    assert any("Bob has hexproof (CR 702.11c)" in r.message for r in v.reasons)
    assert can_activate(board("Island"), "Opponent Pinger", 1).legal is True


@pytest.mark.cr("702.18a")
def test_a_player_with_shroud_is_no_legal_target_even_for_themselves() -> None:
    """True Believer ("You have shroud."): its controller can't be targeted by anyone,
    themselves included (CR 702.18a, unlike hexproof): Alice's Prodigal Sorcerer with
    Alice's True Believer may target Bob, the Sorcerer or the Believer, not Alice: three
    ways (four without the Believer's line: Alice too)."""
    from manacheck.solver.activation import can_activate

    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            battlefield: [Prodigal Sorcerer, True Believer]
          Bob:
            battlefield: []
        """))
    v = can_activate(s, "Prodigal Sorcerer", 1)
    assert (v.legal, v.ways, v.undecided) == (True, 3, "")
