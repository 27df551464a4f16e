"""Producer, trader, councillor and prospector phases."""
from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, gettext_noop

from .cards import COST, GOOD, GOODS, KEY, PRODUCTION, RULES, TILES, name
from .common import (draw, draw_to_hand, event, goods_buildings, names, order_from, owns,
                     role_privilege)


def selections(groups: list[list[int]], cap: int) -> list[list[int]]:
    """Every choice of up to `cap` items where items of one group are interchangeable."""
    out: list[list[int]] = [[]]
    for group in groups:
        grown = []
        for sel in out:
            for k in range(1, min(len(group), cap - len(sel)) + 1):
                grown.append(sel + group[:k])
        out += grown
    return out


# --- producer -----------------------------------------------------------------

def production_cap(st: State, seat: int) -> int:
    return 1 + role_privilege(st, seat, "producer") + owns(st, seat, "aqueduct")


def empty_groups(st: State, seat: int) -> list[list[int]]:
    p = st["p"][seat]
    groups: dict[str, list[int]] = {}
    for i, b in enumerate(p["city"]):
        if PRODUCTION[b] and p["goods"][i] < 0:
            groups.setdefault(GOOD[b], []).append(b)
    return [groups[g] for g in GOODS if g in groups]


def enter_producer(st: State, events: list[Event]) -> None:
    st["phase"] = "producer"
    for seat in range(st["n"]):
        if empty_groups(st, seat):
            st["pend"][seat] = {"k": "produce"}


def produce_moves(st: State, seat: int) -> list[Move]:
    sels = selections(empty_groups(st, seat), production_cap(st, seat))
    return [{"type": "produce", "buildings": s} for s in sels]


def produce(st: State, seat: int, move: Move, events: list[Event]) -> None:
    chosen = list(move.get("buildings", []))
    p = st["p"][seat]
    if len(chosen) > production_cap(st, seat):
        raise IllegalMove(f"You may produce at most {production_cap(st, seat)} good(s).")
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("Each production building holds at most one good.")
    for b in chosen:
        if b not in p["city"] or not PRODUCTION[b] or p["goods"][p["city"].index(b)] >= 0:
            raise IllegalMove("Choose your own empty production buildings.")
    st["pend"][seat] = {"k": "produce", "ok": True, "sel": chosen}
    events.append(event(gettext_noop("{seat} has decided what to produce."), seat, seat=seat))


def finish_producer(st: State, events: list[Event]) -> None:
    for seat in order_from(st, st["chooser"]):
        pend = st["pend"][seat]
        st["pend"][seat] = None
        if not pend or not pend["sel"]:
            continue
        p = st["p"][seat]
        made = []
        for b in pend["sel"]:
            card = draw(st, 1)
            if not card:
                break
            p["goods"][p["city"].index(b)] = card[0]
            made.append(b)
        if made:
            events.append(event(gettext_noop("{seat} produces on {buildings}."), seat,
                                seat=seat, buildings=names(made)))
        if len(made) >= 2 and owns(st, seat, "well"):
            draw_to_hand(st, seat, 1, "Well", events)


# --- trader -------------------------------------------------------------------

def sale_cap(st: State, seat: int) -> int:
    return 1 + role_privilege(st, seat, "trader") + owns(st, seat, "trading_post")


def goods_groups(st: State, seat: int) -> list[list[int]]:
    p = st["p"][seat]
    groups: dict[str, list[int]] = {}
    for i in goods_buildings(st, seat):
        b = p["city"][i]
        groups.setdefault(GOOD[b] or KEY[b], []).append(b)
    return [groups[g] for g in GOODS + ["customs_office"] if g in groups]


def price(st: State, building: int) -> int:
    if KEY[building] == "customs_office":
        return RULES["customs_price"]
    return TILES[st["tile"]][GOODS.index(GOOD[building])]


