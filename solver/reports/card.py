"""A card's edge-case report: its base boards, the cases where an answer flips, and its
official rulings with the cases that show them.

For each activated ability the report starts from a small board (the card under
Alice's control, Alice's precombat main phase, an empty stack, an opponent Bob) and
applies the verified fixes of :mod:`manacheck.solver.activation.fixes` until the
ability may be activated: a board on which it works, found by the solvers, not by
hand. It then tries every :class:`~.variations.Variation` the ability's data points to
and keeps those whose answer differs from the base board's. Each such case gets the
smallest verified change that gives the base answer back (a fix, else undoing the
variation), re-checked by asking again. Cases with the same verdict and the same
deciding rules are merged; surprising ones (a plain reading expects no change) come
first. A permanent with a mana ability also gets a could-produce base board (CR 106.7)
and its variations.

The ruling boards of ``examples/rulings/`` that name the card are cases too, and each
official ruling lists the cases that show it, or why none does (:mod:`.rulings`).

Rules
-----
CR 602.2, 602.5, 601.2c-h (activation); CR 106.7 (could produce); CR 603, 608, 704
(resolution); each variation's own rules are in :mod:`.variations`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from manacheck.model import ActivatedAbility, CardDefinition, GameState, Permanent
from manacheck.model.abilities import Zone
from manacheck.model.cards import CardDatabase
from manacheck.model.state import Card

from .answers import Answer, Question, ability_number, ask, outcome_shape
from .needs import (
    BASIC_OF,
    amount_cases,
    base_ids,
    case_title,
    deciding_rules,
    mana_helpers,
    real_cards,
    routine,
    slug,
    state_data,
)
from .variations import Variation, activation_variations, add_permanent, produce_variations

__all__ = ["MAX_BASE_STEPS", "UNCHANGED_KEPT", "CaseBuilder", "CaseData", "card_report",
           "probe_cards", "slug", "state_data"]

#: The dimensions whose unchanged answers are kept for rulings that say they don't
#: matter ("even if the lands are tapped": :data:`.rulings._HOLDS`).
UNCHANGED_KEPT = frozenset({"lands", "tapped"})

PLAYER, OPPONENT = "Alice", "Bob"
#: At most this many fixes are applied to find a board on which an ability works.
MAX_BASE_STEPS = 4
#: At most this many candidate changes are re-checked for a case's flip.
MAX_FLIP_TRIES = 40


@dataclass
class CaseData:
    """A case being built (its JSON is the schema's case)."""

    id: str
    title: str
    kind: str
    dimension: str
    surprising: bool
    question: Question
    state: dict[str, Any]
    state_yaml: str
    answer: Answer
    base_answer: Answer
    rules: list[str]
    flip: dict[str, Any] | None
    rulings: list[int] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    #: The ruling board's file name, for a case of kind "ruling".
    board: str = ""
    #: The command that asks the question of this case's own board (its ability
    #: numbered there, :meth:`Question.command_line`); the question's own when empty.
    command: str = ""

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "title": self.title, "kind": self.kind,
            "dimension": self.dimension, "surprising": self.surprising,
            "question": self.question.to_data(), "state": self.state,
            "state_yaml": self.state_yaml,
            "command": self.command or self.question.command_line(),
            "answer": self.answer.to_data(), "base_answer": self.base_answer.to_data(),
            "rules": self.rules, "flip": self.flip, "rulings": self.rulings,
        }
        if self.merged:
            out["merged"] = self.merged
        return out


def _yaml(data: Any) -> str:
    import yaml

    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88))


