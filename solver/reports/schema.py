"""The report and test-vector formats: versioned JSON Schemas (the contract).

A **report** (``format: manacheck-report``) lists, for each card (or each object of a
state file), the *cases*: small boards on which an answer differs from the card's base
board, each with its runnable state, the exact ``manacheck`` command, the answer, the
rules that decide it and the smallest change that flips it back; and each official
ruling of the card with the cases that show it, or the reason none does.

A **vector file** (``format: manacheck-vectors``) is the part of a report another
engine can run: each case's state, question and expected answer, with the rules and the
manacheck version. ``manacheck vectors verify FILE`` re-asks every vector.

A state inside either is state-file data, exactly what ``manacheck schema`` describes
(players, zones, the stack, the turn, ``events`` for ``resolve`` questions), with every
object's id explicit, so it loads back with the same ids.

Rules
-----
The answers follow the questions' own rules (CR 602 activation, 601.2g-h payment, 106.7
could-produce, 603/608/704 resolution); the schemas only fix the shapes.
"""

from __future__ import annotations

from typing import Any

__all__ = ["FACTS_SCHEMA", "QUESTION_SCHEMA", "REPORT_FORMAT", "REPORT_SCHEMA",
           "REPORT_VERSION", "VECTORS_FORMAT", "VECTORS_SCHEMA", "VECTORS_VERSION",
           "VERDICTS", "vectors_schema"]

REPORT_FORMAT = "manacheck-report"
REPORT_VERSION = 1
VECTORS_FORMAT = "manacheck-vectors"
VECTORS_VERSION = 1

#: Every answer's verdict word. ``legal``/``not legal`` (can-activate), ``payable``/
#: ``not payable`` (pay), ``produces`` (produce: the types are in ``facts``),
#: ``resolved`` (resolve: the outcome is in ``facts``), ``not decided`` for any
#: question whose answer rests on something manacheck doesn't apply or whose search
#: stopped (the reason says which).
VERDICTS = ("legal", "not legal", "payable", "not payable", "produces", "resolved",
            "not decided")

_STR_LIST: dict[str, Any] = {"type": "array", "items": {"type": "string"}}

QUESTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "What is asked of the state: one manacheck command and its arguments.",
    "required": ["command"],
    "properties": {
        "command": {"enum": ["can-activate", "pay", "produce", "resolve"]},
        "object": {"type": "string", "description": "object id (can-activate, produce)"},
        "ability": {"type": "integer", "minimum": 1},
        "ability_text": {"type": ["string", "null"],
                         "description": "the ability's text (can-activate): the same "
                                        "ability by text, whatever its number now"},
        "player": {"type": ["string", "null"]},
        "cost": {"type": "string", "description": "mana cost (pay)"},
        "x": {"type": ["integer", "null"], "description": "value of X (pay)"},
    },
    "additionalProperties": False,
}

_COUNTERS: dict[str, Any] = {"type": "object", "additionalProperties": {"type": "integer"}}

#: The facts an engine compares, by the question's verdict: whether the activation is
#: legal (can-activate), the mana types a permanent could produce (produce, CR 106.7),
#: each outcome of a resolution (resolve: life, zones, counters, the stack).
FACTS_SCHEMA: dict[str, Any] = {
    "description": "What an engine compares: one of these, by the verdict.",
    "anyOf": [
        {"title": "can-activate", "type": "object", "required": ["legal"],
         "additionalProperties": False, "properties": {
             "legal": {"type": ["boolean", "null"]},
             "only_while_paying": {"type": "boolean", "description": "CR 605.3a"},
             "has_ability": {"type": "boolean", "description": "false: an effect "
                             "removed the ability (CR 305.7, 613.1f)"}}},
        {"title": "produce", "type": "object", "required": ["types"],
         "additionalProperties": False, "properties": {
             "types": {"type": ["array", "null"], "items": {
                 "enum": ["W", "U", "B", "R", "G", "C"]}},
             "at_least": {"type": "boolean"}}},
        {"title": "resolve", "type": "object", "required": ["outcomes"],
         "additionalProperties": False, "properties": {
             "outcomes": {"type": ["array", "null"], "items": {
                 "type": "object", "required": ["players", "stack"], "properties": {
                     "players": {"type": "object", "additionalProperties": {
                         "type": "object",
                         "required": ["life", "battlefield", "hand", "graveyard",
                                      "exile"],
                         "properties": {
                             "life": {"type": "integer"},
                             "battlefield": {"type": "array", "items": {
                                 "type": "array", "prefixItems": [
                                     {"type": "string"}, _COUNTERS]}},
                             "hand": _STR_LIST, "graveyard": _STR_LIST,
                             "exile": _STR_LIST}}},
                     "stack": _STR_LIST}}}}},
    ],
}

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "An answer: its verdict word, one line of text, and the facts an "
                   "engine compares (the types a permanent could produce, the number of "
                   "ways, the outcome's life totals, zones and counters).",
    "required": ["verdict", "summary", "facts"],
    "properties": {
        "verdict": {"enum": list(VERDICTS)},
        "summary": {"type": "string"},
        "facts": {"type": "object", "description": "see FACTS_SCHEMA"},
        "reasons": {"type": "array", "items": {
            "type": "object", "required": ["rule", "text"],
            "properties": {"rule": {"type": "string"}, "text": {"type": "string"}}}},
    },
}

