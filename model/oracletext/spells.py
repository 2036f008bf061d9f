"""An instant's or sorcery's lines read as what it does as it resolves (CR 113.3a,
608.2): each sentence a composed effect of the vocabulary (``transform_effects``) or
one of the plain riders ("Draw a card.", "You gain N life."), its target phrases read
whole (``targets.read_targets``). A line is read whole or not at all, and only when
its data renders back to its own words; it becomes ``{spell: {effects, targets,
text}}``, each effect naming its target by index among the line's own targets.

Effects that name the card's own permanent ("CARDNAME gets ...", "Sacrifice
CARDNAME", "Untap CARDNAME") mean nothing for a spell and are never read here; nor
are delayed or conditional ones ("at", "if", "unless").

Rules
-----
CR 113.3a (spell abilities), 608.2 (resolving an instant or sorcery), 608.2c (in the
order written), 601.2c (targets chosen as it is cast), 115.1 (targets).
"""

from __future__ import annotations

from typing import Any

from lark.exceptions import LarkError

from .normal import normalise
from .parsing import parse, sentences
from .rendering import effects_words
from .transform_effects import TARGET_SLOT
from .words import Unreadable

__all__ = ["read_effects", "read_spell_line"]

#: The plain riders a spell may say: their kinds and parameters, exactly ("Draw a card
#: at the beginning of the next turn's upkeep.": a delayed triggered ability, CR 603.7,
#: which resolve refuses).
_PLAIN = ({"kind": "draw", "count": 1}, {"kind": "draw", "count": 1, "at": "next_upkeep"})
_PLAIN_KINDS = {"gain_life": {"kind", "amount"}, "lose_life": {"kind", "amount"}}
#: Composed effects that act on the card's own permanent: never a spell's.
_SELF = ("onto", "of")


def _spell_effect(e: dict[str, Any], own: bool = False) -> bool:
    core = {k: v for k, v in e.items() if not k.startswith("_")}
    if core in _PLAIN:
        return True
    if (not own and any(e.get(k) == "self" for k in _SELF)) or {"at", "if", "unless"} & set(e):
        return False
    if e.get("_composed"):
        return True
    return core in _PLAIN or set(core) == _PLAIN_KINDS.get(str(core.get("kind")), set())


def read_spell_line(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format spell effects of one line of an instant or sorcery, or None
    (module docstring)."""
    norm = normalise(line, name)
    if norm.reminders or not norm.text:
        return None
    found = read_effects(norm.text)
    if found is None:
        return None
    effects, targets = found
    out: dict[str, Any] = {"effects": effects}
    if targets:
        out["targets"] = targets
    out["text"] = line.strip()
    return {"spell": out}


def read_effects(text: str, own: bool = False
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    """(effects, targets) of a normalised effect text, every sentence composed and the
    whole rendering back to ``text``; None otherwise. ``own``: an ability of a
    permanent, whose effects may act on it ("Untap CARDNAME."); a spell's may not."""
    from .reading import composed_sentence, strip_hints

    effects: list[dict[str, Any]] = []
    targets: list[dict[str, Any]] = []
    for s in sentences(text):
        try:
            kind, val = parse(s, "rider")
        except (LarkError, Unreadable, KeyError):
            found = composed_sentence(s)
            if found is None:
                return None
            read, spec = found
            flt = spec.get("filter", {})
            if spec.get("count") == "X" or flt.get("mana_value") == "X" or any(
                    c[2] == "X" for c in flt.get("compare", [])):
                return None  # an X of the spell's or the text's (CR 107.3): not here
            for e in read:
                if e.get("target") == TARGET_SLOT:
                    e["target"] = len(targets)
            spec = dict(spec)
            if spec.get("filter") == {}:
                del spec["filter"]
            targets.append(spec)
            effects.extend(read)
            continue
        if kind not in ("effect", "effects"):
            return None
        effects.extend([val] if kind == "effect" else val)
    if not effects or not all(_spell_effect(e, own) for e in effects):
        return None
    try:
        rendered = " ".join(effects_words(effects, targets))
    except ValueError:
        return None
    if rendered != text:
        return None
    return strip_hints(effects), strip_hints(targets)
