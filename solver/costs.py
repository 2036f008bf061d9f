"""Cost determination: the total cost of casting a spell or activating an ability.

:func:`spell_total_cost` and :func:`ability_total_cost` start from the mana cost (X
already given its value, CR 107.3), add the cost increases of the permanents on the
battlefield, take off the reductions (the spell's own affinity, other permanents'
"cost {N} less"), and then apply the effects that set a minimum (Trinisphere). Each
change is named with its object and rule, so an answer can say why the cost it pays
isn't the printed one.

A reduction the player may apply in part ("up to {2} less", Training Grounds) is taken
in full: paying less is never harder, since mana can be left unspent, so the largest
reduction decides "payable?" exactly, and payments are counted for it (the answer
says so).

Rules
-----
CR 601.2f: the total cost is the mana cost (or alternative cost) plus additional costs
and cost increases, minus cost reductions, in any order the player likes; then effects
that directly affect the total cost (Trinisphere) apply, and it is locked in. A cost
reduced below nothing is {0}. CR 602.2b: the same for an ability's activation cost.
CR 118.7a: a generic reduction reduces only the generic component. CR 702.41a:
affinity for artifacts. Rulings: Trinisphere and Thalia (increases, then reductions,
then Trinisphere); Training Grounds, Heartstone, Power Artifact, Biomancer's Familiar
and Zirda (only generic mana, never below one mana, never adding {1}; only abilities
of permanents on the battlefield; Training Grounds may be applied in part).
"""

from __future__ import annotations

from dataclasses import dataclass

from manacheck.model import (
    ActivatedAbility,
    GameState,
    ManaCost,
    ManaSymbol,
    ManaType,
    ObjectFilter,
    StackItem,
    StaticAbility,
    SymbolKind,
    effective,
    matches,
)
from manacheck.model.characteristics import characteristics
from manacheck.model.state import Card, Permanent

__all__ = ["CommanderTax", "TotalCost", "ability_total_cost", "commander_tax",
           "spell_total_cost"]

_AFFINITY = {"affinity for artifacts": ObjectFilter(types=frozenset({"Artifact"}),
                                                   controller="you")}


@dataclass(frozen=True, slots=True)
class CommanderTax:
    """The commander tax of casting a commander from the command zone (CR 903.8): {2}
    for each earlier time its owner cast it from there this game.

    Examples
    --------
    >>> CommanderTax("Atraxa, Praetors' Voice", 2).amount
    4
    """

    commander: str
    #: The earlier casts from the command zone (``commander_casts`` in a state file).
    casts: int

    @property
    def amount(self) -> int:
        return 2 * self.casts

    def __str__(self) -> str:
        times = "once" if self.casts == 1 else f"{self.casts} times"
        return (f"{self.commander}: commander tax, {{{self.amount}}} more: cast from the "
                f"command zone {times} before (CR 903.8)")

    def to_data(self) -> dict[str, object]:
        return {"commander": self.commander, "casts": self.casts,
                "tax": f"{{{self.amount}}}"}


@dataclass(frozen=True, slots=True)
class TotalCost:
    """The total mana cost to pay, and each change from the mana cost, in words."""

    cost: ManaCost
    printed: ManaCost
    changes: tuple[str, ...] = ()
    #: Cost changes that apply but that manacheck can't apply exactly (a hybrid
    #: reduction's choice, 118.7e; an affinity it doesn't read): the answer is then not
    #: decided, naming them.
    unread: tuple[str, ...] = ()
    #: Casting a commander from the command zone: its tax (CR 903.8), already in
    #: ``cost`` and said in ``changes``; None otherwise.
    tax: CommanderTax | None = None

    @property
    def changed(self) -> bool:
        return bool(self.changes)


def _generic(cost: ManaCost) -> int:
    return sum(s.amount for s in cost if s.kind is SymbolKind.GENERIC)


