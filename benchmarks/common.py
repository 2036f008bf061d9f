"""Board generators shared by the benchmarks (and usable by tests).

Every generator returns state-file text (YAML) for player ``A`` with ``n`` mana
sources, reproducibly from ``seed``. Tri-lands are defined inline in the state's
``cards:`` list (they are not built in).
"""

from __future__ import annotations

import random

__all__ = ["BASICS", "DUALS", "MIXES", "TRI_LANDS", "board", "random_cost"]

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland",
         "Volcanic Island", "Bayou", "Plateau", "Tropical Island"]
TRI_LANDS = {
    "Arcane Sanctum": "{W}{U}{B}",
    "Crumbling Necropolis": "{U}{B}{R}",
    "Savage Lands": "{B}{R}{G}",
    "Jungle Shrine": "{R}{G}{W}",
    "Seaside Citadel": "{G}{W}{U}",
}
ANY_COLOR = ["City of Brass", "Birds of Paradise"]

#: name -> the cards a board of that mix draws from.
MIXES: dict[str, list[str]] = {
    "basics": BASICS,
    "five_colors": BASICS + DUALS + list(TRI_LANDS) + ANY_COLOR,
    "identical": ["Forest", "Island", "Birds of Paradise", "Sol Ring"],
    # Sources that need the general check: two-mana rocks, filter lands, snow, life.
    "mixed": BASICS + DUALS + ["Sol Ring", "Graven Cairns", "Birds of Paradise",
                               "City of Brass", "Snow-Covered Forest", "Lotus Petal",
                               "Mana Confluence", "Snow-Covered Island"],
}


def _tri_cards() -> str:
    out = ["cards:"]
    for name, mana in TRI_LANDS.items():
        opts = ", ".join(f'"{{{c}}}"' for c in mana[1:-1].split("}{"))
        out.append(f"  - name: {name}")
        out.append("    types: [Land]")
        out.append("    abilities:")
        out.append(f"      - activated: {{cost: \"{{T}}\", mana: {{choice: [{opts}]}}}}")
    return "\n".join(out)


def board(n: int, mix: str = "five_colors", seed: int = 0, *, copies: int = 1) -> str:
    """State text with ``n`` untapped sources for player A drawn from ``MIXES[mix]``.

    ``copies`` > 1 repeats each drawn card that many times (many identical copies).
    """
    rng = random.Random(seed)
    pool = MIXES[mix]
    names: list[str] = []
    while len(names) < n:
        names.extend([rng.choice(pool)] * copies)
    names = names[:n]
    lines = ["turn: {active_player: A}", "players:", "  A:", "    battlefield:"]
    lines += [f"      - {name}" for name in names] or ["      []"]
    lines.append("  B: {}")
    return "\n".join(lines) + "\n" + _tri_cards() + "\n"


def random_cost(mana_value: int, seed: int = 0, colors: str = "WUBRG",
                special: bool = False) -> str:
    """A cost of the given mana value: one to three colored symbols, the rest generic.

    With ``special`` the colored symbols may be hybrid, Phyrexian or snow.
    """
    rng = random.Random(seed)
    k = min(mana_value, rng.randint(1, 3))
    kinds = ["{c}", "{c}/{d}", "{c}/P", "S"] if special else ["{c}"]

    def one() -> str:
        c, d = rng.sample(colors, 2) if len(colors) > 1 else (colors, colors)
        return "{" + rng.choice(kinds).format(c=c, d=d) + "}"

    sym = "".join(one() for _ in range(k))
    generic = mana_value - k
    return (f"{{{generic}}}" if generic else "") + sym
