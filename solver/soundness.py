"""Soundness: which effects on the board a question applies, and which it can't.

Each question names the rule families it reads and the effect kinds it implements
(:class:`Question`). :func:`unapplied` gathers every effect that functions on the board
(:mod:`manacheck.model.effects` says what each kind could change) and returns those in a
family the question reads that it doesn't implement: each makes the answer "not
decided" and is named in it (:class:`Undecided`). A definite answer therefore rests
only on effects the question really applies; an effect is never silently skipped.

Where an effect functions: a permanent's abilities on the battlefield, as they are after
layers 4 and 6 (an ability Blood Moon removed doesn't function); the abilities of the
continuous effects of resolved spells; a spell's static abilities and keywords on the
stack (split second; its self-only ones, such as its cost keywords, concern only
itself), where a line not read that provably does nothing until it resolves (its
effect, CR 608.2) is :data:`ON_RESOLUTION`, read only by ``resolve`` with events that
resolve something; and wherever it is, the object the question is about (the spell
being paid for, the card whose ability is activated from a hand).

Rules
-----
CR 113.6: abilities function on the battlefield unless they say otherwise (a spell's
on the stack: 113.3a, 113.6a-g). CR 604.1,
611.2, 611.3: static abilities and resolved spells' continuous effects. CR 613: the
layers (an ability removed in layer 6 has no effect). CR 117.5: each question is asked
of the game as the player would see it when receiving priority.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from manacheck.model import GameState, Permanent, effective
from manacheck.model.abilities import Ability, ActivatedAbility, StaticAbility
from manacheck.model.effects import (
    OWN_OBJECT_FAMILIES,
    EffectKind,
    Family,
    granted_keywords,
    kind_of_ability,
    kind_of_keyword,
)
from manacheck.model.state import KEYWORD_COUNTERS

from .spelltext import (
    UNREAD_SPELL_EFFECT,
    acts_on_resolution,
    may_bear_on_payment,
    own_payment_rule,
    spell_effect_kind,
)
from .wording import STATE_BASED_QUESTION, UNCHOSEN_NAME, effect_why

__all__ = ["ACTIVATION", "ACTIVATION_PT", "CHARACTERISTICS", "ON_RESOLUTION", "PAYMENT",
           "PAYMENT_FOR", "PRODUCE", "RESOLUTION", "RESOLUTION_ATTACKS", "UNREAD_TRIGGER",
           "BoardEffect", "Question", "Undecided", "board_effects", "may_be_activated",
           "merge_reasons", "shared_reasons", "unapplied"]


@dataclass(frozen=True, slots=True)
class BoardEffect:
    """One effect that functions now: its object, the ability's text and its kind."""

    object_id: str
    name: str
    text: str
    kind: EffectKind
    #: The one object a self-only effect changes when that isn't its own: the object an
    #: Aura or Equipment is attached to ("Equipped creature has vigilance.", CR 301.5,
    #: 303.4). Empty: its own object.
    scope_id: str = ""

    @property
    def changes(self) -> str:
        """The object a self-only effect changes."""
        return self.scope_id or self.object_id


@dataclass(frozen=True, slots=True)
class Undecided:
    """An effect that could change an answer but that the question doesn't apply.

    ``object_id``, ``name`` and ``text``: the effect's object and the ability's text (or,
    for a reason that isn't an effect, what it is about); ``why``: in words, what the
    question reads that the effect could change (``manacheck.solver.wording``); ``key``:
    the effect's kind. For an effect found by :func:`unapplied`, ``question`` is the
    question's name and ``families`` the families it reads that the effect could change
    (``question`` is ``"state-based actions"`` when the effect matters through the check
    made before a player gets priority, CR 117.5, 704.3).
    """

    object_id: str
    name: str
    text: str
    why: str
    key: str = ""
    families: tuple[Family, ...] = ()
    question: str = ""

    @property
    def effect(self) -> tuple[str, str]:
        """The effect's identity in one answer: its object and its text."""
        return (self.object_id, self.text)

    def for_player(self, player: str) -> Undecided:
        """The same reason, said for ``player`` (who gets priority after the check for
        state-based actions, CR 117.5)."""
        if self.question != STATE_BASED_QUESTION or not self.families:
            return self
        return replace(self, why=effect_why(self.question, self.families, self.key,
                                            player))

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"object": self.object_id, "text": self.text,
                               "why": self.why}
        if self.question:
            out["question"] = self.question
        if self.families:
            out["families"] = [f.label for f in self.families]
        return out

    def __str__(self) -> str:
        return f"{self.object_id} ({self.text}): {self.why}" if self.object_id else self.why


