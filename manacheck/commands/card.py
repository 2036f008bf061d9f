"""``manacheck card NAME``: print a card's definition (built-in, from the shipped pool,
or from ``--cards FILE``)."""

from __future__ import annotations

import argparse

from manacheck.cli import CARDS_HELP, EXIT_YES, card_note, cards_file, emit
from manacheck.model.carddump import dump_card
from manacheck.model.cardfetch import resolve_cards_path
from manacheck.model.cards import BASIC_LAND_TYPES, CardDatabase, intrinsic_mana_ability
from manacheck.model.effects import kind_of_ability
from manacheck.model.pool import default_cards
from manacheck.model.statefile import load_card_file
from manacheck.solver.resolution import triggered_abilities
from manacheck.solver.soundness import UNREAD, UNREAD_TRIGGER

COMMAND = "card"
HELP = "print a card's definition (built-in, the 2022 pool, or from --cards FILE)"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", help="the card's name")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def load_db(path: str | None) -> CardDatabase:
    """The built-in cards over the shipped card pool, extended with ``path`` (``--cards
    FILE``) if given; the reserved word ``scryfall`` is the file ``manacheck cards fetch``
    downloaded.

    A bad card file raises :class:`StateFileError` with one line per problem; ``scryfall``
    with nothing fetched raises :class:`BadInput` (one line, run ``manacheck cards
    fetch``).
    """
    if not path:
        return default_cards()
    return load_card_file(resolve_cards_path(path), note=card_note)


def handle(args: argparse.Namespace) -> int:
    db = load_db(args.cards)
    from manacheck.model.tokens import predefined_token

    token = predefined_token(args.name)
    found = db.get(args.name)
    # A predefined token (CR 111.10) by name, unless a card has that name ("Blood").
    card = token if token is not None and found is None else db[args.name]
    # The card-format entry: it loads back (as `cards:` or --cards) to the same card.
    data = dump_card(card)

    def text() -> str:
        lines = [card.name + (f"  {card.mana_cost}" if card.mana_cost else ""),
                 card.type_line]
        if card.power is not None:
            lines.append(f"{card.power}/{card.toughness}")
        if card.keywords:
            lines.append(", ".join(card.keywords))
        # One numbering everywhere: "ability N" is the N-th activated ability as
        # can-activate, pay and abilities count them (a basic land type's intrinsic
        # ability first, CR 305.6); "triggered N" as resolve counts triggers.
        activated = [*(intrinsic_mana_ability(t) for t in BASIC_LAND_TYPES
                       if "Land" in card.types and t in card.subtypes),
                     *card.activated_abilities]
        for i, ab in enumerate(activated, 1):
            lines.append(f"  ability {i}: {ab.text or ab.cost_text}")
        for i, tr in enumerate(triggered_abilities(card), 1):
            lines.append(f"  triggered {i}: {tr.text}")
        for st in card.static_abilities:
            # Text no template read (a card from a download): it makes every answer
            # it could change "not decided".
            unread = kind_of_ability(st)
            label = "not read" if unread is not None and unread.key == UNREAD \
                and not st.affects else "static"
            if unread is not None and unread.key == UNREAD_TRIGGER:
                label = "triggered (not read)"
            lines.append(f"  {label}: {st.text or st.kind}")
        lines.append(f"mana value {card.mana_value()}")
        if card is token:
            lines.append("a predefined token (CR 111.10): only on the battlefield, as a "
                         "token (CR 111.7)")
        return "\n".join(lines)

    emit(args, data, text)
    return EXIT_YES
