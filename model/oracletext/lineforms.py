"""The rule families of a line the reader can't read in full, known by its form.

A line no template reads is kept as an unread static (``manacheck.model.effects``):
with no families declared it could change any answer, so every question it could
touch is "not decided". Most such lines can change far less, and their form shows it:
a restriction on attacking changes who may attack (CR 508.1c), never what a land
makes. Each form here is a rule of a small grammar over one sentence, with the
families its effect can change and the rule that says so. A line is classified only
when **every** sentence of it matches a form (a phrase is read whole or not at all);
its families are the union of its sentences'. The classification is a sound
over-approximation: a form may name a family its line doesn't touch, never leave out
one it does. Any word that could reach another family (mana, costs, activation,
types, abilities, counters, zones...) outside a form's fixed words makes the sentence
match nothing, and the line stays unread in every family.

Reminder text is no rules text (CR 207.2a): it is taken out before the forms are
matched (``normal.normalise``), and a line that is only reminder text has no families
at all. An ability word has no rules meaning either (CR 207.2c): "Threshold — " is
taken off before the forms are matched.

The forms, by what they change:

* ``combat``: attack and block restrictions and requirements ("CARDNAME can't block.",
  "Creatures can't attack you unless their controller pays {2} for each creature they
  control that's attacking you.", "CARDNAME can't be blocked except by Walls."; CR
  508.1c-d, 509.1b-c) and combat damage assignment ("You may have CARDNAME assign its
  combat damage as though it weren't blocked.", CR 510.1c-d): attacks, blocks.
* ``prevention``: damage prevention and redirection ("Prevent all combat damage that
  would be dealt to CARDNAME.", CR 615): damage.
* ``untap``: "CARDNAME doesn't untap during your untap step." and "You may choose not
  to untap CARDNAME during your untap step." (CR 502.3): the turn's steps.
* ``hand_size``: "You have no maximum hand size.", "Your maximum hand size is increased
  by one." (CR 402.2, 514.1): the turn's steps.
* ``draw_replacement``: "If you would draw a card, ... instead." (CR 121.6, 614.11):
  zones (a draw is a zone change, CR 121.1).
* ``entering``: "As CARDNAME enters, choose ...", "CARDNAME enters tapped unless ...",
  "You may have CARDNAME enter as a copy of ..." (CR 614.1c-e, 614.12, 707.5):
  its own entering only. A copy effect lasts after it entered (CR 707.2): the object's
  characteristics, which the state file doesn't give, are unknown, so such a line is
  self-only in every family. "Creatures your opponents control enter tapped." and
  other objects' entering: entering.
* ``life``: "You can't gain life.", "If you would gain life, ... instead." (CR 119.7,
  119.10): life, and damage's family (CR 119.3).
* ``own_pt``: "CARDNAME gets +1/+1 for each ...", "CARDNAME's power and toughness are
  each equal to ..." (CR 604.3, 613.4): its own power and toughness.
* ``as_long_as``: "As long as ..., CARDNAME gets +2/+2 and has flying." (CR 611.3a,
  613.1f, 613.4): its own power and toughness and the granted keywords' own families
  (``kind_of_keyword``: flying changes blocks only), for its own object only, as
  ``declared`` reads a granted keyword.
* ``attached``: "Enchanted creature gets +2/+1.", "Equipped creature has vigilance."
  (CR 301.5, 303.4, 613.1f, 613.4): the same families, for the object it is attached
  to only (``affected: {enchanted: true}``; soundness skips an Aura or Equipment
  attached to nothing).
* ``lord``: "Other white creatures get +1/+1." (CR 613.4c): power and toughness.
* ``spell_cost``: "Spells you cast cost {1} less to cast.", "This spell costs {2} more
  to cast ..." (CR 601.2f): the total cost of spells.
* ``casting``: "Each player can't cast more than one noncreature spell each turn.",
  "Your opponents can't cast spells during your turn." (CR 101.2, 601.2): when spells
  may be cast.
* ``uncounterable``: "This spell can't be countered." (CR 101.2, 701.6): what may be
  countered, a zone change (zones).
* ``targeting``: "CARDNAME can't be the target of ..." (CR 115.4): targeting.
* ``draft``: "Draft CARDNAME face up." and other draft-matters text (CR 905.1: these
  matter only while drafting, not in the game): no family.
* ``granted_trigger``: "Enchanted creature has "Whenever another creature dies, put a
  +1/+1 counter on this creature."" (CR 613.1f, 603.3): a granted triggered ability
  that uses the stack, which only ``resolve`` can set off.

Rules
-----
CR 207.2a (reminder text), 207.2c (ability words). The families: CR 508-510 (combat),
615 (prevention), 502.3 (untapping), 402.2 and 514.1 (hand size), 121.6 and 614.11
(draws), 614.1c-e and 614.12 (entering), 707 (copies), 119 (life), 613 (layers),
601.2f (total cost), 115 (targets).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..effects import Family, kind_of_keyword
from .normal import SELF, normalise

__all__ = ["LineClass", "classify_line"]

F = Family

#: Where a form's effect applies: its own object, the object it is attached to, or
#: anything.
Scope = str  # "self" | "attached" | "any"


@dataclass(frozen=True, slots=True)
class LineClass:
    """What an unread line could change: its families, its scope and the forms read.

    ``families`` empty means the line is no rules text at all (reminder or draft text).
    """

    families: frozenset[Family]
    scope: Scope
    forms: tuple[str, ...]

    @property
    def self_only(self) -> bool:
        return self.scope == "self"


#: Words that reach a family no combat, prevention or hand-size form names: a sentence
#: with one outside a form's fixed words matches nothing.
_DANGER = re.compile(
    r"\b(?:mana|adds?|costs?|spend|spent|activat\w*|abilit(?:y|ies)|tap|taps|tapped|"
    r"untap\w*|sacrific\w*|destroy\w*|exile\w*|return\w*|cast|casts|spells?|counters?|"
    r"life|instead|prevent\w*|becomes?|gets?|has|have|gains?|loses?|lose|enters?|"
    r"control of|copy|copies|draws?|discard\w*|search\w*|creates?|token|types?|colou?rs?|"
    r"is an?|are|pays?|paid|phas\w*|transform\w*|emblem|loyalty|library|graveyard|hand|"
    r"play|plays|put|puts|may|double|twice|shuffle)\b|\{", re.IGNORECASE)

#: A subject naming creatures (a lord's or a restriction's): words, no danger.
_SUBJECT = r"(?P<subject>[A-Z][^,.;:\"]*?)"

_S = SELF


def _safe(*parts: str | None) -> bool:
    return not any(p and _DANGER.search(p) for p in parts)


def _scope_of(subject: str) -> Scope:
    if subject == _S:
        return "self"
    if re.fullmatch(r"(?:Enchanted|Equipped|Fortified) (?:creature|permanent|land|"
                    r"artifact|planeswalker)", subject):
        return "attached"
    return "any"


def _kws(group: str) -> str:
    """A granted keyword list, in the named group."""
    return rf"(?P<{group}>[a-z][a-z ,-]*?)"

# ---- the forms: one sentence each, without its period -------------------------------

_COMBAT = (
    re.compile(_SUBJECT + r" (?:can't attack(?: or block)?|can't block|attacks each "
               r"(?:combat|turn) if able|blocks each (?:combat|turn) if able|attacks or "
               r"blocks each combat if able|can't attack or block alone|can't attack alone|"
               r"can't block alone)(?P<tail>(?: [^.]*)?)"),
    re.compile(_SUBJECT + r" can't be blocked(?P<tail>(?: [^.]*)?)"),
    re.compile(_SUBJECT + r" can block (?:an additional creature|any number of creatures|"
               r"an additional \w+ creatures?|only creatures with [a-z]+|creatures with "
               r"[a-z]+ as though [^.]*)(?P<tail>(?: each combat)?)"),
    re.compile(_SUBJECT + r" can attack as though (?:it|they) didn't have defender"
               r"(?P<tail>(?: [^.]*)?)"),
    re.compile(r"(?P<subject>Creatures|Creatures your opponents control) can't attack "
               r"(?:you|you or planeswalkers you control|you or a planeswalker you control)"
               r" unless their controller pays \{\d+\} for each (?:creature they control "
               r"that's attacking you|of those creatures)(?P<tail>)"),
    re.compile(r"You may have (?P<subject>CARDNAME) assign its combat damage as though it "
               r"weren't blocked(?P<tail>)"),
    re.compile(_SUBJECT + r" (?:must be blocked|must be blocked if able)(?P<tail>(?: [^.]*)?)"),
    re.compile(r"(?P<subject>[A-Z][^,.;:\"]*?) can't be blocked by (?P<tail>[^.]*)"),
    re.compile(r"All creatures able to block (?P<subject>CARDNAME) do so(?P<tail>)"),
)

_PREVENTION = (
    re.compile(r"Prevent all (?:combat )?damage that would be dealt (?:to|by) "
               r"(?P<tail>[^.]*)"),
    re.compile(r"If a source would deal damage to (?P<tail>[^,.]*), prevent (?:that damage|"
               r"\w+ of that damage|all but \w+ of that damage)"),
    re.compile(r"If (?P<tail>[^,.]*) would deal damage to (?:you|CARDNAME|a creature you "
               r"control), prevent (?:that damage|\w+ of that damage)"),
)

_UNTAP = (
    re.compile(_SUBJECT + r" (?:doesn't|don't) untap during (?:your|its controller's|their "
               r"controllers') untap steps?(?P<tail>(?: [^.]*)?)"),
    re.compile(r"You may choose not to untap (?P<subject>CARDNAME) during your untap step"
               r"(?P<tail>)"),
)

_HAND_SIZE = (
    re.compile(r"(?:You have|Each player has|Your opponents have) no maximum hand size"),
    re.compile(r"(?:Your|Each opponent's|Each player's) maximum hand size is (?:increased|"
               r"reduced) by (?:one|two|three|four|\w+)"),
)

_DRAW = (
    re.compile(r"If (?:you|a player|an opponent) would draw a card(?: except the first one "
               r"(?:you draw|they draw|that player draws) in each of (?:your|their) draw "
               r"steps)?, (?P<effect>[^.]*) instead"),
)

_ENTERING_SELF = (
    re.compile(r"As CARDNAME enters, (?:choose|you may choose|name|an opponent chooses) "
               r"(?P<what>[^.]*)"),
    re.compile(r"CARDNAME enters tapped(?: unless (?P<tail>[^.]*))?"),
    re.compile(r"As CARDNAME enters, you may (?:pay \d+ life|reveal [^.]*)"),
    re.compile(r"If you don't, (?:it|CARDNAME) enters tapped"),
    re.compile(r"CARDNAME enters tapped and doesn't untap during your next untap step"),
    re.compile(r"If (?:it|CARDNAME) would enter, (?P<tail>[^.]*) instead"),
    re.compile(r"CARDNAME enters(?: tapped)? with (?P<tail>[^.]*)"),
    re.compile(r"If CARDNAME was (?:kicked|bargained|cast [^,]*|[a-z ]*), it enters with "
               r"(?P<tail>[^.]*)"),
)

#: "enter as a copy": the copy's characteristics, which the state doesn't give, last
#: (CR 707.2): every family, its own object only.
_COPY = re.compile(r"(?:You may have CARDNAME enter(?: the battlefield)? as a copy of|As "
                   r"CARDNAME enters, you may have it become a copy of) [^.]*")

_ENTERING_OTHERS = (
    re.compile(r"(?:Creatures|Artifacts|Lands|Permanents|Nonbasic lands|Creatures and "
               r"lands|Artifacts and creatures)(?: your opponents control| you control)? "
               r"enter(?: the battlefield)? tapped"),
    re.compile(r"Each other creature you control enters with [^.]*"),
)

_LIFE = (
    re.compile(r"(?:You|Your opponents|Players|Each opponent) can't gain life"),
    re.compile(r"If (?:you|an opponent|a player) would gain life, (?P<effect>[^.]*) instead"),
)

_PT = r"[+-](?:\d+|X)/[+-](?:\d+|X)"

_OWN_PT = (
    re.compile(r"CARDNAME gets " + _PT + r"(?P<tail>(?: for each [^.]*| as long as [^.]*)?)"),
    re.compile(r"CARDNAME's (?:power|toughness|power and toughness) (?:is|are)(?: each)? "
               r"equal to (?P<tail>[^.]*)"),
)

_AS_LONG_AS = re.compile(
    r"As long as (?P<cond>[^,]*), (?P<subject>CARDNAME|enchanted creature|equipped "
    r"creature) (?:gets (?P<pt>" + _PT + r")(?: and has " + _kws("kws") + r")?|has "
    + _kws("kws2") + r")")

_ATTACHED = re.compile(
    r"(?P<subject>Enchanted creature|Equipped creature) (?:gets (?P<pt>" + _PT +
    r")(?: and has " + _kws("kws") + r")?|has " + _kws("kws2") + r")"
    r"(?P<tail>(?: for each [^.]*)?)")

_SELF_HAS = re.compile(
    r"(?P<subject>CARDNAME) (?:gets (?P<pt>" + _PT + r") and has " + _kws("kws") +
    r"|has " + _kws("kws2") + r") as long as (?P<cond>[^.]*)")

_LORD = re.compile(
    r"(?P<subject>[A-Z][^.,]*?) (?:gets?|get) (?P<pt>" + _PT + r")"
    r"(?: and (?:have|has) " + _kws("kws") + r")?"
    r"(?P<tail>(?: as long as [^.]*| for each [^.]*| until end of turn)?)")

#: "... have flying" for a group of creatures (layer 6, CR 613.1f).
_GROUP_HAS = re.compile(
    r"(?P<subject>(?=[A-Z])[^.,]*?(?i:creatures?)[^.,]*?) (?:have|has) " + _kws("kws") +
    r"(?P<tail>(?: as long as [^.]*)?)")

_SPELL_COST = (
    re.compile(r"(?P<what>[A-Z][^.]*? spells?|Spells) (?:(?:you cast|your opponents cast|"
               r"players cast|that target [^.]*?) )*costs? (?:up to )?\{(?:\d+|[WUBRG])\} "
               r"(?:less|more) to cast(?P<tail>[^.]*)"),
    re.compile(r"This spell costs (?:up to )?\{\d+\} (?:less|more) to cast(?P<tail>[^.]*)"),
    re.compile(r"This spell costs \{X\} less to cast, where X is (?P<tail>[^.]*)"),
)

_CASTING = (
    re.compile(r"(?:Each player|Your opponents|Each opponent|Players) can't cast (?:more "
               r"than one )?(?:noncreature |creature |instant or sorcery |)spells?"
               r"(?: during your turn| each turn| during combat)?"),
)

_UNCOUNTERABLE = re.compile(r"(?:This spell|CARDNAME) can't be countered")

_TARGETING = re.compile(r"CARDNAME can't be the target of [^.]*")

_DRAFT = re.compile(r"(?:Draft CARDNAME face up|Reveal CARDNAME as you draft it|As you "
                    r"draft a card,[^.]*|Remove CARDNAME from your deck before playing if "
                    r"you're not playing for ante)")

#: Further forms, each a sentence with its families and scope (module docstring).
_MORE: tuple[tuple[str, re.Pattern[str], frozenset[Family], Scope], ...] = (
    # CR 702.8, 601.2f: casting itself as though it had flash, for a cost more
    ("own_casting", re.compile(r"You may cast (?:this spell|CARDNAME) as though it had "
                               r"flash(?: if you pay \{\d+\} more to cast it)?"),
     frozenset({F.CASTING, F.SPELL_COSTS}), "self"),
    # CR 601.2b, 601.2f: its own additional cost
    ("own_casting", re.compile(r"As an additional cost to cast this spell, [^.]*"),
     frozenset({F.CASTING, F.SPELL_COSTS}), "self"),
    # CR 614.1a, 614.6: where it goes instead of a graveyard (zones); destruction
    ("own_zone", re.compile(r"If CARDNAME would (?:die|be put into (?:a|your|its owner's) "
                            r"graveyard(?: from anywhere| from the battlefield)?|leave the "
                            r"battlefield|be destroyed), (?:exile it|shuffle it into its "
                            r"owner's library|put it into its owner's library [^.]*|return "
                            r"it to its owner's hand|put it on the bottom of its owner's "
                            r"library)(?: instead)?"),
     frozenset({F.ZONES, F.STATE_BASED}), "self"),
    # CR 615, 614.1a: damage to it replaced
    ("own_damage", re.compile(r"If (?:damage|a source) would (?:be dealt to|deal damage "
                              r"to) CARDNAME, [^.]* instead"),
     frozenset({F.DAMAGE, F.COUNTERS}), "self"),
    # CR 103.6a, 903.3: before the game
    ("game_start", re.compile(r"If CARDNAME is in your opening hand, you may begin the "
                              r"game with it on the battlefield"),
     frozenset({F.GAME_START}), "self"),
    ("game_start", re.compile(r"CARDNAME can be your commander"),
     frozenset({F.GAME_START}), "self"),
    # CR 400.2, 401.2: a hidden zone revealed
    ("hidden", re.compile(r"Play with the top card of your library revealed"),
     frozenset({F.HIDDEN}), "any"),
    # CR 305.1, 601.2a: where lands are played and spells cast from
    ("casting", re.compile(r"You may play lands from your graveyard"),
     frozenset({F.CASTING}), "any"),
    ("casting", re.compile(r"(?:You|Your opponents|Players|Each player) can't (?:cast "
                           r"(?:permanent|creature|noncreature|instant|sorcery|artifact) "
                           r"spells|play land cards from graveyards|cast spells from "
                           r"(?:anywhere other than their hands|graveyards))"),
     frozenset({F.CASTING}), "any"),
    # CR 502.3: untapping in another player's untap step
    ("untap", re.compile(r"Untap all permanents you control during each other player's "
                         r"untap step"), frozenset({F.STEPS}), "any"),
    # CR 603.2, 603.2d-e: whether and how often triggered abilities trigger
    ("triggers", re.compile(r"(?:Creatures|Artifacts|Permanents|Creatures and artifacts) "
                            r"entering the battlefield don't cause abilities to trigger"),
     frozenset({F.TRIGGERS, F.UNREAD_TRIGGERS}), "any"),
    ("triggers", re.compile(r"If (?:an artifact or creature entering the battlefield|a "
                            r"creature dying|a permanent entering the battlefield|a creature "
                            r"entering the battlefield|an artifact or creature entering) "
                            r"causes a triggered ability of a permanent you control to "
                            r"trigger, that ability triggers an additional time"),
     frozenset({F.TRIGGERS, F.UNREAD_TRIGGERS}), "any"),
    # CR 614.1a, 614.6: zone changes replaced or forbidden
    ("zones", re.compile(r"If a card or token would be put into a graveyard from anywhere, "
                         r"exile it instead"), frozenset({F.ZONES}), "any"),
    ("zones", re.compile(r"Spells and abilities your opponents control can't cause you to "
                         r"sacrifice permanents"), frozenset({F.ZONES}), "any"),
    # CR 305.2: how many lands a player may play
    ("casting", re.compile(r"You may play (?:an additional land|two additional lands|"
                           r"three additional lands|any number of additional lands) on each "
                           r"of your turns"), frozenset({F.CASTING}), "any"),
    # CR 122.6, 614.1a: counters put, replaced (Vorinclex, Doubling Season's kin)
    ("counters", re.compile(r"If (?:you|an opponent|a player) would put one or more "
                            r"counters on a permanent or player, (?:they put|put) (?:twice "
                            r"that many|half that many[^.]*) of each of those kinds of "
                            r"counters on that permanent or player instead"),
     frozenset({F.COUNTERS}), "any"),
    # CR 504.1: the draw step skipped
    ("steps", re.compile(r"Skip your draw step"), frozenset({F.STEPS}), "any"),
    # CR 510.1c-d: combat damage assigned by toughness
    ("combat", re.compile(r"Each creature you control assigns combat damage equal to its "
                          r"toughness rather than its power"),
     frozenset({F.BLOCKS}), "any"),
    # CR 614.12: a choice as it enters (the state's "chosen"), its own entering
    ("entering", re.compile(r"As CARDNAME enters, (?:you and an opponent each choose|each "
                            r"player chooses|choose one of|you may choose|an opponent "
                            r"chooses) [^.]*"), frozenset({F.ENTERING}), "self"),
    # CR 502.1: the untap step skipped
    ("untap", re.compile(r"(?:Each player skips their|You skip your|Players skip their) "
                         r"untap steps?"), frozenset({F.STEPS}), "any"),
    # CR 101.2, 701.6: spells that can't be countered (a zone change, CR 701.6a)
    ("uncounterable", re.compile(r"(?:Creature|Green|Noncreature|Instant and sorcery)? ?"
                                 r"[Ss]pells you control can't be countered"),
     frozenset({F.ZONES}), "any"),
    # CR 111.1, 614.1a: tokens created, replaced
    ("zones", re.compile(r"If (?:one or more tokens would be created under your control|"
                         r"an effect would create one or more tokens under your control), "
                         r"twice that many of those tokens are created instead"),
     frozenset({F.ZONES}), "any"),
    # CR 602.5, 605.1a: who may activate which abilities; CR 602.2b, 601.2f: their cost
    ("activation", re.compile(r"Activated abilities of [^.]* can't be activated"),
     frozenset({F.ACTIVATION}), "any"),
    # ... mana abilities excepted: a payment's mana abilities aren't touched (CR 605.3a)
    ("activation", re.compile(r"Activated abilities of [^.]* can't be activated unless "
                              r"they're mana abilities"),
     frozenset({F.NONMANA_ACTIVATION}), "any"),
    ("ability_cost", re.compile(r"Activated abilities of [^.]* cost \{\d+\} (?:less|more) "
                                r"to activate(?: unless they're mana abilities)?"),
     frozenset({F.ABILITY_COSTS}), "any"),
    # CR 701.43 (exert): it won't untap; the reflexive trigger waits for the stack
    ("exert", re.compile(r"You may exert CARDNAME as it attacks"),
     frozenset({F.ATTACKS, F.STEPS}), "self"),
    ("trigger", re.compile(r"When you do, (?!add\b)[^.]*"),
     frozenset({F.UNREAD_TRIGGERS}), "any"),
    # CR 613.1b: control of the object it's attached to: everything about that object
    ("attached", re.compile(r"You control enchanted (?:creature|permanent|land|artifact|"
                            r"planeswalker)"), frozenset(Family), "attached"),
    # CR 613.1d-f, 613.4: an animated or changed land it enchants
    ("attached", re.compile(r"Enchanted (?:land|creature|permanent|artifact) is (?:a|an) "
                            r"[^.]*"), frozenset(Family), "attached"),
)


def _more(sentence: str) -> _Match | None:
    for form, pattern, families, scope in _MORE:
        if pattern.fullmatch(sentence):
            return _Match(form, families, scope)
    return None


#: "As long as [condition], [effect]": the condition only gates the effect (CR 611.3a).
_GATE = re.compile(r"As long as (?P<cond>[^,]*), (?P<inner>[^.]*)")


def _gated(sentence: str) -> _Match | None:
    m = _GATE.fullmatch(sentence)
    if m is None or not _gate_ok(m.group("cond")):
        return None
    inner = m.group("inner")
    if inner.startswith(("it ", "It ")) or _GATE.match(inner.capitalize()):
        return None
    if not inner.startswith(_S):
        inner = inner[:1].upper() + inner[1:]
    return _sentence(inner)


# ---- matching -------------------------------------------------------------------------


def _keyword_families(kws: str | None) -> frozenset[Family] | None:
    """The families of a granted keyword list ("flying and first strike"), or None if a
    word isn't a keyword manacheck declares (it could then be anything)."""
    if not kws:
        return frozenset()
    found: set[Family] = set()
    for kw in re.split(r", and |, | and ", kws.strip()):
        kind = kind_of_keyword(kw)
        if kind.key.endswith("?") or len(kind.families) == len(Family):
            return None
        found |= kind.families
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class _Match:
    form: str
    families: frozenset[Family]
    scope: Scope


