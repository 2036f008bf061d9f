"""Oracle text to the card format: one line at a time, through the grammar.

:func:`read_line` reads one normalised line of oracle text (see ``normal``) as an
activated ability: the cost before the top-level colon through the ``costs`` rule, the
sentences after it through ``mana_sentence`` and ``rider``. The trees become card-format
data (the same dictionaries the hand-written YAML holds), and the line counts as read
only when ``rendering`` turns that data back into the line's own text.

What stays unread, and how:

* a line that is no activated ability, or whose cost isn't derived, is not read at all
  (:attr:`Reading.ability` is None; the caller keeps it as an unread static, which makes
  every answer it could change "not decided");
* a sentence after the colon that isn't derived is kept as an effect of kind ``other``
  holding the sentence (``resolve`` refuses it), unless it could change what the
  ability costs, adds or when it may be activated: a sentence with "add", "mana"
  (but for "mana value" and "mana cost"), "spend", "spent", "activate", "this ability
  costs", "X can't", "X must" or "only" (``_RISKY``), or in a mana ability "instead" or
  "target", leaves the whole line unread;
* an effect that moves the card out of its graveyard or hand ("Return CARDNAME from
  your graveyard to your hand") sets the zone the ability works from (CR 113.6m); one
  that moves it out of another zone leaves the line unread;
* an ability with unread effect sentences keeps its cost, timing, restrictions and
  targets; every target phrase of its effect must be read (and render back), or the
  whole line stays unread, because can-activate reads the targets;
* a target phrase is read whole or not at all: the longest phrase the grammar reads
  must end there (before a word that can't continue it: a comma only before a clause
  of its own), so "target artifact, creature, or land" is never read as "target
  artifact";
* the targets of a triggered ability the effect creates ("When you do, ... any
  target") are that ability's, chosen when it triggers, not this one's;
* a line whose cost has an X that the text defines ("X is the number of pin counters
  on CARDNAME") stays unread: X isn't a choice there (CR 107.3c), and the card format
  has no such X.

Rules
-----
CR 602.1a: an activated ability is written "[Cost]: [Effect.] [Activation instructions
(if any).]". CR 605.1a: an activated ability is a mana ability if it could add mana, has
no target and isn't a loyalty ability. CR 602.5: activation restrictions. CR 106.6: spend
restrictions. CR 115.1: targets, "target" or "any target". CR 118: costs. CR 603.12,
603.7c: a reflexive or delayed triggered ability's targets are chosen as it triggers.
CR 107.3c: an X the text defines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark.exceptions import LarkError

from .keywords import Keyword, match_keyword, reminder_ok
from .normal import SELF, Normalised, normalise
from .parsing import GrammarBroken, parser
from .parsing import parse as _parse
from .parsing import sentences as _sentences
from .reminders import KEYWORD_REMINDERS
from .rendering import render_activated
from .targets import TARGET_WORDS as _TARGET
from .targets import read_targets
from .transform import Unreadable
from .transform_effects import TARGET_SLOT

__all__ = ["ABILITY_WORD", "LOYALTY_SYMBOL", "TARGET_WORDS", "GrammarBroken", "Reading",
           "loyalty_cost", "parser", "read_line", "split_cost", "top_colon",
           "zone_and_costs"]

#: Words that make an underived sentence able to change a question's answer.
_RISKY = re.compile(r"\b([Aa]dds?\b|[Aa]ctivat|[Ss]pend|spent|[Tt]his ability costs|"
                    r"costs? \{|mana(?! value| cost)|X can't|X must|only)")
#: Keywords printed like ability words ("Boast — {1}: ..."), whose restrictions are in
#: the rules (CR 702.142a boast, 702.57a forecast), not in the line.
_DASH_KEYWORDS = frozenset({"Exhaust"})
_ABILITY_WORD = re.compile(r"^([A-Z][a-z']+(?: [a-z']+)*) — ")


#: Reminder texts that may follow an activated ability, each with what the ability's
#: own text must say for the reminder to be right (CR 207.2: reminder text has no
#: rules meaning; it is checked against the text, never read instead of it).
_REMINDERS = {
    "{C} represents colorless mana.": re.compile(r"\{C\}"),
    # (CR 702.37b: megamorph is a morph ability)
    "A megamorph cost is a morph cost.": re.compile(r"\bpay a morph cost\b"),
    "{S} can be paid with one mana from a snow source.": re.compile(r"\{S\}.*:"),
    "{Q} is the untap symbol.": re.compile(r"\{Q\}.*:"),
    'It\'s an artifact with "{T}, Sacrifice this artifact: Add one mana of any color."':
        re.compile(r"\bTreasure tokens?\b"),
    'It\'s an artifact with "{T}, Sacrifice CARDNAME: Add one mana of any color."':
        re.compile(r"\bTreasure token\b"),
    'They\'re artifacts with "{T}, Sacrifice CARDNAME: Add one mana of any color."':
        re.compile(r"\bTreasure tokens\b"),
    # keyword actions of a cost, restated (CR 701.17a mill, 701.43a exert)
    "To mill a card, put the top card of your library into your graveyard.": re.compile(
        r"(^|, )Mill a card(,|:)"),
    "An exerted creature won't untap during your next untap step.": re.compile(
        r"(^|, )Exert CARDNAME(,|:)"),
    # haste, restated for the spell a mana's rider gives it to (CR 702.10b)
    "That creature can attack and {T} as soon as it comes under your control.":
        re.compile(r"\bit gains haste\b"),
    # devotion (CR 700.5), restated beside an ability that adds mana by it
    "Your devotion to a color is the number of mana symbols of that color in the mana "
    "costs of permanents you control.": re.compile(
        r": Choose a color\. Add an amount of mana of that color equal to your devotion to "
        r"that color\.$"),
    **{f"Each {{{sym}}} in the mana costs of permanents you control counts toward your "
       f"devotion to {word}.": re.compile(
           rf": Add an amount of \{{{sym}\}} equal to your devotion to {word}\.$")
       for sym, word in (("W", "white"), ("U", "blue"), ("B", "black"), ("R", "red"),
                         ("G", "green"))},
    # a keyword the ability grants, restated (CR 702.28b shadow)
    "It can block or be blocked by only creatures with shadow.": re.compile(
        r"\bgains? shadow\b"),
}


#: A loyalty ability's cost (CR 606.4), as the line starts: "[+1]: ", "[−X]: ", "[0]: ".
_LOYALTY = re.compile(r"^\[(\+\d+|−(?:\d+|X)|0)\]: ")


#: A loyalty ability's sentence about the mana it adds, or how that mana may be spent:
#: an effect of an ability that is never a mana ability (CR 605.1a) and whose words
#: bear on neither its cost nor when it may be activated, so it may stay unread.
_LOYALTY_MANA = re.compile(r"^(Add |Spend this mana only )(?!.*\b(?:[Aa]ctivat|costs?\b))")


def _split_cost(body: str, colon: int, loyalty: re.Match[str] | None
                ) -> tuple[str, str, list[Any]] | None:
    """The cost's text, the effect's text and the cost read (a loyalty symbol, CR 606.4,
    or the ``costs`` rule before the top-level colon, CR 602.1a); None when the
    grammar doesn't derive the cost."""
    if loyalty is not None:
        return loyalty.group(1), body[loyalty.end():].strip(), loyalty_cost(loyalty.group(1))
    cost_text = body[:colon].strip()
    try:
        costs = _parse(cost_text, "costs")
    except (LarkError, Unreadable, KeyError):
        return None
    return cost_text, body[colon + 1:].strip(), costs


