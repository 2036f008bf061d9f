"""How long ``manacheck validate`` takes, and how fast hostile files are refused.

Boards are generated (seeded) with N permanents spread over two players, hands, and a
stack. "ours" is :func:`manacheck.model.load_state` (bounded pre-scan with libyaml,
key-path line map, every check); the naive baseline is ``yaml.safe_load`` (pure-Python
loader, as a first try would use) followed by the same checks without line numbers.
Also timed: the whole ``manacheck validate`` command in a fresh process (Python start-up
and loading the built-in cards included), and refusing hostile files.

Targets: ours at least ``MIN_RATIO`` times faster than the naive load on every board,
and every hostile file refused in process within ``MAX_REFUSE_MS`` ms and ``MAX_REFUSE_MIB``
MiB ("in milliseconds and bounded memory", README); exit status 1 when one is missed.

Run: python benchmarks/validate.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

import yaml
from manacheck.model import StateFileError, builtin_cards, load_state, load_state_data
from manacheck.model.statefile import MAX_BYTES

MIN_RATIO = 2.0
MAX_REFUSE_MS = 100.0
MAX_REFUSE_MIB = 16.0

PERMANENT_CARDS = ["Forest", "Island", "Plains", "Swamp", "Mountain", "Llanowar Elves",
                   "Sol Ring", "Birds of Paradise", "Exotic Orchard", "Reflecting Pool",
                   "City of Brass", "Graven Cairns", "The Ozolith", "Lotus Petal"]


def board(n_permanents: int, seed: int = 1) -> str:
    """A state file with ``n_permanents`` permanents (YAML text)."""
    rng = random.Random(seed)
    lines = ["turn: {active_player: Alice, phase: precombat_main}", "players:"]
    for player, share in (("Alice", (n_permanents + 1) // 2), ("Bob", n_permanents // 2)):
        lines += [f"  {player}:", "    life: 20", "    library_size: 40",
                  "    hand: [Sheer Drop, Fireball, Forest]", "    battlefield:"]
        for _ in range(share):
            card = rng.choice(PERMANENT_CARDS)
            extras = []
            if rng.random() < 0.3:
                extras.append("tapped: true")
            if rng.random() < 0.2:
                extras.append(f'counters: {{"+1/+1": {rng.randint(1, 3)}}}')
            lines.append(f"      - {{card: {card}{', ' if extras else ''}{', '.join(extras)}}}"
                         if extras else f"      - {card}")
    lines += ["stack:", "  - {card: Fireball, controller: Bob, x: 3, targets: [Alice]}",
              "  - {card: Sheer Drop, controller: Bob, alternative_cost: awaken}"]
    return "\n".join(lines) + "\n"


def naive_load(path: Path) -> object:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))  # pure-Python SafeLoader
    return load_state_data(data, name=str(path))


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def _refuse(path: Path) -> str:
    try:
        load_state(path)
    except StateFileError as e:
        return e.lines()[0].split(": ", 1)[1]
    return "loaded"


def refuse_time(path: Path, repeat: int) -> tuple[float, float, str]:
    """(best seconds, peak MiB traced in a separate run, first line of the refusal)."""
    elapsed = best_of(lambda: _refuse(path), repeat)
    tracemalloc.start()
    message = _refuse(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return elapsed, peak / 2**20, message


def process_times(argv: list[str], repeat: int, code: int = 0) -> tuple[float, float]:
    """Best wall-clock and best CPU (user + system) seconds of a fresh process."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        assert done.returncode == code, done.stderr
    return min(walls), min(cpus)


def hostile(folder: Path) -> dict[str, Path]:
    files = {
        "alias bomb": "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
            for i in range(8)),
        "50,000-deep YAML": "[" * 50_000 + "]" * 50_000,
        "50,000-deep JSON": '{"a":' * 50_000 + "1" + "}" * 50_000,
        "1 MB of junk": ("a: [b, {c: d]]\n:: }{\n" * 60_000)[: MAX_BYTES - 1],
        "1 MB single line": "players: " + "x" * (MAX_BYTES - 20),
        "500k values (JSON)": "[" + "1," * (MAX_BYTES // 2 - 2) + "1]",
        "10 MB file": "x" * (10 * MAX_BYTES),
    }
    out = {}
    for name, text in files.items():
        suffix = ".json" if "JSON" in name else ".yaml"
        path = folder / (name.replace(" ", "_").replace(",", "") + suffix)
        path.write_text(text)
        out[name] = path
    binary = folder / "binary.yaml"
    binary.write_bytes(bytes(range(256)) * 3000)
    out["binary (768 KB)"] = binary
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog=f"Targets: loading at least {MIN_RATIO:.0f}x faster than the naive load; "
               f"each hostile file refused within {MAX_REFUSE_MS:.0f} ms and "
               f"{MAX_REFUSE_MIB:.0f} MiB. Exit status 1 when one is missed.")
    ap.add_argument("--quick", action="store_true", help="best of 3 instead of 7")
    repeat = 3 if ap.parse_args(argv).quick else 7
    missed: list[str] = []
    builtin_cards()  # loaded once per process; timed separately in the CLI row
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"Loading + validating a board (in process, best of {repeat})")
        print(f"{'permanents':>10} {'bytes':>8} {'ours ms':>9} {'naive ms':>9} {'naive/ours':>10}")
        for n in (50, 200, 1000):
            path = folder / f"board{n}.yaml"
            path.write_text(board(n))
            state = load_state(path)
            assert len(state.permanents) == n
            ours = best_of(lambda p=path: load_state(p), repeat)
            naive = best_of(lambda p=path: naive_load(p), repeat)
            print(f"{n:>10} {path.stat().st_size:>8} {ours * 1e3:>9.1f} {naive * 1e3:>9.1f} "
                  f"{naive / ours:>9.1f}x")
            if naive / ours < MIN_RATIO:
                missed.append(f"loading {n} permanents only {naive / ours:.1f}x naive")
        path = folder / "board200.yaml"
        wall, cpu = process_times([sys.executable, "-m", "manacheck", "validate", str(path)],
                                  repeat)
        print("\n`manacheck validate` on the 200-permanent board, whole process "
              f"(best of {repeat}): {wall * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU")
        wall, cpu = process_times(
            [sys.executable, "-c", "import manacheck.model as m; m.builtin_cards()"], repeat)
        print(f"  of which Python start-up + import + loading {len(builtin_cards())} built-in "
              f"cards: {wall * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU")
        print("\nHostile files (in process): refused in")
        print(f"{'file':>20} {'ms':>8} {'peak MiB':>9}  message")
        files = hostile(folder)
        for name, hpath in files.items():
            secs, mib, message = refuse_time(hpath, repeat)
            print(f"{name:>20} {secs * 1e3:>8.1f} {mib:>9.1f}  {message[:70]}")
            if secs * 1e3 > MAX_REFUSE_MS or mib > MAX_REFUSE_MIB:
                missed.append(f"{name} refused in {secs * 1e3:.1f} ms, {mib:.1f} MiB")
        for name in ("alias bomb", "50,000-deep YAML", "1 MB single line"):
            wall, cpu = process_times(
                [sys.executable, "-m", "manacheck", "validate", str(files[name])], repeat, 2)
            print(f"`manacheck validate` refusing the {name}, whole process: "
                  f"{wall * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU")
    print(f"\ntargets: loading at least {MIN_RATIO:.0f}x naive, hostile files refused "
          f"within {MAX_REFUSE_MS:.0f} ms and {MAX_REFUSE_MIB:.0f} MiB: "
          f"{'hold' if not missed else 'MISSED (' + '; '.join(missed) + ')'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