def _first(patterns: tuple[re.Pattern[str], ...], sentence: str,
           *safe_groups: str) -> re.Match[str] | None:
    """The first of ``patterns`` matching all of ``sentence`` whose ``safe_groups``
    have no word that could reach another family."""
    for p in patterns:
        m = p.fullmatch(sentence)
        if m is not None and _safe(*(_group(m, g) for g in safe_groups)):
            return m
    return None


def _group(m: re.Match[str], name: str) -> str | None:
    return m.groupdict().get(name)


def _combat(sentence: str) -> _Match | None:
    m = _first(_COMBAT, sentence, "tail", "subject") or _combat_unless(sentence)
    if m is None:
        return None
    return _Match("combat", frozenset({F.ATTACKS, F.BLOCKS}),
                  _scope_of(_group(m, "subject") or ""))


#: A combat restriction's condition ("... can't attack unless there are five or more
#: Islands on the battlefield"): read as a condition, not as an effect.
_UNLESS = re.compile(r"(?P<subject>CARDNAME|Enchanted creature) (?:can't attack|can't block|"
                     r"can't attack or block|can't be blocked) (?:unless|as long as|if) "
                     r"(?P<cond>[^.]*)")


def _combat_unless(sentence: str) -> re.Match[str] | None:
    m = _UNLESS.fullmatch(sentence)
    if m is None or not _gate_ok(m.group("cond")) or "sacrific" in m.group("cond"):
        return None
    return m


