"""Benchmark: issue 36, "fast and exact on Commander mana bases".

Run: ``python benchmarks/issue36.py [--quick]``.

Prints each target of the issue, the CPU time it took and whether it holds:

* the Mind Stone board (Mind Stone, four Signets, four filter lands): ``can-activate
  "Mind Stone" --ability 2`` under 0.5 s; the exact count of ``pay "{1}"`` under 1 s;
* a 15-permanent ramp board (Gilded Lotus, Thran Dynamo, Zendikar Resurgent, Selvala,
  ...): ``{4}{G}{U}`` payable under 0.5 s;
* exact counts with 16 Signets and filter lands on a big board under 2 s (skipped
  with ``--quick``).

Times are CPU time (``time.process_time``) of the library call, start-up excluded
(``benchmarks/startup.py`` measures start-up). Exits 1 if a target is missed or a
count is not exact.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

# Bytecode goes to a folder of its own, never into the checkout.
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

from manacheck.model import load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import is_payable, payment_answer


def board(names: list[str]) -> str:
    return ("turn: {active_player: A, number: 5}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(f'"{n}"' for n in names) + "]\n  B: {}\n")


MIND_STONE = board(["Mind Stone", "Azorius Signet", "Dimir Signet", "Rakdos Signet",
                    "Gruul Signet", "Graven Cairns", "Fire-Lit Thicket", "Flooded Grove",
                    "Mystic Gate"])
RAMP = board(["Gilded Lotus", "Thran Dynamo", "Zendikar Resurgent",
              "Selvala, Heart of the Wilds", "Forest", "Forest", "Forest", "Island",
              "Island", "Llanowar Elves", "Birds of Paradise", "Sol Ring", "Command Tower",
              "Commander's Sphere", "Simic Signet"])
SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet",
           "Selesnya Signet", "Orzhov Signet", "Izzet Signet", "Golgari Signet"]
FILTERS = ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket",
           "Wooded Bastion", "Fetid Heath", "Cascade Bluffs", "Twilight Mire"]
BIG = board([*SIGNETS, *FILTERS, "Sol Ring", *["Plains", "Island", "Swamp", "Mountain",
                                                 "Forest"] * 4])


def timed(f: Callable[[], Any]) -> tuple[Any, float]:
    t = time.process_time()
    out = f()
    return out, time.process_time() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="skip the big board")
    args = ap.parse_args(argv)
    ok = True

    def line(name: str, seconds: float, target: float, exact: bool, what: str) -> None:
        nonlocal ok
        holds = seconds < target and exact
        ok &= holds
        print(f"{name:<44} {seconds:7.3f} s  (target < {target} s)  {what:<28} "
              f"{'holds' if holds else 'NOT met'}")

    s = load_state_text(MIND_STONE)
    v, t = timed(lambda: can_activate(s, "Mind Stone", 2))
    line("Mind Stone board: can-activate Mind Stone 2", t, 0.5, bool(v.legal),
         f"legal: {v.legal}")
    s = load_state_text(MIND_STONE)
    a, t = timed(lambda: payment_answer(s, "A", "{1}", list_payments=False))
    line('Mind Stone board: pay "{1}" count', t, 1.0, a.complete,
         f"count {a.count}" if a.count is not None else f"bounds {a.count_bounds}")
    s = load_state_text(RAMP)
    p, t = timed(lambda: is_payable(s, "A", "{4}{G}{U}"))
    line('ramp board (15): "{4}{G}{U}" payable?', t, 0.5, p is True, f"payable: {p}")
    s = load_state_text(RAMP)
    a, t = timed(lambda: payment_answer(s, "A", "{4}{G}{U}", list_payments=False))
    print(f"{'ramp board (15): {4}{G}{U} count (no target)':<44} {t:7.3f} s  "
          f"count {a.count if a.count is not None else a.count_bounds}")
    if not args.quick:
        for cost in ("{2}", "{W}{U}{B}"):
            big = load_state_text(BIG)
            a, t = timed(functools.partial(payment_answer, big, "A", cost,
                                           list_payments=False))
            line(f"16 Signets/filter lands + 21: count {cost}", t, 2.0, a.complete,
                 f"count {a.count}" if a.count is not None else f"{a.count_bounds}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
