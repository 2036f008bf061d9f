"""Benchmark: how often manacheck answers on boards of real cards (issue 30).

Three families of boards, each seeded, each asked through the command line's JSON (the
answers users read):

* ``random``: 30 random permanents of the shipped 2022 pool, 15 a side, plus three to
  five basic lands each, two players. Asked: ``pay`` a one- or two-mana cost of Alice's
  colors; ``produce`` (each of Alice's basics: one question per board); ``abilities``
  (every row of Alice's).
* ``quiet``: three to seven basics and Birds of Paradise for Alice, and 12 real
  permanents a side whose text can't bear on paying a cost (combat, damage, triggers,
  hand size). Asked: ``pay`` a cost; every decided answer must equal the answer on the
  same board without the quiet permanents (their text can't change it, so the answer
  without them is the expectation; ``tests/`` checks that one against a brute force).
* ``staples``: each Commander staple of ``STAPLES`` beside Alice's Forest, once on her
  side and once on Bob's: "can Alice pay {G}?" must be yes.

It prints the decided rate of each question and the targets of issue 30 (85% payments and
could-produce, 75% ``abilities`` rows on random boards; 98% on quiet boards; every staple
yes), and exits 1 when a quiet answer differs from its expectation (a wrong answer).
Nothing is written into the checkout: boards go to a temporary folder.

Run: ``python benchmarks/decided.py [--boards N] [--seed S]`` (about a minute).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import lzma
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

from manacheck.model.pool import POOL_DIR, SEARCH

from manacheck.cli import main as cli_main

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
COLOR_OF = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")

#: Real cards whose rules text can't bear on paying a cost, making mana or activating a
#: mana ability: combat restrictions and evasion, damage, triggers that use the stack,
#: life. (Not Reliquary Tower or Thought Vessel: they tap for {C}.)
QUIET = [
    "Craven Giant", "Bog Rats", "Deathcoil Wurm", "Grizzly Bears", "Serra Angel",
    "Goblin Piker", "Hill Giant", "Wall of Stone", "Sengir Vampire", "Shivan Dragon",
    "Air Elemental", "Giant Spider", "Hurloon Minotaur", "Ironroot Treefolk",
    "Mogg Flunkies", "Skyhunter Patrol", "Rhystic Study", "Esper Sentinel", "Propaganda",
    "Ghostly Prison", "Raging Goblin",
    "Spined Wurm", "Scathe Zombies", "Vampire Nighthawk", "Typhoid Rats",
    "Pestilence", "Soul Warden", "Elvish Visionary", "Wall of Omens", "Mulldrifter",
    "Ravenous Chupacabra", "Bloodghast", "Spiritmonger", "Colossal Dreadmaw",
    "Baneslayer Angel", "Phyrexian Arena", "Smothering Tithe", "Mentor of the Meek",
]

#: Commander staples (rocks, ramp, draw engines, stax pieces, lands, removal on a body).
STAPLES = [
    "Sol Ring", "Arcane Signet", "Command Tower", "Lightning Greaves", "Swiftfoot Boots",
    "Reliquary Tower", "Thought Vessel", "Rhystic Study", "Smothering Tithe",
    "Path of Ancestry", "Propaganda", "Esper Sentinel", "Mystic Remora",
    "Sylvan Library", "Phyrexian Arena", "Skullclamp", "Mind Stone", "Fellwar Stone",
    "Commander's Sphere", "Talisman of Dominance", "Dimir Signet", "Chromatic Lantern",
    "Cultivator's Caravan", "Birds of Paradise", "Llanowar Elves", "Elvish Mystic",
    "Fyndhorn Elves", "Avacyn's Pilgrim", "Bloom Tender", "Priest of Titania",
    "Elvish Archdruid", "Gilded Lotus", "Thran Dynamo", "Worn Powerstone",
    "Hedron Archive", "Everflowing Chalice", "Wayfarer's Bauble", "Burnished Hart",
    "Solemn Simulacrum", "Wood Elves", "Eternal Witness", "Beast Whisperer",
    "Guardian Project", "Soul Warden", "Seedborn Muse", "Consecrated Sphinx",
    "Kokusho, the Evening Star", "Grave Titan", "Sun Titan", "Avenger of Zendikar",
    "Craterhoof Behemoth", "Ghostly Prison", "Sphere of Resistance", "Thalia, Guardian of Thraben",
    "Blood Moon", "Null Rod", "Cursed Totem", "Torpor Orb", "Rest in Peace",
    "Doubling Season", "Parallel Lives", "Anointed Procession", "Panharmonicon",
    "Cathars' Crusade", "Impact Tremors", "Purphoros, God of the Forge",
    "Dockside Extortionist", "Ravenous Chupacabra", "Mulldrifter", "Wall of Omens",
    "Reflecting Pool", "Exotic Orchard", "Evolving Wilds", "Terramorphic Expanse",
    "Temple of the False God", "Myriad Landscape", "Bojuka Bog", "Rogue's Passage",
    "Strip Mine", "Wasteland", "Ancient Tomb", "Urza's Saga", "Seat of the Synod",
    "Dryad Arbor", "Gaea's Cradle", "Cabal Coffers", "Urborg, Tomb of Yawgmoth",
    "Nykthos, Shrine to Nyx", "Overgrown Tomb", "Watery Grave", "Breeding Pool",
    "Hallowed Fountain", "Godless Shrine", "Temple Garden", "Sacred Foundry",
    "Blood Crypt", "Stomping Ground", "Steam Vents", "Flooded Strand", "Polluted Delta",
    "Misty Rainforest", "Verdant Catacombs", "Arid Mesa", "Scalding Tarn",
    "Raging Goblin", "Urza, Lord High Artificer", "Atraxa, Praetors' Voice",
    "Korvold, Fae-Cursed King", "Meren of Clan Nel Toth", "Krenko, Mob Boss",
    "The Ur-Dragon", "Edgar Markov", "Prossh, Skyraider of Kher", "Zur the Enchanter",
    "Oloro, Ageless Ascetic", "Teysa Karlov", "Lathril, Blade of the Elves",
    "Ashnod's Altar", "Phyrexian Altar", "Viscera Seer", "Carrion Feeder",
    "Blood Artist", "Zulaport Cutthroat", "Grim Haruspex", "Pitiless Plunderer",
    "Mother of Runes", "Giver of Runes", "Heliod, Sun-Crowned", "Walking Ballista",
    "Aura Shards", "Sigarda, Host of Herons", "Selvala, Heart of the Wilds",
    "Zendikar Resurgent", "Mana Reflection", "Vorinclex, Voice of Hunger",
    "Nyxbloom Ancient", "Mirari's Wake", "Heartbeat of Spring", "Mana Flare",
    "Utopia Sprawl", "Wild Growth", "Overgrowth", "Fertile Ground",
    "Land Tax", "Exploration", "Azusa, Lost but Seeking", "Oracle of Mul Daya",
    "Courser of Kruphix", "Ramunap Excavator", "Crucible of Worlds",
    "Lotus Cobra", "Tireless Tracker", "Scute Swarm",
]


@dataclass
class Rate:
    """Decided answers out of those asked."""

    decided: int = 0
    asked: int = 0
    blockers: dict[str, int] = field(default_factory=dict)

    def add(self, decided: bool, blocking: Sequence[str] = ()) -> None:
        self.asked += 1
        self.decided += decided
        for text in blocking:
            self.blockers[text] = self.blockers.get(text, 0) + 1

    def line(self, name: str, target: float | None) -> str:
        pct = 100.0 * self.decided / self.asked if self.asked else 100.0
        verdict = "" if target is None else (
            f"  target {target:.0f}%: {'holds' if pct >= target else 'NOT met'}")
        return f"{name:<34} {self.decided:>5} of {self.asked:<5} {pct:6.1f}%{verdict}"


def ask(argv: list[str]) -> tuple[int, Any]:
    """Run one CLI command in this process; its exit status and its JSON answer."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main([*argv, "--json"])
    try:
        return status, json.loads(out.getvalue())
    except json.JSONDecodeError:
        return status, {"error": err.getvalue().strip() or out.getvalue().strip()}


