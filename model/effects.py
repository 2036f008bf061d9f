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
import re
from dataclasses import dataclass

from .abilities import Ability, StaticAbility, TriggeredAbility

__all__ = ["ALL_FAMILIES", "KEYWORD_KINDS", "KEYWORD_RULES", "KNOWN_KINDS", "OWN_OBJECT_FAMILIES",
           "EffectKind", "Family", "family_by_name", "kind_of_ability", "kind_of_keyword",
           "split_keyword"]


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
    STEPS = ("steps", "the turn's steps: untapping, upkeep triggers, unspent mana, hand "
                      "size (CR 500.4, 502.3, 503.1a, 514.1)")
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

# ---- keyword abilities (CR 702) ------------------------------------------------------
#
# Every keyword ability of CR 702 is declared here with the families its rules could
# change, under its name in lower case (a keyword with a cost or a quality after it,
# "Equip {2}", "Ward—Pay 3 life", "Protection from red", is read by its name: see
# ``split_keyword``). A keyword not declared touches every family.
#
# Scope (``self_only``): a keyword is self-only when each rule it stands for is about
# its own object: how it is cast and its cost paid (even by tapping or sacrificing other
# permanents: convoke, emerge), how it enters and leaves, what it is, what may target or
# block it, whether it may attack or block, when its own abilities may be activated. The
# abilities a keyword stands for are in TRIGGERS and UNREAD_TRIGGERS, whatever they do as
# they resolve (tokens, copies, counters on others: CR 603.3, 608.2); resolve, the one
# question that plays events out, reads UNREAD_TRIGGERS for every object (it applies
# persist and undying only). Not self-only: a keyword whose static rules change other
# objects or players (split second, phasing's attached permanents, day and night,
# banding, first and double strike's damage step, what damage from it does to others,
# cipher's encoded creature, the city's blessing, speed).
#
# Damage isn't dealt by any question: what damage from a source does (deathtouch's
# destruction 704.5h, wither's and infect's -1/-1 counters, infect's and toxic's poison,
# lifelink's life; CR 120.3) is in DAMAGE, which a question that dealt damage would read.
#
# A keyword that lets the card be cast from another zone or for an alternative cost
# (flashback, evoke, dash, morph, ...) is CASTING: a spell's total cost is its mana cost
# unless the state says which alternative cost was paid (``alternative_cost``, CR 601.2b,
# 601.2f, 118.9), given by the card's ``alternative_costs``. Additional costs the state
# doesn't say were paid (kicker, buyback, entwine) and reductions and other ways to pay
# (affinity, convoke, delve) are SPELL_COSTS. What such a cost leaves on the permanent
# that a state file can't say (dash's and blitz's haste, prototype's characteristics) is
# in the families it changes.

#: A triggered ability's families (CR 603): resolve can't tell when it triggers.
_TRIGGERED = (F.TRIGGERS, F.UNREAD_TRIGGERS)

#: A triggered ability that triggers only as an upkeep begins (CR 503.1a): no event
#: resolve plays out begins one (its steps are the beginning of combat and the end
#: step), and a question that began one would read STEPS.
_UPKEEP = (F.TRIGGERS, F.STEPS)

#: Every keyword's rule in CR 702 (the subrule of a variant), by its kind's key.
KEYWORD_RULES: dict[str, str] = {}

KEYWORD_KINDS: dict[str, EffectKind] = {}


def _kw(name: str, rule: str, *families: Family, self_only: bool = True) -> None:
    kind = _k(f"keyword:{name}", *families, self_only=self_only)
    assert kind.key not in KEYWORD_KINDS, name
    KEYWORD_KINDS[kind.key] = kind
    KEYWORD_RULES[kind.key] = rule


