"""Triggered mana abilities set off by a land's mana ability adding mana of the chosen
color (Caged Sun, Gauntlet of Power), and the "+1/+1" lords of the chosen color.

Expectations are derived by hand from the rules: CR 605.1b (a triggered mana ability
triggers from a mana ability and resolves at once), CR 106.12 and 106.12a ("tapped for
mana" needs {T} in the cost; "for mana of a specified type" needs that type produced),
CR 602.1 and 107.3 (a storage land's "{1}, Remove X storage counters" may be activated
again, X each time from the counters left), CR 106.7 (what a permanent could produce
leaves triggered mana out), CR 613.4c (layer 7c), and Caged Sun's own words: "Whenever a
land's ability causes you to add one or more mana of the chosen color, add one
additional mana of that color" (any mana ability of a land, {T} or not; you: its
controller; once per activation).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from manacheck.model import GameState, effective, load_state_text
from manacheck.model.carddata import parse_triggered
from manacheck.model.cardformat import CardFieldError
from manacheck.model.oracletext.manatriggers import read_mana_trigger
from manacheck.model.oracletext.statics import read_static
from manacheck.solver.payments import payment_answer

from manacheck.cli import main
from tests.test_xmage_port import board, payable, produce

CAGED = "Whenever a land's ability causes you to add one or more mana of the chosen " \
        "color, add one additional mana of that color."
GAUNTLET = "Whenever a basic land is tapped for mana of the chosen color, its controller " \
           "adds an additional one mana of that color."


def caged(color: str = "W") -> str:
    return "{card: Caged Sun, chosen: {color: " + color + "}}"


def pools(n: int) -> str:
    return "{card: Calciform Pools, counters: {storage: " + str(n) + "}}"


# ---- the reader -------------------------------------------------------------------------


@pytest.mark.cr("605.1b")
def test_caged_sun_and_gauntlet_lines_are_read() -> None:
    """Caged Sun's line: any mana ability of a land you control (``mana_added``);
    Gauntlet of Power's: a basic land tapped for mana, anyone's (``tapped_for_mana``);
    both add one mana of the chosen color only when the event has that color."""
    cs = read_mana_trigger(CAGED, "Caged Sun")
    assert cs == {"triggered": {"event": "mana_added",
                                "subject": {"types": ["land"], "controller": "you"},
                                "only_if_adds": "chosen_color",
                                "mana": {"chosen_color": 1}, "text": CAGED}}
    gp = read_mana_trigger(GAUNTLET, "Gauntlet of Power")
    assert gp is not None and gp["triggered"]["event"] == "tapped_for_mana"
    assert gp["triggered"]["subject"] == {"types": ["land"], "supertypes": ["basic"]}


@pytest.mark.parametrize("line", [
    CAGED.replace("one additional", "two additional"),
    CAGED.replace("a land's", "a creature's"),
    CAGED.replace("causes you", "causes a player"),
    GAUNTLET.replace("basic land", "Forest"),
    GAUNTLET.replace("of the chosen color,", "of any color,"),
])
def test_other_wordings_stay_unread(line: str) -> None:
    """Only the exact wordings are read (each renders back to its line); anything else
    stays unread, so every answer it could change is not decided."""
    assert read_mana_trigger(line, "X") is None


def test_only_if_adds_is_checked() -> None:
    """The card format refuses an unknown condition and one without mana."""
    with pytest.raises(CardFieldError):
        parse_triggered({"event": "mana_added", "only_if_adds": "chosen_type",
                         "mana": {"chosen_color": 1}}, "t")
    with pytest.raises(CardFieldError):
        parse_triggered({"event": "mana_added", "only_if_adds": "chosen_color"}, "t")


def test_lords_of_the_chosen_color_are_read() -> None:
    """Caged Sun's "+1/+1" for your creatures of the chosen color, Gauntlet of Power's
    for everyone's; a lord of everyone's creatures without the color stays unread."""
    mine = read_static("Creatures you control of the chosen color get +1/+1.", "Caged Sun")
    assert mine is not None and mine["static"]["affected"] == {
        "types": ["creature"], "controller": "you", "chosen_color": True}
    every = read_static("Creatures of the chosen color get +1/+1.", "Gauntlet of Power")
    assert every is not None and every["static"]["affected"] == {
        "types": ["creature"], "chosen_color": True}
    assert read_static("Creatures get +1/+1.", "X") is None


# ---- power and toughness (CR 613.4c) ------------------------------------------------


def _pt(s: GameState) -> dict[str, tuple[int | None, int | None]]:
    chars = effective(s)
    return {p.id: (chars[p.id].power, chars[p.id].toughness)
            for p in s.permanents if chars[p.id].is_creature}


@pytest.mark.cr("613.4c")
def test_caged_sun_pumps_your_creatures_of_the_chosen_color() -> None:
    """Savannah Lions (white 2/1) under Caged Sun (white) is 3/2; Grizzly Bears (green)
    stays 2/2; the opponent's Lions stay 2/1 ("you control"); with green chosen only the
    Bears grow; with no color chosen nothing does."""
    s = board(caged("W"), "Savannah Lions", "Grizzly Bears", opponent=("Savannah Lions",))
    assert _pt(s) == {"Savannah Lions": (3, 2), "Grizzly Bears": (2, 2),
                      "Savannah Lions#2": (2, 1)}
    s = board(caged("G"), "Savannah Lions", "Grizzly Bears")
    assert _pt(s) == {"Savannah Lions": (2, 1), "Grizzly Bears": (3, 3)}
    s = board("Caged Sun", "Savannah Lions")
    assert _pt(s) == {"Savannah Lions": (2, 1)}


@pytest.mark.cr("613.4c")
def test_gauntlet_of_power_pumps_everyones_creatures_of_the_chosen_color() -> None:
    """Gauntlet of Power (white): both players' white creatures get +1/+1."""
    s = board("{card: Gauntlet of Power, chosen: {color: W}}", "Savannah Lions",
              "Grizzly Bears", opponent=("Savannah Lions",))
    assert _pt(s) == {"Savannah Lions": (3, 2), "Grizzly Bears": (2, 2),
                      "Savannah Lions#2": (3, 2)}


