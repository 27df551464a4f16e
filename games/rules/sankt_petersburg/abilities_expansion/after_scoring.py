"""Decisions right after the building scoring: the Handelsgilde's split, the Markthalle's trade.

Handelsgilde (Guild Hall): 4 rubles and points together, split as the owner likes; the income is
paid by this decision and entered in the scoring's row and the income table. The split chosen
last is the default (Yucata: 4 points until the owner picks another), also when time runs out.
Markthalle / Handelshaus (Trading House): pay 3 rubles for 2 points, at most once per scoring.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from ..cards import table
from ..hooks import ABILITIES, DECISIONS, Ability, Decision, Pending, register_ability, register_decision
from ..scoring import add_income
from .stats import add_stat

PHASE = "building"


# --- Handelsgilde -----------------------------------------------------------------------------


def guild_params(st: State, cid: str) -> dict[str, Any]:
    return table(st)[cid].params


def guild_default(st: State, seat: int, d: Pending) -> int:
    result: int = st["ext"].get("guild_hall", {}).get(str(seat), guild_params(st, d["card"])["default_points"])
    return result


def guild_after_scoring(st: State, seat: int, cid: str, phase: str) -> Pending | None:
    return {"kind": "guild_hall", "seat": seat, "card": cid} if phase == PHASE else None


def guild_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return [{"type": "guild_hall", "points": k} for k in range(guild_params(st, d["card"])["total"] + 1)]


def guild_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    total = guild_params(st, d["card"])["total"]
    k = move.get("points")
    if move.get("type") != "guild_hall" or not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= total:
        raise IllegalMove(
            gettext_noop("Split the Guild Hall's {total}: choose from 0 to {total} as points, the rest in rubles."),
            total=total,
        )
    rubles = total - k
    add_income(st, seat, PHASE, rubles, k)
    st["ext"].setdefault("guild_hall", {})[str(seat)] = k
    events.append(
        event(
            gettext_noop("{seat} takes {rubles} rubles and {points} points from the {card}."),
            seat,
            seat=seat,
            rubles=rubles,
            points=k,
            card=table(st)[d["card"]].name_en,
        )
    )
    if rubles:
        requeue_spending(st, seat, d["kind"])


def requeue_spending(st: State, seat: int, kind: str) -> None:
    """Income paid by a decision can make later after-scoring decisions of the same seat possible
    (the Pub with no money at the scoring): ask their hooks again and queue the new ones in order
    behind the decision being answered (``state["queue"][0]``)."""
    queue = st["queue"]
    end = 1
    while end < len(queue) and queue[end]["seat"] == seat:
        end += 1
    mine = queue[1:end]
    have = {q["kind"] for q in mine} | {kind}
    tab = table(st)
    for cid in st["p"][seat]["cards"]:
        ab = ABILITIES.get(tab[cid].ability or "")
        if ab and ab.after_scoring:
            new = ab.after_scoring(st, seat, cid, PHASE)
            if new and new["kind"] not in have:
                have.add(new["kind"])
                mine.append(new)
    mine.sort(key=lambda q: DECISIONS[q["kind"]].order)
    queue[1:end] = mine


register_ability(Ability("guild_hall", after_scoring=guild_after_scoring))
register_decision(
    Decision(
        "guild_hall",
        guild_legal,
        guild_apply,
        lambda st, seat, d: {"type": "guild_hall", "points": guild_default(st, seat, d)},
        public=lambda st, d: {"total": guild_params(st, d["card"])["total"], "points": guild_default(st, d["seat"], d)},
        order=-2,
    )
)


# --- Markthalle / Handelshaus ------------------------------------------------------------------


def trade_params(st: State, cid: str) -> dict[str, Any]:
    return table(st)[cid].params


def trade_after_scoring(st: State, seat: int, cid: str, phase: str) -> Pending | None:
    if phase != PHASE or st["p"][seat]["money"] < trade_params(st, cid)["rubles"]:
        return None
    return {"kind": "trading_house", "seat": seat, "card": cid}


def trade_legal(st: State, seat: int, d: Pending) -> list[Move]:
    out: list[Move] = [{"type": "trading_house", "use": False}]
    if st["p"][seat]["money"] >= trade_params(st, d["card"])["rubles"]:
        out.insert(0, {"type": "trading_house", "use": True})
    return out


def trade_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    params = trade_params(st, d["card"])
    use = move.get("use")
    if move.get("type") != "trading_house" or not isinstance(use, bool):
        raise IllegalMove("Decide whether to trade at the Trading House.")
    if not use:
        return
    p = st["p"][seat]
    if p["money"] < params["rubles"]:
        raise IllegalMove(
            gettext_noop("The Trading House takes {rubles} rubles; you have {money}."),
            rubles=params["rubles"],
            money=p["money"],
        )
    p["money"] -= params["rubles"]
    p["points"] += params["points"]
    add_stat(st, gettext_noop("Points bought at the Trading House"), seat, params["points"])
    events.append(
        event(
            gettext_noop("{seat} pays {rubles} rubles for {points} points at the {card}."),
            seat,
            seat=seat,
            rubles=params["rubles"],
            points=params["points"],
            card=table(st)[d["card"]].name_en,
        )
    )


register_ability(Ability("trading_house", after_scoring=trade_after_scoring))
register_decision(
    Decision(
        "trading_house",
        trade_legal,
        trade_apply,
        lambda st, seat, d: {"type": "trading_house", "use": False},
        public=lambda st, d: {
            "rubles": trade_params(st, d["card"])["rubles"],
            "points": trade_params(st, d["card"])["points"],
        },
        order=-1,
    )
)
