"""``manacheck pay STATE COST``: every distinct way to pay a mana cost now, and how many.

Exit status 0 when payable, 1 when not (or not decided: ``"payable": null`` when it is
not payable without sources the payment solver can't model), 2 for bad input.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 107.4 (symbols), 119.4 (life), 106.6 (restrictions), 302.6 (summoning sickness):
see ``manacheck.solver.payments``.
"""

from __future__ import annotations

import argparse
from typing import Any

from manacheck.cli import EXIT_NO, EXIT_YES, emit
from manacheck.model import BadInput, ManaCost
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.payments import (
    DEFAULT_MAX_SCAN,
    Payment,
    PaymentSearchLimit,
    cost_for_object,
    payments,
    reduce_for_casting,
    resolve_cost,
    unpayable_reasons,
)

COMMAND = "pay"
HELP = "list and count every distinct way to pay a mana cost (CR 601.2g-h)"

DEFAULT_LIMIT = 50


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("cost", metavar="COST", nargs="?",
                   help='cost text such as "{2}{W}{U}" (default: the cost of --for)')
    p.add_argument("--player", metavar="NAME", help="who pays (default: the active player)")
    p.add_argument("--for", dest="for_object", metavar="OBJECT",
                   help="what is paid for: a card in hand or spell (its mana cost), or a "
                        "permanent (its ability's cost); spending restrictions test it")
    p.add_argument("--x", type=int, metavar="N", help="the value of X (CR 107.3)")
    p.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                   help=f"list at most N payments (default {DEFAULT_LIMIT})")
    p.add_argument("--count", action="store_true", help="print only the number of payments")
    p.add_argument("--cards", metavar="FILE", help="extra card definitions (YAML or JSON)")
    p.set_defaults(func=handle)


def _option(q: Payment) -> dict[str, Any]:
    data: dict[str, Any] = q.to_data()
    return data


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards)
    player = args.player or state.turn.active_player
    state.player(player)  # unknown player: one line, exit 2
    if args.limit is not None and args.limit < 0:
        raise BadInput(f"--limit can't be negative (got {args.limit})")
    exclude: frozenset[str] = frozenset()
    if args.cost is None:
        if args.for_object is None:
            raise BadInput("give a COST or --for OBJECT")
        cost_raw, exclude = cost_for_object(state, args.for_object)
        # CR 601.2f: the total cost, with the spell's own reductions (affinity).
        cost = reduce_for_casting(state, args.for_object, resolve_cost(cost_raw, args.x),
                                  player)
    else:
        cost_raw = ManaCost.parse(args.cost)
        cost = resolve_cost(cost_raw, args.x)
    # CR 107.3: say the cost as written and the value of X, not only the cost after X.
    written = cost_raw.mana_only.text
    label = (f"{written} with X={args.x} ({cost.text or '{0}'})"
             if args.x is not None and written != cost.text else None)
    p = payments(state, player, cost, for_object=args.for_object, exclude=exclude)
    complete = True
    try:
        count = p.count()
    except PaymentSearchLimit:
        count, complete = -1, False
    payable = count > 0 if complete else bool(p)
    data: dict[str, Any] = {"cost": cost.text or "{0}", "payable": payable,
                            "count": count if complete else None, "complete": complete}
    if label is not None:
        data["cost_as_written"] = written
        data["x"] = args.x
    shown_cost = label or data["cost"]
    options: list[Payment] = []
    if payable and not args.count:
        options = p.best(args.limit)
        data["options"] = [_option(q) for q in options]
        data["order_complete"] = p.best_complete
    if not payable:
        data["count"] = 0
        data["reasons"] = unpayable_reasons(state, player, cost, for_object=args.for_object,
                                            exclude=exclude)
    if p.left_out:
        # Sources the payment solver can't model were left out: a lower bound, and "not
        # payable" is not decided (one of them might pay it): "payable": null.
        data["complete"] = False
        data["left_out"] = list(p.left_out)
        if not payable:
            data["payable"] = None
    left_note = ("  (at least: left out, because the payment solver can't model them: "
                 + ", ".join(p.left_out) + ")") if p.left_out else ""

    def text() -> str:
        shown = str(count)
        if args.count:
            if not complete:
                return "the count stopped at its limit (too many partial states)"
            return shown if payable else "0"
        if not payable and p.left_out:
            return "\n".join([f"{shown_cost}: not decided: not payable without the "
                              f"sources left out, and the payment solver can't model "
                              f"them: " + ", ".join(p.left_out)]
                             + [f"  - {r}" for r in data["reasons"]])
        if not payable:
            return "\n".join([f"{shown_cost}: not payable" + left_note]
                             + [f"  - {r}" for r in data["reasons"]])
        noun = "payment" if count == 1 else "payments"
        head = f"{shown} distinct {noun}" if complete else \
            "the count stopped at its limit (too many partial states)"
        lines = [f"{shown_cost}: payable, {head}{left_note}"]
        for i, q in enumerate(options, 1):
            lines.append(f"{i:>4}. {q.text}")
        if complete and count > len(options):
            lines.append(f"      ... and {count - len(options)} more (--limit N to list more)")
        if not p.best_complete:
            lines.append(f"      (order among payments using {options[-1].permanents} sources: "
                         f"best of the first {DEFAULT_MAX_SCAN} found)")
        return "\n".join(lines)

    emit(args, data, text)
    return EXIT_YES if payable else EXIT_NO