def pool_permanents() -> list[str]:
    """Every pool card with a permanent type and a single face, by name."""
    names = []
    with lzma.open(POOL_DIR / SEARCH, "rt", encoding="utf-8") as fh:
        for line in fh:
            name, type_line, _text = line.rstrip("\n").split("\t", 2)
            front = type_line.split(" // ")[0]
            if "//" in name or "Token" in front or not front:
                continue
            if any(t in front.split(" — ")[0].split() for t in PERMANENT_TYPES):
                names.append(name)
    return names


def quoted(name: str) -> str:
    return json.dumps(name)


def state_text(alice: Sequence[str], bob: Sequence[str]) -> str:
    def side(cards: Sequence[str]) -> str:
        return ", ".join(quoted(c) for c in cards) or ""
    return ("turn: {active_player: Alice}\nplayers:\n"
            f"  Alice: {{battlefield: [{side(alice)}]}}\n"
            f"  Bob: {{battlefield: [{side(bob)}]}}\n")


def blockers_of(answer: Any) -> list[str]:
    """The objects named as the reasons an answer isn't decided."""
    found = answer.get("undecided") or []
    return [f"{u.get('object')}: {u.get('text', '')[:70]}" for u in found
            if isinstance(u, dict)]


def write_board(folder: Path, label: str, text: str) -> str:
    path = folder / f"{label}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def random_boards(rng: random.Random, pool: list[str], folder: Path, count: int,
                  rates: dict[str, Rate], errors: list[str]) -> None:
    for i in range(count):
        picked = rng.sample(pool, 30)
        alice_basics = [rng.choice(BASICS) for _ in range(rng.randint(3, 5))]
        bob_basics = [rng.choice(BASICS) for _ in range(rng.randint(3, 5))]
        board = write_board(folder, f"random{i}",
                            state_text(alice_basics + picked[:15], bob_basics + picked[15:]))
        colors = sorted({COLOR_OF[b] for b in alice_basics})
        cost = "{" + rng.choice(colors) + "}" + rng.choice(["", "{1}"])
        status, paid = ask(["pay", board, cost, "--count"])
        if status >= 2:
            errors.append(f"random{i} pay {cost}: exit {status} {paid.get('error', '')}")
        rates["random: pay"].add(paid.get("payable") is not None, blockers_of(paid))
        status, produced = ask(["produce", board])
        if status >= 2:
            errors.append(f"random{i} produce: exit {status} {produced.get('error', '')}")
        objects = produced.get("objects") or []
        first = next((o for o in objects if o.get("object") == alice_basics[0]), None)
        rates["random: could-produce"].add(bool(first) and bool(first.get("complete")),
                                           blockers_of(first or {}))
        status, rows = ask(["abilities", board])
        if status >= 2:
            errors.append(f"random{i} abilities: exit {status} {rows.get('error', '')}")
        shared = {u.get("id"): u for u in rows.get("undecided") or [] if isinstance(u, dict)}
        for row in rows.get("abilities") or []:
            named = [shared[i] for i in row.get("undecided_ids") or [] if i in shared]
            rates["random: abilities rows"].add(
                row.get("legal") is not None,
                blockers_of(row) + blockers_of({"undecided": named}))


