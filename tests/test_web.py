"""The judges' page's server (``manacheck serve``, ``manacheck.web``), without a browser.

Each question asked through the page's API must give exactly the CLI's answer (the
same text, JSON and exit status, from ``manacheck.cli.main`` on the same board written
to a file) and, where a hand-derived expectation exists, that answer: Kozilek may
counter Sheer Drop (mana value 3, CR 118.9c) by discarding either of the two cards of
mana value 3 in hand, so two ways (CR 602.2, 202.3). Bad input never loses the board and
is said in one line, as the CLI says it. The browser tests are in
``test_web_browser.py``.
"""

from __future__ import annotations

import base64
import http.client
import json
import subprocess
import sys
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from manacheck.model.pool import default_cards
from manacheck.model.statefile import MAX_BYTES, load_card_file

from manacheck.cli import main
from manacheck.web.api import Api, Question
from manacheck.web.names import NameIndex
from manacheck.web.server import Server, make_server
from manacheck.web.share import decode_board, encode_board

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
KOZILEK = "Kozilek, the Great Distortion"


@pytest.fixture(scope="module")
def api() -> Api:
    return Api()


def _data(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out.rstrip("\n")


# -- the same answers as the CLI --------------------------------------------------------

CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("kozilek.yaml", {"kind": "can-activate", "object": KOZILEK},
     ["can-activate", KOZILEK]),
    ("kozilek.yaml", {"kind": "can-activate", "object": KOZILEK, "all": True},
     ["can-activate", KOZILEK, "--all"]),
    ("kozilek.yaml", {"kind": "pay", "object": "Kitchen Finks", "player": "Alice"},
     ["pay", "--for", "Kitchen Finks", "--player", "Alice"]),
    ("payment.yaml", {"kind": "pay", "cost": "{X}{G}", "x": 2},
     ["pay", "{X}{G}", "--x", "2"]),
    ("could_produce.yaml", {"kind": "produce"}, ["produce"]),
    ("could_produce.yaml", {"kind": "produce", "object": "Exotic Orchard", "explain": True},
     ["produce", "Exotic Orchard", "--explain"]),
    ("rulings/hei-bai-puts-all-counters.yaml", {"kind": "resolve"}, ["resolve"]),
    ("rulings/ozolith-puts-same-counters.yaml", {"kind": "resolve"}, ["resolve"]),
]


@pytest.mark.parametrize(("file", "question", "argv"), CASES,
                         ids=[f"{f}:{' '.join(a[:2])}" for f, _, a in CASES])
def test_each_question_answers_as_the_cli(api: Api, capsys: pytest.CaptureFixture[str],
                                          file: str, question: dict[str, Any],
                                          argv: list[str]) -> None:
    path = EXAMPLES / file
    status, text = _cli(capsys, argv[0], str(path), *argv[1:])
    json_status, out = _cli(capsys, argv[0], str(path), *argv[1:], "--json")
    answer = api.ask(_data(path), question)
    assert (answer["status"], answer["text"]) == (status, text)
    assert answer["data"] == json.loads(out) and json_status == status


@pytest.mark.cr("602.2")
def test_kozilek_counters_sheer_drop_two_ways(api: Api) -> None:
    answer = api.ask(_data(EXAMPLES / "kozilek.yaml"), {"kind": "can-activate",
                                                        "object": KOZILEK})
    assert answer["verdict"] == "legal" and answer["data"]["ways"] == 2
    assert answer["data"]["witness"]["targets"] == ["sheer-drop"]
    assert answer["command"] == f"manacheck can-activate STATE.yaml '{KOZILEK}'"


