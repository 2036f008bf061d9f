"""``manacheck produce STATE [OBJECT...] [--explain]``: what mana could each permanent
produce (CR 106.7)?

Rules
-----
CR 106.7: costs ignored, replacement effects in any possible order; "type" includes
colorless. The answer is the least fixed point of the could-produce references.
"""

from __future__ import annotations

import argparse

from manacheck.cli import CARDS_HELP, EXIT_YES, card_note, cards_file, emit, order_note
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.produce import (
    CouldProduce,
    explain_could_produce,
    producing_abilities,
)
from manacheck.solver.produce.unreadmana import unread_mana_effects

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
    ids: list[str] = list(args.objects)
    for oid in ids:
        state.permanent(oid)  # UnknownObject: one line, exit 2
    if not ids:
        # (an ability whose unread effect could add mana is listed too: not decided)
        ids = [p.id for p in state.permanents if producing_abilities(state, p.id)
               or unread_mana_effects(state, p.id)]
    # Derivations only with --explain (they cost replacement graphs of full events).
    # A search limit is not bad input: the answer says "not decided" and names it.
    answers = [explain_could_produce(state, oid, explain=args.explain) for oid in ids]
    data: dict[str, object] = {"objects": [a.as_dict(explain=args.explain)
                                           for a in answers]}
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
        for a in answers:
            note = "" if a.complete else "  (at least; not modelled: see --json note)"
            if a.undecided:
                note = "  (not decided: " + "; ".join(
                    f"{u.object_id} ({u.text}) isn't applied and could change it"
                    if u.object_id else u.why for u in a.undecided) + ")"
            if a.limit is not None:
                note = f"  ({a.limit})"
            lines.append(f"{a.object_id:<{width}}  {_letters(a)}{note}")
            lines.extend(f"    first, before priority: {s}" for s in a.state_based)
            if args.explain:
                lines.extend(f"    {d.describe()}" for d in a.derivation)
                if a.explain_limit is not None:
                    lines.append(f"    (explanation incomplete: {a.explain_limit})")
                if not a.derivation and a.limit is None and a.explain_limit is None:
                    lines.append("    nothing: no mana ability could produce a defined type "
                                 "[CR 106.5, 106.7]")
        return "\n".join([*lines, *([order] if order else [])])

    emit(args, data, text)
    return EXIT_YES


def _letters(a: CouldProduce) -> str:
    if a.limit is not None:
        return "(not decided)"
    return " ".join(a.letters) if a.letters else "(nothing)"
