"""Issue 30: every keyword ability of CR 702 has its rule families, self-only where it is.

A keyword not declared touches every family (``manacheck.model.effects``), so it blocks
every answer; each keyword named in CR 702 (the rules file, effective 2026-01-16) and
each keyword of the 2022 card data is declared, or said here why it can't be. A keyword
line followed by its reminder text is that keyword (CR 207.2: reminder text has no rules
meaning), read whole or not at all.
"""

from __future__ import annotations

import functools
import json
import lzma
import re

import pytest
from manacheck.model import load_state_text
from manacheck.model.effects import (
    ALL_FAMILIES,
    KEYWORD_KINDS,
    KEYWORD_RULES,
    KNOWN_KINDS,
    EffectKind,
    Family,
    kind_of_keyword,
    split_keyword,
)
from manacheck.model.oracle import read_text
from manacheck.model.oracletext.keywords import keyword_line
from manacheck.model.oracletext.normal import normalise
from manacheck.solver.payments import payment_answer
from manacheck.solver.resolution import resolve
from manacheck.solver.soundness import PAYMENT, RESOLUTION, unapplied

from tests.conftest import REFERENCE

F = Family
RULES = REFERENCE / "rules" / "comprehensive-rules.txt"

#: Keywords declared with every family: "[keyword] — [ability]" gives an ability under a
#: condition, and the ability's families are its text's (CR 702.169a, 702.178a, 702.186a).
EVERY_FAMILY = {"solved", "max speed", "∞"}

#: Keywords of the 2022 card data that no rule declares: each stays at every family.
NOT_RULES = {
    "Augment": "an Unstable keyword (host and augment cards), not in the CR",
    "Hero's Reward": "a Theros Hero's Path challenge deck card, not in the CR",
    "Kinfall": "a Mystery Booster playtest card's, not in the CR",
    "Landship": "a Mystery Booster playtest card's, not in the CR",
    "Legacy": "a Mystery Booster playtest card's, not in the CR",
    "Underdog": "a Mystery Booster playtest card's, not in the CR",
    "Teamwork": "a Heroes of the Realm card's, not in the CR",
}


@functools.cache
def _rules() -> str:
    return RULES.read_text(encoding="utf-8")


def _cr_702() -> list[tuple[str, str]]:
    """(rule, keyword) of each "702.N. Keyword" heading, "Daybound and Nightbound" as
    two and "∞ (Infinity)" as its symbol."""
    out = []
    for m in re.finditer(r"^702\.(\d+)\. (.+)$", _rules(), re.MULTILINE):
        number, title = int(m.group(1)), m.group(2).strip()
        if number == 1:
            continue  # 702.1: keyword abilities in general
        title = re.sub(r" \(Infinity\)$", "", title)
        for name in title.split(" and ") if title == "Daybound and Nightbound" else [title]:
            out.append((f"702.{number}", name))
    return out


def _ability_words() -> set[str]:
    """CR 207.2c's ability words."""
    m = re.search(r"^207\.2c .*?The ability words are (.+)\.$", _rules(), re.MULTILINE)
    assert m is not None
    words = re.split(r", (?:and )?", m.group(1).replace("’", "'"))
    return {w.strip().lower() for w in words}


def _keyword_actions() -> set[str]:
    """CR 701's keyword actions, by their headings ("701.22. Scry")."""
    return {m.group(1).strip().lower()
            for m in re.finditer(r"^701\.\d+\. (.+)$", _rules(), re.MULTILINE)}


# ---- CR 702: every keyword declared ----------------------------------------------------

def test_cr_702_lists_every_keyword_the_tables_expect() -> None:
    found = _cr_702()
    assert len(found) == 189  # 702.2 deathtouch ... 702.189 firebending, day and night two
    assert ("702.145", "Nightbound") in found and ("702.186", "∞") in found


