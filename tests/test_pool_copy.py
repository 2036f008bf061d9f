"""Doubling Cube ("{3}, {T}: Double the amount of each type of unspent mana you have"):
the ``pool_copy`` mana production and the payment solver's search with it
(``manacheck.solver.payments.copies``).

Expectations are derived by hand from the rules: CR 605.1a and the Cube's rulings (a mana
ability; "type" is a color or colorless, CR 106.1; restrictions aren't copied), CR
605.3a and 601.2g-h (mana abilities activated while paying, the total paid at once), CR
106.4 (mana in the pool from the state file counts), CR 302.6 (summoning sickness is
only for creatures), CR 107.5 ({T} needs an untapped permanent). The random boards are
compared with an independent brute force over sequences of activations.
"""

from __future__ import annotations

import itertools
import random

import pytest
from manacheck.model import ManaProductionKind, load_state_text
from manacheck.model.carddump import dump_mana
from manacheck.model.cardformat import CardFieldError, parse_mana
from manacheck.model.oracletext.manaform import pool_copy_form
from manacheck.model.pool import default_cards
from manacheck.solver import can_activate
from manacheck.solver.payments import payments
from manacheck.solver.payments.copies import decide_with_copies, spends
from manacheck.solver.resolution import Unsupported, resolve

from tests.test_xmage_port import ask, board, payable, repeat

CUBE = "Doubling Cube"


# ---- the card format --------------------------------------------------------------------


def test_pool_copy_reads_and_dumps() -> None:
    """``{pool_copy: 1}`` is the Cube's "Double the amount": as much again of each type."""
    prod = parse_mana({"pool_copy": 1}, "mana")
    assert (prod.kind, prod.amount) == (ManaProductionKind.POOL_COPY, 1)
    assert dump_mana(prod) == {"pool_copy": 1}


@pytest.mark.parametrize("bad", [{"pool_copy": 0}, {"pool_copy": True},
                                 {"pool_copy": 1, "per": {"types": ["Land"]}}])
def test_pool_copy_bad_values(bad: dict[str, object]) -> None:
    with pytest.raises(CardFieldError):
        parse_mana(bad, "mana")


@pytest.mark.cr("605.1a")
def test_reader_reads_the_doubling_line() -> None:
    """The line is a mana ability (the Cube's ruling; CR 605.1a: it could add mana, no
    target): its cost read, its mana ``pool_copy`` (1 for "Double", 2 for "Triple");
    a line with more words, another effect or a target isn't read this way."""
    got = pool_copy_form("{3}, {T}: Double the amount of each type of unspent mana you "
                         "have.", CUBE)
    assert got == {"activated": {"cost": "{3}{T}", "mana": {"pool_copy": 1}, "text": (
        "{3}, {T}: Double the amount of each type of unspent mana you have.")}}
    tripled = pool_copy_form("{T}: Triple the amount of each type of unspent mana you "
                             "have.", "X")
    assert tripled is not None and tripled["activated"]["mana"] == {"pool_copy": 2}
    for line in ("{3}, {T}: Double the amount of each type of unspent mana you have. "
                 "Draw a card.",
                 "{3}, {T}: Double the amount of unspent red mana you have.",
                 "Double the amount of each type of unspent mana you have.",
                 "{T}: Double the amount of each type of unspent mana target player has."):
        assert pool_copy_form(line, "X") is None, line
    ab = default_cards()[CUBE].activated_abilities[0]
    assert ab.is_mana_ability and ab.mana is not None
    assert (ab.mana.kind, ab.mana.amount, ab.tap, ab.mana_cost.text) == (
        ManaProductionKind.POOL_COPY, 1, True, "{3}")


# ---- verdicts derived by hand -----------------------------------------------------------


@pytest.mark.cr("107.5")
def test_tapped_cube_is_not_used_and_the_no_is_exact() -> None:
    """A tapped Cube can't pay its {T} (CR 107.5): eight lands make eight mana, so ten is
    'not payable', exactly (nothing is left out)."""
    s = board(f"{{card: {CUBE}, tapped: true}}", *["Forest"] * 4, *["Mountain"] * 4)
    a = ask(s, repeat("R", 8) + "{G}{G}")
    assert (a.payable, a.left_out) == (False, ())


@pytest.mark.cr("302.6")
def test_cube_that_just_arrived_is_used() -> None:
    """An artifact is not a creature: summoning sickness doesn't stop its {T} (CR 302.6).
    Four Forests, four Mountains: tap all, pay {3} with {G}{G}{G}, double {R}x4{G}:
    {R}x8{G}{G}."""
    s = board(f"{{card: {CUBE}, summoning_sick: true}}", *["Forest"] * 4,
              *["Mountain"] * 4)
    assert payable(s, repeat("R", 8) + "{G}{G}") is True


