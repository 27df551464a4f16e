"""The Master Builders' guild: the section cards not in play as a deck of materials, and advances
on the rubles and points of the sections a player is building.

The deck (``st["builders"]["deck"]``, top first, face down) is shuffled at the set-up; drawn cards
lie face up until the player has chosen their materials with a ``choose`` move, then go to the
discard pile, which is shuffled into a new deck when the deck runs out.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Event, Move, State, shuffled
from games.rules.base import gettext_noop as _

from ..state import NAMES, SECTIONS, free_space, gain_points, take_materials, who
from . import GuildAct, register
from .choice import Choice, register_choice, start
from .reasons import Why, register_choice_reason, register_reason
from .words import words

Label = dict[str, Any]


def setup_deck(st: State) -> None:
    """The section cards the building plan left out, shuffled face down."""
    used = {s["id"] for tower in st["towers"] for s in tower}
    st["builders"] = {"deck": shuffled(st, sorted(s for s in SECTIONS if s not in used)), "discard": []}


def _draw(st: State, count: int) -> list[str]:
    pile = st["builders"]
    out = []
    for _i in range(count):
        if not pile["deck"]:
            pile["deck"], pile["discard"] = shuffled(st, sorted(pile["discard"])), []
        if not pile["deck"]:
            break
        out.append(pile["deck"].pop(0))
    return out


def _cards_left(st: State) -> int:
    pile = st.get("builders") or {"deck": [], "discard": []}
    return len(pile["deck"]) + len(pile["discard"])


def _group() -> str:
    from . import GUILD_NAMES

    return GUILD_NAMES["master_builders"]


# --- draw section cards for materials ------------------------------------------------------------


def draw_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    pl = st["pl"][p]
    if pl["rubles"] < action["rubles"] or not free_space(pl) or _cards_left(st) < len(action["takes"]):
        return []
    return [dict(base)]


def draw_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]
    cards = _draw(st, len(action["takes"]))
    start(st, "sections", cards=cards, takes=list(action["takes"]))
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rubles} and draws {cards}.")),
            "args": {"group": _group(), "seat": who(st, p), "rubles": action["rubles"], "cards": cards},
        }
    )


def draw_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    if len(action["takes"]) == 1:
        return {
            "msg": words(_("{group}: pay {rubles} to draw 1 section card and take {count} of its materials")),
            "args": {"group": group, "rubles": action["rubles"], "count": action["takes"][0]},
        }
    return {
        "msg": words(
            _("{group}: pay {rubles} to draw 2 section cards; take {count} materials of one, {other} of the other")
        ),
        "args": {"group": group, "rubles": action["rubles"], "count": action["takes"][0], "other": action["takes"][1]},
    }


def draw_text(action: dict[str, Any]) -> Label:
    if len(action["takes"]) == 1:
        return {
            "msg": words(_("Pay {rubles}: draw 1 section card and take {count} of the materials it needs.")),
            "args": {"rubles": action["rubles"], "count": action["takes"][0]},
        }
    return {
        "msg": words(
            _("Pay {rubles}: draw 2 section cards; take {count} of the materials one needs and {other} of the other's.")
        ),
        "args": {"rubles": action["rubles"], "count": action["takes"][0], "other": action["takes"][1]},
    }


def draw_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """About the worth of the materials a card gives: wanted ones one time in three."""
    from ..bot import NEEDED, SPARE, rubles_worth

    units = min(sum(action["takes"]), free_space(seat.pl))
    if seat.last:
        return rubles_worth(seat, -action["rubles"])
    result: float = units * (NEEDED / 3 + SPARE) + rubles_worth(seat, -action["rubles"])
    return result


def _picks(st: State, section: str, count: int, taken: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every choice of ``count`` units from what a section needs; fewer only as the supply runs short."""
    units = [m for m, n in SECTIONS[section]["cost"].items() for _i in range(n)]
    for size in range(count, -1, -1):
        out = set()
        for pick in combinations(units, size):
            together = taken + pick
            if all(st["supply"][m] >= together.count(m) for m in pick):
                out.add(tuple(sorted(pick)))
        if out:
            return out
    return {()}


def pick_moves(st: State, p: int, now: dict[str, Any]) -> list[Move]:
    free = free_space(st["pl"][p])
    cards, takes = now["cards"], now["takes"]
    found: set[tuple[str, ...]] = set()
    orders = [(0, 1), (1, 0)] if len(cards) == 2 else [(0,)]
    for order in orders:
        first = min(takes[0], free)
        for a in _picks(st, cards[order[0]], first):
            if len(order) == 1:
                found.add(a)
                continue
            second = min(takes[1], free - len(a))
            for b in _picks(st, cards[order[1]], second, a):
                found.add(tuple(sorted(a + b)))
    # The most materials there are to take; fewer only when the supply or the inventory sets the limit.
    most = max((len(f) for f in found), default=0)
    return [{"type": "choose", "materials": list(f)} for f in sorted(found) if len(f) == most]


def pick_apply(st: State, p: int, move: Move, now: dict[str, Any], events: list[Event]) -> None:
    for m in move["materials"]:
        take_materials(st, p, m, 1)
    st["builders"]["discard"] += now["cards"]
    events.append(
        {
            "msg": words(_("{group}: {seat} takes {goods}.")),
            "args": {"group": _group(), "seat": who(st, p), "goods": [NAMES[m] for m in move["materials"]]},
        }
        if move["materials"]
        else {"msg": _("{group}: {seat} takes nothing."), "args": {"group": _group(), "seat": who(st, p)}}
    )