# ---- payments -----------------------------------------------------------------------


@pytest.mark.cr("605.1b")
def test_caged_sun_with_basic_lands() -> None:
    """Plains and Forest under Caged Sun (white): the Plains makes {W}{W}, the Forest
    {G} (no white: no trigger). {W}{W}{G} and {3} payable, {W}{G}{G} and {4} not."""
    s = board("Plains", "Forest", caged("W"))
    assert payable(s, "{W}{W}{G}") is True
    assert payable(s, "{3}") is True
    assert payable(s, "{W}{G}{G}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("605.1b")
def test_caged_sun_is_its_controllers_only() -> None:
    """The opponent's Caged Sun adds nothing to Alice's Plains ("causes you to add"): one
    {W}; Alice's Caged Sun adds nothing to what Bob's lands make for Bob."""
    s = board("Plains", opponent=(caged("W"),))
    assert payable(s, "{W}") is True
    assert payable(s, "{W}{W}") is False
    s = board(caged("W"), opponent=("Plains",))
    assert payable(s, "{W}{W}", player="Bob") is False
    assert payable(s, "{W}", player="Bob") is True


@pytest.mark.cr("605.1b")
def test_caged_sun_needs_a_land() -> None:
    """Marble Diamond ({T}: Add {W}) is no land: no trigger, {W}{W} not payable."""
    s = board("Marble Diamond", caged("W"))
    assert payable(s, "{W}") is True
    assert payable(s, "{W}{W}") is False


@pytest.mark.cr("605.1b")
def test_caged_sun_without_a_chosen_color() -> None:
    """No color chosen: no mana is of "the chosen color" (CR 106.5): one {W}."""
    s = board("Plains", "Caged Sun")
    assert payable(s, "{W}") is True
    assert payable(s, "{W}{W}") is False


@pytest.mark.cr("605.1b")
def test_caged_sun_with_a_filter_land() -> None:
    """Mystic Gate ({W/U}, {T}: Add {W}{W}, {W}{U} or {U}{U}) and a Plains, white chosen:
    the Plains makes {W}{W}; one of them pays the Gate, whose {W}{W} or {W}{U} gets one
    more {W} (its {U}{U} none): {W}x4 and {W}{W}{W}{U} payable, and {W}{U}{U} (the
    Plains' second {W} with {U}{U}); never {U}{U}{U}, never five mana."""
    s = board("Mystic Gate", "Plains", caged("W"))
    for cost in ("{W}{W}{W}{W}", "{W}{W}{W}{U}", "{W}{U}{U}"):
        assert payable(s, cost) is True, cost
    assert payable(s, "{U}{U}{U}") is False
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.12a")
def test_gauntlet_of_power_for_every_player() -> None:
    """Bob's Gauntlet of Power (white): Alice's Plains makes {W}{W} (its controller adds
    the extra); a Tundra is no basic land: one {W}; with blue chosen the Plains makes
    one {W}."""
    s = board("Plains", opponent=("{card: Gauntlet of Power, chosen: {color: W}}",))
    assert payable(s, "{W}{W}") is True
    assert payable(s, "{3}") is False
    s = board("Tundra", opponent=("{card: Gauntlet of Power, chosen: {color: W}}",))
    assert payable(s, "{W}{W}") is False
    s = board("Plains", opponent=("{card: Gauntlet of Power, chosen: {color: U}}",))
    assert payable(s, "{W}{W}") is False


@pytest.mark.cr("106.7")
def test_could_produce_is_unchanged() -> None:
    """What a permanent could produce leaves triggered mana out (CR 106.7, Wild Growth's
    ruling); Caged Sun only adds the chosen color a land already made anyway."""
    s = board("Plains", pools(2), caged("U"))
    assert produce(s) == {"Plains": "W", "Calciform Pools": "WUC"}


# ---- a storage land whose every activation sets off the trigger ------------------------


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.1b")
def test_storage_land_activated_twice() -> None:
    """Calciform Pools (two counters), an Island, Caged Sun (white): the {T} ability's
    {C} pays one removal of one counter ({W}, plus Caged Sun's {W}), the Island's {U}
    another: {W}x4, only with two activations (one removing both makes {W}{W}{W} and
    keeps the {U}). Five mana never (each activation's {1} eats the extra). The count
    is only "at least one": one payment may be several of the listed sequences."""
    s = board(pools(2), "Island", caged("W"))
    a = payment_answer(s, "Alice", "{W}{W}{W}{W}", list_payments=False)
    assert a.payable is True and a.left_out == ()
    assert a.count is None and a.count_bounds is not None \
        and a.count_bounds.at_least == 1 and a.count_bounds.at_most is None
    assert [u.key for u in a.lower_bound_because] == ["used_in_sequence"]
    assert payable(s, "{W}{W}{W}{U}") is True
    assert payable(s, "{5}") is False


def test_the_cli_says_why_a_sequence_count_is_at_least_one(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``pay`` names the storage land and why its count is only at least one."""
    path = tmp_path / "sun.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: ["
                    + ", ".join((pools(2), "Island", caged("W"))) + "]\n", encoding="utf-8")
    assert main(["pay", str(path), "{W}{W}{W}{W}"]) == 0
    out = capsys.readouterr().out
    assert "payable, at least 1 distinct payment" in out and "activated in sequence" in out


# ---- brute force: every sequence of actions, simulated ------------------------------------

_TYPES = "WUC"


def _reachable(counters: int, islands: int, plains: int, chosen: str) -> set[tuple[int, ...]]:
    """Every mana pool (W, U, C) Alice can reach with Calciform Pools (``counters``),
    Islands, Plains and Caged Sun (``chosen``), activating mana abilities in any order:
    {T}: {C}; {1}, remove X >= 1: X mana of {W}/{U} (X = 0 adds nothing and only costs);
    each basic land's {T}; Caged Sun's one more of the chosen color when a land's
    ability adds any of it. Written independently of the solver."""
    c = _TYPES.index(chosen)
    start = (0, 0, 0, counters, 0, islands, plains)  # pool W U C, counters, pools tapped
    seen = {start}
    todo = [start]
    while todo:
        w, u, cc, n, tapped, isl, pla = todo.pop()
        nxt = []
        if not tapped:
            nxt.append((w, u, cc + 1, n, 1, isl, pla))
        if isl:
            nxt.append((w, u + 1 + (c == 1), cc, n, tapped, isl - 1, pla))
        if pla:
            nxt.append((w + 1 + (c == 0), u, cc, n, tapped, isl, pla - 1))
        pool = [w, u, cc]
        for pay in range(3):
            if not pool[pay]:
                continue
            after = list(pool)
            after[pay] -= 1
            for x in range(1, n + 1):
                for ws in range(x + 1):
                    add = [ws, x - ws, 0]
                    if add[c]:
                        add[c] += 1
                    nxt.append((after[0] + add[0], after[1] + add[1], after[2],
                                n - x, tapped, isl, pla))
        for st in nxt:
            if st not in seen:
                seen.add(st)
                todo.append(st)
    return {st[:3] for st in seen}


def _covers(pool: tuple[int, ...], cost: tuple[str, ...]) -> bool:
    need = [cost.count(t) for t in _TYPES]
    if any(p < q for p, q in zip(pool, need, strict=True)):
        return False
    return sum(pool) - sum(need) >= cost.count("1")


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.1b")
@pytest.mark.parametrize("counters,islands,plains,chosen", [
    (1, 0, 0, "W"), (2, 0, 0, "W"), (3, 0, 0, "U"), (2, 1, 0, "W"), (3, 1, 0, "W"),
    (2, 0, 1, "U"), (3, 1, 1, "U"), (4, 0, 0, "W"),
])
def test_storage_land_and_caged_sun_same_as_brute_force(counters: int, islands: int,
                                                        plains: int, chosen: str) -> None:
    """Every cost of up to five {W}/{U}/{C}/{1} symbols: payable exactly when some pool
    the simulation reaches covers it (the verdict is never 'not decided')."""
    s = board(pools(counters), *["Island"] * islands, *["Plains"] * plains, caged(chosen))
    pools_reached = _reachable(counters, islands, plains, chosen)
    for size in range(1, 6):
        for cost in itertools.combinations_with_replacement(("W", "U", "C", "1"), size):
            want = any(_covers(p, cost) for p in pools_reached)
            text = "".join("{" + t + "}" for t in cost)
            assert payable(s, text) is want, text


COMMONS = """\
cards:
  - name: Test Commons
    types: [Land]
    text: "{T}: Add {W}. Any player may activate this ability."
    abilities:
      - activated:
          cost: "{T}"
          mana: {add: "{W}"}
          any_player: true
          text: "{T}: Add {W}. Any player may activate this ability."
"""


@pytest.mark.cr("602.2")
@pytest.mark.cr("605.1b")
def test_another_players_land_whose_mana_you_add_is_left_out() -> None:
    """Bob's land whose {T} ability any player may activate: when Alice activates it she
    adds the mana (CR 109.5), so her Caged Sun would see "a land's ability causes you to
    add" white mana although the land isn't hers; the solver doesn't model who adds
    mana, so that source is left out. With a Plains of her own ({W}{W} with Caged Sun):
    {W}{W} payable; {W}{W}{W} (payable by the rules with the land's {W}) not decided,
    never 'no'."""
    s = board("Plains", caged("W"), opponent=("Test Commons",), extra=COMMONS)
    assert payable(s, "{W}{W}") is True
    a = payment_answer(s, "Alice", "{W}{W}{W}", list_payments=False)
    assert a.payable is None and a.left_out == ("Test Commons (ability 1)",)


# ---- "Whenever enchanted land is tapped for mana, ..." read from the text ---------------


@pytest.mark.cr("605.1b")
@pytest.mark.cr("106.12a")
def test_fertile_ground_read_and_paid() -> None:
    """Fertile Ground on a Forest: tapping the Forest for mana adds {G} and one more mana
    of any color (CR 605.1b: a triggered mana ability; 303.4: the enchanted land). {G}{U}
    is payable by the Forest alone; {G}{G}{G} isn't (two mana at most); what the Forest
    could produce is still only G (CR 106.12a: the trigger isn't the Forest's)."""
    from manacheck.model.oracle import read_text
    from manacheck.solver.produce import explain_could_produce

    line = ("Whenever enchanted land is tapped for mana, its controller adds an additional "
            "one mana of any color.")
    ab = read_text("Fertile Ground", line)[0][0]["triggered"]
    assert ab["subject"] == {"types": ["land"], "enchanted": True}
    assert ab["mana"] == {"any_color": 1}
    state = load_state_text(
        "turn: {active_player: Alice}\nplayers:\n  Alice:\n    battlefield: [{card: Forest, "
        "id: f}, {card: Fertile Ground, attached_to: f}]\n  Bob: {}\n")
    assert payment_answer(state, "Alice", "{G}{U}").payable is True
    assert payment_answer(state, "Alice", "{G}{G}{G}").payable is False
    assert {t.value for t in explain_could_produce(state, "f").mana_types} == {"G"}