def merge_reasons(before: Iterable[Undecided], own: Iterable[Undecided],
                  player: str | None = None) -> tuple[Undecided, ...]:
    """The reasons of an answer that the check for state-based actions left undecided
    (``before``, CR 117.5): each effect once, with what the question itself reads of it
    when it reads any (``own``, the question's :func:`unapplied` on the same board),
    else how it matters through that check, said for ``player``. Reasons that aren't
    effects (a pending state-based action manacheck doesn't perform) are kept."""
    mine = {u.effect: u for u in own if u.object_id}
    out: list[Undecided] = []
    seen: set[tuple[str, str]] = set()
    for u in (*before, *own):
        if u.object_id and u.effect in seen:
            continue
        if u.object_id:
            seen.add(u.effect)
        chosen = mine.get(u.effect, u) if u.object_id else u
        out.append(chosen.for_player(player) if player else chosen)
    return tuple(out)


def shared_reasons(rows: Iterable[Iterable[Undecided]], player: str | None = None
                   ) -> tuple[tuple[Undecided, ...], list[tuple[int, ...]]]:
    """The reasons of the rows of one answer (``abilities``, ``produce``), each effect
    once: the list of distinct reasons, and for each row the indexes of its own in it.

    One effect named by several rows is one entry: the families its rows read are
    joined (the words said again for them, for ``player``); when rows read it through
    different questions (the check for state-based actions for one, the question itself
    for another), each way is said."""
    groups: dict[object, list[Undecided]] = {}  # (in the order first named)
    refs: list[tuple[int, ...]] = []
    for row in rows:
        mine: list[int] = []
        for u in row:
            key: object = u.effect if u.object_id else (u.text, u.why)
            if key not in groups:
                groups[key] = []
            groups[key].append(u)
            i = list(groups).index(key)
            if i not in mine:
                mine.append(i)
        refs.append(tuple(mine))
    return tuple(_joined(same, player) for same in groups.values()), refs


def _joined(same: list[Undecided], player: str | None) -> Undecided:
    """One reason for an effect that several rows name (see :func:`shared_reasons`)."""
    first = same[0]
    if all(u == first for u in same):
        return first.for_player(player) if player else first
    by_question: dict[str, list[Undecided]] = {}
    for u in same:
        by_question.setdefault(u.question, []).append(u)
    whys: list[str] = []
    families: set[Family] = set()
    for question, us in by_question.items():
        fams = {f for u in us for f in u.families}
        families |= fams
        if question and fams:
            whys.append(effect_why(question, fams, first.key, player))
        else:
            whys.extend(dict.fromkeys(u.why for u in us))
    why = "; and ".join(dict.fromkeys(whys))
    return replace(first, why=why, families=tuple(sorted(families, key=lambda f: f.label)),
                   question=first.question if len(by_question) == 1 else "")


@dataclass(frozen=True, slots=True)
class Question:
    """What a question reads (rule families) and applies (effect kind keys)."""

    name: str
    reads: frozenset[Family]
    implements: frozenset[str]



def _kinds(abilities: Iterable[Ability], keywords: Iterable[str]
           ) -> Iterator[tuple[str, EffectKind]]:
    for ab in abilities:
        kind = kind_of_ability(ab)
        if kind is not None:
            yield getattr(ab, "text", "") or kind.key, kind
    for kw in keywords:
        yield kw, kind_of_keyword(kw)


#: The kind of a static ability whose text isn't read (``kind: other`` with no parameter
#: and no ``affects``): it could change anything.
UNREAD = "static:other:unread"