@pytest.mark.cr("605.3a")
def test_too_little_mana_for_the_cube() -> None:
    """Three Forests: {3} takes all three, doubling an empty pool adds nothing: {G}x4 is
    not payable (exactly: the search decides the Cube); {G}{G}{G} is, without it."""
    s = board(CUBE, "Forest", "Forest", "Forest")
    a = ask(s, repeat("G", 4))
    assert (a.payable, a.count, a.complete, a.left_out) == (False, 0, True, ())
    assert any("not with Doubling Cube" in r for r in a.reasons)
    assert payable(s, "{G}{G}{G}") is True


@pytest.mark.cr("106.4")
def test_pool_from_the_state_file_is_doubled() -> None:
    """{R}{R} already in the pool (CR 106.4) and three Forests: pay {3} with {G}{G}{G},
    double {R}{R}: {R}x4 payable; five {R} never (at most two {R} before the copy);
    pay {R}{G}{G} instead: {R}{G} left, doubled {R}{R}{G}{G}: payable."""
    s = load_state_text(
        "turn: {active_player: Alice, phase: precombat_main}\nplayers:\n  Alice:\n"
        f"    mana_pool: \"{{R}}{{R}}\"\n    battlefield: [{CUBE}, Forest, Forest, Forest]\n"
        "  Bob:\n    battlefield: []\n")
    assert payable(s, repeat("R", 4)) is True
    assert payable(s, "{R}{R}{G}{G}") is True
    assert payable(s, repeat("R", 5)) is False
    assert payable(s, "{5}") is True  # without the Cube: {R}{R} and three {G}
    assert payable(s, "{6}") is False  # with it: 3 to the Cube, 2 doubled: 4


@pytest.mark.cr("605.3a")
def test_signet_before_the_cube() -> None:
    """Six Mountains and Izzet Signet ({1}, {T}: Add {U}{R}): Signet first makes seven
    mana ({R}x6{U}), the Cube takes three ({R}{R}{R}) and doubles {R}x3{U}: eight. The
    Signet after the Cube: (6 - 3) x 2 + 1 = 7. So {U}{U}{R}x6 is payable, {9} and
    {U}{U}{U} are not."""
    s = board(CUBE, "Izzet Signet", *["Mountain"] * 6)
    assert payable(s, "{U}{U}" + repeat("R", 6)) is True
    assert payable(s, "{8}") is True
    assert payable(s, "{9}") is False
    assert payable(s, "{U}{U}{U}") is False


@pytest.mark.cr("605.3a")
def test_payable_with_the_cube_says_so_and_counts_are_lower_bounds() -> None:
    """When only a payment with the Cube exists: payable, the count a lower bound (at
    least one), said in words with one order of activations."""
    s = board(CUBE, *["Forest"] * 4, *["Mountain"] * 4)
    a = ask(s, "{10}")
    assert a.payable is True and a.count is None and not a.complete
    assert a.count_bounds is not None and a.count_bounds.at_least == 1
    assert any(u.key == "pool_copy" and "activate Doubling Cube" in u.why
               for u in a.lower_bound_because)


def test_a_mana_replacement_keeps_it_not_decided() -> None:
    """Mana Reflection doubles what a tapped permanent produces (the Cube is tapped for
    mana), which the search doesn't model: {11} stays 'not decided' (never a guess)."""
    s = board(CUBE, "Mana Reflection", *["Forest"] * 4, *["Mountain"] * 4)
    a = ask(s, "{11}" * 3)
    assert a.payable is None


def test_restricted_pool_mana_keeps_it_not_decided() -> None:
    """Mana in the pool that can't pay generic costs (Jegantha's): whether it may pay the
    Cube's {3} and what its copy (unrestricted, the ruling) does is not modelled by the
    search: nine {R} (impossible by hand: at most four {R} before the copy, none from
    the pool) stays 'not decided'."""
    s = load_state_text(
        "turn: {active_player: Alice, phase: precombat_main}\nplayers:\n  Alice:\n"
        "    mana_pool: [{mana: \"{W}{U}\", from: \"Jegantha, the Wellspring\"}]\n"
        f"    battlefield: [{CUBE}, Forest, Forest, Forest, Forest, Mountain, Mountain, "
        "Mountain, Mountain]\n  Bob:\n    battlefield: []\n")
    assert payable(s, repeat("R", 9)) is None


