"""Template helpers of the Die Rote Kathedrale board.

The engine's view is plain data and its legal moves are a flat list (a claim alone comes in one
move per section, banner, workshop space and side of the tile). ``rc_board`` turns both into the
shape the board draws, once, in Python: names and colours per player, the market as a ring of two
rows, towers bottom to top, and the moves grouped the way a player looks for them, each with an id
derived from the move itself (``rc-claim-B03-red-up``, ``rc-die-white-2``, ``rc-end``) so that the
same control keeps its id from one version of the page to the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol, cast

from django import template
from django.utils.translation import gettext, ngettext, npgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from games.rules.base import registry

register = template.Library()


class _CardWords(Protocol):
    """The engine's words for the expansion guilds' card actions."""

    def card_action_words(self, action: dict[str, Any]) -> dict[str, Any] | None: ...


def _catalogue() -> dict[str, Any]:
    """The engine's materials and die colours in the board's order, and its component figures."""
    return registry.get("red-cathedral").catalogue()


SLOTS = ("white1", "white2", "yellow", "red", "blue", "green")
STAGES = ("main", "build", "market", "after")
# Pip positions on a 20 x 20 die face.
PIPS = {
    1: [(10, 10)],
    2: [(5.5, 5.5), (14.5, 14.5)],
    3: [(5, 5), (10, 10), (15, 15)],
    4: [(5.5, 5.5), (14.5, 5.5), (5.5, 14.5), (14.5, 14.5)],
    5: [(5, 5), (15, 5), (10, 10), (5, 15), (15, 15)],
    6: [(5.5, 4.5), (14.5, 4.5), (5.5, 10), (14.5, 10), (5.5, 15.5), (14.5, 15.5)],
}


# --- names ------------------------------------------------------------------------------------
# Lazy messages: a board names hundreds of things, and each is translated only when it is shown.

RESOURCE_NAMES = {
    "wood": _l("wood"),
    "brick": _l("brick"),
    "stone": _l("stone"),
    "gold": _l("gold"),
    "green": _l("green gem"),
    "violet": _l("violet gem"),
    "rubles": _l("rubles"),
    "rp": _l("construction points"),
    "glory": _l("glory"),
    "permits": _l("permits"),
}
COLOUR_NAMES = {
    "white": pgettext_lazy("red-cathedral colour", "White"),
    "yellow": pgettext_lazy("red-cathedral colour", "Yellow"),
    "red": pgettext_lazy("red-cathedral colour", "Red"),
    "blue": pgettext_lazy("red-cathedral colour", "Blue"),
    "green": pgettext_lazy("red-cathedral colour", "Green"),
}
DIE_NAMES = {
    "white": _l("white die"),
    "yellow": _l("yellow die"),
    "red": _l("red die"),
    "blue": _l("blue die"),
    "green": _l("green die"),
    "black": _l("black specialist die"),
}
DIE_PHRASES = {
    "white": pgettext_lazy("red-cathedral die, nominative", "the white die"),
    "yellow": pgettext_lazy("red-cathedral die, nominative", "the yellow die"),
    "red": pgettext_lazy("red-cathedral die, nominative", "the red die"),
    "blue": pgettext_lazy("red-cathedral die, nominative", "the blue die"),
    "green": pgettext_lazy("red-cathedral die, nominative", "the green die"),
    "black": pgettext_lazy("red-cathedral die, nominative", "the black specialist die"),
}
DIE_PHRASES_ACCUSATIVE = {
    "white": pgettext_lazy("red-cathedral die, accusative", "the white die"),
    "yellow": pgettext_lazy("red-cathedral die, accusative", "the yellow die"),
    "red": pgettext_lazy("red-cathedral die, accusative", "the red die"),
    "blue": pgettext_lazy("red-cathedral die, accusative", "the blue die"),
    "green": pgettext_lazy("red-cathedral die, accusative", "the green die"),
    "black": pgettext_lazy("red-cathedral die, accusative", "the black specialist die"),
}
SLOT_NAMES = {
    "white1": _l("1st white space"),
    "white2": _l("2nd white space"),
    "yellow": _l("yellow space"),
    "red": _l("red space"),
    "blue": _l("blue space"),
    "green": _l("green space"),
}
SLOT_SHORT = {
    "white1": pgettext_lazy("red-cathedral workshop space", "White 1"),
    "white2": pgettext_lazy("red-cathedral workshop space", "White 2"),
}
KIND_NAMES = {"base": _l("Base"), "middle": _l("Middle section"), "dome": _l("Dome")}
ORNAMENT_NAMES = {"door": _l("Door"), "arch": _l("Arch"), "cross": _l("Cross")}
GROUP_NAMES = {
    "craftsmen": _l("Craftsmen's guild"),
    "teamsters": _l("Teamsters' guild"),
    "merchants": _l("Merchants' guild"),
    "clergy": _l("Clergy"),
}
IWAN_CARD_NAMES = {
    "points": _l("Gain construction points"),
    "stock": _l("Fill the stock"),
    "transport": _l("Deliver material"),
    "claim": _l("Claim a section"),
    "build": _l("Build"),
    "recruit": _l("Recruit"),
}


def resource_name(key: str) -> str:
    """A resource as the board names it."""
    return str(RESOURCE_NAMES.get(key, key))


def amount_text(key: str, n: int) -> str:
    """An amount of a resource in words, its noun agreeing with the number: "1 brick", "2 bricks",
    "2 grüne Edelsteine". One message per resource, since languages count each noun their own way."""
    # The context is written out in every call: makemessages reads it from the call itself.
    forms: dict[str, Callable[[], str]] = {
        "wood": lambda: npgettext("red-cathedral amount", "%(n)s wood", "%(n)s wood", n),
        "brick": lambda: npgettext("red-cathedral amount", "%(n)s brick", "%(n)s bricks", n),
        "stone": lambda: npgettext("red-cathedral amount", "%(n)s stone", "%(n)s stones", n),
        "gold": lambda: npgettext("red-cathedral amount", "%(n)s gold", "%(n)s gold", n),
        "green": lambda: npgettext("red-cathedral amount", "%(n)s green gem", "%(n)s green gems", n),
        "violet": lambda: npgettext("red-cathedral amount", "%(n)s violet gem", "%(n)s violet gems", n),
        "rubles": lambda: npgettext("red-cathedral amount", "%(n)s ruble", "%(n)s rubles", n),
        "rp": lambda: npgettext("red-cathedral amount", "%(n)s construction point", "%(n)s construction points", n),
        "glory": lambda: npgettext("red-cathedral amount", "%(n)s glory", "%(n)s glory", n),
        "permits": lambda: npgettext("red-cathedral amount", "%(n)s permit", "%(n)s permits", n),
        # Units of material of any kinds, and gems of either colour.
        "materials": lambda: npgettext("red-cathedral amount", "%(n)s material", "%(n)s materials", n),
        "gems": lambda: npgettext("red-cathedral amount", "%(n)s gem", "%(n)s gems", n),
    }
    return forms[key]() % {"n": n} if key in forms else f"{n} {resource_name(key)}"


def amounts_text(amounts: dict[str, int] | None) -> str:
    """Several amounts, in the board's order: "2 bricks, 1 gold"."""
    return ", ".join(i["text"] for i in res_items(amounts))


