"""Whole reports: for cards or for a state file, with their totals; and test vectors.

:func:`cards_report` joins :func:`~.card.card_report` for each card; :func:`state_report`
does the same around every object of a user's state file that has an activated
ability, taking the user's board itself as the base board. :func:`vectors` turns a
report's cases into test vectors (state, question, expected answer, rules) and
:func:`verify_vectors` asks every vector again and lists each disagreement.

Rules
-----
As each question's own (:mod:`.answers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from manacheck.model import CR_VERSION, GameState, Permanent
from manacheck.model.state import Card

from .answers import Answer, Question, ask
from .schema import REPORT_FORMAT, REPORT_VERSION, VECTORS_FORMAT, VECTORS_VERSION

__all__ = ["cards_report", "fact_differences", "manacheck_version", "state_report", "totals",
           "vectors", "verify_vectors"]


def manacheck_version() -> str:
    """The installed manacheck's version (the solver doesn't import the top package)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("manacheck")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown"


def totals(cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Cards, cases, rulings, rulings matched, unmatched by reason, undecided by kind."""
    out: dict[str, Any] = {"cards": 0, "cases": 0, "rulings": 0, "rulings_matched": 0,
                           "rulings_unmatched": {}, "undecided": {}}
    for c in cards:
        out["cards"] += 1
        out["cases"] += sum(1 for case in c["cases"] if case["kind"] != "base")
        for r in c["rulings"]:
            out["rulings"] += 1
            if r["cases"]:
                out["rulings_matched"] += 1
            else:
                k = r.get("reason_kind") or "other"
                out["rulings_unmatched"][k] = out["rulings_unmatched"].get(k, 0) + 1
        for k, n in c.get("undecided", {}).items():
            out["undecided"][k] = out["undecided"].get(k, 0) + n
    return out


def _wrap(kind: str, cards: list[dict[str, Any]], names: Sequence[str],
          file: str | None) -> dict[str, Any]:
    return {"format": REPORT_FORMAT, "version": REPORT_VERSION,
            "manacheck_version": manacheck_version(), "cr_version": CR_VERSION,
            "subject": {"kind": kind, "names": list(names), "file": file},
            "cards": cards, "totals": totals(cards)}


def cards_report(names: Sequence[str], *, cards_file: str | None = None) -> dict[str, Any]:
    """The report for the named cards (built-in or of the shipped pool, or from
    ``cards_file``)."""
    from .card import card_report

    return _wrap("cards", [card_report(n, cards_file=cards_file) for n in names], names,
                 None)


def state_report(state: GameState, file: str | None = None) -> dict[str, Any]:
    """The report around every object of ``state`` that has an activated ability: the
    state itself is each question's base board."""
    import time

    from manacheck.solver.activation.lookup import activated_abilities

    from .card import CaseBuilder, probe_cards
    from .variations import produce_variations

    probes = probe_cards(state.cards)
    out: list[dict[str, Any]] = []
    objects: list[Permanent | Card] = []
    for p in state.players:
        objects.extend(p.battlefield)
        objects.extend(p.hand)
    for obj in objects:
        abilities = activated_abilities(state, obj.id)
        if not abilities:
            continue
        t0 = time.perf_counter()
        b = CaseBuilder(obj.card, state.cards)
        b.prefix = _slug_id(obj.id)
        player = obj.controller if isinstance(obj, Permanent) else obj.owner
        for i, ab in enumerate(abilities, 1):
            b.activation(state, obj.id, i, ab, player, probes, f"a{i}")
        if isinstance(obj, Permanent) and any(a.mana is not None for a in abilities):
            b.run(state, Question("produce", obj.id), produce_variations(
                state, obj.id, [], probes), "produce")
        out.append(b.card_data(obj.id, abilities, b.merged(), [], time.perf_counter() - t0))
    return _wrap("state", out, [o["name"] for o in out], file)


def _slug_id(oid: str) -> str:
    from .card import slug

    return slug(oid)


def vectors(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report's cases as test vectors (the base boards included), but not those
    whose answer is "not decided": that is a limit of manacheck (an effect it doesn't
    apply, a search budget), not an answer of the rules an engine should give."""
    out = []
    for card in report["cards"]:
        for case in card["cases"]:
            if case["answer"]["verdict"] == "not decided":
                continue
            out.append({"id": case["id"], "card": card["name"], "state": case["state"],
                        "question": case["question"], "expected": case["answer"],
                        "rules": case["rules"]})
    return {"format": VECTORS_FORMAT, "version": VECTORS_VERSION,
            "manacheck_version": report.get("manacheck_version", manacheck_version()),
            "cr_version": report.get("cr_version", CR_VERSION), "vectors": out}


def ask_vector(vector: Mapping[str, Any]) -> Answer:
    """Ask one vector's question of its state."""
    from manacheck.model.statefile import load_state_data

    state = load_state_data(vector["state"], name=str(vector.get("id", "<vector>")))
    return ask(state, Question.from_data(vector["question"]))


def verify_vectors(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every vector whose answer today differs from its expected one (verdict and
    facts): id, expected and got."""
    bad = []
    for v in data["vectors"]:
        got = ask_vector(v)
        want = Answer.from_data(v["expected"])
        if got.key() != want.key():
            bad.append({"id": v["id"], "expected": want.to_data(), "got": got.to_data(),
                        "differences": fact_differences(want.facts, got.facts)})
    return bad


def fact_differences(want: Any, got: Any, path: str = "facts") -> list[str]:
    """Where two answers' facts differ, one line each ("facts.types: expected [...],
    got [...]"), down to the first level that differs."""
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        out: list[str] = []
        for k in sorted(set(want) | set(got), key=str):
            if k not in got:
                out.append(f"{path}.{k}: expected {_short(want[k])}, got nothing")
            elif k not in want:
                out.append(f"{path}.{k}: expected nothing, got {_short(got[k])}")
            else:
                out.extend(fact_differences(want[k], got[k], f"{path}.{k}"))
        return out
    if (isinstance(want, list) and isinstance(got, list) and len(want) == len(got)
            and want != got and any(isinstance(x, (dict, list)) for x in want)):
        out = []
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            out.extend(fact_differences(a, b, f"{path}[{i}]"))
        return out
    return [] if want == got else [f"{path}: expected {_short(want)}, got {_short(got)}"]


def _short(value: Any) -> str:
    import json

    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."