def _simple(sentence: str) -> _Match | None:
    m = _first(_PREVENTION, sentence, "tail")
    if m is not None:
        return _Match("prevention", frozenset({F.DAMAGE}), "any")
    m = _first(_UNTAP, sentence, "tail")
    if m is not None:
        return _Match("untap", frozenset({F.STEPS}), _scope_of(_group(m, "subject") or ""))
    if _first(_HAND_SIZE, sentence):
        return _Match("hand_size", frozenset({F.STEPS}), "any")
    m = _first(_DRAW, sentence)
    if m is not None and _safe_effect(_group(m, "effect")):
        return _Match("draw_replacement", frozenset({F.ZONES}), "any")
    m = _first(_LIFE, sentence)
    if m is not None and _safe_effect(_group(m, "effect")):
        return _Match("life", frozenset({F.LIFE, F.DAMAGE}), "any")
    if _DRAFT.fullmatch(sentence):
        return _Match("draft", frozenset(), "any")
    return None


#: Words a replacement's new event ("... instead") may not have: anything that could
#: reach mana, costs, the battlefield or characteristics.
_EFFECT_DANGER = re.compile(
    r"\b(?:mana|adds?|costs?|spend|activat\w*|abilit(?:y|ies)|untap\w*|battlefield|"
    r"gets?|has|have|loses?|becomes?|control of|copy|types?|colou?rs?|counters?|token)"
    r"\b|\{", re.IGNORECASE)