def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, colour))


def die_name(die: str) -> str:
    return str(DIE_NAMES.get(die, die))


def die_phrase(die: str, accusative: bool = False) -> str:
    """A die with the definite article, for use inside a sentence (German declines both)."""
    return str((DIE_PHRASES_ACCUSATIVE if accusative else DIE_PHRASES).get(die, die))


def glory_text(n: int) -> str:
    return amount_text("glory", n)


def slot_name(slot: str) -> str:
    return str(SLOT_NAMES.get(slot, slot))


def slot_short(slot: str) -> str:
    return str(SLOT_SHORT[slot]) if slot in SLOT_SHORT else colour_name(slot)


def kind_name(kind: str) -> str:
    return str(KIND_NAMES.get(kind, kind))


def ornament_name(kind: str) -> str:
    return str(ORNAMENT_NAMES.get(kind, kind))


def group_name(group: str) -> str:
    if group in GROUP_NAMES:
        return str(GROUP_NAMES[group])
    names = _catalogue()["groups"]
    return gettext(names[group]) if group in names else group


def iwan_card_name(card: str) -> str:
    return str(IWAN_CARD_NAMES.get(card, card))


def res_items(amounts: dict[str, int] | None) -> list[dict[str, Any]]:
    """``{"wood": 2}`` as items a template draws: key, translated name, amount (in a stable order)."""
    order = _catalogue()["materials"] + ("rubles", "rp", "glory", "permits")
    amounts = amounts or {}
    items = []
    for key in sorted(amounts, key=lambda k: order.index(k) if k in order else len(order)):
        items.append(
            {"key": key, "name": resource_name(key), "amount": amounts[key], "text": amount_text(key, amounts[key])}
        )
    return items


def materials_list(spec: Any) -> str:
    if spec == "any":
        return _("any material")
    return ", ".join(resource_name(m) for m in spec)