T, U = _TRIGGERED, _UPKEEP
# -- 702.2-702.21: the first keywords -----------------------------------------------------
_kw("deathtouch", "702.2", F.BLOCKS, F.DAMAGE, self_only=False)  # lethal damage 702.2c
_kw("defender", "702.3", F.ATTACKS)
_kw("double strike", "702.4", F.BLOCKS, self_only=False)  # a second damage step, 702.4b
_kw("enchant", "702.5", F.CASTING, F.STATE_BASED)  # its target as a spell (303.4a), 704.5m
_kw("equip", "702.6", F.OWN_ABILITIES)  # an activated ability; equip planeswalker 702.6e
_kw("first strike", "702.7", F.BLOCKS, self_only=False)  # a first damage step, 702.7b
_kw("flash", "702.8", F.CASTING)
_kw("flying", "702.9", F.BLOCKS)
_kw("haste", "702.10", F.ACTIVATION, F.ATTACKS)  # {T} and {Q} abilities, attacking: 302.6
_kw("hexproof", "702.11", F.TARGETING)  # hexproof from [quality] 702.11d
# Not destroyed (702.12b); lethal damage (704.5g) is a result of damage (DAMAGE).
_kw("indestructible", "702.12", F.ZONES, F.DAMAGE)
_kw("intimidate", "702.13", F.BLOCKS)
_kw("landwalk", "702.14", F.BLOCKS)  # [type]walk, "nonbasic landwalk" 702.14a, c
_kw("lifelink", "702.15", F.DAMAGE, self_only=False)  # its controller gains life, 702.15b
# can't be targeted, blocked, dealt damage, enchanted or equipped by [quality]: 702.16b-f
_kw("protection", "702.16", F.TARGETING, F.BLOCKS, F.DAMAGE, F.STATE_BASED)
_kw("reach", "702.17", F.BLOCKS)
_kw("shroud", "702.18", F.TARGETING)
_kw("trample", "702.19", F.BLOCKS)  # trample over planeswalkers 702.19c
_kw("vigilance", "702.20", F.ATTACKS)
_kw("ward", "702.21", *T)  # a triggered ability: counter it unless [cost] is paid
# -- 702.22-702.60 ------------------------------------------------------------------------
_kw("banding", "702.22", F.ATTACKS, F.BLOCKS, self_only=False)  # bands; who assigns damage
_kw("rampage", "702.23", *T)
_kw("cumulative upkeep", "702.24", *U)
_kw("flanking", "702.25", *T)
# Phases out in its controller's untap step, with what is attached to it (702.26a, g): a
# phased-out permanent is treated as though it doesn't exist (702.26b), which only the
# untap step brings about.
_kw("phasing", "702.26", F.STEPS, self_only=False)
_kw("buyback", "702.27", F.SPELL_COSTS, F.ZONES)  # to its owner's hand instead
_kw("shadow", "702.28", F.BLOCKS)
_kw("cycling", "702.29", F.OWN_ABILITIES)  # from the hand; typecycling 702.29e-f
_kw("echo", "702.30", *U)
_kw("horsemanship", "702.31", F.BLOCKS)
_kw("fading", "702.32", F.ENTERING, *U)  # enters with fade counters; upkeep trigger
_kw("kicker", "702.33", F.SPELL_COSTS)  # an additional cost (601.2f)
_kw("multikicker", "702.33c", F.SPELL_COSTS)
_kw("sticker kicker", "702.33h", F.SPELL_COSTS)
_kw("flashback", "702.34", F.CASTING, F.ZONES)  # from the graveyard; exiled instead
_kw("madness", "702.35", F.CASTING, F.ZONES, *T)  # discarded: exiled instead; cast
_kw("fear", "702.36", F.BLOCKS)
# Cast face down (702.37a, 708): a face-down permanent isn't in a state file.
_kw("morph", "702.37", F.CASTING)
_kw("megamorph", "702.37b", F.CASTING)
_kw("amplify", "702.38", F.ENTERING)
_kw("provoke", "702.39", *T)
_kw("storm", "702.40", *T)
_kw("affinity", "702.41", F.SPELL_COSTS)  # {1} less for each [text] you control
_kw("entwine", "702.42", F.SPELL_COSTS)
_kw("modular", "702.43", F.ENTERING, *T)
_kw("sunburst", "702.44", F.ENTERING)
_kw("bushido", "702.45", *T)
_kw("soulshift", "702.46", *T)
# From the hand it changes the text and cost of another spell (702.47a).
_kw("splice", "702.47", F.SPELL_COSTS, F.CASTING, self_only=False)
_kw("offering", "702.48", F.SPELL_COSTS, F.CASTING)  # [quality] offering: cost, flash
_kw("ninjutsu", "702.49", F.OWN_ABILITIES)  # from the hand
_kw("commander ninjutsu", "702.49d", F.OWN_ABILITIES)
# "For the rest of the game, you can't cast spells" (702.50a): its controller's casting.
_kw("epic", "702.50", F.CASTING, *U, self_only=False)
_kw("convoke", "702.51", F.SPELL_COSTS)  # tap creatures to pay its cost
# Replaces its owner's draws from the graveyard (702.52a), where the board isn't read.
_kw("dredge", "702.52", F.ZONES)
_kw("transmute", "702.53", F.OWN_ABILITIES)
_kw("bloodthirst", "702.54", F.ENTERING)
_kw("haunt", "702.55", *T)
_kw("replicate", "702.56", F.SPELL_COSTS, *T)
_kw("forecast", "702.57", F.OWN_ABILITIES, F.ACTIVATION)  # its own ability's timing
_kw("graft", "702.58", F.ENTERING, *T)
_kw("recover", "702.59", *T)
_kw("ripple", "702.60", *T)
# -- 702.61-702.100 -----------------------------------------------------------------------
# On the stack, no player may cast spells or activate non-mana abilities (702.61a).
_kw("split second", "702.61", F.ACTIVATION, F.CASTING, self_only=False)
# From the hand, and two triggers in exile, where the board isn't read (702.62a): the
# last time counter is removed in its owner's upkeep. The haste a creature spell cast
# this way gains is an effect of that trigger, not of the keyword on the battlefield.
_kw("suspend", "702.62", F.CASTING, *U)
_kw("vanishing", "702.63", F.ENTERING, *T, F.STEPS)  # and the last counter removed
_kw("absorb", "702.64", F.DAMAGE)  # prevents damage dealt to it
_kw("aura swap", "702.65", F.OWN_ABILITIES)
_kw("delve", "702.66", F.SPELL_COSTS)
_kw("fortify", "702.67", F.OWN_ABILITIES)
_kw("frenzy", "702.68", *T)
_kw("gravestorm", "702.69", *T)
_kw("poisonous", "702.70", *T)
_kw("transfigure", "702.71", F.OWN_ABILITIES)
_kw("champion", "702.72", *T)
_kw("changeling", "702.73", F.TYPES)  # every creature type, a CDA (604.3)
_kw("evoke", "702.74", F.CASTING, *T)
_kw("hideaway", "702.75", *T, F.HIDDEN)  # the exiled card may be looked at
_kw("prowl", "702.76", F.CASTING)
_kw("reinforce", "702.77", F.OWN_ABILITIES)
_kw("conspire", "702.78", F.SPELL_COSTS, *T)
_kw("persist", "702.79", *T)
_kw("wither", "702.80", F.DAMAGE, self_only=False)
_kw("retrace", "702.81", F.CASTING)
_kw("devour", "702.82", F.ENTERING)  # devour [quality] 702.82c
_kw("exalted", "702.83", *T)
# From the graveyard; "gains haste" and "exile it instead" are effects of the resolved
# ability (702.84a), not of the keyword on the battlefield.
_kw("unearth", "702.84", F.OWN_ABILITIES)
_kw("cascade", "702.85", *T)
_kw("annihilator", "702.86", *T)
_kw("level up", "702.87", F.OWN_ABILITIES)
_kw("rebound", "702.88", F.CASTING, F.ZONES, *U)  # cast in its owner's next upkeep
# The enchanted permanent isn't destroyed: its damage is removed instead (702.89a).
_kw("umbra armor", "702.89", F.ZONES, F.DAMAGE, self_only=False)
_kw("infect", "702.90", F.DAMAGE, self_only=False)
_kw("battle cry", "702.91", *T)
_kw("living weapon", "702.92", *T)
_kw("undying", "702.93", *T)
_kw("miracle", "702.94", F.CASTING, *T)
_kw("soulbond", "702.95", *T)
_kw("overload", "702.96", F.CASTING)
_kw("scavenge", "702.97", F.OWN_ABILITIES)
_kw("unleash", "702.98", F.ENTERING, F.BLOCKS)  # can't block with a +1/+1 counter
# The creature it is encoded on has a triggered ability (702.99a): another object.
_kw("cipher", "702.99", F.ZONES, F.ABILITIES, *T, self_only=False)
_kw("evolve", "702.100", *T)
# -- 702.101-702.140 ----------------------------------------------------------------------
_kw("extort", "702.101", *T)
_kw("fuse", "702.102", F.CASTING)
# A bestowed Aura isn't a creature (702.103b), but it stops being bestowed once it is
# unattached (702.103f), and a state file attaches only Aura, Equipment and Fortification
# cards (CR 303.4, 301.5): a permanent with bestow there is the creature it prints.
_kw("bestow", "702.103", F.CASTING)
_kw("tribute", "702.104", F.ENTERING)
_kw("dethrone", "702.105", *T)
_kw("hidden agenda", "702.106", F.GAME_START)  # as it is put into the command zone
_kw("double agenda", "702.106f", F.GAME_START)
_kw("outlast", "702.107", F.OWN_ABILITIES)
_kw("prowess", "702.108", *T)
# "As long as this permanent's dash cost was paid, it has haste" (702.109a): which a state
# file doesn't say.
_kw("dash", "702.109", F.CASTING, F.ABILITIES, F.ACTIVATION, F.ATTACKS, *T)
_kw("exploit", "702.110", *T)
_kw("menace", "702.111", F.BLOCKS)
_kw("renown", "702.112", *T)
_kw("awaken", "702.113", F.CASTING)  # what it does only if its awaken cost was paid
_kw("devoid", "702.114", F.COLORS)  # colorless, a CDA (604.3)
_kw("ingest", "702.115", *T)
_kw("myriad", "702.116", *T)
_kw("surge", "702.117", F.CASTING)
_kw("skulk", "702.118", F.BLOCKS)
_kw("emerge", "702.119", F.CASTING)  # emerge from [quality] 702.119b
_kw("escalate", "702.120", F.SPELL_COSTS)
_kw("melee", "702.121", *T)
_kw("crew", "702.122", F.OWN_ABILITIES)
_kw("fabricate", "702.123", *T)
# Two commanders, their color identity combined (702.124a, c): before the game.
_kw("partner", "702.124", F.GAME_START)  # partner—[text] 702.124i
_kw("partner with", "702.124j", F.GAME_START, *T)  # and an enters trigger
_kw("choose a background", "702.124k", F.GAME_START)
_kw("doctor's companion", "702.124m", F.GAME_START)
_kw("undaunted", "702.125", F.SPELL_COSTS)
_kw("improvise", "702.126", F.SPELL_COSTS)  # tap artifacts to pay its cost
_kw("aftermath", "702.127", F.CASTING, F.ZONES)
_kw("embalm", "702.128", F.OWN_ABILITIES)
_kw("eternalize", "702.129", F.OWN_ABILITIES)
_kw("afflict", "702.130", *T)
# The city's blessing, a player's designation other abilities read (702.131b-c), gained
# any time its controller controls ten or more permanents.
_kw("ascend", "702.131", F.STATE_BASED, self_only=False)
_kw("assist", "702.132", F.SPELL_COSTS)  # another player helps pay its cost
_kw("jump-start", "702.133", F.CASTING, F.ZONES)
_kw("mentor", "702.134", *T)
_kw("afterlife", "702.135", *T)
# "If you don't [put the counter], it gains haste" (702.136a): which a state file doesn't say.
_kw("riot", "702.136", F.ENTERING, F.ABILITIES, F.ACTIVATION, F.ATTACKS)
_kw("spectacle", "702.137", F.CASTING)
_kw("escape", "702.138", F.CASTING)
_kw("companion", "702.139", F.GAME_START)  # outside the game (103.2b)
# Its target as a mutating spell (702.140a); a merged permanent (729), like a face-down
# one, isn't a card a state file can name.
_kw("mutate", "702.140", F.CASTING)
# -- 702.141-702.189 ----------------------------------------------------------------------
_kw("encore", "702.141", F.OWN_ABILITIES)
# Special kinds of activated abilities, with restrictions on when they may be activated.
_kw("boast", "702.142", F.OWN_ABILITIES, F.ACTIVATION)
_kw("foretell", "702.143", F.CASTING, F.HIDDEN)  # its owner may look at it in exile
_kw("demonstrate", "702.144", *T)
# Day and night (730): it transforms as it becomes night or day, in an untap step or as
# such a permanent enters; it can't transform otherwise (702.145b-g). Others transform
# with it.
_kw("daybound", "702.145", F.STEPS, F.ENTERING, F.ZONES, self_only=False)
_kw("nightbound", "702.145e", F.STEPS, F.ENTERING, F.ZONES, self_only=False)
_kw("disturb", "702.146", F.CASTING)
_kw("decayed", "702.147", F.BLOCKS, *T)  # can't block; sacrificed after it attacks
_kw("cleave", "702.148", F.CASTING)
_kw("training", "702.149", *T)
_kw("compleated", "702.150", F.ENTERING)  # fewer loyalty counters
# Not a creature while attached (702.151b).
_kw("reconfigure", "702.151", F.OWN_ABILITIES, F.TYPES)
# "As long as its blitz cost was paid, it has haste and a dies trigger" (702.152a).
_kw("blitz", "702.152", F.CASTING, F.ABILITIES, F.ACTIVATION, F.ATTACKS, *T)
_kw("casualty", "702.153", F.SPELL_COSTS, *T)
_kw("enlist", "702.154", F.ATTACKS, *T)  # a cost to attack (508.1g)
_kw("read ahead", "702.155", F.ENTERING, *T)  # its chapter abilities' triggering
_kw("ravenous", "702.156", F.ENTERING, *T)
_kw("squad", "702.157", F.SPELL_COSTS, *T)
# Sector designations of every creature (702.158b-c).
_kw("space sculptor", "702.158", F.STATE_BASED, self_only=False)
_kw("visit", "702.159", *T)
# Cast prototyped, its power, toughness and mana cost (and so its color) are the other
# set's (702.160a, 718.3): which a state file doesn't say.
_kw("prototype", "702.160", F.CASTING, F.POWER_TOUGHNESS, F.COLORS)
_kw("living metal", "702.161", F.TYPES)  # an artifact creature during your turn
_kw("more than meets the eye", "702.162", F.CASTING)
_kw("for mirrodin!", "702.163", *T)
_kw("toxic", "702.164", F.DAMAGE, self_only=False)
_kw("backup", "702.165", *T)
_kw("bargain", "702.166", F.SPELL_COSTS)
_kw("craft", "702.167", F.OWN_ABILITIES)
_kw("disguise", "702.168", F.CASTING)
# "Solved — [ability]", "∞ — [ability]", "Max speed — [ability]": a static, triggered or
# activated ability that works under a condition (702.169, 702.186, 702.178): the
# ability's families are its text's, which the keyword alone doesn't give.
_kw("solved", "702.169", *ALL_FAMILIES, self_only=False)
_kw("plot", "702.170", F.CASTING)
_kw("saddle", "702.171", F.OWN_ABILITIES)
_kw("spree", "702.172", F.SPELL_COSTS)  # the chosen modes' additional costs
_kw("freerunning", "702.173", F.CASTING)
_kw("gift", "702.174", F.SPELL_COSTS, *T)  # promised as an additional cost
_kw("offspring", "702.175", F.SPELL_COSTS, *T)
# With its time counters it isn't a creature (702.176a).
_kw("impending", "702.176", F.CASTING, F.ENTERING, F.TYPES, *T)
_kw("exhaust", "702.177", F.OWN_ABILITIES, F.ACTIVATION)  # "Activate only once."
_kw("max speed", "702.178", *ALL_FAMILIES, self_only=False)
# A player's speed, set as a state-based action, and its inherent trigger (702.179a, d).
_kw("start your engines!", "702.179", F.STATE_BASED, *T, self_only=False)
_kw("harmonize", "702.180", F.CASTING)
_kw("mobilize", "702.181", *T)
_kw("job select", "702.182", *T)
_kw("tiered", "702.183", F.SPELL_COSTS)
_kw("station", "702.184", F.OWN_ABILITIES)
_kw("warp", "702.185", F.CASTING, *T)
_kw("∞", "702.186", *ALL_FAMILIES, self_only=False)
_kw("mayhem", "702.187", F.CASTING)
_kw("web-slinging", "702.188", F.CASTING)
# Adds mana as it resolves; the mana stays until end of combat (702.189a, 500.4).
_kw("firebending", "702.189", F.STEPS, *T)
# -- words the card data calls keywords that aren't CR 702's --------------------------------
# Ability words (CR 207.2c) and keyword actions (CR 701) that always head an activated
# ability of the card itself (channel and bloodrush from the hand, adapt and monstrosity
# on the battlefield) or a cost increase of the spell itself (strive): declared so that a
# card file listing them (as MTGJSON does) is read as it always has been.
_kw("channel", "207.2c", F.OWN_ABILITIES)
_kw("bloodrush", "207.2c", F.OWN_ABILITIES)
_kw("strive", "207.2c", F.SPELL_COSTS)
_kw("adapt", "701.46", F.OWN_ABILITIES)
_kw("monstrosity", "701.37", F.OWN_ABILITIES)
del T, U

