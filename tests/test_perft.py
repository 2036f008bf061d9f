"""The mana perft corpus: boards with known payment counts (like python-chess perft).

Each ``tests/data/perft/*.yaml`` is a state file whose header lines read::

    # perft: COST [for=OBJECT] [x=N] = COUNT   # where the count comes from

The source (a hand count, a formula, a ruling, the brute force) is required.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from manacheck.model import load_state
from manacheck.solver.payments import payments

DATA = Path(__file__).resolve().parent / "data" / "perft"
LINE = re.compile(r"^# perft: (?P<cost>\S+)(?P<opts>.*?) = (?P<count>\d+)\s+# (?P<source>\S.*)$")
OPT = re.compile(r"(\w+)=(.+?)(?= \w+=|$)")


def cases() -> list[tuple[str, str, dict[str, str], int, str]]:
    out = []
    for path in sorted(DATA.glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("# perft:"):
                continue
            m = LINE.match(line)
            assert m, f"{path.name}: malformed perft line (needs '= COUNT # source'): {line}"
            opts = dict(OPT.findall(m.group("opts").strip()))
            out.append((path.name, m.group("cost"), opts, int(m.group("count")),
                        m.group("source")))
    return out


CASES = cases()


def test_corpus_is_not_empty() -> None:
    assert len(CASES) >= 30
    assert len({c[0] for c in CASES}) >= 6


@pytest.mark.cr("601.2h")
@pytest.mark.parametrize(("file", "cost", "opts", "count", "source"), CASES,
                         ids=[f"{c[0]}:{c[1]}{''.join(f' {k}={v}' for k, v in c[2].items())}"
                              for c in CASES])
def test_perft(file: str, cost: str, opts: dict[str, str], count: int, source: str) -> None:
    state = load_state(DATA / file)
    x = int(opts["x"]) if "x" in opts else None
    p = payments(state, opts.get("player", "A"), cost, x=x, for_object=opts.get("for"))
    assert p.count() == count, source
    assert bool(p) == (count > 0)
    if count <= 200:
        listed = list(p)
        assert len(listed) == len(set(listed)) == count, source