def action_text(action: dict[str, Any]) -> str:
    """One influence-card action in words."""
    act = action.get("act")
    words = cast(_CardWords, registry.get("red-cathedral")).card_action_words(action)
    if words is not None:
        from games.services.log import render_event

        return render_event(words, {})
    rubles = action.get("rubles", 0)
    glory = action.get("glory", 0)
    if act == "sell":
        if action.get("materials") == "any":
            return ngettext(
                "Sell 1 material of any kind for %(n)s ruble.", "Sell 1 material of any kind for %(n)s rubles.", rubles
            ) % {"n": rubles}
        return ngettext(
            "Sell 1 material (%(materials)s) for %(n)s ruble.",
            "Sell 1 material (%(materials)s) for %(n)s rubles.",
            rubles,
        ) % {"n": rubles, "materials": materials_list(action["materials"])}
    if act == "buy":
        if action.get("materials") == "any":
            return ngettext(
                "Buy 1 material of any kind for %(n)s ruble.", "Buy 1 material of any kind for %(n)s rubles.", rubles
            ) % {"n": rubles}
        return ngettext(
            "Buy 1 material (%(materials)s) for %(n)s ruble.",
            "Buy 1 material (%(materials)s) for %(n)s rubles.",
            rubles,
        ) % {"n": rubles, "materials": materials_list(action["materials"])}
    if act == "deliver":
        units = action.get("units", 1)
        return _("Pay %(rubles)s to deliver %(units)s for building or decorating.") % {
            "rubles": amount_text("rubles", rubles),
            "units": amount_text("materials", units),
        }
    if act == "income":
        return ngettext("Take %(n)s ruble.", "Take %(n)s rubles.", rubles) % {"n": rubles}
    if act == "swap_tiles":
        return _("Pay %(rubles)s to swap two resource tiles of the market.") % {"rubles": amount_text("rubles", rubles)}
    if act == "exchange":
        give, get = action.get("give", 2), action.get("get", 1)
        return ngettext(
            "Exchange %(give)s identical materials for %(get)s material of any other kind.",
            "Exchange %(give)s identical materials for %(get)s materials of other kinds.",
            get,
        ) % {"give": give, "get": get}
    if act == "trade":
        return ngettext(
            "Exchange %(n)s ruble and 1 material for 1 material of another kind.",
            "Exchange %(n)s rubles and 1 material for 1 material of another kind.",
            rubles,
        ) % {"n": rubles}
    if act == "activate":
        return _("Activate one of your face-up workshop tiles.")
    if act == "glory":
        return ngettext("Gain %(n)s glory.", "Gain %(n)s glory.", glory) % {"n": glory}
    if act == "pay_glory":
        return _("Pay %(rubles)s for %(glory)s.") % {
            "rubles": amount_text("rubles", rubles),
            "glory": amount_text("glory", glory),
        }
    if act == "offer":
        return ngettext(
            "Give up %(n)s different materials for %(glory)s glory.",
            "Give up %(n)s different materials for %(glory)s glory.",
            glory,
        ) % {"n": action.get("different", 3), "glory": glory}
    if act == "all_kinds":
        return ngettext(
            "Gain %(glory)s glory if you have completed at least one base, one middle section and one dome.",
            "Gain %(glory)s glory if you have completed at least one base, one middle section and one dome.",
            glory,
        ) % {"glory": glory}
    return str(act)


def repeat_text(action: dict[str, Any]) -> str:
    return _("as often as you like") if action.get("repeat") else _("once per turn")


def tile_text(tile: dict[str, Any] | None) -> str:
    """What a workshop tile brings when it is activated."""
    if not tile:
        return ""
    if tile.get("die"):
        return _("the resources of the area where %(die)s lies") % {"die": die_phrase(tile["die"])}
    return amounts_text(tile.get("gain"))


def tile_info(tile: dict[str, Any] | None) -> dict[str, Any] | None:
    if not tile:
        return None
    return {**tile, "gain_items": res_items(tile.get("gain"))}


def _id(*parts: Any) -> str:
    text = "-".join(str(p) for p in parts if p is not None and p != "")
    return re.sub(r"[^a-zA-Z0-9-]+", "-", text).strip("-")


# --- the board --------------------------------------------------------------------------------


@register.simple_tag(takes_context=True)
def rc_board(context) -> dict[str, Any]:
    view: dict[str, Any] = context.get("view") or {}
    seat = context.get("seat")
    platform_players = context.get("players") or []
    seat_names = {p["seat"]: p["name"] for p in platform_players}
    ranks = {p["seat"]: p.get("rank") for p in platform_players}
    turn = view.get("turn") or {}
    over = bool(view.get("over"))

    names = []
    for pl in view.get("players", []):
        names.append(_("Iwan") if pl.get("iwan") else seat_names.get(pl.get("seat"), str(pl.get("seat"))))

    def who(p: int | None) -> dict[str, Any] | None:
        if p is None or not 0 <= p < len(names):
            return None
        return {"index": p, "name": names[p], "colour": view["players"][p]["colour"], "me": p == seat}

    from games.rc_contractors_board import contractors_board

    module = contractors_board(view, who)
    players = [_player(view, pl, names, seat, turn, over) for pl in view.get("players", [])]
    towers = [_tower(view, t, who) for t in view.get("towers", [])]
    for t in towers:
        t["city"] = module["by_tower"].get(t["number"]) if module else None
    market = _market(view, turn, over)
    supply = _supply(view)
    moves = _moves(context.get("labelled_moves") or [], view, seat)
    status = _status(view, names, seat, turn, over, ranks, who)
    from games.rc_guilds_board import choice_panel

    choice = choice_panel(view, context.get("labelled_moves") or [], seat)
    return {
        "module": module,
        "players": players,
        "towers": towers,
        "market": market,
        "supply": supply,
        "moves": moves,
        "choice": choice,
        "status": status,
        "solo": bool(view.get("solo")),
        "side": view.get("side"),
        "iwan": _iwan(view) if view.get("solo") else None,
        "track": _track(view, names),
        "me": next((p for p in players if p["me"]), None),
        "over": over,
    }