#: Other names of declared keywords: a renamed keyword (CR 702.89: umbra armor was totem
#: armor) and variants that are that keyword (702.22b, 702.19c).
_ALIASES = {"totem armor": "umbra armor", "bands with other": "banding",
            "trample over planeswalkers": "trample"}

#: Keywords of more than one word (kept for readers of the old table).
TWO_WORD_KEYWORDS: dict[str, EffectKind] = {k: v for k, v in KEYWORD_KINDS.items()
                                            if " " in k.removeprefix("keyword:")}

#: A keyword's name at the start of a text: a declared name or alias (the longest
#: first), "[type]walk" and "[quality] [type]walk" (702.14a, c), "[type]cycling"
#: (702.29e), "[quality] offering" (702.48a); then the end of the name.
_NAMES = sorted([k.removeprefix("keyword:") for k in KEYWORD_KINDS] + list(_ALIASES),
                key=len, reverse=True)
_NAME = re.compile(
    "(?:" + "|".join(re.escape(n) for n in _NAMES)
    + r"|(?:[a-z]+ )?[a-z-]*walk|(?:[a-z]+ )?[a-z-]+cycling|[a-z-]+ offering)"
    + r"(?=$|[\s—–,.;:(]|\{)", re.IGNORECASE)


def _canonical(name: str) -> str:
    low = " ".join(name.lower().split())
    low = _ALIASES.get(low, low)
    if f"keyword:{low}" in KEYWORD_KINDS:
        return low
    if low.endswith("walk"):
        return "landwalk"
    if low.endswith("cycling"):
        return "cycling"
    return "offering"


