"""The resolution solver: events, bad events, state-based actions, triggers, choices.

Expected outcomes are derived by hand from the rules cited in each test name. Property
tests compare against arithmetic simple enough to trust by reading (counter
conservation) and against the same board listed in another order.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import BadInput, GameState, effective, load_state_data, load_state_text
from manacheck.solver.resolution import (
    BadEvent,
    Unsupported,
    canonical,
    outcomes,
    parse_events,
    resolve,
)

from manacheck.cli import main

REPO = Path(__file__).resolve().parents[1]
KOZ = "Kozilek, the Great Distortion"
HEI = "Hei Bai, Spirit of Balance"


def state(battlefield: list[Any], *, hand: list[Any] | None = None,
          bob: list[Any] | None = None, events: list[Any] | None = None,
          stack: list[Any] | None = None, library: int = 10) -> GameState:
    data: dict[str, Any] = {
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {
            "Alice": {"battlefield": battlefield, "hand": hand or [], "library_size": library},
            "Bob": {"battlefield": bob or []},
        },
        "events": events or [],
    }
    if stack:
        data["stack"] = stack
    return load_state_data(data)


def counters(s: GameState, oid: str) -> dict[str, int]:
    return s.permanent(oid).counters.as_dict()


# ---- The event vocabulary and bad events -------------------------------------------------


@pytest.mark.parametrize(("raw", "message"), [
    ([{"explode": "X"}], r"event 1 \(explode\): unknown event"),
    ([{"dies": "A"}, {"dies": 3}], r"event 2 \(dies\): expected an object id"),
    ([{"put_counters": {"object": "A", "counters": {"+1/+1": -1}}}],
     r"event 1 \(put_counters\): the number of \+1/\+1 counters must be"),
    ([{"leaves": {"object": "A", "to": "library"}}], r"event 1 \(leaves\): 'to' must be"),
    ([{"resolve": "bottom"}], r"event 1 \(resolve\): resolve takes 'top' or 'all'"),
    ([{"choose": {"may": "perhaps"}}], r"event 1 \(choose\): may takes yes or no"),
    ([{"choose": {"colour": "W"}}], r"event 1 \(choose\): unknown key 'colour'"),
    ([{"cast": {"card": "Fireball", "x": -2}}], r"event 1 \(cast\): x must be"),
    ([{"dies": "A", "exile": "B"}], r"event 1 \(\?\): an event is a mapping with one key"),
    ([{"dies": ["A", "A"]}], r"event 1 \(dies\): an object is listed twice"),
])
def test_malformed_events_name_the_event(raw: list[Any], message: str) -> None:
    with pytest.raises(BadEvent, match=message):
        parse_events(raw)


def test_events_must_be_a_list() -> None:
    with pytest.raises(BadInput, match="events must be a list"):
        parse_events({"dies": "A"})


@pytest.mark.parametrize(("events", "message"), [
    ([{"dies": "Llanowar Elvs"}], r"event 1 \(dies\): unknown object 'Llanowar Elvs'.*"
                                  r"did you mean 'Llanowar Elves'"),
    ([{"dies": "Llanowar Elves"}, {"exile": "Llanowar Elves"}],
     r"event 2 \(exile\): 'Llanowar Elves' is not on the battlefield any more \(it is in "
     r"the graveyard\)"),
    ([{"remove_counters": {"object": "Llanowar Elves", "counters": {"+1/+1": 1}}}],
     r"event 1 \(remove_counters\): 'Llanowar Elves' has 0 \+1/\+1"),
    ([{"resolve": "top"}], r"event 1 \(resolve\): the stack is empty"),
    ([{"choose": {"target": "Llanowar Elves"}}], r"event 1 \(choose\): no choice is open"),
    ([{"cast": "Forest"}], r"event 1 \(cast\): 'Forest' is a land"),
    ([{"cast": "Llanowar Elves"}], r"event 1 \(cast\): 'Llanowar Elves' is not in a hand"),
    ([{"cast": {"card": "Sol Ring", "x": 2}}], r"event 1 \(cast\): x given for 'Sol Ring'"),
    ([{"draw": {"player": "Carol", "count": 1}}], r"event 1 \(draw\): unknown player"),
])
def test_bad_events_name_the_event(events: list[Any], message: str) -> None:
    s = state(["Llanowar Elves"], hand=["Forest", "Sol Ring"])
    with pytest.raises(BadEvent) as info:
        resolve(s, events)
    assert re.search(message, info.value.one_line()), info.value.one_line()


@pytest.mark.cr("601.2c")
def test_an_illegal_choice_is_a_bad_event_601_2c() -> None:
    s = state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 1}}, "Llanowar Elves",
               KOZ], bob=["Birds of Paradise"])
    with pytest.raises(BadEvent) as info:
        resolve(s, [{"dies": "Hei Bai"}, {"choose": {"target": "Birds of Paradise"}}])
    assert re.search(r"event 2 \(choose\): 'Birds of Paradise' is not a legal target.*"
                     r"options: Llanowar Elves; Kozilek", info.value.one_line())
    with pytest.raises(BadEvent, match=r"event 2 \(choose\): the open choice is target"):
        resolve(s, [{"dies": "Hei Bai"}, {"choose": {"may": "yes"}}])


def test_cli_bad_event_is_one_line_and_exit_2(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("turn: {active_player: Alice}\nplayers:\n  Alice:\n    battlefield: "
                 "[Llanowar Elves]\nevents:\n  - dies: Llanowar Elves\n  - dies: Llanowar "
                 "Elves\n")
    assert main(["resolve", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "event 2 (dies)" in err and "Traceback" not in err


# ---- State-based actions, triggers, choices ----------------------------------------------


@pytest.mark.cr("704.5q")
def test_counters_cancel_in_pairs_704_5q() -> None:
    out = resolve(state([{"card": "Llanowar Elves", "counters": {"+1/+1": 3}}],
                        events=[{"put_counters": {"object": "Llanowar Elves",
                                                  "counters": {"-1/-1": 2}}}]))
    assert counters(out.state, "Llanowar Elves") == {"+1/+1": 1}


@pytest.mark.cr("107.3m")
@pytest.mark.parametrize(("card", "x", "expected"), [
    ("Endless One", 2, {"+1/+1": 2}),
    ("Hangarback Walker", 2, {"+1/+1": 2}),
    ("Walking Ballista", 0, None),  # 0/0: dies (704.5f)
])
def test_enters_with_x_counters_107_3m(card: str, x: int,
                                       expected: dict[str, int] | None) -> None:
    out = resolve(state([], hand=[card], events=[{"cast": {"card": card, "x": x}},
                                                 {"resolve": "all"}]))
    assert out.complete
    if expected is None:
        assert out.state.zone_of(card) == "graveyard"
    else:
        assert counters(out.state, card) == expected
        assert effective(out.state)[card].mana_value == 0  # X is 0 on the battlefield


@pytest.mark.cr("704.5d")
def test_hangarback_with_no_counters_makes_no_thopters_and_tokens_vanish_704_5d() -> None:
    out = resolve(state([{"card": "Hangarback Walker", "counters": {"+1/+1": 1}}],
                        events=[{"dies": "Hangarback Walker"}, {"resolve": "all"},
                                {"dies": "Thopter"}]))
    assert out.complete
    assert "Thopter" not in out.state  # the token ceased to exist
    assert any("704.5d" in e.rules for e in out.log)


@pytest.mark.cr("101.4")
def test_apnap_order_active_player_first_101_4() -> None:
    # Both players' creatures with counters die at once; each has an Ozolith. Alice (the
    # active player) puts her trigger on the stack first, so Bob's resolves first.
    s = state(["The Ozolith", {"card": "Llanowar Elves", "counters": {"+1/+1": 1}}],
              bob=[{"card": "The Ozolith", "id": "Bob's Ozolith"},
                   {"card": "Birds of Paradise", "counters": {"+1/+1": 2}}])
    out = resolve(s, [{"leaves": {"objects": ["Llanowar Elves", "Birds of Paradise"],
                                  "to": "graveyard"}}])
    assert out.complete
    assert [(i.source, i.controller) for i in out.state.stack] == [
        ("The Ozolith", "Alice"), ("Bob's Ozolith", "Bob")]
    done = resolve(s, [{"leaves": {"objects": ["Llanowar Elves", "Birds of Paradise"],
                                   "to": "graveyard"}}, {"resolve": "all"}])
    assert counters(done.state, "The Ozolith") == {"+1/+1": 1}
    assert counters(done.state, "Bob's Ozolith") == {"+1/+1": 2}


@pytest.mark.cr("603.3d")
def test_trigger_without_legal_target_is_removed_603_3d() -> None:
    out = resolve(state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 2}}],
                        events=[{"dies": "Hei Bai"}]))
    assert out.complete and out.state.stack == ()
    assert any("603.3d" in e.rules for e in out.log)


@pytest.mark.cr("603.5")
def test_hei_bai_enters_may_sacrifice_603_5() -> None:
    s = state([{"card": "Llanowar Elves", "counters": {"+1/+1": 1}}, "The Ozolith"],
              hand=[HEI])
    outs = outcomes(s, [{"cast": HEI}, {"resolve": "all"}])
    # Sacrifice nothing, the Elves (which the Ozolith sees die with a counter) or The
    # Ozolith (an artifact; its own trigger doesn't see a noncreature leave).
    found = sorted((o.state.zone_of("Llanowar Elves"), o.state.zone_of("The Ozolith"),
                    json.dumps(counters(o.state, HEI))) for o in outs)
    assert found == [
        ("battlefield", "battlefield", "{}"),
        ("battlefield", "graveyard", '{"+1/+1": 2}'),
        ("graveyard", "battlefield", '{"+1/+1": 2}'),
    ]
    elves_dead = next(o for o in outs if o.state.zone_of("Llanowar Elves") == "graveyard")
    assert counters(elves_dead.state, "The Ozolith") == {"+1/+1": 1}


def test_resolve_stops_at_first_open_choice_and_lists_options() -> None:
    s = state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 1}}, "Llanowar Elves",
               KOZ])
    out = resolve(s, [{"dies": "Hei Bai"}, {"resolve": "all"}])
    assert not out.complete and out.open_choice is not None
    assert out.open_choice.kind == "target"
    assert sorted(out.open_choice.options) == sorted(["Llanowar Elves", KOZ])
    assert out.pending == ("Hei Bai's triggered ability 2",)
    assert len(outcomes(s, [{"dies": "Hei Bai"}, {"resolve": "all"}])) == 2


def test_outcomes_limit_says_when_it_stopped() -> None:
    s = state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 1}}, "Llanowar Elves",
               KOZ])
    outs = outcomes(s, [{"dies": "Hei Bai"}, {"resolve": "all"}], limit=1)
    assert outs[-1].stopped is not None and "stopped after 1 runs" in outs[-1].stopped


def test_unsupported_effects_fail_loudly() -> None:
    s = state(["Zendikar Resurgent"], hand=["Llanowar Elves"])
    with pytest.raises(Unsupported, match="'whenever a player casts'"):
        resolve(s, [{"cast": "Llanowar Elves"}])


@pytest.mark.cr("702.79a")
def test_kitchen_finks_persists_once_702_79a() -> None:
    s = state(["Kitchen Finks", "The Ozolith"])
    out = resolve(s, [{"dies": "Kitchen Finks"}, {"resolve": "all"}])
    # No -1/-1 counter: it returns with one (a new object, 400.7) and its enters trigger
    # gains 2 life. The Ozolith's trigger doesn't trigger: it had no counters (603.4).
    assert out.complete
    assert counters(out.state, "Kitchen Finks") == {"-1/-1": 1}
    assert out.state.player("Alice").life == 22
    assert counters(out.state, "The Ozolith") == {}
    again = resolve(out.state, [{"dies": "Kitchen Finks"}, {"resolve": "all"}])
    # Now it had a -1/-1 counter: persist doesn't trigger; The Ozolith gets the counter.
    assert again.state.zone_of("Kitchen Finks") == "graveyard"
    assert counters(again.state, "The Ozolith") == {"-1/-1": 1}
    assert again.state.player("Alice").life == 22


@pytest.mark.cr("702.79a")
def test_hei_bai_plus_counters_let_finks_persist_again_702_79a() -> None:
    # Finks with a -1/-1 counter gets Hei Bai's two +1/+1 counters: 704.5q leaves one
    # +1/+1 and no -1/-1, so it persists again when it dies (by hand from 704.5q, 702.79a).
    s = state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 2}},
               {"card": "Kitchen Finks", "counters": {"-1/-1": 1}}])
    out = resolve(s, [{"dies": "Hei Bai"}, {"resolve": "all"}, {"dies": "Kitchen Finks"},
                      {"resolve": "all"}])
    assert counters(out.state, "Kitchen Finks") == {"-1/-1": 1}
    assert out.state.player("Alice").life == 22


def test_cli_all_choices_json(capsys: pytest.CaptureFixture[str]) -> None:
    f = REPO / "examples" / "rulings" / "ozolith-all-or-none.yaml"
    assert main(["resolve", str(f), "--all-choices", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["outcomes"]) == 3
    for o in data["outcomes"]:
        yaml.safe_load(o["state"])
        assert all("rules" in line for line in o["log"])
    assert main(["resolve", str(f), "--json"]) == 1  # stops at the target choice
    data = json.loads(capsys.readouterr().out)
    assert data["open_choice"]["kind"] == "target"
    assert {"choose": {"target": "Llanowar Elves"}} in data["open_choice"]["events"]


# ---- Properties ----------------------------------------------------------------------------


def _cancel(c: dict[str, int]) -> dict[str, int]:
    """CR 704.5q by hand."""
    n = min(c.get("+1/+1", 0), c.get("-1/-1", 0))
    out = dict(c)
    for k in ("+1/+1", "-1/-1"):
        out[k] = out.get(k, 0) - n
    return {k: v for k, v in out.items() if v}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plus=st.integers(0, 5), minus=st.integers(0, 6), flying=st.integers(0, 2),
       ozolith=st.booleans())
@pytest.mark.cr("122.8")
def test_counters_put_are_conserved_122_8(plus: int, minus: int, flying: int,
                                          ozolith: bool) -> None:
    """Hei Bai gets ``minus`` -1/-1 counters at once, then dies if still there. Each
    receiver gets exactly what Hei Bai had, and only 704.5q removes counters."""
    start = {k: v for k, v in {"+1/+1": plus, "flying": flying}.items() if v}
    bf: list[Any] = [{"card": HEI, "id": "Hei Bai", "counters": start}, KOZ]
    if ozolith:
        bf.append("The Ozolith")
    events: list[Any] = []
    if minus:
        events.append({"put_counters": {"object": "Hei Bai", "counters": {"-1/-1": minus}}})
    if 3 + plus - minus > 0:  # toughness after the -1/-1 counters: survives, 704.5q
        had = _cancel({**start, "-1/-1": minus})
        events.append({"dies": "Hei Bai"})
    else:  # dies with both kinds at once (704.3)
        had = {k: v for k, v in {**start, "-1/-1": minus}.items() if v}
    events.append({"resolve": "all"})
    outs = outcomes(state(bf), events)
    assert len(outs) == 1  # the trigger order doesn't matter here
    final = outs[0].state
    assert final.zone_of("Hei Bai") == "graveyard"
    assert counters(final, KOZ) == _cancel(had)
    if ozolith:
        assert counters(final, "The Ozolith") == _cancel(had)


POOL = [
    {"card": "Llanowar Elves", "counters": {"+1/+1": 2, "flying": 1}},
    {"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 1, "-1/-1": 0}},
    {"card": "Hangarback Walker", "counters": {"+1/+1": 2}},
    {"card": "Birds of Paradise", "counters": {"trample": 1}},
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dying=st.lists(st.sampled_from(range(len(POOL))), min_size=1, max_size=2,
                      unique=True),
       survivors=st.lists(st.sampled_from(range(len(POOL))), max_size=2, unique=True),
       seed=st.integers(0, 10_000))
def test_result_does_not_depend_on_file_order(dying: list[int], survivors: list[int],
                                              seed: int) -> None:
    """The same board and simultaneous event, listed in another order: same outcomes."""
    ids = ["Llanowar Elves", "Hei Bai", "Hangarback Walker", "Birds of Paradise"]
    bf = ["The Ozolith", KOZ] + [POOL[i] for i in sorted(set(dying) | set(survivors))]
    events = [{"leaves": {"objects": [ids[i] for i in dying], "to": "graveyard"}},
              {"resolve": "all"}]
    rng = random.Random(seed)
    bf2 = list(bf)
    rng.shuffle(bf2)
    events2 = [{"leaves": {"objects": list(reversed(events[0]["leaves"]["objects"])),
                           "to": "graveyard"}}, {"resolve": "all"}]
    a = {canonical(o.state) for o in outcomes(state(bf), events)}
    b = {canonical(o.state) for o in outcomes(state(bf2), events2)}
    assert a == b and a


def test_outcome_round_trips_through_the_state_file() -> None:
    s = state([{"card": HEI, "id": "Hei Bai", "counters": {"+1/+1": 1}}, KOZ, "The Ozolith"])
    out = resolve(s, [{"dies": "Hei Bai"}, {"choose": {"order": ["Hei Bai", "The Ozolith"]}}])
    # Two triggered abilities wait on the stack with their last-known counters.
    again = load_state_text(out.state_text())
    assert [(i.source, i.trigger, i.counters.as_dict()) for i in again.stack] == [
        ("Hei Bai", 2, {"+1/+1": 1}), ("The Ozolith", 1, {"+1/+1": 1})]
    finished = resolve(again, [{"resolve": "all"}])
    assert counters(finished.state, KOZ) == {"+1/+1": 1}
    assert counters(finished.state, "The Ozolith") == {"+1/+1": 1}


@pytest.mark.cr("704.5b")
def test_kozilek_draws_what_the_library_has_704_5b() -> None:
    out = resolve(state([], hand=[KOZ], library=2,
                        events=[{"cast": KOZ}, {"resolve": "all"}]))
    alice = out.state.player("Alice")
    assert len(alice.hand) == 2 and alice.library_size == 0  # wanted 7, the library had 2
    assert any("704.5b" in e.rules for e in out.log)


@pytest.mark.cr("508.3a")
def test_hei_bai_attack_trigger_508_3a() -> None:
    s = state([{"card": HEI, "id": "Hei Bai"}, "Sol Ring",
               {"card": "Llanowar Elves", "counters": {"vigilance": 1}}])
    out = resolve(s, [{"attack": ["Hei Bai", "Llanowar Elves"]},
                      {"resolve": "top"}, {"choose": {"sacrifice": "Sol Ring"}}])
    assert out.complete
    assert counters(out.state, "Hei Bai") == {"+1/+1": 2}
    assert out.state.zone_of("Sol Ring") == "graveyard"
    assert out.state.permanent("Hei Bai").tapped  # 508.1f
    assert not out.state.permanent("Llanowar Elves").tapped  # vigilance counter, 702.20b
    assert out.state.turn.phase.value == "declare_attackers"


@pytest.mark.cr("508.1a")
@pytest.mark.parametrize(("entry", "message"), [
    ({"card": "Llanowar Elves", "summoning_sick": True}, "can't attack"),
    ({"card": "Llanowar Elves", "tapped": True}, "is tapped"),
    ("Sol Ring", "is not a creature"),
])
def test_illegal_attackers_are_bad_events_508_1a(entry: Any, message: str) -> None:
    s = state([entry])
    name = entry if isinstance(entry, str) else entry["card"]
    with pytest.raises(BadEvent, match=rf"event 1 \(attack\): '{name}' .*{message}"):
        resolve(s, [{"attack": name}])


def test_token_limit() -> None:
    s = state([{"card": "Hangarback Walker", "counters": {"+1/+1": 5000}}])
    with pytest.raises(Unsupported, match="would create 5000 tokens"):
        resolve(s, [{"dies": "Hangarback Walker"}, {"resolve": "all"}])


@pytest.mark.cr("601.2c")
def test_which_spell_kozilek_counters_is_an_open_choice_601_2c() -> None:
    # Fireball X=4 (mana value 5) and Sheer Drop (3) on the stack; in hand mana values
    # 5, 3 and 1. By hand: counter Fireball discarding the Channeler, or Sheer Drop
    # discarding the Displacer. Nothing else.
    s = state([KOZ], hand=["Kozilek's Channeler", "Eldrazi Displacer", "Sol Ring"],
              bob=["Forest"], stack=[{"card": "Fireball", "controller": "Bob", "x": 4},
                                     {"card": "Sheer Drop", "controller": "Bob"}])
    evs = [{"activate": {"object": KOZ, "ability": 1}}, {"resolve": "top"}]
    first = resolve(s, evs)
    assert first.open_choice is not None and first.open_choice.kind == "target"
    assert sorted(first.open_choice.options) == ["Fireball", "Sheer Drop"]
    found = sorted((tuple(sorted(c.id for c in o.state.player("Bob").graveyard)),
                    tuple(sorted(c.id for c in o.state.player("Alice").graveyard)))
                   for o in outcomes(s, evs))
    assert found == [(("Fireball",), ("Kozilek's Channeler",)),
                     (("Sheer Drop",), ("Eldrazi Displacer",))]
    with pytest.raises(BadEvent, match=r"event 1 \(activate\): no legal target"):
        resolve(state([KOZ], hand=["Sol Ring"],
                      stack=[{"card": "Sheer Drop", "controller": "Bob"}]), evs)


@pytest.mark.cr("603.4")
def test_ozolith_combat_trigger_needs_counters_and_your_turn_603_4() -> None:
    # No counters: the intervening "if" stops it from triggering at all.
    out = resolve(state(["The Ozolith", "Llanowar Elves"], events=["beginning_of_combat"]))
    assert out.complete and out.state.stack == ()
    # Bob's Ozolith with counters, on Alice's turn: "on your turn" doesn't match.
    out = resolve(state(["Llanowar Elves"],
                        bob=[{"card": "The Ozolith", "counters": {"+1/+1": 1}}],
                        events=["beginning_of_combat"]))
    assert out.complete and out.state.stack == ()
    # Alice's, with counters: it triggers; the Elves are its only possible target.
    out = resolve(state([{"card": "The Ozolith", "counters": {"+1/+1": 1}}, "Llanowar Elves"],
                        events=["beginning_of_combat"]))
    assert [(i.source, i.targets) for i in out.state.stack] == [
        ("The Ozolith", ("Llanowar Elves",))]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hei=st.dictionaries(st.sampled_from(["+1/+1", "-1/-1", "flying"]), st.integers(1, 3),
                           max_size=3),
       koz=st.dictionaries(st.sampled_from(["+1/+1", "-1/-1"]), st.integers(1, 2),
                           max_size=1),
       ozolith=st.booleans(), colony=st.booleans(), split=st.integers(1, 2))
@pytest.mark.cr("608.2h")
def test_stopping_and_feeding_the_state_back_in_changes_nothing_608_2h(
        hei: dict[str, int], koz: dict[str, int], ozolith: bool, colony: bool,
        split: int) -> None:
    """Play the events in one go, or stop after ``split`` of them, print the state (the
    triggers on the stack keep their last-known counters) and play the rest from it."""
    bf: list[Any] = [{"card": HEI, "id": "Hei Bai", "counters": hei},
                     {"card": KOZ, "counters": koz}]
    if ozolith:
        bf.append("The Ozolith")
    if colony:
        bf.append("Buzzard-Wasp Colony")
    s = state(bf)
    # Hei Bai's trigger always goes on the stack (Kozilek, 12/12, is a legal target).
    events: list[Any] = [{"dies": "Hei Bai"}, {"resolve": "top"}, {"resolve": "all"}]
    whole = {canonical(o.state) for o in outcomes(s, events)}
    assert whole
    parts: set[str] = set()
    for first in outcomes(s, events[:split]):
        again = load_state_text(first.state_text())
        parts |= {canonical(o.state) for o in outcomes(again, events[split:])}
    assert parts == whole


@pytest.mark.cr("613.4c")
def test_a_lord_keeps_a_shrunken_elf_alive_704_5f() -> None:
    # Elvish Archdruid: "Other Elf creatures you control get +1/+1" (layer 7c, applied
    # with the counters). A -1/-1 counter on Llanowar Elves (1/1): 1/1 with the lord,
    # 0/0 without it, and then it dies as a state-based action (CR 704.5f).
    events = [{"put_counters": {"object": "Llanowar Elves", "counters": {"-1/-1": 1}}}]
    with_lord = resolve(state(["Elvish Archdruid", "Llanowar Elves"], events=events))
    assert "Llanowar Elves" in {p.id for p in with_lord.state.permanents}
    chars = effective(with_lord.state)["Llanowar Elves"]
    assert (chars.power, chars.toughness) == (1, 1)
    alone = resolve(state(["Llanowar Elves"], events=events))
    assert "Llanowar Elves" not in {p.id for p in alone.state.permanents}


@pytest.mark.cr("701.26b")
def test_hyrax_tower_scout_untaps_its_target_on_entering() -> None:
    # "When Hyrax Tower Scout enters the battlefield, untap target creature." Cast from
    # hand, it resolves, enters, triggers; the tapped Llanowar Elves is the target.
    s = state([{"card": "Llanowar Elves", "tapped": True}, "Forest", "Forest", "Forest"],
              hand=["Hyrax Tower Scout"],
              events=[{"cast": "Hyrax Tower Scout"}, {"resolve": "all"},
                      {"choose": {"target": "Llanowar Elves"}}, {"resolve": "all"}])
    out = resolve(s)
    assert out.complete, [e.text for e in out.log]
    assert not out.state.permanent("Llanowar Elves").tapped
    assert any("701.26b" in e.rules for e in out.log)


def test_counts_beyond_what_a_state_file_holds_stop_the_run() -> None:
    # Issue 15: two events of 999,999 counters would make 1,999,998, which no state file
    # can hold; the run stops there (exit 1, 'stopped'), so every outcome loads back.
    from manacheck.model import dump_state_text

    s = state([{"card": "Llanowar Elves"}])
    out = resolve(s, [{"put_counters": {"object": "Llanowar Elves",
                                        "counters": {"+1/+1": 999_999}}}] * 2)
    assert not out.complete and out.stopped is not None and "1,999,998" in out.stopped
    load_state_text(dump_state_text(out.state))  # loads back
