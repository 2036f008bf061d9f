"""Keyword abilities that are activated abilities: each read as the rules define it.

"Equip {3}" means "{3}: Attach this permanent to target creature you control. Activate
only as a sorcery." (CR 702.6a). A keyword line is read by reading that meaning with
the grammar (``reading``), in the zone the keyword works from; the line itself renders
back as the keyword and its cost. Reminder text is checked against the printed reminder
of the keyword (with the same cost), never read instead of the rules: a reminder that
doesn't match leaves the line unread.

Only keywords with a mana cost are read here ("Equip—Pay 3 life" and "Equip legendary
creature {1}" stay unread).

Rules
-----
CR 702.6a equip, 702.122a crew, 702.49a ninjutsu, 702.29a cycling, 702.29e
typecycling, 702.53a transmute, 702.67a fortify, 702.84a unearth, 702.87a level up,
702.97a scavenge, 702.107a outlast, 702.128a embalm, 702.129a eternalize. CR 207.2:
reminder text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["KEYWORDS", "Keyword", "keyword_line", "match_keyword", "reminder_ok"]


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword's meaning (``{cost}`` for its cost, CARDNAME for the card), the zone it
    works from, and a pattern of its printed reminder text."""

    means: str
    reminder: str
    zone: str = ""


_SORCERY = "Activate only as a sorcery."
_TOKEN_COPY = (r"\{cost\}, Exile CARDNAME from your graveyard: Create a token that's a copy "
               r"of it, except it's a {what} Zombie [A-Z][a-z]+(?: [A-Z][a-z]+)* with no mana "
               r"cost\. {kw} only as a sorcery\.")

#: The keywords read, by name (CR 702; see the module docstring).
KEYWORDS: dict[str, Keyword] = {
    # (the older reminder adds "This card enters unattached and stays on the battlefield
    # if the creature leaves.": CR 301.5c, 301.5d restated)
    "Equip": Keyword("{cost}: Attach CARDNAME to target creature you control. " + _SORCERY,
                     r"\{cost\}: Attach to target creature you control\. Equip only as a "
                     r"sorcery\.(?: CARDNAME enters unattached and stays on the battlefield "
                     r"if the creature leaves\.)?"),
    "Fortify": Keyword("{cost}: Attach CARDNAME to target land you control. " + _SORCERY,
                       r"\{cost\}: Attach to target land you control\. Fortify only as a "
                       r"sorcery\.(?: CARDNAME enters unattached and stays on the "
                       r"battlefield if the land leaves\.)?"),
    "Cycling": Keyword("{cost}, Discard CARDNAME: Draw a card.",
                       r"\{cost\}, Discard CARDNAME: Draw a card\."),
    "Unearth": Keyword("{cost}: Return CARDNAME from your graveyard to the battlefield. It "
                       "gains haste. Exile it at the beginning of the next end step. If it "
                       "would leave the battlefield, exile it instead of putting it anywhere "
                       "else. " + _SORCERY,
                       r"\{cost\}: Return CARDNAME from your graveyard to the battlefield\. "
                       r"It gains haste\. Exile it at the beginning of the next end step or "
                       r"if it would leave the battlefield\. Unearth only as a sorcery\.",
                       zone="graveyard"),
    "Scavenge": Keyword("{cost}, Exile CARDNAME from your graveyard: Put a number of +1/+1 "
                        "counters equal to the power of the card you exiled on target "
                        "creature. " + _SORCERY,
                        r"\{cost\}, Exile CARDNAME from your graveyard: Put a number of "
                        r"\+1/\+1 counters equal to CARDNAME's power on target creature\. "
                        r"Scavenge only as a sorcery\."),
    "Embalm": Keyword("{cost}, Exile CARDNAME from your graveyard: Create a token that's a "
                      "copy of CARDNAME, except it's white, it has no mana cost, and it's a "
                      "Zombie in addition to its other types. " + _SORCERY,
                      _TOKEN_COPY.replace("{what}", "white").replace("{kw}", "Embalm")),
    "Eternalize": Keyword("{cost}, Exile CARDNAME from your graveyard: Create a token that's "
                          "a copy of CARDNAME, except it's black, it's 4/4, it has no mana "
                          "cost, and it's a Zombie in addition to its other types. "
                          + _SORCERY,
                          _TOKEN_COPY.replace("{what}", "4/4 black").replace(
                              "{kw}", "Eternalize")),
    "Transmute": Keyword("{cost}, Discard CARDNAME: Search your library for a card with the "
                         "same mana value as the discarded card, reveal that card, and put "
                         "it into your hand. Then shuffle your library. " + _SORCERY,
                         r"\{cost\}, Discard CARDNAME: Search your library for a card with "
                         r"the same mana value as CARDNAME, reveal it, put it into your hand, "
                         r"then shuffle\. Transmute only as a sorcery\."),
    "Outlast": Keyword("{cost}, {T}: Put a +1/+1 counter on CARDNAME. " + _SORCERY,
                       r"\{cost\}, \{T\}: Put a \+1/\+1 counter on CARDNAME\. Outlast only "
                       r"as a sorcery\."),
    "Ninjutsu": Keyword("{cost}, Reveal CARDNAME from your hand, Return an unblocked "
                        "attacking creature you control to its owner's hand: Put CARDNAME "
                        "onto the battlefield from your hand tapped and attacking.",
                        r"\{cost\}, Return an unblocked attacker you control to hand: Put "
                        r"(?:this card|CARDNAME) onto the battlefield from your hand tapped "
                        r"and attacking\.", zone="hand"),
    "Level up": Keyword("{cost}: Put a level counter on CARDNAME. " + _SORCERY,
                        r"\{cost\}: Put a level counter on (?:CARDNAME|this)\. Level up "
                        r"only as a sorcery\."),
}

