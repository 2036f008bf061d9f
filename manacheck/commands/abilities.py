"""``manacheck abilities STATE``: every activated ability a player could consider.

Lists the abilities of the player's permanents and of cards in their hand or graveyard
that work from there, each with its verdict. Exit status 0 when at least one can be
activated now, 1 when none can, 2 for bad input.
"""

from __future__ import annotations

import argparse

from manacheck.cli import (
    CARDS_HELP,
    EXIT_NO,
    EXIT_YES,
    card_note,
    cards_file,
    emit,
    reason_lines,
    reason_refs,
    reasons_data,
)
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.activation import abilities
from manacheck.solver.soundness import shared_reasons

from .can_activate import witness_text

COMMAND = "abilities"
HELP = "list every activated ability a player could consider, each with its verdict"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("--player", metavar="NAME",
                   help="whose abilities (default: the active player)")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards, note=card_note)
    player = args.player or state.turn.active_player
    rows = abilities(state, player)
    # Each effect that keeps verdicts from being decided is said once for the whole
    # answer; the rows refer to it (a row's own reason, such as a search limit, stays
    # on the row).
    shared, refs = shared_reasons((v.unapplied for _, _, v in rows), player)
    listed = []
    for (_, _, v), ids in zip(rows, refs, strict=True):
        row = {**v.to_data(), "text": v.text}
        if v.unapplied:
            del row["undecided"]
            row["undecided_ids"] = [i + 1 for i in ids]
        listed.append(row)
    data: dict[str, object] = {"player": player, "abilities": listed}
    if shared:
        data["undecided"] = reasons_data(shared)

    def text() -> str:
        if not rows:
            return f"{player} has no activated abilities to consider"
        lines = []
        for (obj, n, v), ids in zip(rows, refs, strict=True):
            mark = "yes" if v.legal else ("??" if v.legal is None or v.undecided else "no ")
            lines.append(f"{mark:<3} {obj} [{n}] {v.text}")
            if v.undecided:
                why = v.undecided if v.undecided.startswith("not decided") \
                    else f"not decided: {v.undecided}"
                lines.append(f"      not decided: see {reason_refs([i + 1 for i in ids])} "
                             "below" if v.unapplied else f"      {why}")
                continue
            if v.legal and v.witness is not None:
                least = "" if v.ways_complete and not v.left_out else "at least "
                lines.append(f"      {least}{v.ways} way(s), e.g. {witness_text(v.witness)}")
            for r in v.reasons:
                lines.append(f"      CR {r.rule}: {r.message}")
        return "\n".join([*lines, *reason_lines(shared)])

    emit(args, data, text)
    return EXIT_YES if any(v.legal for _, _, v in rows) else EXIT_NO
