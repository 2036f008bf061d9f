"""Mana: types, symbols, costs, mana value and the mana pool.

Rules
-----
CR 106.1b: the six types of mana are white, blue, black, red, green and colorless.
CR 107.4: mana symbols, including hybrid and monocolored hybrid ({2/W}, {C/W}: 107.4e),
Phyrexian (107.4f), snow (107.4h).
CR 107.5 / 107.6: the tap and untap symbols, allowed in activation costs only.
CR 202.3: mana value; {X} is 0 except on the stack (202.3e), hybrid counts its largest
component (202.3f), Phyrexian counts 1 (202.3g).
CR 106.6: mana with a spending restriction is kept apart in the pool.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .errors import ManaSyntaxError

__all__ = [
    "COLORS",
    "MANA_TYPES",
    "ManaCost",
    "ManaPool",
    "ManaSymbol",
    "ManaType",
    "PoolMana",
    "SymbolKind",
    "canonical_pair",
    "parse_mana_types",
]


class ManaType(enum.Enum):
    """One of the six types of mana (CR 106.1b), in WUBRGC order."""

    W = "W"
    U = "U"
    B = "B"
    R = "R"
    G = "G"
    C = "C"

    @property
    def is_color(self) -> bool:
        """True for the five colors; colorless is a type but not a color (CR 106.1a)."""
        return self is not ManaType.C

    @property
    def order(self) -> int:
        return _ORDER[self]

    @property
    def color_name(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"ManaType.{self.value}"


_ORDER = {t: i for i, t in enumerate(ManaType)}
_NAMES = {
    ManaType.W: "white",
    ManaType.U: "blue",
    ManaType.B: "black",
    ManaType.R: "red",
    ManaType.G: "green",
    ManaType.C: "colorless",
}
COLORS: tuple[ManaType, ...] = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G)
MANA_TYPES: tuple[ManaType, ...] = (*COLORS, ManaType.C)


def canonical_pair(a: ManaType, b: ManaType) -> tuple[ManaType, ManaType]:
    """Order two colors as printed on hybrid symbols: {W/U}, {W/B}, {U/B}, {U/R}, ...

    On the WUBRG color wheel the first color is the one from which the second is one
    or two steps clockwise (allied pairs W/U, U/B, B/R, R/G, G/W; enemy pairs W/B, U/R,
    B/G, R/W, G/U).
    """
    if not (a.is_color and b.is_color) or a is b:
        raise ValueError(f"not a hybrid color pair: {a.value}/{b.value}")
    step = (COLORS.index(b) - COLORS.index(a)) % 5
    return (a, b) if step in (1, 2) else (b, a)


def sort_types(types: Iterable[ManaType]) -> tuple[ManaType, ...]:
    """Types in WUBRGC order, without duplicates."""
    return tuple(sorted(set(types), key=lambda t: t.order))


class SymbolKind(enum.Enum):
    """The kinds of symbol that can appear in a cost (CR 107.4, 107.5, 107.6)."""

    COLORED = "colored"  # {W}
    COLORLESS = "colorless"  # {C}
    GENERIC = "generic"  # {0}..{N}
    VARIABLE = "variable"  # {X} {Y} {Z}
    HYBRID = "hybrid"  # {W/U}
    MONO_HYBRID = "mono_hybrid"  # {2/W}
    COLORLESS_HYBRID = "colorless_hybrid"  # {C/W}
    PHYREXIAN = "phyrexian"  # {W/P}
    HYBRID_PHYREXIAN = "hybrid_phyrexian"  # {G/W/P}
    SNOW = "snow"  # {S}
    TAP = "tap"  # {T}
    UNTAP = "untap"  # {Q}


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One symbol of a cost.

    ``colors`` holds the color(s) of colored, hybrid and Phyrexian symbols;
    ``amount`` the number of a generic symbol (and 2 for {2/W}); ``var`` the letter of
    a variable symbol.
    """

    kind: SymbolKind
    colors: tuple[ManaType, ...] = ()
    amount: int = 0
    var: str = ""

    # -- constructors ---------------------------------------------------------------
    @staticmethod
    def colored(t: ManaType) -> ManaSymbol:
        if t is ManaType.C:
            return ManaSymbol(SymbolKind.COLORLESS)
        return ManaSymbol(SymbolKind.COLORED, (t,))

    @staticmethod
    def generic(n: int) -> ManaSymbol:
        return ManaSymbol(SymbolKind.GENERIC, amount=n)

    # -- meaning --------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The canonical printed form, e.g. ``{W/U}``."""
        k = self.kind
        if k is SymbolKind.COLORED:
            return "{" + self.colors[0].value + "}"
        if k is SymbolKind.COLORLESS:
            return "{C}"
        if k is SymbolKind.GENERIC:
            return "{" + str(self.amount) + "}"
        if k is SymbolKind.VARIABLE:
            return "{" + self.var + "}"
        if k is SymbolKind.HYBRID:
            return "{" + "/".join(c.value for c in self.colors) + "}"
        if k is SymbolKind.MONO_HYBRID:
            return "{" + f"{self.amount}/{self.colors[0].value}" + "}"
        if k is SymbolKind.COLORLESS_HYBRID:
            return "{C/" + self.colors[0].value + "}"
        if k is SymbolKind.PHYREXIAN:
            return "{" + self.colors[0].value + "/P}"
        if k is SymbolKind.HYBRID_PHYREXIAN:
            return "{" + "/".join(c.value for c in self.colors) + "/P}"
        if k is SymbolKind.SNOW:
            return "{S}"
        if k is SymbolKind.TAP:
            return "{T}"
        return "{Q}"

    @property
    def is_mana(self) -> bool:
        """False for {T} and {Q}, which are not mana symbols (CR 107.5, 107.6)."""
        return self.kind not in (SymbolKind.TAP, SymbolKind.UNTAP)

    def mana_value(self, x: int = 0, y: int = 0) -> int:
        """This symbol's contribution to mana value (CR 202.3).

        ``x`` and ``y`` are the values of {X} and {Y}: 0 off the stack (CR 202.3e).
        """
        k = self.kind
        if k is SymbolKind.GENERIC:
            return self.amount
        if k is SymbolKind.VARIABLE:
            return y if self.var == "Y" else x
        if k is SymbolKind.MONO_HYBRID:
            return max(self.amount, 1)  # CR 202.3f: the largest component
        if k in (SymbolKind.TAP, SymbolKind.UNTAP):
            return 0
        return 1  # colored, colorless, hybrid, Phyrexian (CR 202.3g), snow

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"ManaSymbol({self.text!r})"


