"""What the page asks the server, answered as plain data (JSON in, JSON out).

Every question loads the page's board with the state files' own reader and loader
(``parse_bytes`` then ``load_state_data``: the same limits, checks and messages as
``manacheck validate``) and answers with the command's own ``reply`` (the JSON, the text
and the exit status the CLI prints), so the page shows exactly what the CLI answers. No
rule is decided here; a request's failures are said as the CLI says them: the state
file's problems, each with its key path; a bad question in one line; "not decided" when
the solver couldn't decide; an internal error (a bug) in one line.

Rules
-----
CR 405.1: the stack's last entry is on top; "what happens when it resolves?" plays out
``resolve: top`` (CR 608.1) unless the board lists events of its own.
"""

from __future__ import annotations

import copy
import json
import re
import shlex
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import yaml

from manacheck.cli import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_NO, Reply
from manacheck.model import BadInput, CardDatabase, GameState, ManacheckError, StateFileError
from manacheck.model.pool import default_cards
from manacheck.model.statefile import load_state_data, parse_bytes

from .names import NameIndex
from .share import decode_board, encode_board

__all__ = ["QUESTIONS", "Api", "Question"]

Kind = Literal["can-activate", "pay", "produce", "resolve"]

#: The four questions, by the CLI command that answers each.
QUESTIONS: tuple[Kind, ...] = ("can-activate", "pay", "produce", "resolve")

#: The file name the page's board is read as (JSON: the page sends JSON).
BOARD_NAME = "board.json"


@dataclass(frozen=True)
class Question:
    """A question from the page, as the CLI's arguments would give it."""

    kind: Kind
    object: str | None = None
    ability: int | None = None
    player: str | None = None
    cost: str | None = None
    x: int | None = None
    y: int | None = None
    every: bool = False
    explain: bool = False

    @classmethod
    def of(cls, data: Any) -> Question:
        """The question ``data`` (a JSON object) asks; ``BadInput`` for a malformed one."""
        if not isinstance(data, Mapping) or data.get("kind") not in QUESTIONS:
            raise BadInput("unknown question: ask one of " + ", ".join(QUESTIONS))
        return cls(kind=data["kind"], object=_opt_text(data, "object"),
                   ability=_opt_int(data, "ability"), player=_opt_text(data, "player"),
                   cost=_opt_text(data, "cost"), x=_opt_int(data, "x"), y=_opt_int(data, "y"),
                   every=data.get("all") is True, explain=data.get("explain") is True)

    def command(self) -> str:
        """The CLI command that asks the same of a state file ``STATE.yaml``."""
        words = ["manacheck", self.kind, "STATE.yaml"]
        if self.kind == "pay" and self.cost:
            words.append(self.cost)
        if self.object is not None:
            words += ["--for", self.object] if self.kind == "pay" else [self.object]
        for flag, value in (("--ability", self.ability), ("--player", self.player),
                            ("--x", self.x), ("--y", self.y)):
            if value is not None:
                words += [flag, str(value)]
        words += [flag for flag, on in (("--all", self.every), ("--explain", self.explain))
                  if on]
        return " ".join(shlex.quote(w) for w in words)


def _opt_text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise BadInput(f"'{key}' must be text")
    return value.strip()


def _opt_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadInput(f"'{key}' must be a whole number (got {value!r})")
    return value


def _problems(e: StateFileError) -> list[dict[str, Any]]:
    return [{"message": m, "path": loc.path, "line": loc.line, "suggestion": s,
             "text": line}
            for (m, loc, s), line in zip(e.problems, e.lines(), strict=True)]


def _verdict(kind: Kind, reply: Reply) -> str:
    """The answer in a word or two (the page shows it beside the CLI's text)."""
    data = reply.data if isinstance(reply.data, Mapping) else {}
    if data.get("decided") is False:
        return "not decided"
    if kind in ("can-activate", "pay"):
        key, yes, no = (("legal", "legal", "not legal") if kind == "can-activate"
                        else ("payable", "payable", "not payable"))
        value = data.get(key)
        return yes if value is True else no if value is False else "not decided"
    if kind == "produce":
        undecided = "undecided" in data or data.get("complete") is False
        return "not decided" if undecided else "answered"
    return "resolved" if reply.status == 0 else "stopped at a choice"


