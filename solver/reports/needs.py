"""What a report's boards need beyond the card: real cards instead of made-up ones,
the cards a counting mana ability counts, and the words and rules of a case.

:func:`real_cards` replaces each card a fix made (the solvers make one with just the
characteristics a cost or target needs) by a real one, checked by asking again;
:func:`amount_cases` gives a mana ability whose amount the board decides a board with
real cards it counts and the largest amount Alice can pay there; :func:`deciding_rules`,
:func:`case_title` and :func:`routine` say which rules a case cites, what its title
says and whether it is one of a card's routine cases.

Rules
-----
CR 106.1, 107.1, 601.2h (amounts of mana, paid); CR 700.5 (devotion); CR 704.5f,
704.5j (routine cases); each case's own rules come from its answer (:mod:`.answers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from manacheck.model import ActivatedAbility, CardDefinition, GameState, Permanent
from manacheck.model.cards import CardDatabase
from manacheck.model.state import Card

from .answers import Answer, Question, ask
from .variations import Variation, add_permanent

__all__ = ["AMOUNT_HELPERS", "BASIC_OF", "MAX_AMOUNT", "amount_cases", "base_ids", "case_title",
           "deciding_rules", "mana_helpers", "real_cards", "routine", "slug", "state_data"]

PLAYER, OPPONENT = "Alice", "Bob"


def slug(text: str) -> str:
    """A lower-case, URL- and file-safe form of ``text`` ("Kozilek, the Great
    Distortion" -> "kozilek-the-great-distortion")."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "card"


def state_data(state: GameState, base: CardDatabase | None = None) -> dict[str, Any]:
    """The state as state-file data, with the definition of every card on it that the
    built-in cards (or ``base``) don't have, so it runs on its own."""
    from manacheck.model.carddata import builtin_cards
    from manacheck.model.carddump import dump_card
    from manacheck.model.statefile import dump_state

    data = dump_state(state)
    known = base if base is not None else builtin_cards()
    extra: dict[str, CardDefinition] = {}
    for p in state.players:
        objs: tuple[Permanent | Card, ...] = (*p.battlefield, *p.hand, *p.graveyard,
                                              *p.exile)
        for o in objs:
            _note_card(o.card, known, extra)
    for item in state.stack:
        if item.card is not None:
            _note_card(item.card, known, extra)
    for e in state.effects:
        _note_card(e.card, known, extra)
    if extra:
        data = {"cards": [dump_card(c) for c in extra.values()], **data}
    return data


def base_ids(state: GameState) -> list[str]:
    """The ids of every object in a player's zone."""
    out: list[str] = []
    for p in state.players:
        out.extend(o.id for o in p.battlefield)
        for zone in (p.hand, p.graveyard, p.exile):
            out.extend(o.id for o in zone)
    return out


def _note_card(card: CardDefinition, known: CardDatabase,
               extra: dict[str, CardDefinition]) -> None:
    if known.get(card.name) != card:
        extra.setdefault(card.name, card)


BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest",
             "C": "Wastes"}


def _real_twin(card: CardDefinition, db: CardDatabase) -> CardDefinition | None:
    """A real card for a made-up one a fix added (the solvers make a card with just
    the characteristics a cost or target needs): the basic land for "Source of {M}",
    else a built-in card with its types, supertypes, subtypes (at least) and mana
    value, of its colors and without abilities if there is one."""
    m = re.fullmatch(r"Source of \{([WUBRGC])\}", card.name)
    if m:
        return db.get(BASIC_OF[m.group(1)])
    top = db.above_pool()
    fits = []
    for name in sorted(top):
        c = top.get(name)
        if (c is None or c == card or set(c.types) != set(card.types)
                or not set(card.subtypes) <= set(c.subtypes)
                or set(c.supertypes) != set(card.supertypes)
                or c.mana_value() != card.mana_value()):
            continue
        fits.append(c)
    # the same colors and no abilities of its own first (the answer is checked anyway)
    fits.sort(key=lambda c: (set(c.colors) != set(card.colors), bool(c.abilities)))
    return fits[0] if fits else None


def real_cards(state: GameState, db: CardDatabase, check: Question | None = None
               ) -> GameState:
    """``state`` with every made-up card on it (one ``db`` doesn't have: the board's
    own database holds the cards its fixes made) replaced by a real one
    (:func:`_real_twin`), its id renamed with it, so that other engines can load the
    board. Kept only if ``check`` gets the same answer on it."""
    from manacheck.model.statefile import load_state_data

    swap: dict[str, CardDefinition] = {}
    for p in state.players:
        objs: tuple[Permanent | Card, ...] = (*p.battlefield, *p.hand, *p.graveyard,
                                              *p.exile)
        for o in objs:
            if db.get(o.card.name) != o.card and o.card.name not in swap:
                twin = _real_twin(o.card, db)
                if twin is not None:
                    swap[o.card.name] = twin
    for item in state.stack:
        if item.card is not None and db.get(item.card.name) != item.card:
            twin = _real_twin(item.card, db)
            if twin is not None:
                swap.setdefault(item.card.name, twin)
    if not swap:
        return state
    data = state_data(state, db)
    data.pop("cards", None)
    taken = set(base_ids(state)) | {i.id for i in state.stack}
    names: dict[str, str] = {}

    def fresh(old: str) -> str:
        for fake, twin in swap.items():
            if old == fake or old.startswith(fake + "#"):
                new, n = twin.name, 2
                while new in taken:
                    new, n = f"{twin.name}#{n}", n + 1
                taken.add(new)
                return new
        return old

    def rename(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: rename(v) for k, v in node.items()}
        if isinstance(node, list):
            return [rename(v) for v in node]
        if isinstance(node, str) and (node in swap or any(
                node.startswith(f + "#") for f in swap)):
            if node not in names:
                names[node] = fresh(node) if node in taken or "#" in node else \
                    swap[node].name
            return names[node]
        return node

    try:
        new = load_state_data(rename(data), cards=db)
    except Exception:
        return state
    if check is not None and ask(new, check).key() != ask(state, check).key():
        return state
    return new