def _safe_effect(effect: str | None) -> bool:
    return effect is None or not _EFFECT_DANGER.search(effect)


#: Words an "enters with ..." or "enters tapped unless ..." tail may not have: anything
#: that gives the object characteristics beyond its entering.
_ENTERS_DANGER = re.compile(
    r"\b(?:mana|adds?|activat\w*|abilit(?:y|ies)|gets?|has|have|gains?|loses?|becomes?|"
    r"control of|copy|types?|colou?rs?|instead)\b|\{", re.IGNORECASE)


#: Words a condition, a count or a subject phrase ("as long as ...", "for each ...",
#: "Creatures you control with a +1/+1 counter on them") may not have: anything that
#: could be an effect of its own.
_COND_DANGER = re.compile(_ENTERS_DANGER.pattern + r"|\b(?:is|are) (?-i:an? |[A-Z])",
                          re.IGNORECASE)


#: A condition ("as long as an opponent has 10 or less life") may say what a player or
#: object has; nothing else an effect would say.
_GATE_DANGER = re.compile(
    r"\b(?:mana|adds?|activat\w*|abilit(?:y|ies)|gets?|gains?|loses?|becomes?|"
    r"control of|copy|instead)\b|\{|\b(?:is|are) (?-i:an? |[A-Z])", re.IGNORECASE)