#: Keywords whose parameter is a number, not a cost ("Crew 3").
_NUMBERED: dict[str, Keyword] = {
    "Crew": Keyword("Tap any number of other untapped creatures you control with total "
                    "power {cost} or greater: CARDNAME becomes an artifact creature until "
                    "end of turn.",
                    r"Tap any number of (?:other )?(?:untapped )?creatures you control with "
                    r"total power \{cost\} or (?:more|greater): This Vehicle becomes an "
                    r"artifact creature until end of turn\."),
}
_NUMBER_LINE = re.compile(r"^(Crew) (\d+)$")

_LINE = re.compile(r"^(Equip|Fortify|Cycling|Unearth|Scavenge|Embalm|Eternalize|Transmute|"
                   r"Outlast|Level up|Ninjutsu|Basic landcycling|[A-Z][a-z]+cycling) "
                   r"((?:\{[0-9WUBRGCXS/]+\})+)$")


def _typecycling(name: str) -> Keyword:
    """"[Type]cycling [cost]" (CR 702.29e): "Plainscycling" searches for a Plains card,
    "Basic landcycling" for a basic land card, "Landcycling" for a land card."""
    word = name.removesuffix("cycling").strip()
    what = {"Basic land": "basic land", "Land": "land"}.get(word, word)
    article = "an" if what[:1].lower() in "aeiou" else "a"
    return Keyword(f"{{cost}}, Discard CARDNAME: Search your library for {article} {what} "
                   "card, reveal it, and put it into your hand. Then shuffle your library.",
                   rf"\{{cost\}}, Discard CARDNAME: Search your library for {article} "
                   rf"{re.escape(what)} card, reveal it, put it into your hand, then "
                   r"shuffle\.")


def match_keyword(text: str) -> tuple[str, str, Keyword] | None:
    """(keyword, cost, definition) when a normalised line is a keyword read here."""
    n = _NUMBER_LINE.match(text)
    if n is not None:
        return n.group(1), n.group(2), _NUMBERED[n.group(1)]
    m = _LINE.match(text)
    if m is None:
        return None
    name, cost = m.group(1), m.group(2)
    if name in KEYWORDS:
        return name, cost, KEYWORDS[name]
    if name.endswith("cycling"):
        return name, cost, _typecycling(name)
    return None


