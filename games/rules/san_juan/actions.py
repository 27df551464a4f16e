"""Producer, trader, councillor and prospector phases."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from .asks import answers, ask
from .cards import COST, GOOD, GOODS, KEY, PRODUCTION, RULES, TILES, good_rank, name
from .common import (
    draw,
    draw_to_hand,
    goods_buildings,
    names,
    one_or_many,
    order_from,
    owns,
    role_privilege,
    to_discard,
)


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
        raise IllegalMove("You may not produce that many goods.")
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("Each production building holds at most one good.")
    for b in chosen:
        if b not in p["city"] or not PRODUCTION[b] or p["goods"][p["city"].index(b)] >= 0:
            raise IllegalMove("Choose your own empty production buildings.")
    st["pend"][seat] = {"k": "produce", "ok": True, "sel": chosen}
    events.append(event(gettext_noop("{seat} has decided what to produce."), seat, seat=seat))


def finish_producer(st: State, events: list[Event]) -> bool:
    """Place the chosen goods in turn order; True when a Well owner is asked about its card."""
    asked = False
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
            events.append(
                event(gettext_noop("{seat} produces on {buildings}."), seat, seat=seat, buildings=names(made))
            )
        if len(made) >= 2 and owns(st, seat, "well"):
            ask(st, seat, [{"q": "well"}])
            asked = True
    return asked


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
    return TILES[st["tile"]][good_rank(building)]


def enter_trader(st: State, events: list[Event]) -> None:
    st["phase"] = "trader"
    # The tile is revealed even if nobody can sell.
    st["tile"] = st["tiles"].pop(0)
    st["tiles_seen"].append(st["tile"])
    events.append(
        event(
            gettext_noop(
                "The trading house pays: indigo {indigo}, sugar {sugar}, tobacco {tobacco}, "
                "coffee {coffee}, silver {silver}."
            ),
            None,
            **dict(zip(GOODS, TILES[st["tile"]])),
        )
    )
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
        raise IllegalMove("You may not sell that many goods.")
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("Each good can be sold only once.")
    for b in chosen:
        if b not in p["city"] or p["goods"][p["city"].index(b)] < 0:
            raise IllegalMove("Choose your own buildings that carry a good.")
    st["pend"][seat] = {"k": "sell", "ok": True, "sel": chosen}
    events.append(event(gettext_noop("{seat} has decided what to sell."), seat, seat=seat))


def finish_trader(st: State, events: list[Event]) -> bool:
    """Sell in turn order; True when owners are asked about the cards their buildings add."""
    sold_total = 0
    bonus: dict[int, list[dict[str, Any]]] = {}
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
            # "schiebt immer": the Harbour is not a choice. How many cards lie under it is the
            # owner's secret, as for the Chapel.
            p["harbor"].append(cards.pop(0))
            events.append(event(gettext_noop("You put a sold good under your Harbour."), seat, only=seat))
        to_discard(st, cards)
        events.append(
            event(
                one_or_many(
                    earned,
                    gettext_noop("{seat} sells {buildings} for 1 card."),
                    gettext_noop("{seat} sells {buildings} for {count} cards."),
                ),
                seat,
                seat=seat,
                buildings=names(pend["sel"]),
                count=earned,
            )
        )
        draw_to_hand(st, seat, earned, gettext_noop("sale"), events)
        questions = []
        if sold >= 2 and owns(st, seat, "market_stand"):
            questions.append({"q": "market_stand"})
        if owns(st, seat, "market_hall"):
            questions.append({"q": "market_hall"})
        if questions:
            bonus[seat] = questions
    if sold_total == 0:
        for seat in order_from(st, st["chooser"]):
            if owns(st, seat, "hut"):
                bonus[seat] = [{"q": "hut"}]
    for seat, questions in bonus.items():
        ask(st, seat, questions)
    st["tiles"].append(st["tile"])  # face down under the stack: the order never changes
    return bool(bonus)


# --- councillor -----------------------------------------------------------------


def council_counts(st: State, seat: int) -> tuple[int, int]:
    """(cards drawn with the action alone, cards drawn with the privilege as well)."""
    base = RULES["council_draw"]
    return base, base + RULES["council_privilege_draw"] * role_privilege(st, seat, "councillor")


def customs_ready(st: State, seat: int) -> int:
    """Index of a working, empty Customs office in the city, or -1."""
    p = st["p"][seat]
    for i, b in enumerate(p["city"]):
        if KEY[b] == "customs_office" and p["goods"][i] < 0 and owns(st, seat, "customs_office"):
            return i
    return -1


def enter_councillor(st: State, events: list[Event]) -> None:
    """Everyone decides at once whether to take part (and to use Customs office and Archive)."""
    st["phase"] = "councillor"
    st["step"] = "ask"
    for seat in range(st["n"]):
        questions: list[dict[str, Any]] = []
        if customs_ready(st, seat) >= 0:
            questions.append({"q": "customs_office"})
        base, full = council_counts(st, seat)
        keep = RULES["prefecture_keep"] if owns(st, seat, "prefecture") else RULES["council_keep"]
        council: dict[str, Any] = {"q": "council", "n": full, "keep": keep}
        if full > base:
            council["base"] = base
        questions.append(council)
        if owns(st, seat, "archive"):
            questions.append({"q": "archive", "if": "council"})
            if owns(st, seat, "prefecture"):
                # Without the Archive the Prefecture's second card is declined at the keep step.
                questions.append({"q": "prefecture", "if": "archive"})
        ask(st, seat, questions)


def run_council(st: State, events: list[Event]) -> None:
    """Carry out the answers in turn order: Customs offices first, then the draws."""
    order = order_from(st, st["chooser"])
    said = {seat: answers(st, seat) for seat in order}
    st["pend"] = [None] * st["n"]
    st["step"] = "keep"
    for seat in order:
        i = customs_ready(st, seat)
        if said[seat].get("customs_office") and i >= 0:
            good = draw(st, 1)
            if good:
                st["p"][seat]["goods"][i] = good[0]
                events.append(event(gettext_noop("{seat} gets a good on the Customs office."), seat, seat=seat))
    for seat in order:
        choice = said[seat].get("council")
        if not choice:
            events.append(event(gettext_noop("{seat} does not take part in the councillor phase."), seat, seat=seat))
            continue
        base, full = council_counts(st, seat)
        count = base if choice == "action" else full
        prefecture = owns(st, seat, "prefecture") and (not said[seat].get("archive") or said[seat].get("prefecture"))
        keep = RULES["prefecture_keep"] if prefecture else RULES["council_keep"]
        cards = draw(st, count)
        if not cards:
            continue
        events.append(
            event(
                one_or_many(
                    len(cards),
                    gettext_noop("{seat} draws 1 card to choose from."),
                    gettext_noop("{seat} draws {count} cards to choose from."),
                ),
                seat,
                seat=seat,
                count=len(cards),
            )
        )
        events.append(event(gettext_noop("You draw: {cards}."), seat, only=seat, cards=names(cards)))
        if said[seat].get("archive"):
            st["p"][seat]["hand"].extend(cards)
            if len(cards) > keep:
                st["pend"][seat] = {"k": "discard", "n": len(cards) - keep, "why": "archive"}
        elif len(cards) <= keep:
            st["p"][seat]["hand"].extend(cards)
        else:
            st["pend"][seat] = {"k": "keep", "drawn": cards, "n": keep, "kept": 0, "why": "councillor"}


def keep_moves(st: State, seat: int) -> list[Move]:
    pend = st["pend"][seat]
    seen: set[str] = set()
    moves: list[Move] = []
    for c in pend["drawn"]:
        if KEY[c] not in seen:
            seen.add(KEY[c])
            moves.append({"type": "keep", "card": c})
    if pend.get("kept"):
        # The Prefecture's second card may be declined like any building's effect.
        moves.append({"type": "keep", "cards": []})
    return moves


def keep(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    # As the player sent them (whole numbers, or None for a missing card): checked against the drawn cards below.
    cards: list[Any] = list(move["cards"]) if "cards" in move else [move.get("card")]
    if not cards and pend.get("kept"):
        finish_keep(st, seat, pend, events)
        return
    if not cards or len(cards) > pend["n"] or len(set(cards)) != len(cards):
        raise IllegalMove("You may not keep that many of the drawn cards.")
    if any(c not in pend["drawn"] for c in cards):
        raise IllegalMove("Keep one of the cards you drew.")
    p = st["p"][seat]
    for c in cards:
        pend["drawn"].remove(c)
        p["hand"].append(c)
        pend["n"] -= 1
        pend["kept"] = pend.get("kept", 0) + 1
        if pend["why"] == "gold_mine":
            p["seen"].append(c)
            events.append(event(gettext_noop("{seat} keeps {card} from the Gold mine."), seat, seat=seat, card=name(c)))
    if pend["why"] != "gold_mine":
        events.append(event(gettext_noop("You keep: {cards}."), seat, only=seat, cards=names(cards)))
    if pend["n"] == 0 or not pend["drawn"]:
        finish_keep(st, seat, pend, events)


def finish_keep(st: State, seat: int, pend: dict[str, Any], events: list[Event]) -> None:
    to_discard(st, pend["drawn"])
    st["pend"][seat] = None
    if pend["why"] == "councillor":
        events.append(event(gettext_noop("{seat} has chosen."), seat, seat=seat))


# --- prospector -------------------------------------------------------------------


def enter_prospector(st: State, events: list[Event]) -> None:
    """The prospector decides on the privilege, owners of Gold mine and Goldsmith on their use."""
    st["phase"] = "prospector"
    st["step"] = "ask"
    chooser = st["chooser"]
    for s in order_from(st, chooser):
        questions: list[dict[str, Any]] = []
        if s == chooser:
            questions.append({"q": "prospector", "n": RULES["prospector_draw"] * role_privilege(st, s, "prospector")})
        for key in ("gold_mine", "goldsmith"):
            if owns(st, s, key):
                questions.append({"q": key})
        if questions:
            ask(st, s, questions)


def start_prospecting(st: State, events: list[Event]) -> None:
    """The prospector's card first, then every accepted Gold mine and Goldsmith in turn order."""
    chooser = st["chooser"]
    order = order_from(st, chooser)
    said = {s: answers(st, s) for s in order}
    st["pend"] = [None] * st["n"]
    st["step"] = "run"
    if said[chooser].get("prospector"):
        draw_to_hand(
            st, chooser, RULES["prospector_draw"] * role_privilege(st, chooser, "prospector"), "Prospector", events
        )
    else:
        events.append(event(gettext_noop("{seat} declines the prospector's privilege."), chooser, seat=chooser))
    st["q"] = [[s, key] for s in order for key in ("gold_mine", "goldsmith") if said[s].get(key)]


