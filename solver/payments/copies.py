"""Payments with a pool-copying mana ability (Doubling Cube), decided by a search of its own.

Doubling Cube: "{3}, {T}: Double the amount of each type of unspent mana you have" is a
mana ability (CR 605.1a; its ruling). What it adds depends on the pool when it resolves,
so the payment solver lists and counts payments without it (``kinds.POOL_COPY_WHY``).
When no payment without it exists, :func:`decide_with_copies` says exactly whether one
with it does, or "not decided" when its search budget is spent or the board has
something the search doesn't model.

A payment is a sequence of mana-ability activations, then the total cost paid from the
pool (CR 601.2g-h; CR 605.3a: mana abilities activated to pay a mana ability's own cost
come before it, as if activated first). Cut at its last copying activation, it is a
*prefix* (activations up to and including that copy) and a *rest*: activations of the
sources left and the cost paid, which is exactly the payment solver's question on the
state with the prefix's sources tapped and the prefix's pool (:func:`_rest_pays`). The
prefixes are searched; the rest is asked of the payment solver.

The search models boards where every mana ability the payment solver uses has only {T}
and mana in its cost, no other effect, no condition, no restriction (in the pool too),
no mana triggers or replacements, no life or snow that matters (:func:`unsupported`
says what else makes it "not decided"). There, two facts make the prefix search finite
and exact:

* **More mana never hurts** (monotone): a copy adds as much of each type as is there,
  every mana cost is paid from the pool, the final cost too, and unspent mana may stay
  unspent; so a pool with at least as much of each type reaches at least as much.
  A search state dominated by one already seen (same sources left, no more of any
  type) is skipped, and so is a rest check dominated by one that failed.
* **Free abilities first**: an activation whose cost is only {T} can be moved to the
  very start of the sequence: every later pool then holds at least as much of each
  type (a copy doubles what it added). A permanent with such an ability that isn't
  used can be tapped for it at the start too. So each permanent is either tapped at
  the start for one of its free abilities, or kept for an ability that costs mana
  (Castle Sengir's "{2}, {T}: Add {U} or {R}"), activated before a copy (searched)
  or after the last one (the rest).

Two prunings, both sound: a state from which even a relaxation can't make enough mana
(each kept source adding its most, net of its cost in all; each copy left doubling what
is there) is skipped (``_Search.hopeless``); and types no symbol of the cost or of a
mana ability's cost tells apart (``kinds.type_classes``) count as one in the memo.

Answers: ``payment_answer`` asks it when no payment without the copiers exists
(payable: the count is a lower bound said in words; none: "not payable", exact);
``can-activate``'s payment entries use its "none" only (``activation.paying``).

The pool the state file gives counts (CR 106.4); the copy carries no restriction (the
ruling) and is typed W, U, B, R, G or C (CR 106.1; the ruling: color or colorless).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from manacheck.model import (
    ActivatedAbility,
    ManaCost,
    ManaPool,
    ManaProductionKind,
    ManaType,
    SymbolKind,
    TriggeredAbility,
    effective,
)
from manacheck.model.effects import TRIGGER_MANA_EVENTS
from manacheck.model.mana import PoolMana

from ..budget import Budget, BudgetExhausted
from ..replacement import replacement_sources
from .board import Board
from .enumeration import Payments
from .kinds import min_units
from .sources import build_board
from .values import PaymentSearchLimit

__all__ = ["MAX_COPY_STATES", "MAX_REST_CHECKS", "CopyAnswer", "decide_with_copies",
           "unsupported"]

#: The most prefix states (pool, sources left) the search visits.
MAX_COPY_STATES = 20_000
#: The most rests (payment-solver questions on a state after a copy) it asks.
MAX_REST_CHECKS = 1_000

Vec = tuple[int, int, int, int, int, int]
_ZERO: Vec = (0, 0, 0, 0, 0, 0)
_TYPES = tuple(ManaType)  # WUBRGC, the order of ``Vec``
_IDX = {t: i for i, t in enumerate(_TYPES)}


@dataclass(frozen=True)
class CopyAnswer:
    """``payable``: True (a payment with a copying ability exists; ``how`` is one),
    False (none does: searched exactly), None (not decided; ``how`` says why)."""

    payable: bool | None
    how: str
    states: int = 0
    rests: int = 0


@dataclass(frozen=True)
class _Costly:
    cost: ManaCost
    event: Vec
    text: str


@dataclass(frozen=True)
class _Group:
    ids: tuple[str, ...]
    name: str
    free: tuple[Vec, ...]
    costly: tuple[_Costly, ...]


@dataclass(frozen=True)
class _Copier:
    ids: tuple[str, ...]
    name: str
    cost: ManaCost
    times: int


def _vec(counts: tuple[int, ...]) -> Vec:
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def _add(a: Vec, b: Vec) -> Vec:
    return _vec(tuple(x + y for x, y in zip(a, b, strict=True)))


def _sub(a: Vec, b: Vec) -> Vec:
    return _vec(tuple(x - y for x, y in zip(a, b, strict=True)))


def _le(a: Vec, b: Vec) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


def _text(v: Vec) -> str:
    return "".join(("{" + t.value + "}") * n
                   for t, n in zip(_TYPES, v, strict=True)) or "nothing"


def _plain_cost(cost: ManaCost) -> bool:
    """Whether the search pays this mana cost itself: generic, colored, {C}, hybrid,
    {2/W} and {C/W} symbols (CR 107.4), no X, life or snow."""
    return all(s.kind in (SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.COLORLESS,
                          SymbolKind.HYBRID, SymbolKind.MONO_HYBRID,
                          SymbolKind.COLORLESS_HYBRID) for s in cost.mana_only)


def spends(cost: ManaCost, pool: Vec) -> set[Vec]:
    """Every distinct multiset of pool mana (by type) that pays ``cost`` (CR 107.4:
    generic by any type, colored by its color, {C} by colorless, hybrid by either half,
    {2/W} by its color or two of any type, {C/W} by {C} or its color)."""
    partial: set[tuple[Vec, int]] = {(_ZERO, 0)}
    for s in cost.mana_only:
        if s.kind is SymbolKind.GENERIC:
            partial = {(v, g + s.amount) for v, g in partial}
            continue
        alts: list[tuple[Vec, int]] = []
        if s.kind is SymbolKind.COLORLESS:
            alts.append((_unit(ManaType.C), 0))
        for c in s.colors:
            alts.append((_unit(c), 0))
        if s.kind is SymbolKind.COLORLESS_HYBRID:
            alts.append((_unit(ManaType.C), 0))
        if s.kind is SymbolKind.MONO_HYBRID:
            alts.append((_ZERO, s.amount or 2))
        partial = {(_add(v, a), g + ag) for v, g in partial for a, ag in alts
                   if _le(_add(v, a), pool)}
    out: set[Vec] = set()
    for v, g in partial:
        for extra in _multisets(_sub(pool, v), g):
            out.add(_add(v, extra))
    return out


def _unit(t: ManaType) -> Vec:
    v = [0] * 6
    v[_IDX[t]] = 1
    return _vec(tuple(v))


def _multisets(avail: Vec, n: int, start: int = 0) -> Iterator[Vec]:
    """Every vector ``<= avail`` with ``n`` mana in all (types from ``start`` on)."""
    if n == 0:
        yield _ZERO
        return
    if start == 6 or sum(avail[start:]) < n:
        return
    for k in range(min(n, avail[start]), -1, -1):
        for rest in _multisets(avail, n - k, start + 1):
            v = list(rest)
            v[start] = k
            yield _vec(tuple(v))


def unsupported(b: Board) -> str:
    """Why the search can't decide this board exactly ("" if it can)."""
    if not b.pool_copies:
        return "no pool-copying ability"
    copy_labels = {label for _, _, label in b.pool_copies}
    if any(x not in copy_labels for x in b.left_out):
        return "other sources are left out too (CR 605.3a)"
    state = b.state
    if b.count_only or b.convoke or b.delve_most() or b.creature_mana_only \
            or b.spend or b.spend_sources or b.snow_matters or b.life_colors \
            or b.uses_sacs or b.uses_tappers or b.outlets:
        return ("the board has delve, convoke, snow, a spend rule, life paid for colored "
                "mana (K'rrik), sacrifice or tap costs, or repeated abilities, which the "
                "search with it doesn't model (CR 601.2g-h, 605.3a)")
    if replacement_sources(state) or any(
            isinstance(a, TriggeredAbility) and a.event in TRIGGER_MANA_EVENTS
            for p in state.permanents for a in effective(state)[p.id].abilities) or any(
            isinstance(a, TriggeredAbility) and a.event in TRIGGER_MANA_EVENTS
            for e in state.effects for a in e.card.abilities):
        return ("a mana replacement effect or triggered mana ability could apply to its "
                "activation (CR 106.12, 605.1b), which the search with it doesn't model")
    if any(e.restriction is not None or e.snow for e in b.player.mana_pool.entries):
        return ("the pool holds restricted or snow mana (the copy carries neither; CR "
                "106.4, 106.6)")
    # (the cost itself is paid only by the payment solver, after the last copy)
    chars = effective(state)
    mine = {p.id for p in b.player.battlefield}
    for g in b.groups:
        if g.zone != "battlefield" or any(i not in mine for i in g.ids):
            return f"{g.ids[0]} is not a permanent of yours on the battlefield"
        for o in g.options:
            k = b.kinds[o.kind]
            ab = chars[g.ids[0]].activated[o.ability - 1] if o.ability else None
            if ab is None or not _plain_ability(ab) or not o.exclusive or o.gone \
                    or o.life or k.restriction is not None or k.taps_other or k.sacs_other:
                return (f"{g.ids[0]}'s ability {o.ability} has a cost, effect or "
                        f"restriction the search with it doesn't model")
    in_groups = {i for g in b.groups for i in g.ids}
    for pid, number, _ in b.pool_copies:
        ab = chars[pid].activated[number - 1]
        if pid in in_groups or sum(1 for p, _, _ in b.pool_copies if p == pid) > 1:
            return (f"{pid} has another mana ability too, and the search with it uses each "
                    "permanent for one only")
        if not _plain_ability(ab) or ab.mana is None or ab.mana.restriction is not None \
                or ab.mana.per is not None or pid not in mine:
            return f"{pid}'s ability {number} has a cost or effect the search doesn't model"
    return ""