def loyalty_cost(symbol: str) -> list[dict[str, Any]]:
    """The card-format cost of a loyalty symbol (CR 606.4): "+N" puts N loyalty counters
    on the permanent, "−N" (or "−X") removes them, "0" costs nothing.

    Examples
    --------
    >>> loyalty_cost("+1"), loyalty_cost("−X"), loyalty_cost("0")
    ([{'add_counters': {'counter': 'loyalty', 'count': 1}}], \
[{'remove_counters': {'counter': 'loyalty', 'count': 'X'}}], [])
    """
    n = symbol.lstrip("+−")
    count: int | str = n if n == "X" else int(n)
    if symbol.startswith("+"):
        return [{"add_counters": {"counter": "loyalty", "count": count}}]
    if symbol.startswith("−"):
        return [{"remove_counters": {"counter": "loyalty", "count": count}}]
    return []


def _reminder_ok(reminder: str, body: str) -> bool:
    pattern = _REMINDERS.get(reminder)
    return pattern is not None and bool(pattern.search(body))


def _top_colon(line: str) -> int:
    """The index of the colon that ends the cost (outside quotes), or -1."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return -1


@dataclass(frozen=True, slots=True)
class Reading:
    """What :func:`read_line` made of a line.

    ``ability`` is the card-format ability (``{"activated": {...}}``) or None when the
    line isn't read. ``status`` is ``read`` (every part derived and rendered back),
    ``partial`` (cost, timing, restrictions and targets read; some effect sentences kept
    as unread effects) or ``unread``. ``mana`` says whether it is a mana ability.
    ``template`` names the rules used, for coverage; ``unread`` holds the sentences not
    derived; ``why`` says why a line stayed unread.
    """

    status: str
    ability: dict[str, Any] | None = None
    mana: bool = False
    template: str = ""
    unread: tuple[str, ...] = ()
    why: str = ""
    normalised: str = ""
    rendered: str = ""
    targets: tuple[dict[str, Any], ...] = field(default=())


def _special(line: str, norm: Normalised, word: re.Match[str] | None) -> Reading | None:
    """A keyword line (``keywords``), forecast, or another keyword written like an
    ability word: read or refused here, or None for an ordinary line."""
    text = norm.text
    kw = match_keyword(text)
    if kw is not None:
        return _read_keyword(line, text, norm.reminders, *kw)
    if word and word.group(1) in _IMPLIED:
        return _read_implied(word.group(1), line, text, text[word.end():], norm.reminders)
    if word and word.group(1) in _DASH_KEYWORDS:
        return Reading("unread", why=f"{word.group(1)} is a keyword with restrictions of "
                       "its own, not an ability word", normalised=text)
    return None


#: Keywords written "Keyword — [Activated ability]" whose restrictions the rules add
#: (the condition, and the zone the ability must work from), with their reminder.
_IMPLIED = {
    # CR 702.57a: "... Activate only during your upkeep and only once each turn." It is
    # revealed from the hand, so the cost says so and it works from there (702.57b).
    "Forecast": ("your_upkeep", "hand",
                 "Activate only during your upkeep and only once each turn."),
    # CR 702.142a: "... Activate only if this creature attacked this turn and only once
    # each turn."
    "Boast": ("source_attacked_this_turn", None,
              "Activate only if this creature attacked this turn and only once each turn."),
}


def _restrict(ab: dict[str, Any], kind: str, val: Any) -> str | None:
    """Put a restriction sentence's meaning on the ability (CR 602.5); why not, if it
    can't be (two conditions or two timings)."""
    if kind == "timing":
        ab["timing"] = val
    elif kind == "once":
        ab["once_each_turn"] = True
    elif kind == "sorcery_once":
        ab["timing"] = "sorcery"
        ab["once_each_turn"] = True
    elif kind == "any_player":
        ab["any_player"] = True
    elif kind == "per_turn":
        if "once_each_turn" in ab or "per_turn" in ab:
            return "two limits"
        ab["per_turn"] = val
    elif kind == "any_player_condition":
        if "condition" in ab or "any_player" in ab:
            return "two conditions"
        ab["any_player"] = True
        ab["condition"] = val
    elif kind == "in_graveyard":
        ab["_in_graveyard"] = True
    elif kind == "any_player_sorcery":
        if "timing" in ab:
            return "two timings"
        ab["any_player"] = True
        ab["timing"] = "sorcery"
    elif kind == "condition_once":
        if "condition" in ab or "once_each_turn" in ab:
            return "two conditions"
        ab["condition"] = val
        ab["once_each_turn"] = True
    elif kind == "condition":
        if "condition" in ab or ("count" in val and not isinstance(val["count"], int)):
            return "two conditions"
        ab["condition"] = val
    return None