def base_state(card: CardDefinition, db: CardDatabase) -> tuple[GameState, str]:
    """The card under Alice's control (on the battlefield, or in her hand if it isn't a
    permanent card) in her precombat main phase, with Bob as her opponent."""
    from manacheck.model import Phase, Player, Turn

    permanent = not ({"Instant", "Sorcery"} & set(card.types))
    oid = card.name
    alice = Player(PLAYER)
    if permanent:
        alice = add_permanent(GameState(players=(Player(PLAYER), Player(OPPONENT)),
                                        turn=Turn(PLAYER), cards=db), PLAYER,
                              card).player(PLAYER)
        if "Creature" in card.types and card.toughness == 0:
            # A 0/0 that enters with X +1/+1 counters (Walking Ballista, Hangarback
            # Walker): cast with X=1, so that it survives (CR 107.3m, 704.5f).
            from dataclasses import replace

            perm = alice.battlefield[0]
            alice = replace(alice, battlefield=(replace(
                perm, counters=perm.counters.add("+1/+1", 1)),))
    else:
        alice = Player(PLAYER, hand=(Card(id=oid, card=card, owner=PLAYER),))
    state = GameState(players=(alice, Player(OPPONENT)),
                      turn=Turn(PLAYER, Phase.PRECOMBAT_MAIN), cards=db)
    return state, oid


def working_board(state: GameState, oid: str, number: int, player: str
                  ) -> tuple[GameState, list[str]]:
    """Apply verified fixes until the ability may be activated (at most
    :data:`MAX_BASE_STEPS`); the board and the changes made. The board may still not
    work: its answer says so."""
    from manacheck.solver.activation import can_activate
    from manacheck.solver.activation.fixes import candidate_changes

    steps: list[str] = []
    for _ in range(MAX_BASE_STEPS):
        v = can_activate(state, oid, number, player, count_ways=False, find_fixes=False)
        if v.legal or v.undecided:
            break
        cands = [c for c in candidate_changes(state, oid, number, player, v.reasons)
                 if c.change.kind != "activate_as"]
        best: tuple[int, GameState, str] | None = None
        for c in cands:
            s2 = c.apply(state)
            v2 = can_activate(s2, oid, number, player, count_ways=False, find_fixes=False)
            if v2.legal:
                best = (-1, s2, c.description)
                break
            left = len(v2.reasons)
            if left < len(v.reasons) and (best is None or left < best[0]):
                best = (left, s2, c.description)
        if best is None:
            break
        state = _named_ids(best[1])
        steps.append(best[2])
    return state, steps


def _named_ids(state: GameState) -> GameState:
    """The objects a fix added (ids ``fix:N``) renamed after their cards, so that a
    later fix can add its own ``fix:N`` and every state of the report loads back."""
    from manacheck.model.statefile import load_state_data

    data = state_data(state, state.cards)
    taken = set(state.player_names)
    names: dict[str, str] = {}
    found: list[tuple[str, str]] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            oid = node.get("id")
            if isinstance(oid, str):
                taken.add(oid)
                if oid.startswith("fix:") and isinstance(node.get("card"), str):
                    found.append((oid, node["card"]))
            for v in node.values():
                collect(v)
        elif isinstance(node, list):
            for v in node:
                collect(v)

    collect(data)
    for oid, card in found:
        new, n = card, 2
        while new in taken:
            new, n = f"{card}#{n}", n + 1
        taken.add(new)
        names[oid] = new
    if not names:
        return state

    def rename(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: rename(v) for k, v in node.items()}
        if isinstance(node, list):
            return [rename(v) for v in node]
        return names.get(node, node) if isinstance(node, str) else node

    return load_state_data(rename(data), cards=state.cards)


def _in_zone(state: GameState, oid: str, card: CardDefinition, zone: Zone) -> GameState:
    """The card in Alice's hand or graveyard instead of on the battlefield."""
    from dataclasses import replace

    p = state.player(PLAYER)
    c = Card(id=oid, card=card, owner=PLAYER)
    p = replace(p, battlefield=tuple(o for o in p.battlefield if o.id != oid),
                hand=(*p.hand, c) if zone is Zone.HAND else p.hand,
                graveyard=(*p.graveyard, c) if zone is Zone.GRAVEYARD else p.graveyard)
    return state.with_player(p)


