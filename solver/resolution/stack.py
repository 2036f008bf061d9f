"""Resolving the top of the stack: permanent and other spells, triggered and activated
abilities.

:func:`resolve_top` resolves the top object. A permanent spell enters the battlefield
(with counters it enters with); an instant or sorcery goes to its owner's graveyard
(its effects aren't modelled). A triggered or activated ability checks its targets
(and a triggered one its intervening "if") and then its effects happen
(:func:`~.effects.do_effects`); an ability stays on the stack while it resolves and is
removed last.

Rules
-----
CR 608.1: the top object resolves. CR 608.2, 608.2b: an ability whose targets are all
illegal doesn't resolve. CR 603.4: an intervening "if" is checked again on resolution.
CR 603.5: a "you may" is chosen as the ability resolves. CR 608.2n: a spell is put into
its owner's graveyard, an ability removed from the stack, as the last part of
resolving. CR 608.3a: a permanent spell enters the battlefield under its controller's
control. CR 614.1c, 107.3m: "enters with X counters" uses the spell's X. CR 113.7a: an
ability's source is known even after it left. CR 605.3a: mana abilities don't use the
stack.
"""

from __future__ import annotations

from dataclasses import replace

from manacheck.model import (
    BadInput,
    Card,
    CardDefinition,
    Counters,
    Permanent,
    StackItem,
    effective,
)
from manacheck.model.abilities import ActivatedAbility, SpellText, TriggeredAbility
from manacheck.model.characteristics import characteristics
from manacheck.model.effects import Family, kind_of_ability

from .core import Run, Unsupported
from .effects import do_effects
from .targets import legal_target
from .triggers import condition, enter_battlefield, triggered_abilities
from .zones import add_card, on_battlefield

__all__ = ["resolve_top"]


def resolve_top(run: Run) -> None:
    """CR 608.1: the top object of the stack resolves (a spell leaves the stack first; an
    ability is removed last, CR 608.2n)."""
    run.tick()
    item = run.state.stack[-1]
    if item.card is not None:
        run.state = replace(run.state, stack=run.state.stack[:-1])
        _resolve_spell(run, item)
        return
    # An ability stays on the stack while it resolves (CR 608.2n: removed last).
    if item.trigger is not None:
        _resolve_trigger(run, item)
    else:
        _resolve_activated(run, item)
    run.state = replace(run.state, stack=tuple(s for s in run.state.stack
                                               if s.id != item.id))


def _resolve_spell(run: Run, item: StackItem) -> None:
    """CR 608.3a: a permanent spell enters the battlefield (with its enters-with counters,
    CR 614.1c, 107.3m); an instant or sorcery with rules text is refused (its effects
    aren't modelled, CR 608.2), one without goes to the graveyard (608.2n)."""
    card = item.card
    assert card is not None
    if card.is_permanent_card:
        counters = Counters()
        for ab in card.static_abilities:
            if ab.kind == "enters_with_counters" and ab.counter:
                n = (item.x or 0) if isinstance(ab.count, str) else ab.count
                counters = counters.add(ab.counter, n)
                xnote = f" (X={item.x or 0} of the spell)" if isinstance(ab.count, str) else ""
                run.note(f"{item.id} enters with {n} {ab.counter} counter(s){xnote}",
                         "614.1c", "107.3m", "122.6")
        run.note(f"{item.id} resolves and enters the battlefield under "
                 f"{item.controller}'s control", "608.3a")
        enter_battlefield(run, Permanent(id=item.id, card=card, controller=item.controller,
                                         owner=item.controller, summoning_sick=True,
                                         counters=counters))
        return
    refuse_unread_spell_text(card, item.id)
    if card.spell is not None:
        _resolve_spell_text(run, item, card, card.spell)
        return
    if card.text.strip():
        # CR 608.2: an instant or sorcery does what its text says as it resolves. No
        # spell ability of one is modelled, so what follows isn't known: never taken
        # to do nothing (Sheer Drop's "Destroy target tapped creature.").
        raise Unsupported(f"{item.id} ({' '.join(card.text.split())}): the resolution "
                          "solver doesn't apply an instant's or sorcery's effect, which "
                          "could change the outcome (CR 608.2)")
    run.state = add_card(run.state, item.controller, "graveyard",
                         Card(item.id, card, item.controller))
    run.note(f"{item.id} resolves; it has no rules text, so it does nothing; it is put "
             "into its owner's graveyard", "608.2n")


