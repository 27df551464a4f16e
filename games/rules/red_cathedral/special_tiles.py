"""The 4 special workshop tiles (promo, the table option ``special_tiles``).

Before the first turn each player drafts one, the last seat first (``st["draft"]``: the tiles
left and the seats still to choose); the rest go back to the box. A player holds the drafted tile
in ``pl["special"]`` until a claim places it instead of the section's workshop tile, face up for
as many rubles as the player's workshop spaces still without a tile. Three of the tiles ask for a
choice when they are activated; such choices wait in ``st["turn"]["choices"]`` (tile ids, first
first) and are the only legal moves until they are made.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from . import diamonds
from .data import MATERIALS, figures
from .market import DIE_NAMES
from .state import INFLUENCE, NAMES, RES_TILES, dice_of, free_space, gain, take_materials, who

FIGURES = figures()["special_tiles"]
TILES: dict[str, dict[str, Any]] = FIGURES["tiles"]
OPTION = "special_tiles"
# What each tile brings, in words (the board, the figures page, move labels and log lines).
EFFECT_TEXTS = {
    "diamond": _("gain 1 diamond"),
    "material": _("gain 1 material of your choice and 1 ruble"),
    "die": _("gain the resources of the area of any die in the market, once"),
    "guild": _("take one action of any of the four influence cards in play"),
}


def effect(tile: str) -> str:
    result: str = TILES[tile]["effect"]
    return result


def is_special(tile: str | None) -> bool:
    return tile in TILES


def setup_extras(st: State, options: dict[str, Any]) -> None:
    """Diamonds for the Jewelers' guild and the special tiles; the draft of the special tiles."""
    special = bool(options.get(OPTION))
    if special or st.get("guild") == "jewelers":
        diamonds.setup(st)
    if not special:
        return
    seats = [p for p in range(st["np"]) if not st["pl"][p]["iwan"]]
    for p in seats:
        st["pl"][p]["special"] = None
    st["draft"] = {"left": sorted(TILES), "order": list(reversed(seats))}


def drafting(st: State) -> int | None:
    """The seat that drafts now, or None once the draft is over (or was never played)."""
    draft = st.get("draft")
    return draft["order"][0] if draft else None


def draft_moves(st: State, p: int) -> list[Move]:
    if drafting(st) != p:
        return []
    return [{"type": "draft", "tile": t} for t in st["draft"]["left"]]


def draft(st: State, p: int, tile: str, events: list[Event]) -> None:
    d = st["draft"]
    d["left"].remove(tile)
    d["order"].pop(0)
    st["pl"][p]["special"] = tile
    events.append(
        {
            "msg": _("{seat} takes the special workshop tile: {tile}."),
            "args": {"seat": who(st, p), "tile": EFFECT_TEXTS[effect(tile)]},
        }
    )
    if not d["order"]:
        st["draft"] = None
        events.append({"msg": _("The special workshop tiles left over go back to the box."), "args": {}})


# --- placing the tile when claiming ---------------------------------------------------------------


def free_spaces(pl: dict[str, Any]) -> int:
    """Workshop spaces without a workshop tile (a banner on one leaves it free): the tile's cost."""
    return sum(1 for held in pl["ws"].values() if not isinstance(held, dict))


def placing_cost(pl: dict[str, Any]) -> int:
    """Rubles to place the special tile face up at a claim now: one per free workshop space, or
    nothing after the Brickmakers' reinforcement tile that frees the next claim's placement ("keine
    Kosten, um das Werkstattplättchen abzulegen": the tile placed at that claim, whichever it is)."""
    return 0 if pl.get("free_up") else free_spaces(pl)


def claim_moves(st: State, p: int, claims: list[Move]) -> list[Move]:
    """Each claim that places the section's tile may place the special tile there instead."""
    pl = st["pl"][p]
    if not pl.get("special"):
        return []
    cost = placing_cost(pl)
    out: list[Move] = []
    for m in claims:
        if "slot" in m and not m["up"]:
            out.append({**m, "special": True})
            if pl["rubles"] >= cost:
                out.append({**m, "up": True, "special": True})
    return out


def claim(st: State, p: int, move: Move, events: list[Event]) -> None:
    from .building import claim as claim_section
    from .building import place_tile

    pl = st["pl"][p]
    cost = placing_cost(pl)
    claim_section(st, p, move["section"], move["banner"], None, False, events)
    tile, pl["special"] = pl["special"], None
    events.append(
        {
            "msg": _("{seat} discards the section's workshop tile and places the special workshop tile instead."),
            "args": {"seat": who(st, p)},
        }
    )
    place_tile(st, p, tile, move["slot"], move["up"], cost, events)