def pick_label(st: State, p: int, move: Move, now: dict[str, Any]) -> Label:
    if not move["materials"]:
        return {"msg": _("Take nothing (the supply has none of these materials)"), "args": {}}
    return {"msg": words(_("Take {goods}")), "args": {"goods": [NAMES[m] for m in move["materials"]]}}


def pick_worth(seat: Any, move: Move, now: dict[str, Any]) -> float:
    from ..bot import gain_worth

    gives: dict[str, int] = {}
    for m in move["materials"]:
        gives[m] = gives.get(m, 0) + 1
    return gain_worth(seat, gives)


def pick_public(now: dict[str, Any], owner: int, seat: int | None) -> dict[str, Any]:
    """Drawn section cards lie face up for everyone."""
    return {"cards": list(now["cards"]), "takes": list(now["takes"])}


# --- advances on a section being built ---------------------------------------------------------------


def building(st: State, p: int) -> list[str]:
    """The player's claimed sections not yet completed, bottom to top, left to right."""
    return [s["id"] for tower in st["towers"] for s in tower if s["owner"] == p and not s["done"]]


def rubles_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if st["pl"][p]["space"] < action["rp"]:
        return []
    return [{**base, "section": s} for s in building(st, p) if SECTIONS[s]["rubles"]]


def rubles_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    rubles = SECTIONS[move["section"]]["rubles"]
    gain_points(st, p, -action["rp"], "spent")
    st["pl"][p]["rubles"] += rubles
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rp} for the {rubles} of {section}.")),
            "args": {
                "group": _group(),
                "seat": who(st, p),
                "rp": action["rp"],
                "rubles": rubles,
                "section": move["section"],
            },
        }
    )


def rubles_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": words(_("{group}: pay {rp} for the {rubles} of {section}")),
        "args": {
            "group": group,
            "rp": action["rp"],
            "rubles": SECTIONS[move["section"]]["rubles"],
            "section": move["section"],
        },
    }


def rubles_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(_("Pay {rp}: gain the rubles of a section you are building (it still pays them when completed).")),
        "args": {"rp": action["rp"]},
    }


def points_gain(section: str) -> int:
    result: int = SECTIONS[section]["rp"] // 2
    return result


def points_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return []
    return [{**base, "section": s} for s in building(st, p) if points_gain(s)]


def points_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    rp = points_gain(move["section"])
    st["pl"][p]["rubles"] -= action["rubles"]
    gain_points(st, p, rp, "guild")
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rubles} for half the points of {section}: {rp}.")),
            "args": {
                "group": _group(),
                "seat": who(st, p),
                "rubles": action["rubles"],
                "section": move["section"],
                "rp": rp,
            },
        }
    )


def points_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": words(_("{group}: pay {rubles} for {rp}, half those of {section}")),
        "args": {
            "group": group,
            "rubles": action["rubles"],
            "rp": points_gain(move["section"]),
            "section": move["section"],
        },
    }


def points_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(
            _(
                "Pay {rubles}: gain half the construction points (rounded down) of a section you are building "
                "(it still brings them all when completed)."
            )
        ),
        "args": {"rubles": action["rubles"]},
    }


# --- why a move is refused ----------------------------------------------------------------------------


def draw_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return words(_("Drawing section cards here costs {rubles}.")), {"rubles": action["rubles"]}
    if not free_space(st["pl"][p]):
        return _("Your stock is full: there is no room for materials."), {}
    return _("There are not enough section cards left to draw."), {}


def _section_why(st: State, p: int, move: Move) -> Why:
    section = move.get("section")
    if not isinstance(section, str) or section not in building(st, p):
        return _("Choose a section you are building: one you have claimed and not yet completed."), {}
    return None


def rubles_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if st["pl"][p]["space"] < action["rp"]:
        return words(_("This action costs {rp}, and your marker has not that many to give.")), {"rp": action["rp"]}
    return _section_why(st, p, move) or (_("{section} pays no rubles."), {"section": move.get("section")})


def points_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return words(_("This action costs {rubles}.")), {"rubles": action["rubles"]}
    return _section_why(st, p, move) or (
        _("Half the construction points of {section}, rounded down, are nothing."),
        {"section": move.get("section")},
    )


def pick_why(st: State, p: int, now: dict[str, Any], move: Move) -> Why:
    takes = now["takes"]
    if len(takes) == 1:
        return _("Take {count} of the materials the drawn card needs, as far as the supply and your stock allow."), {
            "count": takes[0]
        }
    return (
        _(
            "Take {count} of the materials one drawn card needs and {other} of the other's, as far as the supply "
            "and your stock allow."
        ),
        {"count": takes[0], "other": takes[1]},
    )


register("draw_sections", GuildAct(draw_moves, draw_apply, draw_label, draw_text, draw_worth))
register("section_rubles", GuildAct(rubles_moves, rubles_apply, rubles_label, rubles_text))
register("section_points", GuildAct(points_moves, points_apply, points_label, points_text))
register_choice(
    "sections",
    Choice(
        pick_moves,
        pick_apply,
        pick_label,
        pick_worth,
        _("First choose the materials from the drawn section cards."),
        pick_public,
    ),
)
register_reason("draw_sections", draw_why)
register_reason("section_rubles", rubles_why)
register_reason("section_points", points_why)
register_choice_reason("sections", pick_why)
SETUP = setup_deck