def _read_implied(keyword: str, line: str, text: str, body: str,
                  reminders: tuple[str, ...]) -> Reading:
    """A forecast or boast line: the ability, with the restrictions of the rules
    (``_IMPLIED``) added; its reminder text checked."""
    kind, zone, reminder = _IMPLIED[keyword]
    loose = [r for r in reminders if r.replace(SELF, "this creature") != reminder]
    if loose:
        return Reading("unread", why=f"reminder text not checked: ({loose[0]})",
                       normalised=text)
    inner = read_line(body)
    ab = dict(inner.ability["activated"]) if inner.ability is not None else {}
    if inner.status == "unread" or ab.get("zone") != zone or "condition" in ab \
            or "once_each_turn" in ab or "timing" in ab:
        why = inner.why or "not an ability of its zone with no restriction of its own"
        return Reading("unread", why=f"{keyword}: {why}", normalised=text)
    ab.update({"condition": {"kind": kind}, "once_each_turn": True, "text": line.strip()})
    return Reading(inner.status, {"activated": ab}, template=f"keyword {keyword}",
                   unread=inner.unread, normalised=text,
                   rendered=f"{keyword} — " + inner.rendered, targets=inner.targets)


def _effect_targets(unread: list[str], is_mana: bool, text: str,
                    cost_text: str) -> list[dict[str, Any]] | Reading:
    """The targets of the effect sentences not read, or why the line stays unread."""
    if not unread:
        return []
    read = read_targets(" ".join(unread))
    if read is None:
        return Reading("unread", why="a target not read", normalised=text)
    found = []
    for spec in read:
        spec = _strip_hints(spec)
        if spec.get("filter") == {}:
            del spec["filter"]
        found.append(spec)
    if is_mana and found:
        return Reading("unread", why="a mana ability with a target (CR 605.1a)",
                       normalised=text)
    if any(t.get("count") == "X" or _names_x(t.get("filter", {})) for t in found) and (
            "where X is" in text or "X" not in cost_text):
        # "up to X target permanents, where X is …": X isn't chosen with the cost
        return Reading("unread", why="a number of targets the effect defines",
                       normalised=text)
    return found


