"""The market: moving a die, the resource tile, the quarter's influence card, workshop activation."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State, rng
from games.rules.base import gettext_noop as _

from .data import BLACK, MATERIALS
from .guilds import GUILD_NAMES
from .state import (
    AREAS,
    DIE_SPACES,
    INFLUENCE,
    MAX_PERMITS,
    NAMES,
    RES_TILES,
    dice_in,
    dice_of,
    free_space,
    gain_permits,
    take_materials,
    who,
)

GROUP_NAMES = {
    "craftsmen": _("Craftsmen's guild"),
    "teamsters": _("Teamsters' guild"),
    "merchants": _("Merchants' guild"),
    **GUILD_NAMES,
}


def may_push(st: State, p: int, die: str) -> bool:
    """Extra steps for rubles: the white die, the player's own colour and the black specialist die."""
    return die == "white" or die == BLACK or die == st["pl"][p]["colour"]


def landing(st: State, die: str, steps: int) -> int:
    result: int = (st["market"]["dice"][die][0] + steps) % AREAS
    return result


def area_full(st: State, area: int, moving: str) -> bool:
    return bool(sum(1 for d in dice_of(st) if d != moving and st["market"]["dice"][d][0] == area) >= DIE_SPACES)


def die_moves(st: State, p: int) -> list[tuple[str, int]]:
    """(die, extra steps) that land in an area with a free space; extra steps cost a ruble each."""
    out = []
    rubles = st["pl"][p]["rubles"]
    dice = st["market"]["dice"]
    counts = [0] * AREAS
    for area, _pips in dice.values():
        counts[area] += 1
    for die in dice_of(st):
        area, pips = dice[die]
        top = min(rubles, AREAS - 1) if may_push(st, p, die) else 0
        for extra in range(top + 1):
            to = (area + pips + extra) % AREAS
            if counts[to] - (to == area) < DIE_SPACES:
                out.append((die, extra))
    return out


def move_die(st: State, p: int, die: str, extra: int, events: list[Event]) -> None:
    pips = st["market"]["dice"][die][1]
    area = landing(st, die, pips + extra)
    st["pl"][p]["rubles"] -= extra
    st["market"]["dice"][die][0] = area
    turn = st["turn"]
    turn.update(stage="market", area=area, die=die)
    args = {"seat": who(st, p), "die": DIE_NAMES[die], "area": area + 1}
    if extra:
        events.append(
            {
                "msg": _("{seat} moves {die} to area {area}, paying {rubles} rubles for extra steps."),
                "args": {**args, "rubles": extra},
            }
        )
    else:
        events.append({"msg": _("{seat} moves {die} to area {area}."), "args": args})


# Whole noun phrases: German declines the colour, so "the {colour} die" cannot be put together from parts.
DIE_NAMES = {
    "white": _("the white die"),
    "yellow": _("the yellow die"),
    "red": _("the red die"),
    "blue": _("the blue die"),
    "green": _("the green die"),
    BLACK: _("the black specialist die"),
}


def tile_gives(st: State, area: int) -> tuple[str, int]:
    gives = RES_TILES[st["market"]["res"][area]]["gives"]
    key = next(iter(gives))
    return key, gives[key]


def take_limit(st: State, p: int) -> tuple[str, int]:
    """What the landing area's tile gives this player now: the resource and the most they may take."""
    area = st["turn"]["area"]
    key, amount = tile_gives(st, area)
    total = amount * len(dice_in(st, area))
    if key in MATERIALS:
        total = min(total, st["supply"][key], free_space(st["pl"][p]))
    elif key == "permits":
        total = min(total, MAX_PERMITS - st["pl"][p]["permits"])
    return key, total


def take(st: State, p: int, count: int, events: list[Event]) -> None:
    key, _limit = take_limit(st, p)
    pl = st["pl"][p]
    st["turn"]["took"] = True
    if key == "rubles":
        pl["rubles"] += count
    elif key == "rp":
        from .state import gain_points

        gain_points(st, p, count, "market")
    elif key == "permits":
        gain_permits(st, p, count)
    else:
        take_materials(st, p, key, count)
    events.append(
        {
            "msg": _("{seat} takes {count}× {resource} from the market."),
            "args": {"seat": who(st, p), "count": count, "resource": NAMES[key]},
        }
    )


def reroll(st: State, area: int) -> list[int]:
    r = rng(st)
    pips = []
    for die in dice_of(st):
        if st["market"]["dice"][die][0] == area:
            st["market"]["dice"][die][1] = r.randint(1, 6)
            pips.append(st["market"]["dice"][die][1])
    return pips


def quarter_card(st: State, area: int) -> dict[str, Any]:
    return INFLUENCE[st["influence"][area // 2]]
