"""Casting-cost changes and the cost of an object: what is paid before who pays it.

Rules
-----
CR 107.3: X is given a value before the cost is paid. CR 601.2f, 602.2b: the total cost
is the mana cost plus increases minus reductions, then minimums (``manacheck.solver.costs``);
affinity for artifacts reduces it by {1} for each artifact you control (CR 702.41a).
CR 107.5: a {T} ability's source can't also tap for mana to pay for it. CR 601.2a: a
spell being cast is on the stack.
"""

from __future__ import annotations

from manacheck.model import (
    CardDefinition,
    GameState,
    ManaCost,
    StackItem,
    effective,
)
from manacheck.model.errors import BadInput
from manacheck.model.state import Card

from ..costs import TotalCost, ability_total_cost, spell_total_cost

__all__ = ["cost_for_object", "reduce_for_casting", "resolve_cost", "spell_card",
           "total_cost_for"]


def resolve_cost(cost: ManaCost | str, x: int | None, y: int | None = None) -> ManaCost:
    """Parse cost text and give {X} and {Y} their values (CR 107.3; 107.3p: Y is a
    variable of its own).

    Raises
    ------
    BadInput
        Bad cost text, a variable missing for a cost that has it, one given for a cost
        without it, or a negative value.
    """
    c = ManaCost.parse(cost) if isinstance(cost, str) else cost
    c = c.mana_only
    for letter, value in (("X", x), ("Y", y)):
        flag = f"--{letter.lower()}"
        if value is not None and value < 0:
            raise BadInput(f"{letter} can't be negative (got {value})",
                           suggestion=f"CR 107.3: {letter} is 0 or more")
        if value is not None and letter not in c.variables:
            raise BadInput(f"{letter} given, but the cost {c.text or '{0}'} has no {letter}",
                           suggestion=f"leave out {letter} ({flag}), or give a cost with "
                                      f"{{{letter}}}")
        if value is None and letter in c.variables:
            raise BadInput(f"the cost {c.text} has {letter} but no value was given",
                           suggestion=f"give it with {flag} N")
    if c.has_variable:
        c = c.with_x(x or 0, y)
    return c


def reduce_for_casting(state: GameState, object_id: str, cost: ManaCost,
                       player: str) -> ManaCost:
    """The total cost of casting a spell (CR 601.2f): its mana cost ``cost`` (X given)
    with the battlefield's cost increases, its own and others' reductions (affinity for
    artifacts, CR 702.41a) and minimums (Trinisphere); see
    :func:`manacheck.solver.costs.spell_total_cost`. Other objects' costs are returned
    unchanged."""
    if spell_card(state, object_id) is None:
        return cost
    return spell_total_cost(state, object_id, cost, player).cost


def total_cost_for(state: GameState, object_id: str, x: int | None, player: str,
                   y: int | None = None) -> tuple[ManaCost, TotalCost, frozenset[str]]:
    """What paying for ``object_id`` costs: (its mana cost as written, the total cost
    with X given and every cost change applied, the ids that can't also pay for it).

    A card in hand or a spell: its mana cost (CR 601.2f). A permanent: its one non-mana
    ability with a mana cost (CR 602.2b).

    Raises
    ------
    UnknownObject, BadInput
        As for :func:`cost_for_object` and :func:`resolve_cost`.
    """
    written, exclude = cost_for_object(state, object_id)
    cost = resolve_cost(written, x, y)
    obj = state.get(object_id)
    if isinstance(obj, Card | StackItem):
        return written, spell_total_cost(state, object_id, cost, player), exclude
    chars = effective(state)[obj.id]
    ab = next(a for a in chars.activated if a.mana_cost and not a.is_mana_ability)
    return written, ability_total_cost(state, obj.id, ab, cost, player), exclude


def cost_for_object(state: GameState, object_id: str) -> tuple[ManaCost, frozenset[str]]:
    """The mana cost of a card in hand / spell, or of a permanent's one ability with a
    mana cost, and the ids that can't also pay for it (the permanent, if the ability
    taps it: CR 107.5).

    Raises
    ------
    UnknownObject
        No such object.
    BadInput
        The object has no such cost, or several abilities (give COST).
    """
    obj = state.get(object_id)
    if isinstance(obj, Card | StackItem):
        card = obj.card
        if card is None or card.mana_cost is None:
            raise BadInput(f"'{object_id}' has no mana cost", suggestion="give COST")
        return card.mana_cost, frozenset()
    chars = effective(state)[obj.id]
    cands = [a for a in chars.activated if a.mana_cost and not a.is_mana_ability]
    if len(cands) != 1:
        raise BadInput(f"'{object_id}' has {len(cands)} non-mana abilities with a mana cost",
                       suggestion="give the COST to pay (with --for for restrictions)")
    ab = cands[0]
    return ab.mana_cost, frozenset({obj.id}) if ab.tap or ab.untap else frozenset()



def spell_card(state: GameState, object_id: str | None) -> CardDefinition | None:
    """The card of ``object_id`` if it is a spell being cast (a card, or a spell on the
    stack); None for a permanent's or an ability's cost."""
    if object_id is None or object_id not in state:
        return None
    obj = state.get(object_id)
    if isinstance(obj, Card) or (isinstance(obj, StackItem) and obj.is_spell):
        return obj.card
    return None