def _player(view, pl, names, seat, turn, over) -> dict[str, Any]:
    p = pl["player"]
    exp = pl.get("expected") or {}
    workshop = []
    for w in pl.get("workshop", []):
        state = "banner" if w.get("banner") else ("up" if w.get("up") else "down") if w.get("tile") else "empty"
        workshop.append(
            {
                **w,
                "name": slot_name(w["slot"]),
                "colour": "white" if w["slot"].startswith("white") else w["slot"],
                "short": slot_short(w["slot"]),
                "state": state,
                "tile": tile_info(w.get("tile")),
                "tile_text": tile_text(w.get("tile")) if w.get("up") else "",
                "ornament_name": ornament_name(w["ornament"]) if w.get("ornament") else "",
            }
        )
    ornaments = []
    for kind in ("door", "arch", "cross"):
        ornaments.append(
            {
                "kind": kind,
                "name": ornament_name(kind),
                "count": pl.get("ornaments", {}).get(kind, 0),
                "locked": pl.get("locked", {}).get(kind, 0),
            }
        )
    inventory = [i for i in res_items(pl.get("inventory")) if i["amount"]]
    from games.rc_contractors_board import player_contractors

    module = player_contractors(pl)
    breakdown = [
        {"label": _("Construction points now"), "value": exp.get("now", 0), "signed": False},
        {"label": _("Back to the last glory space"), "value": exp.get("rounding", 0), "signed": True},
        {
            "label": (
                _("Leftover materials, rubles and permits (1 glory per 5)")
                if module
                else _("Leftover materials and rubles (1 glory per 5)")
            ),
            "value": exp.get("leftovers", 0),
            "signed": True,
        },
        {"label": _("Towers (shares of their values)"), "value": exp.get("towers", 0), "signed": True},
    ]
    if "tools" in exp:
        breakdown.append({"label": _("Tool sets"), "value": exp["tools"], "signed": True})
    if exp.get("contracts"):
        breakdown.insert(1, {"label": _("Your contracts (secret)"), "value": exp["contracts"], "signed": True})
    from games.rc_guilds_board import contracts_panel

    ruler = []
    if not pl.get("iwan"):
        ruler = ["banner"] * pl.get("ruler_banners", 0) + ["used"] * pl.get("stock", 0)
        ruler += ["free"] * max(0, 10 - len(ruler))
    return {
        **pl,
        "name": names[p],
        "me": p == seat and pl.get("seat") is not None,
        "index": p,
        "acting": not over and turn.get("seat") == p and not view.get("pending"),
        "inventory_items": inventory,
        "workshop": workshop,
        "ruler_cells": ruler,
        "colour_name": colour_name(pl["colour"]),
        "ornament_items": ornaments,
        "glory_text": glory_text(pl.get("glory", 0)),
        "final_text": glory_text(pl["final"]) if pl.get("final") is not None else "",
        "expected_glory": exp.get("glory"),
        "expected_total": exp.get("total"),
        "breakdown": breakdown,
        "module": module,
        "contracts": contracts_panel(pl, over),
        "sections_left": max(0, 6 - pl.get("done", 0)),
    }


def _section(view, sec, who) -> dict[str, Any]:
    cost = []
    for item in res_items(sec.get("cost")):
        have = 0 if not sec.get("done") else item["amount"]
        if not sec.get("done"):
            have = (sec.get("delivered") or {}).get(item["key"], 0)
        cost.append({**item, "have": have, "units": [i < have for i in range(item["amount"])]})
    ornament = None
    if sec.get("ornament"):
        kind, owner = sec["ornament"]
        ornament = {"kind": kind, "name": ornament_name(kind), "owner": who(owner)}
    tile = sec.get("tile")
    return {
        **sec,
        "kind_name": kind_name(sec["kind"]),
        "cost_items": cost,
        "owner_info": who(sec.get("owner")),
        "claimable": sec["id"] in (view.get("claimable") or []),
        "ornament_info": ornament,
        "tile": tile_info(tile),
        "for_iwan": sec["id"] in ((view.get("pending") or {}).get("options") or []),
        "tile_text": tile_text(tile),
        "delivered_units": sum((sec.get("delivered") or {}).values()),
        "cost_units": sum((sec.get("cost") or {}).values()),
    }