# --- activation ---------------------------------------------------------------------------------


def activate(st: State, p: int, tile: str, events: list[Event]) -> None:
    kind = effect(tile)
    if kind == "diamond":
        diamonds.gain(st, p, 1, events)
        return
    if kind == "material":
        gain(st, p, TILES[tile]["gain"], "tiles", events)
        if not _materials(st, p):
            return  # no space or supply left: the ruble only
    st["turn"].setdefault("choices", []).append(tile)


def pending(st: State) -> str | None:
    """The special tile whose benefit waits for the player's choice."""
    choices = st["turn"].get("choices")
    return choices[0] if choices else None


def _materials(st: State, p: int) -> list[str]:
    if not free_space(st["pl"][p]):
        return []
    return [m for m in MATERIALS if st["supply"][m]]


def choice_moves(st: State, p: int) -> list[Move]:
    tile = pending(st)
    if tile is None:
        return []
    kind = effect(tile)
    base: Move = {"type": "tile_choice"}
    if kind == "material":
        return [{**base, "material": m} for m in _materials(st, p)]
    if kind == "die":
        return [{**base, "die": d} for d in dice_of(st)]
    from .influence import action_moves

    out: list[Move] = []
    for quarter, card_id in enumerate(st["influence"]):
        card = INFLUENCE[card_id]
        # Seen from the card's own quarter, so that an action borrowing "another group's" action
        # (the Archivists') borrows from the three other cards and never from itself.
        probe = {**st, "turn": {**st["turn"], "area": 2 * quarter}}
        for m in action_moves(probe, p, card, list(range(len(card["actions"]))), {**base, "card": card_id}):
            if not _reactivates(st, p, m):
                out.append(m)
    out.append({**base, "pass": True})
    return out


def _reactivates(st: State, p: int, move: Move) -> bool:
    """A nested action may not activate an influence-group tile again (that would never end)."""
    owner = st["pl"][move.get("player", p)]
    slots = [move["slot"]] if "slot" in move else list(move.get("slots", []))
    for slot in slots:
        held = owner["ws"].get(slot)
        if isinstance(held, dict) and is_special(held["t"]) and effect(held["t"]) == "guild":
            return True
    return False


def resolve(st: State, p: int, move: Move, events: list[Event]) -> None:
    """``move`` is one of :func:`choice_moves`."""
    st["turn"]["choices"].pop(0)
    seat = who(st, p)
    if "card" in move:
        from .influence import perform

        perform(st, p, INFLUENCE[move["card"]], move, events)
    elif "material" in move:
        got = take_materials(st, p, move["material"], 1)
        events.append(
            {
                "msg": _("{seat} gets {count}× {resource}."),
                "args": {"seat": seat, "count": got, "resource": NAMES[move["material"]]},
            }
        )
    elif "die" in move:
        area = st["market"]["dice"][move["die"]][0]
        events.append(
            {
                "msg": _("{seat} activates {die} and takes the resources of area {area}."),
                "args": {"seat": seat, "area": area + 1, "die": DIE_NAMES[move["die"]]},
            }
        )
        gain(st, p, RES_TILES[st["market"]["res"][area]]["gives"], "tiles", events)
    else:
        events.append({"msg": _("{seat} takes no action of an influence card."), "args": {"seat": seat}})
    if not st["turn"]["choices"]:
        del st["turn"]["choices"]


def draft_label(move: Move) -> dict[str, Any]:
    return {"msg": _("Take the special workshop tile: {tile}"), "args": {"tile": EFFECT_TEXTS[effect(move["tile"])]}}


def choice_label(st: State, p: int, move: Move) -> dict[str, Any]:
    if "card" in move:
        from .labels import action_label

        return action_label(st, p, INFLUENCE[move["card"]], move)
    if "material" in move:
        return {"msg": _("Special workshop tile: take {material}"), "args": {"material": NAMES[move["material"]]}}
    if "die" in move:
        area = st["market"]["dice"][move["die"]][0]
        return {
            "msg": _("Special workshop tile: activate {die}, the resources of area {area}"),
            "args": {"area": area + 1, "die": DIE_NAMES[move["die"]]},
        }
    return {"msg": _("Special workshop tile: take no influence action"), "args": {}}