#: The rule families of a spell's other abilities that can't change what it does as it
#: resolves: how it is cast and paid (CR 601.2, 118.7, 106.6).
_CASTING_ONLY = frozenset({Family.SPELL_COSTS, Family.CASTING, Family.SPENDING,
                           Family.SPELL_SPENDING})


def _refuse_resolution_changes(card: CardDefinition, item_id: str) -> None:
    """Keywords (buyback, rebound, flashback's exile, overload, storm, ...: CR 702) and
    statics other than how the spell is cast or paid could change what it does or where
    it goes as it resolves: refused, naming them. Activated abilities (cycling) work from
    other zones (CR 113.6); "when you cast" triggers have triggered by now (603.2)."""
    if card.keywords:
        raise Unsupported(f"{item_id} has {', '.join(card.keywords)}: what a keyword does "
                          "as an instant or sorcery resolves is not modelled by the "
                          "resolution solver (CR 702, 608.2)")
    for ab in card.abilities:
        if isinstance(ab, ActivatedAbility):
            continue
        if isinstance(ab, TriggeredAbility) and ab.event == "cast_self":
            continue
        kind = kind_of_ability(ab)
        if kind is None or not kind.families <= _CASTING_ONLY:
            raise Unsupported(f"{item_id} ({getattr(ab, 'text', '') or 'an ability'}) could "
                              "change what it does as it resolves; not modelled by the "
                              "resolution solver (CR 608.2)")


def _resolve_spell_text(run: Run, item: StackItem, card: CardDefinition,
                        spell: SpellText) -> None:
    """CR 608.2b: an instant or sorcery whose targets are all illegal now doesn't
    resolve; else its effects, in order (608.2c; an illegal target isn't affected,
    608.2b); then it is put into its owner's graveyard (608.2n). Its characteristics
    as it resolves are those of the effects' source (CR 113.7a, 608.2h)."""
    _refuse_resolution_changes(card, item.id)
    if len(item.targets) != len(spell.targets):
        raise BadInput(f"the spell '{item.id}' has {len(spell.targets)} target(s); its "
                       f"stack entry gives {len(item.targets)} (CR 601.2c)")
    run.lki_chars[item.id] = characteristics(item)
    if spell.targets:
        legal = [t for spec, t in zip(spell.targets, item.targets, strict=False)
                 if legal_target(run, spec, t, item.controller, item.id)]
        if not legal:
            run.note(f"{item.id} doesn't resolve: its target "
                     f"{', '.join(item.targets)} is illegal now", "608.2b")
    if not spell.targets or legal:
        run.note(f"{item.id} resolves ({' '.join(spell.lines)})", "608.2")
        run.target_specs = spell.targets
        try:
            do_effects(run, spell.effects, item, False)
        finally:
            run.target_specs = ()
    run.state = add_card(run.state, item.controller, "graveyard",
                         Card(item.id, card, item.controller))
    run.note(f"{item.id} is put into its owner's graveyard", "608.2n")


def refuse_unread_spell_text(card: CardDefinition, item_id: str) -> None:
    """An instant's or sorcery's text that wasn't read is what it does as it resolves
    (CR 608.2): refused, never taken to do nothing. (``pay --for`` may leave such a line
    out, ``manacheck.solver.spelltext``; resolving it can't.)"""
    for ab in card.static_abilities:
        kind = kind_of_ability(ab)
        if kind is not None and kind.key.startswith("static:other:unread"):
            raise Unsupported(f"{item_id} ({getattr(ab, 'text', '') or kind.key}): the "
                              "resolution solver doesn't apply this spell's effect, "
                              "which could change the outcome (CR 608.2)")


