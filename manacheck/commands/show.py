"""``manacheck show STATE``: print the board readably.

Per player: life, mana pool, hand, battlefield (ids, tapped, summoning sick, counters),
graveyard and exile; then the stack, top first; and the turn. ``--json`` prints the
state as state-file data with every id made explicit.
"""

from __future__ import annotations

import argparse

from manacheck.cli import CARDS_HELP, EXIT_YES, card_note, cards_file, emit, order_note
from manacheck.model import GameState, ManaPool, Permanent, Player, StackItem, StaticAbility
from manacheck.model.characteristics import timestamps
from manacheck.model.statefile import dump_state, load_state_with_cards
from manacheck.solver.settle import before_priority

COMMAND = "show"
HELP = "print the board: players, zones with ids, the stack (top first), the turn"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def _named(obj_id: str, name: str) -> str:
    """``id`` when the id is the card name, else ``id (name)``."""
    return obj_id if obj_id == name else f"{obj_id} ({name})"


def pool_text(pool: ManaPool) -> str:
    """The pool, with snow mana and mana under a spending restriction (CR 106.6) marked."""
    if not pool:
        return "empty"
    parts: list[str] = []
    for e in pool.entries:
        text = ("{" + e.type.value + "}") * e.amount
        notes = []
        if e.snow:
            notes.append("snow")
        if e.restriction is not None:
            notes.append(f"only: {getattr(e.restriction, 'text', e.restriction)}")
        parts.append(f"{text} ({', '.join(notes)})" if notes else text)
    return " ".join(parts)


def permanent_line(perm: Permanent) -> str:
    notes: list[str] = []
    if perm.tapped:
        notes.append("tapped")
    if perm.summoning_sick:
        notes.append("summoning sick")
    if perm.counters:
        notes.append("counters " + ", ".join(f"{k} x{n}" for k, n in perm.counters.items))
    for k, v in perm.chosen:
        notes.append(f"chosen {k.replace('_', ' ')} {v}")
    if perm.token:
        notes.append("token")
    if perm.attached_to:
        notes.append(f"attached to {perm.attached_to}")
    if perm.owner != perm.controller:
        notes.append(f"owned by {perm.owner}")
    if perm.timestamp is not None:
        notes.append(f"timestamp {perm.timestamp}")
    line = _named(perm.id, perm.name)
    return f"{line}: {', '.join(notes)}" if notes else line


def stack_line(item: StackItem) -> str:
    if item.card is None:
        head = f"{item.id}: {item.name}, controlled by {item.controller}"
    else:
        head = f"{_named(item.id, item.name)}: spell, controlled by {item.controller}"
        if item.x is not None:
            head += f", X={item.x}"
        if item.alternative_cost:
            head += f", cast for its {item.alternative_cost} cost"
        head += f", mana value {item.mana_value()}"
    if item.counters:
        head += ", counters " + ", ".join(f"{k} x{n}" for k, n in item.counters.items)
    if item.targets:
        head += f", targets {', '.join(item.targets)}"
    return head


def commander_lines(p: Player) -> list[str]:
    """The Commander variant's part of a player (CR 903): their commanders, each with
    its commander tax (903.8), and their command zone (408); nothing outside it."""
    if not p.commanders and not p.command:
        return []
    lines = []
    for name in p.commanders:
        n = p.casts_from_command_zone(name)
        cast = (f"cast {'once' if n == 1 else f'{n} times'} from the command zone, "
                f"commander tax {{{2 * n}}} (CR 903.8)") if n else \
            "no commander tax yet (CR 903.8)"
        lines.append(f"  commander: {name}: {cast}")
    lines.append(f"  command zone ({len(p.command)}): "
                 + ", ".join(_named(c.id, c.name) for c in p.command) if p.command
                 else "  command zone: empty")
    return lines


def board_text(state: GameState) -> str:
    """The board as readable text."""
    t = state.turn
    lines = [f"turn {t.number}: {t.active_player}'s turn, {t.phase.value.replace('_', ' ')}"]
    for p in state.players:
        active = " (active player)" if p.name == t.active_player else ""
        lines.append(f"{p.name}{active}: life {p.life}, mana pool {pool_text(p.mana_pool)}, "
                     f"library {p.library_size}")
        zones = (("hand", p.hand), ("graveyard", p.graveyard), ("exile", p.exile))
        lines.append(f"  battlefield ({len(p.battlefield)}):")
        lines.extend(f"    {permanent_line(perm)}" for perm in p.battlefield)
        for zone, cards in zones:
            if cards:
                lines.append(f"  {zone} ({len(cards)}): "
                             + ", ".join(_named(c.id, c.name) for c in cards))
            else:
                lines.append(f"  {zone}: empty")
        lines.extend(commander_lines(p))
    if state.stack:
        lines.append(f"stack ({len(state.stack)}, top first):")
        for i, item in enumerate(reversed(state.stack), 1):
            lines.append(f"  {i}. {stack_line(item)}")
    else:
        lines.append("stack: empty")
    effects = getattr(state, "effects", ())
    if effects:
        lines.append(f"continuous effects ({len(effects)}, CR 611.2a):")
        lines.extend(f"  {_named(e.id, e.card.name)}: controlled by {e.controller}"
                     for e in effects)
    return "\n".join(lines)


def order_text(state: GameState) -> list[str]:
    """The timestamp order (CR 613.7) of the permanents with continuous effects that
    layers apply in that order, when there are two or more: given ``timestamp`` keys,
    else their places in the file."""
    order = timestamps(state)
    layered = [p for p in state.permanents
               if any(isinstance(ab, StaticAbility) and ab.kind in ("land_types",)
                      for ab in p.card.abilities)]
    if len(layered) < 2:
        return []
    ranked = sorted(layered, key=lambda p: order[p.id])
    return ["timestamp order of type-changing effects (CR 613.7; 'timestamp' keys, else "
            "file order): " + ", ".join(p.id for p in ranked)]


def pending_text(state: GameState) -> list[str]:
    """What the game does first, before anyone may act (CR 117.5): the state-based
    actions pending on this board, for the first choice, and those it can't tell."""
    before = before_priority(state)
    lines: list[str] = []
    if before.changed:
        lines.append("before anyone may act, the game first performs state-based actions "
                     "(CR 117.5):")
        first = before.branches[0]
        lines.extend(f"  {s}" for s in first.performed)
        if len(before.branches) > 1:
            lines.append(f"  ({len(before.branches)} outcomes, one per choice: the answers "
                         "of pay, produce and can-activate say which)")
    who = state.turn.priority or state.turn.active_player
    for u in before.undecided:
        if u.question:  # an effect that could make one pending, named
            lines.append(f"not decided before priority: {u.for_player(who)}")
        else:
            lines.append(f"pending, not performed by manacheck: {u.why}")
    return lines


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards, note=card_note)
    # --json stays state-file data that loads back; the pending state-based actions
    # are said in the text (and in every answer of the questions).
    note = order_note(state)
    emit(args, dump_state(state),
         lambda: "\n".join([board_text(state), *pending_text(state), *order_text(state),
                            *([note] if note else [])]))
    return EXIT_YES
