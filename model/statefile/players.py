"""Players and their zones from state-file data: permanents, cards in hand, graveyard and
exile, and the mana pool.

Rules
-----
CR 110.4: instants and sorceries are never permanents. CR 712.8a: outside the
battlefield a double-faced card has only its front face. CR 106.6: mana with a spending
restriction (``from:`` the card that made it). CR 119: life may be negative. CR 122.1:
counters are never negative.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..abilities import SpendRestriction, StaticAbility
from ..cards import CardDefinition
from ..characteristics import bind_restriction
from ..english import with_article
from ..errors import ManacheckError
from ..mana import ManaPool, ManaType, PoolMana, parse_mana_types
from ..state import Card, Permanent, Player
from .builder import Builder, small_int
from .problems import check_keys, suggest

__all__ = ["CARD_KEYS", "PERMANENT_KEYS", "PLAYER_KEYS", "build_mana_pool", "build_permanent",
           "build_player", "build_zone_card"]

PLAYER_KEYS = ("life", "hand", "battlefield", "graveyard", "exile", "command", "library_size",
               "mana_pool", "energy", "commander", "commander_casts",
               "lands_played_this_turn", "life_gained_this_turn", "cards_drawn_this_turn")
PERMANENT_KEYS = ("card", "id", "tapped", "summoning_sick", "counters", "chosen", "token",
                  "attached_to", "owner", "timestamp", "attacking", "blocking",
                  "blocked", "attacked_this_turn", "damage")
CARD_KEYS = ("card", "id")


def build_player(b: Builder, name: str, d: Any, path: str) -> Player | None:
    if d is None:
        d = {}
    if not isinstance(d, Mapping):
        b.c.add(f"expected a mapping for player '{name}'", path)
        return None
    check_keys(d, PLAYER_KEYS, path, b.c)
    # CR 903.7: in a Commander game each player's life total starts at 40 (the game has
    # commanders when any player names one); an explicit life wins.
    start = 40 if b.commander_game else 20
    life = d.get("life", start)
    if not small_int(life):
        b.c.add(f"life must be a whole number (it may be negative, CR 119), got "
                f"{life!r}", f"{path}.life")
        life = start
    energy = d.get("energy", 0)
    if not small_int(energy) or energy < 0:
        b.c.add(f"energy must be a whole number ≥ 0 (energy counters, CR 107.14), got "
                f"{energy!r}", f"{path}.energy")
        energy = 0
    lib = d.get("library_size", 0)
    if not small_int(lib) or lib < 0:
        b.c.add(f"library_size must be a whole number ≥ 0, got {lib!r}",
                f"{path}.library_size")
        lib = 0
    zones: dict[str, list[Any]] = {"hand": [], "battlefield": [], "graveyard": [],
                                   "exile": [], "command": []}
    for zone in d:  # file order
        if zone not in zones:
            continue
        for entry, p in b.entries(d[zone], f"{path}.{zone}"):
            obj = (build_permanent(b, entry, p, name) if zone == "battlefield"
                   else build_zone_card(b, entry, p, name))
            if obj is not None:
                zones[zone].append(obj)
    played = d.get("lands_played_this_turn", 0)
    if not small_int(played) or played < 0:
        b.c.add(f"lands_played_this_turn must be a whole number ≥ 0 (CR 305.2), got "
                f"{played!r}", f"{path}.lands_played_this_turn")
        played = 0
    this_turn: dict[str, int | None] = {}
    for key, rule in (("life_gained_this_turn", "119.3"), ("cards_drawn_this_turn", "121.1")):
        v = d.get(key)
        if v is not None and (not small_int(v) or v < 0):
            b.c.add(f"{key} must be a whole number ≥ 0 (CR {rule}), got {v!r}",
                    f"{path}.{key}")
            v = None
        this_turn[key] = v
    commanders, identity = _commanders(b, d.get("commander"), f"{path}.commander")
    _check_command_zone(b, zones["command"], commanders, d.get("commander"), path)
    casts = _commander_casts(b, d.get("commander_casts"), commanders,
                             f"{path}.commander_casts")
    return Player(
        name=name,
        life=life,
        energy=energy,
        commanders=commanders,
        commander_identity=identity,
        commander_casts=casts,
        lands_played=played,
        life_gained=this_turn["life_gained_this_turn"],
        cards_drawn=this_turn["cards_drawn_this_turn"],
        hand=tuple(zones["hand"]),
        battlefield=tuple(zones["battlefield"]),
        graveyard=tuple(zones["graveyard"]),
        exile=tuple(zones["exile"]),
        command=tuple(zones["command"]),
        library_size=lib,
        mana_pool=build_mana_pool(b, d.get("mana_pool"), f"{path}.mana_pool"),
    )


def build_permanent(b: Builder, entry: Any, path: str,
                    player: str) -> Permanent | None:
    card_path = path
    if isinstance(entry, str):
        entry = {"card": entry}
        card, predefined = b.permanent_card(entry["card"], path)
    elif isinstance(entry, Mapping):
        check_keys(entry, PERMANENT_KEYS, path, b.c)
        if "card" not in entry:
            b.c.add("missing key 'card'", path)
            return None
        card_path = f"{path}.card"
        card, predefined = b.permanent_card(entry["card"], card_path)
    else:
        b.c.add(f"expected a card name or a mapping, got {type(entry).__name__}", path)
        return None
    if card is None:
        return None
    if not card.is_permanent_card:
        b.c.add(f"'{card.name}' is {with_article(' '.join(card.types).lower() or 'card')} card: "
                "it can't be on the battlefield (CR 110.4)", card_path)
        return None
    if predefined and entry.get("token", True) is not True:
        b.c.add(f"'{entry['card']}' is a predefined token ({card.name}, CR 111.10): it is "
                "always a token", f"{path}.token", "leave out token: false")
    counters = b.counters(entry.get("counters"), f"{path}.counters")
    given = entry.get("counters")
    if "Planeswalker" in card.types and card.loyalty is not None \
            and not (isinstance(given, Mapping) and "loyalty" in given):
        # CR 306.5b: a planeswalker enters with loyalty counters equal to its printed
        # loyalty; a state file that doesn't say otherwise describes that.
        counters = counters.add("loyalty", card.loyalty)
    chosen: list[tuple[str, str]] = []
    ch = entry.get("chosen")
    if ch is not None:
        if not isinstance(ch, Mapping):
            b.c.add("chosen must be a mapping such as {color: W}", f"{path}.chosen")
        else:
            for k, val in ch.items():
                if k not in ("color", "creature_type", "card_type", "name"):
                    b.c.add(f"unknown choice '{k}'", f"{path}.chosen.{k}",
                            suggest(k, ("color", "creature_type", "card_type", "name")))
                elif not isinstance(val, str):
                    b.c.add("a choice is a string", f"{path}.chosen.{k}")
                elif k == "color" and val.strip("{}").upper() not in "WUBRG":
                    b.c.add(f"not a color: {val!r}", f"{path}.chosen.{k}",
                            "use W, U, B, R or G")
                else:
                    chosen.append((str(k), val.strip("{}").upper() if k == "color" else val))
    _check_choices(b, card, dict(chosen), f"{path}.chosen")
    owner = entry.get("owner", player)
    if "owner" in entry:
        b.player_ref(owner, f"{path}.owner")
    attached = entry.get("attached_to")
    if attached is not None and not isinstance(attached, str):
        b.c.add("attached_to must be an object id", f"{path}.attached_to")
        attached = None
    damage = entry.get("damage", 0)
    if not small_int(damage) or damage < 0:
        b.c.add(f"damage must be a whole number from 0, got {damage!r}", f"{path}.damage",
                "the damage marked on the permanent (CR 120.3e, 120.6)")
        damage = 0
    stamp = entry.get("timestamp")
    if stamp is not None and not small_int(stamp):
        b.c.add(f"timestamp must be a whole number, got {stamp!r}", f"{path}.timestamp",
                "smaller is earlier (CR 613.7); leave it out for the file's order")
        stamp = None
    return Permanent(
        # (a predefined token's id is the name written: "Treasure", "Treasure#2")
        id=b.new_id(entry, str(entry["card"]).strip() if predefined else card.name, path),
        card=card,
        controller=player,
        owner=str(owner),
        tapped=b.bool_field(entry, "tapped", path),
        summoning_sick=b.bool_field(entry, "summoning_sick", path),
        counters=counters,
        chosen=tuple(sorted(chosen)),
        token=predefined or b.bool_field(entry, "token", path),
        attached_to=attached,
        timestamp=int(stamp) if stamp is not None else None,
        attacking=b.bool_field(entry, "attacking", path),
        blocking=b.bool_field(entry, "blocking", path),
        blocked=b.bool_field(entry, "blocked", path),
        attacked_this_turn=b.bool_field(entry, "attacked_this_turn", path),
        damage=int(damage),
    )


def _is_background(card: CardDefinition) -> bool:
    """A legendary Background enchantment card (CR 702.124k)."""
    return ("Legendary" in card.supertypes and "Enchantment" in card.types
            and "Background" in card.subtypes)


def _may_lead(card: CardDefinition) -> bool:
    """CR 903.3: a legendary creature, Vehicle, or Spacecraft card with a power/toughness
    box; 903.3a: a card that says it can be your commander."""
    if "can be your commander" in card.text:
        return True
    if "Legendary" not in card.supertypes:
        return False
    return ("Creature" in card.types or "Vehicle" in card.subtypes
            or ("Spacecraft" in card.subtypes and card.power is not None))


_REMINDER_TEXT = re.compile(r"\s*\([^()]*\)")
_DASH = re.compile(r"\s*[—–-]\s*")


def _partner_abilities(card: CardDefinition) -> frozenset[str]:
    """The card's partner abilities (CR 702.124a), each written in lower case as
    ``partner``, ``partner—TEXT``, ``partner with NAME``, ``choose a background`` or
    ``doctor's companion``; the older keyword "Friends forever" is partner—friends
    forever (702.124i)."""
    out: set[str] = set()
    lines = [*card.keywords, *card.text.splitlines()]
    for raw in lines:
        line = _REMINDER_TEXT.sub("", raw).strip().rstrip(".").replace("’", "'")
        low = _DASH.sub("—", line.lower(), count=1) if line.lower().startswith(
            "partner") else line.lower()
        if low in ("partner", "choose a background", "doctor's companion"):
            out.add(low)
        elif low == "friends forever":
            out.add("partner—friends forever")
        elif low.startswith(("partner—", "partner with ")):
            out.add(low)
    return frozenset(out)


def _pair_problem(a: CardDefinition, b: CardDefinition) -> str | None:
    """Why ``a`` and ``b`` can't be one deck's two commanders, or None when a partner
    ability they share allows it (CR 702.124f-m)."""
    pa, pb = _partner_abilities(a), _partner_abilities(b)
    if "partner" in pa and "partner" in pb:
        return None  # 702.124h
    if any(x.startswith("partner—") for x in pa & pb):
        return None  # 702.124i: the same "partner—[text]"
    if f"partner with {b.name.lower()}" in pa and f"partner with {a.name.lower()}" in pb:
        return None  # 702.124j
    for y, px in ((b, pa), (a, pb)):
        if "choose a background" in px and _is_background(y):
            return None  # 702.124k
        if "doctor's companion" in px and "Legendary" in y.supertypes \
                and "Creature" in y.types and set(y.subtypes) == {"Time Lord", "Doctor"}:
            return None  # 702.124m
    if not pa or not pb:
        lacking = a.name if not pa else b.name
        return (f"'{lacking}' has no partner ability: two commanders need one that "
                "allows the pair (CR 702.124a)")
    return (f"'{a.name}' and '{b.name}' have no partner ability in common, and different "
            "partner abilities can't be combined (CR 702.124f)")


def _commanders(b: Builder, v: Any, path: str
                ) -> tuple[tuple[str, ...], tuple[ManaType, ...] | None]:
    """``commander: NAME`` or ``[NAME, NAME]`` (partners): the names, and their combined
    color identity (``model.identity``; CR 903.3, 903.4, 702.124c)."""
    if v is None:
        return (), None
    names = v if isinstance(v, list) else [v]
    if not names or len(names) > 2 or not all(isinstance(n, str) for n in names):
        b.c.add("commander is a card name, or a list of two (partners, CR 702.124a, "
                "702.124g: never more than two)", path)
        return (), None
    cards = []
    for i, n in enumerate(names):
        p = f"{path}[{i}]" if isinstance(v, list) else path
        card = b.card(n, p)
        if card is None:
            continue
        if card.front_face is not None:
            b.c.add(f"'{card.name}' is the back face of '{card.front_face}': a commander "
                    "is a card, named by its front face (CR 712.8a)", p,
                    f"name '{card.front_face}'")
            continue
        if not _may_lead(card) and not (_is_background(card) and len(names) == 2):
            b.c.add(f"'{card.name}' can't be a commander: not a legendary creature, "
                    "Vehicle or Spacecraft card, nor one that says it can be your "
                    "commander (CR 903.3)"
                    + (" (a Background leads only beside a commander with 'Choose a "
                       "Background', CR 702.124k)" if _is_background(card) else ""), p)
            continue
        cards.append(card)
    if len(cards) != len(names):
        return (), None
    if len(cards) == 2:
        if cards[0].name == cards[1].name:
            b.c.add("two commanders are two different cards (CR 702.124a)", path)
            return (), None
        problem = _pair_problem(cards[0], cards[1])
        if problem is not None:
            b.c.add(problem, path, "name one commander, or two that partner")
            return (), None
    from ..identity import color_identity, combined_identity, other_faces

    identity = combined_identity(color_identity(c, other_faces(b.db, c)) for c in cards)
    return tuple(c.name for c in cards), identity


def _check_command_zone(b: Builder, cards: list[Card], commanders: tuple[str, ...],
                        given: Any, path: str) -> None:
    """CR 903.6, 408.3: in the Commander variant the command zone holds the player's
    commanders (emblems, dungeons and other variants' cards aren't modelled)."""
    if given is not None and not commanders:
        return  # the commander itself was refused
    for card in cards:
        if card.name not in commanders:
            b.c.add(f"'{card.name}' isn't {'a' if commanders else 'the'} commander of this "
                    "player: only a player's commanders are in their command zone here (CR "
                    "903.6, 408.3)", b.paths.get(card.id, f"{path}.command"),
                    f"add commander: {card.name}" if not commanders else
                    "name it in commander:")
    seen: set[str] = set()
    for card in cards:
        if card.name in seen:
            b.c.add(f"'{card.name}' is twice in the command zone: each commander is one "
                    "card (CR 903.3)", b.paths.get(card.id, f"{path}.command"))
        seen.add(card.name)


def _commander_casts(b: Builder, v: Any, commanders: tuple[str, ...],
                     path: str) -> tuple[tuple[str, int], ...]:
    """``commander_casts: {NAME: N}``: how many times the player has cast each of their
    commanders from the command zone this game (CR 903.8)."""
    if v is None:
        return ()
    if not isinstance(v, Mapping):
        b.c.add("commander_casts maps a commander's name to the times it was cast from "
                "the command zone this game (CR 903.8), e.g. {Atraxa, Praetors' Voice: 2}",
                path)
        return ()
    out: list[tuple[str, int]] = []
    for name, n in v.items():
        if name not in commanders:
            b.c.add(f"'{name}' isn't this player's commander: commander_casts counts the "
                    "player's own commanders (CR 903.8)", f"{path}.{name}",
                    suggest(str(name), commanders) if commanders else "add commander: NAME")
        elif not small_int(n) or n < 0:
            b.c.add(f"commander_casts must be a whole number ≥ 0, got {n!r}",
                    f"{path}.{name}")
        elif n:
            out.append((str(name), int(n)))
    return tuple(sorted(out))


def _check_choices(b: Builder, card: Any, chosen: dict[str, str], path: str) -> None:
    """A choice its card forbids ("choose a color other than red", Thriving Bluff) is a
    state no game reaches (CR 614.12, 607.2p)."""
    for ab in card.abilities:
        if not isinstance(ab, StaticAbility) or ab.kind != "other":
            continue
        other_than = ab.params.get("other_than")
        if ab.params.get("choose") == "color" and isinstance(other_than, str) \
                and chosen.get("color") == other_than.strip("{}").upper():
            b.c.add(f"'{card.name}' chooses a color other than {other_than}",
                    f"{path}.color", "choose another color")


def build_zone_card(b: Builder, entry: Any, path: str, player: str) -> Card | None:
    if isinstance(entry, str):
        card = b.card(entry, path)
        entry = {"card": entry}
    elif isinstance(entry, Mapping):
        check_keys(entry, CARD_KEYS, path, b.c)
        if "card" not in entry:
            b.c.add("missing key 'card'", path)
            return None
        card = b.card(entry["card"], f"{path}.card")
    else:
        b.c.add(f"expected a card name or a mapping, got {type(entry).__name__}", path)
        return None
    if card is None:
        return None
    if card.front_face is not None:
        # CR 712.8a: off the battlefield a double-faced card has only its front face.
        b.c.add(f"'{card.name}' is the back face of '{card.front_face}': outside the "
                f"battlefield a double-faced card is its front face (CR 712.8a)",
                path, f"name the front face, '{card.front_face}'")
        return None
    return Card(b.new_id(entry, card.name, path), card, player)


def build_mana_pool(b: Builder, v: Any, path: str) -> ManaPool:
    if v is None or v == "":
        return ManaPool()
    items: list[PoolMana] = []
    specs = v if isinstance(v, list) else [v]
    for i, spec in enumerate(specs):
        p = f"{path}[{i}]" if isinstance(v, list) else path
        if isinstance(spec, str):
            try:
                items.extend(PoolMana(t) for t in parse_mana_types(spec))
            except ManacheckError as e:
                b.c.add(f"bad mana text {spec!r}: {e.message}", p, e.suggestion)
        elif isinstance(spec, Mapping):
            check_keys(spec, ("mana", "snow", "from", "chosen"), p, b.c)
            try:
                types = parse_mana_types(str(spec.get("mana", "")))
            except ManacheckError as e:
                b.c.add(f"bad mana text {spec.get('mana')!r}: {e.message}", f"{p}.mana",
                        e.suggestion)
                continue
            restriction = None
            if "from" in spec:
                restriction = _restriction_from(b, spec["from"], f"{p}.from")
                chosen = spec.get("chosen")
                if chosen is not None:
                    if (not isinstance(chosen, Mapping) or set(chosen) != {"creature_type"}
                            or not isinstance(chosen["creature_type"], str)):
                        b.c.add("chosen must be {creature_type: NAME} (what the source "
                                "chose, e.g. for Cavern of Souls)", f"{p}.chosen")
                    else:
                        restriction = bind_restriction(
                            restriction, None, creature_type=chosen["creature_type"])
            snow = b.bool_field(spec, "snow", p)
            items.extend(PoolMana(t, 1, snow, restriction) for t in types)
        else:
            b.c.add("mana_pool is mana text such as '{G}{G}' or a list of "
                    "{mana, snow, from} entries", p)
    return ManaPool.of(items)


def _restriction_from(b: Builder, name: Any, path: str) -> SpendRestriction | None:
    card, _ = b.permanent_card(name, path)  # (a Powerstone token's mana too, CR 111.10h)
    if card is None:
        return None
    for ab in card.activated_abilities:
        if ab.mana is not None and ab.mana.restriction is not None:
            return ab.mana.restriction
    b.c.add(f"'{name}' makes no mana with a spending restriction", path)
    return None
