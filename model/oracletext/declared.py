"""Statics read with the rule families they touch declared, each read only when it
renders back to its line.

The model doesn't apply these effects; it reads them so that soundness knows exactly
what each could change (``manacheck.model.effects``): an effect outside a question's
families can't make its answer "not decided". The data is the card format's ``kind:
other`` static with ``params`` naming what was read, and ``affects`` (the families) and
``self_only`` derived from it here, never guessed:

* keywords granted: "Zombies you control have menace.", "All creatures have flying.",
  "Enchanted creature has flying and first strike.", "As long as it's your turn,
  CARDNAME has first strike." (layer 6, CR 613.1f): the granted keywords' own families
  (``kind_of_keyword``: menace and first strike change blocks and combat damage only);
  for CARDNAME, only its own object (self-only). A keyword's reminder is checked
  against the table below. A triggered keyword (flanking) isn't taken: resolve looks for
  triggers on the characteristics, which this doesn't change;
* "You have hexproof." / "You have shroud." (CR 702.11c, 702.18a: a player with it):
  targeting only;
* "Your opponents can't gain life." / "Players can't gain life." (CR 119.7): life, and
  damage's family (which holds life, CR 119); no cost that gains life is modelled;
* "You may look at the top card of your library any time." (CR 401.2): what a player may
  look at (no question reads it);
* "You may play lands from the top of your library.", "You may cast creature spells from
  the top of your library.", "You can't play lands or cast spells from your hand."
  (CR 305.1, 601.2a): when and from where spells are cast and lands played (casting).
  A spell's cost doesn't depend on the zone it is cast from unless an effect says so:
  "If you cast a spell this way, pay life equal to its mana value rather than pay its
  mana cost." (Bolas's Citadel, CR 118.9) changes spells' total costs too;
* "You may spend mana as though it were mana of any type to cast creature spells."
  (CR 609.4b): how mana is spent to cast those spells only (``spell_spending``, read by
  a payment for a named object; a cost paid for nothing named is no spell's).

Rules
-----
CR 613.1f (keywords gained in layer 6), 702 (keywords), 119.7 (can't gain life), 400.2
and 401.2 (hidden zones, the library), 305.1 (playing lands), 601.2a (casting from a
zone), 207.2 (reminder text, checked).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token
from lark.exceptions import LarkError

from ..effects import ALL_FAMILIES, Family, kind_of_keyword
from .grants import GrantData, attached_word_of, render_subject, without_hints
from .normal import SELF, normalise
from .reading import parser
from .reminders import KEYWORD_REMINDERS
from .transform import Unreadable

__all__ = ["read_declared", "render_declared"]

F = Family


#: The reminders of a player's hexproof or shroud ("You have hexproof.").
_PLAYER_REMINDERS = frozenset({
    "You can't be the target of spells or abilities your opponents control.",
    "You can't be the target of spells or abilities your opponents control, including "
    "Aura spells.",
    "You can't be the target of spells or abilities."})

_TOP = " from the top of your library"
#: What "If you cast a spell this way, ..." adds (CR 702.8 flash: when; CR 118.9: an
#: alternative cost).
_THEN = {"flash": "you may cast it as though it had flash",
         "pay_life_mana_value": "pay life equal to its mana value rather than pay its mana "
                                "cost"}
#: The reminder of "you may play lands from the top of your library" (CR 305.2).
_PLAY_REMINDER = "You can play a land this way only if you have an available land play " \
                 "remaining."
_LOOK = "You may look at the top card of your library any time"
#: The spells "You may cast ... from the top of your library" names, as words.
_TOP_SPELLS = {"top_any": "spells", "top_creature": "creature spells",
               "top_noncreature": "noncreature spells",
               "top_instant_sorcery": "instant and sorcery spells",
               "top_artifact_colorless": "artifact spells and colorless spells"}


class _Declared(GrantData):
    """The grammar's ``declared_line`` trees as ``(affected, params)``."""

    def kws(self, c: list[Token]) -> Any:
        return [str(t)[:1].upper() + str(t)[1:] for t in c]

    def grant_kw_lord(self, c: list[Any]) -> Any:
        return c[0], {"grant_keywords": c[1]}

    grant_kw_all = grant_kw_lord

    def grant_kw_attached(self, c: list[Any]) -> Any:
        flt = self.grant_attached([c[0]])
        return flt, {"grant_keywords": c[1]}

    def grant_kw_self(self, c: list[Any]) -> Any:
        return None, {"grant_keywords": c[0]}

    def player_kws(self, c: list[Any]) -> Any:
        # "You have hexproof." (Leyline of Sanctity; CR 702.11c, 702.18a: a player)
        return None, {"player_keywords": c[0]}

    def grant_kw_self_your_turn(self, c: list[Any]) -> Any:
        return None, {"grant_keywords": c[0], "during": "your_turn"}

    def cant_gain_life(self, c: list[Any]) -> Any:
        return None, {"cant_gain_life": c[0]}

    def life_opponents(self, _: list[Any]) -> Any:
        return "opponents"

    def life_players_all(self, _: list[Any]) -> Any:
        return "players"

    def look_top(self, _: list[Any]) -> Any:
        return None, {"look_at_top": True}

    def look_top_and_play(self, c: list[Any]) -> Any:
        return None, {"look_at_top": True, "from_top": c[0]}

    def top_play_line(self, c: list[Any]) -> Any:
        return None, {"from_top": c[0]}

    def top_play_then(self, c: list[Any]) -> Any:
        return None, {"from_top": c[0], "then": c[1]}

    def then_flash(self, _: list[Any]) -> Any:
        return "flash"

    def then_pay_life(self, _: list[Any]) -> Any:
        return "pay_life_mana_value"

    def top_play_fewer_lands(self, c: list[Any]) -> Any:
        return None, {"from_top": c[0], "while": "opponent_more_lands"}

    def spend_any_type_to_cast(self, c: list[Any]) -> Any:
        return None, {"spend_any_type_for": c[0]}

    def play_lands_top(self, _: list[Any]) -> Any:
        return "lands"

    def play_cast_top(self, _: list[Any]) -> Any:
        return "lands and spells"

    def cast_top(self, c: list[Any]) -> Any:
        return c[0]

    def top_any(self, _: list[Any]) -> Any:
        return _TOP_SPELLS["top_any"]

    def top_creature(self, _: list[Any]) -> Any:
        return _TOP_SPELLS["top_creature"]

    def top_noncreature(self, _: list[Any]) -> Any:
        return _TOP_SPELLS["top_noncreature"]

    def top_instant_sorcery(self, _: list[Any]) -> Any:
        return _TOP_SPELLS["top_instant_sorcery"]

    def top_artifact_colorless(self, _: list[Any]) -> Any:
        return _TOP_SPELLS["top_artifact_colorless"]

    def cant_play_from_hand(self, _: list[Any]) -> Any:
        return None, {"cant_play_from_hand": True}

    def untap_other_steps(self, _: list[Any]) -> Any:
        # "Untap CARDNAME during each other player's untap step." (Endbringer): its own
        # untapping in other players' untap steps (CR 502.3)
        return None, {"untap_in_other_untap_steps": True}

    def declared_line(self, c: list[Any]) -> Any:
        return c[0]