def _gate_ok(cond: str | None) -> bool:
    return not cond or not _GATE_DANGER.search(cond)


def _plain(*parts: str | None) -> bool:
    """Whether conditions, counts and subject phrases say nothing but what they name."""
    return not any(p and _COND_DANGER.search(p) for p in parts)


def _entering(sentence: str) -> _Match | None:
    if _COPY.fullmatch(sentence):
        return _Match("copy", frozenset(Family), "self")
    m = _first(_ENTERING_SELF, sentence)
    if m is not None and not _ENTERS_DANGER.search(_group(m, "tail") or ""):
        return _Match("entering", frozenset({F.ENTERING}), "self")
    if _first(_ENTERING_OTHERS, sentence):
        return _Match("entering", frozenset({F.ENTERING}), "any")
    return None


def _layers(sentence: str) -> _Match | None:
    m = _first(_OWN_PT, sentence)
    if m is not None and _plain(_group(m, "tail")):
        return _Match("own_pt", frozenset({F.POWER_TOUGHNESS}), "self")
    for form, pattern in (("as_long_as", _AS_LONG_AS), ("attached", _ATTACHED),
                          ("as_long_as", _SELF_HAS)):
        m = pattern.fullmatch(sentence)
        if m is None or not _plain(_group(m, "tail")) or not _gate_ok(_group(m, "cond")):
            continue
        granted = _group(m, "kws") or _group(m, "kws2")
        kws = _keyword_families(granted)
        if kws is None:
            return None
        families = set(kws)
        if _group(m, "pt"):
            families.add(F.POWER_TOUGHNESS)
        subject = (_group(m, "subject") or "").capitalize().replace("Cardname", _S)
        return _Match(form, frozenset(families), _scope_of(subject))
    m = _GROUP_HAS.fullmatch(sentence)
    if m is not None and _plain(_group(m, "tail"), _group(m, "subject")):
        kws = _keyword_families(_group(m, "kws"))
        if kws is not None:
            return _Match("lord", kws, "any")
    m = _LORD.fullmatch(sentence)
    if m is not None and _plain(_group(m, "tail"), _group(m, "subject")):
        kws = _keyword_families(_group(m, "kws"))
        if kws is not None:
            return _Match("lord", frozenset({F.POWER_TOUGHNESS}) | kws, "any")
    return None


