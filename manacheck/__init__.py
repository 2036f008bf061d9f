"""manacheck: exact answers to Magic: The Gathering rules questions about mana and
activated abilities.

>>> import manacheck
>>> state = manacheck.load_state_text('''
... turn: {active_player: Alice}
... players:
...   Alice: {battlefield: [Forest, Island]}
... ''')
>>> [p.id for p in state.permanents]
['Forest', 'Island']
"""

from manacheck.model import CR_VERSION, GameState, load_state, load_state_text

__version__ = "0.1.0"
__all__ = ["CR_VERSION", "GameState", "__version__", "load_state", "load_state_text"]