CUBE_LAND = """\
cards:
  - name: Cube Test Land
    types: [Land]
    text: "{T}: Add {C}.\\n{3}, {T}: Double the amount of each type of unspent mana you have."
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}"}, text: "{T}: Add {C}."}
      - activated:
          cost: "{3}{T}"
          mana: {pool_copy: 1}
          text: "{3}, {T}: Double the amount of each type of unspent mana you have."
"""


def test_a_copier_with_another_mana_ability_is_not_decided() -> None:
    """A permanent that may tap either for {C} or to double (both {T}, CR 107.5) is one
    the search doesn't model: eight Forests and it make {G}x8 and {C} (so {9} is
    payable without the copy), or (8 - 3) x 2 = 10 {G}, never eleven; both ten and eleven
    {G} stay 'not decided', never a guess."""
    s = board("Cube Test Land", *["Forest"] * 8, extra=CUBE_LAND)
    assert payable(s, "{9}") is True
    assert payable(s, repeat("G", 10)) is None
    assert payable(s, repeat("G", 11)) is None


def test_a_for_each_source_keeps_it_not_decided() -> None:
    """Cabal Coffers adds {B} for each Swamp you control: an amount read from the board,
    which the search (moving activations around) doesn't model. Twenty {B} is out of
    reach by hand (four Swamps and Coffers: at most 6 + doublings of under 7 mana), but
    it stays 'not decided'."""
    s = board(CUBE, "Cabal Coffers", *["Swamp"] * 4)
    assert payable(s, repeat("B", 20)) is None


def test_budget_spent_is_not_decided() -> None:
    """A search stopped at its budget answers nothing definite."""
    s = board(CUBE, *["Forest"] * 4, *["Mountain"] * 4)
    p = payments(s, "Alice", "{11}")
    assert not p
    got = decide_with_copies(p.board, limit=1)
    assert got.payable is None and "budget" in got.how
    assert decide_with_copies(p.board).payable is False


def test_spends() -> None:
    """The ways to pay {1}{G} from {G}{G}{R}: {G}{G} or {R}{G} (CR 107.4); {2/W} from
    {R}{R}: two of any type."""
    from manacheck.model import ManaCost
    assert spends(ManaCost.parse("{1}{G}"), (0, 0, 0, 1, 2, 0)) == {
        (0, 0, 0, 0, 2, 0), (0, 0, 0, 1, 1, 0)}
    assert spends(ManaCost.parse("{2/W}"), (0, 0, 0, 2, 0, 0)) == {(0, 0, 0, 2, 0, 0)}
    assert spends(ManaCost.parse("{B/R}"), (0, 0, 1, 1, 0, 0)) == {
        (0, 0, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0)}


# ---- other questions --------------------------------------------------------------------


ENGINE = """\
cards:
  - name: Cube Test Engine
    mana_cost: "{1}"
    types: [Artifact]
    text: "{8}: Draw a card."
    abilities:
      - activated:
          cost: "{8}"
          effects: [{kind: draw, count: 1}]
          text: "{8}: Draw a card."
"""


def test_can_activate_an_ability_needing_the_cube_is_not_decided() -> None:
    """can-activate doesn't search with the Cube. An ability costing {8} with seven
    lands: seven mana without the Cube; with it (7 - 3) x 2 = 8. The payment question
    says payable; can-activate says 'not decided' (never a guessed 'no'), naming it."""
    s = board("Cube Test Engine", CUBE, *["Forest"] * 4, *["Mountain"] * 3,
              library=5, extra=ENGINE)
    assert payable(s, "{8}") is True
    v = can_activate(s, "Cube Test Engine", 1)
    assert not v.legal and v.undecided and "Doubling Cube" in v.undecided


def test_can_activate_is_exact_when_the_cube_cant_help() -> None:
    """Six lands: six mana without the Cube, (6 - 3) x 2 = 6 with it: {8} can't be paid
    either way, so the ability is not legal, exactly (not 'not decided')."""
    s = board("Cube Test Engine", CUBE, *["Forest"] * 4, *["Mountain"] * 2,
              library=5, extra=ENGINE)
    v = can_activate(s, "Cube Test Engine", 1)
    assert v.legal is False and not v.undecided and v.left_out == ()


def test_resolving_a_cube_activation_is_refused_clearly() -> None:
    """The resolution solver plays only discard-cost activations: the Cube's mana
    ability is refused with a message (mana abilities don't use the stack, CR 605.3a)."""
    s = load_state_text(
        "turn: {active_player: Alice, phase: precombat_main}\nplayers:\n  Alice:\n"
        f"    battlefield: [{CUBE}, Forest, Forest, Forest]\n  Bob: {{}}\n"
        "events:\n  - activate: {object: Doubling Cube, ability: 1}\n")
    with pytest.raises(Unsupported, match="only abilities whose whole cost is discarding"):
        resolve(s)


