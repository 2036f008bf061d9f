"""Reading oracle text with a grammar, and rendering the card format back to text.

``normal`` states the normalisation, ``grammar.lark`` holds the templates as data,
``reading`` turns a line into card-format data and ``rendering`` turns that data back
into text: a line counts as read only when the two agree. ``coverage`` measures the
reader over a card pool.
"""

from .normal import SELF, Normalised, normalise
from .reading import Reading, read_line
from .rendering import render_activated

__all__ = ["SELF", "Normalised", "Reading", "normalise", "read_line", "render_activated"]
