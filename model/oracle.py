"""Card definitions from oracle text: the grammar first, then a few line templates.

Every line is first read by the grammar (``oracletext``: activated abilities, mana
abilities with their riders, keyword lines, "+N/+N" statics, enters/dies trigger
conditions), each reading checked by rendering it back. The templates here read the
other lines the card format expresses exactly.

:func:`card_from_oracle` is a conservative translator for the generated built-in cards:
a card is accepted only when it is a permanent and *every* line of its oracle text is a
mana ability the grammar reads whole, or one of these templates (a creature's power and
toughness aren't in ``mana-cards.json``: they are left unknown, and the resolution
solver refuses to guess whether -1/-1 counters kill such a creature):

* a few activated abilities (``COST: Draw a card.``, ``COST: Scry N.``, cycling) and
  enters triggers (scry, draw a card, gain life, return a land);
* ``NAME enters the battlefield tapped.`` (kept as a static; a state file says whether
  a permanent is tapped);
* reminder text ``({T}: Add {G} or {W}.)`` exactly matching the basic land types of the
  type line (the intrinsic abilities, CR 305.6, come from the types).

Anything else (a condition, a cost other than {T}, a restriction, a trigger, a
replacement, an unknown line) makes the card *not* translated: it is never guessed.
``python -m manacheck.model.oracle FILE`` prints the translated cards of a reference
file (a JSON list, or ``{"cards": [...]}``) in the card format, as JSON; the built-in
``model/data/cards/40_generated.json`` is its output for ``mana-cards.json`` (don't edit
it by hand; a test keeps it equal to the output, and hand-written cards are skipped).

Rules
-----
CR 106.1 (mana abilities add mana), 305.6 (basic land types' intrinsic abilities), 205
(type lines: supertypes, card types, subtypes).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from .cards import BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES
from .errors import ManacheckError
from .mana import ManaCost

__all__ = ["card_from_oracle", "read_text", "translate", "with_stats"]

_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _type_line(line: str) -> tuple[list[str], list[str], list[str]] | None:
    """(supertypes, card types, subtypes) of a type line, or None if a word is unknown."""
    left, _, right = line.partition(" — ")
    supers: list[str] = []
    types: list[str] = []
    for w in left.split():
        if w in SUPERTYPES:
            supers.append(w)
        elif w in CARD_TYPES:
            types.append(w)
        else:
            return None
    return supers, types, right.split()




def _cost(text: str, name: str) -> str | list[Any] | None:
    """The card format's cost for "{1}, {T}, Pay 1 life, Sacrifice NAME", or None."""
    symbols = ""
    extra: list[Any] = []
    for part in text.split(", "):
        if re.fullmatch(r"(?:\{[^}]+\})+", part):
            try:
                ManaCost.parse(part, allow_tap=True)
            except ManacheckError:
                return None
            symbols += part
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            extra.append({"pay_life": int(m.group(1))})
        elif part == f"Sacrifice {name}":
            extra.append({"sacrifice": "self"})
        else:
            return None
    if not extra:
        return symbols or None
    return [symbols, *extra] if symbols else extra


#: Keywords that stand alone on a line and are kept as keywords (CR 702): haste,
#: hexproof and shroud matter to activation and targeting; the others are kept as data.
_KEYWORDS = frozenset({"Indestructible", "Flash", "Flying", "Vigilance", "Trample", "Haste",
                       "Defender", "Reach", "Deathtouch", "Lifelink", "First strike",
                       "Hexproof", "Shroud", "Menace"})


#: Plain partner, with its reminder (CR 702.124a: it only lets two commanders be chosen
#: before the game, 903.3); "Partner with NAME" has a triggered ability and isn't here.
_PARTNER = ("Partner", "Partner (You can have two commanders if both have partner.)")