def _keywords(kws: list[str]) -> str:
    words = [k.lower() for k in kws]
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


def _from_top(what: str) -> str:
    if what in ("lands", "lands and spells"):
        return "you may play " + what.replace("and spells", "and cast spells") + _TOP
    return "you may cast " + what + _TOP


def render_declared(affected: dict[str, Any] | None, params: dict[str, Any],
                    attached_word: str = "") -> str:
    """A declared static's line (normalised: the card's name is ``CARDNAME``)."""
    if "player_keywords" in params:
        return f"You have {_keywords(params['player_keywords'])}."
    kws = params.get("grant_keywords")
    if kws is not None:
        if affected is not None:
            return f"{render_subject(affected, attached_word)} {_keywords(kws)}."
        text = f"{SELF} has {_keywords(kws)}."
        return f"As long as it's your turn, {text}" if params.get("during") == "your_turn" \
            else text
    if "cant_gain_life" in params:
        who = params["cant_gain_life"]
        return {"opponents": "Your opponents", "players": "Players"}[who] + \
            " can't gain life."
    if params.get("cant_play_from_hand"):
        return "You can't play lands or cast spells from your hand."
    if params.get("untap_in_other_untap_steps"):
        return f"Untap {SELF} during each other player's untap step."
    if params.get("look_at_top"):
        top = params.get("from_top")
        return f"{_LOOK}." if top is None else f"{_LOOK}, and {_from_top(top)}."
    if "spend_any_type_for" in params:
        return "You may spend mana as though it were mana of any type to cast " \
            f"{params['spend_any_type_for']}."
    text = _from_top(params["from_top"]) + "."
    if params.get("while") == "opponent_more_lands":
        text = "as long as an opponent controls more lands than you, " + text
    then = params.get("then")
    if then is not None:
        text += " If you cast a spell this way, " + _THEN[then] + "."
    return text[:1].upper() + text[1:]