#: What a source's mana may be for the search: fixed by the ability alone, never by how
#: many permanents are tapped (the search moves activations around).
_PLAIN_KINDS = (ManaProductionKind.FIXED, ManaProductionKind.CHOICE,
                ManaProductionKind.ANY_COLOR, ManaProductionKind.ONE_COLOR,
                ManaProductionKind.CHOSEN_COLOR, ManaProductionKind.DIFFERENT_COLORS,
                ManaProductionKind.POOL_COPY)


def _plain_ability(ab: ActivatedAbility) -> bool:
    """{T} and a plain mana cost only; no other cost part, effect or condition; what it
    adds doesn't depend on other objects or amounts ("for each", devotion, "instead"),
    which moving activations around could change."""
    m = ab.mana
    return ab.tap and not ab.untap and not ab.costs and not ab.effects \
        and ab.condition is None and _plain_cost(ab.mana_cost) \
        and not ab.mana_cost.has_variable and m is not None and m.kind in _PLAIN_KINDS \
        and m.instead is None and not m.instead_if and m.per is None and not m.amount_of \
        and not m.per_sacrificed_mana_value


def _groups(b: Board) -> list[_Group]:
    chars = effective(b.state)
    out = []
    for g in b.groups:
        free: list[Vec] = []
        costly: list[_Costly] = []
        for o in g.options:
            ab = chars[g.ids[0]].activated[o.ability - 1]
            ev = _vec(o.event.counts)
            if ab.mana_cost.mana_only:
                costly.append(_Costly(ab.mana_cost.mana_only, ev,
                                      f"{ab.mana_cost.mana_only.text}: {_text(ev)}"))
            elif ev not in free:
                free.append(ev)
        out.append(_Group(g.ids, g.name, tuple(free), tuple(dict.fromkeys(costly))))
    return out