def _tower(view, tower, who) -> dict[str, Any]:
    shares = []
    for p, share in enumerate(tower.get("shares", [])):
        info = who(p)
        shares.append({**(info or {}), "share": share, "points": (tower.get("points") or [0] * (p + 1))[p]})
    penalties = [{**(who(x["player"]) or {}), "rp": x["rp"]} for x in tower.get("penalty_now", [])]
    return {
        "number": tower["number"],
        "value": tower.get("value", 0),
        "shares": shares,
        "penalties": penalties,
        "sections": [_section(view, s, who) for s in tower.get("sections", [])],
        "done": all(s.get("done") for s in tower.get("sections", [])),
        "foreman": (view.get("foreman") or {}).get("tower") == tower["number"],
        # With the foremen every tower keeps the foreman's row, so that the towers stand level.
        "foreman_spot": "foreman" in view,
    }


def _market(view, turn, over) -> dict[str, Any]:
    from games.rc_guilds_board import deck_note

    areas = []
    influence = {c["quarter"]: c for c in view.get("influence", [])}
    for a in view.get("market", []):
        index = a["area"] - 1
        dice = [
            {
                "die": d["die"],
                "pips": d["pips"],
                "name": die_name(d["die"]),
                "dots": PIPS.get(d["pips"], []),
                "moved": not over and turn.get("die") == d["die"] and turn.get("area") == index,
            }
            for d in a.get("dice", [])
        ]
        areas.append(
            {
                "index": index,
                "number": a["area"],
                "quarter": a["quarter"],
                "group": a["group"],
                "group_name": group_name(a["group"]),
                "resource": res_items(a.get("resource")),
                "dice": dice,
                "free_slots": range(max(0, 3 - len(dice))),
                "landing": not over and turn.get("stage") == "market" and turn.get("area") == index,
            }
        )
    cards = []
    for q in range(4):
        card = influence.get(q)
        if not card:
            continue
        landed = not over and turn.get("stage") == "market" and turn.get("area") is not None and turn["area"] // 2 == q
        actions = []
        for i, action in enumerate(card.get("actions", [])):
            used = (
                landed
                and turn.get("inf") is not None
                and (turn["inf"] != i or not action.get("repeat"))
                and turn.get("inf_used", 0) > 0
            )
            actions.append(
                {
                    "text": action_text(action),
                    "repeat": bool(action.get("repeat")),
                    "repeat_text": repeat_text(action),
                    "used": used,
                }
            )
        cards.append(
            {
                "quarter": q,
                "group": card["group"],
                "name": group_name(card["group"]),
                "number": card.get("number"),
                "areas": (2 * q + 1, 2 * q + 2),
                "actions": actions,
                "landed": landed,
                "deck_note": deck_note(view, card["group"]),
            }
        )
    by_q = {c["quarter"]: c for c in cards}
    return {
        "top": areas[0:4],
        "bottom": list(reversed(areas[4:8])),
        "cards_top": [by_q.get(0), by_q.get(1)],
        "cards_bottom": [by_q.get(3), by_q.get(2)],
        "areas": areas,
        "cards": cards,
    }


def _supply(view) -> list[dict[str, Any]]:
    catalogue = _catalogue()
    totals = catalogue["figures"]["game"]["supply"]
    supply = view.get("supply") or {}
    return [
        {
            "key": m,
            "name": resource_name(m),
            "count": supply.get(m, 0),
            "total": totals.get(m),
            "low": supply.get(m, 0) <= 2,
        }
        for m in catalogue["materials"]
    ]


def _iwan(view) -> dict[str, Any] | None:
    iw = view.get("iwan")
    if not iw:
        return None
    row = [{**c, "name": iwan_card_name(c["card"]), "die_name": die_name(c["die"])} for c in iw.get("row", [])]
    next_card = next((c for c in row if c["up"]), None)
    if next_card:
        next_card["next"] = True
    return {
        **iw,
        "row": row,
        "stock_items": [i for i in res_items(iw.get("stock")) if i["amount"]],
        "build_items": [i for i in res_items(iw.get("build")) if i["amount"]],
        "stock_total": sum((iw.get("stock") or {}).values()),
        "build_total": sum((iw.get("build") or {}).values()),
        "ornaments_left": max(0, 4 - iw.get("ornaments_used", 0)),
        "all_played": next_card is None,
    }


