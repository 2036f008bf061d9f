"""``--cards FILE`` with a Scryfall download of 30,000 cards: the first run (the file read,
translated and cached) and the cached run, against a naive baseline in the same run.

A Scryfall ``oracle-cards``-like file is generated in a temporary folder (each card
object with the fields Scryfall has, legalities, image and price links, so the file has
the real file's size per card, about 3 KB), then three fresh processes are timed, with
their peak memory (``os.wait4``):

* the naive baseline: ``json.load`` of the whole file, nothing else;
* ``manacheck card NAME --cards FILE`` with an empty cache (``MANACHECK_CACHE_DIR``);
* the same again: read from the cache.

Exit status 1 when the first run takes more than ``MAX_FIRST_S`` seconds or the cached
run more than ``MAX_CACHED_S``.

Run: python benchmarks/cards.py [--cards N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))


MAX_FIRST_S = 15.0
MAX_CACHED_S = 1.0
_SCRIPT = Path(sys.executable).with_name("manacheck")
MANACHECK = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "manacheck"]

_LINES = ["Flying", "Trample", "{T}: Add {G}.", "{T}: Add {C}{C}.", "Draw a card.",
          "When ~ enters the battlefield, draw a card.", "{T}: Add {R} or {W}.",
          "~ enters the battlefield tapped.", "Target creature gets +2/+2 until end of turn.",
          "Whenever ~ attacks, create a 1/1 white Soldier creature token.",
          "{2}, {T}: Add one mana of any color.", "Counter target spell.",
          "Destroy target artifact or enchantment.", "Vigilance", "Haste"]
_TYPES = [("Creature — Elf Druid", "{1}{G}", True), ("Artifact", "{2}", False),
          ("Land", "", False), ("Instant", "{1}{U}", False), ("Sorcery", "{2}{R}", False),
          ("Enchantment", "{W}{W}", False), ("Legendary Creature — Human Wizard", "{3}{U}",
                                             True)]
_FORMATS = ["standard", "future", "historic", "gladiator", "pioneer", "explorer", "modern",
            "legacy", "pauper", "vintage", "penny", "commander", "oathbreaker", "brawl",
            "historicbrawl", "alchemy", "paupercommander", "duel", "oldschool", "premodern"]


def _face(name: str, rng: random.Random) -> dict[str, Any]:
    type_line, cost, creature = rng.choice(_TYPES)
    text = "\n".join(rng.sample(_LINES, rng.randint(1, 3))).replace("~", name)
    face: dict[str, Any] = {"name": name, "mana_cost": cost, "type_line": type_line,
                            "oracle_text": text, "colors": [c for c in "WUBRG" if c in cost]}
    if creature:
        face["power"], face["toughness"] = str(rng.randint(0, 6)), str(rng.randint(1, 6))
    return face


def card(i: int, rng: random.Random) -> dict[str, Any]:
    """One Scryfall card object; every 40th is double-faced."""
    uid = f"{i:08d}-0000-4000-8000-{rng.getrandbits(48):012x}"
    obj: dict[str, Any] = {
        "object": "card", "id": uid, "oracle_id": uid[::-1], "multiverse_ids": [i],
        "name": f"Generated Card {i}", "lang": "en", "released_at": "2020-01-01",
        "uri": f"https://api.scryfall.com/cards/{uid}",
        "scryfall_uri": f"https://scryfall.com/card/tst/{i}/generated-card-{i}",
        "layout": "normal", "highres_image": True, "image_status": "highres_scan",
        "image_uris": {k: f"https://cards.scryfall.io/{k}/front/{uid}.jpg?1600000000"
                       for k in ("small", "normal", "large", "png", "art_crop",
                                 "border_crop")},
        "cmc": 2.0, "color_identity": ["G"], "keywords": [],
        "legalities": {f: rng.choice(["legal", "not_legal"]) for f in _FORMATS},
        "games": ["paper", "mtgo"], "reserved": False, "foil": True, "nonfoil": True,
        "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False,
        "reprint": False, "variation": False, "set_id": "1" * 32, "set": "tst",
        "set_name": "Test Set", "set_type": "expansion",
        "set_uri": "https://api.scryfall.com/sets/tst", "rarity": "common",
        "artist": "Some Artist", "border_color": "black", "frame": "2015",
        "full_art": False, "textless": False, "booster": True, "story_spotlight": False,
        "edhrec_rank": i, "prices": {"usd": "0.10", "usd_foil": "0.25", "eur": "0.08",
                                     "tix": "0.01"},
        "related_uris": {"gatherer": f"https://gatherer.wizards.com/{i}",
                         "edhrec": f"https://edhrec.com/route/?cc=Generated+Card+{i}"},
        "purchase_uris": {"tcgplayer": f"https://tcgplayer.com/{i}",
                          "cardmarket": f"https://cardmarket.com/{i}"},
        "digital": i % 500 == 7}
    if i % 40 == 0:
        obj["layout"] = "transform"
        front, back = _face(f"Dawn Side {i}", rng), _face(f"Dusk Side {i}", rng)
        back["mana_cost"] = ""
        obj["name"] = f"Dawn Side {i} // Dusk Side {i}"
        obj["card_faces"] = [{"object": "card_face", **front}, {"object": "card_face",
                                                                **back}]
    else:
        obj.update(_face(obj["name"], rng))
    return obj


def generate(path: Path, n: int) -> None:
    rng = random.Random(12)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n")
        for i in range(n):
            f.write(("," if i else "") + json.dumps(card(i, rng)) + "\n")
        f.write("]\n")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall seconds, peak memory in MiB, exit status) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if proc.stderr is not None:
        proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        epilog=f"Targets: the first run under {MAX_FIRST_S:.0f} s, the cached run under "
               f"{MAX_CACHED_S:.0f} s. Exit status 1 when one is missed.")
    ap.add_argument("--cards", type=int, default=30_000, metavar="N",
                    help="card objects in the generated file (default 30,000)")
    n = ap.parse_args(argv).cards
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "oracle-cards.json"
        generate(path, n)
        env = {**os.environ, "MANACHECK_CACHE_DIR": str(Path(tmp) / "cache")}
        size = path.stat().st_size / (1 << 20)
        print(f"{n} Scryfall card objects, {size:.0f} MiB")
        naive = timed([sys.executable, "-c", "import json, sys; json.load(open(sys.argv[1], "
                       "encoding='utf-8'))", str(path)], env)
        ask = [*MANACHECK, "card", f"Generated Card {n - 1}", "--cards", str(path)]
        first = timed(ask, env)
        cached = timed(ask, env)
    rows = [("naive json.load of the whole file", naive),
            ("manacheck card --cards, first run", first),
            ("manacheck card --cards, cached", cached)]
    for label, (wall, mem, _) in rows:
        print(f"  {label:36} {wall:7.2f} s  {wall / naive[0]:5.2f}x naive  "
              f"peak {mem:6.0f} MiB")
    ok = True
    if first[2] != 0 or cached[2] != 0:
        print(f"FAIL: manacheck exited {first[2]} / {cached[2]}")
        ok = False
    if first[0] > MAX_FIRST_S:
        print(f"FAIL: the first run took {first[0]:.2f} s (target {MAX_FIRST_S} s)")
        ok = False
    if cached[0] > MAX_CACHED_S:
        print(f"FAIL: the cached run took {cached[0]:.2f} s (target {MAX_CACHED_S} s)")
        ok = False
    print(f"targets: first run under {MAX_FIRST_S:.0f} s, cached under {MAX_CACHED_S:.0f} s: "
          f"{'hold' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
