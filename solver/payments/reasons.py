"""Why a cost can't be paid: every failing reason, each with its rule.

Rules
-----
CR 601.2h: unpayable costs can't be paid; partial payments are not allowed. CR 107.4c:
{C} only with colorless mana. CR 107.4e: hybrid. CR 107.4f, 119.4: Phyrexian symbols
and the life total. CR 107.4h: {S} needs mana from a snow source. CR 106.6: spending
restrictions. CR 702.66a: delve.
"""

from __future__ import annotations

from manacheck.model import COLORS, GameState, ManaCost, ManaType, SymbolKind

from .enumeration import Payments
from .kinds import NOT_STATED, Stated, accepts, max_units, not_generic
from .precheck import net_units
from .sources import board_for, build_board
from .values import fmt_types

__all__ = ["why_unpayable"]


def why_unpayable(state: GameState, player: str, cost: ManaCost | str, *,
                      x: int | None = None, for_object: str | None = None,
                      exclude: frozenset[str] = frozenset(), limit: int | None = None,
                      for_ability: bool = False, stated: Stated = NOT_STATED) -> list[str]:
    """Why the solver finds no payment of the cost, as every failing reason (empty if
    it finds one). The public :func:`~.decided.unpayable_reasons` adds the meaning
    (raising "not decided" where the answer is).

    Each reason names the symbol or amount and the rule, e.g.
    ``"nothing can produce {U} (CR 601.2h: unpayable costs can't be paid)"``.
    Sources left out (tapped, summoning sick ...) are listed after the reasons.
    """
    b = board_for(state, player, cost, x, for_object, exclude, for_ability, stated)
    most = b.delve_most()
    if most:
        # Delve (CR 702.66a): not payable even with every card it could exile.
        b = build_board(state, player, b.cost.reduced(most), b.for_object, b.exclude,
                        delve_done=True, for_ability=for_ability, stated=b.stated)
    if Payments(b):
        return []
    units: set[tuple[ManaType, bool]] = set()
    most_units = 0
    max_of: dict[ManaType, int] = dict.fromkeys(ManaType, 0)
    for g in b.groups:
        for options, per in g.blocks():  # each block's best, summed over the blocks
            best = 0
            best_of: dict[ManaType, int] = {}
            for o in options:
                kind = b.kinds[o.kind]
                if not b.allowed_main(kind.restriction):
                    continue
                best = max(best, o.event.total * per)
                for t in o.event.types:
                    units.add((t, kind.snow))
                    best_of[t] = max(best_of.get(t, 0), o.event.count(t) * per)
            most_units += best
            for t, n in best_of.items():
                max_of[t] += n
    for pk in b.pool:
        if pk.allowed:
            units.add((pk.type, pk.snow))
            most_units += pk.amount
            max_of[pk.type] += pk.amount
    types = {t for t, _ in units}
    reasons: list[str] = []
    seen: set[str] = set()
    life_ok = b.life >= 2
    for s in b.cost:
        if s.text in seen:
            continue
        seen.add(s.text)
        k = s.kind
        ok = accepts(s, b.spend)
        able = types if ok is None else types & ok
        as_though = " (CR 609.4b: as mana may be spent here)" if b.spend else ""
        if k not in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN) \
                and b.life_payable(s):
            if not able and not life_ok:  # K'rrik: 2 life rather than the mana
                reasons.append(f"nothing can produce mana for {s.text}{as_though} and life "
                               f"{b.life} is less than the 2 a K'rrik-style effect would "
                               "pay instead (CR 119.4)")
            continue
        if k is SymbolKind.COLORED and not able:
            reasons.append(f"nothing can produce {s.text}{as_though} (CR 601.2h: unpayable "
                           "costs can't be paid)")
        elif k is SymbolKind.COLORLESS and ManaType.C not in types:
            reasons.append("nothing can produce colorless mana for {C} (CR 107.4c: {C} is "
                           "paid only with colorless mana)")
        elif k is SymbolKind.HYBRID and not able:
            reasons.append(f"nothing can produce {fmt_types(s.colors)[:3]} or "
                           f"{fmt_types(s.colors)[3:]} for {s.text}{as_though} (CR 107.4e)")
        elif k is SymbolKind.COLORLESS_HYBRID and not able:
            reasons.append(f"nothing can produce {fmt_types(s.colors)} or colorless mana "
                           f"for {s.text}{as_though} (CR 107.4e)")
        elif k in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN) and \
                not able and not life_ok:
            reasons.append(f"nothing can produce {fmt_types(s.colors[:1])} for {s.text} and "
                           f"life {b.life} is less than 2 (CR 107.4f, 119.4)")
        elif k is SymbolKind.SNOW and not any(snow for _, snow in units):
            reasons.append("no snow source can produce mana for {S} (CR 107.4h)")
    need_min = sum(1 if s.kind in (SymbolKind.MONO_HYBRID,) else max_units(s)
                   for s in b.cost if not b.life_payable(s))
    need_min += sum(1 for s in b.cost if b.life_payable(s)
                    ) - min(b.phyrexian, max(b.life, 0) // 2)
    # (without a pool-copying source, which ``copies`` searches on its own and says so)
    without = " without " + ", ".join(e for _, _, e in b.pool_copies) if b.pool_copies \
        else ""
    # What the mana abilities that cost mana bring net of their own costs (Signets,
    # filter lands: one each), which no payment can exceed (``precheck.net_units``).
    net = net_units(b) + sum(pk.amount for pk in b.pool if pk.allowed)
    if most_units < need_min:
        reasons.append(f"at most {most_units:,} mana can be made{without} but "
                       f"{b.cost.text or '{0}'} needs {need_min:,} (CR 601.2h)")
    elif net < need_min:
        reasons.append(f"at most {net:,} mana can be made{without} once the mana abilities' "
                       f"own mana costs are paid, but {b.cost.text or '{0}'} needs "
                       f"{need_min:,} (CR 601.2h, 605.3a)")
    for t in (*COLORS, ManaType.C) if not b.spend else (ManaType.C,):
        strict = sum(1 for s in b.cost if ((s.kind is SymbolKind.COLORED and s.colors[0] is t)
                     or (s.kind is SymbolKind.COLORLESS and t is ManaType.C))
                     and not b.life_payable(s))
        if 0 < max_of[t] < strict:
            reasons.append(f"{b.cost.text} needs {('{' + t.value + '}') * strict} but at most "
                           f"{max_of[t]:,} {{{t.value}}} can be made{without} (CR 601.2h)")
    if not reasons:
        reasons.append(f"no combination of the available sources pays {b.cost.text} "
                       "(CR 601.2h: partial payments are not allowed)")
    restricted = [g.ids[0] for g in b.groups for o in g.options
                  if b.kinds[o.kind].restriction is not None
                  and not b.allowed_main(b.kinds[o.kind].restriction)]
    for r in dict.fromkeys(restricted):
        reasons.append(f"mana from {r} has a spending restriction this payment doesn't meet "
                       "(CR 106.6)")
    if any(s.kind in (SymbolKind.GENERIC, SymbolKind.MONO_HYBRID) for s in b.cost):
        no_generic = [g.ids[0] for g in b.groups for o in g.options
                      if not_generic(b.kinds[o.kind].restriction)]
        for r in dict.fromkeys(no_generic):
            reasons.append(f"mana from {r} can't be spent to pay generic mana costs: not "
                           "{1}-style symbols or the two-mana half of {2/W} (CR 106.6, "
                           "107.4b, 107.4e)")
    for e in b.player.mana_pool.entries:
        if e.restriction is not None and not b.allowed_main(e.restriction):
            what = getattr(e.restriction, "text", "") or "a spending restriction"
            reasons.append(f"{('{' + e.type.value + '}') * e.amount} in the mana pool may "
                           f"be spent only as it says ('{what}'), which this payment doesn't "
                           "meet (CR 106.6)")
    if most:
        reasons.insert(0, f"even with delve exiling {most} card{'s' if most > 1 else ''} "
                          f"from your graveyard (CR 702.66a), {b.cost.text} is left to pay")
    reasons.extend(b.notes)
    return reasons