def reminder_ok(kw: Keyword, cost: str, reminder: str) -> bool:
    """Whether a reminder text is the keyword's printed reminder for this cost."""
    pattern = kw.reminder.replace(r"\{cost\}", re.escape(cost))
    return re.fullmatch(pattern, reminder) is not None


#: What may follow a keyword's name in a keyword line: a number or X, then a mana cost
#: (two, for "Kicker {1}{G} and/or {2}{B}" and "Cumulative upkeep {G} or {W}") or "—"
#: and a cost (CR 702.21a ward, 702.24a cumulative upkeep, 702.62a suspend "N—[cost]");
#: and for some keywords their own parameter ("protection from ...", "hexproof from ..."
#: are checked by ``keyword_problem``).
#: "Enchant creature, land, or planeswalker": a list of card types (CR 702.5a, 303.4a).
_TYPE = "(?:artifact|creature|enchantment|land|planeswalker)"
_ENCHANT_LIST = rf" {_TYPE}(?:, {_TYPE})+, or {_TYPE}"
_COST = r"(?:\{[^}]+\})+"
_PLAIN = re.compile(rf"(?: (?:\d+|X))?(?: {_COST}(?: (?:and/or|or) {_COST})?| ?— ?[^.]+)?")
_PARAMETER = {
    "protection": re.compile(r" from [a-zA-Z ,]+"),
    "hexproof": re.compile(r"(?: from [a-zA-Z ,]+)?"),
    # "Enchant creature", "Enchant creature card in a graveyard" (what it may enchant)
    "enchant": re.compile(r" [A-Za-z][A-Za-z' -]*|" + _ENCHANT_LIST),
    "affinity": re.compile(r" for [A-Za-z' -]+"),  # CR 702.41a
    "splice": re.compile(rf" onto [A-Za-z ]+(?: {_COST}|—[^.]+)"),  # CR 702.47a
    "champion": re.compile(r" an? [A-Za-z' -]+"),  # CR 702.72a
    "partner with": re.compile(r" [A-Z][^;()]*"),  # a card's name (CR 702.124j)
    "bands with other": re.compile(r" [A-Za-z ]+"),  # CR 702.22b
    "devour": re.compile(r"(?: [a-z]+)? (?:\d+|X)"),  # devour [quality] N, CR 702.82c
    "gift": re.compile(r" an? [A-Za-z ]+"),  # "Gift a Food", CR 702.174a
    "prototype": re.compile(rf" {_COST} — \d+/\d+"),  # its other P/T, CR 702.160a
}

#: The symbols and numbers a keyword's printed reminder text has besides the keyword's
#: own cost and number (and the 1 of "+1/+1", which many reminders print): haste's {T}
#: (CR 702.10c, 302.6), the {3} and 2/2 of a face-down spell (702.37a, 702.168a: and its
#: ward {2}), foretell's {2} (702.143a), the {1} each creature, card or artifact pays or
#: each object takes off (702.51a, 702.66a, 702.126a, 702.41a, 702.125a), the generic
#: mana another player may pay (assist, 702.132a: the card's), extort's {W/B}
#: (702.101a), the 0/0 of awaken's land and living weapon's Germ (702.113a, 702.92a),
#: battle cry's +1/+0 (702.91a), indestructible's toughness 0 (704.5f), companion's {3}
#: (702.139a), the Phyrexian symbols compleated explains and their 2 life (702.150a).
_REMINDER_EXTRA: dict[str, str] = {
    "haste": r"\{T\}",
    "morph": r"\{3\}|2", "megamorph": r"\{3\}|2", "disguise": r"\{[23]\}|2",
    "foretell": r"\{2\}",
    "convoke": r"\{1\}", "delve": r"\{1\}", "improvise": r"\{1\}", "affinity": r"\{1\}",
    "undaunted": r"\{1\}",
    "assist": r"\{(?:\d+|X)\}",
    "extort": r"\{W/B\}",
    "awaken": "0", "living weapon": "0", "battle cry": "0", "indestructible": "0",
    "companion": r"\{3\}",
    "compleated": r"\{[WUBRG](?:/[WUBRG])?/P\}|\{[WUBRG]\}|2",
}