_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")
#: Longest generic symbol accepted, in digits. CR 107.4b sets no upper bound, and every
#: amount is an exact Python integer; a longer number is refused as too large for
#: manacheck because turning decimal text into an integer takes time quadratic in its
#: length (CPython refuses past 4,300 digits for that reason).
MAX_GENERIC_DIGITS = 4000
_LETTERS = {t.value: t for t in ManaType}


def _parse_symbol(body: str) -> ManaSymbol | None:
    """The symbol whose text between braces is ``body``, or None if there is none."""
    b = body.strip().upper()
    if b.isascii() and b.isdigit():  # not "²" or other Unicode digits
        if (len(b) > 1 and b.startswith("0")) or len(b) > MAX_GENERIC_DIGITS:
            return None
        return ManaSymbol.generic(int(b))
    if b in ("X", "Y"):  # CR 107.3, 107.3p: X, and Y "follows the same rules as X"
        return ManaSymbol(SymbolKind.VARIABLE, var=b)
    if b == "S":
        return ManaSymbol(SymbolKind.SNOW)
    if b == "T":
        return ManaSymbol(SymbolKind.TAP)
    if b == "Q":
        return ManaSymbol(SymbolKind.UNTAP)
    if b in _LETTERS:
        return ManaSymbol.colored(_LETTERS[b])
    parts = b.split("/")
    if len(parts) == 2:
        first, second = parts
        if second == "P" and first in _LETTERS and first != "C":
            return ManaSymbol(SymbolKind.PHYREXIAN, (_LETTERS[first],))
        if first == "C" and second in _LETTERS and _LETTERS[second].is_color:
            # CR 107.4, 107.4e: {C/W} is paid with one white mana or one colorless mana
            # ({C}, 107.4c); it is a colored symbol: colorless is not a color (105.1).
            return ManaSymbol(SymbolKind.COLORLESS_HYBRID, (_LETTERS[second],))
        if second == "C" and first in _LETTERS and _LETTERS[first].is_color:
            return ManaSymbol(SymbolKind.COLORLESS_HYBRID, (_LETTERS[first],))
        if first == "2" and second in _LETTERS and second != "C":
            return ManaSymbol(SymbolKind.MONO_HYBRID, (_LETTERS[second],), amount=2)
        if second == "2" and first in _LETTERS and first != "C":
            return ManaSymbol(SymbolKind.MONO_HYBRID, (_LETTERS[first],), amount=2)
        if first in _LETTERS and second in _LETTERS and first != second:
            a, c = _LETTERS[first], _LETTERS[second]
            if a.is_color and c.is_color:
                return ManaSymbol(SymbolKind.HYBRID, canonical_pair(a, c))
        return None
    if len(parts) == 3 and parts[2] == "P":
        first, second = parts[0], parts[1]
        if first in _LETTERS and second in _LETTERS and first != second:
            a, c = _LETTERS[first], _LETTERS[second]
            if a.is_color and c.is_color:
                return ManaSymbol(SymbolKind.HYBRID_PHYREXIAN, canonical_pair(a, c))
    return None


