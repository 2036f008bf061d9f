"""``manacheck can-activate STATE OBJECT``: may a player activate this ability now?

Exit status 0 when legal, 1 when not (or not decided: ``"legal": null``, when an effect
it doesn't apply could change it, the mana cost isn't payable without sources the
payment solver can't model, or a search budget was spent: "not decided (search
budget)"), 2 for bad input only (unknown object or player, no such ability, or
``--ability`` needed).
"""

from __future__ import annotations

import argparse

from manacheck.cli import (
    CARDS_HELP,
    EXIT_NO,
    EXIT_YES,
    Reply,
    card_note,
    cards_file,
    emit_reply,
    order_note,
    same_name_note,
)
from manacheck.model import GameState
from manacheck.model.errors import BadInput
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.activation import WAYS_LIMIT, Verdict, Witness, can_activate, ways
from manacheck.solver.notdecided import NotDecided

COMMAND = "can-activate"
HELP = "may a player activate an object's ability now? every reason, a witness, fixes"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("object", metavar="OBJECT", help="the object's id")
    p.add_argument("--ability", type=int, metavar="N",
                   help="ability number (1-based, printed order; optional if only one)")
    p.add_argument("--ability-text", metavar="TEXT",
                   help="the ability by its text instead of its number (an effect may have "
                   "renumbered or removed it: then it is not legal)")
    p.add_argument("--player", metavar="NAME", help="who activates it (default: controller)")
    p.add_argument("--all", action="store_true", help=f"list every way (at most {WAYS_LIMIT})")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def witness_text(w: Witness) -> str:
    """One line describing a witness."""
    parts: list[str] = []
    if w.targets:
        parts.append("target " + ", ".join(w.targets))
    if w.x is not None:
        parts.append(f"X={w.x}")
    for label, objs in (("tap", w.tapped), ("untap", w.untapped), ("discard", w.discarded),
                        ("sacrifice", w.sacrificed), ("exile", w.exiled),
                        ("reveal", w.revealed), ("return to hand", w.returned)):
        if objs:
            parts.append(f"{label} " + ", ".join(objs))
    if w.energy_paid:
        parts.append("pay " + "{E}" * w.energy_paid)
    for obj, kind, n in w.counters_removed:
        parts.append(f"remove {n} {kind} counter(s) from {obj}")
    for obj, kind, n in w.counters_added:
        parts.append(f"put {n} {kind} counter(s) on {obj}")
    if w.life_paid:
        parts.append(f"pay {w.life_paid} life")
    if w.payment is not None:
        parts.append(f"pay mana: {getattr(w.payment, 'text', w.payment)}")
    return "; ".join(parts) if parts else "no choices to make"


def verdict_text(v: Verdict) -> str:
    """The human-readable verdict."""
    head = f"{v.object_id} ability {v.ability}"
    if v.text:
        head += f" ({v.text})"
    lines: list[str] = []
    if v.legal:
        more = "" if v.ways_complete else " (counting stopped at its budget)"
        if v.left_out:
            more = (" (payments using " + ", ".join(v.left_out)
                    + " aren't counted; the payment solver can't model them)")
        lines.append(f"legal: {v.player} may activate {head}"
                     + (", only while paying a cost (CR 605.3a)"
                        if v.only_while_paying else ""))
        if v.only_while_paying:
            lines.append(f"  {v.only_while_paying}")
        lines.append(f"  ways: {'' if v.ways_complete and not v.left_out else 'at least '}"
                     f"{v.ways}{more}")
        if v.witness is not None:
            lines.append(f"  for example: {witness_text(v.witness)}")
    elif v.legal is None:
        lines.append(f"not decided: whether {v.player} may activate {head}")
        if v.unapplied:
            lines.extend(f"  - {u}" for u in v.unapplied)
        else:
            lines.append(f"  {v.undecided}")
        for r in v.reasons:
            lines.append(f"  - CR {r.rule}: {r.message}")
    else:
        lines.append(f"not legal: {v.player} can't activate {head}")
        for r in v.reasons:
            lines.append(f"  - CR {r.rule}: {r.message}")
        for f in v.fixes:
            lines.append(f"  fix (CR {f.rule}): {f.description}")
    lines.extend(f"  first, before priority: {s}" for s in v.state_based)
    for choice, sub_verdict in v.by_choice:
        lines.append(f"  if {choice}:")
        lines.extend("    " + line for line in verdict_text(sub_verdict).splitlines())
    return "\n".join(lines)


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards, note=card_note)
    if args.ability_text is not None:
        if args.ability is not None:
            raise BadInput("give --ability N or --ability-text TEXT, not both")
        return emit_reply(args, by_text(state, args.object, args.ability_text, args.player,
                                        every=args.all))
    return emit_reply(args, reply(state, args.object, args.ability, args.player,
                                  every=args.all))


def by_text(state: GameState, object_id: str, text: str, player: str | None = None, *,
            every: bool = False) -> Reply:
    """The answer for the object's ability with this text: as :func:`reply` for its
    number now; "not legal" when the object doesn't have it (an effect removed it: the
    reasons say which rule)."""
    from manacheck.solver.activation.lookup import default_player
    from manacheck.solver.reports.answers import Question, ability_gone, ability_number

    number = ability_number(state, Question("can-activate", object_id, None, player, text))
    if number:
        return reply(state, object_id, number, player, every=every)
    if number is None:  # (ability_number gives None only for an unknown object)
        state.get(object_id)  # raises UnknownObject, with a suggestion
    who = player or default_player(state, object_id)
    reasons = ability_gone(state, object_id, text)
    data = {"legal": False, "object": object_id, "ability_text": text, "player": who,
            "has_ability": False,
            "reasons": [{"rule": r, "message": m} for r, m in reasons]}

    def lines() -> str:
        return "\n".join([f"not legal: {who} can't activate {object_id}'s '{text}'"]
                         + [f"  - CR {r}: {m}" for r, m in reasons])

    return Reply(data, lines, EXIT_NO)


def reply(state: GameState, object_id: str, ability: int | None = None,
          player: str | None = None, *, every: bool = False) -> Reply:
    """The command's answer for ``state``: its JSON, its text and its exit status (the
    web page shows the same, ``manacheck.web``)."""
    v = can_activate(state, object_id, ability, player)
    data = v.to_data()
    listed: list[Witness] = []
    stopped = ""
    if every and v.legal:
        try:  # a budget spent while listing: the ways listed so far, said so
            for w in ways(state, object_id, v.ability, v.player):
                listed.append(w)
        except NotDecided as e:
            stopped = f"  (the listing stopped at its budget: {e.one_line()})"
            data["all_stopped"] = e.one_line()
        data["all"] = [w.to_data() for w in listed]

    note = "\n".join(n for n in (same_name_note(state, object_id), order_note(state))
                     if n) or None
    if note:
        data["note"] = note

    def text() -> str:
        out = verdict_text(v) + (f"\n{note}" if note else "")
        if listed:
            out += "\n" + "\n".join(f"  way {i}: {witness_text(w)}"
                                    for i, w in enumerate(listed, 1))
        return out + (f"\n{stopped}" if stopped else "")

    return Reply(data, text, EXIT_YES if v.legal else EXIT_NO)