@pytest.mark.parametrize(("rule", "name"), _cr_702())
def test_every_keyword_of_cr_702_is_declared_with_its_rule(rule: str, name: str) -> None:
    found = split_keyword(name)
    assert found is not None, name
    kind, _, rest = found
    assert rest == "", name
    assert kind.key in KNOWN_KINDS and kind.key in KEYWORD_KINDS
    assert re.fullmatch(re.escape(rule) + "[a-z]?", KEYWORD_RULES[kind.key]), kind.key
    assert kind.families, name
    word = kind.key.removeprefix("keyword:")
    assert (kind.families == ALL_FAMILIES) == (word in EVERY_FAMILY), name


def test_every_declared_rule_names_its_keyword() -> None:
    # A variant's subrule ("702.33c Multikicker is a variant ...") says the keyword's
    # name; a heading's rule is the keyword's heading. So no rule number is stale.
    headings: dict[str, set[str]] = {}
    for rule, title in _cr_702():
        headings.setdefault(rule, set()).add(title.lower())
    text = _rules().replace("’", "'").lower()
    for key, rule in KEYWORD_RULES.items():
        name = key.removeprefix("keyword:")
        if not rule.startswith("702."):
            continue  # ability words and keyword actions (below)
        if rule in headings:
            assert name in headings[rule], (key, rule)
        else:
            line = re.search(rf"^{re.escape(rule)} (.+)$", text, re.MULTILINE)
            assert line is not None and name in line.group(1), (key, rule)
    actions, words = _keyword_actions(), _ability_words()
    for key, rule in KEYWORD_RULES.items():
        name = key.removeprefix("keyword:")
        if rule == "207.2c":
            assert name in words, key
        elif rule.startswith("701."):
            assert name in actions, key


def test_a_keyword_not_declared_touches_every_family() -> None:
    kind = kind_of_keyword("Frobnicate 3")
    assert kind.families == ALL_FAMILIES and kind.key == "keyword:frobnicate"
    assert split_keyword("Frobnicate 3") is None
    assert kind_of_keyword("Landship").families == ALL_FAMILIES


# ---- the 2022 card data: every keyword declared or said why not -----------------------

@functools.cache
def _data_keywords() -> dict[str, str]:
    """Every keyword of the 2022 card data's ``keywords`` lists, with a card that has it."""
    with lzma.open(REFERENCE / "cards" / "AtomicCards-2022-04.json.xz") as f:
        data = json.load(f)["data"]
    out: dict[str, str] = {}
    for name, faces in data.items():
        for face in faces:
            for kw in face.get("keywords", ()):
                out.setdefault(kw, name)
    return out


def test_every_keyword_of_the_2022_card_data_is_declared_or_said_why_not() -> None:
    actions, words = _keyword_actions(), _ability_words()
    wrong = []
    for kw, card in sorted(_data_keywords().items()):
        low = kw.lower().replace("’", "'")
        if kind_of_keyword(kw).key in KNOWN_KINDS:
            continue
        # MTGJSON lists ability words (CR 207.2c: no rules meaning; the ability that
        # follows is read on its own) and keyword actions (CR 701: verbs in an
        # ability's text) as keywords: neither is a keyword ability.
        if low in words or low in actions or kw in NOT_RULES:
            continue
        wrong.append((kw, card))
    assert wrong == []
    # Each reason is still needed: the card data has the keyword, and it isn't declared.
    for kw in NOT_RULES:
        assert kw in _data_keywords() and kind_of_keyword(kw).families == ALL_FAMILIES


# ---- what the notable keywords change --------------------------------------------------

def _is(kind: EffectKind, families: set[Family], self_only: bool = True) -> bool:
    return kind.families == frozenset(families) and kind.self_only is self_only


