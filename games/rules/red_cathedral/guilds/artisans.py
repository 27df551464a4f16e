"""The Artisans' guild: workshop tiles activated once more (specialists are no workshop tiles).

Its first action, activating one of your own face-up tiles, is the base game's "activate"."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..building import activate_tile
from ..flow import SLOT_LABELS
from ..jewelers_artisans_reasons import register_all
from ..state import SLOT_NAMES, who
from . import GUILD_NAMES, GuildAct, Label, register

GROUP = GUILD_NAMES["artisans"]


def face_up(pl: dict[str, Any]) -> list[str]:
    """The workshop spaces holding a face-up tile."""
    return [s for s in SLOT_NAMES if isinstance(pl["ws"][s], dict) and pl["ws"][s]["up"]]


def _pay(st: State, p: int, action: dict[str, Any]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]


def _can_pay(st: State, p: int, action: dict[str, Any]) -> bool:
    return bool(st["pl"][p]["rubles"] >= action["rubles"])


# --- another player's tile ------------------------------------------------------------------------


def _other_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay(st, p, action):
        return []
    out = []
    for q, pl in enumerate(st["pl"]):
        if q != p and not pl["iwan"]:
            out += [{**base, "player": q, "slot": s} for s in face_up(pl)]
    return out


def _other(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    owner = move["player"]
    events.append(
        {
            "msg": _(
                "{group}: {seat} pays {rubles_amount} to activate the workshop tile on the {slot} workshop space "
                "of {owner_seat}."
            ),
            "args": {
                "group": GROUP,
                "seat": who(st, p),
                "rubles_amount": action["rubles"],
                "slot": SLOT_LABELS[move["slot"]],
                "owner_seat": who(st, owner),
            },
        }
    )
    activate_tile(st, p, st["pl"][owner]["ws"][move["slot"]]["t"], events)


def _other_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _(
            "{group}: pay {rubles_amount} to activate the workshop tile on the {slot} workshop space of {owner_seat}"
        ),
        "args": {
            "group": group,
            "rubles_amount": action["rubles"],
            "slot": SLOT_LABELS[move["slot"]],
            "owner_seat": who(st, move["player"]),
        },
    }


def _other_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {rubles_amount} to activate a face-up workshop tile of another player; you get what it brings."),
        "args": {"rubles_amount": action["rubles"]},
    }


def _other_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import rubles_worth, tile_worth

    tile = seat.st["pl"][move["player"]]["ws"][move["slot"]]["t"]
    return tile_worth(seat, tile) + rubles_worth(seat, -action["rubles"])


# --- one of your tiles twice ----------------------------------------------------------------------


def _twice_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay(st, p, action):
        return []
    return [{**base, "slot": s} for s in face_up(st["pl"][p])]


def _twice(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    events.append(
        {
            "msg": _(
                "{group}: {seat} pays {rubles_amount} to activate the workshop tile on the {slot} workshop space twice."
            ),
            "args": {
                "group": GROUP,
                "seat": who(st, p),
                "rubles_amount": action["rubles"],
                "slot": SLOT_LABELS[move["slot"]],
            },
        }
    )
    tile = st["pl"][p]["ws"][move["slot"]]["t"]
    activate_tile(st, p, tile, events)
    activate_tile(st, p, tile, events)


def _twice_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {rubles_amount} to activate the workshop tile on the {slot} workshop space twice"),
        "args": {"group": group, "rubles_amount": action["rubles"], "slot": SLOT_LABELS[move["slot"]]},
    }


def _twice_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {rubles_amount} to activate one of your face-up workshop tiles twice."),
        "args": {"rubles_amount": action["rubles"]},
    }


def _twice_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import rubles_worth, tile_worth

    tile = seat.pl["ws"][move["slot"]]["t"]
    # The second activation is worth a little less: the first one has filled the same need.
    return 1.8 * tile_worth(seat, tile) + rubles_worth(seat, -action["rubles"])


# --- two different tiles of yours ---------------------------------------------------------------------


def _two_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay(st, p, action):
        return []
    return [{**base, "slots": [a, b]} for a, b in combinations(face_up(st["pl"][p]), 2)]


def _two(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    first, second = move["slots"]
    events.append(
        {
            "msg": _(
                "{group}: {seat} pays {rubles_amount} to activate the workshop tiles on the {first} and the "
                "{second} workshop spaces."
            ),
            "args": {
                "group": GROUP,
                "seat": who(st, p),
                "rubles_amount": action["rubles"],
                "first": SLOT_LABELS[first],
                "second": SLOT_LABELS[second],
            },
        }
    )
    for slot in (first, second):
        activate_tile(st, p, st["pl"][p]["ws"][slot]["t"], events)


def _two_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    first, second = move["slots"]
    return {
        "msg": _(
            "{group}: pay {rubles_amount} to activate the workshop tiles on the {first} and the {second} workshop spaces"
        ),
        "args": {
            "group": group,
            "rubles_amount": action["rubles"],
            "first": SLOT_LABELS[first],
            "second": SLOT_LABELS[second],
        },
    }


def _two_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {rubles_amount} to activate two different face-up workshop tiles of yours."),
        "args": {"rubles_amount": action["rubles"]},
    }


def _two_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import rubles_worth, tile_worth

    worth = sum(tile_worth(seat, seat.pl["ws"][s]["t"]) for s in move["slots"])
    return worth + rubles_worth(seat, -action["rubles"])


register("activate_other", GuildAct(_other_moves, _other, _other_label, _other_text, _other_worth))
register("activate_twice", GuildAct(_twice_moves, _twice, _twice_label, _twice_text, _twice_worth))
register("activate_two", GuildAct(_two_moves, _two, _two_label, _two_text, _two_worth))


# The Jewelers' and the Artisans' refusals, once both guilds' actions are registered.
register_all()