def _ordered_targets(sentences: list[str],
                     slotted: dict[int, tuple[list[dict[str, Any]], dict[str, Any]]],
                     unread: list[str], is_mana: bool, text: str, cost_text: str
                     ) -> list[dict[str, Any]] | Reading:
    """The ability's targets in the order its words name them (CR 601.2c): those of
    the sentences not read (:func:`_effect_targets`) and those of composed effects,
    each effect given its target's index; with no composed target, the targets of the
    sentences not read, as before."""
    if not slotted:
        return _effect_targets(unread, is_mana, text, cost_text)
    out: list[dict[str, Any]] = []
    for i, s in enumerate(sentences):
        if i in slotted:
            effs, spec = slotted[i]
            spec = dict(spec)
            if spec.get("filter") == {}:
                del spec["filter"]
            if (spec.get("count") == "X" or _names_x(spec.get("filter", {}))) and (
                    "where X is" in text or "X" not in cost_text):
                # X that isn't the cost's own (CR 107.3c), as for the targets not read
                return Reading("unread", why="a number of targets the effect defines",
                               normalised=text)
            for eff in effs:
                eff["target"] = len(out)
            out.append(spec)
        elif s in unread:
            found = _effect_targets([s], is_mana, text, cost_text)
            if isinstance(found, Reading):
                return found
            out.extend(found)
    return out


#: First sentences that choose what the mana ability's "Add" sentence then adds.
#: "Put a charge counter on CARDNAME. Add ..." (Empowered Autogenerator): one production.
_PUT_FIRST = re.compile(r"Put an? \S+ counter on CARDNAME\.|Reveal any number of [^.]+ "
                        r"(?:in|from) your hand\.")
_CHOOSE = ("Choose a color.", "Choose a color of a permanent you control.",
           "Choose a color of a card in your graveyard.")
#: The productions an "instead" may go with (cardformat: no per, no could-produce).
_PLAIN = frozenset({"add", "choice", "any_color", "one_color"})

#: Keys the transform adds only for rendering the words back (word order, "you don't
#: control", "from graveyards"): no meaning of their own.
_HINTS = frozenset({"_count_word", "_suffix_first", "_dont_control", "_graveyards",
                    "_and_attacking", "_that_has", "_in_graveyard"})
#: Hints of spend restrictions' words: "instant and/or sorcery spells", "activate an
#: ability of an Elemental" (CR 106.6: the same meaning as "or", "abilities of").
_HINTS |= {"_and_or", "_one", "_abilities_first", "_to", "_uncounterable",
           "_in_restriction"}
#: Which permanent "the sacrificed creature's mana value" names (the cost's own).
_HINTS |= {"_sacrificed"}


def _sacrificed_why(mana: dict[str, Any], costs: list[Any]) -> str:
    """Why "the sacrificed creature's mana value" names no permanent: the cost must
    sacrifice exactly one (Soldevi Adnate); "" when it does."""
    if "per_sacrificed" not in mana:
        return ""
    one = [c for c in costs if isinstance(c, dict) and "sacrifice" in c
           and c["sacrifice"] != "self" and c["sacrifice"].get("count", 1) == 1]
    return "" if len(one) == 1 else "the sacrificed permanent of no one sacrifice"


def _restriction_effects(val: dict[str, Any]) -> list[dict[str, Any]]:
    """The effect a restriction's sentence also holds: "..., and that spell can't be
    countered" (Cavern of Souls), its own ``when_spent`` effect."""
    if not val.get("_uncounterable"):
        return []
    return [{"kind": "when_spent", "filter": val["spells"], "then": "cant_be_countered",
             "_in_restriction": True}]


