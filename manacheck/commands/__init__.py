"""CLI commands, one module each (see manacheck.cli)."""