def deciding_rules(answer: Answer, var: Variation) -> list[str]:
    """The rules a case cites: those of the solver's own reasons for its answer (what
    decided it: devotion is CR 700.5 whichever card adds to it), then the rules of the
    change itself (a card with {X} in hand has mana value 0: CR 107.3, 202.3e) but not
    those of a nearby card's kinds of effect, nor the legend rule unless the answer
    says it applied: those only when the answer gives no rule (a "not decided" one)."""
    own = [r for r in answer.rules if r]
    if var.dimension in ("nearby", "copies"):
        return own or list(var.rules)
    return list(dict.fromkeys((*own, *var.rules)))


def case_title(var: Variation, answer: Answer) -> str:
    """The variation's title, saying so when the legend rule applied to the second
    copy (its answer cites CR 704.5j): never for a card it doesn't apply to."""
    if var.dimension == "copies" and "704.5j" in answer.rules:
        return f"{var.title} (the legend rule applies, CR 704.5j)"
    return var.title


def routine(case: Any) -> str:
    """What a routine case shows, the same for every ability and board of a card:
    lethal -1/-1 counters (CR 704.5f) and a second copy of the card (CR 704.5j for a
    legendary one); "" for any other case. A card's report shows lethal counters once
    (whatever the question: the creature dies) and a copy once for each question and
    answer, the others listed with it."""
    if case.dimension == "counters" and case.title.endswith("toughness 0"):
        return "lethal counters"
    if case.dimension == "copies" and case.title.startswith(
            f"{PLAYER} controls a second "):
        return "copies"
    return ""


#: Real cards a mana ability may count ("for each creature you control", "for each
#: artifact", "for each Elf", "for each enchantment"), tried in order for its amount's
#: cases: none makes mana itself, so the amount paid is the counting card's.
AMOUNT_HELPERS = ("Grizzly Bears", "Ornithopter", "Elvish Warrior", "Glorious Anthem")
#: The most mana of one type an amount case asks for.
MAX_AMOUNT = 8


def amount_cases(b: Any, start: GameState, oid: str,
                  abilities: Sequence[ActivatedAbility]) -> None:
    """For a mana ability without a mana cost whose amount the board decides ("Add {G}
    for each creature you control", CR 106.1, 107.1): a base board with two real cards
    it counts, the largest amount of one type Alice can pay there (a pay question:
    facts "payable" and the number of payments, CR 601.2h), and one counted card fewer,
    where that amount can't be paid."""
    from functools import partial

    from manacheck.model import ManaType
    from manacheck.solver.produce.could import produced_types

    from .variations import remove_permanent

    for ab in abilities:
        prod = ab.mana
        if (prod is None or ab.mana_cost.symbols or ab.costs
                or not (prod.per is not None or prod.amount_of not in ("", "X"))):
            continue
        for name in AMOUNT_HELPERS:
            helper = start.cards.get(name)
            if helper is None:
                continue
            board = add_permanent(add_permanent(start, PLAYER, helper), PLAYER, helper)
            made = sorted(produced_types(board, oid), key=lambda m: m.order)
            types = [m for m in made if m is not ManaType.C] or made
            if not types:
                continue
            t = types[0]
            most = 0
            for k in range(1, MAX_AMOUNT + 1):
                if ask(board, Question("pay", player=PLAYER,
                                       cost=("{" + t.value + "}") * k)
                       ).verdict != "payable":
                    break
                most = k
            if most < 2:
                continue
            cost = ("{" + t.value + "}") * most
            ids = [p.id for p in board.player(PLAYER).battlefield if p.card.name == name]
            gone = ids[-1]
            # the rules of the amount itself (devotion: CR 700.5), from the derivation
            # of what the card could produce there
            own = ask(board, Question("produce", oid)).rules
            fewer = Variation("amount", f"one {name} fewer (Alice controls one)", True,
                              partial(remove_permanent, oid=gone),
                              tuple(dict.fromkeys(("106.1", "601.2h", *(
                                  r for r in own if r != "106.7")))))
            b.run(board, Question("pay", player=PLAYER, cost=cost), [fewer],
                  f"amount-{slug(name)}")
            return


def mana_helpers(state: GameState, oid: str) -> tuple[GameState, list[str]]:
    """For a could-produce ability with nothing to look at: a Forest (hers or Bob's)."""
    from manacheck.solver.produce.could import produced_types as could_produce

    if could_produce(state, oid):
        return state, []
    forest = state.cards.get("Forest")
    if forest is None:
        return state, []
    for who in (PLAYER, OPPONENT):
        s2 = add_permanent(state, who, forest)
        if could_produce(s2, oid):
            new = [p.id for p in s2.player(who).battlefield if p.card.name == "Forest"]
            return s2, new[-1:]
    return state, []
