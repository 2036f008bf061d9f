"""One question asked of one state, with its answer as a verdict word and facts.

A report compares answers: two answers are the same when their verdicts and facts are
equal (:meth:`Answer.key`). The facts are what an engine compares against its own:
whether the activation is legal, the types a permanent could produce, the resulting
states of a resolution.

Rules
-----
CR 602.2, 602.5 (can-activate), CR 106.7 (produce), CR 603, 608, 704 (resolve): each
question's own rules; this module only runs the solvers and words their answers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from manacheck.model import GameState
from manacheck.model.errors import ManacheckError

__all__ = ["Answer", "Question", "ability_gone", "ability_number", "ask", "outcome_shape"]


@dataclass(frozen=True)
class Question:
    """What is asked: a manacheck command and its arguments (see the schema)."""

    command: str
    object: str | None = None
    ability: int | None = None
    player: str | None = None
    #: The ability's text: an ability is the same ability by its text, not by its
    #: number, which an effect that removes abilities (CR 613.1f) changes.
    ability_text: str | None = None
    #: The mana cost a ``pay`` question pays, and X.
    cost: str | None = None
    x: int | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"command": self.command}
        for k in ("object", "ability", "player", "ability_text", "cost", "x"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        return out

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Question:
        return cls(command=str(data["command"]), object=data.get("object"),
                   ability=data.get("ability"), player=data.get("player"),
                   ability_text=data.get("ability_text"), cost=data.get("cost"),
                   x=data.get("x"))

    def command_line(self, path: str = "STATE.yaml", state: GameState | None = None
                     ) -> str:
        """The exact command that asks it of ``state`` saved as ``path``: the ability
        by its number on that board (an effect may have renumbered it), or by its text
        when the object doesn't have it there any more (the answer is then "not
        legal", as the command says too)."""
        from shlex import quote as q

        if self.command == "can-activate":
            line = f"manacheck can-activate {path} {q(self.object or '')}"
            number = self.ability if state is None else ability_number(state, self)
            if number == 0 and self.ability_text is not None:
                line += f" --ability-text {q(self.ability_text)}"
            elif number is not None:
                line += f" --ability {number}"
            if self.player is not None:
                line += f" --player {q(self.player)}"
            return line
        if self.command == "produce":
            return f"manacheck produce {path} {q(self.object or '')}"
        if self.command == "pay":
            line = f"manacheck pay {path} {q(self.cost or '')}"
            if self.x is not None:
                line += f" --x {self.x}"
            if self.player is not None:
                line += f" --player {q(self.player)}"
            return line
        return f"manacheck resolve {path} --all-choices"


