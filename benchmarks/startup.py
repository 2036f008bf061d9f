"""How much CPU a command costs before it does any work: ``manacheck validate`` on a small
board against ``python -c pass``, paired in one run.

Both run as fresh processes with their bytecode already cached (each is run once first
to warm up), interleaved so that a busy machine slows both alike; the CPU time of each
child (user + system, from ``getrusage(RUSAGE_CHILDREN)`` deltas) is taken, and the
medians compared. Exit status 1 when validate takes more than ``MAX_MS`` ms of CPU or
more than ``MAX_RATIO`` times ``python -c pass``, or ``pay`` on a board of five
permanents more than ``MAX_PAY_RATIO`` times (issue 36: it imports only what paying
needs).
Also shown, not checked: ``can-activate`` on the bundled example.

The shipped card pool (issue 12): ``manacheck card`` and ``validate`` naming a pool card
against the same naming a built-in card, paired the same way; the difference is what
naming a pool card adds (at most ``MAX_POOL_MS``). And the first run after install:
each command once with no bytecode at all (a fresh, empty ``PYTHONPYCACHEPREFIX``), the
pool card's run against the built-in card's (what the pool adds, at most
``MAX_FIRST_RUN_MS``; the pool builds no cache of its own at first use, it is read as
shipped).

The bytecode goes to a temporary ``PYTHONPYCACHEPREFIX`` (removed at exit), never into
the checkout. Run: python benchmarks/startup.py [--quick]
"""

from __future__ import annotations

import argparse
import atexit
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_MS = 120.0
MAX_RATIO = 4.0
MAX_PAY_RATIO = 4.0
MAX_POOL_MS = 50.0
MAX_FIRST_RUN_MS = 1000.0
#: The console script beside this Python (as installed), else ``python -m manacheck``.
_SCRIPT = Path(sys.executable).with_name("manacheck")
MANACHECK = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "manacheck"]
STATES = Path(tempfile.mkdtemp(prefix="manacheck-startup-"))
atexit.register(shutil.rmtree, STATES, ignore_errors=True)
#: The children write bytecode (the warm-up run caches it) whatever the caller says, and
#: into a folder of their own, not the checkout's __pycache__.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPYCACHEPREFIX"] = str(STATES / "pycache")
#: The board ``pay`` is timed on: five permanents (issue 36).
FIVE = STATES / "five-permanents.yaml"
FIVE.write_text("turn: {active_player: Alice, phase: precombat_main}\n"
                "players:\n  Alice:\n    battlefield: [Forest, Island, Savannah, Sol Ring, "
                "Llanowar Elves]\n  Bob: {}\n", encoding="utf-8")
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "manacheck validate": [*MANACHECK, "validate", "examples/payment.yaml"],
    "manacheck pay": [*MANACHECK, "pay", str(FIVE), "{1}{G}"],
    "manacheck can-activate": [*MANACHECK, "can-activate", "examples/activation.yaml",
                               "kozilek"],
}
#: A card the shipped pool has and the built-in cards don't, and a built-in card (both
#: mana creatures, looked up the same way).
POOL_CARD, BUILTIN_CARD = "Leyline Prowler", "Llanowar Elves"


def _state(card: str) -> str:
    path = STATES / f"{card.replace(' ', '-')}.yaml"
    path.write_text("turn: {active_player: Alice, phase: precombat_main}\n"
                    f"players:\n  Alice:\n    battlefield: [{card}, Forest]\n",
                    encoding="utf-8")
    return str(path)


#: Pairs: (naming the pool card, naming the built-in card).
POOL_PAIRS: dict[str, tuple[list[str], list[str]]] = {
    "card": ([*MANACHECK, "card", POOL_CARD], [*MANACHECK, "card", BUILTIN_CARD]),
    # Not the exact spelling: every name is read (the pool's index) to find the card.
    "card, lower case": ([*MANACHECK, "card", POOL_CARD.lower()],
                         [*MANACHECK, "card", BUILTIN_CARD.lower()]),
    "validate": ([*MANACHECK, "validate", _state(POOL_CARD)],
                 [*MANACHECK, "validate", _state(BUILTIN_CARD)]),
}
for _name, (_pool, _builtin) in POOL_PAIRS.items():
    COMMANDS[f"{_name} (pool card)"] = _pool
    COMMANDS[f"{_name} (built-in card)"] = _builtin