def _other_line(line: str, name: str) -> dict[str, Any] | None:
    """One non-mana line the card format expresses exactly, as an ability, or None."""
    n = re.escape(name)
    if line in _KEYWORDS or line in _PARTNER:
        return {}  # a keyword (see card_from_oracle)
    if m := re.fullmatch(r"When " + n + r" enters(?: the battlefield)?, (scry (\d+)|draw a card|"
                         r"return a land you control to its owner's hand)\.", line):
        # Kept as data; the resolution solver refuses the effects it doesn't model.
        if m.group(2):
            eff: dict[str, Any] = {"kind": "scry", "count": int(m.group(2))}
        elif m.group(1) == "draw a card":
            eff = {"kind": "draw", "count": 1}
        else:
            eff = {"kind": "return_to_hand", "count": 1,
                   "filter": {"types": ["land"], "controller": "you"}}
        return {"triggered": {"event": "enters", "self_only": True, "effects": [eff],
                              "text": line}}
    if m := re.fullmatch(r"([^:]+): Scry (\d+)\.", line):
        cost = _cost(m.group(1), name)
        if cost is None:
            return None
        return {"activated": {"cost": cost, "effects": [{"kind": "scry",
                                                         "count": int(m.group(2))}],
                              "text": line}}
    if m := re.fullmatch(r"Cycling ((?:\{[^}]+\})+) \(\1, Discard (?:this card|CARDNAME): "
                         r"Draw a card\.\)", line):
        # CR 702.29a: an activated ability that works from the hand.
        return {"activated": {"cost": [m.group(1), {"discard_self": True}], "zone": "hand",
                              "effects": [{"kind": "draw", "count": 1}], "text": line}}
    if m := re.fullmatch(r"([^:]+): Draw a card\.", line):
        cost = _cost(m.group(1), name)
        if cost is None:
            return None
        return {"activated": {"cost": cost, "effects": [{"kind": "draw", "count": 1}],
                              "text": line}}
    if m := re.fullmatch(r"When " + n + r" enters(?: the battlefield)?, you gain (\d+) life\.",
                         line):
        return {"triggered": {"event": "enters", "self_only": True,
                              "effects": [{"kind": "gain_life", "amount": int(m.group(1))}],
                              "text": line}}
    if m := re.fullmatch(r"As " + n + r" enters(?: the battlefield)?, choose a (color|creature "
                         r"type)( other than (white|blue|black|red|green))?\.", line):
        # CR 614.12, 607.2p: the choice is made as it enters; a state file says what
        # it was (``chosen``), checked against "other than" (statefile.players)
        params: dict[str, Any] = {"choose": m.group(1).replace(" ", "_")}
        if m.group(3):
            params["other_than"] = _COLOR_LETTER[m.group(3)]
        return {"static": {"kind": "other", "params": params, "text": line}}
    if re.fullmatch(n + r" enters(?: the battlefield)? with an? (\S+) counter on it for each time "
                    r"it was kicked\.", line):
        # (Everflowing Chalice) A replacement effect on how it enters (CR 614.1c,
        # 702.33): how many times it was kicked is not in a state file, so it is kept
        # unread but said to change only its own entering (the counters it has are what
        # the state file says); a question about its entering is then not decided.
        return {"static": {"kind": "other", "affects": ["entering"], "self_only": True,
                           "text": line}}
    if re.fullmatch(n + r" enters(?: the battlefield)? tapped unless [^.]+\.",
                    line) or re.fullmatch(
            r"As " + n + r" enters(?: the battlefield)?, you may pay 2 life\. If you don't, "
            r"(?:it|" + n + r") enters(?: the battlefield)? tapped\.", line):
        # Whether it entered tapped is what the state file says.
        return {"static": {"kind": "other", "params": {"enters_tapped_unless": True},
                           "text": line}}
    return None


def _reminder_matches(reminder: str, basics: Sequence[str]) -> bool:
    """Whether ``{T}: Add ...`` is exactly the basic land types' intrinsic abilities."""
    want = "{T}: Add " + " or ".join("{" + _BASIC_MANA[t] + "}" for t in basics) + "."
    if len(basics) == 3:
        b = ["{" + _BASIC_MANA[t] + "}" for t in basics]
        want = f"{{T}}: Add {b[0]}, {b[1]}, or {b[2]}."
    return bool(basics) and reminder == want


def _keyword_list(line: str) -> list[str] | None:
    """"Flying, vigilance" as keywords, when every one of them is in :data:`_KEYWORDS`."""
    parts = [p.strip() for p in line.split(",")]
    out = [p[:1].upper() + p[1:] for p in parts]
    return out if len(out) > 1 and all(p in _KEYWORDS for p in out) else None


_NAME = "CARDNAME"


def _enters_tapped(line: str, name: str) -> bool:
    """"NAME enters the battlefield tapped." or today's "NAME enters tapped." (CR 614.1c)."""
    return line in (f"{name} enters the battlefield tapped.", f"{name} enters tapped.")