CASE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "title", "kind", "dimension", "surprising", "question", "state",
                 "command", "answer", "base_answer", "rules", "flip", "rulings"],
    "properties": {
        "id": {"type": "string", "description": "unique in the report, e.g. "
                                                 "'kozilek-the-great-distortion/a2/tapped'"},
        "title": {"type": "string", "description": "one line: what differs and its effect"},
        "kind": {"enum": ["base", "variation", "ruling", "unchanged"],
                 "description": "the base board, a varied board, a ruling board from "
                                "examples/rulings/, or a varied board whose answer is "
                                "the base board's, kept because a ruling says that "
                                "change doesn't matter"},
        "dimension": {"type": "string", "description": "what was varied, e.g. 'tapped', "
                                                        "'hand', 'stack', 'life', 'counters'"},
        "surprising": {"type": "boolean",
                       "description": "a plain reading of the card misleads here"},
        "question": QUESTION_SCHEMA,
        "state": {"type": "object", "description": "state-file data (manacheck schema)"},
        "state_yaml": {"type": "string", "description": "the same state as YAML text"},
        "command": {"type": "string",
                    "description": "the exact command, with the state saved as STATE.yaml"},
        "answer": ANSWER_SCHEMA,
        "base_answer": ANSWER_SCHEMA,
        "rules": {**_STR_LIST, "description": "the CR numbers that decide the answer"},
        "flip": {"type": ["object", "null"],
                 "description": "the smallest change that gives the base answer back, "
                                "re-checked",
                 "required": ["change", "answer"],
                 "properties": {"change": {"type": "string"}, "answer": ANSWER_SCHEMA}},
        "rulings": {"type": "array", "items": {"type": "integer", "minimum": 0},
                    "description": "indices into the card's rulings that this case shows"},
        "merged": {**_STR_LIST, "description": "titles of other cases with the same "
                                                "reason, merged into this one"},
    },
}

RULING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["date", "text", "cases", "reason"],
    "properties": {
        "date": {"type": "string"},
        "text": {"type": "string"},
        "cases": {**_STR_LIST, "description": "ids of the cases that show the ruling"},
        "reason": {"type": ["string", "null"],
                   "description": "why no case shows it (null when one does)"},
        "reason_kind": {"enum": ["not-a-question", "not-modelled", "no-board", None]},
    },
}

CARD_REPORT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "text", "abilities", "cases", "rulings", "notes"],
    "properties": {
        "name": {"type": "string"},
        "text": {"type": "string", "description": "the card's rules text"},
        "type_line": {"type": "string"},
        "mana_cost": {"type": ["string", "null"]},
        "abilities": {"type": "array", "items": {
            "type": "object", "required": ["index", "text"],
            "properties": {"index": {"type": "integer"}, "text": {"type": "string"}}}},
        "cases": {"type": "array", "items": CASE_SCHEMA},
        "rulings": {"type": "array", "items": RULING_SCHEMA},
        "notes": {**_STR_LIST, "description": "what the report couldn't do, and why"},
        "undecided": {"type": "object", "additionalProperties": {"type": "integer"},
                      "description": "undecided answers by effect family"},
        "seconds": {"type": "number"},
        "manacheck_version": {"type": "string",
                              "description": "the manacheck that wrote it (a pool's file)"},
    },
}

REPORT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "manacheck edge-case report",
    "type": "object",
    "required": ["format", "version", "manacheck_version", "cr_version", "subject",
                 "cards", "totals"],
    "properties": {
        "format": {"const": REPORT_FORMAT},
        "version": {"const": REPORT_VERSION},
        "manacheck_version": {"type": "string"},
        "cr_version": {"type": "string"},
        "subject": {"type": "object", "required": ["kind"], "properties": {
            "kind": {"enum": ["cards", "state"]},
            "names": _STR_LIST,
            "file": {"type": ["string", "null"]}}},
        "cards": {"type": "array", "items": CARD_REPORT_SCHEMA},
        "totals": {"type": "object", "required": ["cards", "cases", "rulings",
                                                  "rulings_matched"],
                   "properties": {
                       "cards": {"type": "integer"}, "cases": {"type": "integer"},
                       "rulings": {"type": "integer"},
                       "rulings_matched": {"type": "integer"},
                       "rulings_unmatched": {"type": "object",
                                             "additionalProperties": {"type": "integer"}},
                       "undecided": {"type": "object",
                                     "additionalProperties": {"type": "integer"}}}},
    },
}

VECTORS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "manacheck test vectors",
    "type": "object",
    "required": ["format", "version", "manacheck_version", "cr_version", "vectors"],
    "properties": {
        "format": {"const": VECTORS_FORMAT},
        "version": {"const": VECTORS_VERSION},
        "manacheck_version": {"type": "string"},
        "cr_version": {"type": "string"},
        "vectors": {"type": "array", "items": {
            "type": "object",
            "required": ["id", "state", "question", "expected", "rules"],
            "properties": {
                "id": {"type": "string"},
                "card": {"type": "string"},
                "state": {"type": "object"},
                "question": QUESTION_SCHEMA,
                "expected": ANSWER_SCHEMA,
                "rules": _STR_LIST}}},
    },
}


def vectors_schema() -> dict[str, Any]:
    """:data:`VECTORS_SCHEMA` with each vector's state as the state-file schema (its
    objects, effects and ``events:``), for other engines (``manacheck vectors
    schema``)."""
    import copy
    from importlib import resources
    from json import loads

    state = loads(resources.files("manacheck.model").joinpath(
        "data", "state.schema.json").read_text(encoding="utf-8"))
    for k in ("$schema", "$id"):
        state.pop(k, None)
    out = copy.deepcopy(VECTORS_SCHEMA)
    out["description"] = ("Test vectors: a state (a state file, with its events), a "
                          "question about it, the expected answer with the facts an "
                          "engine compares, and the rules that decide it.")
    item = out["properties"]["vectors"]["items"]["properties"]
    item["state"] = state
    item["expected"]["properties"]["facts"] = copy.deepcopy(FACTS_SCHEMA)
    return out
