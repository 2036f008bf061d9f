"""An unread line that is a mana ability by its form, kept as one with unmodelled mana.

A line :func:`~.reading.read_line` leaves unread whose cost the grammar derives (CR
602.1a) and whose effect adds mana with no target and isn't a loyalty ability is a mana
ability (CR 605.1a: :func:`~.reading.could_be_mana_ability`). What it adds isn't read,
but it is an activated ability: it does nothing until it is activated (CR 602.2). So it
is kept as an activated mana ability with its cost and ``mana: {unmodelled: true}``
(``ManaProductionKind.UNMODELLED``): payments leave the source out (a "payable" found
without it stands, counts are lower bounds, "not payable" is not decided), could-produce
marks its answer incomplete, and asking what it adds is refused. Before, the line was an
unread static that could change anything.

Conservative: only a line whose effect says nothing about when or how it may be
activated or its mana spent ("Activate", "only", "spend", "cost", "can't", "any player",
quotation marks, a reminder with such words), that works on the battlefield, stays as it
was (:func:`mana_form` returns None). "Activate only as an instant." is read: the
ability keeps instant timing (CR 602.5e), which a mana ability otherwise doesn't need
(CR 605.3a), so it can't be activated while a cost is being paid (the Lion's Eye
Diamond ruling; ``timing: as_instant``).

Examples
--------
>>> mana_form("{T}: Add {U}. If you played a land this turn, add {B} instead.",
...           "River of Tears")["activated"]["cost"]
'{T}'
>>> mana_form("{T}: Add {C}. Activate only as a sorcery.", "X") is None
True
>>> mana_form("{T}, Mill a card: For each colored mana symbol in the milled card's "
...           "mana cost, add one mana of that color. Activate only as an instant.",
...           "Charmed Pendant")["activated"]["timing"]
'as_instant'
>>> mana_form("{T}: Add {G}. Spend this mana only to cast creature spells.", "X") is None
True
"""

from __future__ import annotations

import re
from typing import Any

from .forms import could_be_mana_ability, line_body
from .reading import (
    LOYALTY_SYMBOL,
    TARGET_WORDS,
    Reading,
    split_cost,
    top_colon,
    zone_and_costs,
)

__all__ = ["mana_form", "pool_copy_form"]

#: Words that could say when or how the ability may be activated, what it costs, or how
#: its mana may be spent: any of them keeps the line unread (could change anything).
_RISKY = re.compile(r"\b(?:[Aa]ctivat\w*|only|[Ss]pend\w*|spent|(?<!mana )costs?|can't|cannot|"
                    r"[Aa]ny player|[Aa]n opponent may|loyalty|[Tt]arget\w*|"
                    r"[Ee]xile[sd]? CARDNAME|from your (?:hand|graveyard|library)|"
                    r"as though|instead of paying|unless)\b")

#: A delayed trigger on the mana being spent, with an effect that adds no mana.
_SPENT_RIDER = re.compile(r" When that mana is spent to cast [^,.]*, (?![^.]*\b(?:add|mana)\b)"
                          r"[^.]*\.")

#: An effect that adds mana once for each of something ("For each colored mana symbol in
#: the milled card's mana cost, add one mana of that color", Charmed Pendant): it could
#: add mana, so with no target it is a mana ability (CR 605.1a). (The coverage's
#: classifier, ``could_be_mana_ability``, looks for "Add" only.)
_FOR_EACH_ADD = re.compile(r"^[^\"]*?: For each [^\".]*, add ")

#: "Double the amount of each type of unspent mana you have" (Doubling Cube): as much
#: again of each type of mana in the pool (CR 106.1, 106.4), a mana ability (its ruling;
#: CR 605.1a: it could add mana, no target).
_POOL_COPY = re.compile(r"(Double|Triple) the amount of each type of unspent mana you "
                        r"have\.")

#: "Activate only as an instant." (CR 602.5e): read as ``timing: as_instant``.
_AS_AN_INSTANT = re.compile(r"\s*Activate only as an instant\.")


def pool_copy_form(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format activated mana ability of a line whose whole effect doubles (or
    triples) the unspent mana of each type in the pool (``mana: {pool_copy: N}``), its
    cost read; None for any other line.

    >>> pool_copy_form("{3}, {T}: Double the amount of each type of unspent mana you "
    ...                "have.", "Doubling Cube")["activated"]["mana"]
    {'pool_copy': 1}
    """
    norm, body, _ = line_body(line, name)
    if LOYALTY_SYMBOL.match(body) or body.startswith("[") or '"' in body \
            or norm.reminders:
        return None
    colon = top_colon(body)
    split = split_cost(body, colon, None) if colon > 0 else None
    if split is None:
        return None
    m = _POOL_COPY.fullmatch(split[1].strip())
    cost = _cost(split[2], norm.text) if m is not None else None
    if m is None or cost is None:
        return None
    return {"activated": {"cost": cost, "mana": {"pool_copy": 1 if m.group(1) == "Double"
                                                 else 2}, "text": line.strip()}}


def _cost(costs: list[Any], text: str) -> Any:
    """The card-format cost of an ability that works on the battlefield, or None."""
    if any(isinstance(c, dict) and any(k.startswith("_") for k in c) for c in costs):
        return None  # works from another zone (CR 113.6m), or a hint not rendered
    got = zone_and_costs(costs, [], {}, text)
    if isinstance(got, Reading) or got[0] is not None or not got[1]:
        return None  # (discarding it: it works from the hand, CR 602.1)
    return got[1][0] if len(got[1]) == 1 and isinstance(got[1][0], str) else got[1]


def mana_form(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format activated mana ability (cost read, mana unmodelled) of an unread
    ``line`` that is a mana ability by form; None if it isn't one or any doubt."""
    norm, body, _ = line_body(line, name)
    if LOYALTY_SYMBOL.match(body) or body.startswith("[") or '"' in body:
        return None
    colon = top_colon(body)
    if colon <= 0 or not (could_be_mana_ability(body) or (
            _FOR_EACH_ADD.search(body) and TARGET_WORDS.search(body[colon:]) is None)):
        return None
    split = split_cost(body, colon, None)
    if split is None:
        return None
    _, effect, costs = split
    # "When that mana is spent to cast ..., scry 1." (Path of Ancestry): a delayed
    # triggered ability the mana ability creates (CR 603.7), which uses the stack and
    # doesn't change the mana added or how it may be spent.
    effect = _SPENT_RIDER.sub("", effect)
    as_instant = _AS_AN_INSTANT.search(effect) is not None
    effect = _AS_AN_INSTANT.sub("", effect)
    if _RISKY.search(effect) or any(_RISKY.search(r) for r in norm.reminders):
        return None
    cost = _cost(costs, norm.text)
    if cost is None:
        return None
    out: dict[str, Any] = {"cost": cost, "mana": {"unmodelled": True}}
    if as_instant:
        out["timing"] = "as_instant"
    out["text"] = line.strip()
    return {"activated": out}