def _source_card(run: Run, item: StackItem) -> CardDefinition:
    """The card of an ability's source, as it was when the ability was put on the stack
    (CR 113.7a: the ability exists independently of its source)."""
    src = item.source or ""
    if src in run.sources:
        return run.sources[src]
    if src in run.state:
        obj = run.state.get(src)
        if obj.card is not None:
            return obj.card
    raise BadInput(f"the source '{src}' of stack object '{item.id}' is unknown")


def _resolve_trigger(run: Run, item: StackItem) -> None:
    """CR 608.2b targets, 603.4 the intervening "if" again, 603.5 "you may", then the
    effects."""
    card = _source_card(run, item)
    trig = triggered_abilities(card)
    if item.trigger is None or not 1 <= item.trigger <= len(trig):
        raise BadInput(f"'{card.name}' has no triggered ability {item.trigger} "
                       f"(stack object '{item.id}')")
    ab = trig[item.trigger - 1]
    label = f"'{item.id}' ({ab.text or ab.event})"
    src = item.source or ""
    if ab.targets:
        legal = [t for spec, t in zip(ab.targets, item.targets, strict=False)
                 if legal_target(run, spec, t, item.controller, src)]
        if not legal:
            run.note(f"{label} doesn't resolve: its target "
                     f"{', '.join(item.targets)} is illegal now; nothing happens",
                     "608.2b")
            return
    ok, why = condition(run, ab, item.controller, src, item.counters)
    if not ok:
        run.note(f"{label} does nothing: its intervening 'if' is false on resolution "
                 f"({why})", "603.4")
        return
    run.note(f"{label} resolves", "608.2")
    effects = ab.effects
    if ab.optional and not (effects and effects[0].kind == "sacrifice_then"):
        text = ab.text or ab.event
        at = text.find("you may ")
        what = (text[at + len("you may "):] if at >= 0 else text).rstrip(".")
        yes = run.choose("may", item.controller, f"whether to {what} ('{item.id}')",
                         ["yes", "no"], ("603.5",), auto_single=False)
        if yes == "no":
            run.note(f"{item.controller} chooses not to", "603.5")
            return
    run.target_specs = ab.targets
    try:
        do_effects(run, effects, item, ab.optional)
    finally:
        run.target_specs = ()


def _resolve_activated(run: Run, item: StackItem) -> None:
    """CR 608.2b: an activated ability whose targets are all illegal doesn't resolve;
    else its effects (X is the value it was activated with, CR 107.3)."""
    src = item.source or ""
    perm = on_battlefield(run.state, src)
    if perm is not None:
        abilities: tuple[ActivatedAbility, ...] = effective(run.state)[src].activated
    else:
        abilities = _source_card(run, item).activated_abilities
    n = item.ability or 1
    if not 1 <= n <= len(abilities):
        raise BadInput(f"stack object '{item.id}': '{src}' has no activated ability {n}")
    ab = abilities[n - 1]
    if ab.is_mana_ability:
        raise BadInput(f"stack object '{item.id}': '{src}' ability {n} is a mana "
                       "ability; mana abilities don't use the stack (CR 605.3a)")
    bindings: dict[str, int] = {}
    for spec in ab.targets:
        if isinstance(spec.filter.mana_value, str) and item.x is not None:
            bindings[spec.filter.mana_value] = item.x
    if ab.targets:
        legal = [t for spec, t in zip(ab.targets, item.targets, strict=False)
                 if legal_target(run, spec, t, item.controller, src, bindings)]
        if not legal:
            run.note(f"'{item.id}' doesn't resolve: its target "
                     f"{', '.join(item.targets)} is illegal now", "608.2b")
            return
    run.note(f"'{item.id}' ({ab.text}) resolves", "608.2")
    run.target_specs = ab.targets
    try:
        do_effects(run, ab.effects, item, False)
    finally:
        run.target_specs = ()