def _costs_and_casting(sentence: str) -> _Match | None:
    m = _first(_SPELL_COST, sentence)
    if m is not None and not re.search(r"\b(?:abilit|activat|mana(?! value| cost)\b|add)",
                                       sentence, re.IGNORECASE):
        self_only = sentence.startswith("This spell")
        return _Match("spell_cost", frozenset({F.SPELL_COSTS}),
                      "self" if self_only else "any")
    if _first(_CASTING, sentence):
        return _Match("casting", frozenset({F.CASTING}), "any")
    if _UNCOUNTERABLE.fullmatch(sentence):
        return _Match("uncounterable", frozenset({F.ZONES}), "self")
    if _TARGETING.fullmatch(sentence) and _safe(sentence.removeprefix(
            "CARDNAME can't be the target of ")):
        return _Match("targeting", frozenset({F.TARGETING}), "self")
    return None


_MATCHERS = (_combat, _simple, _entering, _layers, _costs_and_casting, _more, _gated)


def _sentence(sentence: str) -> _Match | None:
    for matcher in _MATCHERS:
        found = matcher(sentence)
        if found is not None:
            return found
    return None


#: An ability word and its dash (CR 207.2c).
_ABILITY_WORD = re.compile(r"^[A-Z][a-z']+(?: [a-z']+)* — ")


