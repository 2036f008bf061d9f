"""Mana symbols, costs and mana value (CR 107.3, 107.4, 107.5, 107.6, 202.3).

The expectations here are written out by hand from the rules (the printed order of
hybrid pairs, what each symbol adds to mana value), never taken from the parser.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.model import (
    BadInput,
    ManaCost,
    ManaPool,
    ManaSymbol,
    ManaSyntaxError,
    ManaType,
    PoolMana,
    StackItem,
    SymbolKind,
    builtin_cards,
)
from manacheck.model.mana import parse_mana_types

# CR 107.4e: the ten two-color pairs as printed (allied: W/U U/B B/R R/G G/W;
# enemy: W/B U/R B/G R/W G/U). Written out by hand, not computed.
PRINTED_PAIRS = ["W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U"]


@pytest.mark.cr("107.4e")
@pytest.mark.parametrize("pair", PRINTED_PAIRS)
def test_cr_107_4e_hybrid_pair_either_order_prints_canonically(pair: str) -> None:
    a, b = pair.split("/")
    for text in (f"{{{a}/{b}}}", f"{{{b}/{a}}}", f"{{{a.lower()}/{b.lower()}}}"):
        cost = ManaCost.parse(text)
        assert str(cost) == f"{{{pair}}}"
        (sym,) = cost.symbols
        assert sym.kind is SymbolKind.HYBRID
        assert {c.value for c in sym.colors} == {a, b}
        assert cost.mana_value() == 1


@pytest.mark.cr("107.4f")
@pytest.mark.parametrize("pair", PRINTED_PAIRS)
def test_cr_107_4f_hybrid_phyrexian_either_order(pair: str) -> None:
    a, b = pair.split("/")
    for text in (f"{{{a}/{b}/P}}", f"{{{b}/{a}/P}}"):
        cost = ManaCost.parse(text)
        assert str(cost) == f"{{{pair}/P}}"
        assert cost.symbols[0].kind is SymbolKind.HYBRID_PHYREXIAN
        assert cost.mana_value() == 1  # CR 202.3g


def test_hybrid_pairs_are_exactly_ten() -> None:
    seen = set()
    colors = "WUBRG"
    for a in colors:
        for b in colors:
            if a != b:
                seen.add(str(ManaCost.parse(f"{{{a}/{b}}}")))
    assert sorted(seen) == sorted(f"{{{p}}}" for p in PRINTED_PAIRS)


@pytest.mark.parametrize(
    ("text", "kind", "canonical", "mv"),
    [
        ("{W}", SymbolKind.COLORED, "{W}", 1),
        ("{u}", SymbolKind.COLORED, "{U}", 1),
        ("{C}", SymbolKind.COLORLESS, "{C}", 1),
        ("{0}", SymbolKind.GENERIC, "{0}", 0),
        ("{7}", SymbolKind.GENERIC, "{7}", 7),
        ("{16}", SymbolKind.GENERIC, "{16}", 16),
        ("{1000000}", SymbolKind.GENERIC, "{1000000}", 1000000),  # CR 107.4b: no cap
        ("{2147483647}", SymbolKind.GENERIC, "{2147483647}", 2147483647),
        ("{" + "9" * 4000 + "}", SymbolKind.GENERIC, "{" + "9" * 4000 + "}", 10 ** 4000 - 1),
        ("{1" + "0" * 4000 + "}", None, None, None),  # 4,001 digits: manacheck's limit
        ("{X}", SymbolKind.VARIABLE, "{X}", 0),
        ("{y}", SymbolKind.VARIABLE, "{Y}", 0),
        ("{Z}", None, None, None),  # not a symbol of the CR: only X and Y (107.3p)
        ("{2/W}", SymbolKind.MONO_HYBRID, "{2/W}", 2),
        ("{W/2}", SymbolKind.MONO_HYBRID, "{2/W}", 2),
        ("{W/P}", SymbolKind.PHYREXIAN, "{W/P}", 1),
        ("{g/p}", SymbolKind.PHYREXIAN, "{G/P}", 1),
        ("{G/W/P}", SymbolKind.HYBRID_PHYREXIAN, "{G/W/P}", 1),
        ("{C/W}", SymbolKind.COLORLESS_HYBRID, "{C/W}", 1),  # CR 107.4 (2026-01-16)
        ("{c/g}", SymbolKind.COLORLESS_HYBRID, "{C/G}", 1),
        ("{U/C}", SymbolKind.COLORLESS_HYBRID, "{C/U}", 1),
        ("{S}", SymbolKind.SNOW, "{S}", 1),
    ],
)
def test_every_symbol_kind(text: str, kind: SymbolKind | None, canonical: str | None,
                           mv: int | None) -> None:
    if kind is None:
        with pytest.raises(ManaSyntaxError):
            ManaCost.parse(text)
        return
    cost = ManaCost.parse(text)
    assert [s.kind for s in cost.symbols] == [kind]
    assert str(cost) == canonical
    assert cost.mana_value() == mv


@pytest.mark.cr("107.5")
@pytest.mark.cr("107.6")
def test_tap_and_untap_only_with_allow_tap() -> None:
    for text in ("{T}", "{Q}", "{1}{T}"):
        with pytest.raises(ManaSyntaxError, match="not allowed in a mana cost"):
            ManaCost.parse(text)
    cost = ManaCost.parse("{1}{T}{Q}", allow_tap=True)
    assert cost.has_tap and cost.has_untap
    assert str(cost) == "{1}{T}{Q}"
    assert str(cost.mana_only) == "{1}"
    assert cost.mana_value() == 1  # {T} and {Q} aren't mana symbols


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{W/Q}", "unknown mana symbol {W/Q} at position 1"),
        ("{G}{W/Q}", "unknown mana symbol {W/Q} at position 2"),
        ("{2}{W}{K}", "unknown mana symbol {K} at position 3"),
        ("{W/W}", "unknown mana symbol {W/W} at position 1"),
        ("{C/P}", "unknown mana symbol {C/P} at position 1"),
        ("{2/C}", "unknown mana symbol {2/C} at position 1"),
        ("{C/C}", "unknown mana symbol {C/C} at position 1"),
        ("{C/W/P}", "unknown mana symbol {C/W/P} at position 1"),
        ("{W/U/B}", "unknown mana symbol {W/U/B} at position 1"),
        ("{}", "unknown mana symbol {} at position 1"),
        ("{01}", "unknown mana symbol {01} at position 1"),
        ("{²}", "unknown mana symbol {²} at position 1"),
        ("{W}G", "unknown mana symbol G at position 2"),
        ("{W}{", "unknown mana symbol { at position 2"),
    ],
)
def test_bad_symbol_names_symbol_and_position(text: str, message: str) -> None:
    with pytest.raises(ManaSyntaxError) as info:
        ManaCost.parse(text)
    assert info.value.message == message
    assert isinstance(info.value, BadInput)
    assert "\n" not in info.value.one_line()


def test_huge_generic_symbol_is_refused_with_a_short_message() -> None:
    with pytest.raises(ManaSyntaxError) as info:
        ManaCost.parse("{" + "9" * 5000 + "}")
    assert len(info.value.message) < 100


def test_non_text_cost_is_bad_input() -> None:
    with pytest.raises(ManaSyntaxError):
        ManaCost.parse(3)  # type: ignore[arg-type]


# ---- hypothesis round-trip -------------------------------------------------------------
# Each generated symbol carries: ways to write it, its canonical text, its mana value.

_COLOR_LETTERS = "WUBRG"


def _symbol_forms() -> st.SearchStrategy[tuple[str, str, int]]:
    colored = st.sampled_from(_COLOR_LETTERS + "C").map(lambda c: (f"{{{c}}}", f"{{{c}}}", 1))
    generic = st.integers(0, 999_999).map(lambda n: (f"{{{n}}}", f"{{{n}}}", n))
    variable = st.sampled_from("XY").map(lambda v: (f"{{{v}}}", f"{{{v}}}", 0))
    hybrid = st.tuples(st.sampled_from(PRINTED_PAIRS), st.booleans()).map(
        lambda pb: (
            "{" + ("/".join(reversed(pb[0].split("/"))) if pb[1] else pb[0]) + "}",
            "{" + pb[0] + "}",
            1,
        )
    )
    mono = st.tuples(st.sampled_from(_COLOR_LETTERS), st.booleans()).map(
        lambda cb: (f"{{{cb[0]}/2}}" if cb[1] else f"{{2/{cb[0]}}}", f"{{2/{cb[0]}}}", 2)
    )
    phyrexian = st.sampled_from(_COLOR_LETTERS).map(lambda c: (f"{{{c}/P}}", f"{{{c}/P}}", 1))
    hyb_phy = st.tuples(st.sampled_from(PRINTED_PAIRS), st.booleans()).map(
        lambda pb: (
            "{" + ("/".join(reversed(pb[0].split("/"))) if pb[1] else pb[0]) + "/P}",
            "{" + pb[0] + "/P}",
            1,
        )
    )
    snow = st.just(("{S}", "{S}", 1))
    return st.one_of(colored, generic, variable, hybrid, mono, phyrexian, hyb_phy, snow)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(_symbol_forms(), st.booleans(), st.sampled_from(["", " "])),
             max_size=8)
)
def test_roundtrip_text_cost_canonical_text(parts: list[tuple[tuple[str, str, int], bool, str]]
                                            ) -> None:
    written = "".join(
        sep + (form[0].lower() if lower else form[0]) for form, lower, sep in parts
    )
    canonical = "".join(form[1] for form, _, _ in parts)
    expected_mv = sum(form[2] for form, _, _ in parts)
    cost = ManaCost.parse(written)
    assert cost.text == canonical
    assert cost.mana_value() == expected_mv
    again = ManaCost.parse(cost.text)
    assert again == cost
    assert again.text == canonical


@settings(max_examples=100, deadline=None)
@given(st.lists(_symbol_forms(), max_size=6), st.integers(0, 20))
def test_mana_value_with_x_and_y_counts_each_variable(forms: list[tuple[str, str, int]],
                                                       x: int) -> None:
    # CR 107.3, 107.3p: X and Y are separate variables; each {X} counts X, each {Y} Y.
    cost = ManaCost.parse("".join(f[0] for f in forms))
    n_x = sum(1 for f in forms if f[1] == "{X}")
    n_y = sum(1 for f in forms if f[1] == "{Y}")
    y = x + 1
    assert cost.mana_value(x, y) == sum(f[2] for f in forms) + n_x * x + n_y * y
    assert cost.with_x(x, y).mana_value() == cost.mana_value(x, y)
    assert not cost.with_x(x, y).has_variable
    assert cost.with_x(x).variables == ({"Y"} if n_y else set())


# ---- CR 202.3: mana value ---------------------------------------------------------------


@pytest.mark.cr("202.3e")
def test_cr_202_3e_x_is_zero_off_the_stack() -> None:
    assert ManaCost.parse("{X}{R}").mana_value() == 1
    assert ManaCost.parse("{X}{X}{G}").mana_value() == 1


@pytest.mark.cr("202.3e")
def test_cr_202_3e_x_is_chosen_value_on_the_stack() -> None:
    assert ManaCost.parse("{X}{R}").mana_value(x=4) == 5
    assert ManaCost.parse("{X}{X}{G}").mana_value(x=3) == 7  # each {X} counts X


@pytest.mark.cr("202.3e")
def test_cr_202_3e_stack_item_uses_chosen_x() -> None:
    from manacheck.model import CardDefinition

    xx = CardDefinition("Double X", ManaCost.parse("{X}{X}{G}"), types=("Sorcery",))
    assert StackItem("s", "Alice", card=xx, x=3).mana_value() == 7
    assert xx.mana_value() == 1


@pytest.mark.cr("202.3f")
def test_cr_202_3f_monocolored_hybrid_counts_two() -> None:
    assert ManaCost.parse("{2/W}").mana_value() == 2
    assert ManaCost.parse("{2/W}{2/U}{2/B}").mana_value() == 6


@pytest.mark.cr("202.3f")
def test_cr_202_3f_hybrid_counts_one() -> None:
    assert ManaCost.parse("{W/U}{B/G}").mana_value() == 2


@pytest.mark.cr("202.3g")
def test_cr_202_3g_phyrexian_counts_one() -> None:
    assert ManaCost.parse("{1}{W/P}{G/W/P}").mana_value() == 3


@pytest.mark.cr("202.3a")
def test_cr_202_3a_no_mana_cost_is_zero() -> None:
    forest = builtin_cards()["Forest"]
    assert forest.mana_cost is None
    assert forest.mana_value() == 0
    assert ManaCost().mana_value() == 0


@pytest.mark.cr("118.9c")
@pytest.mark.cr("202.3")
def test_cr_118_9c_sheer_drop_cast_for_awaken_has_mana_value_3() -> None:
    sheer = builtin_cards()["Sheer Drop"]
    assert str(sheer.mana_cost) == "{2}{W}"
    awaken = [a for a in sheer.alternative_costs if a.name == "awaken"]
    assert awaken and awaken[0].mana_cost.mana_value() == 6  # what is paid differs...
    on_stack = StackItem("s", "Alice", card=sheer, alternative_cost="awaken")
    assert on_stack.mana_value() == 3  # ...but mana value still comes from {2}{W}


# ---- produced mana and the pool ----------------------------------------------------------


def test_parse_mana_types_keeps_printed_order() -> None:
    assert parse_mana_types("{B}{R}{C}") == (ManaType.B, ManaType.R, ManaType.C)
    assert parse_mana_types("") == ()


@pytest.mark.parametrize("text", ["{1}", "{X}", "{W/U}", "{S}", "{2/W}", "{W/P}"])
def test_parse_mana_types_refuses_cost_only_symbols(text: str) -> None:
    with pytest.raises(ManaSyntaxError, match="not a mana type that can be added"):
        parse_mana_types(text)


@pytest.mark.cr("106.6")
def test_pool_keeps_restricted_mana_apart() -> None:
    pool = ManaPool.of([PoolMana(ManaType.G), PoolMana(ManaType.G, restriction="r"),
                        PoolMana(ManaType.G)])
    assert pool.total == 3
    assert pool.amount(ManaType.G) == 3
    assert sorted(e.amount for e in pool.entries) == [1, 2]
    assert {e.restriction for e in pool.entries} == {None, "r"}


def test_pool_text_roundtrip() -> None:
    pool = ManaPool.parse("{G}{W}{G}{C}")
    assert str(pool) == "{W}{G}{G}{C}"
    assert ManaPool.parse(str(pool)) == pool
    assert pool.by_type() == {ManaType.W: 1, ManaType.G: 2, ManaType.C: 1}


def test_symbol_repr_and_text() -> None:
    assert repr(ManaSymbol.generic(3)) == "ManaSymbol('{3}')"
    assert repr(ManaCost.parse("{u/w}")) == "ManaCost.parse('{W/U}')"


@pytest.mark.cr("107.4b")
def test_a_generic_symbol_too_large_says_so_not_unknown() -> None:
    """Issue 15: a generic symbol past manacheck's own limit (4,000 digits; CR 107.4b has
    no cap) is refused as too large for manacheck, never as an "unknown mana symbol"; a
    malformed number still is unknown. Issue 16, point 6: {2147483647} and far more
    are symbols like any other."""
    with pytest.raises(ManaSyntaxError) as caught:
        ManaCost.parse("{2}{1" + "0" * 4000 + "}")
    message = caught.value.one_line()
    assert "too large for manacheck" in message and "position 2" in message
    assert "107.4b" in message
    assert "unknown" not in message
    with pytest.raises(ManaSyntaxError, match="unknown mana symbol"):
        ManaCost.parse("{01}")


@pytest.mark.cr("107.4e")
@pytest.mark.cr("202.2d")
def test_colorless_hybrid_is_a_colored_symbol_of_its_color_only() -> None:
    # CR 107.4e: "A hybrid mana symbol is also a colored mana symbol, even if one of its
    # components is colorless ... A hybrid mana symbol is all of its component colors."
    # Colorless is not a color (105.1), so {C/W} is white and only white.
    cost = ManaCost.parse("{C/W}{C/U}")
    assert cost.colors == (ManaType.W, ManaType.U)
    assert ManaCost.parse("{C/G}{1}").mana_value() == 2  # CR 202.3f: each component is 1
    # Generic reductions take nothing off it (118.7d: only generic mana is reduced).
    assert str(ManaCost.parse("{C/W}{2}").reduced(5)) == "{C/W}"