def _named(v: Any, name: str) -> Any:
    """``v`` with the placeholder put back to the card's name in every text."""
    if isinstance(v, str):
        return v.replace(_NAME, name)
    if isinstance(v, dict):
        return {k: _named(x, name) for k, x in v.items()}
    if isinstance(v, list):
        return [_named(x, name) for x in v]
    return v


def read_text(name: str, text: str, subtypes: Sequence[str] = (), mana_cost: str = "",
              *, spell: bool = False) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    """Every line of a card's oracle text, read where a template fits and kept where
    none does: ``(abilities, keywords, unread lines)``.

    An unread line becomes a ``static`` of kind ``other`` holding the line, with no
    parameter: an unread effect (``manacheck.model.effects``), which could change any
    answer, so every question it could touch is "not decided" rather than answered
    without it. The read lines are the templates :func:`card_from_oracle` accepts.
    A reminder-only line of a known shape is dropped when the card (its ``mana_cost``,
    its text) has the symbol it explains (``oracletext.reminders``). With ``spell`` (an
    instant or sorcery), a line of effects the vocabulary composes whole is what the
    spell does as it resolves (``oracletext.spells``; CR 608.2).
    """
    abilities: list[dict[str, Any]] = []
    keywords: list[str] = []
    unread: list[str] = []
    basics = [t for t in subtypes if t in BASIC_LAND_TYPES]
    from .oracletext import read_line
    from .oracletext.costchanges import read_cost_change
    from .oracletext.counter_statics import read_counter_static
    from .oracletext.declared import read_declared
    from .oracletext.devotion import read_devotion_god
    from .oracletext.enters_counters import read_enters_with_counters
    from .oracletext.forms import unread_activated
    from .oracletext.grants import read_grant
    from .oracletext.keywords import keyword_line
    from .oracletext.landtypes import read_land_types
    from .oracletext.lineforms import classify_line
    from .oracletext.manaform import mana_form, pool_copy_form
    from .oracletext.manatriggers import read_mana_trigger
    from .oracletext.prohibitions import read_prohibition
    from .oracletext.reminders import checked_reminder
    from .oracletext.spells import read_spell_line
    from .oracletext.spendstatic import read_spend_static
    from .oracletext.statics import read_static
    from .oracletext.triggers import read_trigger
    from .oracletext.typelines import read_type_line
    from .oracletext.unread_triggers import modal_trigger_lines, unread_trigger
    from .oracletext.wording import reader_wording

    # Today's Oracle wording and older ones read alike (oracletext.wording); each
    # ability keeps its line as the card's text gives it (``_as_written``).
    written: dict[str, str] = {}
    lines = []
    for raw in (s.strip() for s in text.split("\n")):
        line = reader_wording(raw, name)
        lines.append(line)
        if line != raw:
            written[line] = raw
    modal = modal_trigger_lines(lines, name)
    for line in lines:
        if not line:
            continue
        # The grammar's reading first: an activated ability read and rendered back
        # (oracletext.reading); then the templates below for the other lines.
        reading = read_line(line, name)
        if reading.ability is not None:
            abilities.append(reading.ability)
            continue
        if spell and (effect := read_spell_line(line, name)) is not None:
            abilities.append(effect)  # what the spell does (CR 608.2)
            continue
        static = read_static(line, name, tuple(subtypes)) or read_counter_static(
            line, name) or read_spend_static(line) or read_prohibition(line, name) \
            or read_cost_change(line, name) or read_land_types(line, name)
        if static is not None:  # "+N/+N" statics (oracletext.statics); twice as many
            abilities.append(static)  # counters or tokens (oracletext.counter_statics);
            continue  # spend statics (oracletext.spendstatic)
        grant = read_grant(line, tuple(subtypes)) or read_type_line(line, tuple(subtypes))
        if grant is not None:  # granted activated abilities, layer 6 (oracletext.grants);
            abilities.append(grant)  # type and color changes (oracletext.typelines)
            continue
        declared = read_declared(line, name, tuple(subtypes))
        if declared is not None:  # statics with their families (oracletext.declared)
            abilities.append(declared)
            continue
        # The templates are matched with the name as a placeholder, so that their
        # patterns are compiled once rather than once per card name.
        general = line.replace(name, _NAME) if name and _NAME not in line else None
        if general is not None and (other := _other_line(general, _NAME)) is not None:
            if other:
                abilities.append(_named(other, name))
            else:
                keywords.append("Partner" if line in _PARTNER else line)
        elif (several := _keyword_list(line) or keyword_line(line)) is not None:
            keywords.extend(several)
        elif _enters_tapped(line, name):
            abilities.append({"static": {"kind": "other", "params": {"enters_tapped": True},
                                         "text": line}})
        elif (m := re.fullmatch(r"\((\{T\}: Add [^)]*)\)", line)) and _reminder_matches(
                m.group(1), basics):
            continue  # the intrinsic abilities, which come from the types (CR 305.6)
        elif checked_reminder(line, mana_cost, text):
            continue  # reminder text of a symbol the card has (CR 207.2a)
        elif (god := read_devotion_god(line, name)) is not None:
            abilities.append(god)  # layer 4, applied by the layers (CR 613.1d, 700.5)
        elif (entering := read_enters_with_counters(line, name)) is not None:
            abilities.append(entering)  # its own entering only (CR 614.1c)
        elif (mana_trigger := read_mana_trigger(line, name)) is not None:
            abilities.append(mana_trigger)  # a triggered mana ability (CR 605.1b)
        elif (trigger := read_trigger(line, name)) is not None:
            abilities.append(trigger)  # its condition read, its effect kept unread
        elif (copy := pool_copy_form(line, name)) is not None:
            abilities.append(copy)  # Doubling Cube: a mana ability read (CR 605.1a)
        elif (mana := mana_form(line, name)) is not None:
            # A mana ability by its form (CR 605.1a), its cost read and its mana not:
            # an activated ability with unmodelled mana (oracletext.manaform).
            unread.append(line)
            abilities.append(mana)
        elif unread_activated(line, name):
            # An activated ability (its cost read, or a loyalty ability) that isn't a mana
            # ability: it matters only to a question about its own object (CR 602.2).
            unread.append(line)
            abilities.append({"static": {"kind": "other", "text": line,
                                         "params": {"unread_activated": True}}})
        elif line in modal or unread_trigger(line, name):
            # A triggered ability that isn't a mana ability: it uses the stack, so only
            # the events resolve plays out can trigger it (CR 603.3, 605.1b).
            unread.append(line)
            abilities.append({"static": {"kind": "other", "text": line,
                                         "params": {"unread_trigger": True}}})
        elif (form := classify_line(line, name)) is not None:
            # Not read, but its form says what it could change (oracletext.lineforms);
            # reminder or draft text changes nothing in the game (CR 207.2a).
            if form.families:
                unread.append(line)
                abilities.append({"static": _classified(line, form)})
        else:
            unread.append(line)
            abilities.append({"static": {"kind": "other", "text": line}})
    if any(str(a.get("activated", {}).get("text", "")).startswith("Cycling")
           for a in abilities):
        keywords.append("Cycling")
    if not written:
        return abilities, keywords, unread
    return ([_as_written(a, written) for a in abilities],
            [written.get(k, k) for k in keywords], [written.get(u, u) for u in unread])