def _total(cost: ManaCost) -> int:
    """The amount of mana in a cost's mana component (each symbol at least one)."""
    return sum(s.amount if s.kind is SymbolKind.GENERIC else 1 for s in cost if s.is_mana)


def _add_generic(cost: ManaCost, n: int) -> ManaCost:
    """The cost with ``n`` more generic mana, written as one generic symbol first."""
    if n <= 0:
        return cost
    rest = [s for s in cost if s.kind is not SymbolKind.GENERIC]
    return ManaCost((ManaSymbol.generic(_generic(cost) + n), *rest))


def reduce_by(cost: ManaCost, amount: ManaCost) -> tuple[ManaCost, bool]:
    """``cost`` reduced by ``amount`` (CR 118.7a-g), and whether the reduction needed a
    choice or a reading manacheck doesn't make (then the cost returned is a guess).

    Generic mana reduces generic (118.7a); a colored or colorless symbol removes one of
    its own from the cost, or else one generic (118.7b-d); Phyrexian counts as its color
    (118.7f); {S} as generic (118.7g). A hybrid symbol in the reduction is the payer's
    choice of half (118.7e), and a colored reduction of a cost whose only mana of that
    color is hybrid isn't settled here: both are reported as unread.
    """
    symbols = list(cost.symbols)
    generic = 0
    unsure = False
    for s in amount:
        k = s.kind
        if k is SymbolKind.GENERIC:
            generic += s.amount
        elif k is SymbolKind.SNOW:
            generic += 1
        elif k in (SymbolKind.COLORED, SymbolKind.COLORLESS, SymbolKind.PHYREXIAN):
            want = ManaSymbol.colored(s.colors[0] if s.colors else ManaType.C)
            if want in symbols:
                symbols.remove(want)
            else:
                if any(set(t.colors) & set(want.colors) for t in symbols):
                    unsure = True  # only hybrid or Phyrexian mana of that color
                generic += 1
        else:  # hybrid in the reduction: the payer chooses a half (118.7e)
            unsure = True
            generic += 1
    return ManaCost(tuple(symbols)).reduced(generic), unsure


def _reduce(cost: ManaCost, amount: ManaCost, least: object) -> tuple[ManaCost, bool]:
    """One reduction effect: :func:`reduce_by`, and with ``least`` ("can't reduce the
    mana in that cost to less than one mana") never below that much mana, which only a
    generic reduction is read with (else: unsure)."""
    if not isinstance(least, int):
        return reduce_by(cost, amount)
    if _generic(amount) != _total(amount):
        out, _ = reduce_by(cost, amount)
        return out, True
    room = min(_generic(cost), max(_total(cost) - least, 0))
    return cost.reduced(min(_generic(amount), room)), False


def _increases(cost: ManaCost, mods: list[tuple[Permanent, StaticAbility]],
               changes: list[str], rule: str) -> ManaCost:
    """Every cost increase of ``mods`` added to ``cost`` (generic mana into the generic
    symbol, other symbols as written), each said in ``changes``."""
    for perm, ab in mods:
        inc = ab.params.get("increase")
        if inc is not None:
            more = _parse(inc)
            cost = ManaCost((*cost.symbols, *more.symbols)) if _generic(more) != \
                _total(more) else _add_generic(cost, _generic(more))
            changes.append(_label(perm, f"{more.text} more", rule))
    return cost


def _statics(state: GameState) -> tuple[tuple[Permanent, StaticAbility], ...]:
    """The cost changes on the battlefield, as layers 4 and 6 leave them (once per
    state)."""
    hit: tuple[tuple[Permanent, StaticAbility], ...] | None = \
        state.__dict__.get("_cost_modifiers")
    if hit is None:
        chars = effective(state)
        hit = tuple((perm, ab) for perm in state.permanents for ab in chars[perm.id].abilities
                    if isinstance(ab, StaticAbility) and ab.kind == "cost_modifier")
        state.__dict__["_cost_modifiers"] = hit
    return hit


