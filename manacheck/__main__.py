"""``python -m manacheck``: the command-line tool."""

from manacheck.cli import run

run()