#: The amounts' rendering hint (``amounts``: "then add an additional {B}").
_HINTS = _HINTS | frozenset({"_then_additional", "_choose", "_from_hand"})
#: A composed effect joined to the sentence before it ("Draw a card, then discard a
#: card."; ``transform_effects``).
_HINTS = _HINTS | frozenset({"_then", "_and", "_composed", "_it"})


def composed_sentence(sentence: str) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """A sentence with one target phrase read as a composed effect (``transform_effects``),
    the phrase read whole by ``targets.read_targets`` and standing as ``TARGET`` in the
    grammar: (the effects, the target phrase's spec), or None. The effect's ``target``
    is still the marker ``TARGET_SLOT``; the caller gives it the target's index."""
    specs = read_targets(sentence)
    if not specs or len(specs) != 1 or specs[0].get("count", 1) != 1 \
            or specs[0].get("up_to"):
        # ("up to one target creature": maybe no target; one target only)
        return None
    phrase = str(specs[0]["text"])
    at = sentence.find(phrase)
    if at < 0 and sentence.startswith(phrase[:1].upper() + phrase[1:]):
        at = 0
    if at < 0:
        return None
    slotted = sentence[:at] + "TARGET" + sentence[at + len(phrase):]
    try:
        kind, val = _parse(slotted, "rider")
    except (LarkError, Unreadable, KeyError):
        return None
    effects = [val] if kind == "effect" else val if kind == "effects" else None
    if effects is None or not any(e.get("target") == TARGET_SLOT for e in effects):
        return None
    return effects, specs[0]


def _it_deals(sentence: str) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """"It deals N damage to [target]." read as the source's damage (``_it``: its words
    keep "It"), or None."""
    found = composed_sentence(SELF + sentence[len("It"):])
    if found is None:
        return None
    effects, spec = found
    if [e.get("kind") for e in effects] != ["deal_damage"]:
        return None
    effects[0]["_it"] = True
    return effects, spec


def _amount_cost_why(mana: dict[str, Any], costs: list[Any]) -> str | None:
    """Why a production's amount doesn't fit the cost it names, if it doesn't: the X
    of "Add X mana ..." is the cost's "Remove X ... counters" (CR 107.3a; no other X
    in the cost)."""
    if mana.pop("_x", None):
        removes = [c for c in costs if isinstance(c, dict)
                   and c.get("remove_counters", {}).get("count") == "X"]
        if len(removes) != 1 or any(isinstance(c, str) and "{X}" in c for c in costs):
            return "X names no cost that removes X counters"
    return None


#: Words that define X (CR 107.3c): "X is the number of ...", "where X is ...".
_X_DEFINED = re.compile(r"\bX is\b")


def _cost_has_x(costs: list[Any]) -> bool:
    """Whether an activation cost holds X: {X}, "Remove X ... counters", "[−X]"."""
    def has_x(v: Any) -> bool:
        if isinstance(v, str):
            return v == "X" or "{X}" in v
        if isinstance(v, dict):
            return any(has_x(x) for x in v.values())
        return isinstance(v, list) and any(has_x(x) for x in v)
    return has_x(costs)


def _names_x(flt: dict[str, Any]) -> bool:
    """Whether a target filter holds X ("with mana value X", "power X or less")."""
    return flt.get("mana_value") == "X" or any(c[2] == "X" for c in flt.get("compare", []))


def _strip_hints(val: Any) -> Any:
    """The data without the rendering's hints (``_HINTS``)."""
    if isinstance(val, dict):
        return {k: _strip_hints(v) for k, v in val.items() if k not in _HINTS}
    if isinstance(val, list):
        return [_strip_hints(v) for v in val]
    return val


def _template(costs: list[Any], parts: list[tuple[str, Any]]) -> str:
    cost_names = []
    for c in costs:
        if isinstance(c, str):
            cost_names.append({"{T}": "tap", "{Q}": "untap"}.get(c, "mana"))
        else:
            cost_names.append(next(k for k in c if not k.startswith("_")))
    names = []
    for kind, val in parts:
        if kind == "mana":
            names.append("add:" + next(k for k in val if k not in ("per", "restriction")))
        elif kind == "effect":
            names.append(str(val.get("kind")))
        else:
            names.append(kind)
    return ", ".join(cost_names) + ": " + (" ".join(names) or "effect unread")