def test_resolve_plays_the_top_of_the_stack_when_no_events_are_listed(
        api: Api, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    board = _data(EXAMPLES / "kozilek.yaml")
    with_events = api.resolving(board)
    assert with_events["events"] == [{"resolve": "top"}] and "events" not in board
    path = tmp_path / "board.yaml"
    path.write_text(api.yaml_text(with_events), encoding="utf-8")
    status, text = _cli(capsys, "resolve", str(path))
    answer = api.ask(board, {"kind": "resolve"})
    assert (answer["status"], answer["text"]) == (status, text)
    # The top, not Fireball: an instant's or sorcery's effect isn't applied, so the
    # answer is not decided, naming it (CR 608.2).
    assert text.startswith("not decided: sheer-drop (Destroy target tapped creature.")


def test_the_saved_yaml_is_a_state_file_the_cli_reads(api: Api, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    board = _data(EXAMPLES / "kozilek.yaml")
    path = tmp_path / "saved.yaml"
    path.write_text(api.yaml_text(board), encoding="utf-8")
    assert _data(path) == board
    status, text = _cli(capsys, "validate", str(path))
    assert status == 0 and "18 permanents" in text
    assert api.read_file(path.read_text(encoding="utf-8"), "saved.yaml") == \
        {"board": board, "problems": []}


# -- bad input: said clearly, the board kept ---------------------------------------------

def _alice(battlefield: list[Any], **more: Any) -> dict[str, Any]:
    return {"turn": {"active_player": "Alice"},
            "players": {"Alice": {"battlefield": battlefield}}, **more}


def test_an_unknown_card_gets_its_place_and_suggestions(api: Api) -> None:
    answer = api.check(_alice(["Forest", "Kozilek the Great Distorsion"]))
    [problem] = answer["problems"]
    assert problem["path"] == "players.Alice.battlefield[1]"
    assert f"did you mean '{KOZILEK}'" in problem["suggestion"]
    assert answer["status"] == 2
    card = api.card("Kozilek the Great Distorsion")
    assert card["known"] is False and card["suggestions"][0] == KOZILEK
    assert api.card("llanowar elves") == {"known": True, "name": "Llanowar Elves",
                                          "type_line": "Creature — Elf Druid",
                                          "permanent": True}


@pytest.mark.cr("305.9")
def test_an_illegal_state_says_the_rule(api: Api) -> None:
    board = _alice(["Forest"], stack=[{"card": "Plains", "controller": "Alice"}])
    answer = api.ask(board, {"kind": "produce"})
    assert answer["verdict"] == "bad input"
    assert any("CR 305.9" in p["text"] and p["path"] == "stack[0].card"
               for p in answer["problems"])


@pytest.mark.parametrize(("question", "words"), [
    ({"kind": "fly"}, "unknown question"),
    ({"kind": "can-activate"}, "which object"),
    ({"kind": "can-activate", "object": "Forest", "ability": "two"}, "whole number"),
    ({"kind": "can-activate", "object": "Swamp"}, "unknown object 'Swamp'"),
    ({"kind": "pay", "cost": "{G}{W/Q}"}, "unknown mana symbol {W/Q}"),
    ({"kind": "resolve"}, "the stack is empty"),
])
def test_a_bad_question_is_one_line(api: Api, question: dict[str, Any], words: str) -> None:
    board = _alice(["Forest"])
    answer = api.ask(board, question)
    assert answer["status"] == 2 and words in answer["error"]
    assert "\n" not in answer["error"] and board == _alice(["Forest"])


def test_a_bug_is_an_internal_error_in_one_line(api: Api,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any, **__: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("manacheck.commands.produce.reply", broken)
    answer = api.ask(_alice(["Forest"]), {"kind": "produce"})
    assert answer == {"status": 3, "verdict": "internal error",
                      "error": "internal error (please report it): ZeroDivisionError: boom"}


def test_a_file_with_problems_still_loads_and_a_broken_one_says_why(api: Api) -> None:
    read = api.read_file("turn: {active_player: Alice}\nplayers:\n  Alice:\n"
                         "    battlefield: [Forrest]\n", "b.yaml")
    assert read["board"]["players"]["Alice"]["battlefield"] == ["Forrest"]
    assert "line 4" in read["problems"][0]["text"]
    broken = api.read_file("turn: [", "b.yaml")
    assert broken["status"] == 2 and "board" not in broken
    assert broken["problems"][0]["text"].startswith("b.yaml: ")


def test_question_command_lines_quote_their_words() -> None:
    q = Question.of({"kind": "pay", "cost": "{2}{G}", "object": "Kitchen Finks", "x": "3",
                     "player": "Alice"})
    assert q.command() == ("manacheck pay STATE.yaml '{2}{G}' --for 'Kitchen Finks' "
                           "--player Alice --x 3")


# -- the board in a link ------------------------------------------------------------------

def test_a_link_holds_the_whole_board() -> None:
    board = _data(EXAMPLES / "kozilek.yaml")
    fragment = encode_board(board)
    assert fragment.startswith("board=") and "=" not in fragment[6:]
    assert decode_board("#" + fragment) == board
    # the format itself: base64url of zlib of the JSON (what the page's address holds)
    packed = base64.urlsafe_b64decode(fragment[6:] + "=" * (-len(fragment[6:]) % 4))
    assert json.loads(zlib.decompress(packed)) == board


@pytest.mark.parametrize(("fragment", "words"), [
    ("board=!!!", "isn't base64url"),
    ("board=" + base64.urlsafe_b64encode(b"not zlib").decode(), "damaged"),
    ("board=" + base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_BYTES + 10))).decode(),
     "larger than"),
    ("board=" + base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode(),
     "isn't a state file"),
])
def test_a_bad_link_is_refused_in_one_line(api: Api, fragment: str, words: str) -> None:
    answer = api.unlink(fragment)
    assert answer["status"] == 2 and words in answer["error"]


