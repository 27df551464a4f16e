"""The Archivists' guild: secret contracts, and construction points spent on market resources or
another group's action.

Drawing contracts leaves a choice (which card to keep; with 3 held, which one to give up), made at
once with a ``choose`` move; the log says which card was kept to its keeper alone.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..data import MATERIALS
from ..market import tile_gives
from ..state import AREAS, INFLUENCE, NAMES, RES_TILES, dice_in, free_space, gain, gain_points, who
from . import GuildAct, register
from .choice import Choice, register_choice, start
from .contracts import CONTRACTS, HELD_MAX, held, setup_deck, worth
from .reasons import Why, register_choice_reason, register_reason
from .words import words

Label = dict[str, Any]


def pay_points(st: State, p: int, rp: int) -> None:
    """Construction points spent: the marker goes back, and any glory it passes is given up."""
    gain_points(st, p, -rp, "spent")


def _can_pay_points(st: State, p: int, rp: int) -> bool:
    return bool(st["pl"][p]["space"] >= rp)


# --- draw 3 contracts, keep 1 -------------------------------------------------------------------


def draw_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if st["pl"][p]["rubles"] < action["rubles"] or not st.get("contracts"):
        return []
    return [dict(base)]


def draw_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]
    deck = st["contracts"]
    drawn, st["contracts"] = deck[: action["draw"]], deck[action["draw"] :]
    start(st, "contracts", cards=drawn)
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rubles} and draws {count} contracts.")),
            "args": {"group": _group(), "seat": who(st, p), "rubles": action["rubles"], "count": len(drawn)},
        }
    )


def draw_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": words(_("{group}: pay {rubles} to draw {count} contracts and keep 1")),
        "args": {"group": group, "rubles": action["rubles"], "count": action["draw"]},
    }


def draw_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(_("Pay {rubles} to draw {count} contracts; keep 1, the others go under the deck.")),
        "args": {"rubles": action["rubles"], "count": action["draw"]},
    }


def draw_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """A contract is worth about 2 glory at the end; less once 3 are held (one must go)."""
    from ..bot import glory_worth, rubles_worth

    have = len(held(seat.st, seat.p))
    if seat.last or have >= HELD_MAX:
        return rubles_worth(seat, -action["rubles"]) + (0.5 if have >= HELD_MAX else 0.0)
    return glory_worth(seat, 2) * 0.8 + rubles_worth(seat, -action["rubles"])


def keep_moves(st: State, p: int, now: dict[str, Any]) -> list[Move]:
    mine = held(st, p)
    if len(mine) < HELD_MAX:
        return [{"type": "choose", "keep": c} for c in now["cards"]]
    swaps: list[Move] = [{"type": "choose", "keep": c, "discard": d} for c in now["cards"] for d in mine]
    return swaps + [{"type": "choose", "keep": None}]


def keep_apply(st: State, p: int, move: Move, now: dict[str, Any], events: list[Event]) -> None:
    kept = move["keep"]
    mine = st["pl"][p]["contracts"]
    under = [c for c in now["cards"] if c != kept]
    if move.get("discard"):
        mine.remove(move["discard"])
        under.append(move["discard"])
    if kept is not None:
        mine.append(kept)
    st["contracts"] += under
    seat = who(st, p)
    events.append(
        {
            "msg": _("{seat} keeps a contract and puts {count} under the deck."),
            "args": {"seat": seat, "count": len(under)},
        }
        if kept is not None
        else {
            "msg": _("{seat} keeps none of the contracts and puts {count} under the deck."),
            "args": {"seat": seat, "count": len(under)},
        }
    )
    if kept is not None:
        line: Event = {"msg": _("You keep contract {contract}."), "args": {"contract": kept}, "only": p}
        if move.get("discard"):
            line = {
                "msg": _("You keep contract {contract} and put contract {discarded} under the deck."),
                "args": {"contract": kept, "discarded": move["discard"]},
                "only": p,
            }
        events.append(line)


def keep_label(st: State, p: int, move: Move, now: dict[str, Any]) -> Label:
    if move["keep"] is None:
        return {"msg": _("Keep none of the drawn contracts"), "args": {}}
    if move.get("discard"):
        return {
            "msg": _("Keep contract {contract}; put your contract {discarded} under the deck"),
            "args": {"contract": move["keep"], "discarded": move["discard"]},
        }
    return {"msg": _("Keep contract {contract}"), "args": {"contract": move["keep"]}}


def keep_worth(seat: Any, move: Move, now: dict[str, Any]) -> float:
    """A contract's glory if the game ended now, and a little for what it may still become."""
    from ..bot import glory_worth

    def value(cid: str | None) -> float:
        if cid is None:
            return 0.0
        rec = CONTRACTS[cid]
        now_glory = worth(seat.st, seat.p, cid)
        hope = 0.0 if seat.last else 0.5 * rec.get("glory_2p" if seat.st["np"] == 2 else "glory", rec["glory"])
        return glory_worth(seat, now_glory) + hope

    return value(move["keep"]) - value(move.get("discard"))