@dataclass(frozen=True)
class Answer:
    """A verdict word (schema ``VERDICTS``), one line, the facts and the reasons."""

    verdict: str
    summary: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    reasons: tuple[tuple[str, str], ...] = ()

    def key(self) -> str:
        """Equal for answers that say the same thing."""
        return json.dumps([self.verdict, self.facts], sort_keys=True, default=str)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for r, _ in self.reasons if r))

    def to_data(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "summary": self.summary, "facts": dict(self.facts),
                "reasons": [{"rule": r, "text": t} for r, t in self.reasons]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Answer:
        return cls(str(data["verdict"]), str(data.get("summary", "")),
                   dict(data.get("facts", {})),
                   tuple((str(r["rule"]), str(r["text"])) for r in data.get("reasons", ())))


def ask(state: GameState, q: Question) -> Answer:
    """Ask ``q`` of ``state``.

    A search limit, an effect the question doesn't apply or an unsupported effect give
    the verdict "not decided" with the reason; bad input (an unknown object) raises
    :class:`~manacheck.model.errors.ManacheckError` as the commands do.
    """
    if q.command == "can-activate":
        return _can_activate(state, q)
    if q.command == "produce":
        return _produce(state, q)
    if q.command == "resolve":
        return _resolve(state)
    if q.command == "pay":
        return _pay(state, q)
    raise ValueError(f"unknown question {q.command!r}")


def ability_number(state: GameState, q: Question) -> int | None:
    """The number the question's ability has in ``state`` (found by its text, which an
    effect removing abilities doesn't change, CR 613.1f); 0 when the object no longer
    has it; the question's own number when it gives no text."""
    if q.ability_text is None or q.object is None or q.object not in state:
        return q.ability
    from manacheck.solver.activation.lookup import activated_abilities

    texts = [a.text or a.cost_text for a in activated_abilities(state, q.object)]
    n = q.ability
    if n is not None and n <= len(texts) and texts[n - 1] == q.ability_text:
        return n
    return texts.index(q.ability_text) + 1 if q.ability_text in texts else 0


def ability_gone(state: GameState, oid: str, text: str) -> tuple[tuple[str, str], ...]:
    """Why ``oid`` doesn't have the ability ``text`` now, with the rules that say so: a
    land whose subtype an effect set loses the abilities of its rules text (CR 305.7,
    a type-changing effect: layer 4, CR 613.1d); otherwise an effect removed it (layer 6,
    CR 613.1f)."""
    from manacheck.model import Permanent, effective

    obj = state.get(oid)
    head = f"{oid} doesn't have the ability '{text}' now"
    if isinstance(obj, Permanent):
        now = effective(state)[oid]
        printed = frozenset(obj.card.subtypes)
        from manacheck.model.typechange import LAND_TYPES

        set_types = sorted(s for s in now.subtypes if s in LAND_TYPES)
        if (now.lost_abilities and "Land" in now.types and set_types
                and frozenset(set_types) != printed & LAND_TYPES):
            why = (f"{head}: an effect made it a {' '.join(set_types)}, so it lost the "
                   "abilities of its rules text")
            return (("305.7", why), ("613.1d", "type-changing effects apply in layer 4"))
    return (("613.1f", f"{head}: an effect removed it (layer 6)"),)


def _can_activate(state: GameState, q: Question) -> Answer:
    from manacheck.solver.activation import can_activate

    assert q.object is not None
    number = ability_number(state, q)
    if number == 0:
        reasons = ability_gone(state, q.object, q.ability_text or "")
        return Answer("not legal", reasons[0][1], {"legal": False, "has_ability": False},
                      reasons)
    v = can_activate(state, q.object, number, q.player, count_ways=False,
                     find_fixes=False)
    reasons = tuple((r.rule, r.message) for r in v.reasons)
    who = v.player
    what = f"{v.object_id} ability {v.ability}"
    if v.undecided:
        why = tuple(("", str(u)) for u in v.unapplied) or (("", v.undecided),)
        return Answer("not decided", f"not decided whether {who} may activate {what}: "
                      + v.undecided, {"legal": None}, why + reasons)
    if v.legal:
        facts: dict[str, Any] = {"legal": True}
        summary = f"{who} may activate {what}"
        if v.only_while_paying:
            facts["only_while_paying"] = True
            summary += ", only while paying a cost (CR 605.3a)"
            reasons = (("605.3a", v.only_while_paying),)
        sba = tuple(("704", s) for s in v.state_based)
        return Answer("legal", summary, facts, reasons + sba)
    first = v.reasons[0].message if v.reasons else "not legal"
    return Answer("not legal", f"{who} may not activate {what}: {first}",
                  {"legal": False}, reasons)


def _produce(state: GameState, q: Question) -> Answer:
    from manacheck.solver.produce import explain_could_produce

    assert q.object is not None
    a = explain_could_produce(state, q.object, explain=False)
    if a.limit is not None:
        return Answer("not decided", f"not decided what {q.object} could produce: "
                      + a.limit, {"types": None}, (("", a.limit),))
    if a.undecided:
        return Answer("not decided", f"not decided what {q.object} could produce",
                      {"types": None}, tuple(("", str(u)) for u in a.undecided))
    letters = a.letters
    text = "".join("{" + t + "}" for t in letters) or "nothing"
    facts: dict[str, Any] = {"types": letters}
    if not a.complete:
        facts["at_least"] = True
    # The rules each type's derivation used (devotion: CR 700.5; a land type set: 305.7;
    # a granted ability: 613.1f; replacement effects: 614.1a, 616.1), once each.
    reasons: tuple[tuple[str, str], ...] = (("106.7", f"{q.object} could produce {text}"),)
    for d in _derivation(state, q.object):
        for r in d.rules:
            if r != "106.7":
                reasons += ((r, d.describe()),)
    return Answer("produces", f"{q.object} could produce {text}"
                  + ("" if a.complete else " (at least)"), facts,
                  reasons + tuple(("704", s) for s in a.state_based))


def _pay(state: GameState, q: Question) -> Answer:
    """Whether the player can pay the cost now, and in how many distinct ways (CR
    601.2g-h: the mana abilities activated while paying, and the mana spent)."""
    from manacheck.model import ManaCost
    from manacheck.solver.budget import EnumerationLimit
    from manacheck.solver.payments import payment_answer, resolve_cost

    assert q.cost is not None
    player = q.player or state.turn.active_player
    raw = ManaCost.parse(q.cost)
    what = f"{player} paying {raw.text or '{0}'}"
    try:
        a = payment_answer(state, player, resolve_cost(raw, q.x, None), show=0,
                           list_payments=False, contains_x="X" in raw.variables)
    except EnumerationLimit as e:
        return Answer("not decided", f"not decided: {what}: {e.one_line()}",
                      {"payable": None}, (("", e.one_line()),))
    if a.payable is None:
        why = "; ".join(a.undecided_because) or "not decided"
        return Answer("not decided", f"not decided: {what}: {why}", {"payable": None},
                      (("", why),))
    if not a.payable:
        rules = tuple(_rule_of(r) for r in a.reasons)
        return Answer("not payable", f"{what}: not payable", {"payable": False},
                      rules or (("601.2h", f"{player} can't pay {raw.text}"),))
    facts: dict[str, Any] = {"payable": True, "count": a.count}
    if a.count is None or not a.complete or a.left_out or a.lower_bound_because:
        facts["at_least"] = True
    ways = "?" if a.count is None else str(a.count)
    return Answer("payable", f"{what}: payable, {ways} distinct payment(s)", facts,
                  (("601.2h", f"{player} can pay {raw.text} in {ways} distinct way(s)"),))


def _rule_of(reason: str) -> tuple[str, str]:
    """A payment reason, which ends with its rule ("... (CR 601.2h)"), as (rule, text)."""
    import re

    m = re.search(r"CR (\d{3}\.\d+[a-z]?)", reason)
    return (m.group(1) if m else "", reason)


def _derivation(state: GameState, oid: str) -> tuple[Any, ...]:
    """Each type's derivation (for its rules only: the answer is the one without
    them). A derivation the explainer can't give is left out: the case then cites
    CR 106.7 alone. (Priest of Yawgmoth's "equal to the sacrificed artifact's mana
    value" trips the explainer's own check: a known gap of ``produce --explain``.)"""
    from manacheck.solver.produce import explain_could_produce

    try:
        return tuple(explain_could_produce(state, oid, explain=True).derivation)
    except AssertionError:
        return ()


def _outcome_facts(st: GameState) -> dict[str, Any]:
    """What an engine compares after a resolution: life, zones, counters, the stack."""
    players: dict[str, Any] = {}
    for p in st.players:
        players[p.name] = {
            "life": p.life,
            "battlefield": sorted(
                [o.id, o.counters.as_dict() if o.counters else {}] for o in p.battlefield),
            "hand": sorted(o.id for o in p.hand),
            "graveyard": sorted(o.id for o in p.graveyard),
            "exile": sorted(o.id for o in p.exile),
        }
    return {"players": players,
            "stack": [s.card.name if s.card is not None else f"ability of {s.source}"
                      for s in st.stack]}


def outcome_shape(answer: Answer, ids: frozenset[str], ignore: str | None = None) -> str:
    """What a resolution answer says about the objects ``ids`` (a base board's): for
    each outcome, the zone each of them ends in, the kinds of counters on it and the
    life totals. Equal shapes mean the variation didn't change what happens to them
    (one counter more of a kind already there is not a different answer). The counters
    of ``ignore`` (the object a variation put counters on) are left out."""
    outs = answer.facts.get("outcomes")
    if answer.verdict != "resolved" or outs is None:
        return answer.key()
    shapes = set()
    for o in outs:
        where: list[tuple[str, str, tuple[str, ...]]] = []
        lives = []
        for name, pd in sorted(o["players"].items()):
            lives.append((name, pd["life"]))
            for oid, counters in pd["battlefield"]:
                if oid in ids:
                    kinds = () if oid == ignore else tuple(sorted(counters))
                    where.append((oid, "battlefield", kinds))
            for zone in ("hand", "graveyard", "exile"):
                where.extend((oid, zone, ()) for oid in pd[zone] if oid in ids)
        shapes.add(json.dumps([sorted(where), lives]))
    return json.dumps(sorted(shapes))


def _resolve(state: GameState) -> Answer:
    from manacheck.solver.resolution import outcomes
    from manacheck.solver.resolution.core import Unsupported

    try:
        outs = outcomes(state)
    except Unsupported as e:
        return Answer("not decided", f"not decided: {e}", {"outcomes": None}, (("", str(e)),))
    except ManacheckError:
        raise
    stopped = [o.stopped for o in outs if o.stopped]
    if stopped:
        return Answer("not decided", f"not decided: {stopped[0]}", {"outcomes": None},
                      (("", stopped[0]),))
    facts = sorted((_outcome_facts(o.state) for o in outs),
                   key=lambda f: json.dumps(f, sort_keys=True))
    rules: dict[tuple[str, str], None] = {}
    for o in outs:
        for entry in o.log:
            for r in entry.rules:
                rules.setdefault((r, entry.text), None)
    last = [entry.text for entry in outs[0].log if entry.depth > 0][-3:] if outs else []
    summary = (f"{len(outs)} outcome(s)" if len(outs) != 1 else "one outcome") + (
        ": " + "; ".join(last) if last else "")
    return Answer("resolved", summary, {"outcomes": facts}, tuple(rules))
