"""``manacheck serve [STATE] [--port N] [--open]``: the judges' page in a browser.

Starts a web server on 127.0.0.1 (``manacheck.web``) and prints its address; ``--open``
opens the page in the default browser. With a STATE file, the address holds that board
(its ``#board=`` fragment), so the page starts from it. Ctrl-C stops the server (exit
status 0). A port in use or a bad STATE: one line, exit status 2.
"""

from __future__ import annotations

import argparse

from manacheck.cli import CARDS_HELP, EXIT_YES, card_note, cards_file
from manacheck.model import BadInput

COMMAND = "serve"
HELP = "a local web page: build a board from card names and ask the four questions"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", nargs="?",
                   help="a state file to start from (YAML or JSON)")
    p.add_argument("--port", type=int, default=8333, metavar="N",
                   help="the port on 127.0.0.1 (default 8333; 0: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the browser")
    p.add_argument("--cards", metavar="FILE", type=cards_file, help=CARDS_HELP)
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    from manacheck.model.statefile import load_card_file, load_state_data
    from manacheck.model.statefile.reading import parse_text, read_file
    from manacheck.web.server import serve
    from manacheck.web.share import encode_board

    if not 0 <= args.port <= 65535:
        raise BadInput(f"--port must be 0 to 65535 (got {args.port})")
    cards = load_card_file(args.cards, note=card_note) if args.cards else None
    fragment = ""
    if args.state:
        doc = parse_text(read_file(args.state), args.state)
        load_state_data(doc.data, name=args.state, lines=doc.lines, cards=cards,
                        problems=doc.problems)  # its problems: one line each, exit 2
        fragment = encode_board(doc.data)
    try:
        serve(args.port, cards, open_page=args.open, fragment=fragment)
    except OSError as e:
        raise BadInput(f"can't listen on 127.0.0.1:{args.port}: {e.strerror or e}",
                       suggestion="give another --port, or --port 0 for any free one") \
            from None
    except KeyboardInterrupt:
        pass
    return EXIT_YES
