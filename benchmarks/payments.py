"""Benchmark: counting distinct payments, ours vs the naive encoding vs brute force.

Run: ``python benchmarks/payments.py [--quick] [--budget SECONDS]``.

For boards of 5, 10, 20, 40 and 80 sources (basics, duals, tri-lands, any-color
sources; boards of many identical copies; and up to 40 "mixed" sources -- Sol Ring,
filter lands, snow lands, Mana Confluence -- with hybrid, Phyrexian and {S} costs) and
costs of mana value 3 to 10:

* ``ours``: ``Payments.count()`` (the grouped encoding, counted combinatorially),
  and ``payable?`` (``is_payable``: max-flow pre-check, then the counting programme or
  the first grouped solution);
* ``enum``: our grouped python-constraint problem walked solution by solution
  (only where the count is at most 200,000);
* ``naive``: python-constraint with ONE variable per permanent (its option, or
  unused), the same exact check at the leaves, then deduplication by issue 3's
  definition (the baseline the grouped design must beat);
* ``brute``: every per-permanent choice by ``itertools.product``, deduplicated (only
  where the product is at most 200,000).

Counts must agree wherever two of them finish; the script says so and exits 1 if not.
Every slow method has a time budget and prints ``>budget`` when it runs out.
Target: the counts agree, and on every board of ``BIG`` sources or more ours is at least
``MIN_RATIO`` times faster than the naive encoding (or the naive one runs out of its
budget first); exit status 1 when missed.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import board, random_cost
from manacheck.model import GameState, load_state_text
from manacheck.solver.csp import CSP
from manacheck.solver.payments import PaymentSearchLimit, is_payable
from manacheck.solver.payments import search_payments as payments
from manacheck.solver.payments.board import Board
from manacheck.solver.payments.exact import valid
from manacheck.solver.payments.precheck import flow_possible
from manacheck.solver.payments.sources import board_for


class OutOfTime(Exception):
    pass


def _per_permanent(b: Board) -> list[tuple[int, list[int]]]:
    """(group index, option indices) for each source object: the naive variables."""
    out = []
    for gi, g in enumerate(b.groups):
        for _ in g.ids:
            out.append((gi, list(range(len(g.options)))))
    return out


def _valid_choice(b: Board, picks: list[tuple[int, int]], pool: tuple[int, ...],
                  life: int) -> bool:
    counts = [0] * len(b.kinds)
    need = 0
    self_taps: dict[int, int] = {}
    for gi, oi in picks:
        o = b.groups[gi].options[oi]
        counts[o.kind] += 1
        need += b.kinds[o.kind].taps_other
        if o.taps_self:
            self_taps[gi] = self_taps.get(gi, 0) + 1
    avail = b.extra_tappers + sum(g.tappers - self_taps.get(gi, 0)
                                  for gi, g in enumerate(b.groups) if g.tappers)
    return valid(b, counts, list(pool), life, need, avail)


def _identity(picks: list[tuple[int, int]], pool: tuple[int, ...], life: int
              ) -> tuple[Any, ...]:
    return (tuple(sorted(picks)), pool, life)


def naive(b: Board, budget: float) -> int:
    """One python-constraint variable per permanent; dedupe afterwards."""
    deadline = time.perf_counter() + budget
    perms = _per_permanent(b)
    p = CSP()
    names: list[Hashable] = []
    for i, (_gi, opts) in enumerate(perms):
        p.add_variable(("perm", i), [-1, *opts])
        names.append(("perm", i))
    for i, pk in enumerate(b.pool):
        p.add_variable(("pool", i), range(pk.amount + 1))
        names.append(("pool", i))
    life_top = min(b.phyrexian, max(b.life, 0) // 2)
    p.add_variable(("life",), range(life_top + 1))
    names.append(("life",))
    cap = b.max_activations
    n_perm = len(perms)

    def few_enough(*vals: Any) -> bool:
        used = sum(1 for v in vals if isinstance(v, int) and v >= 0)
        return used <= cap

    p.add_partial_predicate([("perm", i) for i in range(n_perm)], few_enough)

    def check(*vals: Any) -> bool:
        if time.perf_counter() > deadline:
            raise OutOfTime
        picks = [(perms[i][0], v) for i, v in enumerate(vals[:n_perm]) if v >= 0]
        pool = tuple(vals[n_perm:n_perm + len(b.pool)])
        return _valid_choice(b, picks, pool, vals[-1])

    p.add_predicate(names, check)
    seen: set[tuple[Any, ...]] = set()
    if not flow_possible(b):
        return 0
    for sol in p.solutions():
        picks = [(perms[i][0], sol[("perm", i)]) for i in range(n_perm)
                 if sol[("perm", i)] >= 0]
        pool = tuple(sol[("pool", i)] for i in range(len(b.pool)))
        seen.add(_identity(picks, pool, sol[("life",)]))
    return len(seen)


def brute(b: Board, budget: float, max_product: int = 200_000) -> int | None:
    """Every per-permanent choice by itertools.product; None when too large."""
    perms = _per_permanent(b)
    size = 1
    for _, opts in perms:
        size *= len(opts) + 1
    if size > max_product:
        return None
    deadline = time.perf_counter() + budget
    seen: set[tuple[Any, ...]] = set()
    life_top = min(b.phyrexian, max(b.life, 0) // 2)
    pools = list(itertools.product(*(range(pk.amount + 1) for pk in b.pool)))
    for choice in itertools.product(*([-1, *opts] for _, opts in perms)):
        if time.perf_counter() > deadline:
            raise OutOfTime
        picks = [(perms[i][0], v) for i, v in enumerate(choice) if v >= 0]
        if len(picks) > b.max_activations:
            continue
        for pool in pools:
            for life in range(life_top + 1):
                if _valid_choice(b, picks, pool, life):
                    seen.add(_identity(picks, pool, life))
    return len(seen)


def _count_or_stop(state: GameState, cost: str) -> int | str:
    try:
        return payments(state, "A", cost).count()
    except PaymentSearchLimit:
        return "stopped"


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    try:
        value = fn()
    except OutOfTime:
        value = "timeout"
    return value, time.perf_counter() - t


def fresh(state_text: str) -> GameState:
    return load_state_text(state_text)


#: The target: on boards of BIG sources or more, naive / ours at least MIN_RATIO.
BIG = 20
MIN_RATIO = 10.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        epilog=f"Target: the counts agree; at {BIG} sources or more, ours at least "
               f"{MIN_RATIO:.0f}x faster than the naive encoding. Exit status 1 when "
               "missed.")
    ap.add_argument("--budget", type=float, default=20.0,
                    help="seconds allowed to the naive and brute-force methods per row")
    ap.add_argument("--quick", action="store_true", help="fewer rows")
    args = ap.parse_args(argv)
    rows: list[tuple[str, int, int]] = []
    sizes = (5, 10, 20) if args.quick else (5, 10, 20, 40, 80)
    for n in sizes:
        for mv in ((3, 6) if args.quick else (3, 5, 10)):
            rows.append(("five_colors", n, mv))
        rows.append(("identical", n, 4))
        if n <= 40:
            rows.append(("mixed", n, 5))
    print(f"{'board':<12} {'n':>3} {'cost':<14} {'count':>14} {'ours':>8} {'payable?':>9} "
          f"{'enum':>8} {'naive':>9} {'brute':>9} {'naive/ours':>10} {'naive/enum':>10}")
    bad = False
    slow: list[str] = []
    warm = fresh(board(3, "basics"))  # imports and first-call caches out of the timings
    is_payable(warm, "A", "{1}")
    payments(warm, "A", "{1}").count()
    for mix, n, mv in rows:
        identical = mix == "identical"
        text = board(n, mix, seed=n * 100 + mv, copies=max(1, n // 4) if identical else 1)
        cost = random_cost(mv, seed=n + mv, colors="GU" if identical else "WUBRG",
                           special=mix == "mixed")
        state = fresh(text)
        ok, t_pay = timed(lambda s=state, c=cost: is_payable(s, "A", c))
        state = fresh(text)
        count, t_ours = timed(lambda s=state, c=cost: _count_or_stop(s, c))
        if isinstance(count, int) and count <= 200_000:
            state = fresh(text)
            enum, t_enum = timed(lambda s=state, c=cost: payments(s, "A", c)
                                 .count_by_enumeration())
        else:
            enum, t_enum = None, 0.0
        state = fresh(text)
        nv, t_naive = timed(lambda s=state, c=cost: naive(board_for(s, "A", c, None, None,
                                                                 frozenset()), args.budget))
        state = fresh(text)
        br, t_brute = timed(lambda s=state, c=cost: brute(board_for(s, "A", c, None, None,
                                                                 frozenset()), args.budget))
        for other in (enum, nv, br):
            if isinstance(other, int) and other != count:
                bad = True
                print(f"  !! count mismatch: ours {count}, other {other}")
        if isinstance(count, int) and (count > 0) != ok:
            bad = True
            print(f"  !! payable? says {ok} but count is {count}")

        def fmt(v: Any, t: float) -> str:
            if v is None:
                return "-"
            if v == "timeout":
                return f">{args.budget:.0f}s"
            return f"{t:.3f}s"

        if n >= BIG and t_ours > 0 and (t_naive if isinstance(nv, int)
                                         else args.budget) / t_ours < MIN_RATIO:
            slow.append(f"{mix} {n} {cost}")
        ratio = (f"{t_naive / t_ours:.0f}x" if isinstance(nv, int) else
                 f">{args.budget / t_ours:.0f}x") if t_ours > 0 else "-"
        ratio_enum = "-"
        if isinstance(enum, int) and t_enum > 0:
            ratio_enum = (f"{t_naive / t_enum:.0f}x" if isinstance(nv, int) else
                          f">{args.budget / t_enum:.0f}x")
        print(f"{mix:<12} {n:>3} {cost:<14} {count!s:>14} {t_ours:>7.3f}s "
              f"{t_pay * 1000:>7.1f}ms {fmt(enum, t_enum):>8} {fmt(nv, t_naive):>9} "
              f"{fmt(br, t_brute):>9} {ratio:>10} {ratio_enum:>10}", flush=True)
    print("counts agree wherever two methods finished" if not bad else "DISAGREEMENT")
    print(f"target: counts agree; at {BIG} sources or more ours at least {MIN_RATIO:.0f}x "
          f"faster than naive: {'holds' if not bad and not slow else 'MISSED'}"
          + (f" (under it: {', '.join(slow)})" if slow else ""))
    return 1 if bad or slow else 0


if __name__ == "__main__":
    sys.exit(main())
