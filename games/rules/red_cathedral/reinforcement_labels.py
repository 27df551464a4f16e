"""The words for the reinforcement tiles: each tile's effect, and the label of each way to use one."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move, State
from games.rules.base import gettext_noop as _

from .market import DIE_NAMES, tile_gives
from .reinforcement import TILES
from .state import INFLUENCE, KIND_NAMES, NAMES, ORNAMENT_NAMES, SECTIONS, find

Label = dict[str, Any]


def _one(amounts: dict[str, int]) -> tuple[str, int]:
    """The single resource a family tile shows (the data file allows one)."""
    key = next(iter(amounts))
    return key, amounts[key]


def text(tile: dict[str, Any]) -> Label:
    """A tile's effect in words, for the board and the figures page."""
    effect = tile["effect"]
    if effect == "gain":
        key, count = _one(tile["gives"])
        return {"msg": _("Gain {count}× {resource}."), "args": {"count": count, "resource": NAMES[key]}}
    if effect == "pay":
        material, count = _one(tile["pays"])
        if "glory" in tile["gives"]:
            return {
                "msg": _("Return {count}× {material} to the supply for {glory} glory."),
                "args": {"count": count, "material": NAMES[material], "glory": tile["gives"]["glory"]},
            }
        return {
            "msg": _("Pay {count}× {material} for {rp} construction points."),
            "args": {"count": count, "material": NAMES[material], "rp": tile["gives"]["rp"]},
        }
    if effect == "materials":
        return {"msg": _("Gain {count} materials of your choice."), "args": {"count": tile["count"]}}
    if effect == "discard_ornament":
        return {
            "msg": _("Put one of your ornaments not yet on the cathedral back in the box for {glory} glory."),
            "args": {"glory": tile["glory"]},
        }
    if effect == "buy_rp":
        return {
            "msg": _("Pay up to {rubles} rubles for as many construction points."),
            "args": {"rubles": tile["most"]},
        }
    return {"msg": TEXTS[effect], "args": {}}


TEXTS = {
    "group_action": _("Take one action of any of the four groups."),
    "activate": _("Activate one of your face-up workshop tiles."),
    "deliver": _("Deliver 1 material to one of your sections."),
    "free_tile": _("When you next claim a section, put its workshop tile face up for free."),
    "die_area": _("Gain the resources of the area where a die of your choice lies."),
    "activate_twice": _("Activate two of your face-up workshop tiles once each, or one of them twice."),
    "material_deliver": _("Gain 1 material of your choice and deliver 1 material, in either order."),
    "resource_tile": _("Gain the resources of a resource tile of your choice."),
    "claim": _("Claim a section, as the basic action does."),
}


