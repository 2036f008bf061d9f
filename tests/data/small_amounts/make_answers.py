"""Record the answers of a manacheck install on boards whose amounts are small.

``answers.json`` beside this file was written by this script run with the code of
``main`` before exact amounts (issue 16, point 5: events were tuples of types, one per
mana, capped at 100,000 mana), installed in its own virtual environment::

    git archive main | tar -x -C /tmp/oldcode
    python -m venv /tmp/venv-old && /tmp/venv-old/bin/pip install /tmp/oldcode
    cd /tmp && /tmp/venv-old/bin/python /path/to/make_answers.py > answers.json

``tests/test_huge_amounts.py`` asks the same questions of the current code and
compares: the vector path must give the same answers wherever the old one could
answer. The boards (:func:`cases`) are shared with the test, which imports this file.
"""

from __future__ import annotations

import itertools
import json
import sys
from typing import Any

PRIEST = """cards:
  - name: Farrelite Priest
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{1}", mana: {add: "{W}"}, text: "{1}: Add {W}."}
"""

#: (sources, multipliers): multipliers are Nyxbloom Ancients (x3) and Mana
#: Reflections (x2) on the battlefield, each applying to every tapped permanent.
SOURCES = (
    ("Forest",),
    ("Forest", "Island"),
    ("Forest", "Simic Signet"),
    ("Mountain", "Graven Cairns"),
    ("Forest", "Plains", "Sol Ring"),
    ("Forest", "Farrelite Priest"),
)
MULTIPLIERS = (
    (),
    ("Nyxbloom Ancient",),
    ("Nyxbloom Ancient", "Nyxbloom Ancient"),
    ("Nyxbloom Ancient",) * 3,
    ("Mana Reflection",),
    ("Mana Reflection", "Nyxbloom Ancient"),
)
COSTS = ("{G}", "{1}", "{3}", "{6}", "{U}", "{W}{W}", "{B}{R}", "{G}{U}", "{1}{W}",
         "{X}:9", "{X}:27", "{X}:28")


def board(sources: tuple[str, ...], mults: tuple[str, ...]) -> str:
    head = PRIEST if "Farrelite Priest" in sources else ""
    lines = [head + "turn: {active_player: Alice, phase: precombat_main}", "players:",
             "  Alice:", "    battlefield:"]
    lines += [f"      - {c}" for c in (*sources, *mults)]
    return "\n".join(lines) + "\n"


def cases() -> list[tuple[str, str, str, int | None]]:
    """(case id, state text, cost, X)."""
    out = []
    for (si, src), (mi, mul) in itertools.product(enumerate(SOURCES), enumerate(MULTIPLIERS)):
        for cost in COSTS:
            c, _, x = cost.partition(":")
            out.append((f"s{si}-m{mi}-{cost}", board(src, mul), c, int(x) if x else None))
    return out


def answer(text: str, cost: str, x: int | None) -> dict[str, Any]:
    """payable, count, complete, and each payment listed as (object, ability, mana as
    counts by type, times), sorted: what a payment is (issue 3), format-free."""
    from manacheck.model import load_state_text
    from manacheck.solver.payments import payment_answer

    st = load_state_text(text)
    a = payment_answer(st, "Alice", cost, x=x, show=1000)
    listed = []
    for p in a.options:
        acts = []
        for u in p.activations:
            counts: dict[str, int] = {}
            for t in getattr(u.mana, "types", None) or u.mana:
                counts[t.value] = u.mana.count(t)
            acts.append([u.object, u.ability, counts, u.times])
        listed.append(sorted(acts, key=repr))
    return {"payable": a.payable, "count": a.count, "complete": a.complete,
            "payments": sorted(listed, key=repr)}


def main() -> None:
    out = {cid: answer(text, cost, x) for cid, text, cost, x in cases()}
    json.dump(out, sys.stdout, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