def _as_written(ability: dict[str, Any], written: Mapping[str, str]) -> dict[str, Any]:
    """``ability`` with its line's text as the card gives it, where the reader read it
    in another wording (``oracletext.wording``)."""
    out: dict[str, Any] = {}
    for kind, body in ability.items():
        if isinstance(body, dict) and body.get("text") in written:
            body = {**body, "text": written[body["text"]]}
        out[kind] = body
    return out


def _classified(line: str, form: Any) -> dict[str, Any]:
    """The card-format static of an unread line classified by its form: its families
    (``affects``), and its scope: its own object (``self_only``) or the object it is
    attached to (``affected: {enchanted: true}``, CR 303.4, 301.5)."""
    static: dict[str, Any] = {"kind": "other", "text": line,
                              "affects": sorted(f.label for f in form.families)}
    if form.scope == "self":
        static["self_only"] = True
    elif form.scope == "attached":
        static["affected"] = {"enchanted": True}
    return static


def card_from_oracle(entry: Mapping[str, Any]) -> dict[str, Any] | None:
    """The card-format definition of a reference entry (``name``, ``mana_cost``,
    ``type_line``, ``oracle_text``, ``layout``), or None unless every line of its text
    is understood (see the module docstring)."""
    if entry.get("layout") not in (None, "normal") or entry.get("nontraditional") \
            or entry.get("is_online_only"):
        return None  # (an online-only card, A-Base Camp, isn't a paper card)
    name = str(entry["name"])
    parsed = _type_line(str(entry.get("type_line") or ""))
    if parsed is None:
        return None
    supers, types, subtypes = parsed
    if not types or not any(t in types for t in ("Land", "Artifact", "Enchantment",
                                                  "Creature")):
        return None
    abilities: list[dict[str, Any]] = []
    keywords: list[str] = []
    basics = [t for t in subtypes if t in BASIC_LAND_TYPES]
    from .oracletext import read_line

    for line in (s.strip() for s in str(entry.get("oracle_text") or "").split("\n")):
        if not line:
            continue
        reading = read_line(line, name)
        if reading.status == "read" and reading.mana and reading.ability is not None:
            # The grammar's reading, rendered back (oracletext): with its riders.
            abilities.append(reading.ability)
        elif (other := _other_line(line, name)) is not None:
            if other:
                abilities.append(other)
            else:
                keywords.append("Partner" if line in _PARTNER else line)
        elif _enters_tapped(line, name):
            abilities.append({"static": {"kind": "other", "params": {"enters_tapped": True},
                                         "text": line}})
        elif m := re.fullmatch(r"\((\{T\}: Add [^)]*)\)", line):
            # Reminder text: only the intrinsic abilities of the basic land types.
            if not _reminder_matches(m.group(1), basics):
                return None
        else:
            return None
    if not abilities and not basics:
        return None
    out: dict[str, Any] = {"name": name}
    cost = str(entry.get("mana_cost") or "")
    if cost:
        out["mana_cost"] = cost
    if supers:
        out["supertypes"] = supers
    out["types"] = types
    if subtypes:
        out["subtypes"] = subtypes
    for key in ("power", "toughness"):  # a creature's (CR 208.1); "an amount equal to
        if entry.get(key) is not None:  # its power" reads it
            out[key] = entry[key]
    if keywords or any("Cycling" in str(a) for a in abilities):
        out["keywords"] = keywords + (["Cycling"] if any(
            str(a.get("activated", {}).get("text", "")).startswith("Cycling")
            for a in abilities) else [])
    out["text"] = str(entry.get("oracle_text") or "")
    if abilities:
        out["abilities"] = abilities
    return out