def _read_keyword(line: str, text: str, reminders: tuple[str, ...], keyword: str,
                  cost: str, kw: Keyword) -> Reading:
    """A keyword line, read as its meaning (``keywords``); the reminder checked."""
    if len(reminders) > 1 or (reminders and not reminder_ok(kw, cost, reminders[0])):
        return Reading("unread", why=f"reminder text not checked: ({reminders[0]})",
                       normalised=text)
    meaning = read_line(kw.means.replace("{cost}", cost), SELF)
    if meaning.ability is None:  # (a cost the grammar doesn't derive, such as {S})
        return Reading("unread", why=f"{keyword}: {meaning.why}", normalised=text)
    ab = dict(meaning.ability["activated"])
    if kw.zone:
        ab["zone"] = kw.zone
    ab["text"] = line.strip()
    rendered = f"{keyword} {cost}"
    if rendered != text:
        return Reading("unread", why="renders as: " + rendered, normalised=text,
                       rendered=rendered)
    return Reading(meaning.status, {"activated": ab}, template=f"keyword {keyword}",
                   unread=meaning.unread, normalised=text, rendered=rendered,
                   targets=meaning.targets)


def _zone_and_costs(costs: list[Any], unread: list[str], ab: dict[str, Any], text: str
                    ) -> tuple[str | None, list[Any]] | Reading:
    """The zone the ability works from (None: the battlefield) and its cost in the card
    format ("{1}, {T}" is "{1}{T}"), or why the line stays unread. CR 602.1: a cost that
    exiles or discards the card works from its zone; CR 113.6m: an effect that moves the
    object out of a zone ("Return CARDNAME from your graveyard to your hand") works only
    from that zone."""
    zone = None
    cost_out: list[Any] = []
    for c in costs:
        if isinstance(c, dict) and "_zone" in c:
            if c["_zone"] != "battlefield":  # (the battlefield is the default zone)
                zone = c["_zone"]
            c = {k: v for k, v in c.items() if k != "_zone"}
        if isinstance(c, dict) and "discard_self" in c:
            zone = zone or "hand"
        if isinstance(c, str) and cost_out and isinstance(cost_out[-1], str):
            cost_out[-1] += c
        else:
            cost_out.append(c)
    for s in unread:
        moved = re.search(r"\bCARDNAME from (your graveyard|your hand|your library|exile)\b",
                          s)
        if moved is None:
            continue
        where = {"your graveyard": "graveyard", "your hand": "hand"}.get(moved.group(1))
        if where is None or (zone is not None and zone != where):
            return Reading("unread", why=f"works from a zone not read: {s}",
                           normalised=text)
        zone = where
    if ab.get("_in_graveyard"):
        # "Activate only if CARDNAME is in your graveyard": it works from there (113.6m)
        if zone not in (None, "graveyard"):
            return Reading("unread", why="two zones", normalised=text)
        zone = "graveyard"
    return zone, cost_out


def read_line(line: str, name: str = "") -> Reading:
    """One line of oracle text as an activated ability (module docstring).

    A composed effect (``transform_effects``) is read only where every reminder text
    of the line is checked; else the line is read as if its sentence weren't, so a
    reminder is never left unchecked beside effects all read.

    Examples
    --------
    >>> r = read_line("{T}, Pay 1 life: Add one mana of any color.", "Mana Confluence")
    >>> r.status, r.mana, r.ability["activated"]["mana"]
    ('read', True, {'any_color': 1})
    >>> read_line("Flying").status
    'unread'
    """
    return _read_line(line, name, compose=True)


def _production_why(ab: dict[str, Any], val: Any, costs: list[Any], i: int) -> str | None:
    """Sets the ability's production (``ab["mana"]``) from its first sentence, or says
    why the line stays unread: a second production, a sacrificed permanent or removed
    counters that no cost names, an amount that doesn't fit its cost."""
    if ab.get("mana") is not None or i != 0:
        return "two productions"
    ab["mana"] = dict(val)
    if bad := _sacrificed_why(ab["mana"], costs):
        return bad
    removed = ab["mana"].pop("_removed", None)
    if removed is not None and not any(
            isinstance(c, dict) and c.get("remove_counters") == {"counter": removed,
                                                                 "count": "X"}
            for c in costs):
        return "counters removed by no X cost"
    return _amount_cost_why(ab["mana"], costs)