def with_mana_for(state: GameState, ab: ActivatedAbility) -> GameState:
    """One untapped "{T}: Add {M}" land for each mana symbol of the ability's cost (its
    color; {C} for generic mana and {C}-hybrid; the first color of a hybrid; none for X),
    so that a board where it works is found without a fix per symbol (CR 601.2g-h)."""
    from manacheck.model import ManaType
    from manacheck.model.mana import SymbolKind
    from manacheck.solver.activation.fixes import mana_source

    from .variations import add_permanent

    for sym in ab.mana_cost.symbols:
        if sym.kind is SymbolKind.VARIABLE:
            continue
        if sym.kind is SymbolKind.GENERIC:
            types = [ManaType.C] * sym.amount
        elif sym.colors:
            types = [sym.colors[0]]
        else:
            types = [ManaType.C]
        for t in types[:20]:
            # the basic land that makes it (Wastes for {C}): a real card
            basic = state.cards.get(BASIC_OF[t.value])
            state = add_permanent(state, PLAYER, basic if basic is not None
                                  else mana_source(t))
    return state


def _witness_targets(state: GameState, oid: str, number: int, player: str
                     ) -> tuple[str, ...]:
    from manacheck.solver.activation import can_activate

    v = can_activate(state, oid, number, player, count_ways=False, find_fixes=False)
    return tuple(v.witness.targets) if v.legal and v.witness is not None else ()


