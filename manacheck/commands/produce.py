"""``manacheck produce STATE [OBJECT...] [--explain]``: what mana could each permanent
produce (CR 106.7)?

Rules
-----
CR 106.7: costs ignored, replacement effects in any possible order; "type" includes
colorless. The answer is the least fixed point of the could-produce references.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from manacheck.cli import (
    CARDS_HELP,
    EXIT_YES,
    Reply,
    card_note,
    cards_file,
    emit_reply,
    order_note,
    reason_lines,
    reason_refs,
    reasons_data,
)
from manacheck.model import GameState
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.produce import (
    CouldProduce,
    explain_could_produce,
    producing_abilities,
)
from manacheck.solver.produce.unreadmana import unread_mana_effects
from manacheck.solver.soundness import shared_reasons

COMMAND = "produce"
HELP = "what mana types each permanent could produce now (CR 106.7)"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("objects", metavar="OBJECT", nargs="*",
                   help="permanent ids (default: every permanent with a mana ability)")
    p.add_argument("--explain", action="store_true",
                   help="show which ability, which permanents and which replacement "
                        "effects in which order give each type, with rule numbers")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards, note=card_note)
    return emit_reply(args, reply(state, args.objects, explain=args.explain))


def reply(state: GameState, objects: Sequence[str] = (), *, explain: bool = False) -> Reply:
    """The command's answer for ``state``: its JSON, its text and its exit status (the
    web page shows the same, ``manacheck.web``)."""
    ids: list[str] = list(objects)
    for oid in ids:
        state.permanent(oid)  # UnknownObject: one line, exit 2
    if not ids:
        # (an ability whose unread effect could add mana is listed too: not decided)
        ids = [p.id for p in state.permanents if producing_abilities(state, p.id)
               or unread_mana_effects(state, p.id)]
    # Derivations only with --explain (they cost replacement graphs of full events).
    # A search limit is not bad input: the answer says "not decided" and names it.
    answers = [explain_could_produce(state, oid, explain=explain) for oid in ids]
    # Each effect that keeps an answer from being decided is said once, and the rows
    # refer to it.
    who = state.turn.priority or state.turn.active_player
    shared, refs = shared_reasons((a.undecided for a in answers), who)
    rows = []
    for a, row_ids in zip(answers, refs, strict=True):
        row = a.as_dict(explain=explain)
        if a.undecided:
            del row["undecided"]
            row["undecided_ids"] = [i + 1 for i in row_ids]
        rows.append(row)
    data: dict[str, object] = {"objects": rows}
    if shared:
        data["undecided"] = reasons_data(shared)
    limits = sorted({a.limit for a in answers if a.limit is not None})
    if limits:
        data["complete"] = False
        data["limits"] = limits
    order = order_note(state)
    if order:
        data["note"] = order

    def text() -> str:
        if not answers:
            return "no permanent has a mana ability"
        width = max(len(a.object_id) for a in answers)
        lines = []
        for a, row_ids in zip(answers, refs, strict=True):
            lines.append(f"{a.object_id:<{width}}  {_row(a, [i + 1 for i in row_ids])}")
            lines.extend(f"    first, before priority: {s}" for s in a.state_based)
            if explain:
                lines.extend(f"    {d.describe()}" for d in a.derivation)
                if a.explain_limit is not None:
                    lines.append(f"    (explanation incomplete: {a.explain_limit})")
                if not a.derivation and a.limit is None and a.explain_limit is None \
                        and not a.undecided:
                    lines.append("    nothing: no mana ability could produce a defined type "
                                 "[CR 106.5, 106.7]" if a.complete else
                                 "    no type found: a mana ability involved adds mana "
                                 "manacheck doesn't model here, so it could produce more "
                                 "[CR 106.7]")
        return "\n".join([*lines, *reason_lines(shared), *([order] if order else [])])

    return Reply(data, text, EXIT_YES)


def _row(a: CouldProduce, ids: list[int]) -> str:
    """One permanent's answer: its types; what is known when it is not decided."""
    if a.limit is not None:
        return f"(not decided)  ({a.limit})"
    found = " ".join(a.letters)
    if a.undecided:
        if found and not a.complete:  # (an unmodelled mana ability: a lower bound)
            found = f"at least {found}"
        see = reason_refs(ids)
        if a.found_holds == "if_no_state_based_action":
            return (f"{found or 'nothing'} if no state-based action is performed first "
                    f"(CR 117.5); not decided: see {see} below")
        return (f"{found + ' found' if found else 'nothing found'}; not decided: {see} "
                "below could add other types or change these (CR 106.7)")
    if not a.complete:
        return f"{found or 'nothing found'}  (at least; not modelled: see --json note)"
    return found or "(nothing)"