def _activated_data(zone_costs: tuple[Any, list[Any]], loyalty: bool, ab: dict[str, Any],
                    effects: list[dict[str, Any]], targets: list[dict[str, Any]]
                    ) -> dict[str, Any]:
    """The card format's activated ability from the parts read."""
    zone, cost_out = zone_costs
    activated: dict[str, Any] = {"cost": cost_out[0] if len(cost_out) == 1
                                 and isinstance(cost_out[0], str) else cost_out}
    if loyalty:
        activated["loyalty"] = True  # CR 606.3: its timing and once-each-turn
    activated.update(ab)
    if effects:
        activated["effects"] = effects
    if targets:
        activated["targets"] = [dict(t) for t in targets]
    if zone is not None:
        activated["zone"] = zone
    return activated


def _not_granted_reminders(loose: list[str], effects: list[dict[str, Any]]) -> list[str]:
    """The reminders not checked, but those of a keyword an effect grants (CR 207.2a)."""
    granted = {str(e.get("keyword", "")).lower() for e in effects
               if e.get("kind") == "gain_keyword"}
    return [r for r in loose if r.replace(SELF, "it") not in {
        KEYWORD_REMINDERS.get(k, ("",))[0] for k in granted}]


def _read_line(line: str, name: str, compose: bool) -> Reading:
    norm = normalise(line, name)
    text = norm.text
    word = _ABILITY_WORD.match(text)
    special = _special(line, norm, word)
    if special is not None:
        return special
    body = text[word.end():] if word else text
    colon = _top_colon(body)
    # CR 606.4: a loyalty ability's cost is its loyalty symbol ("[+1]", "[−X]", "[0]").
    loyalty = _LOYALTY.match(body) if word is None else None
    if loyalty is None and (colon <= 0 or body.startswith("[")):
        return Reading("unread", why="not an activated ability", normalised=text)
    if loyalty is None and body[:1] in "+−-0123456789":
        return Reading("unread", why="a loyalty ability", normalised=text)
    # A reminder not checked is allowed only beside an effect kept unread, and only
    # when it can't bear on the cost, the mana or the timing (see _RISKY).
    loose = [r for r in norm.reminders if not _reminder_ok(r, body)]
    if any(_RISKY.search(r) for r in loose):
        return Reading("unread", why=f"reminder text not checked: ({loose[0]})",
                       normalised=text)
    split = _split_cost(body, colon, loyalty)
    if split is None:
        return Reading("unread", why=f"cost not read: {body[:colon].strip()}",
                       normalised=text)
    cost_text, effect_text, costs = split
    if _X_DEFINED.search(effect_text) and _cost_has_x(costs):
        # "{X}{X}, {T}: ... X is the number of pin counters on CARDNAME." (Voodoo Doll):
        # X is what the text says, not a choice (CR 107.3c), and the card format has no
        # such X of an activation cost
        return Reading("unread", why="X of the cost is defined by the text (CR 107.3c)",
                       normalised=text)
    ab: dict[str, Any] = {}
    parts: list[tuple[str, Any]] = []
    unread: list[str] = []
    effects: list[dict[str, Any]] = []
    sentences = _sentences(effect_text)
    chosen_first = len(sentences) > 1 and (sentences[0] in _CHOOSE or _PUT_FIRST.fullmatch(
        sentences[0]) is not None) and sentences[1].startswith("Add ")
    if chosen_first:
        # "Choose a color. Add ... of that color": one production (CR 106.1)
        sentences[:2] = [sentences[0] + " " + sentences[1]]
    # CR 605.1a: a loyalty ability is never a mana ability (its "Add" is an effect that
    # uses the stack, kept unread).
    is_mana = loyalty is None and bool(sentences) and (
        chosen_first or sentences[0].startswith("Add "))
    # the target of each composed effect read with one, by sentence (in text order)
    slotted: dict[int, tuple[list[dict[str, Any]], dict[str, Any]]] = {}
    # "Sacrifice CARDNAME: It deals 2 damage to any target.": "It" is the card the cost
    # names, the ability's own source (a granted ability, read with no name, never)
    it_is_self = bool(name) and SELF in cost_text and not is_mana
    for i, s in enumerate(sentences):
        if it_is_self and s.startswith("It deals "):
            read_it = _it_deals(s)
            if read_it is not None:
                parts.append(("effect", read_it[0][0]))
                effects.extend(read_it[0])
                slotted[i] = (read_it[0], read_it[1])
                continue
        start = "mana_sentence" if i == 0 and is_mana else "rider"
        try:
            kind, val = _parse(s, start)
            if (is_mana or not compose) and kind in ("effect", "effects") and (
                    val if kind == "effects" else [val])[0].get("_composed"):
                # a mana ability's riders are the payment solver's (CR 605.3b): only
                # those it knows; and never beside a reminder not checked
                raise Unreadable("a composed effect in a mana ability or beside a "
                                 "reminder not checked")
        except (LarkError, Unreadable, KeyError):
            composed = None if is_mana or not compose else composed_sentence(s)
            if composed is not None:
                read, spec = composed
                parts.append(("effect", read[0]))
                effects.extend(read)
                slotted[i] = ([e for e in read if e.get("target") == TARGET_SLOT], spec)
                continue
            if (_RISKY.search(s) and not (loyalty and _LOYALTY_MANA.match(s))) or (
                    is_mana and re.search(r"\b(instead|[Tt]arget)\b", s)):
                return Reading("unread", why=f"not read: {s}", normalised=text)
            unread.append(s)
            effects.append({"kind": "other", "text": s})
            continue
        parts.append((kind, val))
        if kind == "mana":
            if (why := _production_why(ab, val, costs, i)) is not None:
                return Reading("unread", why=why, normalised=text)
        elif kind == "instead":
            # CR 614.1a: "If ..., add ... instead" (Urza's Tower): only beside plain
            # mana, and once (the card format's instead)
            if set(ab.get("mana") or {"per": 0}) - _PLAIN or set(val) - _PLAIN - {"if"} \
                    or i != 1:
                return Reading("unread", why=f"not read: {s}", normalised=text)
            ab["mana"]["instead"] = val
        elif kind == "effect":
            effects.append(val)
        elif kind == "effects":
            parts.append(("effect", val[0]))
            effects.extend(val)
        elif kind == "spend":
            if "mana" not in ab or "restriction" in ab["mana"]:
                return Reading("unread", why=f"not read: {s}", normalised=text)
            ab["mana"]["restriction"] = {"text": s, **val}
            effects.extend(_restriction_effects(val))
        elif (why := _restrict(ab, kind, val)) is not None:
            return Reading("unread", why=why, normalised=text)
    if not is_mana and ab.get("mana") is None and not effects:
        return Reading("unread", why="no effect", normalised=text)
    targets = _ordered_targets(sentences, slotted, unread, is_mana, text, cost_text)
    if isinstance(targets, Reading):
        return targets
    zone_costs = _zone_and_costs(costs, unread, ab, text)
    if isinstance(zone_costs, Reading):
        return zone_costs
    activated = _activated_data(zone_costs, loyalty is not None, ab, effects, targets)
    word_text = text[:word.end()] if word else ""
    try:
        rendered = word_text + render_activated(activated)
        if rendered != text and "mana" in ab and "restriction" in ab["mana"]:
            rendered = word_text + render_activated(activated, singular_spells=True)
    except ValueError as e:
        # the rendering has no words for part of the data: it would say less than the
        # data means, so the round trip can't check it (never read so)
        return Reading("unread", why=f"no rendering: {e}", normalised=text)
    activated = _strip_hints(activated)
    activated["text"] = line.strip()
    per = activated.get("mana", {}).get("per", {})
    if per.get("name") == SELF:  # "for each artifact you control named CARDNAME"
        if not name:
            return Reading("unread", why="a card named by no name", normalised=text)
        per["name"] = name
    loose = _not_granted_reminders(loose, effects)
    if loose and compose and not is_mana and not unread and any(
            e.get("_composed") for e in effects):
        return _read_line(line, name, compose=False)
    if loose and (is_mana or not unread):
        return Reading("unread", why=f"reminder text not checked: ({loose[0]})",
                       normalised=text)
    unread.extend(f"({r})" for r in loose)
    status = "partial" if unread else "read"
    if rendered != text:
        return Reading("unread", why="renders as: " + rendered, normalised=text,
                       rendered=rendered)
    template = _template(costs, parts)
    if loyalty is not None:
        template = "loyalty" + template[template.index(":"):]
    return Reading(status, {"activated": activated}, mana=is_mana,
                   template=template, unread=tuple(unread), normalised=text,
                   rendered=rendered, targets=tuple(_strip_hints(t) for t in targets))


#: Public names for ``forms``: the loyalty symbol, target words, ability words, the
#: top-level colon, a cost split from its effect, and a cost's zone and card format.
LOYALTY_SYMBOL, TARGET_WORDS, ABILITY_WORD = _LOYALTY, _TARGET, _ABILITY_WORD
top_colon, split_cost, zone_and_costs = _top_colon, _split_cost, _zone_and_costs
#: The rendering hints taken out of card-format data (for ``spells``).
strip_hints = _strip_hints