class CaseBuilder:
    """Collects one card's cases."""

    def __init__(self, card: CardDefinition, db: CardDatabase) -> None:
        self.card = card
        self.db = db
        self.cases: list[CaseData] = []
        self.notes: list[str] = []
        self.undecided: dict[str, int] = {}
        self.prefix = slug(card.name)
        #: Variations that didn't change the answer (of the dimensions a ruling may say
        #: don't matter): a case only when a ruling says so (:mod:`.rulings`).
        self.unchanged: list[CaseData] = []

    def run(self, base: GameState, q: Question, variations: Sequence[Variation],
            tag: str, ruling: tuple[str, str, Any, str, tuple[str, ...]] | None = None
            ) -> Answer:
        """Ask ``q`` of the base board and of each variation; keep the flips.

        ``ruling`` (file, its words, data, text, the rules its header names) makes the
        base board a ruling board's case.
        """
        base_answer = ask(base, q)
        self._count(base_answer)
        if ruling is None:
            base_data = state_data(base, self.db)
            self.cases.append(CaseData(
                id=f"{self.prefix}/{tag}/base", title=f"base board: {base_answer.summary}",
                kind="base", dimension="base", surprising=False, question=q,
                state=base_data, state_yaml=_yaml(base_data), answer=base_answer,
                base_answer=base_answer, rules=list(base_answer.rules), flip=None,
                command=q.command_line(state=base)))
        else:
            file, words, data, text, cited = ruling
            base_data = data
            # What happens, in words: the board's own description (the answer is
            # shown with it); the rules: the answer's, then those its header names.
            title = words or "the board of the ruling it quotes"
            rules = list(dict.fromkeys((*(r for r in base_answer.rules if r), *cited)))
            self.cases.append(CaseData(
                id=f"{self.prefix}/{tag}/board", title=title, kind="ruling",
                dimension="ruling", surprising=False, question=q, state=data,
                state_yaml=text, answer=base_answer, base_answer=base_answer,
                rules=rules, flip=None, board=file,
                command=q.command_line(state=base)))
        seen: dict[str, int] = {}
        ids = frozenset(base_ids(base))

        def same(a: Answer, var: Variation) -> bool:
            if q.command != "resolve":
                return a.key() == base_answer.key()
            if var.dimension == "nearby":  # a new object: only a new verdict counts
                return a.verdict == base_answer.verdict
            return (outcome_shape(a, ids, var.subject)
                    == outcome_shape(base_answer, ids, var.subject))

        def same_key(a: Answer, b: Answer) -> bool:
            return a.key() == b.key() if q.command != "resolve" else a.verdict == b.verdict

        from manacheck.solver.resolution import BadEvent

        unfit: list[str] = []
        for var in variations:
            try:
                varied = var.apply(base)
                if varied is None:
                    continue
                answer = ask(varied, q)
            except BadEvent:  # the board's own events don't fit the varied board
                unfit.append(var.title)
                continue
            except Exception as e:  # a variation the solvers refuse: say so, go on
                self.notes.append(f"{tag}: '{var.title}' was not asked: {e}")
                continue
            if same(answer, var) or any(
                    (s1 := part(base)) is not None and same_key(ask(s1, q), answer)
                    for part in var.alone):
                if var.dimension in UNCHANGED_KEPT and (
                        var.dimension != "tapped" or q.command == "can-activate"):
                    self.unchanged.append(self._unchanged(varied, q, answer, base_answer,
                                                          var, tag))
                continue
            self._count(answer)
            rules = deciding_rules(answer, var)
            n = seen[var.dimension] = seen.get(var.dimension, 0) + 1
            data = state_data(varied, self.db)
            if varied.events:
                data["events"] = list(varied.events)
            self.cases.append(CaseData(
                id=f"{self.prefix}/{tag}/{slug(var.dimension)}-{n}",
                title=case_title(var, answer), kind="variation",
                dimension=var.dimension, surprising=not var.expected, question=q,
                state=data, state_yaml=_yaml(data), answer=answer,
                base_answer=base_answer, rules=rules,
                flip=self._flip(varied, base_data, q, answer, base_answer, var),
                command=q.command_line(state=varied)))
        if unfit:
            self.notes.append(f"{tag}: {len(unfit)} variation(s) don't fit the board's own "
                              f"events and were left out ({'; '.join(unfit)})")
        return base_answer

    def activation(self, board: GameState, oid: str, number: int, ab: ActivatedAbility,
                   player: str, probes: Sequence[CardDefinition], tag: str) -> Answer:
        """The cases of "may ``player`` activate ability ``number`` of ``oid``" around
        ``board``; the base board's answer."""
        targets = _witness_targets(board, oid, number, player)
        q = Question("can-activate", oid, number, player, ab.text or ab.cost_text)
        return self.run(board, q, activation_variations(board, oid, number, ab, player,
                                                        targets, probes), tag)

    def card_data(self, name: str, abilities: Sequence[ActivatedAbility],
                  cases: Sequence[CaseData], rulings: list[dict[str, Any]],
                  seconds: float) -> dict[str, Any]:
        """The schema's card report of these cases and rulings."""
        card = self.card
        return {
            "name": name,
            "text": card.text,
            "type_line": card.type_line,
            "mana_cost": card.mana_cost.text if card.mana_cost is not None else None,
            "abilities": [{"index": i, "text": ab.text or ab.cost_text}
                          for i, ab in enumerate(abilities, 1)],
            "cases": [c.to_data() for c in cases],
            "rulings": rulings,
            "notes": self.notes,
            "undecided": self.undecided,
            "seconds": round(seconds, 3),
        }

    def _unchanged(self, varied: GameState, q: Question, answer: Answer,
                   base_answer: Answer, var: Variation, tag: str) -> CaseData:
        data = state_data(varied, self.db)
        if varied.events:
            data["events"] = list(varied.events)
        n = sum(1 for c in self.unchanged if c.id.startswith(f"{self.prefix}/{tag}/"))
        return CaseData(
            id=f"{self.prefix}/{tag}/unchanged-{slug(var.dimension)}-{n + 1}",
            title=f"{var.title} (the answer doesn't change)", kind="unchanged",
            dimension=var.dimension, surprising=var.expected, question=q, state=data,
            state_yaml=_yaml(data), answer=answer, base_answer=base_answer,
            rules=list(dict.fromkeys((*var.rules, *answer.rules))), flip=None,
            command=q.command_line(state=varied))

    def _count(self, a: Answer) -> None:
        """Undecided answers by what left them open: the effect family an unapplied
        effect belongs to, a choice before priority, or a search limit."""
        if a.verdict != "not decided":
            return
        text = a.reasons[0][1] if a.reasons else ""
        m = re.search(r"and (?:it|their order) could change (.+)$", text)
        if m:  # (the words of manacheck.solver.wording.effect_why)
            key = m.group(1)
            if "manacheck doesn't read this text" in text:  # it could change anything
                key = "text manacheck doesn't read (it could change any rule family)"
        elif "choice the game asks for before priority" in text:
            key = "a choice before priority (CR 704.5j)"
        elif "isn't performed by manacheck" in text:
            key = "a state-based action manacheck doesn't perform"
        elif "payment solver can't model" in text:
            key = "a mana source the payment solver can't model"
        elif "doesn't model" in text or "unsupported" in text.lower():
            key = "an effect the solver doesn't model"
        else:
            key = "a search limit"
        self.undecided[key] = self.undecided.get(key, 0) + 1

    def _flip(self, varied: GameState, base_data: dict[str, Any], q: Question,
              answer: Answer, base_answer: Answer, var: Variation) -> dict[str, Any]:
        """The smallest change that gives the base answer back: a verified fix, re-asked;
        else undoing the variation, which is the base board (its answer asked already)."""
        number = ability_number(varied, q) if q.command == "can-activate" else None
        if number and answer.verdict == "not legal":
            from manacheck.solver.activation import can_activate
            from manacheck.solver.activation.fixes import candidate_changes

            assert q.object is not None
            player = q.player or PLAYER
            v = can_activate(varied, q.object, number, player, count_ways=False,
                             find_fixes=False)
            cands = candidate_changes(varied, q.object, number, player, v.reasons)
            for c in cands[:MAX_FLIP_TRIES]:
                if c.change.kind == "activate_as":
                    continue
                s2 = c.apply(varied)
                a2 = ask(s2, q)
                if a2.key() == base_answer.key():
                    data = state_data(s2, self.db)
                    return {"change": c.description, "rule": c.rule,
                            "answer": a2.to_data(), "state": data}
        return {"change": f"undo it: as on the base board, not '{var.title}'",
                "rule": "", "answer": base_answer.to_data(), "state": base_data}

    def merged(self) -> list[CaseData]:
        """Cases with the same question, verdict and deciding rules as one, in
        :func:`ordered` order."""
        out: list[CaseData] = []
        by_reason: dict[tuple[str, str, frozenset[str]], CaseData] = {}
        for c in self.cases:
            if c.kind != "variation":
                out.append(c)
                continue
            q = c.question
            # The same answer for the same rules shows nothing new (two creatures that
            # each add {G} to Nykthos' devotion: one case, CR 700.5, the other listed
            # with it), whatever words the reasons use.
            key = (f"{q.command}/{q.object}/{q.ability}/{c.dimension}", c.answer.key()
                   if q.command != "resolve" else c.answer.verdict, frozenset(c.rules))
            if routine(c) == "lethal counters":  # once for the card: it dies, so
                key = ("lethal counters", "", frozenset())  # nothing else is asked
            elif routine(c):  # once for the card, whichever ability or board
                key = (f"{q.command}/{routine(c)}", c.answer.verdict, frozenset())
            first = by_reason.get(key)
            if first is None:
                by_reason[key] = c
                out.append(c)
                continue
            if c.title != first.title and c.title not in first.merged:
                first.merged.append(c.title)  # (the same words twice say nothing)
            first.surprising = first.surprising or c.surprising
        return ordered(out)


