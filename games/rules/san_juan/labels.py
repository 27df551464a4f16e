"""Move labels as message ids with arguments; card, role and good names are translated where shown."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move, State
from games.rules.base import gettext_noop as _

from .cards import ROLE_INFO, name

Label = dict[str, Any]

# The yes and the no of every question (see asks.py); {building} is the building asked about.
QUESTION_LABELS: dict[str, tuple[str, str]] = {
    "well": (_("Use the Well: draw 1 card"), _("Do not use the Well")),
    "market_stand": (_("Use the Market stand: draw 1 card"), _("Do not use the Market stand")),
    "market_hall": (_("Use the Market hall: draw 1 card"), _("Do not use the Market hall")),
    "hut": (_("Use the Hut: draw 1 card"), _("Do not use the Hut")),
    "tavern": (_("Use the Tavern: draw 1 card"), _("Do not use the Tavern")),
    "carpenter": (_("Use the Carpenter: draw 1 card"), _("Do not use the Carpenter")),
    "poor_house": (_("Use the Poor house: draw 1 card"), _("Do not use the Poor house")),
    "customs_office": (_("Use the Customs office: put a good on it"), _("Do not use the Customs office")),
    "archive": (
        _("Use the Archive: take all drawn cards into your hand, then discard"),
        _("Do not use the Archive: keep from the drawn cards"),
    ),
    "prefecture": (_("Use the Prefecture: keep 2 cards"), _("Do not use the Prefecture: keep 1 card")),
    "gold_mine": (_("Use the Gold mine: reveal 4 cards"), _("Do not use the Gold mine")),
    "goldsmith": (_("Use the Goldsmith: reveal the top card"), _("Do not use the Goldsmith")),
}


def _card(c: Any) -> str:
    try:
        return name(c)
    except (IndexError, TypeError):
        return "?"


def _cards(cards: Any) -> list[str]:
    return [_card(c) for c in cards] if isinstance(cards, list) else []


def ask_label(st: State, seat: int, move: Move) -> Label:
    pend = st["pend"][seat]
    q = pend["qs"][0] if pend and pend.get("k") == "ask" and pend["qs"] else {"q": ""}
    yes = bool(move.get("yes"))
    if q["q"] == "council":
        if not yes:
            return {"msg": _("Take no cards (decline the councillor's action)"), "args": {}}
        count = q["base"] if move.get("privilege") is False else q["n"]
        args = {"count": count, "keep": q["keep"]}
        if move.get("privilege") is False:
            return {"msg": _("Draw only {count} cards and keep {keep} (without the privilege)"), "args": args}
        return {"msg": _("Draw {count} cards and keep {keep}"), "args": args}
    if q["q"] == "prospector":
        if not yes:
            return {"msg": _("Decline the prospector's privilege"), "args": {}}
        if q["n"] == 1:
            return {"msg": _("Take 1 card (the prospector's privilege)"), "args": {}}
        return {"msg": _("Take {count} cards (the prospector's privilege)"), "args": {"count": q["n"]}}
    pair = QUESTION_LABELS.get(q["q"], (_("Yes"), _("No")))
    return {"msg": pair[0] if yes else pair[1], "args": {}}


def label(st: State | None, seat: int | None, move: Move) -> Label:
    t = move.get("type")
    if t == "role":
        role = ROLE_INFO.get(str(move.get("role")), {}).get("en", str(move.get("role")))
        if move.get("library"):
            return {"msg": _("Choose the {role} and use the Library"), "args": {"role": role}}
        return {"msg": _("Choose the {role}"), "args": {"role": role}}
    if t == "build":
        if "over" in move:
            return {
                "msg": _("Build {building} over {old}"),
                "args": {"building": _card(move.get("card")), "old": _card(move["over"])},
            }
        return {"msg": _("Build {building}"), "args": {"building": _card(move.get("card"))}}
    if t == "pass":
        return {"msg": _("Do not build"), "args": {}}
    if t == "pay":
        if "good" in move:
            return {"msg": _("Pay with the good on {building}"), "args": {"building": _card(move["good"])}}
        if "card" in move:
            return {"msg": _("Pay with {card}"), "args": {"card": _card(move["card"])}}
        if move.get("goods"):
            return {
                "msg": _("Pay with {cards} and the goods on {buildings}"),
                "args": {"cards": _cards(move.get("cards", [])), "buildings": _cards(move["goods"])},
            }
        return {"msg": _("Pay with {cards}"), "args": {"cards": _cards(move.get("cards", []))}}
    if t == "cancel":
        return {"msg": _("Choose another building"), "args": {}}
    if t in ("produce", "sell"):
        where = _cards(move.get("buildings", []))
        if not where:
            return {"msg": _("Produce nothing") if t == "produce" else _("Sell nothing"), "args": {}}
        return {
            "msg": _("Produce on {buildings}") if t == "produce" else _("Sell from {buildings}"),
            "args": {"buildings": where},
        }
    if t == "keep":
        if "card" in move:
            return {"msg": _("Keep {card}"), "args": {"card": _card(move["card"])}}
        if not move.get("cards"):
            return {"msg": _("Keep no more cards"), "args": {}}
        return {"msg": _("Keep {cards}"), "args": {"cards": _cards(move["cards"])}}
    if t == "discard":
        if "card" in move:
            return {"msg": _("Discard {card}"), "args": {"card": _card(move["card"])}}
        return {"msg": _("Discard {cards}"), "args": {"cards": _cards(move.get("cards", []))}}
    if t == "office":
        cards = _cards(move.get("cards", []))
        if not cards:
            return {"msg": _("Exchange no cards"), "args": {}}
        return {"msg": _("Exchange {cards} at the Office building"), "args": {"cards": cards}}
    if t == "chapel":
        return {"msg": _("Put {card} under your Chapel"), "args": {"card": _card(move.get("card"))}}
    if t == "bank":
        return {"msg": _("Put {card} under your Bank"), "args": {"card": _card(move.get("card"))}}
    if t == "done":
        return {"msg": _("Put no more cards under it"), "args": {}}
    if t == "use" and st is not None and seat is not None:
        return ask_label(st, seat, move)
    return {"msg": "{type}", "args": {"type": str(t)}}


def english(lab: Label) -> str:
    """The label in English, for plain-text uses (the API's short description)."""
    args = {k: ", ".join(v) if isinstance(v, list) else v for k, v in lab["args"].items()}
    try:
        result: str = lab["msg"].format(**args)
        return result
    except (KeyError, IndexError, ValueError):
        result = lab["msg"]
        return result