def _track(view, names) -> dict[str, Any]:
    """The score track as an SVG strip: a lap of spaces, eagles marked, one marker per player."""
    info = view.get("track") or {}
    lap = info.get("lap") or 80
    eagles = info.get("eagles") or []
    width, step = 800, 800 / lap
    marks = [{"x": round((e + 0.5) * step, 1)} for e in eagles]
    markers = []
    for row, pl in enumerate(view.get("players", [])):
        space = pl.get("space", 0)
        markers.append(
            {
                "x": round((space % lap + 0.5) * step, 1),
                "y": 29 + 10 * row,
                "colour": pl["colour"],
                "name": names[pl["player"]],
                "space": space,
                "glory": pl.get("glory"),
                "lap": space // lap,
            }
        )
    return {
        "lap": lap,
        "marks": marks,
        "markers": markers,
        "width": width,
        "height": 35 + 10 * len(view.get("players", [])),
        "ticks": [{"x": round((s + 0.5) * step, 1), "n": s} for s in range(0, lap, 10)],
    }


# --- whose turn -------------------------------------------------------------------------------


def _status(view, names, seat, turn, over, ranks, who) -> dict[str, Any]:
    lines: list[str] = []
    acting = who(turn.get("seat"))
    pending = view.get("pending")
    headline = ""
    if over:
        finals = sorted(
            ((pl.get("final", pl.get("glory", 0)), names[pl["player"]]) for pl in view.get("players", [])),
            key=lambda x: -x[0],
        )
        headline = _("The game is over.")
        lines.append(", ".join(f"{n}: {glory_text(g)}" for g, n in finals))
        if view.get("solo") and len(view.get("players", [])) == 2:
            # The engine's own verdict (glory, then completed sections, then ornaments; a tie goes to
            # the player): the platform ranks a lone seat first whatever the score.
            human, iwan = (_solo_key(pl) for pl in view["players"])
            won = human >= iwan
            lines.append(
                _("You have beaten Iwan.")
                if won and seat == 0
                else _("Iwan has won.")
                if not won
                else _("Iwan is beaten.")
            )
    elif pending:
        human = names[0]
        if seat == 0:
            headline = (
                _("Choose the section Iwan claims.")
                if pending.get("k") == "iwan_claim"
                else _("Choose the section Iwan decorates.")
            )
            lines.append(_("His cards leave the choice to you: the sections that qualify are listed below."))
        else:
            headline = _("%(name)s chooses a section for Iwan.") % {"name": human}
    elif acting:
        mine = acting["me"]
        stage = turn.get("stage")
        if stage == "main":
            headline = (
                _("Your turn: choose one basic action.")
                if mine
                else _("%(name)s chooses a basic action.") % {"name": acting["name"]}
            )
            if mine and view.get("contractors"):
                lines.append(
                    _(
                        "Claim a section, build and decorate (up to 3 units), move a die and use the market, "
                        "or recruit: send a contractor to a city and hire a specialist there."
                    )
                )
            elif mine:
                lines.append(
                    _("Claim a section, build and decorate (up to 3 units), or move a die and use the market.")
                )
        elif stage == "build":
            headline = (
                _("You are building and decorating.")
                if mine
                else _("%(name)s is building and decorating.") % {"name": acting["name"]}
            )
        elif stage == "market":
            area = (turn.get("area") or 0) + 1
            headline = (
                _("You moved %(die)s to area %(area)s: market actions.")
                if mine
                else _("%(name)s moved %(die)s to area %(area)s: market actions.")
            ) % {"name": acting["name"], "die": die_phrase(turn.get("die") or "", accusative=True), "area": area}
            done = []
            done.append(_("resources taken") if turn.get("took") else _("resources not taken yet"))
            if turn.get("inf_used"):
                done.append(
                    ngettext("influence used once", "influence used %(n)s times", turn["inf_used"])
                    % {"n": turn["inf_used"]}
                )
            if turn.get("act"):
                done.append(_("workshop tile activated"))
            lines.append("; ".join(done))
        elif stage == "after" and turn.get("city"):
            from games.rc_contractors_board import city_name

            city = city_name(turn["city"])
            headline = (
                _("You have sent a contractor to %(city)s: end your turn.") % {"city": city}
                if mine
                else _("%(name)s has sent a contractor to %(city)s.") % {"name": acting["name"], "city": city}
            )
        elif stage == "after":
            headline = (
                _("You have claimed a section: end your turn.")
                if mine
                else _("%(name)s has claimed a section.") % {"name": acting["name"]}
            )
        elif stage == "bonus":
            headline = (
                _("Your contractor has unlocked a material of your choice: take it.")
                if mine
                else _("%(name)s chooses the material a contractor has unlocked.") % {"name": acting["name"]}
            )
        elif stage == "hire":
            from games.rc_contractors_board import city_name

            city = city_name(turn.get("city") or "")
            headline = (
                _("Hire a specialist in %(city)s for 2 rubles, or discard one.") % {"city": city}
                if mine
                else _("%(name)s chooses a specialist in %(city)s.") % {"name": acting["name"], "city": city}
            )
        if stage in ("build", "market") and turn.get("budget"):
            lines.append(
                ngettext("%(n)s delivery left this turn.", "%(n)s deliveries left this turn.", turn["budget"])
                % {"n": turn["budget"]}
            )
        if turn.get("reroll"):
            lines.append(_("Dice already rerolled this turn."))
    end = view.get("end")
    if end and not over:
        left = [names[p] for p in end.get("left", [])]
        lines.append(
            _("%(name)s has completed a sixth section: the game ends after the turns of %(left)s.")
            % {"name": names[end["by"]], "left": ", ".join(left)}
        )
    return {
        "headline": headline,
        "lines": lines,
        "acting": acting,
        "stage": turn.get("stage"),
        "stage_name": _stage_name(
            "recruited" if turn.get("stage") == "after" and turn.get("city") else turn.get("stage")
        ),
        "pending": pending,
        "turns": view.get("turns", 0),
    }