def quiet_boards(rng: random.Random, folder: Path, count: int, rates: dict[str, Rate],
                 wrong: list[str], errors: list[str]) -> None:
    for i in range(count):
        basics = [rng.choice(BASICS) for _ in range(rng.randint(3, 7))]
        mine = [*basics, "Birds of Paradise"]
        alice_quiet = rng.sample(QUIET, 12)
        bob_quiet = rng.sample(QUIET, 12)
        colors = [*sorted({COLOR_OF[b] for b in basics}), "G"]
        cost = "".join("{" + rng.choice(colors) + "}" for _ in range(rng.randint(1, 3)))
        cost += rng.choice(["", "{1}", "{2}"])
        full = write_board(folder, f"quiet{i}", state_text(mine + alice_quiet, bob_quiet))
        bare = write_board(folder, f"bare{i}", state_text(mine, []))
        status, got = ask(["pay", full, cost, "--count"])
        if status >= 2:
            errors.append(f"quiet{i} pay {cost}: exit {status} {got.get('error', '')}")
        decided = got.get("payable") is not None
        rates["quiet: pay"].add(decided, blockers_of(got))
        if decided:
            _, want = ask(["pay", bare, cost, "--count"])
            if (got.get("payable"), got.get("count")) != (want.get("payable"),
                                                         want.get("count")):
                wrong.append(f"quiet{i} {cost}: {got.get('payable')}/{got.get('count')} "
                             f"but {want.get('payable')}/{want.get('count')} without "
                             "the quiet permanents")