def _sentences(body: str) -> list[str] | None:
    """The sentences of ``body``, without their periods, or None when one doesn't end
    with a period or a quotation makes the split unsafe."""
    if '"' in body or "“" in body or not body.endswith("."):
        return None
    parts = re.split(r"(?<=\.) (?=[A-Z])", body)
    out = [p[:-1] for p in parts if p.endswith(".")]
    return out if len(out) == len(parts) else None


#: "Enchanted creature has "Whenever ..."": a granted triggered ability (CR 613.1f).
_GRANTED_QUOTE = re.compile(
    r"(?P<subject>Enchanted creature|Equipped creature|CARDNAME|(?=[A-Z])[^\".,]*?"
    r"(?i:creatures?)[^\".,]*?) (?:has|have) \"(?P<quoted>[^\"]+)\"\.?")


def _granted_trigger(body: str) -> LineClass | None:
    """A line that grants only a triggered ability that uses the stack (CR 603.3): like
    the trigger itself, it can change only what ``resolve`` plays out."""
    m = _GRANTED_QUOTE.fullmatch(body)
    if m is None or not _plain(m.group("subject")):
        return None
    from .unread_triggers import unread_trigger

    if not unread_trigger(m.group("quoted")):
        return None
    return LineClass(frozenset({F.UNREAD_TRIGGERS}), _scope_of(m.group("subject")),
                     ("granted_trigger",))


