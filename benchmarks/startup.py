"""How much CPU a command costs before it does any work: ``manacheck validate`` on a small
board against ``python -c pass``, paired in one run.

Both run as fresh processes with their bytecode already cached (each is run once first
to warm up), interleaved so that a busy machine slows both alike; the CPU time of each
child (user + system, from ``getrusage(RUSAGE_CHILDREN)`` deltas) is taken, and the
medians compared. Also shown, not checked: ``pay`` and ``can-activate`` on the bundled
examples. Exit status 1 when validate takes more than ``MAX_MS`` ms of CPU or more than
``MAX_RATIO`` times ``python -c pass``.

Run: python benchmarks/startup.py [--quick]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_MS = 120.0
MAX_RATIO = 4.0
#: The console script beside this Python (as installed), else ``python -m manacheck``.
_SCRIPT = Path(sys.executable).with_name("manacheck")
MANACHECK = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "manacheck"]
#: The children may write bytecode (the warm-up run caches it) whatever the caller says.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "manacheck validate": [*MANACHECK, "validate", "examples/payment.yaml"],
    "manacheck pay": [*MANACHECK, "pay", "examples/payment.yaml", "{1}{G}"],
    "manacheck can-activate": [*MANACHECK, "can-activate", "examples/activation.yaml",
                               "kozilek"],
}


def cpu_ms(argv: list[str]) -> float:
    """The CPU time (user + system, ms) of one run of ``argv`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main() -> int:
    reps = 5 if "--quick" in sys.argv else 15
    for name, argv in COMMANDS.items():  # warm up: bytecode compiled and cached
        # A command that fails at once (manacheck not installed, a bad example) would
        # look like a fast start: its exit status is checked here (0 or 1 are answers).
        run = subprocess.run(argv, cwd=ROOT, env=ENV, capture_output=True, text=True,
                             check=False)
        if run.returncode not in (0, 1):
            last = (run.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"{name}: exit {run.returncode}: {last}", file=sys.stderr)
            return 2
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(reps):
        for name, argv in COMMANDS.items():
            times[name].append(cpu_ms(argv))
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    base = medians["python -c pass"]
    print(f"CPU time, median of {reps} paired runs (bytecode cached):")
    for name, ms in medians.items():
        print(f"  {name:24} {ms:7.1f} ms  {ms / base:5.1f}x python -c pass")
    validate = medians["manacheck validate"]
    ratio = validate / base
    ok = validate <= MAX_MS and ratio <= MAX_RATIO
    print(f"validate: {validate:.1f} ms (at most {MAX_MS:.0f}), {ratio:.1f}x python -c pass "
          f"(at most {MAX_RATIO:.0f}x): {'ok' if ok else 'TOO SLOW'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
