"""Plain data -> :class:`GameState`, collecting every problem instead of stopping at one.

The top level of a state file: its keys, its own ``cards:``, the players (``players``),
the stack and effects (``stack``), the turn, and the references between objects
(targets, ``ability_of``, ``attached_to``, ``activated_this_turn``), checked once every
object has its id. Explicit ids are collected first, so automatic ids can skip them.

Rules
-----
CR 500.1: the phases and steps. CR 117: priority. CR 602.5b: abilities activated this
turn ("activate only once each turn").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..carddata import parse_card
from ..cards import BASIC_LAND_TYPES, CardDatabase, CardDefinition, intrinsic_mana_ability
from ..errors import BadInput
from ..pool import default_cards
from ..state import GameState, Permanent, Phase, Player, StackItem, Turn
from .builder import Builder, small_int
from .players import build_player
from .problems import Collector, check_keys, suggest
from .stack import build_effect, build_stack_item

__all__ = ["TOP_KEYS", "TURN_KEYS", "build_state", "parse_card_list"]

TOP_KEYS = ("turn", "players", "stack", "cards", "events", "activated_this_turn", "effects")
TURN_KEYS = ("active_player", "phase", "number", "priority")


def parse_card_list(data: Any, path: str, c: Collector) -> list[CardDefinition]:
    """Card definitions, one problem per bad card (not just the first)."""
    if isinstance(data, Mapping) and set(data) == {"cards"}:
        data = data["cards"]
        path = f"{path}.cards" if path else "cards"
    if not isinstance(data, list):
        c.add("card definitions are a list of cards (see `manacheck card NAME --json`)", path)
        return []
    out: list[CardDefinition] = []
    for i, entry in enumerate(data):
        try:
            out.append(parse_card(with_text_read(entry), f"{path}[{i}]"))
        except BadInput as e:
            c.add_card_error(e, f"{path}[{i}]")
            if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                c.broken_cards.add(entry["name"].strip())
    return out


#: Card types whose text is spell text, read by the questions that cast or resolve them
#: (``solver.spelltext``), never abilities of the card (CR 113.3, 608.2).
_SPELL_TYPES = frozenset({"instant", "sorcery"})


def with_text_read(entry: Any) -> Any:
    """A card entry written with ``text`` and no ``abilities`` (a permanent card):
    its text read by the oracle-text reader, as a card download's is
    (``model.usercards``), so that no rules text is dropped silently. Every line read
    becomes an ability, every other line an unread static (``kind: other``) that makes
    the answers it could change "not decided"; keywords read are added to the entry's.
    ``abilities: []`` says the card has none; an instant's or sorcery's text is spell
    text and stays as it is. Any other entry is returned unchanged (``parse_card``
    checks it)."""
    if not isinstance(entry, Mapping) or "abilities" in entry:
        return entry
    text, name, types = entry.get("text"), entry.get("name"), entry.get("types")
    if not isinstance(text, str) or not text.strip() or not isinstance(name, str) \
            or not isinstance(types, list) \
            or _SPELL_TYPES & {str(t).strip().lower() for t in types}:
        return entry
    from ..oracle import read_text

    subtypes = entry.get("subtypes", [])
    cost = entry.get("mana_cost")
    abilities, keywords, _unread = read_text(
        name.strip(), text, [str(s) for s in subtypes] if isinstance(subtypes, list) else [],
        cost if isinstance(cost, str) else "")
    out = dict(entry)
    if abilities:
        out["abilities"] = abilities
    given = entry.get("keywords", [])
    if keywords and isinstance(given, list):
        out["keywords"] = [*given, *(k for k in keywords if k not in given)]
    return out


def build_state(data: Any, c: Collector, cards: CardDatabase | None,
                name: str | None) -> GameState:
    """The state in ``data``, every problem added to ``c`` (raised together at the end).

    ``cards`` is the card database (default: the built-in cards over the card pool);
    the file's ``cards:`` extend it. ``name`` is the file name, kept as the state's ``source``.

    Raises
    ------
    StateFileError
        Listing every problem found (``c``'s and this file's), in file order.
    """
    if not isinstance(data, Mapping):
        what = type(data).__name__ if data is not None else "an empty document"
        c.add(f"a state file is a mapping with 'turn' and 'players', got {what}", "")
        raise c.fail()
    check_keys(data, TOP_KEYS, "", c)
    db = cards if cards is not None else default_cards()
    extra = data.get("cards")
    if extra is not None:
        db = db.extended(parse_card_list(extra, "cards", c))
    b = Builder(c, db)
    players_data = data.get("players")
    if not isinstance(players_data, Mapping) or not players_data:
        c.add("'players' must map each player's name to their zones "
              "(e.g. players: {Alice: {battlefield: [Forest]}})", "players")
        raise c.fail()
    b.player_names = [str(n) for n in players_data]
    for n in players_data:
        if not isinstance(n, str) or not n.strip():
            c.add(f"a player's name must be text, got {n!r}", f"players.{n}",
                  "quote it, e.g. \"1\":" if not isinstance(n, str) else None)
    # Explicit ids first, so automatic ids can skip them.
    for pname, pd in players_data.items():
        if isinstance(pd, Mapping):
            for zone in ("hand", "battlefield", "graveyard", "exile", "command"):
                for entry, p in b.entries(pd.get(zone), f"players.{pname}.{zone}", quiet=True):
                    b.collect_explicit(entry, p)
    stack_data = data.get("stack")
    for entry, p in b.entries(stack_data, "stack", quiet=True):
        b.collect_explicit(entry, p)
    effects_data = data.get("effects")
    for entry, p in b.entries(effects_data, "effects", quiet=True):
        b.collect_explicit(entry, p)
    # CR 903.7: a game where any player names a commander is a Commander game.
    b.commander_game = any(isinstance(pd, Mapping) and pd.get("commander") is not None
                           for pd in players_data.values())
    players = [pl for n, d in players_data.items()
               if (pl := build_player(b, str(n), d, f"players.{n}")) is not None]
    stack = [s for entry, sp in b.entries(stack_data, "stack")
             if (s := build_stack_item(b, entry, sp)) is not None]
    effects = [e for entry, ep in b.entries(effects_data, "effects")
               if (e := build_effect(b, entry, ep)) is not None]
    turn = _build_turn(data, b, c)
    ids = set(b.paths)
    _check_references(b, players, stack, ids, turn)
    activated = _activated_this_turn(data.get("activated_this_turn"), b, ids)
    events = data.get("events")
    if events is None:
        events = []
    elif not isinstance(events, list):
        c.add(f"events must be a list, got {type(events).__name__}", "events")
        events = []
    if c.problems:
        raise c.fail()
    return GameState(players=tuple(players), turn=turn, stack=tuple(stack), cards=db,
                     activated_this_turn=tuple(activated), events=tuple(events), source=name,
                     effects=tuple(effects))


def _check_references(b: Builder, players: list[Player], stack: list[StackItem],
                      ids: set[str], turn: Turn) -> None:
    """Every ``ability_of``, target and ``attached_to`` names an object (or a player)."""
    c = b.c
    for s in stack:
        path = b.paths[s.id]
        if s.source is not None and s.source not in ids:
            c.add(f"unknown object '{s.source}'", f"{path}.ability_of",
                  suggest(s.source, ids))
        for j, t in enumerate(s.targets):
            if t not in ids and t not in b.player_names:
                c.add(f"unknown target '{t}' (targets are object ids or player names)",
                      f"{path}.targets[{j}]", suggest(t, [*ids, *b.player_names]))
    for pl in players:
        for perm in pl.battlefield:
            if perm.attached_to is not None and perm.attached_to not in ids:
                c.add(f"unknown object '{perm.attached_to}'",
                      f"{b.paths[perm.id]}.attached_to", suggest(perm.attached_to, ids))
            elif perm.attached_to is not None:
                _check_attachment(b, perm)
            if perm.attacking or perm.blocking or perm.blocked:
                _check_combat(b, perm, turn)
    for s in stack:
        if s.source is not None and s.source in ids and (s.ability or s.trigger):
            _check_stack_ability(b, s, players)


_ATTACHERS = ("Aura", "Equipment", "Fortification")

#: CR 506.4, 511.3: creatures are attacking or blocking from their declaration until
#: the end of combat step ends.
_ATTACK_STEPS = (Phase.DECLARE_ATTACKERS, Phase.DECLARE_BLOCKERS, Phase.COMBAT_DAMAGE,
                 Phase.END_OF_COMBAT)


def _check_combat(b: Builder, perm: Permanent, turn: Turn) -> None:
    """CR 506.2, 508.1a, 509.1a: the active player's creatures attack, the others'
    block, only during the combat phase's steps from the declaration on, and no
    creature both attacks and blocks."""
    path = b.paths[perm.id]
    step = turn.phase
    active = turn.active_player
    if perm.attacking:
        if step not in _ATTACK_STEPS:
            b.c.add(f"'{perm.id}' is attacking during the {step.value.replace('_', ' ')} "
                    "step: creatures attack only from the declare attackers step to the end "
                    "of combat (CR 506.4, 511.3)", f"{path}.attacking",
                    "set turn.phase to declare_attackers, declare_blockers, combat_damage "
                    "or end_of_combat")
        if perm.controller != active:
            b.c.add(f"'{perm.id}' is attacking but {perm.controller} isn't the active "
                    "player: only the active player attacks (CR 506.2, 508.1a)",
                    f"{path}.attacking")
    if perm.blocked and not perm.attacking:
        b.c.add(f"'{perm.id}' is blocked but isn't attacking: only an attacking creature "
                "becomes blocked (CR 509.1h)", f"{path}.blocked", "add attacking: true")
    elif perm.blocked and step not in _ATTACK_STEPS[1:]:
        b.c.add(f"'{perm.id}' is blocked during the {step.value.replace('_', ' ')} step: "
                "attackers become blocked in the declare blockers step (CR 509.1h)",
                f"{path}.blocked",
                "set turn.phase to declare_blockers, combat_damage or end_of_combat")
    if not perm.blocking:
        return
    if perm.attacking:
        b.c.add(f"'{perm.id}' both attacks and blocks: it can't (CR 506.2, 509.1a)",
                f"{path}.blocking")
    if step not in _ATTACK_STEPS[1:]:
        b.c.add(f"'{perm.id}' is blocking during the {step.value.replace('_', ' ')} step: "
                "creatures block only from the declare blockers step to the end of combat "
                "(CR 509.1, 511.3)", f"{path}.blocking",
                "set turn.phase to declare_blockers, combat_damage or end_of_combat")
    if perm.controller == active:
        b.c.add(f"'{perm.id}' is blocking but {perm.controller} is the active player: "
                "only the defending players block (CR 506.2, 509.1a)", f"{path}.blocking")


def _check_attachment(b: Builder, perm: Permanent) -> None:
    """CR 303.4, 301.5, 301.6: only Auras, Equipment and Fortifications are attached to
    other objects, and nothing is attached to itself."""
    path = f"{b.paths[perm.id]}.attached_to"
    if perm.attached_to == perm.id:
        b.c.add(f"'{perm.id}' is attached to itself: an object can't be (CR 303.4d, 301.5c)",
                path)
    elif not any(t in perm.card.subtypes for t in _ATTACHERS):
        b.c.add(f"'{perm.id}' ({perm.card.name}) isn't an Aura, Equipment or "
                "Fortification, so it can't be attached to anything (CR 303.4, 301.5, "
                "301.6)", path)


def _check_stack_ability(b: Builder, s: StackItem, players: list[Player]) -> None:
    """An ability on the stack is one its source has (by the numbering every command
    uses), isn't a mana ability (CR 605.3b: they don't use the stack), and has no more
    and no fewer targets than it requires (CR 115.1, 601.2c), each instance of "target"
    naming an object at most once (115.3)."""
    path = b.paths[s.id]
    source = next((x for pl in players for zone in (pl.battlefield, pl.hand, pl.graveyard,
                                                    pl.exile) for x in zone
                   if x.id == s.source), None)
    if source is None:
        return  # a spell's ability on the stack: nothing to check it against here
    card = source.card
    if s.ability is not None:
        acts = [*(intrinsic_mana_ability(t) for t in BASIC_LAND_TYPES
                  if "Land" in card.types and t in card.subtypes), *card.activated_abilities]
        if not 1 <= s.ability <= len(acts):
            b.c.add(f"'{s.source}' ({card.name}) has no activated ability {s.ability} "
                    f"(it has {len(acts)})", f"{path}.ability",
                    "abilities are numbered as `manacheck card` shows them")
            return
        ab = acts[s.ability - 1]
        if ab.is_mana_ability:
            b.c.add(f"ability {s.ability} of '{s.source}' is a mana ability, which doesn't "
                    "use the stack (CR 605.3b)", f"{path}.ability")
            return
        specs = ab.targets
    else:
        return
    fixed = [t for t in specs if isinstance(t.count, int) and not t.up_to]
    need = sum(int(t.count) for t in fixed)
    exact = len(fixed) == len(specs)
    if s.targets and (len(s.targets) < need or (exact and len(s.targets) > need)):
        b.c.add(f"ability {s.ability} of '{s.source}' has {len(s.targets)} target(s) but "
                f"needs {need} (CR 115.1, 601.2c)", f"{path}.targets")
    if len(specs) == 1 and len(set(s.targets)) != len(s.targets):
        b.c.add("the same object is chosen twice for one instance of 'target' (CR 115.3)",
                f"{path}.targets")


def _activated_this_turn(data: Any, b: Builder, ids: set[str]) -> list[tuple[str, int]]:
    """CR 602.5b: the (object id, ability number) pairs already activated this turn."""
    c = b.c
    activated: list[tuple[str, int]] = []
    for entry, p in b.entries(data, "activated_this_turn"):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("object"), str):
            c.add("expected {object: ID, ability: N}", p)
            continue
        check_keys(entry, ("object", "ability"), p, c)
        n = entry.get("ability", 1)
        if not small_int(n) or n < 1:
            c.add(f"ability must be a number from 1, got {n!r}", f"{p}.ability")
        elif entry["object"] not in ids:
            c.add(f"unknown object '{entry['object']}'", f"{p}.object",
                  suggest(entry["object"], ids))
        else:
            activated.append((entry["object"], int(n)))
    return activated


def _build_turn(data: Mapping[str, Any], b: Builder, c: Collector) -> Turn:
    """Whose turn, which step (CR 500.1) and who holds priority (CR 117)."""
    td = data.get("turn")
    turn = Turn(b.player_names[0])
    if td is None:
        c.add("missing key 'turn' (e.g. turn: {active_player: Alice, phase: precombat_main})",
              "")
        return turn
    if not isinstance(td, Mapping):
        c.add(f"turn must be a mapping such as {{active_player: Alice}}, got "
              f"{type(td).__name__}", "turn")
        return turn
    check_keys(td, TURN_KEYS, "turn", c)
    ap = td.get("active_player")
    if ap is None:
        c.add("missing key 'active_player'", "turn")
    elif b.player_ref(ap, "turn.active_player"):
        turn = Turn(str(ap))
    phase = td.get("phase", "precombat_main")
    if isinstance(phase, str) and phase in Phase._value2member_map_:
        ph = Phase(phase)
    else:
        names = [p.value for p in Phase]
        within = [n for n in names if isinstance(phase, str) and phase and phase in n]
        suggestion = (suggest(phase, names) if isinstance(phase, str) else None) or (
            "did you mean " + " or ".join(f"'{n}'" for n in within) + "?" if within
            else "phases are " + ", ".join(names))
        c.add(f"unknown phase {phase!r}", "turn.phase", suggestion)
        ph = Phase.PRECOMBAT_MAIN
    num = td.get("number", 1)
    if not small_int(num) or num < 1:
        c.add(f"turn number must be a whole number ≥ 1, got {num!r}", "turn.number")
        num = 1
    prio = td.get("priority")
    if prio is not None and not b.player_ref(prio, "turn.priority"):
        prio = None
    return Turn(turn.active_player, ph, num, str(prio) if prio is not None else None)