def split_keyword(keyword: str) -> tuple[EffectKind, str, str] | None:
    """(kind, its name as written, the rest) of a declared keyword at the start of a
    text, or None.

    Examples
    --------
    >>> kind, name, rest = split_keyword("Ward—Pay 3 life")
    >>> kind.key, name, rest
    ('keyword:ward', 'Ward', '—Pay 3 life')
    >>> split_keyword("Swampwalk")[0].key
    'keyword:landwalk'
    """
    text = keyword.strip().replace("’", "'")
    m = _NAME.match(text)
    if m is None:
        return None
    return KEYWORD_KINDS[f"keyword:{_canonical(m.group(0))}"], m.group(0), text[m.end():]


#: Families in which a self-only effect matters only to a question about its own object:
#: casting it, its costs as a spell, its entering, its moving, its start of the game.
#: (Its permanent-side families -- its abilities' activation, its targeting, its power
#: and toughness, its types -- matter wherever it takes part.)
OWN_OBJECT_FAMILIES = frozenset({F.SPELL_COSTS, F.CASTING, F.ENTERING, F.ZONES,
                                 F.GAME_START, F.SPENDING, F.OWN_ABILITIES})

#: Every declared kind, by key (the guard test checks each has a family).
KNOWN_KINDS: dict[str, EffectKind] = {**STATIC_KINDS, **KEYWORD_KINDS}


