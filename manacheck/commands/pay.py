"""``manacheck pay STATE COST``: every distinct way to pay a mana cost now, and how many.

Exit status 0 when payable, 1 when not (or not decided: ``"payable": null`` when it is
not payable without sources the payment solver can't model, or a search budget was
spent before an answer), 2 for bad input. What the answer means is decided by
:func:`manacheck.solver.payments.payment_answer`; this module only formats it.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 107.4 (symbols), 119.4 (life), 106.6 (restrictions), 302.6 (summoning sickness):
see ``manacheck.solver.payments``.
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
from manacheck.model import BadInput, GameState, ManaCost
from manacheck.model.statefile import load_state_with_cards
from manacheck.solver.budget import EnumerationLimit
from manacheck.solver.payments import limits, payment_answer, resolve_cost

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
    p.add_argument("--y", type=int, metavar="N",
                   help="the value of Y, a variable of its own (CR 107.3p)")
    p.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                   help=f"list at most N payments (default {DEFAULT_LIMIT})")
    p.add_argument("--count", action="store_true", help="print only the number of payments")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    state = load_state_with_cards(args.state, args.cards, note=card_note)
    return emit_reply(args, reply(state, args.cost, player=args.player,
                                  for_object=args.for_object, x=args.x, y=args.y,
                                  limit=args.limit, count=args.count))


def reply(state: GameState, cost_text: str | None, *, player: str | None = None,
          for_object: str | None = None, x: int | None = None, y: int | None = None,
          limit: int = DEFAULT_LIMIT, count: bool = False) -> Reply:
    """The command's answer for ``state``: its JSON, its text and its exit status (the
    web page shows the same, ``manacheck.web``)."""
    player = player or state.turn.active_player
    state.player(player)  # unknown player: one line, exit 2
    if limit is not None and limit < 0:
        raise BadInput(f"--limit can't be negative (got {limit})")
    if cost_text is None:
        if for_object is None:
            raise BadInput("give a COST or --for OBJECT")
        # CR 601.2f, 602.2b: the total cost of what is paid for, decided by the solver.
        try:
            a = payment_answer(state, player, None, x=x, y=y,
                               for_object=for_object, show=limit,
                               list_payments=not count)
        except EnumerationLimit as e:
            return _not_decided(for_object, e)
        cost_raw = a.written if a.written is not None else a.cost
    else:
        cost_raw = ManaCost.parse(cost_text)
        try:
            # (the cost as written says whether it contains {X}: CR 106.6, 107.3)
            a = payment_answer(state, player, resolve_cost(cost_raw, x, y),
                               for_object=for_object, show=limit,
                               list_payments=not count,
                               contains_x="X" in cost_raw.variables)
        except EnumerationLimit as e:
            return _not_decided(cost_raw.text, e)
    cost = a.cost
    # CR 107.3: say the cost as written and the value of X, not only the cost after X.
    written = cost_raw.mana_only.text
    given = ", ".join(f"{k}={v}" for k, v in (("X", x), ("Y", y)) if v is not None)
    label = (f"{written} with {given} ({cost.text or '{0}'})"
             if given and written != cost.text else None)
    if a.cost_changes:
        label = f"{written}{f' with {given}' if given else ''}, total cost " \
                f"{cost.text or '{0}'}"
    if a.no_mana_cost:
        label = "no mana cost"
    data = a.to_data()
    note = "\n".join(n for n in (same_name_note(state, for_object), order_note(state))
                     if n) or None
    if note:
        data["note"] = note
    if label is not None:
        data = {**{k: data[k] for k in ("cost", "payable", "count", "complete")},
                "cost_as_written": written, "x": x,
                **{k: v for k, v in data.items()
                   if k not in ("cost", "payable", "count", "complete")}}
    shown_cost = label or data["cost"]
    # A pool-copying source (Doubling Cube) is said once, by its own reason below.
    copied = {f"{u.object_id}" for u in a.lower_bound_because if u.key == "pool_copy"}
    others = [x for x in a.left_out if x.split(" (ability ")[0] not in copied]
    left_note = ("  (at least: left out, because the payment solver can't model them: "
                 + ", ".join(others) + ")") if others else ""
    if a.lower_bound_because:
        left_note += "  (at least: " + "; ".join(
            f"{u.object_id}: {u.why}"
            if u.key in ("used_once", "used_in_sequence", "pool_copy") else
            f"{u.object_id} ({u.text}) is applied only in part"
            for u in a.lower_bound_because) + ")"

    def text() -> str:
        changes = [f"  cost change: {c}" for c in a.cost_changes]
        changes += [note] if note else []
        changes += [f"  first, before priority: {s}" for s in a.state_based]
        if a.undecided:
            return "\n".join([f"{shown_cost}: not decided"]
                             + [f"  - {u.object_id + ' (' + u.text + '): ' if u.object_id else ''}"
                                f"{u.why}" for u in a.undecided]
                             + changes)
        return "\n".join([body(), *changes]) if changes and not count else body()

    def stopped_count() -> str:
        """The count stopped at its budget: its proven bounds, and why."""
        cb = a.count_bounds
        if cb is None:
            return a.stopped
        most = f", at most {cb.at_most:,}" if cb.at_most is not None else ""
        why = f" ({a.stopped})" if a.stopped else ""
        noun = "payment" if cb.at_least == 1 and cb.at_most is None else "payments"
        return f"at least {cb.at_least:,}{most} distinct {noun}{why}"

    def body() -> str:
        if count:
            if a.count is None:
                return stopped_count()
            return str(a.count)
        if a.payable is None:
            return "\n".join([f"{shown_cost}: not decided: " + "; ".join(a.undecided_because)]
                             + [f"  - {r}" for r in a.reasons])
        if not a.payable:
            return "\n".join([f"{shown_cost}: not payable" + left_note]
                             + [f"  - {r}" for r in a.reasons])
        noun = "payment" if a.count == 1 else "payments"
        head = f"{a.count} distinct {noun}" if a.count is not None else stopped_count()
        lines = [f"{shown_cost}: payable, {head}{left_note}"]
        for i, q in enumerate(a.options, 1):
            lines.append(f"{i:>4}. {q.text}")
        if a.count is not None and a.count > len(a.options):
            lines.append(f"      ... and {a.count - len(a.options)} more (--limit N to list "
                         f"more)")
        if a.listing_stopped:
            lines.append(f"      (the listing stopped at its budget: {a.listing_stopped})")
        elif not a.order_complete and a.options:
            lines.append(f"      (order among payments using {a.options[-1].permanents} "
                         f"sources: best of the first {limits.DEFAULT_MAX_SCAN} found)")
        return "\n".join(lines)

    return Reply(data, text, EXIT_YES if a.payable else EXIT_NO)


def _not_decided(what: str | None, e: EnumerationLimit) -> Reply:
    """A search limit hit while listing what the sources could add (the replacement
    effects' budget, CR 616.1): not bad input, an answer that is not decided (exit 1)."""
    data = {"cost": what, "payable": None, "complete": False, "limit": e.one_line()}
    return Reply(data, lambda: f"{what}: not decided: {e.one_line()}", EXIT_NO)
