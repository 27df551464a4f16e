"""The Contractors module ("Die Unternehmer"): cities, contractors, permits and specialists.

State (only with the module): ``st["contr"]`` holds the city tile over each tower (``over``), each
city's contractors per player and whether it is still open (``cities``), the five specialist spaces
of the Grand Duchy of Moscow (``row``) and the bag they are refilled from (``bag``: the order of
the draws, never shown). Each player has ``permits``, ``men`` (contractors still on the workshop
extension, sent leftmost first), ``spec`` (the specialist face up, unused) and ``tools`` (the
specialists lying face down: used, or set aside unused for a new one).

A Recruit turn: ``recruit`` (contractor to a city, permits paid), then the unlocked bonus at once
(stage ``bonus`` when it is a material of the player's choice), then ``hire`` (stage ``hire``: one
of the specialists the city sees, for 2 rubles or discarded from the game), then stage ``after``.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State, shuffled
from games.rules.base import gettext_noop as _

from .data import CITIES, MATERIALS
from .state import (
    MODULE,
    NAMES,
    free_space,
    gain,
    gain_glory,
    gain_points,
    lose_glory,
    take_materials,
    who,
)

RULES = MODULE["rules"]
CITY = MODULE["cities"]
UNLOCKS = MODULE["unlocks"]
SPECIALISTS = MODULE["specialists"]
HIRE = RULES["hire_rubles"]
TOOL_SETS = RULES["tool_sets"]
# City names as the log and the labels show them (message ids).
CITY_NAMES = {
    "moscow": _("Moscow"),
    "smolensk": _("Smolensk"),
    "ryazan": _("Ryazan"),
    "suzdal": _("Suzdal"),
    "vologda": _("Vologda"),
    "vladimir": _("Vladimir"),
}


def on(st: State) -> bool:
    return "contr" in st


def setup_module(st: State) -> None:
    """Cities over the towers (the rest closed), 5 specialists drawn, 6 contractors and 1 permit each."""
    cities = shuffled(st, list(CITIES))
    over = cities[: len(st["towers"])]
    bag = shuffled(st, sorted(SPECIALISTS))
    row = [bag.pop() for _ in range(RULES["specialist_spaces"])]
    st["contr"] = {
        "over": over,
        "row": row,
        "bag": bag,
        "cities": {c: {"open": c in over, "men": [0] * st["np"]} for c in CITIES},
    }
    for pl in st["pl"]:
        pl.update(permits=RULES["start_permits"], men=RULES["contractors"], spec=None, tools=[])


# --- recruiting ---------------------------------------------------------------------------------


def cost(st: State, city: str) -> int:
    """Permits to send a contractor there: every contractor in the city, the new one included."""
    result: int = sum(st["contr"]["cities"][city]["men"]) + 1
    return result


def recruit_moves(st: State, p: int) -> list[Move]:
    pl = st["pl"][p]
    if not pl["men"]:
        return []
    return [
        {"type": "recruit", "city": c}
        for c in CITIES
        if st["contr"]["cities"][c]["open"] and cost(st, c) <= pl["permits"]
    ]


def recruit(st: State, p: int, city: str, events: list[Event]) -> None:
    pl = st["pl"][p]
    paid = cost(st, city)
    number = RULES["contractors"] - pl["men"] + 1
    pl["men"] -= 1
    pl["permits"] -= paid
    st["contr"]["cities"][city]["men"][p] += 1
    st["turn"]["city"] = city
    events.append(
        {
            "msg": _("{seat} sends a contractor to {city} for {permits} permits."),
            "args": {"seat": who(st, p), "city": CITY_NAMES[city], "permits": paid},
        }
    )
    bonus = UNLOCKS[number]
    if "choice" in bonus:
        st["turn"]["stage"] = "bonus"
        if not bonus_moves(st, p):
            to_hire(st)
        return
    if bonus["gain"]:
        gain(st, p, bonus["gain"], "contractors", events)
    to_hire(st)


def bonus_moves(st: State, p: int) -> list[Move]:
    if free_space(st["pl"][p]) <= 0:
        return []
    return [{"type": "bonus", "material": m} for m in MATERIALS if st["supply"][m] > 0]


def take_bonus(st: State, p: int, material: str, events: list[Event]) -> None:
    take_materials(st, p, material, 1)
    events.append(
        {
            "msg": _("{seat} takes {material} as the contractor's bonus."),
            "args": {"seat": who(st, p), "material": NAMES[material]},
        }
    )
    to_hire(st)


def seen(st: State, city: str) -> list[int]:
    """The specialist spaces a city sees that hold a specialist."""
    return [i for i in CITY[city]["sees"] if st["contr"]["row"][i] is not None]


def to_hire(st: State) -> None:
    st["turn"]["stage"] = "hire" if seen(st, st["turn"]["city"]) else "after"


def hire_moves(st: State, p: int) -> list[Move]:
    out: list[Move] = []
    for i in seen(st, st["turn"]["city"]):
        out.append({"type": "hire", "space": i, "pay": False})
        if st["pl"][p]["rubles"] >= HIRE:
            out.append({"type": "hire", "space": i, "pay": True})
    return out


def hire(st: State, p: int, space: int, pay: bool, events: list[Event]) -> None:
    """Take the specialist for 2 rubles (an unused one goes face down) or discard it; then refill."""
    pl = st["pl"][p]
    contr = st["contr"]
    tile = contr["row"][space]
    if pay:
        pl["rubles"] -= HIRE
        if pl["spec"] is not None:
            pl["tools"].append(pl["spec"])
            events.append(
                {
                    "msg": _("{seat} turns specialist {specialist} face down unused."),
                    "args": {"seat": who(st, p), "specialist": pl["spec"]},
                }
            )
        pl["spec"] = tile
        events.append(
            {
                "msg": _("{seat} pays {rubles} rubles and hires specialist {specialist}."),
                "args": {"seat": who(st, p), "rubles": HIRE, "specialist": tile},
            }
        )
    else:
        events.append(
            {
                "msg": _("{seat} discards specialist {specialist} from the game."),
                "args": {"seat": who(st, p), "specialist": tile},
            }
        )
    contr["row"][space] = contr["bag"].pop() if contr["bag"] else None
    if contr["row"][space] is not None:
        events.append(
            {"msg": _("Specialist {specialist} is drawn from the bag."), "args": {"specialist": contr["row"][space]}}
        )
    st["turn"]["stage"] = "after"


# --- the specialist, permits for glory -----------------------------------------------------------


def use_specialist(st: State, p: int, events: list[Event]) -> None:
    """Once, with the black die; then face down for its tool."""
    pl = st["pl"][p]
    tile, pl["spec"] = pl["spec"], None
    pl["tools"].append(tile)
    st["turn"]["act"] = True
    events.append({"msg": _("{seat} uses specialist {specialist}."), "args": {"seat": who(st, p), "specialist": tile}})
    gain(st, p, SPECIALISTS[tile]["gain"], "specialists", events)


def glory_permit(st: State, p: int, events: list[Event]) -> None:
    lose_glory(st, p, "spent")
    st["pl"][p]["permits"] += 1
    events.append({"msg": _("{seat} gives up glory for a permit."), "args": {"seat": who(st, p)}})


# --- city scoring and tool sets -------------------------------------------------------------------


def tower_completed(st: State, t: int, events: list[Event]) -> None:
    """The city over the tower closes; each player scores own banners in the tower × own contractors there."""
    city = st["contr"]["over"][t]
    record = st["contr"]["cities"][city]
    record["open"] = False
    events.append(
        {
            "msg": _("Tower {tower} is finished: {city} takes no more contractors."),
            "args": {"tower": t + 1, "city": CITY_NAMES[city]},
        }
    )
    for p, men in enumerate(record["men"]):
        banners = sum(1 for sec in st["towers"][t] if sec["owner"] == p)
        if men and banners:
            gain_points(st, p, banners * men, "cities")
            events.append(
                {
                    "msg": _(
                        "{seat} scores {rp} construction points in {city} ({banners} banners × {contractors} contractors)."
                    ),
                    "args": {
                        "seat": who(st, p),
                        "rp": banners * men,
                        "city": CITY_NAMES[city],
                        "banners": banners,
                        "contractors": men,
                    },
                }
            )


def tool_glory(tools: list[str]) -> int:
    """Sets of different tools: 1/2/4/7/11/16 glory for a set of 1 to 6."""
    counts: dict[str, int] = {}
    for tile in tools:
        tool = SPECIALISTS[tile]["tool"]
        counts[tool] = counts.get(tool, 0) + 1
    total = 0
    while counts:
        total += TOOL_SETS[len(counts) - 1]
        counts = {k: n - 1 for k, n in counts.items() if n > 1}
    return total


def score_tools(st: State, p: int, events: list[Event]) -> None:
    pl = st["pl"][p]
    glory = tool_glory(pl["tools"])
    if glory:
        gain_glory(st, p, glory, "tools")
    events.append({"msg": _("{seat}: {glory} glory for tool sets."), "args": {"seat": who(st, p), "glory": glory}})


def public(st: State) -> dict[str, Any]:
    """What the board shows: cities, the five specialists, how many are left in the bag (not which), Iwan's marker."""
    contr = st["contr"]
    return {
        "over": list(contr["over"]),
        "row": list(contr["row"]),
        "bag": len(contr["bag"]),
        "marker": contr.get("marker"),  # Iwan's marker (solo game): the city he recruits in next
        "cities": {
            c: {"open": r["open"], "men": list(r["men"]), "sees": list(CITY[c]["sees"]), "cost": cost(st, c)}
            for c, r in contr["cities"].items()
        },
        "specialists": {
            s: {"tool": SPECIALISTS[s]["tool"], "gain": dict(SPECIALISTS[s]["gain"])}
            for s in contr["row"]
            if s is not None
        },
    }


def player_view(st: State, p: int) -> dict[str, Any]:
    pl = st["pl"][p]
    return {
        "permits": pl["permits"],
        "contractors": pl["men"],
        "specialist": pl["spec"],
        "specialist_gain": dict(SPECIALISTS[pl["spec"]]["gain"]) if pl["spec"] else None,
        "tools": [SPECIALISTS[t]["tool"] for t in pl["tools"]],
        "tool_glory": tool_glory(pl["tools"]),
    }