#: An activated ability whose text wasn't read (``oracletext.reading.unread_activated``).
UNREAD_ACTIVATED = "static:other:unread_activated"

#: A triggered ability that isn't a mana ability, whose text wasn't read
#: (``oracletext.unread_triggers``): only ``resolve`` reads its family.
UNREAD_TRIGGER = "static:other:unread_trigger"


def may_be_activated(ability: object) -> bool:
    """Whether an ability is text that wasn't read and may be an activated ability: an
    unread line with no families declared, or one the reader knows is an activated
    ability (``UNREAD_ACTIVATED``)."""
    kind = kind_of_ability(ability) if isinstance(ability, StaticAbility) else None
    return kind is not None and (kind.key == UNREAD_ACTIVATED or (
        kind.key == UNREAD and not getattr(ability, "affects", ())))


#: The kinds that are applied when a resolved spell's continuous effect has them.
EFFECT_APPLIED = frozenset({"static:mana_replacement", "static:land_types",
                            "static:grant_ability", "static:other:pump",
                            "static:other:set_color"})


#: A permanent with keyword counters whose abilities an effect removed: in layer 6 the
#: counters (CR 613.1f) and the effect apply in timestamp order (613.7), and a
#: counter's timestamp is when it was put on (613.7c), which the state doesn't give.
_COUNTER_ORDER_TEXT = ("keyword counters and an effect that removed its abilities, in an "
                       "order the state doesn't give (CR 613.7c)")
_COUNTER_ORDER = EffectKind(
    "order:keyword_counters", frozenset({Family.ABILITIES, Family.ACTIVATION, Family.TARGETING,
                              Family.ATTACKS, Family.BLOCKS, Family.DAMAGE}))


def _attached_only(ability: Ability) -> bool:
    """Whether a static whose text isn't applied changes only the object its source is
    attached to ("Enchanted creature gets +2/+1 and has menace.", read by its form:
    ``affected: {enchanted: true}``)."""
    return isinstance(ability, StaticAbility) and ability.kind == "other" \
        and ability.affected.enchanted


def _attached_effects(state: GameState, perm: Permanent,
                      abilities: Iterable[Ability]) -> Iterator[BoardEffect]:
    """The effects of ``perm``'s statics that change only what it is attached to: none
    when it is attached to nothing on the battlefield ("enchanted creature" is then no
    object, CR 303.4, 301.5), else self-only effects of that object."""
    host = perm.attached_to
    if host is None or host not in state or state.zone_of(host) != "battlefield":
        return
    for text, kind in _kinds(abilities, ()):
        yield BoardEffect(perm.id, perm.name, text,
                          EffectKind(kind.key, kind.families, True), host)


#: An unread line of a spell on the stack that does nothing until a spell or ability
#: resolves (``spelltext.acts_on_resolution``): its effect (CR 113.3a, 608.2), a
#: permanent spell's ability (it works once on the battlefield, CR 113.6, 608.3), or
#: "This spell can't be countered" (CR 113.6g, 701.6a). Only ``resolve`` with events
#: that resolve something reads it (``resolution.run.refuse_unapplied``); every other
#: question, which resolves nothing, applies it by leaving it out.
ON_RESOLUTION = "stack:on_resolution"

#: An unread line of a spell on the stack that is a rule for paying that spell only
#: (``spelltext.own_payment_rule``: "Spend only black mana on X.", CR 113.6d): its own
#: casting, costs and spending, which only a question about paying it reads.
OWN_PAYMENT = EffectKind("stack:own_payment", frozenset({Family.SPENDING, Family.SPELL_COSTS,
                                                         Family.CASTING}),
                         self_only=True)


def _on_stack(text: str, kind: EffectKind, name: str) -> EffectKind:
    """The kind of a spell's unread line while the spell is on the stack (CR 113.6)."""
    if kind.key != UNREAD:
        return kind
    if acts_on_resolution(text, name):
        return EffectKind(ON_RESOLUTION, kind.families, kind.self_only)
    if own_payment_rule(text, name):
        return OWN_PAYMENT
    return kind