def enter_trader(st: State, events: list[Event]) -> None:
    st["phase"] = "trader"
    # The tile is revealed even if nobody can sell.
    st["tile"] = st["tiles"].pop(0)
    st["tiles_seen"].append(st["tile"])
    events.append(event(gettext_noop("The trading house pays {prices}."), None,
                        prices=", ".join(f"{g} {v}" for g, v in zip(GOODS, TILES[st["tile"]]))))
    for seat in range(st["n"]):
        if goods_groups(st, seat):
            st["pend"][seat] = {"k": "sell"}


def sell_moves(st: State, seat: int) -> list[Move]:
    sels = selections(goods_groups(st, seat), sale_cap(st, seat))
    return [{"type": "sell", "buildings": s} for s in sels]


def sell(st: State, seat: int, move: Move, events: list[Event]) -> None:
    chosen = list(move.get("buildings", []))
    p = st["p"][seat]
    if len(chosen) > sale_cap(st, seat):
        raise IllegalMove(f"You may sell at most {sale_cap(st, seat)} good(s).")
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("Each good can be sold only once.")
    for b in chosen:
        if b not in p["city"] or p["goods"][p["city"].index(b)] < 0:
            raise IllegalMove("Choose your own buildings that carry a good.")
    st["pend"][seat] = {"k": "sell", "ok": True, "sel": chosen}
    events.append(event(gettext_noop("{seat} has decided what to sell."), seat, seat=seat))


def finish_trader(st: State, events: list[Event]) -> None:
    sold_total = 0
    for seat in order_from(st, st["chooser"]):
        pend = st["pend"][seat]
        st["pend"][seat] = None
        if not pend or not pend["sel"]:
            continue
        p = st["p"][seat]
        earned = 0
        cards = []
        for b in pend["sel"]:
            i = p["city"].index(b)
            cards.append(p["goods"][i])
            p["goods"][i] = -1
            earned += price(st, b)
        sold = len(cards)
        sold_total += sold
        if owns(st, seat, "harbor"):
            p["harbor"].append(cards.pop(0))
            events.append(event(gettext_noop("{seat} puts a sold good under the Harbour."), seat, seat=seat))
        st["disc"].extend(cards)
        events.append(event(gettext_noop("{seat} sells {buildings} for {count} card(s)."), seat,
                            seat=seat, buildings=names(pend["sel"]), count=earned))
        if sold >= 2 and owns(st, seat, "market_stand"):
            earned += 1
        if owns(st, seat, "market_hall"):
            earned += 1
        draw_to_hand(st, seat, earned, "sale", events)
    if sold_total == 0:
        for seat in order_from(st, st["chooser"]):
            if owns(st, seat, "hut"):
                draw_to_hand(st, seat, 1, "Hut", events)
    st["tiles"].append(st["tile"])  # face down under the stack: the order never changes


# --- councillor -----------------------------------------------------------------

def enter_councillor(st: State, events: list[Event]) -> None:
    st["phase"] = "councillor"
    order = order_from(st, st["chooser"])
    for seat in order:
        p = st["p"][seat]
        for i, b in enumerate(p["city"]):
            if KEY[b] == "customs_office" and p["goods"][i] < 0 and owns(st, seat, "customs_office"):
                good = draw(st, 1)
                if good:
                    p["goods"][i] = good[0]
                    events.append(event(gettext_noop("{seat} gets a good on the Customs office."), seat,
                                        seat=seat))
    for seat in order:
        count = RULES["council_draw"] + RULES["council_privilege_draw"] * role_privilege(st, seat, "councillor")
        keep = RULES["prefecture_keep"] if owns(st, seat, "prefecture") else RULES["council_keep"]
        cards = draw(st, count)
        if not cards:
            continue
        events.append(event(gettext_noop("{seat} draws {count} card(s) to choose from."), seat,
                            seat=seat, count=len(cards)))
        events.append(event(gettext_noop("You draw: {cards}."), seat, only=seat, cards=names(cards)))
        if owns(st, seat, "archive"):
            st["p"][seat]["hand"].extend(cards)
            if len(cards) > keep:
                st["pend"][seat] = {"k": "discard", "n": len(cards) - keep, "why": "archive"}
        elif len(cards) <= keep:
            st["p"][seat]["hand"].extend(cards)
        else:
            st["pend"][seat] = {"k": "keep", "drawn": cards, "n": keep, "why": "councillor"}