def classify_line(line: str, name: str = "") -> LineClass | None:
    """The families an unread line could change, by its form, or None if its form isn't
    known (it then touches every family).

    Examples
    --------
    >>> sorted(f.label for f in classify_line("Craven Giant can't block.",
    ...                                       "Craven Giant").families)
    ['attacks', 'blocks']
    >>> classify_line("(Seat of the Synod isn't a spell.)", "Seat of the Synod").families
    frozenset()
    >>> classify_line("You have no maximum hand size.").forms
    ('hand_size',)
    >>> classify_line("Activated abilities of artifacts can't be activated.").forms
    ('activation',)
    >>> classify_line("Exchange control of two target permanents.") is None
    True
    """
    norm = normalise(line, name)
    body = norm.text
    if not body:
        return LineClass(frozenset(), "any", ("reminder",))
    body = _ABILITY_WORD.sub("", body, count=1)
    if '"' in body:
        return _granted_trigger(body)
    sentences = _sentences(body)
    if not sentences:
        return None
    families: set[Family] = set()
    scopes: set[Scope] = set()
    forms: list[str] = []
    for sentence in sentences:
        found = _sentence(sentence)
        if found is None:
            return None
        families |= found.families
        scopes.add(found.scope)
        forms.append(found.form)
    scope = scopes.pop() if len(scopes) == 1 else "any"
    return LineClass(frozenset(families), scope, tuple(forms))