def _solo_key(pl: dict[str, Any]) -> tuple[int, int, int]:
    return (pl.get("final", pl.get("glory", 0)), pl.get("done", 0), pl.get("placed", 0))


def _stage_name(stage: str | None) -> str:
    return {
        "main": _("basic action"),
        "build": _("building"),
        "market": _("market"),
        "after": _("claimed"),
        "recruited": _("contractor sent"),
        "bonus": _("contractor's bonus"),
        "hire": _("specialist"),
    }.get(stage or "", "")


# --- moves ------------------------------------------------------------------------------------


def _moves(labelled: list[dict[str, Any]], view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    sections = {s["id"]: (t["number"], s) for t in view.get("towers", []) for s in t.get("sections", [])}
    me = view["players"][seat] if seat is not None and seat < len(view.get("players", [])) else None
    slot_costs = {w["slot"]: w["cost"] for w in (me or {}).get("workshop", [])}
    out: dict[str, Any] = {
        "iwan": [],
        "claims": [],
        "build": [],
        "dice": [],
        "take": [],
        "influence": [],
        "activate": [],
        "glory_rubles": None,
        "reroll": [],
        "end": None,
        "other": [],
        "any": False,
    }
    claims: dict[str, dict[str, Any]] = {}
    build: dict[str, dict[str, Any]] = {}
    dice: dict[str, dict[str, Any]] = {}
    used_ids: set[str] = set()

    def unique(base: str) -> str:
        ident, n = base, 2
        while ident in used_ids:
            ident, n = f"{base}-{n}", n + 1
        used_ids.add(ident)
        return ident

    from games.rc_contractors_board import contractor_moves

    module_kinds = ("recruit", "bonus", "hire", "specialist", "glory_permit")
    out["module"] = contractor_moves(
        [lm for lm in labelled if lm["move"].get("type") in module_kinds], view, seat, unique
    )
    for lm in labelled:
        move, label = lm["move"], lm["label"]
        kind = move.get("type")
        out["any"] = True
        if kind in module_kinds or kind == "choose":
            continue  # the Contractors' moves and the choice after a guild's draw have panels of their own
        if kind in ("iwan_claim", "iwan_ornament"):
            tower, sec = sections.get(move["section"], (None, {}))
            out["iwan"].append(
                {
                    "move": move,
                    "label": label,
                    "id": unique(_id("rc-iwan", move["section"])),
                    "tower": tower,
                    "kind_name": kind_name(sec.get("kind", "")),
                }
            )
        elif kind == "claim":
            sid = move["section"]
            tower, sec = sections.get(sid, (None, {}))
            group = claims.get(sid)
            if group is None:
                group = claims[sid] = {
                    "section": sid,
                    "tower": tower,
                    "kind_name": kind_name(sec.get("kind", "")),
                    "id": _id("rc-claims", sid),
                    "tile_text": tile_text(sec.get("tile")),
                    "tile": sec.get("tile"),
                    "tile_info": tile_info(sec.get("tile")),
                    "banners": {},
                    "plain": [],
                }
            banner = move.get("banner")
            from_white = banner in ("white1", "white2")
            if "slot" not in move:
                ident = _id("rc-claim", sid, "from-" + banner if from_white else "")
                text = (
                    _("Claim with the banner from the space %(space)s") % {"space": slot_short(banner)}
                    if from_white
                    else _("Claim it")
                )
                group["plain"].append({"move": move, "label": label, "id": unique(ident), "text": text})
                continue
            bgroup = group["banners"].setdefault(
                banner,
                {
                    "banner": banner,
                    "from_white": from_white,
                    "title": (
                        _("Banner from the space %(space)s") % {"space": slot_short(banner)}
                        if from_white
                        else _("Banner from your stock")
                    ),
                    "rows": {},
                },
            )
            slot = move["slot"]
            row = bgroup["rows"].setdefault(
                slot,
                {
                    "slot": slot,
                    "name": slot_name(slot),
                    "down": None,
                    "up": None,
                    "colour": "white" if slot.startswith("white") else slot,
                    "cost": slot_costs.get(slot),
                },
            )
            side = "up" if move.get("up") else "down"
            ident = _id("rc-claim", sid, "from-" + banner if from_white else "", slot, side)
            text = (
                ngettext("face up, %(n)s ruble", "face up, %(n)s rubles", row["cost"] or 0) % {"n": row["cost"]}
                if side == "up"
                else _("face down")
            )
            row[side] = {"move": move, "label": label, "id": unique(ident), "text": text}
        elif kind in ("deliver", "ornament"):
            sid = move["section"]
            tower, sec = sections.get(sid, (None, {}))
            group = build.setdefault(
                sid,
                {
                    "section": sid,
                    "tower": tower,
                    "kind_name": kind_name(sec.get("kind", "")),
                    "deliver": [],
                    "ornament": [],
                    "done": sec.get("done"),
                    "missing": res_items(sec.get("missing")),
                },
            )
            if kind == "deliver":
                m = move["material"]
                group["deliver"].append(
                    {
                        "move": move,
                        "label": label,
                        "material": m,
                        "name": resource_name(m),
                        "id": unique(_id("rc-deliver", sid, m)),
                    }
                )
            else:
                gems = move.get("gems") or []
                group["ornament"].append(
                    {
                        "move": move,
                        "label": label,
                        "gems": [{"key": g, "name": resource_name(g)} for g in gems],
                        "id": unique(_id("rc-ornament", sid, "-".join(gems) if gems else "none")),
                    }
                )
        elif kind == "die":
            die = move["die"]
            group = dice.setdefault(die, {"die": die, "name": die_name(die), "options": []})
            area = _landing(view, die, move.get("extra", 0))
            group["options"].append(
                {
                    "move": move,
                    "label": label,
                    "extra": move.get("extra", 0),
                    "area": area,
                    "id": unique(_id("rc-die", die, move.get("extra", 0))),
                }
            )
        elif kind == "take":
            out["take"].append({"move": move, "label": label, "id": unique(_id("rc-take", move["count"]))})
        elif kind == "influence":
            parts = [move.get("action")]
            if "material" in move:
                parts.append(move["material"])
            if "areas" in move:
                parts += list(move["areas"])
            if "give" in move:
                got = move["get"] if isinstance(move["get"], list) else [move["get"]]
                parts += [move["give"], "to", *got]
            if "materials" in move:
                parts += list(move["materials"])
            if "slot" in move:
                parts.append(move["slot"])
            out["influence"].append({"move": move, "label": label, "id": unique(_id("rc-influence", *parts))})
        elif kind == "activate":
            out["activate"].append({"move": move, "label": label, "id": unique(_id("rc-activate", move["slot"]))})
        elif kind == "glory_rubles":
            out["glory_rubles"] = {"move": move, "label": label, "id": unique("rc-glory-rubles")}
        elif kind == "reroll":
            out["reroll"].append(
                {"move": move, "label": label, "area": move["area"] + 1, "id": unique(_id("rc-reroll", move["area"]))}
            )
        elif kind == "end":
            out["end"] = {"move": move, "label": label, "id": unique("rc-end")}
        else:
            out["other"].append({"move": move, "label": label, "id": unique(_id("rc-move", kind, len(out["other"])))})

    order = view.get("claimable") or []
    out["claims"] = sorted(claims.values(), key=lambda g: order.index(g["section"]) if g["section"] in order else 99)
    for g in out["claims"]:
        g["banner_groups"] = []
        for b in g.pop("banners").values():
            b["rows"] = sorted(b["rows"].values(), key=lambda r: SLOTS.index(r["slot"]) if r["slot"] in SLOTS else 9)
            g["banner_groups"].append(b)
        g["count"] = len(g["plain"]) + sum(
            1 for b in g["banner_groups"] for r in b["rows"] for x in (r["down"], r["up"]) if x
        )
    out["build"] = list(build.values())
    out["dice"] = [dice[d] for d in ("white",) + _catalogue()["colours"] + ("black",) if d in dice]
    out["market_any"] = bool(out["take"] or out["influence"] or out["activate"] or out["module"]["specialist"])
    out["optional_any"] = bool(out["glory_rubles"] or out["reroll"] or out["module"]["glory_permit"])
    out["influence_many"] = len(out["influence"]) > 8
    return out


def _landing(view: dict[str, Any], die: str, extra: int) -> int | None:
    for area in view.get("market", []):
        for d in area.get("dice", []):
            if d["die"] == die:
                return (area["area"] - 1 + d["pips"] + extra) % 8 + 1
    return None


@register.filter
def rc_signed(value: Any) -> str:
    try:
        n = int(value)
    except (TypeError, ValueError):
        return str(value)
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")
