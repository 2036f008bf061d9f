"""Small pieces of English for messages: counts and articles (no rules here).

>>> plural(1, "permanent"), plural(3, "card in hand", "cards in hands")
('1 permanent', '3 cards in hands')
>>> with_article("instant"), with_article("untapped creature")
('an instant', 'an untapped creature')
"""

from __future__ import annotations

__all__ = ["plural", "the", "with_article"]


def plural(n: int, noun: str, plural_form: str | None = None) -> str:
    """``n`` and ``noun``, with the plural form unless ``n`` is 1 (``plural_form`` or +s)."""
    return f"{n} {noun if n == 1 else (plural_form or noun + 's')}"


def with_article(phrase: str) -> str:
    """``phrase`` after "a" or "an", by its first letter's sound (vowel letters only)."""
    return ("an " if phrase[:1].lower() in "aeiou" and phrase else "a ") + phrase


def the(name: str) -> str:
    """``name`` after "the", unless the name has its own ("the The Ozolith" would not
    do): ``the("Mox Opal")`` is "the Mox Opal", ``the("The Ozolith")`` "The Ozolith"."""
    return name if name.lower().startswith("the ") else f"the {name}"