@pytest.mark.parametrize(("keyword", "families", "self_only"), [
    # CR 702.51a, 702.126a, 702.66a, 702.41a: the spell's own cost (601.2f-h).
    ("Convoke", {F.SPELL_COSTS}, True),
    ("Improvise", {F.SPELL_COSTS}, True),
    ("Delve", {F.SPELL_COSTS}, True),
    ("Affinity for artifacts", {F.SPELL_COSTS}, True),
    # CR 702.73a, 702.114a: characteristic-defining abilities of its own.
    ("Changeling", {F.TYPES}, True),
    ("Devoid", {F.COLORS}, True),
    # CR 702.10c, 302.6: its {T} abilities, and attacking.
    ("Haste", {F.ACTIVATION, F.ATTACKS}, True),
    # CR 702.61a: no player may cast spells or activate non-mana abilities.
    ("Split second", {F.ACTIVATION, F.CASTING}, False),
    # CR 702.26a, b, g: it and what is attached to it phase out in the untap step.
    ("Phasing", {F.STEPS}, False),
    # CR 702.18a, 702.11b, 702.16b-f: who may target, block, damage, enchant it.
    ("Shroud", {F.TARGETING}, True),
    ("Hexproof from black", {F.TARGETING}, True),
    ("Protection from red", {F.TARGETING, F.BLOCKS, F.DAMAGE, F.STATE_BASED}, True),
    # CR 702.21a: ward is a triggered ability.
    ("Ward—Pay 3 life", {F.TRIGGERS, F.UNREAD_TRIGGERS}, True),
    ("Ward {2}", {F.TRIGGERS, F.UNREAD_TRIGGERS}, True),
    # CR 702.12b: not destroyed; lethal damage (704.5g) is a result of damage.
    ("Indestructible", {F.ZONES, F.DAMAGE}, True),
    # CR 702.14: every landwalk is landwalk.
    ("Swampwalk", {F.BLOCKS}, True),
    ("Nonbasic landwalk", {F.BLOCKS}, True),
    ("Legendary landwalk", {F.BLOCKS}, True),
    # CR 702.24a, 702.30a: they trigger only as an upkeep begins.
    ("Cumulative upkeep—Pay 2 life", {F.TRIGGERS, F.STEPS}, True),
    ("Echo {2}{R}", {F.TRIGGERS, F.STEPS}, True),
    # CR 702.109a: "as long as its dash cost was paid, it has haste".
    ("Dash {2}{R}", {F.CASTING, F.ABILITIES, F.ACTIVATION, F.ATTACKS, F.TRIGGERS,
                     F.UNREAD_TRIGGERS}, True),
    # CR 702.124, 702.139: before the game.
    ("Partner", {F.GAME_START}, True),
    ("Partner—Friends forever", {F.GAME_START}, True),
    ("Companion — Each nonland card in your starting deck has a mana value of 3 or less.",
     {F.GAME_START}, True),
    ("Partner with Blaring Captain", {F.GAME_START, F.TRIGGERS, F.UNREAD_TRIGGERS}, True),
    # Activated keywords, read by their first words.
    ("Equip {2}", {F.OWN_ABILITIES}, True),
    ("Ninjutsu {1}{B}", {F.OWN_ABILITIES}, True),
    ("Commander ninjutsu {U}{B}", {F.OWN_ABILITIES}, True),
    ("Basic landcycling {1}{G}", {F.OWN_ABILITIES}, True),
    ("Plainscycling {2}", {F.OWN_ABILITIES}, True),
])
def test_notable_keywords(keyword: str, families: set[Family], self_only: bool) -> None:
    assert _is(kind_of_keyword(keyword), families, self_only), kind_of_keyword(keyword)