def _battlefield_ids(state: GameState) -> frozenset[str]:
    """The ids of the permanents, once per state (asked once per ability listed)."""
    hit: frozenset[str] | None = state.__dict__.get("_battlefield_ids")
    if hit is None:
        hit = frozenset(p.id for p in state.permanents)
        state.__dict__["_battlefield_ids"] = hit
    return hit


def board_effects(state: GameState, about: Iterable[str] = ()) -> tuple[BoardEffect, ...]:
    """Every effect that functions now, and those of the objects ``about`` wherever
    they are (CR 113.6). Computed once per state and cached on it."""
    key = "_board_effects_cache"
    cached: tuple[BoardEffect, ...] | None = state.__dict__.get(key)
    if cached is None:
        chars = effective(state)
        found: list[BoardEffect] = []
        for perm in state.permanents:
            c = chars[perm.id]
            attached = [ab for ab in c.abilities if _attached_only(ab)]
            for text, kind in _kinds([ab for ab in c.abilities if ab not in attached],
                                     c.keywords):
                found.append(BoardEffect(perm.id, perm.name, text, kind))
            found.extend(_attached_effects(state, perm, attached))
            found.extend(_unnamed_bans(perm, c.abilities))
            if c.lost_abilities and any(k in KEYWORD_COUNTERS for k in perm.counters):
                found.append(BoardEffect(perm.id, perm.name, _COUNTER_ORDER_TEXT,
                                         _COUNTER_ORDER))
        for eff in state.effects:
            for text, kind in _kinds(eff.card.abilities, ()):
                # A resolved spell's continuous effects are applied where the model
                # reads them: mana replacement (manacheck.solver.replacement) and the
                # layers (land types, granted abilities, colors, power and toughness);
                # any other kind here is one no question applies.
                if kind.key not in EFFECT_APPLIED:
                    kind = EffectKind(f"effect:{kind.key}", kind.families, kind.self_only)
                found.append(BoardEffect(eff.id, eff.name, text, kind))
        # A spell on the stack: its keywords and statics, each as it functions there
        # (CR 113.6; see _on_stack). An ability on the stack has no effect of its own
        # until it resolves (CR 608.2): its source's abilities are counted where they are.
        for item in state.stack:
            if item.card is not None:
                for text, kind in _kinds(item.card.static_abilities, item.card.keywords):
                    kind = _on_stack(text, kind, item.card.name)
                    found.append(BoardEffect(item.id, item.card.name, text, kind))
        cached = tuple(found)
        state.__dict__[key] = cached
    extra: list[BoardEffect] = []
    if not about:
        return cached
    on_board = _battlefield_ids(state)
    for oid in about:
        if oid in on_board or oid not in state:
            continue
        obj = state.get(oid)
        card = getattr(obj, "card", None)
        if card is None:
            continue
        for text, kind in _kinds(card.abilities, card.keywords):
            # Off the battlefield only its rules about itself work; text that wasn't
            # read may be such a rule (its cost, how it is cast), so it counts too.
            # So may a triggered ability that works from another zone ("When you cast
            # this spell", CR 603.6); it is read only by the questions that play events.
            if kind.self_only or kind.key in (UNREAD, UNREAD_TRIGGER):
                if kind.key == UNREAD and not may_bear_on_payment(text):
                    # its effect, not its cost (CR 608.2): see manacheck.solver.spelltext;
                    # on the stack too (a spell paid for is on the stack, CR 601.2a)
                    kind = spell_effect_kind(kind)
                extra.append(BoardEffect(oid, card.name, text, kind))
    return cached + tuple(extra)


def _unnamed_bans(perm: Permanent, abilities: Iterable[Ability]) -> Iterator[BoardEffect]:
    """Pithing Needle with no name chosen in the state: its ban is applied by the name
    chosen as it entered (CR 614.12), which the state doesn't give, so it could stop
    any activated ability (only non-mana ones with "unless they're mana abilities")."""
    if perm.choice("name") is not None:
        return
    for ab in abilities:
        if isinstance(ab, StaticAbility) and ab.params.get("named") == "chosen":
            fam = Family.NONMANA_ACTIVATION if ab.params.get("cant_activate") == "nonmana" \
                else Family.ACTIVATION
            yield BoardEffect(perm.id, perm.name, ab.text,
                              EffectKind(UNCHOSEN_NAME, frozenset({fam})))