def _symbols(text: str, *, allow_tap: bool) -> Iterator[tuple[int, ManaSymbol]]:
    """Yield (1-based symbol position, symbol) for each symbol of ``text``."""
    pos = 0
    index = 0
    s = text.strip()
    while pos < len(s):
        if s[pos].isspace():
            pos += 1
            continue
        m = _SYMBOL_RE.match(s, pos)
        index += 1
        if m is None:
            rest = s[pos:]
            # The unparsable text: an unclosed "{..." or the run of text before the next "{".
            token = rest if rest.startswith("{") else (rest.split("{")[0].strip() or rest)
            raise ManaSyntaxError(
                f"unknown mana symbol {token[:20]} at position {index}",
                token=token[:20],
                position=index,
            )
        body = m.group(1).strip()
        token = m.group(0) if len(m.group(0)) <= 24 else m.group(0)[:20] + "...}"
        if body.isascii() and body.isdigit() and len(body) > MAX_GENERIC_DIGITS \
                and not body.startswith("0"):
            # CR 107.4b sets no upper bound on a generic symbol: this is manacheck's own limit,
            # said as such rather than as an unknown symbol.
            raise ManaSyntaxError(
                f"generic symbol {token} at position {index} is too large for manacheck",
                token=token,
                position=index,
                suggestion=f"at most {MAX_GENERIC_DIGITS:,} digits: a limit of manacheck's "
                "(reading longer numbers takes quadratic time), CR 107.4b sets none",
            )
        sym = _parse_symbol(m.group(1))
        if sym is None or (not allow_tap and not sym.is_mana):
            what = "tap/untap symbol not allowed in a mana cost" if sym else "unknown mana symbol"
            raise ManaSyntaxError(
                f"{what} {token} at position {index}",
                token=token,
                position=index,
                suggestion=_suggest_symbol(m.group(1)),
            )
        yield index, sym
        pos = m.end()