class Api:
    """The server's answers. One lock: the solvers' caches are shared, and a judge's
    page asks one question at a time."""

    def __init__(self, cards: CardDatabase | None = None) -> None:
        self.cards = cards if cards is not None else default_cards()
        self.names = NameIndex.of(self.cards)
        self._lock = threading.Lock()

    # -- the board -----------------------------------------------------------------

    def state(self, board: Any) -> GameState:
        """The state the page's board describes (``StateFileError`` listing every
        problem, as ``manacheck validate`` does)."""
        if not isinstance(board, Mapping):
            raise BadInput("the board must be a state file (a mapping of keys)")
        doc = parse_bytes(json.dumps(board, ensure_ascii=False).encode("utf-8"), BOARD_NAME)
        return load_state_data(doc.data, name=BOARD_NAME, lines=None, cards=self.cards,
                               problems=doc.problems)

    def check(self, board: Any) -> dict[str, Any]:
        """The board's problems (none: valid) and its summary line."""
        from manacheck.commands.validate import summary_line

        return self._guarded(lambda: {"valid": True, "problems": [], "summary": summary_line(
            self.state(board), "board")})

    def picture(self, board: Any) -> dict[str, Any]:
        """The board drawn as the report pages draw it, one SVG panel for the turn and
        the stack and one per player, and the ids the loader gives its objects."""
        from manacheck.solver.reports.board import read_board
        from manacheck.solver.reports.svg import board_svgs

        b = read_board(board)
        ids = {p.name: {zone: [o.id for o in objs] for zone, objs in p.zones}
               for p in b.players}
        return {"svg": board_svgs(b), "ids": ids, "stack": [s.id for s in b.stack]}

    def abilities(self, board: Any, object_id: Any) -> dict[str, Any]:
        """An object's activated abilities, numbered as every command numbers them."""
        from manacheck.solver.activation.lookup import activated_abilities

        def answer() -> dict[str, Any]:
            if not isinstance(object_id, str):
                raise BadInput("which object? give its id")
            state = self.state(board)
            state.get(object_id)  # an unknown id: one line
            listed = [{"n": i, "text": ab.text or ab.cost_text}
                      for i, ab in enumerate(activated_abilities(state, object_id), 1)]
            return {"object": object_id, "abilities": listed}

        return self._guarded(answer)

    # -- the questions -------------------------------------------------------------

    def ask(self, board: Any, question: Any) -> dict[str, Any]:
        """One of the four questions, answered as its CLI command answers it: the
        command line, the verdict, the text, the JSON and the exit status."""
        def answer() -> dict[str, Any]:
            q = Question.of(question)
            reply = self._reply(q, board)
            return {"command": q.command(), "verdict": _verdict(q.kind, reply),
                    "status": reply.status, "text": reply.text(), "data": reply.data}

        return self._guarded(answer)

    def _reply(self, q: Question, board: Any) -> Reply:
        from manacheck.commands import can_activate, pay, produce, resolve

        if q.kind == "resolve":
            board = self.resolving(board)
            state = self.state(board)
            cards = board.get("cards")
            extra = [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) \
                else []
            return resolve.reply(state, extra, all_choices=q.every)
        state = self.state(board)
        if q.kind == "can-activate":
            if q.object is None:
                raise BadInput("which object? click an ability of a permanent")
            return can_activate.reply(state, q.object, q.ability, q.player, every=q.every)
        if q.kind == "pay":
            return pay.reply(state, q.cost, player=q.player, for_object=q.object, x=q.x,
                             y=q.y)
        return produce.reply(state, [q.object] if q.object else [], explain=q.explain)

    @staticmethod
    def resolving(board: Any) -> dict[str, Any]:
        """The board whose events "what happens when it resolves?" plays out: its own
        events, or else the top of the stack resolving (CR 608.1)."""
        if not isinstance(board, Mapping):
            raise BadInput("the board must be a state file (a mapping of keys)")
        out = copy.deepcopy(dict(board))
        if not out.get("events"):
            if not out.get("stack"):
                raise BadInput("the stack is empty: nothing resolves (CR 405.1); put a "
                               "spell or ability on the stack, or list events")
            out["events"] = [{"resolve": "top"}]
        return out

    # -- files and links -----------------------------------------------------------

    def read_file(self, text: Any, name: Any) -> dict[str, Any]:
        """A state file's text (YAML or JSON, by its name) as the page's board, and its
        problems (a board with problems is still loaded, so nothing is lost)."""
        def answer() -> dict[str, Any]:
            if not isinstance(text, str):
                raise BadInput("no file text")
            fname = name if isinstance(name, str) and name else "board.yaml"
            doc = parse_bytes(text.encode("utf-8"), fname)
            if not isinstance(doc.data, dict):
                raise BadInput(f"{fname}: a state file is a mapping of keys (turn, "
                               "players, ...)")
            out: dict[str, Any] = {"board": doc.data}
            try:
                load_state_data(doc.data, name=fname, lines=doc.lines, cards=self.cards,
                                problems=doc.problems)
                out["problems"] = []
            except StateFileError as e:
                out["problems"] = _problems(e)
            return out

        return self._guarded(answer)

    @staticmethod
    def yaml_text(board: Any) -> str:
        """The board as a YAML state file (the CLI reads it back)."""
        if not isinstance(board, Mapping):
            raise BadInput("the board must be a state file (a mapping of keys)")
        text: str = yaml.safe_dump(dict(board), sort_keys=False, allow_unicode=True,
                                   default_flow_style=None, width=88)
        return text

    def guarded_yaml(self, board: Any) -> dict[str, Any]:
        """:meth:`yaml_text` as a request's answer."""
        return self._guarded(lambda: {"text": self.yaml_text(board)})

    def link(self, board: Any) -> dict[str, Any]:
        """The address fragment that holds the board."""
        return self._guarded(lambda: {"fragment": encode_board(_mapping(board))})

    def unlink(self, fragment: Any) -> dict[str, Any]:
        """The board a link's fragment holds."""
        return self._guarded(lambda: {"board": decode_board(str(fragment))})

    def complete(self, query: str, limit: int = 12) -> dict[str, Any]:
        """Card names for the autocomplete."""
        return {"names": self.names.complete(query, max(1, min(limit, 50)))}

    def card(self, name: str) -> dict[str, Any]:
        """A typed card name: its spelling and type line, or why it isn't known (with
        the nearest names)."""
        found = self.cards.get(name)
        if found is None:
            try:
                self.cards[name]
            except ManacheckError as e:
                near = re.findall(r"'([^']+)'", e.suggestion or "")
                more = [n for n in self.names.complete(name, 5) if n not in near]
                return {"known": False, "error": e.one_line(), "suggestions": (near + more)[:5]}
        assert found is not None
        return {"known": True, "name": found.name, "type_line": found.type_line,
                "permanent": found.is_permanent_card}

    # -- failures, said as the CLI says them ----------------------------------------

    def _guarded(self, answer: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        with self._lock:
            try:
                return answer()
            except StateFileError as e:
                return {"status": EXIT_BAD_INPUT, "verdict": "bad input",
                        "problems": _problems(e)}
            except ManacheckError as e:
                if e.not_decided:  # as cli.main: an answer, "not decided", status 1
                    return {"status": EXIT_NO, "verdict": "not decided",
                            "text": f"not decided: {e.one_line()}",
                            "data": {"decided": False, "not_decided": e.one_line()}}
                return {"status": EXIT_BAD_INPUT, "verdict": "bad input",
                        "error": e.one_line()}
            except RecursionError:
                return {"status": EXIT_BAD_INPUT, "verdict": "bad input",
                        "error": "input nested too deeply"}
            except Exception as e:  # a bug: one line, as the CLI says it
                return {"status": EXIT_INTERNAL, "verdict": "internal error",
                        "error": f"internal error (please report it): "
                                 f"{type(e).__name__}: {e}"}


def _mapping(board: Any) -> dict[str, Any]:
    if not isinstance(board, Mapping):
        raise BadInput("the board must be a state file (a mapping of keys)")
    return dict(board)