def _keyword_part(part: str) -> str | None:
    """``part`` as a keyword ("Flying", "Ward {2}", "Protection from red"), or None: a
    declared keyword's name and its parameter, nothing more ("Flying creatures you
    control get +1/+1." starts with a keyword but is a static ability)."""
    from ..effects import ALL_FAMILIES, Family, split_keyword
    from ..keywords import keyword_problem

    found = split_keyword(part)
    if found is None:
        return None
    kind, name, rest = found
    if kind.families == ALL_FAMILIES or Family.OWN_ABILITIES in kind.families:
        return None
    if keyword_problem(part) is not None:
        return None
    word = kind.key.removeprefix("keyword:")
    pattern = _PARAMETER.get(name.lower(), _PARAMETER.get(word, _PLAIN))
    if not pattern.fullmatch(rest):
        return None
    return part[:1].upper() + part[1:]


def keyword_line(text: str) -> list[str] | None:
    """The keywords of a line that holds only keywords ("Flying, vigilance", "Enchant
    creature", "Haste (This creature can attack and {T} as soon as it comes under your
    control.)", "Escape—{2}{B}, Exile three other cards from your graveyard."), or None.

    The line is its keywords, separated by commas or semicolons, or one keyword whose
    parameter has commas; each may be followed by its reminder text in parentheses, and
    nothing else: a line is read whole or not at all. Each keyword must be declared
    with its rule families (``manacheck.model.effects.split_keyword``), so that
    soundness knows what it could change; a "protection from" or "hexproof from" part
    must be one the targeting rules understand
    (``manacheck.model.keywords.keyword_problem``). Activated keywords (equip, crew,
    morph, ...) aren't taken here: they are abilities, read as such or kept unread
    (``KEYWORDS``). The reminder text is checked, not read (CR 207.2: it has no rules
    meaning): every mana symbol and number in it must be the keyword's own or one its
    printed reminder has (:data:`_REMINDER_EXTRA`).

    Rules
    -----
    CR 702.1: keyword abilities; 207.2: reminder text.

    Examples
    --------
    >>> keyword_line("Haste (This creature can attack and {T} as soon as it comes under "
    ...              "your control.)")
    ['Haste']
    >>> keyword_line("Ward {2} (Whenever this creature becomes the target of a spell or "
    ...              "ability an opponent controls, counter it unless that player pays {3}.)")
    """
    from ..effects import split_keyword
    from .normal import normalise

    norm = normalise(text)
    head = norm.text.rstrip(".")
    if not head or any(ch in head for ch in ':"'):
        return None
    parts = [p.strip() for p in re.split(r"[,;] ", head)]
    out = [k for p in parts if p and (k := _keyword_part(p)) is not None]
    if len(out) != len(parts):
        # One keyword whose parameter has commas ("Partner with Shabraz, the Skyshark",
        # a cost "—{2}{B}, Exile three other cards ...", a list of card types).
        whole = _keyword_part(head)
        if whole is None:
            return None
        out = [whole]
    own = set(re.findall(r"\{[^}]+\}|\d+", head)) | {"1"}
    extra = [_REMINDER_EXTRA[w] for k in out if (found := split_keyword(k)) is not None
             if (w := found[0].key.removeprefix("keyword:")) in _REMINDER_EXTRA]
    for reminder in norm.reminders:
        for token in set(re.findall(r"\{[^}]+\}|\d+", reminder)) - own:
            if not any(re.fullmatch(e, token) for e in extra):
                return None
    return out
