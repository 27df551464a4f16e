"""Labels of moves as message ids with arguments, translated where they are shown."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move, State
from games.rules.base import gettext_noop as _

from .building import claim_cost
from .flow import SLOT_LABELS
from .guilds import ACTS
from .market import DIE_NAMES, GROUP_NAMES, landing, quarter_card
from .state import KIND_NAMES, NAMES, ORN_FOR_KIND, ORNAMENT_NAMES, SECTIONS, find

Label = dict[str, Any]


def label(st: State, seat: int, move: Move) -> Label:
    kind = move.get("type")
    if kind == "draft":
        from .special_tiles import draft_label

        return draft_label(move)
    if kind == "tile_choice":
        from .special_tiles import choice_label

        return choice_label(st, seat, move)
    if kind == "claim" and move.get("special"):
        return special_claim_label(st, seat, move)
    if kind == "claim":
        section = move["section"]
        args = {"section": section, "kind": KIND_NAMES[SECTIONS[section]["kind"]], "tower": find(st, section)[0] + 1}
        if "slot" not in move:
            return {"msg": _("Claim {kind} {section} in tower {tower}"), "args": args}
        args["slot"] = SLOT_LABELS[move["slot"]]
        if move["banner"] in ("white1", "white2"):
            args["banner"] = SLOT_LABELS[move["banner"]]
            if move["up"]:
                args["rubles"] = claim_cost(st, seat, move["slot"])
                return {
                    "msg": _(
                        "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; "
                        "tile face up on the {slot} workshop space for {rubles} rubles"
                    ),
                    "args": args,
                }
            return {
                "msg": _(
                    "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; "
                    "tile face down on the {slot} workshop space"
                ),
                "args": args,
            }
        if move["up"]:
            args["rubles"] = claim_cost(st, seat, move["slot"])
            return {
                "msg": _(
                    "Claim {kind} {section} in tower {tower}; tile face up on the {slot} workshop space for {rubles} rubles"
                ),
                "args": args,
            }
        return {
            "msg": _("Claim {kind} {section} in tower {tower}; tile face down on the {slot} workshop space"),
            "args": args,
        }
    if kind == "deliver":
        args = {"material": NAMES[move["material"]], "section": move["section"]}
        if move.get("diamond"):
            return {"msg": _("Deliver a diamond as {material} to {section}"), "args": args}
        return {"msg": _("Deliver {material} to {section}"), "args": args}
    if kind == "ornament":
        orn = ORNAMENT_NAMES[ORN_FOR_KIND[SECTIONS[move["section"]]["kind"]]]
        args = {"ornament": orn, "section": move["section"]}
        if move.get("diamonds"):
            args["replaced"] = [NAMES[m] for m in move["diamonds"]]
            if move["gems"]:
                gems = {**args, "gems": [NAMES[g] for g in move["gems"]]}
                if len(move["diamonds"]) == 1:
                    return {
                        "msg": _("Add {ornament} to {section} with {gems}, a diamond standing in for {replaced}"),
                        "args": gems,
                    }
                return {
                    "msg": _("Add {ornament} to {section} with {gems}, diamonds standing in for {replaced}"),
                    "args": gems,
                }
            return {"msg": _("Add {ornament} to {section}, a diamond standing in for {replaced}"), "args": args}
        if move["gems"]:
            return {
                "msg": _("Add {ornament} to {section} with {gems}"),
                "args": {**args, "gems": [NAMES[g] for g in move["gems"]]},
            }
        return {"msg": _("Add {ornament} to {section}"), "args": args}
    if kind == "die":
        die = move["die"]
        area = landing(st, die, st["market"]["dice"][die][1] + move["extra"]) + 1
        args = {"die": DIE_NAMES[die], "area": area}
        if move["extra"]:
            return {
                "msg": _("Move {die} to area {area} ({rubles} rubles for extra steps)"),
                "args": {**args, "rubles": move["extra"]},
            }
        return {"msg": _("Move {die} to area {area}"), "args": args}
    if kind == "take":
        from .market import take_limit

        key, _limit = take_limit(st, seat)
        return {"msg": _("Take {count}× {resource}"), "args": {"count": move["count"], "resource": NAMES[key]}}
    if kind == "influence":
        return influence_label(st, move, seat)
    if kind == "activate":
        return {
            "msg": _("Activate the workshop tile on the {slot} workshop space"),
            "args": {"slot": SLOT_LABELS[move["slot"]]},
        }
    if kind == "glory_rubles":
        return {"msg": _("Give up 1 glory for 2 rubles"), "args": {}}
    if kind == "reroll":
        return {"msg": _("Give up 1 glory to reroll the dice in area {area}"), "args": {"area": move["area"] + 1}}
    if kind == "end":
        return {"msg": _("End your turn"), "args": {}}
    if kind == "choose":
        from .guilds import choice

        return choice.label(st, seat, move)
    if kind in ("recruit", "bonus", "hire", "specialist", "glory_permit"):
        return contractor_label(st, seat, move)
    if kind == "reinforce":
        from .reinforcement_labels import label as reinforcement_label

        return reinforcement_label(st, seat, move)
    if kind == "iwan_claim":
        return {"msg": _("Iwan claims {section}"), "args": {"section": move["section"]}}
    if kind == "iwan_ornament":
        return {"msg": _("Iwan decorates {section}"), "args": {"section": move["section"]}}
    return {"msg": str(kind), "args": {}}


def contractor_label(st: State, seat: int, move: Move) -> Label:
    from .contractors import CITY_NAMES, HIRE, cost

    kind = move["type"]
    if kind == "recruit":
        return {
            "msg": _("Recruit: send a contractor to {city} for {permits} permits"),
            "args": {"city": CITY_NAMES[move["city"]], "permits": cost(st, move["city"])},
        }
    if kind == "bonus":
        return {"msg": _("Take {material} as the contractor's bonus"), "args": {"material": NAMES[move["material"]]}}
    if kind == "hire":
        args = {"specialist": st["contr"]["row"][move["space"]]}
        if move["pay"]:
            return {"msg": _("Hire specialist {specialist} for {rubles} rubles"), "args": {**args, "rubles": HIRE}}
        return {"msg": _("Discard specialist {specialist} from the game"), "args": args}
    if kind == "specialist":
        return {"msg": _("Use specialist {specialist}"), "args": {"specialist": st["pl"][seat]["spec"]}}
    return {"msg": _("Give up 1 glory for 1 permit"), "args": {}}


def influence_label(st: State, move: Move, seat: int = 0) -> Label:
    return action_label(st, seat, quarter_card(st, st["turn"]["area"]), move)


def action_label(st: State, seat: int, card: dict[str, Any], move: Move) -> Label:
    """The label of ``move``, an action of ``card`` (the quarter's, or one an action borrows)."""
    a = card["actions"][move["action"]]
    act = a["act"]
    group = GROUP_NAMES[card["group"]]
    if act in ACTS:
        return ACTS[act].label(st, seat, move, a, group)
    args: dict[str, Any] = {"group": group}
    if act == "sell":
        return {
            "msg": _("{group}: sell {material} for {rubles} rubles"),
            "args": {**args, "material": NAMES[move["material"]], "rubles": a["rubles"]},
        }
    if act == "buy":
        return {
            "msg": _("{group}: buy {material} for {rubles} rubles"),
            "args": {**args, "material": NAMES[move["material"]], "rubles": a["rubles"]},
        }
    if act == "deliver":
        return {
            "msg": _("{group}: pay {rubles} rubles to deliver {count} material(s)"),
            "args": {**args, "rubles": a["rubles"], "count": a["units"]},
        }
    if act == "income":
        return {"msg": _("{group}: take {rubles} rubles"), "args": {**args, "rubles": a["rubles"]}}
    if act == "swap_tiles":
        x, y = move["areas"]
        return {
            "msg": _("{group}: pay {rubles} rubles to swap the resource tiles of areas {first} and {second}"),
            "args": {**args, "rubles": a["rubles"], "first": x + 1, "second": y + 1},
        }
    if act == "exchange":
        return {
            "msg": _("{group}: exchange {count}× {material} for {goods}"),
            "args": {
                **args,
                "count": a["give"],
                "material": NAMES[move["give"]],
                "goods": [NAMES[m] for m in move["get"]],
            },
        }
    if act == "trade":
        return {
            "msg": _("{group}: exchange 1 ruble and {material} for {goods}"),
            "args": {**args, "material": NAMES[move["give"]], "goods": [NAMES[move["get"]]]},
        }
    if act == "activate":
        return {
            "msg": _("{group}: activate the workshop tile on the {slot} workshop space"),
            "args": {**args, "slot": SLOT_LABELS[move["slot"]]},
        }
    if act == "glory":
        return {"msg": _("{group}: gain {glory} glory"), "args": {**args, "glory": a["glory"]}}
    if act == "pay_glory":
        return {
            "msg": _("{group}: pay {rubles} rubles for {glory} glory"),
            "args": {**args, "rubles": a["rubles"], "glory": a["glory"]},
        }
    if act == "offer":
        return {
            "msg": _("{group}: give {goods} for {glory} glory"),
            "args": {**args, "goods": [NAMES[m] for m in move["materials"]], "glory": a["glory"]},
        }
    return {
        "msg": _("{group}: gain {glory} glory for a completed base, middle section and dome"),
        "args": {**args, "glory": a["glory"]},
    }


def special_claim_label(st: State, seat: int, move: Move) -> Label:
    """A claim that places the special workshop tile instead of the section's (which is discarded)."""
    from .special_tiles import placing_cost

    section = move["section"]
    args = {
        "section": section,
        "kind": KIND_NAMES[SECTIONS[section]["kind"]],
        "tower": find(st, section)[0] + 1,
        "slot": SLOT_LABELS[move["slot"]],
        "rubles": placing_cost(st["pl"][seat]),
    }
    if move["banner"] in ("white1", "white2"):
        args["banner"] = SLOT_LABELS[move["banner"]]
        if move["up"]:
            return {
                "msg": _(
                    "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; your "
                    "special workshop tile instead of its tile, face up on the {slot} workshop space for {rubles} rubles"
                ),
                "args": args,
            }
        return {
            "msg": _(
                "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; your "
                "special workshop tile instead of its tile, face down on the {slot} workshop space"
            ),
            "args": args,
        }
    if move["up"]:
        return {
            "msg": _(
                "Claim {kind} {section} in tower {tower}; your special workshop tile instead of its tile, "
                "face up on the {slot} workshop space for {rubles} rubles"
            ),
            "args": args,
        }
    return {
        "msg": _(
            "Claim {kind} {section} in tower {tower}; your special workshop tile instead of its tile, "
            "face down on the {slot} workshop space"
        ),
        "args": args,
    }
