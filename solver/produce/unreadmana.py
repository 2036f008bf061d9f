"""Abilities whose effect is kept unread and could add mana: could-produce is not decided.

CR 106.7 counts "any type of mana that an ability of that permanent would produce if the
ability were to resolve", not only mana abilities: a loyalty ability ("[+1]: Add
{R}{R}.", never a mana ability, CR 605.1a) or a targeted one whose "Add" sentence the
reader keeps as unread text adds mana too. Such an ability isn't among the
could-produce solver's abilities (its mana isn't read), so the permanent's answer would
silently miss it: :func:`unread_mana_effects` names it instead, and the answer is not
decided.
"""

from __future__ import annotations

import re

from manacheck.model import GameState, Zone, effective

from ..soundness import Undecided

__all__ = ["UNREAD_MANA_EFFECT", "unread_mana_effects"]

#: The ``key`` of such an :class:`~manacheck.solver.soundness.Undecided`.
UNREAD_MANA_EFFECT = "produce:unread_mana_effect"

#: Words that could make an effect add mana (as ``oracletext.reading._MANA_WORDS``).
_MANA_WORDS = re.compile(r"\b[Aa]dds?\b|\bmana(?! value| cost)\b")


def unread_mana_effects(state: GameState, object_id: str) -> tuple[Undecided, ...]:
    """The permanent's activated abilities (working on the battlefield) with an effect
    kept unread whose words could add mana, each named once."""
    perm = state.permanent(object_id)
    out: list[Undecided] = []
    for ab in effective(state)[object_id].activated:
        if ab.zone is not Zone.BATTLEFIELD:
            continue
        if any(e.kind == "other" and _MANA_WORDS.search(str(e.params.get("text", "")))
               for e in ab.effects):
            out.append(Undecided(
                object_id, perm.name, ab.text,
                "could-produce doesn't read this ability's effect, which would add mana "
                "if the ability resolved (CR 106.7)", UNREAD_MANA_EFFECT))
    return tuple(out)