def keep_public(now: dict[str, Any], owner: int, seat: int | None) -> dict[str, Any]:
    """The drawn cards are shown to their drawer only; the others see how many there are."""
    return {"cards": list(now["cards"]) if seat == owner else [], "count": len(now["cards"])}


# --- 1 construction point: a market area's resources × its dice ------------------------------------


def area_limit(st: State, p: int, area: int) -> tuple[str, int]:
    """The resource of an area and how many of it the player would get (dice × tile, within limits)."""
    key, amount = tile_gives(st, area)
    total = amount * len(dice_in(st, area))
    if key in MATERIALS:
        total = min(total, st["supply"][key], free_space(st["pl"][p]))
    return key, total


def area_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay_points(st, p, action["rp"]):
        return []
    return [{**base, "area": a} for a in range(AREAS) if area_limit(st, p, a)[1] > 0]


def area_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    key, count = area_limit(st, p, move["area"])
    pay_points(st, p, action["rp"])
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rp} for the resources of area {area}.")),
            "args": {"group": _group(), "seat": who(st, p), "rp": action["rp"], "area": move["area"] + 1},
        }
    )
    gain(st, p, {key: count}, "guild", events)


def area_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    key, count = area_limit(st, p, move["area"])
    return {
        "msg": words(_("{group}: pay {rp} for {amount} from area {area}")),
        "args": {"group": group, "rp": action["rp"], "count": count, "resource": NAMES[key], "area": move["area"] + 1},
    }


def area_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(_("Pay {rp}: take the resources of a market area of your choice, times its dice.")),
        "args": {"rp": action["rp"]},
    }


# --- 1 construction point: one resource tile's resources -------------------------------------------


def tile_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay_points(st, p, action["rp"]):
        return []
    out = []
    for a, rid in enumerate(st["market"]["res"]):
        key, amount = next(iter(RES_TILES[rid]["gives"].items()))
        if key in MATERIALS and not min(amount, st["supply"][key], free_space(st["pl"][p])):
            continue
        out.append({**base, "area": a})
    return out


def tile_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    pay_points(st, p, action["rp"])
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rp} to activate the resource tile of area {area}.")),
            "args": {"group": _group(), "seat": who(st, p), "rp": action["rp"], "area": move["area"] + 1},
        }
    )
    gain(st, p, RES_TILES[st["market"]["res"][move["area"]]]["gives"], "guild", events)


def tile_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    key, amount = next(iter(RES_TILES[st["market"]["res"][move["area"]]]["gives"].items()))
    return {
        "msg": words(_("{group}: pay {rp} to activate the resource tile of area {area} ({amount})")),
        "args": {
            "group": group,
            "rp": action["rp"],
            "area": move["area"] + 1,
            "count": amount,
            "resource": NAMES[key],
        },
    }


def tile_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(_("Pay {rp}: activate one resource tile of the market and take its resources once.")),
        "args": {"rp": action["rp"]},
    }


# --- 1 construction point: an action of another group ----------------------------------------------


def group_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    from ..influence import action_moves, other_cards

    if not _can_pay_points(st, p, action["rp"]):
        return []
    # The borrowed action is paid for first, so it must still be possible with 1 point less.
    out = []
    for card in other_cards(st):
        for m in action_moves(st, p, card, [0, 1], {"type": "influence", "card": card["id"]}):
            out.append({**base, "use": m})
    return out