def _copiers(b: Board) -> list[_Copier]:
    chars = effective(b.state)
    by_key: dict[tuple[str, ManaCost, int], list[str]] = {}
    for pid, number, _ in b.pool_copies:
        ab = chars[pid].activated[number - 1]
        assert ab.mana is not None and ab.mana.kind is ManaProductionKind.POOL_COPY
        by_key.setdefault((b.state.permanent(pid).card.name, ab.mana_cost.mana_only,
                           ab.mana.amount), []).append(pid)
    return [_Copier(tuple(ids), name, cost, times)
            for (name, cost, times), ids in by_key.items()]


Key = tuple[tuple[int, ...], tuple[int, ...]]

#: The most pools kept per (sources kept, copies left) for the dominance test (any
#: number is sound: the test only skips states no better than one already searched).
_ANTICHAIN = 64


class _Memo:
    """Pools already searched (or failed), by (sources kept, copies left): a pool with
    no more of any type than one of them is no better (more mana never hurts)."""

    def __init__(self) -> None:
        self.exact: set[tuple[Key, Vec]] = set()
        self.tops: dict[Key, list[Vec]] = {}

    def covers(self, key: Key, pool: Vec) -> bool:
        if (key, pool) in self.exact:
            return True
        a0, a1, a2, a3, a4, a5 = pool
        return any(a0 <= b0 and a1 <= b1 and a2 <= b2 and a3 <= b3 and a4 <= b4
                   and a5 <= b5 for b0, b1, b2, b3, b4, b5 in self.tops.get(key, ()))

    def add(self, key: Key, pool: Vec) -> None:
        self.exact.add((key, pool))
        tops = [t for t in self.tops.get(key, []) if not _le(t, pool)]
        if len(tops) < _ANTICHAIN:
            tops.append(pool)
        self.tops[key] = tops