_KIND_ORDER = {"base": 0, "ruling": 1, "variation": 2, "unchanged": 3}


def ordered(cases: Sequence[CaseData]) -> list[CaseData]:
    """Surprising cases first, then base boards, ruling boards, variations and
    unchanged ones (stable within each)."""
    return sorted(cases, key=lambda c: (not c.surprising, _KIND_ORDER[c.kind]))


def card_report(name: str, *, cards_file: str | None = None) -> dict[str, Any]:
    """The report for one card (the schema's card report), with ``seconds`` taken.

    Raises
    ------
    UnknownObject
        If no card has that name (with a suggestion).
    """
    from manacheck.model.pool import default_cards

    t0 = time.perf_counter()
    # Any card a command knows: the built-in cards over the shipped pool (the probes
    # stay the built-in cards, see probe_cards).
    db = _database(cards_file) if cards_file else default_cards()
    card = db[name]
    b = CaseBuilder(card, db)
    probes = probe_cards(db)
    start, oid = base_state(card, db)
    from manacheck.solver.activation.lookup import activated_abilities

    abilities = activated_abilities(start, oid)
    for i, ab in enumerate(abilities, 1):
        first = start
        if ab.zone is not Zone.BATTLEFIELD and ab.zone in (Zone.HAND, Zone.GRAVEYARD):
            first = _in_zone(start, oid, card, ab.zone)  # cycling, channel, unearth...
        text = ab.text or ab.cost_text
        here = [a.text or a.cost_text for a in activated_abilities(first, oid)]
        if text not in here:
            b.notes.append(f"ability {i} ({text}) isn't the card's in its zone "
                           f"{ab.zone.value}: not asked")
            continue
        n = here.index(text) + 1  # its number where it works (CR 113.6)
        from manacheck.solver.activation.check import is_legal

        if ab.mana_cost.symbols and not is_legal(first, oid, n, PLAYER):
            first = with_mana_for(first, ab)  # the smallest board stays the base if it works
        board, steps = working_board(first, oid, n, PLAYER)
        board = real_cards(board, db, Question("can-activate", oid, n, PLAYER))
        if steps:
            b.notes.append(f"ability {i}: base board found by: " + "; ".join(steps))
        base_answer = b.activation(board, oid, n, ab, PLAYER, probes, f"a{i}")
        if base_answer.verdict != "legal":
            b.notes.append(f"ability {i}: no board on which it works was found (after "
                           f"{len(steps)} fix(es)); its base board is {base_answer.verdict}: "
                           f"{base_answer.summary}")
    if isinstance(start.get(oid), Permanent) and any(
            isinstance(a, ActivatedAbility) and a.mana is not None for a in abilities):
        board, helpers = mana_helpers(start, oid)
        b.run(board, Question("produce", oid),
              produce_variations(board, oid, helpers, probes), "produce")
    if isinstance(start.get(oid), Permanent):
        amount_cases(b, start, oid, abilities)
    if ("Snow" in card.supertypes and isinstance(start.get(oid), Permanent) and any(
            isinstance(a, ActivatedAbility) and a.mana is not None for a in abilities)):
        # Its mana pays {S} (CR 107.4h; the rulings of every snow permanent say so).
        from .variations import snow_variations

        b.run(start, Question("pay", player=PLAYER, cost="{S}"),
              snow_variations(start, oid, db), "pay-snow")
    from .rulings import attach_rulings, board_states
    from .variations import common_variations, event_targets, leaves_variations

    for board_file, state, data in board_states(card.name, db, b.notes):
        mine = [p for p in state.permanents if p.card.name == card.name]
        if board_file.question is not None:
            command, obj, number = board_file.question
            q = (Question("pay", player=PLAYER, cost=obj) if command == "pay"
                 else Question(command, obj, number))
        else:
            q = Question("resolve") if state.events else Question(
                "can-activate", card.name, 1, None)
        variations: list[Variation] = []
        for perm in mine[:1]:
            variations.extend(common_variations(state, perm.id, perm.controller, probes))
            variations.extend(leaves_variations(state, perm.id))
        for t in event_targets(state):
            if t in state and t not in {p.id for p in mine}:
                variations.extend(leaves_variations(state, t, target=True))
        tag = "ruling-" + board_file.file.removesuffix(".yaml")
        try:
            b.run(state, q, variations if q.command == "resolve" else [], tag,
                  (board_file.file, board_file.description, data, board_file.text,
                   board_file.cited))
        except Exception as e:
            b.notes.append(f"ruling board {board_file.file} was not asked: {e}")
    if not abilities:
        from manacheck.model.effects import kind_of_ability

        unread = [a.text for a in card.abilities
                  if (k := kind_of_ability(a)) is not None and k.key.endswith(":unread")]
        b.notes.append("no activated ability manacheck reads" + (
            f" (text not read: {'; '.join(unread)})" if unread else "")
            + (": its cases come from its ruling boards"
               if any(c.kind == "ruling" for c in b.cases) else ""))
    cases = b.merged()
    rulings = attach_rulings(card.name, cases, b.db, cards_file, b.unchanged)
    cases = ordered(cases)  # the rulings added cases
    return b.card_data(card.name, abilities, cases, rulings, time.perf_counter() - t0)


