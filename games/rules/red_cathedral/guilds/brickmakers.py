"""The Brickmakers' guild (Ziegelhersteller): bricks for reinforcement tiles, deliveries, rubles and points."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from .. import reinforcement
from ..state import gain_points, who
from . import GuildAct, Label, add_reason, register

BRICK = "brick"
SOURCE = "guild"


def _bricks(st: State, p: int, action: dict[str, Any]) -> bool:
    result: bool = st["pl"][p]["inv"][BRICK] >= action["bricks"]
    return result


def _pay(st: State, p: int, action: dict[str, Any]) -> None:
    st["pl"][p]["inv"][BRICK] -= action["bricks"]
    st["supply"][BRICK] += action["bricks"]


# --- take a reinforcement tile ---------------------------------------------------------------------


def tile_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _bricks(st, p, action):
        return []
    # "pick", not "tile": a reinforcement tile's move that borrows this action names its own tile so.
    return [{**base, "pick": t} for t in reinforcement.available(st)]


def tile_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    events.append(
        {
            "msg": _("{seat} pays {bricks} bricks for a reinforcement tile."),
            "args": {"seat": who(st, p), "bricks": action["bricks"]},
        }
    )
    reinforcement.take(st, p, move["pick"], events)


def tile_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: take reinforcement tile {tile} for {bricks} bricks"),
        "args": {"group": group, "tile": move["pick"], "bricks": action["bricks"]},
    }


def tile_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {bricks} bricks: take one of the reinforcement tiles beside the board."),
        "args": {"bricks": action["bricks"]},
    }


# --- deliver for a brick ------------------------------------------------------------------------------


def deliver_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if _bricks(st, p, action) else []


def deliver_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    st["turn"]["budget"] += action["units"]
    events.append(
        {
            "msg": _("{seat} pays {bricks} bricks to deliver {units} material(s)."),
            "args": {"seat": who(st, p), "bricks": action["bricks"], "units": action["units"]},
        }
    )


def deliver_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {bricks} bricks to deliver {units} material(s)"),
        "args": {"group": group, "bricks": action["bricks"], "units": action["units"]},
    }


def deliver_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {bricks} bricks to deliver {units} material(s) to a section."),
        "args": {"bricks": action["bricks"], "units": action["units"]},
    }


# --- a brick for rubles or construction points ------------------------------------------------------


def sale_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if _bricks(st, p, action) else []


def rubles_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    st["pl"][p]["rubles"] += action["rubles"]
    events.append(
        {
            "msg": _("{seat} exchanges {bricks} bricks for {rubles} rubles."),
            "args": {
                "seat": who(st, p),
                "bricks": action["bricks"],
                "rubles": action["rubles"],
            },
        }
    )


def rubles_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: exchange {bricks} bricks for {rubles} rubles"),
        "args": {"group": group, "bricks": action["bricks"], "rubles": action["rubles"]},
    }


def rubles_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Exchange {bricks} bricks for {rubles} rubles."),
        "args": {"bricks": action["bricks"], "rubles": action["rubles"]},
    }


def rp_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    gain_points(st, p, action["rp"], SOURCE)
    events.append(
        {
            "msg": _("{seat} exchanges {bricks} bricks for {rp} construction points."),
            "args": {"seat": who(st, p), "bricks": action["bricks"], "rp": action["rp"]},
        }
    )


def rp_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: exchange {bricks} bricks for {rp} construction points"),
        "args": {"group": group, "bricks": action["bricks"], "rp": action["rp"]},
    }


def rp_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Exchange {bricks} bricks for {rp} construction points."),
        "args": {"bricks": action["bricks"], "rp": action["rp"]},
    }


def tile_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """A tile to hold: most of what it would bring now, less the bricks."""
    from ..bot import loss
    from ..reinforcement_bot import tile_worth as use_now

    return 0.8 * use_now(seat, move["pick"]) - loss(seat, BRICK, action["bricks"])


register("brick_tile", GuildAct(tile_moves, tile_apply, tile_label, tile_text, tile_worth))
register("brick_deliver", GuildAct(deliver_moves, deliver_apply, deliver_label, deliver_text))
register("brick_rubles", GuildAct(sale_moves, rubles_apply, rubles_label, rubles_text))
register("brick_rp", GuildAct(sale_moves, rp_apply, rp_label, rp_text))


def _tile_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    if not _bricks(st, p, action):
        return {
            "msg": _("You need {bricks} bricks to take a reinforcement tile."),
            "args": {"bricks": action["bricks"]},
        }
    if not reinforcement.available(st):
        return {"msg": _("No reinforcement tile is left beside the board."), "args": {}}
    return {"msg": _("Choose one of the reinforcement tiles beside the board."), "args": {}}


def _brick_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    return {"msg": _("You need {bricks} bricks for this action."), "args": {"bricks": action["bricks"]}}


add_reason("brick_tile", _tile_refusal)
for _act in ("brick_deliver", "brick_rubles", "brick_rp"):
    add_reason(_act, _brick_refusal)