# ---- brute force on small random boards --------------------------------------------------

#: name -> its mana abilities: (mana cost: generic, then the types each other symbol
#: accepts; the options it adds as WUBRGC vectors)
SOURCES: dict[str, list[tuple[tuple[int, tuple[str, ...]], list[tuple[int, ...]]]]] = {
    "Forest": [((0, ()), [(0, 0, 0, 0, 1, 0)])],
    "Mountain": [((0, ()), [(0, 0, 0, 1, 0, 0)])],
    "Island": [((0, ()), [(0, 1, 0, 0, 0, 0)])],
    "Sunpetal Grove": [((0, ()), [(0, 0, 0, 0, 1, 0), (1, 0, 0, 0, 0, 0)])],
    "Sol Ring": [((0, ()), [(0, 0, 0, 0, 0, 2)])],
    "Izzet Signet": [((1, ()), [(0, 1, 0, 1, 0, 0)])],
    "Castle Sengir": [((0, ()), [(0, 0, 0, 0, 0, 1)]), ((1, ()), [(0, 0, 1, 0, 0, 0)]),
                      ((2, ()), [(0, 1, 0, 0, 0, 0), (0, 0, 0, 1, 0, 0)])],
    "Graven Cairns": [((0, ()), [(0, 0, 0, 0, 0, 1)]),
                      ((0, ("BR",)), [(0, 0, 2, 0, 0, 0), (0, 0, 1, 1, 0, 0),
                                      (0, 0, 0, 2, 0, 0)])],
}


def _pays(pool: tuple[int, ...], cost: tuple[int, tuple[str, ...]]
          ) -> set[tuple[int, ...]]:
    """Every pool left after paying ``cost`` from it (each symbol by one of its types,
    then the generic part by any)."""
    generic, symbols = cost
    lefts = {pool}
    for alts in symbols:
        lefts = {(*left[:i], left[i] - 1, *left[i + 1:]) for left in lefts
                 for i in ("WUBRGC".index(t) for t in alts) if left[i]}
    out = set()
    for left in lefts:
        for combo in itertools.product(*(range(c + 1) for c in left)):
            if sum(combo) == generic:
                out.add(tuple(p - c for p, c in zip(left, combo, strict=True)))
    return out


def brute(names: list[str], cubes: int, need: tuple[int, ...], generic: int) -> bool:
    """Whether some sequence of activations leaves a pool that pays the cost: ``need``
    colored mana by type and ``generic`` more of any type (CR 601.2g-h, 107.4)."""
    seen = set()
    stack = [((0,) * 6, frozenset(), 0)]
    while stack:
        pool, used, cubes_used = stack.pop()
        key = (pool, used, cubes_used)
        if key in seen:
            continue
        seen.add(key)
        if all(p >= n for p, n in zip(pool, need, strict=True)) \
                and sum(pool) - sum(need) >= generic:
            return True
        for i, name in enumerate(names):
            if i in used:
                continue
            for cost, outs in SOURCES[name]:
                for left in _pays(pool, cost):
                    for out in outs:
                        stack.append((tuple(a + b for a, b in zip(left, out, strict=True)),
                                      used | {i}, cubes_used))
        if cubes_used < cubes:
            for left in _pays(pool, (3, ())):
                stack.append((tuple(2 * a for a in left), used, cubes_used + 1))
    return False


def _cost_text(need: tuple[int, ...], generic: int) -> str:
    text = "".join(("{" + t + "}") * n for t, n in zip("WUBRGC", need, strict=True))
    return (f"{{{generic}}}" if generic else "") + text or "{0}"


@pytest.mark.cr("605.3a")
@pytest.mark.parametrize("seed", range(60))
def test_random_boards_match_a_brute_force(seed: int) -> None:
    """Random boards of basics, Sunpetal Grove, Sol Ring, Izzet Signet, Castle Sengir,
    Graven Cairns and one to three Cubes: the verdict equals the brute force over every
    sequence of activations, and is never 'not decided'."""
    rng = random.Random(seed)
    names = [rng.choice(list(SOURCES)) for _ in range(rng.randint(3, 6))]
    cubes = rng.randint(1, 3)
    s = board(*[CUBE] * cubes, *names)
    for _ in range(4):
        need = (0, rng.randint(0, 2), 0, rng.randint(0, 3), rng.randint(0, 3), 0)
        generic = rng.randint(0, 6)
        cost = _cost_text(need, generic)
        want = brute(names, cubes, need, generic)
        assert payable(s, cost) is want, (names, cubes, cost)