#: Families of a self-only effect that matter only through its object's own activated
#: abilities: when it may activate them ({T} abilities and haste, CR 302.6) and what
#: they cost (CR 602.2b).
_OWN_ACTIVATION = frozenset({Family.ACTIVATION, Family.ABILITY_COSTS, Family.OWN_ABILITIES})
#: Families of an effect that could give an object abilities (layer 6, CR 613.1f).
_GRANTS = frozenset({Family.ABILITIES, Family.MANA})


def _activates(state: GameState, object_id: str) -> bool:
    """Whether an object on the battlefield has an activated ability, or text not read
    that may be one (CR 602.1). A self-only effect that neither grants abilities nor
    changes anything else about its object can change when and how that object's own
    abilities are activated (haste, CR 302.6; its own costs), which matters to no
    question when it has none."""
    cache: dict[str, bool] = state.__dict__.setdefault("_activates_cache", {})
    hit = cache.get(object_id)
    if hit is None:
        hit = object_id not in state or state.zone_of(object_id) != "battlefield" or any(
            isinstance(ab, ActivatedAbility) or may_be_activated(ab)
            for ab in effective(state)[object_id].abilities)
        cache[object_id] = hit
    return hit


def unapplied(state: GameState, question: Question, about: Iterable[str] = (),
              looks_at: Iterable[str] | None = None) -> tuple[Undecided, ...]:
    """The effects that could change ``question``'s answer and that it doesn't apply.

    An effect counts when it functions (:func:`board_effects`), one of its families is
    read by the question, and its kind is not among those the question implements.
    A self-only effect (its own entering, casting, costs as a spell) counts in those
    families only when the question is about its object. With ``looks_at`` (the only
    objects whose characteristics the answer depends on, besides board-wide effects), a
    self-only effect of any other object doesn't count at all. A question that implements
    a kind implements it in every family the question reads. Each distinct (object, text)
    is named once.
    """
    about = tuple(about)
    looked = None if looks_at is None else tuple(looks_at)
    cache: dict[object, tuple[Undecided, ...]] = state.__dict__.setdefault(
        "_unapplied_cache", {})
    key = (question, about, looked)
    hit = cache.get(key)
    if hit is not None:
        return hit
    cache[key] = found = _unapplied(state, question, about, looked)
    return found


def _grant_applied(key: str, question: Question) -> bool:
    """Whether a keyword grant is applied as far as ``question`` goes: the grant itself
    is applied with the characteristics (layer 6, CR 613.1f), so it can change the
    answer only through what its keywords mean, and each one the question either
    applies (haste for {T} abilities, CR 302.6; shroud and hexproof for targets) or
    doesn't read."""
    kws = granted_keywords(key)
    return bool(kws) and all(
        kind.key in question.implements or not kind.families & question.reads
        for kind in map(kind_of_keyword, kws))


def _unapplied(state: GameState, question: Question, about: tuple[str, ...],
               looks_at: tuple[str, ...] | None) -> tuple[Undecided, ...]:
    seen_ids = None if looks_at is None else frozenset(looks_at) | frozenset(about)
    out: list[Undecided] = []
    seen: set[tuple[str, str]] = set()
    for eff in board_effects(state, about):
        if eff.kind.key in question.implements or _grant_applied(eff.kind.key, question):
            continue
        touched = eff.kind.families & question.reads
        if eff.kind.self_only and eff.changes not in about:
            touched -= OWN_OBJECT_FAMILIES
            if seen_ids is not None and eff.changes not in seen_ids:
                continue
            if not eff.kind.families & _GRANTS and not _activates(state, eff.changes):
                touched -= _OWN_ACTIVATION
        if not touched:
            continue
        if (eff.object_id, eff.text) in seen:
            continue
        seen.add((eff.object_id, eff.text))
        families = tuple(sorted(touched, key=lambda f: f.label))
        out.append(Undecided(eff.object_id, eff.name, eff.text,
                             effect_why(question.name, families, eff.kind.key),
                             eff.kind.key, families, question.name))
    return tuple(out)


