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


#: What may follow a keyword's name in a keyword line: a mana cost, a number, or "—" and
#: a cost (cumulative upkeep, ward); "protection"/"hexproof from ..." (checked by
#: ``keyword_problem``), "enchant" and its object, "landwalk" words.
#: "Enchant creature, land, or planeswalker": a list of card types (CR 702.5a, 303.4a).
_TYPE = "(?:artifact|creature|enchantment|land|planeswalker)"
_ENCHANT_LIST = rf" {_TYPE}(?:, {_TYPE})+, or {_TYPE}"
_PLAIN = re.compile(r"(?: (?:\{[^}]+\})+| \d+| X|—[^.]+)?")
_PARAMETER = {
    "protection": re.compile(r" from [a-zA-Z ,]+"),
    "hexproof": re.compile(r"(?: from [a-zA-Z ,]+)?"),
    "enchant": re.compile(r" (?:[a-z]+ )?(?:creature|land|artifact|enchantment|permanent|"
                          r"planeswalker|player|opponent|Forest|Island|Swamp|Mountain|"
                          r"Plains)(?: or (?:creature|planeswalker|artifact))?"
                          r"(?: you control| an opponent controls)?|" + _ENCHANT_LIST),
}


def keyword_line(text: str) -> list[str] | None:
    """The keywords of a line that holds only keywords ("Flying, vigilance", "Enchant
    creature", "Kicker {2}{R} (You may pay ...)"), or None.

    Each part must be a keyword whose rule families are declared
    (``manacheck.model.effects.kind_of_keyword``), so that soundness knows what it could
    change; a "protection from" or "hexproof from" part must be one the targeting rules
    understand (``manacheck.model.keywords.keyword_problem``). Activated keywords
    (equip, crew, morph, ...) aren't taken here: they are abilities, read as such or
    kept unread (``KEYWORDS``). The reminder text is checked, not read: every mana
    symbol and number in it must be the keyword's own (CR 207.2: it only restates the
    rule).

    Rules
    -----
    CR 702.1: keyword abilities; 207.2: reminder text.
    """
    from ..effects import ALL_FAMILIES, Family, kind_of_keyword
    from ..keywords import keyword_problem
    from .normal import normalise

    norm = normalise(text)
    head = norm.text.rstrip(".")
    if not head or any(ch in head for ch in ':"'):
        return None
    parts = [head] if re.fullmatch("Enchant" + _ENCHANT_LIST, head) else \
        [p.strip() for p in re.split(r"[,;] ", head)]
    out: list[str] = []
    for p in parts:
        if not p:
            return None
        kind = kind_of_keyword(p)
        if kind.families == ALL_FAMILIES or Family.OWN_ABILITIES in kind.families:
            return None
        if keyword_problem(p) is not None:
            return None
        # The part is the keyword and its parameter, nothing more ("Flying creatures
        # you control get +1/+1." starts with a keyword but is a static ability).
        word = kind.key.removeprefix("keyword:")
        if not p.lower().startswith(word) or not _PARAMETER.get(word, _PLAIN).fullmatch(
                p[len(word):]):
            return None
        out.append(p[:1].upper() + p[1:])
    # The reminder's symbols and numbers are the keyword's own (and the 1 of "+1/+1",
    # which many reminders print: prowess, exalted, training).
    own = set(re.findall(r"\{[^}]+\}|\d+", head)) | {"1"}
    for reminder in norm.reminders:
        if not set(re.findall(r"\{[^}]+\}|\d+", reminder)) <= own:
            return None
    return out