_DATABASES: dict[tuple[str, int, int], CardDatabase] = {}


def _database(cards_file: str) -> CardDatabase:
    """The built-in cards with ``cards_file``'s, read once per process for each version
    of the file (a pool's worker reports on many cards of one file)."""
    from manacheck.model.statefile import load_card_file

    from .filecache import file_version

    key = file_version(cards_file)
    db = _DATABASES.get(key)
    if db is None:
        _DATABASES.clear()
        db = _DATABASES[key] = load_card_file(cards_file)
    return db


def probe_cards(db: CardDatabase) -> tuple[CardDefinition, ...]:
    """One card for each kind of static or triggered effect in ``db`` that could touch
    an activation or a mana ability (first by name): the nearby cards a report tries."""

    from .filecache import per_database

    # From the built-in cards (and the run's own), not the shipped pool: the same probes
    # as before there was a pool, and never all 23,000 pool cards made. The cards
    # retired from the built-ins (now the pool's reading, ``pool.RETIRED``) stay probes.
    return per_database(db, "probes", lambda: _probes(db.above_pool(), _retired(db)))


def _retired(db: CardDatabase) -> tuple[CardDefinition, ...]:
    from manacheck.model.pool import RETIRED

    return tuple(c for c in map(db.get, RETIRED) if c is not None)