# ---- the questions ------------------------------------------------------------------

F = Family

#: Applied by ``manacheck.model.effective`` for every question that reads
#: characteristics: layer 4 land types, layer 6 granted abilities, layer 7c "get +N/+N",
#: keyword counters; haste and "as though it had haste" for {T} abilities (302.6).
CHARACTERISTICS = frozenset({"static:land_types", "static:grant_ability", "static:other:pump",
                             "keyword:haste", "static:other:activate_as_though_haste",
                             "keyword:devoid", "static:other:not_creature_unless_devotion",
                             "static:other:set_color", "static:type_change"})

#: Applied by the payment solver (with the characteristics above).
PAYMENT_APPLIES = CHARACTERISTICS | frozenset({
    "static:mana_replacement",         # CR 106.12b, 616.1 (replacement on mana events)
    "trigger:tapped_for_mana",         # CR 605.1b triggered mana abilities
    "trigger:mana_added",              # CR 605.1b (a land's ability adding mana)
    "static:other:spend_only_mana_from",  # Myr Superion (CR 106.6)
    "static:spend_as_any_color",       # CR 609.4b (payments.board.spend_rule)
    "static:pay_life_for_mana",        # K'rrik (payments.board.life_colors; CR 107.4f)
    "keyword:affinity", "keyword:delve", "keyword:convoke",  # the spell's own (601.2f)
    # "Activated abilities of artifacts can't be activated." (CR 602.5, 605.1a): a mana
    # ability it names isn't activated (payments.sources.cannot)
    "static:other:cant_activate", "static:other:cant_activate_attack_block",
    # Split second stops spells and non-mana abilities; mana abilities, all a payment
    # activates, may still be activated (CR 702.61b).
    "keyword:split second",
    # A spell's effect on the stack happens as it resolves (CR 608.2); paying resolves
    # nothing (mana abilities don't use the stack, CR 605.3a).
    ON_RESOLUTION,
})

#: "How can I pay this?" reads what mana there is, how it may be spent, the costs of
#: the mana abilities that make it, whether they may be activated, and the types and
#: abilities of the permanents. With ``--for``, also the spell's or ability's total cost
#: and the colors of what is paid for.
#: (Colors, layer 5: the colors a mana ability adds may be the permanents' colors, Mox
#: Amber's, CR 105.2, 613.1e.)
PAYMENT = Question("payment", frozenset({F.MANA, F.SPENDING, F.ABILITY_COSTS, F.ACTIVATION,
                                         F.TYPES, F.ABILITIES, F.COLORS}), PAYMENT_APPLIES)
#: With ``--for`` the total cost is determined (``manacheck.solver.costs``): the spell's
#: and the battlefield's cost changes are applied.
#: An unread line of the card paid for that provably can't bear on its cost or on how
#: mana may be spent on it (``manacheck.solver.spelltext``) is its effect on resolution
#: (CR 608.2): nothing for the payment to apply.
#: A spend rule for casting some spells only ("You may spend mana as though it were mana
#: of any type to cast creature spells", CR 609.4b) is read only here: a cost paid for
#: nothing named is no spell's (as mana restricted to some spells can't pay it).
PAYMENT_FOR = Question("payment", PAYMENT.reads | {F.SPELL_COSTS, F.COLORS,
                                                   F.SPELL_SPENDING},
                       PAYMENT.implements | {"static:cost_modifier:spells",
                                             UNREAD_SPELL_EFFECT})