@pytest.mark.parametrize(("keyword", "key"), [
    ("First strike", "keyword:first strike"), ("Double strike", "keyword:double strike"),
    ("Double agenda", "keyword:double agenda"), ("Split second", "keyword:split second"),
    ("Level up {1}{W}", "keyword:level up"), ("Battle cry", "keyword:battle cry"),
    ("Living weapon", "keyword:living weapon"), ("Totem armor", "keyword:umbra armor"),
    ("Umbra armor", "keyword:umbra armor"), ("For Mirrodin!", "keyword:for mirrodin!"),
    ("Jump-start", "keyword:jump-start"), ("Hidden agenda", "keyword:hidden agenda"),
    ("More Than Meets the Eye {2}{U}{R}", "keyword:more than meets the eye"),
    ("Read ahead", "keyword:read ahead"), ("Doctor's companion", "keyword:doctor's companion"),
    ("Doctor’s companion", "keyword:doctor's companion"),
    ("Bands with other Legends", "keyword:banding"),
    ("Trample over planeswalkers", "keyword:trample"), ("Fox offering", "keyword:offering"),
    ("Start your engines!", "keyword:start your engines!"), ("∞ — Flying", "keyword:∞"),
    ("Choose a Background", "keyword:choose a background"),
    ("Web-slinging {1}{U}", "keyword:web-slinging"), ("Typecycling", "keyword:cycling"),
])
def test_keywords_of_several_words_and_variants(keyword: str, key: str) -> None:
    assert kind_of_keyword(keyword).key == key


# ---- keyword lines with reminder text (CR 207.2) ---------------------------------------

RAGING_GOBLIN = "Haste (This creature can attack and {T} as soon as it comes under your control.)"


@pytest.mark.parametrize(("line", "want"), [
    (RAGING_GOBLIN, ["Haste"]),
    ("Flying (This creature can't be blocked except by creatures with flying or reach.)",
     ["Flying"]),
    ("Flying, haste", ["Flying", "Haste"]),
    ("Trample, haste (This creature can deal excess combat damage to the player or "
     "planeswalker it's attacking. This creature can attack and {T} as soon as it comes "
     "under your control.)", ["Trample", "Haste"]),
    ("Protection from red (This creature can't be blocked, targeted, dealt damage, or "
     "enchanted by anything red.)", ["Protection from red"]),
    ("Ward {2} (Whenever this creature becomes the target of a spell or ability an "
     "opponent controls, counter it unless that player pays {2}.)", ["Ward {2}"]),
    ("Convoke (Your creatures can help cast this spell. Each creature you tap while "
     "casting this spell pays for {1} or one mana of that creature's color.)", ["Convoke"]),
    ("Morph {2}{G} (You may cast this card face down as a 2/2 creature for {3}. Turn it "
     "face up any time for its morph cost.)", ["Morph {2}{G}"]),
    ("Daybound (If a player casts no spells during their own turn, it becomes night next "
     "turn.)", ["Daybound"]),
    ("Suspend 4—{1}{U} (Rather than cast this card from your hand, you may pay {1}{U} and "
     "exile it with four time counters on it. At the beginning of your upkeep, remove a "
     "time counter. When the last is removed, you may cast it without paying its mana "
     "cost. If you cast a creature spell this way, it has haste.)", ["Suspend 4—{1}{U}"]),
    # One keyword whose parameter has a comma.
    ("Escape—{2}{B}, Exile three other cards from your graveyard. (You may cast this card "
     "from your graveyard for its escape cost.)",
     ["Escape—{2}{B}, Exile three other cards from your graveyard"]),
    ("Partner with Shabraz, the Skyshark (When this creature enters the battlefield, target "
     "player may put Shabraz into their hand from their library, then shuffle.)",
     ["Partner with Shabraz, the Skyshark"]),
    ("Kicker {1}{G} and/or {2}{B}", ["Kicker {1}{G} and/or {2}{B}"]),
    ("Trample over planeswalkers (This creature can deal excess combat damage to the "
     "controller of the planeswalker it's attacking.)", ["Trample over planeswalkers"]),
    # Not taken: a reminder with another cost (checked, not trusted), text after the
    # keyword, an activated keyword (read as an ability), a keyword with every family.
    ("Haste (This creature can attack and {Q} as soon as it comes under your control.)",
     None),
    ("Convoke (Each creature you tap while casting this spell pays for {2}.)", None),
    (RAGING_GOBLIN + " Draw a card.", None),
    ("Haste. Draw a card.", None),
    ("Equip {2} ({2}: Attach to target creature you control. Equip only as a sorcery.)",
     None),
    ("Solved — Creatures you control get +1/+1.", None),
])
def test_keyword_lines_with_reminder_text(line: str, want: list[str] | None) -> None:
    assert keyword_line(line) == want


