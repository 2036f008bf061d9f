"""The closed vocabulary of the card format's effects and conditions.

An activated or triggered ability's ``effects`` are steps of a small set of generic
kinds, each a rules verb (most of them CR 701 keyword actions) with parameters; its
conditions ("activate only if", an intervening "if", an effect's own ``if``/``unless``)
are of a small set of generic kinds too, comparing an *amount* with a number. A card
is composed from them: no kind names one card (manacheck issue 12). Whatever can't be
composed exactly is the one generic marker ``other`` carrying the card's words: it is
kept, never guessed at, and every solver refuses it (the resolution solver raises
``Unsupported``; the payment solver leaves such a mana ability out).

:data:`EFFECT_KINDS`, :data:`CONDITION_KINDS` and :data:`AMOUNT_KEYS` map each kind to
its meaning and rule; ``tests/test_vocabulary.py`` checks that every kind in the
built-in cards (``compiled_cards.json``, ``40_generated.json``) is one of them, so a new
card-shaped kind fails the suite. What a mana ability adds is a ``ManaProductionKind``
(``model.abilities``), generic too: ``pool_copy`` is "as much again of each type of
unspent mana in your pool" (CR 106.1, 106.4; Doubling Cube).

Common parameters of an effect: ``target`` (the index of the ability's target it acts
on, CR 115), ``onto``/``of`` (``self``: the ability's source; ``subject``: the object its
trigger event happened to; ``target``), ``who``/``whose`` (a player other than the
ability's controller: ``target``, ``subject_controller``, ``each_player``,
``each_opponent``, ``active_player``), ``count`` (a number, or ``for_each`` with a
``filter``: the objects counted as the effect happens, CR 608.2h; or an amount mapping,
:data:`AMOUNT_KEYS`), ``filter`` (an object filter), ``optional`` ("may"),
``duration`` (``end_of_turn``: CR 611.2a), ``at`` (a delayed triggered ability, CR
603.7), ``if``/``unless`` (a condition of the effect's own, CR 608.2c).
"""

from __future__ import annotations

__all__ = ["AMOUNT_KEYS", "CONDITION_KINDS", "EFFECT_KINDS", "UNREAD"]

#: The one marker for words the vocabulary can't compose exactly (an effect, a
#: condition): ``{kind: other, text: ...}``.
UNREAD = "other"

#: Every effect kind: its parameters and rule.
EFFECT_KINDS: dict[str, str] = {
    UNREAD: "words not composed from this vocabulary (``text``); refused by every solver",
    # ---- mana, life, damage, cards
    "add_mana": "add mana (CR 106.1, 605.1b): ``mana`` or ``any_color``/``one_color`` N, "
                "``count`` times; ``who`` gets it",
    "gain_life": "gain ``amount`` life (CR 119.3); ``who``",
    "lose_life": "lose ``amount`` life (CR 119.3); ``who``",
    "deal_damage": "the source deals ``amount`` damage to the ``target``, or ``to`` "
                   "``you``, ``each_opponent`` or ``each_player`` (CR 120.3)",
    "draw": "draw ``count`` cards (CR 121.1, 121.2); ``who`` (``target``: the target "
            "player)",
    "discard": "discard ``count`` cards (CR 701.9a), chosen by the player discarding; "
               "``who`` (``target``: the target player)",
    "mill": "mill ``count`` cards: put the top cards of the library into the graveyard "
            "(CR 701.17a); ``who`` (``target``: the target player)",
    "draw_up_to": "draw until ``count`` cards are in hand: the difference (CR 121.1)",
    "scry": "scry ``count`` (CR 701.22)",
    "search": "search a library for ``filter`` cards and put them ``onto`` a zone "
              "(CR 701.23)",
    "look_at_top": "look at the top ``count`` cards of a library (CR 401.2); "
                   "``may_put``: one of them (``filter``) ``to`` a zone, ``reveal``ed; "
                   "``rest``: where the others go",
    "reveal": "reveal ``what`` (``hand``) of ``who`` (CR 701.20)",
    # ---- zones
    "exile": "exile (CR 701.13): the ``target``, ``count`` cards (``filter``) ``from`` a "
             "zone (``hand``, ``graveyard``) of ``whose``, chosen by ``chooser``; "
             "``all``: every card there; ``linked``: a linked ability remembers it "
             "(CR 607.2a)",
    "destroy": "destroy the ``target`` (CR 701.8a; not if indestructible, 702.12b)",
    "sacrifice": "sacrifice (CR 701.21a): ``of: self``, or a permanent matching "
                 "``filter``",
    "sacrifice_then": "you (may) sacrifice a permanent matching ``filter``; if you don't, "
                      "the rest doesn't happen (CR 701.21a, 608.2c)",
    "return_to_hand": "return ``of: self``, ``of: target`` (the ``target``), or ``count`` "
                      "permanents matching ``filter``, to their owner's hand (CR 400.6)",
    "return_to_battlefield": "return the source from the graveyard to the battlefield "
                             "with a ``counter`` (persist, undying: CR 603.6c, 400.7); "
                             "``what: exiled``: the card the effect before exiled, "
                             "``tapped``",
    "create_tokens": "create ``count`` ``token`` tokens (CR 111.1); ``per_counter``; "
                     "``copy_of``: a copy of that object (CR 707.2)",
    "counter": "counter the ``target`` spell, or ``what: subject``: the trigger's spell "
               "(CR 701.6a)",
    "transform": "transform ``onto`` (CR 701.28a)",
    "attach": "attach the source (an Equipment) to the ``target`` (CR 701.3a; not if it "
              "can't be, 701.3b, 301.5c)",
    "earthbend": "earthbend ``count`` the ``target`` land (CR 701.66a)",
    "gain_control": "``who`` gains control ``of`` it (CR 108.4)",
    "flip_coin": "flip a coin (CR 705.1); ``on_loss``: an effect if you lose the flip",
    # ---- tapping, counters, characteristics
    "tap": "tap the ``target`` or ``onto`` (``self``) (CR 701.26a)",
    "untap": "untap the ``target`` or ``onto`` (``self``) (CR 701.26b)",
    "doesnt_untap": "``onto``/``target`` doesn't untap during its controller's next untap "
                    "step (CR 502.3)",
    "put_counters": "put ``count`` ``counter`` counters ``onto`` (CR 122.1, 122.6)",
    "put_counters_like": "put the counters the trigger's object had ``onto`` (CR 122.8)",
    "move_all_counters": "move all counters from the source onto the ``target`` "
                         "(CR 122.5)",
    "remove_counters": "remove ``count`` (``all``) ``counter`` counters from the source "
                       "(CR 122.1)",
    "pump": "``onto`` (``self``; ``target``: the ``target``; ``each``: each permanent "
            "matching ``filter`` as the effect begins, CR 611.2c) gets +``power``/"
            "+``toughness`` for a ``duration`` (CR 611.2, 613.4c)",
    "gain_keyword": "``onto`` (``self``, or ``target``: the ``target``) gains ``keyword`` "
                    "for a ``duration`` (CR 611.2, 702)",
    "set_color": "the ``target`` becomes ``color`` (CR 105.3, 613.1e)",
    "cant_block": "the ``target`` can't block for a ``duration`` (CR 509.1b)",
    # ---- riders of mana abilities
    "when_spent": "what happens to the spell the mana is spent on (``filter``, ``then``; "
                  "CR 106.6)",
}