#: "What could this produce?" (CR 106.7) reads mana abilities, types, colors and
#: abilities only: costs and who may activate them are ignored by the rule itself.
PRODUCE = Question("could-produce", frozenset({F.MANA, F.TYPES, F.ABILITIES, F.COLORS}),
                   CHARACTERISTICS | frozenset({"static:mana_replacement",
                                                # a spell's effect on the stack: it
                                                # happens as it resolves (CR 608.2)
                                                ON_RESOLUTION,
                                                # not what a permanent could produce:
                                                # CR 106.12a, Wild Growth's ruling
                                                "trigger:tapped_for_mana",
                                                "trigger:mana_added"}))

#: "Can I activate this?" reads what paying reads, plus who may be targeted and the
#: colors that protection and filters look at. It applies the ability's total cost
#: (``manacheck.solver.costs``) and targeting's keywords (``manacheck.model.keywords``).
#: Costs that put counters (CR 118.3) are checked against "can't have counters put on
#: it" (``manacheck.model.placing``); a replacement that puts more counters instead
#: can't make such a cost unpayable. (The payment solver never pays a cost that puts
#: counters: a mana ability with one is left out of its sources, so it doesn't read
#: that family.)
ACTIVATION = Question(
    "activation",
    PAYMENT.reads | {F.TARGETING, F.COLORS, F.OWN_ABILITIES, F.COUNTERS,
                     F.NONMANA_ACTIVATION},
    PAYMENT.implements | {"static:cost_modifier:activated_abilities", "keyword:shroud",
                          "keyword:hexproof", "keyword:protection", "keyword:cycling",
                          # a player's hexproof or shroud (activation.candidates)
                          "static:other:player_keywords",
                          "keyword:split second", "static:cant_have_counters",
                          "static:counter_replacement",
                          # another activated ability's text, which does nothing until
                          # it is activated (CR 602.2): no bearing on this one's verdict
                          UNREAD_ACTIVATED})

#: An activation whose targets or costs compare power or toughness ("target creature
#: with power 3 or less") reads layer 7 as well (CR 613.4): "get +N/+N" and counters are
#: applied with the characteristics; other power and toughness effects aren't.
ACTIVATION_PT = Question("activation", ACTIVATION.reads | {F.POWER_TOUGHNESS},
                         ACTIVATION.implements)

#: "What happens when it resolves?" reads every family an event's outcome can depend on:
#: characteristics (layers 4-7), state-based actions, targets, triggers, entering and
#: leaving (CR 603, 608, 614, 704), and with an ``attack`` event who may attack
#: (CR 508.1). It applies the characteristics above, targeting's keywords, the legend
#: rule's exception, "enters with counters", persist and undying, vigilance, defender
#: and "can't attack"; it refuses (``Unsupported``) the triggers and effects it doesn't
#: model where they would happen, which is how it applies the rest of TRIGGERS.
RESOLUTION = Question(
    "resolve",
    frozenset({F.TYPES, F.COLORS, F.ABILITIES, F.POWER_TOUGHNESS, F.STATE_BASED,
               F.TARGETING, F.ZONES, F.ENTERING, F.COUNTERS,
               # effects gain and lose life as they resolve (CR 119.3): "can't gain
               # life" (119.7) isn't applied
               F.LIFE,
               # a triggered ability not read could trigger during the events played
               # out (CR 603.2): never applied, so "not decided"
               F.UNREAD_TRIGGERS}),
    # (Celestial Dawn's color reaches spells and cards in other zones, which the
    # resolution solver reads as printed: not applied there.)
    (CHARACTERISTICS - {"static:other:set_color"}) | frozenset({
        "keyword:shroud", "keyword:hexproof", "keyword:protection",
        "static:other:no_legend_rule", "static:enters_with_counters",
        # every counter put, moved or entered with (manacheck.model.placing)
        "static:cant_have_counters", "static:counter_replacement",
        "keyword:persist", "keyword:undying", "keyword:indestructible",
        # what an Aura may stay attached to (CR 704.5m, 702.5a: resolution.sba)
        "keyword:enchant"}))
RESOLUTION_ATTACKS = Question(
    "resolve", RESOLUTION.reads | {F.ATTACKS},
    RESOLUTION.implements | {"keyword:vigilance", "keyword:defender",
                             "static:other:cant_attack"})