# -- autocomplete ---------------------------------------------------------------------

def test_autocomplete_prefix_first_then_words_then_inside() -> None:
    index = NameIndex.of(["Forest", "Snow-Covered Forest", "Forestwalk Elf", "Deforest",
                          "forest"])
    assert len(index) == 4  # "forest" is "Forest" in another case
    assert index.complete("FOREST") == ["Forest", "Forestwalk Elf", "Snow-Covered Forest",
                                        "Deforest"]
    assert index.complete("forest", limit=2) == ["Forest", "Forestwalk Elf"]
    assert index.complete("  ") == [] and index.complete("zzz") == []


def test_autocomplete_knows_the_pool_the_builtins_and_a_cards_file(tmp_path: Path) -> None:
    pool = Api().names
    assert pool.complete("Kozilek, the")[0] == KOZILEK
    assert len(pool) >= 22_000  # the 2022 pool (README: 23,241 faces)
    assert "Mox Lotus" not in pool.names  # an Un-card the pool leaves out
    extra = tmp_path / "cards.yaml"
    extra.write_text("- {name: Zzyzx Test Sprout, types: [Land], abilities: []}\n",
                     encoding="utf-8")
    api = Api(load_card_file(extra, default_cards()))
    assert api.names.complete("zzyzx") == ["Zzyzx Test Sprout"]
    assert api.card("Zzyzx Test Sprout")["known"] is True


# -- the HTTP server ------------------------------------------------------------------

@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = make_server(0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _request(srv: Server, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", srv.server_address[1], timeout=30)
    raw = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=raw, headers={"Content-Type": "application/json",
                                                  **(headers or {})})
    r = conn.getresponse()
    out = (r.status, r.getheader("Content-Type") or "", r.read())
    conn.close()
    return out


def test_the_server_serves_the_page_and_answers(server: Server) -> None:
    status, ctype, page = _request(server, "GET", "/")
    assert status == 200 and ctype.startswith("text/html")
    assert b'src="/static/app.js"' in page and b"$config" not in page
    for name in ("app.js", "app.css", "board.css"):
        assert _request(server, "GET", f"/static/{name}")[0] == 200
    status, _, body = _request(server, "GET", "/api/complete?q=llanowar%20elv")
    assert json.loads(body)["names"][0] == "Llanowar Elves"
    board = _data(EXAMPLES / "kozilek.yaml")
    status, _, body = _request(server, "POST", "/api/board", {"board": board})
    answer = json.loads(body)
    assert answer["valid"] is True and len(answer["svg"]) == 3
    assert answer["ids"]["Bob"]["battlefield"][1] == "Plains#2"
    status, _, body = _request(server, "POST", "/api/abilities",
                               {"board": board, "object": KOZILEK})
    assert json.loads(body)["abilities"][0]["n"] == 1


def test_the_server_refuses_other_hosts_and_other_bodies(server: Server) -> None:
    assert _request(server, "GET", "/", headers={"Host": "evil.example:80"})[0] == 403
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=30)
    conn.request("POST", "/api/board", body=b"board", headers={"Content-Type": "text/plain"})
    assert conn.getresponse().status == 415
    conn.close()
    assert _request(server, "POST", "/api/nothing", {})[0] == 404
    assert _request(server, "POST", "/api/board", [1])[0] == 400


def test_serve_prints_its_address_and_stops(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "manacheck", "serve", "--port", "0",
                             str(EXAMPLES / "kozilek.yaml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("manacheck: the judges' page is at http://127.0.0.1:")
        url = line.split(" at ")[1].split()[0]
        port = int(url.split(":")[2].split("/")[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/")
        assert conn.getresponse().status == 200
        assert decode_board(url.split("#")[1]) == _data(EXAMPLES / "kozilek.yaml")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_bad_input_is_one_line() -> None:
    run = subprocess.run([sys.executable, "-m", "manacheck", "serve", "--port", "70000"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "--port" in run.stderr
    run = subprocess.run([sys.executable, "-m", "manacheck", "serve",
                          str(REPO / "tests" / "data" / "typos.yaml"), "--port", "0"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 2 and "unknown card 'Forrest'" in run.stderr
