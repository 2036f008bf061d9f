"""Statics that forbid activating abilities: "Activated abilities of artifacts can't be
activated." (Null Rod, Collector Ouphe, Stony Silence), "Activated abilities of
creatures can't be activated." (Cursed Totem), "... your opponents control ..." (Karn,
the Great Creator), "... unless they're mana abilities." (Linvala, the Preserver's
kin: Damping Matrix).

A mana ability is an activated ability (CR 605.1a), so such a static stops mana
abilities too unless it says "unless they're mana abilities". Each is read whole into a
``kind: other`` static with ``params: {cant_activate: all}`` (or ``nonmana``) and the
objects it names as ``affected``; it is read only when that data renders back to the
line (a phrase is read whole or not at all). The solvers apply it: the payment solver
doesn't activate a forbidden mana ability (CR 602.5), and can-activate says why an
ability can't be activated.

Rules
-----
CR 602.5: a player can't begin to activate an ability that's prohibited from being
activated. CR 605.1a: mana abilities are activated abilities. CR 109.5: "your
opponents" are the opponents of the static's controller.
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise

__all__ = ["read_prohibition", "render_prohibition"]

#: The objects' phrase -> (types, any_types, controller).
_OBJECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], str | None]] = {
    "artifacts": (("artifact",), (), None),
    "creatures": (("creature",), (), None),
    "lands": (("land",), (), None),
    "artifacts and creatures": ((), ("artifact", "creature"), None),
    "artifacts your opponents control": (("artifact",), (), "opponent"),
    "creatures your opponents control": (("creature",), (), "opponent"),
    "artifacts and creatures your opponents control": ((), ("artifact", "creature"),
                                                       "opponent"),
}

#: "sources with the chosen name" (Pithing Needle, Phyrexian Revoker): objects in every
#: zone whose name is the one chosen as the source entered (CR 201.2, 614.12).
_NAMED = "sources with the chosen name"

_LINE = re.compile(r"Activated abilities of (?P<objects>[a-z ]+) can't be activated"
                   r"(?P<unless> unless they're mana abilities)?\.")

#: The object an Aura enchants: "Enchanted creature's activated abilities can't be
#: activated." (Detainment Spell), and with "can't attack or block" (Arrest).
_ATTACHED = re.compile(r"Enchanted (?P<word>creature|permanent|artifact|land)(?:'s "
                       r"activated abilities|(?P<combat> can't attack or block, and its "
                       r"activated abilities)) can't be activated"
                       r"(?P<unless> unless they're mana abilities)?\.")


def render_prohibition(affected: dict[str, Any], mode: str, combat: bool = False) -> str:
    """The line a prohibition static reads as."""
    unless = " unless they're mana abilities" if mode == "nonmana" else ""
    if affected.get("enchanted"):
        word = (affected.get("types") or ["permanent"])[0]
        whose = (" can't attack or block, and its activated abilities" if combat
                 else "'s activated abilities")
        return f"Enchanted {word}{whose} can't be activated{unless}."
    if not affected:
        return f"Activated abilities of {_NAMED} can't be activated{unless}."
    for phrase in _OBJECTS:
        if _filter(phrase) == affected:
            return f"Activated abilities of {phrase} can't be activated{unless}."
    raise ValueError(f"no phrase for {affected}")


def _filter(phrase: str) -> dict[str, Any]:
    """The card-format filter of an objects phrase of :data:`_OBJECTS`."""
    types, any_types, controller = _OBJECTS[phrase]
    flt: dict[str, Any] = {}
    if types:
        flt["types"] = list(types)
    if any_types:
        flt["any_types"] = list(any_types)
    if controller:
        flt["controller"] = controller
    return flt


def read_prohibition(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format static of a "can't be activated" line, or None.

    Examples
    --------
    >>> read_prohibition("Activated abilities of artifacts can't be activated.")["static"]
    ... # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'other', 'affected': {'types': ['artifact']}, 'params': {'cant_activate':
    'all'}, 'text': "Activated abilities of artifacts can't be activated."}
    >>> read_prohibition("Activated abilities of sources with the chosen name can't be "
    ...                  "activated.")["static"]["params"]
    {'cant_activate': 'all', 'named': 'chosen'}
    """
    norm = normalise(line, name)
    if norm.reminders:
        return None
    if (a := _ATTACHED.fullmatch(norm.text)) is not None:
        return _attached(a, norm.text, line)
    m = _LINE.fullmatch(norm.text)
    if m is None or (m.group("objects") not in _OBJECTS and m.group("objects") != _NAMED):
        return None
    named = m.group("objects") == _NAMED
    affected = {} if named else _filter(m.group("objects"))
    mode = "nonmana" if m.group("unless") else "all"
    if render_prohibition(affected, mode) != norm.text:
        return None
    params: dict[str, Any] = {"cant_activate": mode}
    if named:
        params["named"] = "chosen"  # the name chosen as it entered, in every zone
    out: dict[str, Any] = {"kind": "other"}
    if affected:
        out["affected"] = affected
    return {"static": {**out, "params": params, "text": line.strip()}}


def _attached(m: re.Match[str], text: str, line: str) -> dict[str, Any] | None:
    """The static of an Aura's prohibition on what it enchants (CR 303.4): with "can't
    attack or block", a kind of its own that also names combat (CR 508.1c, 509.1b),
    which no question but ``resolve`` with an attack reads and none applies."""
    word = m.group("word")
    affected: dict[str, Any] = {"enchanted": True}
    if word != "permanent":
        affected["types"] = [word]
    mode = "nonmana" if m.group("unless") else "all"
    combat = m.group("combat") is not None
    if render_prohibition(affected, mode, combat) != text:
        return None
    key = "cant_activate_attack_block" if combat else "cant_activate"
    return {"static": {"kind": "other", "affected": affected, "params": {key: mode},
                       "text": line.strip()}}
