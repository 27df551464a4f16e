"""Module 3 "Die Helfer" (option ``helpers``; with the Market only).

Five helpers, each lowering the price of one kind of card for the seat that has it (figures and
texts in cards.json rules "helpers"): Handwerksmeister green -1 (green exchange cards too),
Lehensherrin market cards -1, Architekt blue -1, Anwalt red -1 (exchange cards of the colour too),
Zarentochter exchange cards -2. They add to every other reduction; at least 1 ruble is paid.

Set-up, after the start-player stones are dealt, one helper per seat: 2 players Architekt and
Anwalt; 3 players and the Zarentochter; 4 players and the Lehensherrin, which goes to the seat to
the right of the sack (market stone) holder; 5 players all five, the Lehensherrin to the right of
the sack holder, the Handwerksmeister to the right of the hammer (worker stone) holder; the others
at random. After every Durchgang (after the exchange round) every helper passes to the right (the
seat before, counter-clockwise).

Refusal: engine.HELPERS_MARKET (the seed: "nur mit dem neuen Sankt Petersburg - Der Markt
spielbar"). View: "helpers" null without the option, else one helper per seat {"key", "name",
"name_de", "color" (null for the Zarentochter), "exchange", "rubles", "text", "text_de"}.
No moves, no decisions.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Options, State, event, gettext_noop, shuffled

from ..cards import RULES
from ..hooks import RuleModule, register_rules

HELPERS: dict[str, dict[str, Any]] = {h["key"]: h for h in RULES["helpers"]}


def helpers_game(options: Options) -> bool:
    return bool(options.get("helpers"))


def deal(st: State, events: list[Event]) -> None:
    n = st["n"]
    keys = [k for k, h in HELPERS.items() if n in h["players"]]
    out: list[str | None] = [None] * n
    fixed = []
    if "mistress_of_the_manor" in keys:
        fixed.append(("mistress_of_the_manor", (st["tokens"]["market"] - 1) % n))
    if "master_craftsman" in keys:
        fixed.append(("master_craftsman", (st["tokens"]["worker"] - 1) % n))
    for key, seat in fixed:
        out[seat] = key
        keys.remove(key)
    rest = shuffled(st, keys)
    # The seats without a fixed helper draw theirs in seat order.
    dealt = [key if key is not None else rest.pop() for key in out]
    st["ext"]["helpers"] = dealt
    for seat, key in enumerate(dealt):
        events.append(
            event(gettext_noop("{seat} gets the helper {helper}."), seat, seat=seat, helper=HELPERS[key]["name_en"])
        )


def pass_right(st: State, phase: str, events: list[Event]) -> None:
    if phase != "exchange" or st["end"]:
        return
    helpers = st["ext"]["helpers"]
    n = st["n"]
    # The seat to the right of s is s - 1: it gets s's helper.
    st["ext"]["helpers"] = [helpers[(s + 1) % n] for s in range(n)]
    events.append(event(gettext_noop("The helpers pass to the right.")))


def discount(st: State, seat: int, _cid: Any, target: Any) -> int:
    h = HELPERS[st["ext"]["helpers"][seat]]
    if h.get("exchange"):
        return h["rubles"] if target.exchange else 0
    return h["rubles"] if target.color == h["color"] else 0


def view(st: State, seat: Any) -> dict[str, Any]:
    return {
        "helpers": [
            {
                "key": k,
                "name": HELPERS[k]["name_en"],
                "name_de": HELPERS[k]["name_de"],
                "color": HELPERS[k]["color"],
                "exchange": bool(HELPERS[k].get("exchange")),
                "rubles": HELPERS[k]["rubles"],
                "text": HELPERS[k]["text"],
                "text_de": HELPERS[k]["text_de"],
            }
            for k in st["ext"]["helpers"]
        ]
    }


register_rules(RuleModule("helpers", helpers_game, setup=deal, phase_end=pass_right, discount=discount, view=view))