class _Search:
    """The prefix search (see the module docstring)."""

    def __init__(self, b: Board, budget: Budget) -> None:
        self.b = b
        self.budget = budget
        self.groups = _groups(b)
        self.copiers = _copiers(b)
        self.seen = _Memo()
        self.failed = _Memo()
        self.rests = 0
        self.undecided = ""
        #: Types no symbol here tells apart (``kinds.type_classes``) are one: states
        #: that differ only between them are the same for the search.
        self.rep = [_IDX[b.type_class[t]] for t in _TYPES]
        #: The fewest mana the cost takes, and of each type that a symbol needs alone.
        self.need_total = sum(min_units(x) for x in b.cost.mana_only)
        self.need_type = _vec(tuple(sum(1 for x in b.cost.mana_only if (
            x.kind is SymbolKind.COLORED and x.colors == (t,)) or (
            x.kind is SymbolKind.COLORLESS and t is ManaType.C)) for t in _TYPES))
        #: What each group's kept member may add at most: of each type, and net of its
        #: own cost in all.
        self.most_type = [_vec(tuple(max((e[i] for e in (*g.free, *(o.event for o in
                                                                    g.costly))),
                                         default=0) for i in range(6)))
                          for g in self.groups]
        self.most_net = [max(0, *(sum(e) for e in g.free), *(
            sum(o.event) - sum(min_units(x) for x in o.cost) for o in g.costly))
            for g in self.groups]

    def canon(self, v: Vec) -> Vec:
        out = [0] * 6
        for i, n in enumerate(v):
            out[self.rep[i]] += n
        return _vec(tuple(out))

    def starts(self) -> Iterator[tuple[Vec, tuple[int, ...], str]]:
        """(pool, members kept per group, what was tapped) after the free abilities."""
        pool0: Vec = _ZERO
        for e in self.b.player.mana_pool.entries:
            pool0 = _add(pool0, _vec(tuple(e.amount if t is e.type else 0 for t in _TYPES)))
        layer: dict[tuple[Vec, tuple[int, ...]], tuple[Vec, str]] = {
            (self.canon(pool0), ()): (pool0, "")}
        for g in self.groups:
            size = len(g.ids)
            keeps = range(size + 1) if g.costly else [0]
            nxt: dict[tuple[Vec, tuple[int, ...]], tuple[Vec, str]] = {}
            for (_, kept), (pool, how) in layer.items():
                for keep in keeps:
                    if keep < size and not g.free:
                        continue
                    for made, said in _free_sums(g.free, size - keep):
                        self.budget.spend(1, "the start pools")
                        words = f"{size - keep} {g.name} for {said}" if size > keep else ""
                        new = _add(pool, made)
                        nxt.setdefault((self.canon(new), (*kept, keep)), (new, ", ".join(
                            x for x in (how, words) if x)))
            layer = nxt
        for (_, kept), (pool, how) in layer.items():
            yield pool, kept, how

    def run(self) -> str | None:
        """One prefix whose rest pays (its steps), or None."""
        for pool, kept, how in self.starts():
            left = tuple(len(c.ids) for c in self.copiers)
            found = self.walk(pool, kept, left, [f"tap {how}" if how else
                                                 "tap nothing at first"])
            if found is not None:
                return found
        return None

    def hopeless(self, pool: Vec, kept: tuple[int, ...], left: tuple[int, ...]) -> bool:
        """No sequence from here can make enough mana (a relaxation, so skipping is
        sound): each kept member adds its most (net of its cost in all), each copy left
        doubles what is there (its {3} paid in all, not by type)."""
        most = list(pool)
        total = sum(pool)
        for k, top, net in zip(kept, self.most_type, self.most_net, strict=True):
            if k:
                total += k * net
                for i in range(6):
                    most[i] += k * top[i]
        factor = 1
        for c, n in zip(self.copiers, left, strict=True):
            factor *= (1 + c.times) ** n
        if any(m * factor < need for m, need in zip(most, self.need_type, strict=True)):
            return True
        return _best_total(total, [(c.times, _units(c.cost), n) for c, n in zip(
            self.copiers, left, strict=True) if n]) < self.need_total

    def walk(self, pool: Vec, kept: tuple[int, ...], left: tuple[int, ...],
             steps: list[str]) -> str | None:
        key = (kept, left)
        if self.seen.covers(key, self.canon(pool)):
            return None
        self.budget.spend(1, "the prefix states")
        self.seen.add(key, self.canon(pool))
        if not any(left) or self.hopeless(pool, kept, left):
            return None
        for ci, c in enumerate(self.copiers):
            if not left[ci]:
                continue
            nleft = (*left[:ci], left[ci] - 1, *left[ci + 1:])
            tried: set[Vec] = set()
            for paid in sorted(spends(c.cost, pool), reverse=True):
                after = _sub(pool, paid)
                new = _vec(tuple(n * (1 + c.times) for n in after))
                if self.canon(new) in tried:
                    continue
                tried.add(self.canon(new))
                step = (f"activate {c.name} paying {_text(paid)}: the pool {_text(after)} "
                        f"becomes {_text(new)}")
                if self.rest_pays(new, kept, nleft):
                    return "; ".join([*steps, step, "then pay from the pool and the "
                                      "sources left"])
                found = self.walk(new, kept, nleft, [*steps, step])
                if found is not None:
                    return found
        for gi, g in enumerate(self.groups):
            if not kept[gi]:
                continue
            nkept = (*kept[:gi], kept[gi] - 1, *kept[gi + 1:])
            for o in g.costly:
                for paid in spends(o.cost, pool):
                    new = _add(_sub(pool, paid), o.event)
                    found = self.walk(new, nkept, left, [
                        *steps, f"activate {g.name} ({o.text}) paying {_text(paid)}"])
                    if found is not None:
                        return found
        return None

    def rest_pays(self, pool: Vec, kept: tuple[int, ...], left: tuple[int, ...]) -> bool:
        """Whether the payment solver pays the cost on the state after this prefix
        (its sources tapped, its pool), with the copiers left still left out."""
        key = (kept, left)
        if self.failed.covers(key, self.canon(pool)):
            return False
        if self.hopeless(pool, kept, tuple(0 for _ in left)):
            self.failed.add(key, self.canon(pool))
            return False
        self.rests += 1
        if self.rests > MAX_REST_CHECKS:
            raise BudgetExhausted(MAX_REST_CHECKS, "the payments after a copy")
        tapped = {i for g, k in zip(self.groups, kept, strict=True)
                  for i in g.ids[:len(g.ids) - k]}
        tapped |= {i for c, n in zip(self.copiers, left, strict=True)
                   for i in c.ids[:len(c.ids) - n]}
        ok = _rest_pays(self.b, pool, frozenset(tapped))
        if ok is None:
            self.undecided = ("the payment solver couldn't decide a payment after "
                              "activating it")
            ok = False
        if not ok:
            self.failed.add(key, self.canon(pool))
        return ok