def keep_moves(st: State, seat: int) -> list[Move]:
    seen: set[str] = set()
    moves: list[Move] = []
    for c in st["pend"][seat]["drawn"]:
        if KEY[c] not in seen:
            seen.add(KEY[c])
            moves.append({"type": "keep", "card": c})
    return moves


def keep(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    cards = list(move["cards"]) if "cards" in move else [move.get("card")]
    if not cards or len(cards) > pend["n"] or len(set(cards)) != len(cards):
        raise IllegalMove(f"Keep {pend['n']} of the drawn cards.")
    if any(c not in pend["drawn"] for c in cards):
        raise IllegalMove("Keep one of the cards you drew.")
    p = st["p"][seat]
    for c in cards:
        pend["drawn"].remove(c)
        p["hand"].append(c)
        pend["n"] -= 1
        if pend["why"] == "gold_mine":
            p["seen"].append(c)
            events.append(event(gettext_noop("{seat} keeps {card} from the Gold mine."), seat,
                                seat=seat, card=name(c)))
    if pend["why"] != "gold_mine":
        events.append(event(gettext_noop("You keep: {cards}."), seat, only=seat, cards=names(cards)))
    if pend["n"] == 0 or not pend["drawn"]:
        st["disc"].extend(pend["drawn"])
        st["pend"][seat] = None
        if pend["why"] == "councillor":
            events.append(event(gettext_noop("{seat} has chosen."), seat, seat=seat))


# --- prospector -------------------------------------------------------------------

def enter_prospector(st: State, events: list[Event]) -> None:
    st["phase"] = "prospector"
    seat = st["chooser"]
    draw_to_hand(st, seat, RULES["prospector_draw"] * role_privilege(st, seat, "prospector"),
                 "Prospector", events)
    st["q"] = []
    for s in order_from(st, seat):
        if owns(st, s, "gold_mine"):
            st["q"].append([s, "gold_mine"])
        if owns(st, s, "goldsmith"):
            st["q"].append([s, "goldsmith"])


def run_prospecting(st: State, events: list[Event]) -> bool:
    """Work through Gold mines and Goldsmiths; True once a player has to choose."""
    while st["q"]:
        seat, what = st["q"].pop(0)
        p = st["p"][seat]
        if what == "goldsmith":
            cards = draw(st, 1)
            if not cards:
                continue
            c = cards[0]
            built = any(KEY[b] == KEY[c] for pl in st["p"] for b in pl["city"])
            if built:
                st["disc"].append(c)
                events.append(event(gettext_noop("{seat} reveals {card} at the Goldsmith: already built."),
                                    seat, seat=seat, card=name(c)))
            else:
                p["hand"].append(c)
                p["seen"].append(c)
                events.append(event(gettext_noop("{seat} reveals {card} at the Goldsmith and keeps it."),
                                    seat, seat=seat, card=name(c)))
            continue
        cards = draw(st, RULES["gold_mine_reveal"])
        if not cards:
            continue
        costs = [COST[st["ed"]][c] for c in cards]
        events.append(event(gettext_noop("{seat} reveals {cards} at the Gold mine."), seat,
                            seat=seat, cards=names(cards)))
        if len(set(costs)) < len(costs) or len(cards) < RULES["gold_mine_reveal"]:
            st["disc"].extend(cards)
            events.append(event(gettext_noop("{seat} finds nothing: two costs are equal."), seat, seat=seat))
            continue
        if st["ed"] == "1":
            st["pend"][seat] = {"k": "keep", "drawn": cards, "n": 1, "why": "gold_mine"}
            return True
        best = cards[costs.index(min(costs))]
        cards.remove(best)
        st["disc"].extend(cards)
        p["hand"].append(best)
        p["seen"].append(best)
        events.append(event(gettext_noop("{seat} keeps {card} from the Gold mine."), seat,
                            seat=seat, card=name(best)))
    return False
