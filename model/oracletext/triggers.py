"""Triggered abilities the grammar reads by their trigger condition alone: "When
CARDNAME enters, ..." and "When CARDNAME dies, ...", the effect kept unread.

Reading the condition exactly tells every question what the ability could change: a
triggered ability uses the stack (CR 603.3) and is no mana ability unless it triggers
from one (CR 605.1b), so it can't change what can be paid, produced or activated now;
``resolve`` puts it on the stack when its event happens and refuses its unread effect
there (``kind: other``), never ignoring it. An unread trigger line, by contrast, could
change any answer. Anything else ("enters or attacks", another object entering, an
intervening "if" is kept inside the unread effect and so refused too) stays unread.

Rules
-----
CR 603.2: an ability triggers when its event happens; 603.6a, 603.10a: enters- and
leaves-the-battlefield abilities; 700.4: "dies"; 605.1b: triggered mana abilities.
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise

__all__ = ["read_trigger"]

_TRIGGER = re.compile(r"When CARDNAME (enters|dies), (.+\.)")


def read_trigger(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format triggered ability of ``line`` (module docstring), or None."""
    norm = normalise(line, name)
    if norm.reminders:
        return None
    m = _TRIGGER.fullmatch(norm.text)
    if m is None:
        return None
    effect = m.group(2)
    if re.search(r"\b(tapped for mana|mana abilit)", effect):
        return None  # CR 605.1b: could be about mana abilities; not read here
    rendered = f"When CARDNAME {m.group(1)}, {effect}"
    if rendered != norm.text:
        return None
    # The effect composed from the vocabulary where it reads whole (oracletext.spells;
    # its targets chosen as it is put on the stack, CR 603.3d); else kept unread.
    from .spells import read_effects

    # ("it deals ..." of "When CARDNAME enters, it deals ...": "it" is CARDNAME, the
    # trigger's own source; CR 603.6a, 700.4)
    words = "CARDNAME deals " + effect[len("it deals "):] if effect.startswith(
        "it deals ") else effect[:1].upper() + effect[1:]
    composed = read_effects(words, own=True)
    if composed is not None:
        effects, targets = composed
        return {"triggered": {"event": m.group(1), "self_only": True,
                              "effects": effects,
                              **({"targets": targets} if targets else {}),
                              "text": line.strip()}}
    return {"triggered": {"event": m.group(1), "self_only": True,
                          "effects": [{"kind": "other", "text": effect}],
                          "text": line.strip()}}
