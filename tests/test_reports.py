"""Edge-case reports (issue 13): base boards found by the solvers, the cases where an
answer flips, their flips re-checked, the official rulings matched, and test vectors.

The expected cases are derived by hand from the rules (each test says which), never
read from a report: a report is asked, and what it must contain is asserted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model.carddata import builtin_cards
from manacheck.model.statefile import load_state_data
from manacheck.solver.reports.answers import Answer, Question, ask
from manacheck.solver.reports.bundle import RULINGS_FILE, bundle_text
from manacheck.solver.reports.card import card_report
from manacheck.solver.reports.report import cards_report, vectors, verify_vectors
from manacheck.solver.reports.schema import REPORT_SCHEMA, VECTORS_SCHEMA

from manacheck.cli import main

REPO = Path(__file__).resolve().parents[1]
SEED_CARDS = ("The Ozolith", "Kozilek, the Great Distortion", "Hei Bai, Spirit of Balance")
KOZ = "Kozilek, the Great Distortion"


@pytest.fixture(scope="module")
def seed_report() -> dict[str, Any]:
    return cards_report(list(SEED_CARDS))


def cases(card: dict[str, Any], kind: str | None = None) -> list[dict[str, Any]]:
    return [c for c in card["cases"] if kind is None or c["kind"] == kind]


def by_name(report: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in report["cards"] if c["name"] == name)


def test_shipped_rulings_are_what_the_sources_give() -> None:
    shipped = RULINGS_FILE.read_text(encoding="utf-8")
    assert shipped == bundle_text(REPO), "run python -m manacheck.solver.reports.bundle"


def test_report_and_vectors_follow_their_schemas(seed_report: dict[str, Any]) -> None:
    jsonschema.validate(seed_report, REPORT_SCHEMA)
    jsonschema.validate(vectors(seed_report), VECTORS_SCHEMA)


@pytest.mark.parametrize("name", SEED_CARDS)
def test_every_seed_ruling_has_a_case(seed_report: dict[str, Any], name: str) -> None:
    """Done-when of issue 13: each seed ruling about legality or outcome is shown by a
    case, and every ruling board of examples/rulings/ about the card is a case."""
    card = by_name(seed_report, name)
    assert card["rulings"], name
    for r in card["rulings"]:
        assert r["cases"], (name, r["text"])
        ids = {c["id"] for c in card["cases"]}
        assert set(r["cases"]) <= ids
    boards = sorted(f.name for f in (REPO / "examples" / "rulings").glob("*.yaml")
                    if f.read_text(encoding="utf-8").startswith(f"# {name}"))
    assert sorted(c["id"].split("/")[1].removeprefix("ruling-") + ".yaml"
                  for c in cases(card, "ruling")) == boards


def test_kozilek_x_in_hand_is_a_surprising_case() -> None:
    """CR 107.3, 202.3e (ruling 2016-01-22): a card in hand with {X} in its mana cost has
    mana value 0 there, so it can't be discarded for a spell of mana value 1: the base
    board's activation becomes illegal, which a plain reading ("X can be anything")
    doesn't expect."""
    card = card_report(KOZ)
    hand = [c for c in cases(card, "variation")
            if c["dimension"] == "hand" and "{X}" in c["title"]]
    assert len(hand) == 1
    c = hand[0]
    assert c["surprising"] and c["answer"]["verdict"] == "not legal"
    assert c["base_answer"]["verdict"] == "legal"
    assert "107.3" in c["rules"] and "202.3e" in c["rules"]
    assert c["cases"] if False else True
    # The X ruling of Kozilek lists it.
    x_ruling = next(r for r in card["rulings"] if "{X}" in r["text"])
    assert c["id"] in x_ruling["cases"]


def test_kozilek_cases_by_hand() -> None:
    """The activation's other flips, each from the rule named: no target spell (CR
    601.2c), an empty hand (CR 118.3), Bob holding priority (CR 117.1), lethal -1/-1
    counters (CR 704.5f). Not flips: tapping Kozilek (no {T} in the cost), Alice's upkeep
    or Bob's turn (the ability has no timing restriction)."""
    card = card_report(KOZ)
    flips = {c["dimension"]: c for c in cases(card, "variation")
             if c["question"]["command"] == "can-activate"}
    assert {"targets", "hand", "priority", "counters", "copies"} <= set(flips)
    assert "tapped" not in flips and "timing" not in flips
    assert "601.2c" in flips["targets"]["rules"]
    assert "118.3" in flips["hand"]["rules"] or any(
        "118.3" in c["rules"] for c in cases(card, "variation"))
    assert "117.1" in flips["priority"]["rules"]
    assert flips["copies"]["answer"]["verdict"] == "not decided"  # which one stays: 704.5j