def translate(entries: Iterable[Mapping[str, Any]], skip: Iterable[str] = ()
              ) -> list[dict[str, Any]]:
    """Every entry :func:`card_from_oracle` accepts, in name order, except ``skip``."""
    known = set(skip)
    out = [c for e in entries if e.get("name") not in known
           if (c := card_from_oracle(e)) is not None]
    return sorted(out, key=lambda c: str(c["name"]))


def render(cards: Sequence[Mapping[str, Any]]) -> str:
    """The generated file's text: a JSON list, one card a line (JSON loads about fifty
    times faster than YAML, and this file is read at every start)."""
    return "[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cards) + "\n]\n"


#: The built-in file this module writes.
GENERATED = "40_generated.json"


def hand_written_names() -> set[str]:
    """Names defined in the built-in card files other than :data:`GENERATED`."""
    from importlib import resources

    import yaml

    from .carddata import parse_cards

    names: set[str] = set()
    folder = resources.files("manacheck.model").joinpath("data", "cards")
    for entry in folder.iterdir():
        if entry.name.endswith((".yaml", ".json")) and entry.name != GENERATED:
            data = yaml.safe_load(entry.read_text(encoding="utf-8")) or []
            names.update(c.name for c in parse_cards(data, path=entry.name))
    return names


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m manacheck.model.oracle REFERENCE.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        data = json.load(f)
    entries = data["cards"] if isinstance(data, Mapping) else data
    sys.stdout.write(render(translate(with_stats(entries), skip=hand_written_names())))
    return 0


def with_stats(entries: Iterable[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """The entries, each creature's power and toughness taken from the shipped pool
    (AtomicCards) where the entry itself has none (``mana-cards.json`` has no such
    fields): a generated creature without them would make "an amount of {G} equal to
    its power" (Viridian Joiner) wrong."""
    from .pool import PoolCards

    pool = PoolCards()
    for e in entries:
        raw = pool.entry(str(e.get("name"))) if "Creature" in str(e.get("type_line")) \
            and e.get("power") is None else None
        if raw is None:
            yield e
            continue
        stats = json.loads(raw)
        yield {**e, "power": stats.get("power"), "toughness": stats.get("toughness")}


if __name__ == "__main__":
    sys.exit(main())
