"""The Market on the hooks: set-up, the market place, orange cards, '?' symbols (see __init__)."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, Options, State, event, gettext_noop

from ..cards import RULES, table
from ..hooks import Ability, Decision, Pending, RuleModule, register_ability, register_decision, register_rules
from ..moves import register_description
from ..scoring import add_income
from ..state import order_from

GOODS: tuple[str, ...] = tuple(RULES["market_goods"])
TILES: list[list[int]] = RULES["market_tiles"]
GOOD_NAMES = {"chicken": "chicken", "grain": "grain", "apple": "apples", "fish": "fish", "cabbage": "cabbage"}


def market_game(options: Options) -> bool:
    return bool(options.get("market"))


def ext(st: State) -> dict[str, Any]:
    result: dict[str, Any] = st["ext"]["market"]
    return result


def tile_index(st: State) -> int:
    """0-based index of the market value tile in play: one tile leaves after every Durchgang."""
    result: int = min(st["round"], len(TILES)) - 1
    return result


def tile(st: State) -> tuple[int, int]:
    first, second = TILES[tile_index(st)]
    return first, second


def markers(st: State, seat: int) -> dict[str, int]:
    """Position of the seat's marker per good (goods without a marker left out)."""
    tab = table(st)
    chosen = ext(st)["chosen"]
    out: dict[str, int] = {}
    for cid in st["p"][seat]["cards"]:
        c = tab[cid]
        good = c.good
        if good is None:
            continue
        if good == "any":
            good = chosen.get(cid)
            if good is None:
                continue
        out[good] = out.get(good, 0) + c.good_count
    return out


def place_points(positions: dict[int, int], first: int, second: int) -> dict[int, int]:
    """Points per seat for one good: leaders the higher value (no second place when tied),
    otherwise the next position the lower value (shared when tied)."""
    ranked = {s: pos for s, pos in positions.items() if pos > 0}
    if not ranked:
        return {}
    top = max(ranked.values())
    leaders = [s for s, pos in ranked.items() if pos == top]
    out = {s: first for s in leaders}
    if len(leaders) == 1:
        rest = [pos for pos in ranked.values() if pos < top]
        if rest:
            runner = max(rest)
            out.update({s: second for s, pos in ranked.items() if pos == runner})
    return out


def score_place(st: State, events: list[Event]) -> None:
    first, second = tile(st)
    n = st["n"]
    all_markers = [markers(st, s) for s in range(n)]
    goods: dict[str, list[int]] = {}
    totals = [0] * n
    for good in GOODS:
        pts = place_points({s: all_markers[s].get(good, 0) for s in range(n)}, first, second)
        goods[good] = [pts.get(s, 0) for s in range(n)]
        for s, v in pts.items():
            totals[s] += v
    ext(st)["last"] = {
        "round": st["round"],
        "tile": tile_index(st) + 1,
        "first": first,
        "second": second,
        "goods": goods,
        "points": totals,
    }
    events.append(
        event(
            gettext_noop("The market place is scored: {first} points for first place, {second} for second."),
            first=first,
            second=second,
        )
    )
    for seat in order_from(st, st["tokens"]["market"]):
        if totals[seat]:
            add_income(st, seat, "market", 0, totals[seat])
            events.append(
                event(
                    gettext_noop("{seat} scores {points} points at the market place."),
                    seat,
                    seat=seat,
                    points=totals[seat],
                )
            )


# --- rule module ---------------------------------------------------------------------------------


def setup(st: State, events: list[Event]) -> None:
    st["ext"]["market"] = {"chosen": {}, "paid": [0] * st["n"], "last": None}
    for p in st["p"]:
        p["inc"].extend([0, 0])


def phase_end(st: State, phase: str, events: list[Event]) -> None:
    if phase == "market":
        score_place(st, events)


def laid_out(st: State, seat: int, cid: str, events: list[Event]) -> None:
    if table(st)[cid].good == "any":
        ext(st)["chosen"].pop(cid, None)
        st["queue"].insert(0, {"kind": "market_good", "seat": seat, "card": cid})


register_rules(
    RuleModule(
        "market",
        market_game,
        setup=setup,
        phase_end=phase_end,
        laid_out=laid_out,
        view=lambda st, seat: {"market": market_view(st)},
    )
)


# --- '?' symbols -------------------------------------------------------------------------------


def good_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return [{"type": "market_good", "card": d["card"], "good": g} for g in GOODS]


def good_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "market_good" or move.get("good") not in GOODS:
        raise IllegalMove("Name the good of the market symbol.")
    if move.get("card", d["card"]) != d["card"]:
        raise IllegalMove("Name the good of the card you just laid out.")
    ext(st)["chosen"][d["card"]] = move["good"]
    events.append(
        event(
            gettext_noop("{seat} names {good} for the {card}'s market symbol."),
            seat,
            seat=seat,
            good=move["good"],
            card=table(st)[d["card"]].name_en,
        )
    )