def _parse(value: object) -> ManaCost:
    return value if isinstance(value, ManaCost) else ManaCost.parse(str(value))


def _active(perm: Permanent, ab: StaticAbility) -> bool:
    return not (ab.params.get("while_untapped") and perm.tapped)


def _caster_ok(perm: Permanent, ab: StaticAbility, player: str) -> bool:
    """Whether the change reaches ``player``'s spells or activations: "you cast" only
    its controller's, "your opponents cast" only the other players' (CR 102.3: in a
    game without teams every other player is an opponent), else every player's."""
    who = ab.params.get("controller")
    if who == "you":
        return perm.controller == player
    if who == "opponents":
        return perm.controller != player
    return True


def _label(perm: Permanent, what: str, rule: str) -> str:
    who = perm.name if perm.id == perm.name else f"{perm.name} ({perm.id})"
    return f"{who}: {what} (CR {rule})"


def commander_tax(state: GameState, obj: Card | StackItem, player: str
                  ) -> tuple[CommanderTax | None, str | None]:
    """The commander tax of casting ``obj`` (CR 903.8), and why it can't be known.

    A commander card in its owner's command zone, cast by its owner, costs {2} more for
    each earlier cast from the command zone (``Player.commander_casts``; 702.124d: two
    commanders are counted apart). Cast from anywhere else it costs nothing more (the
    rulings of Command Beacon and Sanctum of Eternity). For one of the caster's
    commanders already on the stack, where it was cast from isn't in the state: with
    earlier casts, the tax can't be known (the second value says why).

    Rules
    -----
    CR 903.8: the commander tax, an additional cost (601.2f). CR 903.3: a commander is a
    card; a copy of it isn't one.
    """
    if obj.card is None:
        return None, None
    caster = state.player(player)
    name = obj.card.name
    if isinstance(obj, Card):
        if state.zone_of(obj.id) != "command" or obj.owner != player \
                or name not in caster.commanders:
            return None, None
        casts = caster.casts_from_command_zone(name)
        return (CommanderTax(name, casts) if casts else None), None
    if obj.controller == player and name in caster.commanders \
            and caster.casts_from_command_zone(name):
        return None, (f"{name}: whether this spell was cast from the command zone (and so "
                      "costs the commander tax, CR 903.8) isn't in the state")
    return None, None


def spell_total_cost(state: GameState, object_id: str, cost: ManaCost,
                     player: str) -> TotalCost:
    """The total cost of casting the spell ``object_id`` (a card, or a spell on the
    stack being cast) whose mana cost, X given, is ``cost`` (CR 601.2f).

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...     "    hand: [Dark Ritual]\\n"
    ...     "    battlefield: [Sphere of Resistance, Trinisphere]\\n")
    >>> t = spell_total_cost(s, s.player("A").hand[0].id, ManaCost.parse("{B}"), "A")
    >>> t.cost.text
    '{2}{B}'
    >>> len(t.changes)
    2
    """
    obj = state.get(object_id)
    if not isinstance(obj, Card | StackItem) or obj.card is None:
        return TotalCost(cost, cost)
    chars = characteristics(obj)
    out = cost
    changes: list[str] = []
    mods = [(p, ab) for p, ab in _statics(state)
            if ab.params.get("applies_to") == "spells" and _active(p, ab)
            and _caster_ok(p, ab, player)
            and matches(ab.affected, chars, obj, state, p.controller, p.id)]
    # 1. additional costs and increases (CR 601.2f): the commander tax (903.8) first.
    unread: list[str] = []
    tax, unknown = commander_tax(state, obj, player)
    if tax is not None:
        out = _add_generic(out, tax.amount)
        changes.append(str(tax))
    if unknown is not None:
        unread.append(unknown)
    out = _increases(out, mods, changes, "601.2f")
    # 2. reductions: the spell's own affinity (CR 702.41a), then others' (118.7).
    n = 0
    pchars = effective(state)
    for kw in obj.card.keywords:
        low = kw.strip().lower()
        flt = _AFFINITY.get(low)
        if flt is not None:
            k = sum(1 for p in state.player(player).battlefield
                    if matches(flt, pchars[p.id], p, state, player))
            if k:
                n += k
                changes.append(f"{obj.card.name}: {low}, {{{k}}} less (CR 702.41a)")
        elif low.startswith("affinity"):
            unread.append(f"{obj.card.name}: {kw.strip()} (CR 702.41a) isn't read by "
                          "manacheck")
    if n:
        out = out.reduced(n)
    for perm, ab in mods:
        red = ab.params.get("reduce") or ab.params.get("reduce_up_to")
        if red is not None:
            out, unsure = _reduce(out, _parse(red), ab.params.get("minimum_mana"))
            changes.append(_label(perm, f"{_parse(red).text} less", "601.2f, 118.7"))
            if unsure:
                unread.append(_label(perm, f"{_parse(red).text} less needs a choice of "
                                           "which mana it reduces", "118.7e"))
    # 3. effects that directly affect the total cost (Trinisphere's ruling).
    for perm, ab in mods:
        least = ab.params.get("minimum_total")
        if isinstance(least, int) and _total(out) < least:
            out = _add_generic(out, least - _total(out))
            changes.append(_label(perm, f"at least {least} mana", "601.2f"))
    return TotalCost(out, cost, tuple(changes), tuple(unread), tax)