def _suggest_symbol(body: str) -> str:
    b = body.upper()
    if "/" in b:
        return ("hybrid symbols pair two colors ({W/U}), a color with 2 or C ({2/W}, {C/W}) "
                "or P ({W/P})")
    if b in ("Z",):
        return ("the variable symbols are {X} and {Y} (CR 107.3, 107.3p); {Z} is not a "
                "symbol of the Comprehensive Rules")
    return "mana symbols are {W} {U} {B} {R} {G} {C}, numbers, {X}, {Y}, hybrids, {S}"


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A cost made of mana symbols (and, in activation costs, {T}/{Q}).

    Examples
    --------
    >>> cost = ManaCost.parse("{2}{u/w}{W/P}")
    >>> str(cost)
    '{2}{W/U}{W/P}'
    >>> cost.mana_value()
    4
    >>> ManaCost.parse("{X}{R}").mana_value(x=4)
    5
    """

    symbols: tuple[ManaSymbol, ...] = ()

    @staticmethod
    def parse(text: str, *, allow_tap: bool = False) -> ManaCost:
        """Parse cost text such as ``"{2}{W}{U}"``.

        Raises
        ------
        ManaSyntaxError
            Naming the bad symbol and its position: ``unknown mana symbol {W/Q} at position 1``.
        """
        if not isinstance(text, str):
            raise ManaSyntaxError(f"mana cost must be text, not {type(text).__name__}")
        return ManaCost(tuple(sym for _, sym in _symbols(text, allow_tap=allow_tap)))

    @staticmethod
    def of(*symbols: ManaSymbol) -> ManaCost:
        return ManaCost(tuple(symbols))

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.symbols)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"ManaCost.parse({self.text!r})"

    def __bool__(self) -> bool:
        return bool(self.symbols)

    def __iter__(self) -> Iterator[ManaSymbol]:
        return iter(self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def mana_value(self, x: int = 0, y: int = 0) -> int:
        """Total mana value (CR 202.3), with ``x`` for {X} and ``y`` for {Y}."""
        return sum(s.mana_value(x, y) for s in self.symbols)

    @property
    def has_variable(self) -> bool:
        return any(s.kind is SymbolKind.VARIABLE for s in self.symbols)

    @property
    def variables(self) -> frozenset[str]:
        """The letters of its variable symbols ({X}, {Y}: CR 107.3, 107.3p)."""
        return frozenset(s.var for s in self.symbols if s.kind is SymbolKind.VARIABLE)

    @property
    def variable_count(self) -> int:
        """How many {X} symbols: {X}{X} with X=3 costs six generic mana (CR 107.3)."""
        return sum(1 for s in self.symbols if s.kind is SymbolKind.VARIABLE)

    @property
    def has_tap(self) -> bool:
        return any(s.kind is SymbolKind.TAP for s in self.symbols)

    @property
    def has_untap(self) -> bool:
        return any(s.kind is SymbolKind.UNTAP for s in self.symbols)

    @property
    def mana_only(self) -> ManaCost:
        """This cost without {T} and {Q}."""
        return ManaCost(tuple(s for s in self.symbols if s.is_mana))

    def with_x(self, x: int, y: int | None = None) -> ManaCost:
        """The cost with each {X} replaced by ``x`` generic mana, and each {Y} by ``y``
        (CR 107.3, 107.3p: Y is a variable of its own; left as {Y} when ``y`` is None)."""
        out: list[ManaSymbol] = []
        for s in self.symbols:
            if s.kind is SymbolKind.VARIABLE and s.var == "Y" and y is None:
                out.append(s)
            elif s.kind is SymbolKind.VARIABLE:
                n = y if s.var == "Y" else x
                assert n is not None
                if n > 0:
                    out.append(ManaSymbol.generic(n))
            else:
                out.append(s)
        return ManaCost(tuple(out))

    def reduced(self, n: int) -> ManaCost:
        """The cost with up to ``n`` generic mana taken off (CR 601.2f: a cost reduction
        such as affinity reduces only the generic part; 118.7d)."""
        out: list[ManaSymbol] = []
        for s in self.symbols:
            if s.kind is SymbolKind.GENERIC and n > 0:
                take = min(n, s.amount)
                n -= take
                if s.amount - take > 0:
                    out.append(ManaSymbol.generic(s.amount - take))
            else:
                out.append(s)
        return ManaCost(tuple(out))

    @property
    def colors(self) -> tuple[ManaType, ...]:
        """The colors of the symbols (CR 202.2), in WUBRG order."""
        return sort_types(c for s in self.symbols for c in s.colors)


def parse_mana_types(text: str) -> tuple[ManaType, ...]:
    """Parse produced mana such as ``"{B}{R}"`` into a tuple of types, in printed order.

    Only {W} {U} {B} {R} {G} {C} are allowed: these are what an ability can add.
    """
    out: list[ManaType] = []
    for index, sym in _symbols(text, allow_tap=False):
        if sym.kind is SymbolKind.COLORED:
            out.append(sym.colors[0])
        elif sym.kind is SymbolKind.COLORLESS:
            out.append(ManaType.C)
        elif sym.kind is SymbolKind.GENERIC and sym.amount == 0:
            continue
        else:
            raise ManaSyntaxError(
                f"{sym.text} at position {index} is not a mana type that can be added",
                token=sym.text,
                position=index,
                suggestion="produced mana is written with {W} {U} {B} {R} {G} {C}",
            )
    return tuple(out)


def format_mana(types: Iterable[ManaType]) -> str:
    """``{W}{U}``-style text for a sequence of mana, in WUBRGC order."""
    return "".join("{" + t.value + "}" for t in sorted(types, key=lambda t: t.order))


@dataclass(frozen=True, slots=True)
class PoolMana:
    """Mana of one type in a pool, with where it came from where that matters.

    ``restriction`` is a spending restriction (CR 106.6) as a key into the card data
    (see :class:`manacheck.model.abilities.SpendRestriction`), ``snow`` whether it was
    produced by a snow source (CR 106.3, 107.4h).
    """

    type: ManaType
    amount: int = 1
    snow: bool = False
    restriction: object = None

    @property
    def key(self) -> tuple[ManaType, bool, object]:
        return (self.type, self.snow, self.restriction)


@dataclass(frozen=True, slots=True)
class ManaPool:
    """A player's mana pool (CR 106.4). Entries with equal key are merged.

    Examples
    --------
    >>> pool = ManaPool.parse("{G}{G}{C}")
    >>> pool.total
    3
    >>> str(pool)
    '{G}{G}{C}'
    """

    entries: tuple[PoolMana, ...] = field(default_factory=tuple)

    @staticmethod
    def parse(text: str) -> ManaPool:
        return ManaPool.of(PoolMana(t) for t in parse_mana_types(text))

    @staticmethod
    def of(items: Iterable[PoolMana]) -> ManaPool:
        merged: dict[tuple[ManaType, bool, object], int] = {}
        for item in items:
            if item.amount < 0:
                raise ValueError("mana pool amounts can't be negative")
            merged[item.key] = merged.get(item.key, 0) + item.amount
        entries = tuple(
            PoolMana(t, n, snow, r)
            for (t, snow, r), n in sorted(
                merged.items(), key=lambda kv: (kv[0][0].order, kv[0][1], repr(kv[0][2]))
            )
            if n > 0
        )
        return ManaPool(entries)

    @property
    def total(self) -> int:
        return sum(e.amount for e in self.entries)

    def amount(self, t: ManaType) -> int:
        return sum(e.amount for e in self.entries if e.type is t)

    def by_type(self) -> Mapping[ManaType, int]:
        out: dict[ManaType, int] = {}
        for e in self.entries:
            out[e.type] = out.get(e.type, 0) + e.amount
        return out

    def __bool__(self) -> bool:
        return bool(self.entries)

    @property
    def text(self) -> str:
        return "".join(("{" + e.type.value + "}") * e.amount for e in self.entries)

    def __str__(self) -> str:
        return self.text