def _units(cost: ManaCost) -> int:
    return sum(min_units(x) for x in cost.mana_only)


def _best_total(total: int, copies: list[tuple[int, int, int]]) -> int:
    """The most mana in all from ``total`` with these copies left ((times, cost in
    mana, how many)), each used or not, in any order: an upper bound on a pool's total
    (a copy of x mana paying c makes (1 + times)(x - c))."""
    best = total
    for i, (times, cost, n) in enumerate(copies):
        if n and total >= cost:
            rest = [*copies[:i], (times, cost, n - 1), *copies[i + 1:]]
            best = max(best, _best_total((1 + times) * (total - cost), rest))
    return best


def _free_sums(free: tuple[Vec, ...], n: int) -> list[tuple[Vec, str]]:
    """The distinct pools ``n`` members make with their free abilities, with one way."""
    sums: dict[Vec, str] = {_ZERO: ""}
    for _ in range(n):
        nxt: dict[Vec, str] = {}
        for v, how in sums.items():
            for e in free:
                nxt.setdefault(_add(v, e), how + _text(e))
        sums = nxt
    return list(sums.items())


def _rest_pays(b: Board, pool: Vec, tapped: frozenset[str]) -> bool | None:
    """The payment solver's verdict on ``b``'s question after a prefix: ``tapped`` are
    tapped, the pool is ``pool`` (unrestricted, CR 106.4). None: not decided (something
    else left out, or its budget spent)."""
    player = b.player
    field = tuple(dataclasses.replace(p, tapped=True) if p.id in tapped else p
                  for p in player.battlefield)
    mana = ManaPool.of(PoolMana(t, n) for t, n in zip(_TYPES, pool, strict=True) if n)
    state = b.state.with_player(dataclasses.replace(player, battlefield=field,
                                                    mana_pool=mana))
    rest = build_board(state, player.name, b.cost, b.for_object, b.exclude,
                       for_ability=b.for_ability, stated=b.stated)
    copy_labels = {label for _, _, label in rest.pool_copies}
    try:
        if bool(Payments(rest)):
            return True
    except PaymentSearchLimit:
        return None
    return False if all(x in copy_labels for x in rest.left_out) else None


def decide_with_copies(b: Board, limit: int | None = None) -> CopyAnswer:
    """Whether ``b``'s cost can be paid with its pool-copying abilities, exactly, when
    no payment without them exists (see the module docstring). ``limit``: the most
    prefix states (default :data:`MAX_COPY_STATES`).

    Rules: CR 605.1a, 605.3a, 601.2g-h, 106.1, 106.4 (the Doubling Cube rulings).
    """
    why = unsupported(b)
    if why:
        return CopyAnswer(None, why)
    search = _Search(b, Budget(MAX_COPY_STATES if limit is None else limit))
    try:
        found = search.run()
    except BudgetExhausted as e:
        return CopyAnswer(None, f"the search with it stopped at its budget ({e.limit:,} in "
                          f"{e.where})", search.budget.spent, search.rests)
    if found is not None:
        return CopyAnswer(True, found, search.budget.spent, search.rests)
    if search.undecided:
        return CopyAnswer(None, search.undecided, search.budget.spent, search.rests)
    return CopyAnswer(False, "no order of activations with it pays the cost (searched "
                      f"{search.budget.spent:,} states and {search.rests:,} payments after a "
                      "copy; CR 605.3a, 601.2g-h)", search.budget.spent, search.rests)