def _families(params: dict[str, Any]) -> frozenset[Family] | None:
    """The families of what was read (module docstring); None if a keyword's aren't
    declared."""
    if "player_keywords" in params:
        # A player with hexproof or shroud (CR 702.11c, 702.18a): who may target them
        if {k.lower() for k in params["player_keywords"]} <= {"hexproof", "shroud"}:
            return frozenset({F.TARGETING})
        return None
    kws = params.get("grant_keywords")
    if kws is not None:
        out: frozenset[Family] = frozenset()
        for kw in kws:
            fams = kind_of_keyword(kw).families
            if fams == ALL_FAMILIES or F.TRIGGERS in fams:
                # (a triggered keyword, flanking: resolve finds triggers on the
                # characteristics, which this grant doesn't change)
                return None
            out |= fams
        return out
    if "cant_gain_life" in params:
        return frozenset({F.LIFE, F.DAMAGE})
    if params.get("untap_in_other_untap_steps"):
        return frozenset({F.STEPS})  # (the untap step, CR 502.3)
    if "spend_any_type_for" in params:
        return frozenset({F.SPELL_SPENDING})
    if params.get("then") == "pay_life_mana_value":
        return frozenset({F.CASTING, F.SPELL_COSTS})
    fams = frozenset({F.CASTING}) if "from_top" in params or \
        params.get("cant_play_from_hand") else frozenset()
    return fams | ({F.HIDDEN} if params.get("look_at_top") else frozenset())


def _reminders_ok(reminders: tuple[str, ...], params: dict[str, Any]) -> bool:
    allowed = {r for kw in params.get("grant_keywords", ())
               for r in KEYWORD_REMINDERS.get(kw.lower(), ())}
    if str(params.get("from_top", "")).startswith("lands"):
        allowed.add(_PLAY_REMINDER)
    if "player_keywords" in params:
        allowed |= _PLAYER_REMINDERS
    return all(r.replace(SELF, "it") in allowed or r in allowed for r in reminders)


_MAYBE = re.compile(r"\bha(?:ve|s)\b|gain life|top card of your library|top of your "
                    r"library|spend mana|from your hand|untap step")


def read_declared(line: str, name: str = "", subtypes: tuple[str, ...] = ()
                  ) -> dict[str, Any] | None:
    """The card-format static of ``line`` with its families declared, or None (module
    docstring)."""
    if not _MAYBE.search(line):  # (a word every declared_line of the grammar has)
        return None
    norm = normalise(line, name)
    text = norm.text
    attached_word = attached_word_of(subtypes)
    if attached_word and text.startswith(attached_word + " "):
        sources = ["attached" + text[len(attached_word):]]
    else:
        sources = [text[:1].lower() + text[1:], text]
    for src in sources:
        try:
            affected, params = _Declared().transform(parser().parse(src, start="declared_line"))
        except (LarkError, Unreadable, KeyError, ValueError):
            continue
        try:
            if render_declared(affected, params, attached_word) != text:
                continue
        except (ValueError, KeyError):
            continue
        families = _families(params)
        if not families or not _reminders_ok(norm.reminders, params):
            return None
        ab: dict[str, Any] = {"kind": "other"}
        if affected is not None:
            ab["affected"] = without_hints(affected)
        ab["params"] = params
        ab["affects"] = sorted(f.label for f in families)
        if affected is None and ("grant_keywords" in params
                                 or "untap_in_other_untap_steps" in params):
            ab["self_only"] = True  # its own keywords (CR 613.1f), its own untapping
        ab["text"] = line.strip()
        return {"static": ab}
    return None