#: The kind key of a static that grants keywords ("Equipped creature has shroud and
#: haste.", layer 6, CR 613.1f), applied with the characteristics (``model.layers``):
#: the granted keywords follow the prefix, joined by "|", so a question knows it
#: through what each keyword means (``granted_keywords``).
GRANT_KEYWORDS = "static:other:grant_keywords:"


def granted_keywords(key: str) -> tuple[str, ...]:
    """The keywords a :data:`GRANT_KEYWORDS` kind key grants (none for another key)."""
    if not key.startswith(GRANT_KEYWORDS):
        return ()
    return tuple(key[len(GRANT_KEYWORDS):].split("|"))


def kind_of_keyword(keyword: str) -> EffectKind:
    """The kind of a keyword as the card data writes it ("Protection from red",
    "Equip {2}", "Cumulative upkeep—Pay 1 life"): the declared keyword it starts with,
    or, for a keyword not declared, a kind with every family."""
    found = split_keyword(keyword)
    if found is not None:
        return found[0]
    words = keyword.strip().lower().split()
    return EffectKind(f"keyword:{words[0] if words else '?'}", ALL_FAMILIES, self_only=True)


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
    declared = frozenset(f for f in map(family_by_name, ability.affects) if f is not None)
    kws = ability.params.get("grant_keywords")
    if isinstance(kws, tuple) and kws and declared:
        return EffectKind(GRANT_KEYWORDS + "|".join(str(k) for k in kws), declared,
                          ability.self_only)
    for name, _ in ability.params.items:
        found = STATIC_KINDS.get(f"static:other:{name}")
        if found is not None:
            return found
    return EffectKind("static:other:unread", declared or ALL_FAMILIES, ability.self_only)