def staple_boards(folder: Path, rates: dict[str, Rate], wrong: list[str],
                  errors: list[str]) -> None:
    for j, staple in enumerate(STAPLES):
        for side in ("Alice", "Bob"):
            alice = ["Forest"] + ([staple] if side == "Alice" else [])
            bob = [staple] if side == "Bob" else []
            board = write_board(folder, f"staple{j}{side}", state_text(alice, bob))
            status, got = ask(["pay", board, "{G}", "--count"])
            if status >= 2:
                errors.append(f"{staple} ({side}): exit {status} {got.get('error', '')}")
            rates[f"staples: pay {{G}} ({side}'s side)"].add(
                got.get("payable") is True, blockers_of(got))
            if got.get("payable") is False:
                wrong.append(f"{staple} on {side}'s side: 'not payable' beside a Forest")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Targets (issue 30): 85% of payments and could-produce answers and 75% of\n"
               "abilities rows decided on random boards, 98% on quiet boards, every staple\n"
               "yes; each is said to hold or not. Exit status 1 on a wrong answer.")
    parser.add_argument("--boards", type=int, default=15, help="boards of each family")
    parser.add_argument("--seed", type=int, default=30, help="the first seed")
    parser.add_argument("--blockers", type=int, default=12,
                        help="print the N effects that most often keep answers open")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pool = pool_permanents()
    names = ["random: pay", "random: could-produce", "random: abilities rows", "quiet: pay",
             "staples: pay {G} (Alice's side)", "staples: pay {G} (Bob's side)"]
    rates = {n: Rate() for n in names}
    wrong: list[str] = []
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="manacheck-decided-") as tmp:
        folder = Path(tmp)
        random_boards(rng, pool, folder, args.boards, rates, errors)
        quiet_boards(rng, folder, args.boards * 4, rates, wrong, errors)
        staple_boards(folder, rates, wrong, errors)
    targets = {"random: pay": 85.0, "random: could-produce": 85.0,
               "random: abilities rows": 75.0, "quiet: pay": 98.0,
               "staples: pay {G} (Alice's side)": 100.0,
               "staples: pay {G} (Bob's side)": 100.0}
    for name in names:
        print(rates[name].line(name, targets.get(name)))
    blockers: dict[str, int] = {}
    for rate in rates.values():
        for text, n in rate.blockers.items():
            blockers[text] = blockers.get(text, 0) + n
    if args.blockers and blockers:
        print(f"\nthe {args.blockers} effects most often keeping answers open:")
        for text, n in sorted(blockers.items(), key=lambda kv: -kv[1])[:args.blockers]:
            print(f"  {n:>4}  {text}")
    for line in errors:
        print(f"exit 2 or 3 on a valid board: {line}")
    for line in wrong:
        print(f"WRONG: {line}")
    return 1 if wrong or errors else 0


if __name__ == "__main__":
    sys.exit(main())