def good_timeout(st: State, seat: int, d: Pending) -> Move:
    """The good where the seat's marker stands furthest ahead (first good on ties)."""
    own = markers(st, seat)
    good = max(GOODS, key=lambda g: (own.get(g, 0), -GOODS.index(g)))
    return {"type": "market_good", "card": d["card"], "good": good}


register_decision(
    Decision("market_good", good_legal, good_apply, good_timeout, public=lambda st, d: {"card": d["card"]})
)


# --- orange cards --------------------------------------------------------------------------------


def orange_after_scoring(st: State, seat: int, cid: str, phase: str) -> Pending | None:
    if phase != "market":
        return None
    tab = table(st)
    return {"kind": "market_confirm", "seat": seat, "cards": [c for c in st["p"][seat]["cards"] if tab[c].orange]}


def confirm_legal(st: State, seat: int, d: Pending) -> list[Move]:
    cid = d["cards"][0]
    out = []
    if st["p"][seat]["money"] >= tile(st)[0]:
        out.append({"type": "market_confirm", "card": cid, "pay": True})
    out.append({"type": "market_confirm", "card": cid, "pay": False})
    return out


def confirm_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    cid = d["cards"][0]
    pay = move.get("pay")
    if move.get("type") != "market_confirm" or not isinstance(pay, bool):
        raise IllegalMove("Pay to keep the orange market card, or discard it.")
    if move.get("card", cid) != cid:
        raise IllegalMove("Confirm your orange market cards one after the other.")
    price = tile(st)[0]
    p = st["p"][seat]
    name = table(st)[cid].name_en
    if pay:
        if p["money"] < price:
            raise IllegalMove("You do not have enough rubles to keep this card.")
        p["money"] -= price
        ext(st)["paid"][seat] += price
        last = st["last_scoring"]
        if last and last["phase"] == "market":
            for row in last["rows"]:
                if row["seat"] == seat:
                    row["paid"] = {"rubles": row.get("paid", {}).get("rubles", 0) + price}
                    row["after"] = {"rubles": p["money"], "points": p["points"]}
        events.append(
            event(
                gettext_noop("{seat} pays {rubles} rubles to keep the {card}."),
                seat,
                seat=seat,
                rubles=price,
                card=name,
            )
        )
    else:
        p["cards"].remove(cid)
        st["discard"].append(cid)
        events.append(
            event(
                gettext_noop("{seat} discards the {card}: its marker goes back 4 spaces."), seat, seat=seat, card=name
            )
        )
    rest = d["cards"][1:]
    if rest:
        st["queue"].insert(0, {"kind": "market_confirm", "seat": seat, "cards": rest})


def confirm_timeout(st: State, seat: int, d: Pending) -> Move:
    """Keep the card when the seat can pay (Yucata's ∑ table assumes every card is confirmed)."""
    return {"type": "market_confirm", "card": d["cards"][0], "pay": st["p"][seat]["money"] >= tile(st)[0]}


def confirm_public(st: State, d: Pending) -> dict[str, Any]:
    cid = d["cards"][0]
    return {"card": cid, "price": tile(st)[0], "good": table(st)[cid].good, "cards": list(d["cards"])}


register_ability(Ability("orange_market", after_scoring=orange_after_scoring))
register_decision(Decision("market_confirm", confirm_legal, confirm_apply, confirm_timeout, public=confirm_public))


def _describe_good(move: Move) -> str:
    return f"Name {GOOD_NAMES.get(str(move.get('good')), 'a good')} for the market symbol"


def _describe_confirm(move: Move) -> str:
    return "Pay to keep the orange market card" if move.get("pay") else "Discard the orange market card"


register_description("market_good", _describe_good)
register_description("market_confirm", _describe_confirm)


def market_view(st: State) -> dict[str, Any] | None:
    """The view's "market" part (None without the Market); see view.py."""
    if not market_game(st["opts"]):
        return None
    first, second = tile(st)
    m = ext(st)
    chosen = {}
    for p in st["p"]:
        for cid in p["cards"]:
            if cid in m["chosen"]:
                chosen[cid] = m["chosen"][cid]
    return {
        "goods": list(GOODS),
        "tile": {"number": tile_index(st) + 1, "first": first, "second": second},
        "tiles": [{"number": i + 1, "first": a, "second": b} for i, (a, b) in enumerate(TILES)],
        "markers": [markers(st, s) for s in range(st["n"])],
        "chosen": chosen,
        "paid": list(m["paid"]),
        "last_scoring": m["last"],
    }