def test_reflecting_pool_two_pools_make_nothing() -> None:
    """CR 106.7 (Reflecting Pool's rulings): with a Forest it could produce {G}; with a
    second Reflecting Pool instead it could produce nothing: surprising."""
    card = card_report("Reflecting Pool")
    base = next(c for c in card["cases"] if c["id"].endswith("produce/base"))
    assert base["answer"]["facts"] == {"types": ["G"]}
    pool = [c for c in cases(card, "variation") if c["dimension"] == "copies"
            and c["question"]["command"] == "produce"]
    assert len(pool) == 1 and pool[0]["surprising"]
    assert pool[0]["answer"]["facts"] == {"types": []}


def test_basalt_monolith_pays_its_own_untap() -> None:
    """Basalt Monolith ({T}: Add {C}{C}{C}; {3}: Untap it): untapped and alone, it may
    activate its untap ability by tapping itself for the {3} (CR 605.3a, 601.2g); tapped,
    it can't pay {3} (CR 601.2h). The plain reading ("untapping needs it tapped") misses
    it, so the case is surprising."""
    card = card_report("Basalt Monolith")
    base = next(c for c in card["cases"] if c["id"].endswith("a2/base"))
    assert base["answer"]["verdict"] == "legal"
    tapped = [c for c in cases(card, "variation") if c["id"].startswith(
        "basalt-monolith/a2/tapped")]
    assert len(tapped) == 1 and tapped[0]["answer"]["verdict"] == "not legal"
    assert tapped[0]["surprising"] and "601.2h" in tapped[0]["rules"]


def test_llanowar_elves_cases_by_hand() -> None:
    """{T}: Add {G} on a 1/1: tapped (CR 107.5), summoning sick (CR 302.6) and one
    -1/-1 counter (CR 704.5f: it dies) make it illegal; Bob holding priority leaves it
    legal only while paying a cost (CR 605.3a)."""
    card = card_report("Llanowar Elves")
    got = {(c["dimension"], c["answer"]["verdict"]) for c in cases(card, "variation")
           if c["question"]["command"] == "can-activate"}
    assert {("tapped", "not legal"), ("summoning sickness", "not legal"),
            ("counters", "not legal"), ("priority", "legal")} <= got
    sick = next(c for c in cases(card, "variation") if c["dimension"] == "summoning sickness")
    assert not sick["surprising"] and "302.6" in sick["rules"]


def _flip_holds(case: dict[str, Any]) -> None:
    flip = case["flip"]
    assert flip is not None, case["id"]
    state = load_state_data(flip["state"], name=case["id"])
    again = ask(state, Question.from_data(case["question"]))
    assert again.key() == Answer.from_data(flip["answer"]).key(), case["id"]
    # the flip gives the base board's answer back, and that is not the case's answer
    assert again.verdict == case["base_answer"]["verdict"], case["id"]
    if case["question"]["command"] != "resolve":
        assert again.key() == Answer.from_data(case["base_answer"]).key(), case["id"]
    assert again.key() != Answer.from_data(case["answer"]).key(), case["id"]


def test_every_seed_flip_flips(seed_report: dict[str, Any]) -> None:
    for card in seed_report["cards"]:
        for case in cases(card, "variation"):
            _flip_holds(case)


_NAMES = sorted(builtin_cards())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_NAMES))
def test_flips_flip_on_random_cards(name: str) -> None:
    """On random built-in cards: every case's stated smallest change gives the other
    answer (re-asked from the flip's own state), and each case's state, asked again,
    gives the case's answer."""
    card = card_report(name)
    for case in cases(card, "variation"):
        _flip_holds(case)
        state = load_state_data(case["state"], name=case["id"])
        got = ask(state, Question.from_data(case["question"]))
        assert got.key() == Answer.from_data(case["answer"]).key(), case["id"]


def test_vectors_verify_passes_on_the_seed_cards(tmp_path: Path,
                                                 seed_report: dict[str, Any]) -> None:
    data = vectors(seed_report)
    # every case but those "not decided" (a limit of manacheck, not a rules answer)
    assert len(data["vectors"]) == sum(
        1 for c in seed_report["cards"] for case in c["cases"]
        if case["answer"]["verdict"] != "not decided")
    assert not any(v["expected"]["verdict"] == "not decided" for v in data["vectors"])
    assert verify_vectors(data) == []
    f = tmp_path / "v.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    assert main(["vectors", "verify", str(f)]) == 0


