"""A :class:`GameState` back to state-file data and text (so results can be fed back in).

Ids are made explicit, so the dumped state loads back with the same ids.

Rules
-----
CR 106.6: mana with a spending restriction keeps it (as ``from:`` the card that makes
such mana), and snow mana stays snow.
"""

from __future__ import annotations

from typing import Any

from ..cards import CardDatabase
from ..mana import ManaPool
from ..state import GameState, Permanent

__all__ = ["dump_state", "dump_state_text"]


def _perm_data(perm: Permanent) -> Any:
    d: dict[str, Any] = {"card": perm.card.name, "id": perm.id}
    if perm.tapped:
        d["tapped"] = True
    if perm.summoning_sick:
        d["summoning_sick"] = True
    if perm.counters:
        d["counters"] = perm.counters.as_dict()
    if perm.chosen:
        d["chosen"] = dict(perm.chosen)
    if perm.token:
        d["token"] = True
    if perm.attached_to:
        d["attached_to"] = perm.attached_to
    if perm.owner != perm.controller:
        d["owner"] = perm.owner
    if perm.timestamp is not None:
        d["timestamp"] = perm.timestamp
    if perm.attacking:
        d["attacking"] = True
    if perm.blocking:
        d["blocking"] = True
    if perm.blocked:
        d["blocked"] = True
    if perm.attacked_this_turn:
        d["attacked_this_turn"] = True
    if perm.damage:
        d["damage"] = perm.damage
    return d


def _pool_data(pool: ManaPool, db: CardDatabase) -> Any:
    """Pool text, or entries keeping snow mana and spending restrictions (CR 106.6)."""
    if all(not e.snow and e.restriction is None for e in pool.entries):
        return pool.text
    out: list[Any] = []
    for e in pool.entries:
        entry: dict[str, Any] = {"mana": ("{" + e.type.value + "}") * e.amount}
        if e.snow:
            entry["snow"] = True
        if e.restriction is not None:
            source = _restriction_source(e.restriction, db)
            if source is not None:
                entry["from"] = source
        out.append(entry)
    return out


def _restriction_source(restriction: object, db: CardDatabase) -> str | None:
    """A card whose first restricted mana ability has this restriction (for ``from:``),
    or a predefined token's (Powerstone, CR 111.10h)."""
    from ..tokens import token_entries

    for name, card in token_entries().items():
        for ab in card.activated_abilities:
            if ab.mana is not None and ab.mana.restriction == restriction:
                return name
    for name in db:
        for ab in db[name].activated_abilities:
            if ab.mana is not None and ab.mana.restriction is not None:
                if ab.mana.restriction == restriction:
                    return name
                break
    return None


def dump_state(state: GameState) -> dict[str, Any]:
    """The state as state-file data (ids made explicit)."""
    players: dict[str, Any] = {}
    for p in state.players:
        pd: dict[str, Any] = {"life": p.life}
        if p.mana_pool:
            pd["mana_pool"] = _pool_data(p.mana_pool, state.cards)
        for zone in ("hand", "battlefield", "graveyard", "exile", "command"):
            objs = getattr(p, zone)
            if objs:
                pd[zone] = [_perm_data(o) if zone == "battlefield"
                            else {"card": o.card.name, "id": o.id} for o in objs]
        if p.library_size:
            pd["library_size"] = p.library_size
        if p.energy:
            pd["energy"] = p.energy
        if p.lands_played:
            pd["lands_played_this_turn"] = p.lands_played
        if p.life_gained is not None:
            pd["life_gained_this_turn"] = p.life_gained
        if p.cards_drawn is not None:
            pd["cards_drawn_this_turn"] = p.cards_drawn
        if p.commanders:
            pd["commander"] = p.commanders[0] if len(p.commanders) == 1 \
                else list(p.commanders)
        if p.commander_casts:
            pd["commander_casts"] = dict(p.commander_casts)
        players[p.name] = pd
    out: dict[str, Any] = {
        "turn": {"active_player": state.turn.active_player, "phase": state.turn.phase.value,
                 "number": state.turn.number,
                 **({"priority": state.turn.priority} if state.turn.priority else {})},
        "players": players,
    }
    if state.stack:
        stack = []
        for s in state.stack:
            sd: dict[str, Any] = {"id": s.id, "controller": s.controller}
            if s.card is not None:
                sd["card"] = s.card.name
                if s.x is not None:
                    sd["x"] = s.x
                if s.alternative_cost:
                    sd["alternative_cost"] = s.alternative_cost
            elif s.trigger is not None:
                sd["ability_of"] = s.source
                sd["trigger"] = s.trigger
                if s.counters:
                    sd["counters"] = s.counters.as_dict()
            else:
                sd["ability_of"] = s.source
                sd["ability"] = s.ability
            if s.targets:
                sd["targets"] = list(s.targets)
            stack.append(sd)
        out["stack"] = stack
    if state.effects:
        out["effects"] = [{"card": e.card.name, "id": e.id, "controller": e.controller,
                           **({"timestamp": e.timestamp} if e.timestamp is not None else {})}
                          for e in state.effects]
    if state.activated_this_turn:
        out["activated_this_turn"] = [{"object": o, "ability": n}
                                      for o, n in state.activated_this_turn]
    return out


def dump_state_text(state: GameState) -> str:
    """The state as state-file text (YAML), which :func:`load_state_text` reads back."""
    import yaml

    return str(yaml.safe_dump(dump_state(state), sort_keys=False, allow_unicode=True))