def _probes(db: CardDatabase, retired: Sequence[CardDefinition] = ()
            ) -> tuple[CardDefinition, ...]:
    from manacheck.model.effects import Family, kind_of_ability

    wanted = {Family.MANA, Family.SPENDING, Family.ABILITY_COSTS, Family.ACTIVATION,
              Family.TARGETING, Family.TYPES, Family.ABILITIES, Family.STATE_BASED,
              Family.COUNTERS, Family.POWER_TOUGHNESS}
    by_kind: dict[str, list[CardDefinition]] = {}
    # Two mana replacement effects, so that their orders are tried (CR 616.1); two land
    # type changes (Celestial Dawn, Blood Moon: which applies to whose lands).
    cap = {"static:mana_replacement": 2, "static:land_types": 2}
    # The built-in cards first, then the retired ones for kinds none of them has.
    built = [c for n in sorted(db) if (c := db.get(n)) is not None]
    for c in [*built, *sorted(retired, key=lambda r: r.name)]:
        if {"Instant", "Sorcery"} & set(c.types):
            continue
        for ab in c.abilities:
            k = kind_of_ability(ab)
            if k is None or k.self_only or not (k.families & wanted):
                continue
            got = by_kind.setdefault(k.key, [])
            if len(got) < cap.get(k.key, 1) and c not in got:
                got.append(c)
    out = tuple(dict.fromkeys(c for cs in by_kind.values() for c in cs))
    return out
