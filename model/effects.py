"""What each kind of effect touches: the rule families, declared once for every kind.

Every effect the card data can express (a static ability's kind, a triggered
ability's event, a keyword) is declared here with the families of rules it can change:
mana production, spending, costs, activation legality, targets, each layer of
characteristics, state-based actions, combat, entering the battlefield, the turn's
steps, damage, the start of the game. A question (``manacheck.solver.soundness``)
reads some families and implements some effect kinds; an effect on the board in a
family it reads that it does not implement makes its answer "not decided", naming the
effect. Nothing here decides what an effect does: only what it could change.

An effect the data can't express (``kind: other`` with free text and no recognised
parameter) is declared by the card itself with ``affects: [family, ...]``; without it,
it is taken to touch every family, so it can never hide.

Examples
--------
>>> kind_of_keyword("Flying").families == frozenset({Family.BLOCKS})
True
>>> kind_of_keyword("Haste").key
'keyword:haste'

Rules
-----
CR 113.6: abilities of an object function only on the battlefield, unless they say
otherwise or could only function elsewhere (cards in hand with "you may begin the game
with it", spells' "spend only mana produced by ...", which function on the stack).
CR 604.1, 611.3: static abilities create continuous effects while the object is on the
battlefield. CR 603.1, 605.1b: triggered abilities, and triggered mana abilities.
CR 613.1: the layers of continuous effects (4 type, 5 color, 6 abilities, 7 power and
toughness). CR 601.2f, 602.2b, 118.7: cost determination. CR 609.4b: spending mana
as though it were another type. CR 704: state-based actions. CR 508.1c, 509.1b:
restrictions on attacking and blocking. CR 614.1c-e, 614.12: entering the battlefield.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .abilities import Ability, StaticAbility, TriggeredAbility

__all__ = ["ALL_FAMILIES", "KNOWN_KINDS", "OWN_OBJECT_FAMILIES", "EffectKind", "Family",
           "family_by_name", "kind_of_ability", "kind_of_keyword"]


class Family(enum.Enum):
    """A family of rules that an effect can change, with the rules that govern it."""

    MANA = ("mana", "what mana abilities add (CR 106, 605)")
    SPENDING = ("spending", "how mana may be spent (CR 106.6, 609.4b)")
    SPELL_COSTS = ("spell_costs", "the total cost of casting a spell (CR 601.2f, 118.7)")
    ABILITY_COSTS = ("ability_costs", "the total cost of activating an ability "
                                      "(CR 602.2b, 601.2f, 118.7)")
    ACTIVATION = ("activation", "when abilities may be activated (CR 117, 302.6, 602.5)")
    NONMANA_ACTIVATION = ("nonmana_activation", "when abilities other than mana abilities "
                                                "may be activated (CR 602.5, 605.3a)")
    CASTING = ("casting", "when spells may be cast (CR 117.1a, 307.1, 702.8)")
    TARGETING = ("targeting", "who may be targeted (CR 115, 702.11, 702.16, 702.18)")
    TYPES = ("types", "layer 4: card types and subtypes (CR 613.1d, 205)")
    COLORS = ("colors", "layer 5: color (CR 613.1e, 105)")
    ABILITIES = ("abilities", "layer 6: abilities gained or lost (CR 613.1f)")
    POWER_TOUGHNESS = ("power_toughness", "layer 7: power and toughness (CR 613.4)")
    STATE_BASED = ("state_based", "state-based actions (CR 704)")
    ATTACKS = ("attacks", "declaring attackers (CR 508.1, 302.6)")
    BLOCKS = ("blocks", "blocking and combat damage (CR 509, 510)")
    ENTERING = ("entering", "how permanents enter the battlefield (CR 614.1c-e, 614.12)")
    ZONES = ("zones", "replacement of zone changes and other events (CR 614, 616)")
    TRIGGERS = ("triggers", "triggered abilities that aren't mana abilities (CR 603)")
    OWN_ABILITIES = ("own_abilities", "an object's own activated keyword abilities "
                                      "(CR 702: equip, cycling, crew, ...)")
    STEPS = ("steps", "the turn's steps: untapping, unspent mana, hand size "
                      "(CR 500.4, 502.3, 514.1)")
    DAMAGE = ("damage", "damage, its prevention and life (CR 120, 615, 119)")
    GAME_START = ("game_start", "beginning the game (CR 103)")
    UNREAD_TRIGGERS = ("unread_triggers", "triggered abilities whose trigger condition "
                       "isn't read: they may trigger during the events played out and go "
                       "on the stack (CR 603.2, 603.3)")
    COUNTERS = ("counters", "putting counters on permanents: by effects, as they enter "
                            "and as costs (CR 122.5, 122.6, 614.1a, 616.1, 118.3)")
    LIFE = ("life", "whether life is gained or lost as effects resolve (CR 119.3, 119.7, "
                    "119.8)")
    SPELL_SPENDING = ("spell_spending", "how mana may be spent to cast some spells only "
                                        "(CR 609.4b, 601.2h)")
    HIDDEN = ("hidden", "what a player may look at in a hidden zone, such as the top "
                        "card of a library (CR 400.2, 401.2)")

    @property
    def label(self) -> str:
        return self.value[0]

    @property
    def rules(self) -> str:
        return self.value[1]


ALL_FAMILIES = frozenset(Family)
_BY_LABEL = {f.label: f for f in Family}


def family_by_name(name: str) -> Family | None:
    """The family a card file's ``affects:`` entry names, or None if there is none."""
    return _BY_LABEL.get(name.strip().lower())


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind of effect: its key, the families it can change, and its scope.

    ``self_only`` kinds change only the object that has them (its own entering, its
    own untapping, its own power and toughness), so a question about other objects is
    unaffected by them.
    """

    key: str
    families: frozenset[Family]
    self_only: bool = False

    @property
    def rules(self) -> str:
        return "; ".join(f.rules for f in sorted(self.families, key=lambda f: f.label))


def _k(key: str, *families: Family, self_only: bool = False) -> EffectKind:
    return EffectKind(key, frozenset(families), self_only)


F = Family

#: Static ability kinds (``kind``), and ``kind: other`` by its recognised parameter.
STATIC_KINDS: dict[str, EffectKind] = {k.key: k for k in (
    _k("static:mana_replacement", F.MANA),
    _k("static:land_types", F.TYPES, F.ABILITIES, F.MANA),
    _k("static:grant_ability", F.ABILITIES, F.MANA),
    _k("static:enters_with_counters", F.ENTERING),
    # "can't have counters put on it" (Tatterkite, Blightbeetle) and "twice that many
    # counters are put instead" (Branching Evolution): every way counters are put.
    _k("static:cant_have_counters", F.COUNTERS),
    _k("static:counter_replacement", F.COUNTERS),
    # "it creates twice that many of those tokens instead" (CR 111.1, 614.1a): an event
    # other than a zone change replaced (CR 614.1a)
    _k("static:token_replacement", F.ZONES),
    # "Each noncreature artifact is an artifact creature with power and toughness each
    # equal to its mana value" (March of the Machines): layers 4 and 7b; "Enchanted
    # permanent is a colorless land with "{T}: Add {C}" and loses all other card types
    # and abilities" (Imprisoned in the Moon): layers 4, 5 and 6, and so mana.
    _k("static:type_change", F.TYPES, F.POWER_TOUGHNESS, F.COLORS, F.ABILITIES, F.MANA),
    _k("static:spend_as_any_color", F.SPENDING),
    _k("static:pay_life_for_mana", F.SPENDING),
    _k("static:cost_modifier:spells", F.SPELL_COSTS),
    _k("static:cost_modifier:activated_abilities", F.ABILITY_COSTS),
    _k("static:other:enters_tapped", F.ENTERING, self_only=True),
    _k("static:other:enters_tapped_unless", F.ENTERING, self_only=True),
    _k("static:other:choose", F.ENTERING, self_only=True),
    _k("static:other:doesnt_untap", F.STEPS, self_only=True),
    _k("static:other:pump", F.POWER_TOUGHNESS),
    _k("static:other:not_creature_unless_devotion", F.TYPES, self_only=True),
    _k("static:other:set_color", F.COLORS),
    _k("static:other:activate_as_though_haste", F.ACTIVATION),
    _k("static:other:cast_as_though_flash", F.CASTING),
    _k("static:other:unspent_mana_becomes", F.STEPS),
    _k("static:other:keep_unspent", F.STEPS),
    # A spell's own rule for paying it (it functions while the spell is cast).
    _k("static:other:spend_only_mana_from", F.SPENDING, self_only=True),
    _k("static:other:no_maximum_hand_size", F.STEPS),
    _k("static:other:cant_attack", F.ATTACKS),
    _k("static:other:prevent_damage_to", F.DAMAGE),
    _k("static:other:no_legend_rule", F.STATE_BASED),
    # "Activated abilities of artifacts can't be activated." (Null Rod; CR 602.5, a mana
    # ability too unless "unless they're mana abilities", 605.1a): when abilities may be
    # activated (``oracletext.prohibitions``)
    _k("static:other:cant_activate", F.ACTIVATION),
    # "Enchanted creature can't attack or block, and its activated abilities can't be
    # activated." (Arrest): the same, and combat (CR 508.1c, 509.1b)
    _k("static:other:cant_activate_attack_block", F.ACTIVATION, F.ATTACKS, F.BLOCKS),
    # "You have hexproof." (Witchbane Orb; CR 702.11c, 702.18a): who may target a player
    _k("static:other:player_keywords", F.TARGETING),
    # An activated ability whose text wasn't read, but whose form says it is one and no
    # mana ability (``oracletext.reading.unread_activated``): it does nothing until it
    # is activated (CR 602.2), so it matters only to a question about that ability,
    # which can't be asked of text not read.
    _k("static:other:unread_activated", F.OWN_ABILITIES, self_only=True),
    # A triggered ability whose text wasn't read, but whose form says it is one and no
    # mana ability (``oracletext.unread_triggers``): it uses the stack (CR 603.3), so
    # only the events ``resolve`` plays out can trigger it.
    _k("static:other:unread_trigger", F.UNREAD_TRIGGERS),
    # "CARDNAME enters with a +1/+1 counter on it for each color of mana spent to cast
    # it" (``oracletext.enters_counters``): its own entering only (CR 614.1c, 614.12),
    # refused by the resolution solver where it would enter.
    _k("static:other:enters_with_unread_count", F.ENTERING, self_only=True),
    # A cost increase whose amount the state can't give (Damping Sphere's "{1} more for
    # each other spell that player has cast this turn"): it only raises a total cost
    # (CR 601.2f), so a cost not payable without it isn't payable with it.
    _k("static:other:cost_increase_unknown", F.SPELL_COSTS),
)}

#: Triggered abilities by event: mana triggers change mana production (CR 605.1b); the
#: others are triggers that use the stack (CR 603).
#: ``tapped_for_mana`` (CR 106.12a: a mana ability with {T}) and ``mana_added`` (any mana
#: ability of the subject, "whenever a land's ability causes you to add mana").
TRIGGER_MANA_EVENTS = frozenset({"tapped_for_mana", "mana_added"})

#: Keywords by their first word (lower case), with the families they change. Each
#: changes only its own object (self-only); a keyword not listed touches every family.
_KEYWORD_FAMILIES: dict[Family, tuple[str, ...]] = {
    # CR 702.10 haste, 302.6: activating {T} abilities.
    F.ACTIVATION: ("haste",),
    # CR 702.18 shroud, 702.11 hexproof, 702.16 protection: who may target it.
    F.TARGETING: ("shroud", "hexproof", "protection"),
    # Who may attack (CR 702.3 defender, 702.20 vigilance: attacking doesn't tap it).
    F.ATTACKS: ("vigilance", "defender", "haste"),
    # Blocks and combat damage: evasion, damage order (CR 702.9, 702.17, 702.19, ...).
    F.BLOCKS: ("flying", "reach", "trample", "menace", "first",
               "double", "fear", "intimidate", "shadow", "horsemanship", "skulk",
               "flanking", "banding", "landwalk", "swampwalk", "islandwalk", "forestwalk",
               "mountainwalk", "plainswalk", "bushido", "rampage", "provoke", "melee",
               "afflict", "protection", "deathtouch", "lifelink", "infect", "wither"),
    # Damage and life (CR 702.2 deathtouch, 702.15 lifelink, 702.90 infect, 702.80
    # wither; 702.12 indestructible: destruction and lethal damage, 704.5g-h).
    F.DAMAGE: ("deathtouch", "lifelink", "infect", "wither", "indestructible",
               "protection"),
    F.ZONES: ("indestructible",),
    # Triggered keywords (CR 702.21 ward, 702.108 prowess, 702.79 persist, ...).
    F.TRIGGERS: ("ward", "prowess", "melee", "bushido", "rampage", "flanking", "provoke",
                 "afflict", "persist", "undying", "extort", "cumulative", "echo",
                 "vanishing", "fading", "annihilator", "exalted", "evolve", "soulshift",
                 "modular", "afterlife", "dethrone", "mentor", "training", "renown",
                 "suspend", "cascade", "storm", "rebound", "haunt", "battle"),
    # How it enters (CR 702.44 sunburst, 702.43 modular, 702.54 bloodthirst, ...).
    F.ENTERING: ("sunburst", "modular", "bloodthirst", "riot", "fabricate", "devour",
                 "amplify", "graft", "tribute", "compleated", "unleash"),
    # Casting it, and its own cost as a spell (CR 702.8 flash, 702.33 kicker, 702.41
    # affinity, 702.51 convoke, 702.66 delve, 702.126 improvise, 702.34 flashback ...).
    F.CASTING: ("flash", "split", "flashback", "madness", "foretell", "escape", "retrace",
                "jump-start", "suspend", "miracle", "evoke", "dash", "blitz", "emerge",
                "spectacle", "surge", "prowl", "overload", "bestow", "mutate",
                "aftermath", "fuse", "splice", "cipher", "replicate", "enchant"),
    F.SPELL_COSTS: ("kicker", "multikicker", "buyback", "entwine", "affinity", "convoke",
                    "delve", "improvise", "assist", "casualty", "strive", "escalate"),
    # Activated keyword abilities (CR 702.6 equip, 702.29 cycling, 702.122 crew, ...):
    # only a question about their own object asks about them.
    F.OWN_ABILITIES: ("equip", "cycling", "landcycling", "channel", "crew", "ninjutsu",
                      "level", "outlast", "reconfigure", "unearth", "embalm",
                      "eternalize", "scavenge", "transmute", "fortify", "morph",
                      "megamorph", "monstrosity", "adapt", "boast", "transfigure",
                      "forecast", "bloodrush", "reinforce", "encore"),
    # CR 702.114 devoid (its color), 702.73 changeling (its subtypes).
    F.COLORS: ("devoid",),
    F.TYPES: ("changeling",),
    # Before the game (CR 702.139 companion; 702.124 partner: two commanders, 903.3).
    F.GAME_START: ("companion", "partner"),
    # State-based actions about it (CR 702.5 enchant: what an Aura may stay on, 704.5m).
    F.STATE_BASED: ("enchant", "protection"),
}

KEYWORD_KINDS: dict[str, EffectKind] = {}
for _family, _words in _KEYWORD_FAMILIES.items():
    for _word in _words:
        _old = KEYWORD_KINDS.get(f"keyword:{_word}")
        _fams = (_old.families if _old else frozenset()) | {_family}
        KEYWORD_KINDS[f"keyword:{_word}"] = EffectKind(f"keyword:{_word}", _fams, True)
del _family, _words, _word, _old, _fams

#: Families in which a self-only effect matters only to a question about its own object:
#: casting it, its costs as a spell, its entering, its moving, its start of the game.
#: (Its permanent-side families -- its abilities' activation, its targeting, its power
#: and toughness, its types -- matter wherever it takes part.)
OWN_OBJECT_FAMILIES = frozenset({F.SPELL_COSTS, F.CASTING, F.ENTERING, F.ZONES,
                                 F.GAME_START, F.SPENDING, F.OWN_ABILITIES})

#: Every declared kind, by key (the guard test checks each has a family).
KNOWN_KINDS: dict[str, EffectKind] = {**STATIC_KINDS, **KEYWORD_KINDS}

#: Keywords whose rules the model itself reads (in characteristics and targeting);
#: kept beside the table so that a new keyword is declared before it is used.
_KEYWORD_HEADS = {k.key.removeprefix("keyword:") for k in KEYWORD_KINDS.values()}


#: Keywords of two words that aren't their first word's keyword. Split second (CR
#: 702.61a) functions on the stack and stops every player's spells and non-mana
#: abilities: not self-only.
TWO_WORD_KEYWORDS: dict[str, EffectKind] = {k.key: k for k in (
    _k("keyword:split second", F.ACTIVATION, F.CASTING),
    _k("keyword:first strike", F.BLOCKS, self_only=True),
    _k("keyword:double strike", F.BLOCKS, self_only=True),
    _k("keyword:cumulative upkeep", F.TRIGGERS, self_only=True),
    _k("keyword:level up", F.OWN_ABILITIES, self_only=True),
    _k("keyword:battle cry", F.TRIGGERS, self_only=True),
)}
KNOWN_KINDS.update(TWO_WORD_KEYWORDS)


def kind_of_keyword(keyword: str) -> EffectKind:
    """The kind of a keyword as the card data writes it ("Protection from red")."""
    words = keyword.strip().lower().split()
    two = f"keyword:{' '.join(words[:2])}"
    if two in TWO_WORD_KEYWORDS:
        return TWO_WORD_KEYWORDS[two]
    head = words[0] if words else ""
    if head in _KEYWORD_HEADS:
        return KEYWORD_KINDS[f"keyword:{head}"]
    return EffectKind(f"keyword:{head or '?'}", ALL_FAMILIES, self_only=True)


def kind_of_ability(ability: Ability) -> EffectKind | None:
    """The kind of a static or triggered ability; None for an activated ability (its
    own question answers for it) or a static that only holds text for display.

    ``kind: other`` is known by its first recognised parameter; with none, the card's
    ``affects`` families say what it changes, or else every family does.
    """
    if isinstance(ability, TriggeredAbility):
        if ability.event in TRIGGER_MANA_EVENTS:
            return _k(f"trigger:{ability.event}", F.MANA)
        return _k(f"trigger:{ability.event}", F.TRIGGERS)
    if not isinstance(ability, StaticAbility):
        return None
    if ability.kind == "cost_modifier":
        applies_to = str(ability.params.get("applies_to", ""))
        found = STATIC_KINDS.get(f"static:cost_modifier:{applies_to}")
        return found or _k("static:cost_modifier", F.SPELL_COSTS, F.ABILITY_COSTS)
    if ability.kind != "other":
        found = STATIC_KINDS.get(f"static:{ability.kind}")
        return found or _k(f"static:{ability.kind}", *ALL_FAMILIES)
    for name, _ in ability.params.items:
        found = STATIC_KINDS.get(f"static:other:{name}")
        if found is not None:
            return found
    declared = frozenset(f for f in map(family_by_name, ability.affects) if f is not None)
    return EffectKind("static:other:unread", declared or ALL_FAMILIES, ability.self_only)