def ability_total_cost(state: GameState, source_id: str, ability: ActivatedAbility,
                       cost: ManaCost, player: str) -> TotalCost:
    """The total cost of activating ``ability`` of ``source_id``, whose activation cost
    (its mana, X given) is ``cost`` (CR 602.2b, 601.2f).

    An effect that names what it affects ("creatures you control", "enchanted
    artifact") reaches only permanents (CR 109.2: "creature" means a creature permanent);
    one that doesn't ("abilities you activate", Zirda) reaches abilities activated from
    any zone (Zirda's ruling: a cycling cost of {2} becomes {1}). Reductions take only
    generic mana here and never go below one mana when the effect says so; none adds
    {1} to a cost with no generic mana.
    """
    obj = state.get(source_id) if source_id in state else None
    if obj is None:
        return TotalCost(cost, cost)
    on_battlefield = isinstance(obj, Permanent)
    chars = effective(state)[obj.id] if isinstance(obj, Permanent) else \
        characteristics(obj)
    out = cost
    changes: list[str] = []
    mods = [(perm, ab) for perm, ab in _statics(state)
            if ab.params.get("applies_to") == "activated_abilities" and _active(perm, ab)
            and _caster_ok(perm, ab, player)
            and not (ab.params.get("not_mana_abilities") and ability.is_mana_ability)
            and (ab.affected.is_empty
                 or (on_battlefield
                     and matches(ab.affected, chars, obj, state, perm.controller, perm.id)))]
    # Increases first, then reductions (601.2f; Training Grounds' ruling).
    out = _increases(out, mods, changes, "602.2b, 601.2f")
    unread: list[str] = []
    for perm, ab in mods:
        red = ab.params.get("reduce") or ab.params.get("reduce_up_to")
        if red is None:
            continue
        before = out
        out, unsure = _reduce(out, _parse(red), ab.params.get("minimum_mana"))
        if unsure:
            unread.append(_label(perm, f"{_parse(red).text} less needs a choice or a "
                                       "reading of which mana it reduces", "118.7"))
        if out != before:
            taken = _total(before) - _total(out)
            changes.append(_label(perm, f"{{{taken}}} less" if _generic(_parse(red)) ==
                                  _total(_parse(red)) else f"{_parse(red).text} less",
                                  "602.2b, 118.7"))
    return TotalCost(out, cost, tuple(changes), tuple(unread))