def cpu_ms(argv: list[str], env: dict[str, str] | None = None) -> float:
    """The CPU time (user + system, ms) of one run of ``argv`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=ROOT, env=env or ENV, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def first_run_ms(argv: list[str]) -> float:
    """The CPU time of ``argv`` run with no bytecode cached (a new, empty
    ``PYTHONPYCACHEPREFIX``: every module compiled, as on the first run after install)."""
    with tempfile.TemporaryDirectory(prefix="manacheck-pycache-") as prefix:
        return cpu_ms(argv, {**ENV, "PYTHONPYCACHEPREFIX": prefix})


def pool_report(medians: dict[str, float], reps: int) -> bool:
    """Print what naming a pool card adds, cached and on a first run; True if within
    ``MAX_POOL_MS`` and ``MAX_FIRST_RUN_MS``."""
    ok = True
    print(f"the shipped card pool ({POOL_CARD!r} against the built-in {BUILTIN_CARD!r}):")
    for name in POOL_PAIRS:
        added = medians[f"{name} (pool card)"] - medians[f"{name} (built-in card)"]
        ok = ok and added <= MAX_POOL_MS
        print(f"  {name + ':':17} naming a pool card adds {added:6.1f} ms (at most "
              f"{MAX_POOL_MS:.0f})")
    pool_argv, builtin_argv = POOL_PAIRS["card"]
    firsts: dict[str, list[float]] = {"pool": [], "built-in": []}
    for _ in range(max(3, reps // 3)):
        firsts["pool"].append(first_run_ms(pool_argv))
        firsts["built-in"].append(first_run_ms(builtin_argv))
    first = {k: statistics.median(v) for k, v in firsts.items()}
    added = first["pool"] - first["built-in"]
    ok = ok and added <= MAX_FIRST_RUN_MS
    print(f"  first run after install (no bytecode): card (pool card) {first['pool']:.1f} ms, "
          f"card (built-in card) {first['built-in']:.1f} ms: the pool adds {added:.1f} ms "
          f"(at most {MAX_FIRST_RUN_MS:.0f})")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "),
                                 epilog=f"Targets: validate at most {MAX_MS:.0f} ms and "
                                 f"{MAX_RATIO:.0f}x python -c pass; pay at most "
                                 f"{MAX_PAY_RATIO:.0f}x; a pool card adds at most "
                                 f"{MAX_POOL_MS:.0f} ms, {MAX_FIRST_RUN_MS:.0f} ms on a "
                                 "first run. Exit status 1 when one is missed, 2 when a "
                                 "command fails.")
    ap.add_argument("--quick", action="store_true", help="5 paired runs instead of 15")
    reps = 5 if ap.parse_args(argv).quick else 15
    for name, argv_ in COMMANDS.items():  # warm up: bytecode compiled and cached
        # A command that fails at once (manacheck not installed, a bad example) would
        # look like a fast start: its exit status is checked here (0 or 1 are answers).
        run = subprocess.run(argv_, cwd=ROOT, env=ENV, capture_output=True, text=True,
                             check=False)
        if run.returncode not in (0, 1):
            last = (run.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"{name}: exit {run.returncode}: {last}", file=sys.stderr)
            return 2
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(reps):
        for name, argv_ in COMMANDS.items():
            times[name].append(cpu_ms(argv_))
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    base = medians["python -c pass"]
    print(f"CPU time, median of {reps} paired runs (bytecode cached):")
    for name, ms in medians.items():
        print(f"  {name:34} {ms:7.1f} ms  {ms / base:5.1f}x python -c pass")
    validate = medians["manacheck validate"]
    ratio = validate / base
    ok = validate <= MAX_MS and ratio <= MAX_RATIO
    print(f"validate: {validate:.1f} ms (at most {MAX_MS:.0f}), {ratio:.1f}x python -c pass "
          f"(at most {MAX_RATIO:.0f}x): {'ok' if ok else 'TOO SLOW'}")
    pay_ratio = medians["manacheck pay"] / base
    pay_ok = pay_ratio <= MAX_PAY_RATIO
    print(f"pay: {medians['manacheck pay']:.1f} ms, {pay_ratio:.1f}x python -c pass (at most "
          f"{MAX_PAY_RATIO:.0f}x): {'ok' if pay_ok else 'TOO SLOW'}")
    pool_ok = pool_report(medians, reps)
    print(f"pool: {'ok' if pool_ok else 'TOO SLOW'}")
    return 0 if ok and pay_ok and pool_ok else 1


if __name__ == "__main__":
    sys.exit(main())
