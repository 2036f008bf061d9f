"""Edge-case reports: the boards on which a card's answers flip, checked against its
official rulings, as pages (HTML, Markdown) and as test vectors (JSON).

See :mod:`.schema` for the formats.
"""