def test_raging_goblins_haste_is_read_as_haste() -> None:
    abilities, keywords, unread = read_text("Raging Goblin", RAGING_GOBLIN,
                                            ("Goblin", "Berserker"), "{R}")
    assert (abilities, keywords, unread) == ([], ["Haste"], [])


def test_a_bare_keyword_with_its_printed_reminder_is_read_everywhere_in_the_pool() -> None:
    # Every line of the shipped pool's text that is one declared keyword of no parameter
    # (not an activated one, not one with every family) and its reminder text is read:
    # the reminder constants cover every printed reminder.
    from manacheck.model.oracletext.coverage import pool_faces

    missed = set()
    for face in pool_faces():
        for line in face.text.split("\n"):
            norm = normalise(line.strip())
            if not norm.reminders:
                continue
            found = split_keyword(norm.text.rstrip("."))
            if found is None or found[2] or found[0].families == ALL_FAMILIES \
                    or F.OWN_ABILITIES in found[0].families:
                continue
            if keyword_line(line.strip()) is None:
                missed.add(line.strip())
    assert sorted(missed) == []


# ---- the answers ----------------------------------------------------------------------

def test_a_hasty_mana_creature_with_its_reminder_text_is_decided() -> None:
    # Its haste line is read as haste (CR 207.2, 702.10c), so a summoning-sick copy may
    # tap for mana (302.6) and the answer is decided; before, the line was unread.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [{card: Test Hasty Elf, summoning_sick: true}]}
  Bob: {}
cards:
  - name: Test Hasty Elf
    mana_cost: "{G}"
    types: [Creature]
    subtypes: [Elf]
    power: 1
    toughness: 1
    text: |-
      Haste (This creature can attack and {T} as soon as it comes under your control.)
      {T}: Add {G}.
""")
    assert unapplied(s, PAYMENT) == ()
    a = payment_answer(s, "Alice", "{G}")
    assert a.payable is True and a.count == 1


@pytest.mark.cr("702.135a")
def test_afterlife_makes_resolve_not_decided_when_its_creature_dies() -> None:
    # "When this permanent is put into a graveyard from the battlefield, create N 1/1
    # Spirit tokens": resolve doesn't apply it, so it can't answer without the tokens.
    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [{card: Test Ministrant, id: M}]}
cards:
  - {name: Test Ministrant, types: [Creature], power: 2, toughness: 1,
     keywords: [Afterlife 2], text: Afterlife 2}
""")
    assert [u.key for u in unapplied(s, RESOLUTION)] == ["keyword:afterlife"]
    from manacheck.solver.resolution import Unsupported

    with pytest.raises(Unsupported, match="Afterlife 2"):
        resolve(s, [{"dies": "M"}])


@pytest.mark.cr("702.44a")
def test_resolve_refuses_a_creature_with_sunburst_entering() -> None:
    # Sunburst: "it enters with a +1/+1 counter on it for each color of mana spent to
    # cast it", which the state doesn't give: how it enters can't be told, so resolve
    # must refuse rather than put a 0/0 into the graveyard (CR 614.1c, 704.5f).
    from manacheck.solver.resolution import Unsupported

    s = load_state_text("""
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice: {battlefield: [Forest]}
stack:
  - {card: Test Sunburst, controller: Alice, id: ts}
cards:
  - {name: Test Sunburst, mana_cost: "{2}", types: [Artifact, Creature], power: 0,
     toughness: 0, keywords: [Sunburst], text: Sunburst}
""")
    with pytest.raises(Unsupported, match="Sunburst"):
        resolve(s, [{"resolve": "all"}])