def label(st: State, p: int, move: Move) -> Label:
    """The label of a use of a reinforcement tile (one of ``reinforcement.moves``)."""
    tile = move["tile"]
    r = TILES[tile]
    effect = r["effect"]
    args: dict[str, Any] = {"tile": tile}
    if effect in ("gain", "pay"):
        words = text(r)
        return {"msg": PREFIXED[words["msg"]], "args": {**args, **words["args"]}}
    if effect == "activate":
        from .flow import SLOT_LABELS

        return {
            "msg": _("Reinforcement tile {tile}: activate the workshop tile on the {slot} workshop space"),
            "args": {**args, "slot": SLOT_LABELS[move["slot"]]},
        }
    if effect == "activate_twice":
        from .flow import SLOT_LABELS

        first, second = move["slots"]
        if first == second:
            return {
                "msg": _("Reinforcement tile {tile}: activate the workshop tile on the {slot} workshop space twice"),
                "args": {**args, "slot": SLOT_LABELS[first]},
            }
        return {
            "msg": _(
                "Reinforcement tile {tile}: activate the workshop tiles on the {slot} and {second} workshop spaces"
            ),
            "args": {**args, "slot": SLOT_LABELS[first], "second": SLOT_LABELS[second]},
        }
    if effect == "deliver":
        return {
            "msg": _("Reinforcement tile {tile}: deliver {material} to {section}"),
            "args": {**args, "material": NAMES[move["material"]], "section": move["section"]},
        }
    if effect == "free_tile":
        return {
            "msg": _("Reinforcement tile {tile}: put your next claimed workshop tile face up for free"),
            "args": args,
        }
    if effect == "materials":
        return {
            "msg": _("Reinforcement tile {tile}: take {goods}"),
            "args": {**args, "goods": [NAMES[m] for m in move["materials"]]},
        }
    if effect == "die_area":
        area = st["market"]["dice"][move["die"]][0]
        key, count = tile_gives(st, area)
        return {
            "msg": _("Reinforcement tile {tile}: take {count}× {resource} from the area of {die}"),
            "args": {**args, "count": count, "resource": NAMES[key], "die": DIE_NAMES[move["die"]]},
        }
    if effect == "resource_tile":
        key, count = tile_gives(st, move["area"])
        return {
            "msg": _("Reinforcement tile {tile}: take {count}× {resource} from the tile of area {area}"),
            "args": {**args, "count": count, "resource": NAMES[key], "area": move["area"] + 1},
        }
    if effect == "discard_ornament":
        return {
            "msg": _("Reinforcement tile {tile}: put {ornament} back in the box for {glory} glory"),
            "args": {**args, "ornament": ORNAMENT_NAMES[move["ornament"]], "glory": r["glory"]},
        }
    if effect == "buy_rp":
        return {
            "msg": _("Reinforcement tile {tile}: pay {rubles} rubles for {rp} construction points"),
            "args": {**args, "rubles": move["rubles"], "rp": move["rubles"]},
        }
    if effect == "material_deliver":
        if "section" not in move:
            return {"msg": _("Reinforcement tile {tile}: take {get}"), "args": {**args, "get": NAMES[move["get"]]}}
        return {
            "msg": _("Reinforcement tile {tile}: take {get} and deliver {material} to {section}"),
            "args": {
                **args,
                "get": NAMES[move["get"]],
                "material": NAMES[move["material"]],
                "section": move["section"],
            },
        }
    if effect == "claim":
        return _claim_label(st, p, move, args)
    # group_action: the borrowed action's own label, which names its group
    from .labels import action_label

    return action_label(st, p, INFLUENCE[move["card"]], move)


# The family tiles' effects as labels, naming the tile.
PREFIXED = {
    "Gain {count}× {resource}.": _("Reinforcement tile {tile}: gain {count}× {resource}"),
    "Return {count}× {material} to the supply for {glory} glory.": _(
        "Reinforcement tile {tile}: return {count}× {material} for {glory} glory"
    ),
    "Pay {count}× {material} for {rp} construction points.": _(
        "Reinforcement tile {tile}: pay {count}× {material} for {rp} construction points"
    ),
}


def _claim_label(st: State, p: int, move: Move, args: dict[str, Any]) -> Label:
    from .building import claim_cost
    from .flow import SLOT_LABELS

    section = move["section"]
    args = {
        **args,
        "section": section,
        "kind": KIND_NAMES[SECTIONS[section]["kind"]],
        "tower": find(st, section)[0] + 1,
    }
    if "slot" not in move:
        return {"msg": _("Reinforcement tile {tile}: claim {kind} {section} in tower {tower}"), "args": args}
    args["slot"] = SLOT_LABELS[move["slot"]]
    if move["banner"] in ("white1", "white2"):
        args["banner"] = SLOT_LABELS[move["banner"]]
    if move["up"]:
        args["rubles"] = claim_cost(st, p, move["slot"])
        msg = (
            _(
                "Reinforcement tile {tile}: claim {kind} {section} in tower {tower} with the banner from the {banner} "
                "workshop space; tile face up on the {slot} workshop space for {rubles} rubles"
            )
            if "banner" in args
            else _(
                "Reinforcement tile {tile}: claim {kind} {section} in tower {tower}; "
                "tile face up on the {slot} workshop space for {rubles} rubles"
            )
        )
    else:
        msg = (
            _(
                "Reinforcement tile {tile}: claim {kind} {section} in tower {tower} with the banner from the {banner} "
                "workshop space; tile face down on the {slot} workshop space"
            )
            if "banner" in args
            else _(
                "Reinforcement tile {tile}: claim {kind} {section} in tower {tower}; "
                "tile face down on the {slot} workshop space"
            )
        )
    return {"msg": msg, "args": args}