#: Every condition kind: its parameters and rule. The comparisons read an ``amount``
#: (:data:`AMOUNT_KEYS`).
CONDITION_KINDS: dict[str, str] = {
    UNREAD: "words not composed from this vocabulary (``text``); never decided",
    "at_least": "the ``amount`` is ``count`` or more (CR 107.1; checked as CR 602.1b, "
                "603.4 or 608.2c say)",
    "fewer_than": "the ``amount`` is less than ``count`` (CR 107.1)",
    "equals": "the ``amount`` equals the amount ``to`` (CR 107.1)",
    "matches": "the ``object`` (``self``) matches the ``filter`` (CR 109.1)",
    "controls_at_least": "you control ``count`` or more permanents matching ``filter`` "
                         "(CR 602.1b)",
    "graveyard_at_least": "``count`` or more cards are in your graveyard (threshold, "
                          "an ability word: CR 207.2c)",
    "graveyard_card_types_at_least": "``count`` or more card types among cards in your "
                                     "graveyard (delirium, CR 205.2a)",
    "total_power_at_least": "creatures you control have total power ``count`` or more "
                            "(formidable, CR 207.2c)",
    "different_powers_at_least": "you control ``count`` or more creatures with different "
                                 "powers (coven, CR 207.2c)",
    "played_land_this_turn": "you played a land this turn (CR 305.2)",
    "your_turn": "during your turn (CR 102.1); ``before``: a step it is before "
                 "(``declare_attackers``, ``end``; CR 500.1)",
    "opponents_turn": "during an opponent's turn (CR 102.2)",
    "your_upkeep": "during your upkeep (CR 503)",
    "during_combat": "during combat (CR 506.1)",
    "declare_blockers_step": "during the declare blockers step (CR 509)",
    "source_attacking": "the source is attacking (CR 506.4)",
    "source_attacked_this_turn": "the source attacked this turn (boast, CR 702.142a)",
    "paid": "a ``cost`` is paid (\"unless you sacrifice a creature\", \"you may pay {4}. "
            "If you do\"; CR 118.12)",
}

#: The amounts a comparison reads: a mapping with one of these keys.
AMOUNT_KEYS: dict[str, str] = {
    "counters": "the counters of a kind (``any``: of every kind) ``of`` the source "
                "(``self``) or the trigger's object (``subject``, last-known information: "
                "CR 608.2h) (CR 122.1)",
    "cards": "the cards in your ``hand`` or ``graveyard`` (CR 402, 404)",
    "activations_this_turn": "the times this ability (``self``) was activated this turn "
                             "(CR 602.5b)",
    "mana_value": "the mana value of the ``subject`` (CR 202.3)",
    "colors_among": "the colors among the permanents matching ``filter`` (CR 105.2)",
    "removed": "the counters of a kind removed by the effect before (CR 122.1)",
}