def ever_built(st: State, key: str) -> bool:
    """Whether any player has built this building in this game, even if it was built over since."""
    return any(KEY[b] == key for pl in st["p"] for b in pl["city"]) or any(KEY[b] == key for b in st["out"])


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
            if ever_built(st, KEY[c]):
                to_discard(st, [c])
                events.append(
                    event(
                        gettext_noop("{seat} reveals {card} at the Goldsmith: already built."),
                        seat,
                        seat=seat,
                        card=name(c),
                    )
                )
            else:
                p["hand"].append(c)
                p["seen"].append(c)
                events.append(
                    event(
                        gettext_noop("{seat} reveals {card} at the Goldsmith and keeps it."),
                        seat,
                        seat=seat,
                        card=name(c),
                    )
                )
            continue
        cards = draw(st, RULES["gold_mine_reveal"])
        if not cards:
            continue
        costs = [COST[st["ed"]][c] for c in cards]
        events.append(
            event(gettext_noop("{seat} reveals {cards} at the Gold mine."), seat, seat=seat, cards=names(cards))
        )
        if len(set(costs)) < len(costs) or len(cards) < RULES["gold_mine_reveal"]:
            to_discard(st, cards)
            events.append(event(gettext_noop("{seat} finds nothing: two costs are equal."), seat, seat=seat))
            continue
        if st["ed"] == "1":
            st["pend"][seat] = {"k": "keep", "drawn": cards, "n": 1, "why": "gold_mine"}
            return True
        best = cards[costs.index(min(costs))]
        cards.remove(best)
        to_discard(st, cards)
        p["hand"].append(best)
        p["seen"].append(best)
        events.append(event(gettext_noop("{seat} keeps {card} from the Gold mine."), seat, seat=seat, card=name(best)))
    return False