def test_vectors_verify_reports_a_disagreement(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A vector whose expected answer is wrong is reported, exit status 1."""
    data = vectors(cards_report(["Llanowar Elves"]))
    v = next(v for v in data["vectors"] if v["expected"]["verdict"] == "not legal")
    v["expected"] = {**v["expected"], "verdict": "legal", "facts": {"legal": True}}
    f = tmp_path / "v.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["vectors", "verify", str(f)]) == 1
    out = capsys.readouterr().out
    assert v["id"] in out and "expected legal" in out


def test_vectors_verify_names_the_facts_that_differ(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: when only the facts differ (the same verdict), verify printed two equal
    lines; now it names the fact: Llanowar Elves could produce {G}, not {U}."""
    data = vectors(cards_report(["Llanowar Elves"]))
    v = next(v for v in data["vectors"] if v["expected"]["verdict"] == "produces")
    assert v["expected"]["facts"]["types"] == ["G"]
    v["expected"] = {**v["expected"], "facts": {"types": ["U"]}}
    f = tmp_path / "v.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["vectors", "verify", str(f)]) == 1
    out = capsys.readouterr().out
    assert 'facts.types: expected ["U"], got ["G"]' in out


def test_vectors_schema_covers_states_events_questions_and_facts(
        seed_report: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["vectors", "schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    state = schema["properties"]["vectors"]["items"]["properties"]["state"]
    assert "events" in state["properties"] and "players" in state["properties"]
    facts = schema["properties"]["vectors"]["items"]["properties"]["expected"][
        "properties"]["facts"]
    assert {f["title"] for f in facts["anyOf"]} == {"can-activate", "produce", "resolve"}
    data = vectors(seed_report)
    jsonschema.validate(data, schema)
    bad = json.loads(json.dumps(data))
    bad["vectors"][0]["expected"]["facts"] = {"legal": "yes"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


@pytest.mark.parametrize("argv, words", [
    (["report", "Kozilek the great"], "did you mean 'Kozilek, the Great Distortion'"),
    (["report", "Forest", "-o", "x.pdf"], "unknown report format '.pdf'"),
    (["report"], "name one or more cards"),
    (["report", "--all"], "needs -o DIR"),
    (["vectors", "verify", "no-such-file.json"], "can't read it"),
    (["report", "Forest", "-o", "/nonexistent-dir/x.html"], "x.html: can't write it"),
    (["report", "Forest", "--vectors", "/nonexistent-dir/v.json"], "v.json: can't write it"),
    (["report", "--all", "-o", "/proc/no-such-folder"], "can't make the folder"),
    (["report", "--all", "-o", "x", "--workers", "0"], "expected at least 1, got 0"),
    (["report", "--all", "-o", "x", "--limit", "many"], "expected a whole number"),
])
def test_bad_input_is_one_line_exit_2(argv: list[str], words: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_not_a_vector_file_is_one_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "v.json"
    f.write_text(json.dumps({"format": "manacheck-vectors", "version": 1}), encoding="utf-8")
    assert main(["vectors", "verify", str(f)]) == 2
    err = capsys.readouterr().err
    assert "not a manacheck vector file" in err and len(err.strip().splitlines()) == 1


def test_report_json_and_state_report(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert main(["report", "Llanowar Elves", "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, REPORT_SCHEMA)
    assert data["cards"][0]["name"] == "Llanowar Elves"
    st_out = tmp_path / "s.json"
    assert main(["report", "--state", str(REPO / "examples" / "activation.yaml"),
                 "-o", str(st_out)]) == 0
    sdata = json.loads(st_out.read_text(encoding="utf-8"))
    jsonschema.validate(sdata, REPORT_SCHEMA)
    assert sdata["subject"]["kind"] == "state"
    names = {c["name"] for c in sdata["cards"]}
    assert "kozilek" in names
    koz = next(c for c in sdata["cards"] if c["name"] == "kozilek")
    assert any(c["dimension"] == "hand" for c in koz["cases"])


def test_unmatched_rulings_say_why() -> None:
    """Across every built-in card, each ruling is shown by a case or has a reason."""
    report = cards_report(["Sol Ring", "Mana Vault", "Cavern of Souls"])
    for card in report["cards"]:
        for r in card["rulings"]:
            assert bool(r["cases"]) != bool(r["reason"]), (card["name"], r)
            if not r["cases"]:
                assert r["reason_kind"] in ("not-a-question", "not-modelled", "no-board")


def test_an_unapplied_effect_nearby_is_a_not_decided_case() -> None:
    """Celestial Dawn (layer 5, CR 613.1e) isn't applied by the resolution solver: next
    to The Ozolith's ruling boards every outcome becomes "not decided", naming it."""
    card = card_report("The Ozolith")
    nd = [c for c in cases(card, "variation") if c["answer"]["verdict"] == "not decided"]
    assert nd and all(c["dimension"] == "nearby" for c in nd)
    assert any("Celestial Dawn" in r["text"] for c in nd for r in c["answer"]["reasons"])
    assert any("613.1e" in k for k in card["undecided"])


def test_blood_moon_removes_the_ability_asked_about() -> None:
    """Blood Moon makes a nonbasic land a Mountain that loses its other abilities (CR
    305.7, 613.1d-f), as Celestial Dawn makes it a Plains: the land's own "{T}: Add
    {W}." is gone (not legal, found by the ability's text, not its number; a second
    probe with the same answer is folded into the first), and under Blood Moon the land
    could produce only {R}."""
    card = card_report("Abandoned Outpost")
    gone = [c for c in cases(card, "variation") if c["dimension"] == "nearby"
            and ("Blood Moon" in c["title"] or "Celestial Dawn" in c["title"])
            and c["question"]["command"] == "can-activate"]
    assert gone and all(c["answer"]["facts"] == {"legal": False, "has_ability": False}
                        for c in gone)
    produce = [c for c in cases(card, "variation") if c["dimension"] == "nearby"
               and "Blood Moon" in c["title"] and c["question"]["command"] == "produce"]
    assert produce and produce[0]["answer"]["facts"] == {"types": ["R"]}


def test_planeswalker_base_board_has_its_loyalty() -> None:
    """CR 306.5b: the base board's planeswalker has its printed loyalty, so its loyalty
    abilities are legal there; the step and a spell on the stack make them illegal
    (CR 606.3), as expected."""
    card = card_report("Tamiyo, Compleated Sage")
    bases = [c for c in card["cases"] if c["kind"] == "base"
             and c["question"]["command"] == "can-activate"]
    assert bases and all(c["answer"]["verdict"] == "legal" for c in bases)
    timing = [c for c in cases(card, "variation") if c["dimension"] in ("timing", "stack")]
    assert timing and all("606.3" in c["rules"] and not c["surprising"] for c in timing)


def test_a_downloads_rulings_reach_its_report(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A card of a user's MTGJSON file: its report lists the file's rulings. Grovetender
    Sprite ({T}: Add {G}, a 1/1): "It can't be activated the turn it comes under your
    control" is shown by the summoning-sickness case (CR 302.6)."""
    from tests.test_cardfiles import CARDS, atomic, write

    monkeypatch.setenv("MANACHECK_CACHE_DIR", str(tmp_path / "cache"))
    f = write(tmp_path / "AtomicCards.json", atomic(CARDS))
    card = card_report("Grovetender Sprite", cards_file=str(f))
    assert [r["date"] for r in card["rulings"]] == ["2021-06-18", "2021-06-18"]
    sick = [c for c in cases(card, "variation") if c["dimension"] == "summoning sickness"]
    assert sick and sick[0]["answer"]["verdict"] == "not legal"
    turn_ruling = card["rulings"][1]
    assert "comes under your control" in turn_ruling["text"]
    assert sick[0]["id"] in turn_ruling["cases"] and turn_ruling["reason"] is None


#: Ruling boards that ask a could-produce or can-activate question (their header's
#: "Question:" line), with the answer derived by hand from the ruling they quote.
QUESTION_BOARDS = [
    ("fellwar-stone-tapped-lands", "Fellwar Stone", "produces", {"types": ["U"]}),
    ("fellwar-stone-no-lands", "Fellwar Stone", "legal", {"legal": True}),
    ("exotic-orchard-no-colorless", "Exotic Orchard", "produces", {"types": ["U"]}),
    ("exotic-orchard-replacement", "Exotic Orchard", "produces", {"types": ["B"]}),
    ("reflecting-pool-two-pools", "Reflecting Pool", "produces", {"types": []}),
    ("basalt-monolith-untaps-itself", "Basalt Monolith", "legal", {"legal": True}),
    ("pili-pala-already-untapped", "Pili-Pala", "not legal", {"legal": False}),
    ("pili-pala-mana-ability", "Pili-Pala", "legal",
     {"legal": True, "only_while_paying": True}),
    ("grand-architect-taps-itself", "Grand Architect", "legal", {"legal": True}),
    ("icehide-troll-already-tapped", "Icehide Troll", "legal", {"legal": True}),
    ("relic-of-progenitus-empty-graveyards", "Relic of Progenitus", "legal",
     {"legal": True}),
    ("vizier-cycles-without-a-target", "Vizier of Tumbling Sands", "legal", {"legal": True}),
    ("doubling-cube-mana-ability", "Doubling Cube", "legal",
     {"legal": True, "only_while_paying": True}),
    ("squandered-resources-land-without-mana", "Squandered Resources", "legal",
     {"legal": True}),
    ("springleaf-drum-summoning-sick-creature", "Springleaf Drum", "legal", {"legal": True}),
    ("vedalken-orrery-not-abilities", "Vedalken Orrery", "not legal", {"legal": False}),
    ("training-grounds-down-to-one-mana", "Training Grounds", "legal", {"legal": True}),
    ("training-grounds-not-cycling", "Training Grounds", "not legal", {"legal": False}),
    ("nykthos-mana-ability", "Nykthos, Shrine to Nyx", "legal",
     {"legal": True, "only_while_paying": True}),
    ("celestial-dawn-nonland-mana", "Celestial Dawn", "produces", {"types": ["G"]}),
    ("icehide-troll-snow-any-color", "Icehide Troll", "legal", {"legal": True}),
    ("icehide-troll-needs-snow-sources", "Icehide Troll", "not legal", {"legal": False}),
]


@pytest.mark.parametrize("board, name, verdict, facts", QUESTION_BOARDS)
def test_question_boards_show_their_rulings(board: str, name: str, verdict: str,
                                            facts: dict[str, Any]) -> None:
    card = card_report(name)
    case = next(c for c in cases(card, "ruling") if c["id"].endswith(f"ruling-{board}/board"))
    assert case["answer"]["verdict"] == verdict
    assert case["answer"]["facts"] == facts
    shown = [r for r in card["rulings"] if case["id"] in r["cases"]]
    assert len(shown) == 1 and shown[0]["reason"] is None


def test_unchanged_cases_show_rulings_that_say_a_change_does_not_matter() -> None:
    """Reflecting Pool's 2008-05-01 ruling: "it doesn't matter whether Vivid Crag ... is
    untapped" (CR 106.7 ignores costs): the Forest it looks at, tapped, leaves the
    answer {G}; that unchanged variation is kept as a case because the ruling says so,
    and only then."""
    card = card_report("Reflecting Pool")
    ruling = next(r for r in card["rulings"] if "doesn’t check their costs" in r["text"]
                  or "doesn't check their costs" in r["text"])
    kept = [c for c in card["cases"] if c["kind"] == "unchanged"]
    assert kept and {c["id"] for c in kept} <= set(ruling["cases"])
    for c in kept:
        assert c["dimension"] == "lands" and "tapped" in c["title"]
        assert c["answer"] == c["base_answer"] and c["answer"]["facts"] == {"types": ["G"]}
    # A card with no such ruling keeps none.
    assert not [c for c in card_report("Llanowar Elves")["cases"] if c["kind"] == "unchanged"]


def test_the_target_leaving_before_resolution() -> None:
    """CR 608.2b: Hei Bai's leaves-the-battlefield trigger whose only target is exiled
    before it resolves doesn't resolve; on the ruling board where Llanowar Elves is the
    target, that is a case, with 608.2b among its rules, and its flip (undoing it) gives
    the ruling board's outcome back."""
    card = card_report("Hei Bai, Spirit of Balance")
    gone = [c for c in cases(card, "variation") if c["dimension"] == "leaves"
            and c["title"].startswith("the target Llanowar Elves")]
    assert gone and all("608.2b" in c["rules"] for c in gone)
    assert any("doesn't resolve" in r["text"] for c in gone for r in c["answer"]["reasons"])
    for c in gone:
        _flip_holds(c)


def test_one_more_card_in_hand_matters_only_where_the_hand_does() -> None:
    """A card more in hand changes nothing for Llanowar Elves (no such case), while an
    empty hand makes Kozilek's discard cost unpayable (CR 118.3)."""
    assert not [c for c in cases(card_report("Llanowar Elves"), "variation")
                if c["dimension"] == "hand"]
    koz = [c for c in cases(card_report(KOZ), "variation") if c["dimension"] == "hand"]
    assert any(c["title"].endswith("hand is empty") for c in koz)