def group_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    from ..influence import perform

    used = move["use"]
    card = INFLUENCE[used["card"]]
    pay_points(st, p, action["rp"])
    events.append(
        {
            "msg": words(_("{group}: {seat} pays {rp} for an action of the {other}.")),
            "args": {"group": _group(), "seat": who(st, p), "rp": action["rp"], "other": _group_name(card["group"])},
        }
    )
    perform(st, p, card, used, events)


def group_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    """The borrowed action's own label, headed by both groups ("Archivists' guild, Craftsmen's guild: ...")."""
    from ..labels import action_label

    inner = action_label(st, p, INFLUENCE[move["use"]["card"]], move["use"])
    return {"msg": inner["msg"], "args": {**inner["args"], "group": [group, inner["args"]["group"]]}}


def group_text(action: dict[str, Any]) -> Label:
    return {
        "msg": words(_("Pay {rp}: take any action of one of the other three groups.")),
        "args": {"rp": action["rp"]},
    }


def group_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import influence_worth

    inner: float = influence_worth(seat, move["use"], INFLUENCE[move["use"]["card"]])
    return inner - float(action["rp"])


def _group() -> str:
    from . import GUILD_NAMES

    return GUILD_NAMES["archivists"]


def _group_name(group: str) -> str:
    from ..market import GROUP_NAMES

    return GROUP_NAMES[group]


# --- why a move is refused ----------------------------------------------------------------------------

NO_POINTS = words(_("This action costs {rp}, and your marker has not that many to give."))


def _area_of(move: Move) -> int | None:
    area = move.get("area")
    return area if isinstance(area, int) and not isinstance(area, bool) and 0 <= area < AREAS else None


def draw_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return words(_("Drawing contracts costs {rubles}.")), {"rubles": action["rubles"]}
    if not st.get("contracts"):
        return _("The contract deck is empty."), {}
    return None


def area_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if not _can_pay_points(st, p, action["rp"]):
        return NO_POINTS, {"rp": action["rp"]}
    area = _area_of(move)
    if area is None:
        return _("Choose one of the market areas 1 to 8."), {}
    if not dice_in(st, area):
        return _("Area {area} holds no die, so it would bring nothing."), {"area": area + 1}
    return _("Your stock has no room for the resources of area {area}, or the supply has none left."), {
        "area": area + 1
    }


def tile_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if not _can_pay_points(st, p, action["rp"]):
        return NO_POINTS, {"rp": action["rp"]}
    area = _area_of(move)
    if area is None:
        return _("Choose the resource tile of one of the market areas 1 to 8."), {}
    return _("Your stock has no room for the resources of area {area}, or the supply has none left."), {
        "area": area + 1
    }


def group_why(st: State, p: int, action: dict[str, Any], move: Move) -> Why:
    if not _can_pay_points(st, p, action["rp"]):
        return NO_POINTS, {"rp": action["rp"]}
    return _("Choose a possible action of one of the other three groups' cards in play."), {}


def keep_why(st: State, p: int, now: dict[str, Any], move: Move) -> Why:
    if len(held(st, p)) >= HELD_MAX:
        return (
            _("You hold 3 contracts: keep a drawn one by putting one of yours under the deck, or keep none."),
            {},
        )
    return _("Keep one of the drawn contracts."), {}


register("draw_contracts", GuildAct(draw_moves, draw_apply, draw_label, draw_text, draw_worth))
register("archive_area", GuildAct(area_moves, area_apply, area_label, area_text))
register("archive_tile", GuildAct(tile_moves, tile_apply, tile_label, tile_text))
register("archive_group", GuildAct(group_moves, group_apply, group_label, group_text, group_worth))
register_choice(
    "contracts",
    Choice(
        keep_moves,
        keep_apply,
        keep_label,
        keep_worth,
        _("First choose which of the drawn contracts to keep."),
        keep_public,
    ),
)
register_reason("draw_contracts", draw_why)
register_reason("archive_area", area_why)
register_reason("archive_tile", tile_why)
register_reason("archive_group", group_why)
register_choice_reason("contracts", keep_why)
SETUP = setup_deck
