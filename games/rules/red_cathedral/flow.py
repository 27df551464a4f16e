"""A turn from its basic action to its end: which moves are legal now, and what each does.

A turn has stages: ``main`` (choose a basic action: claim, deliver/decorate, or move a die),
``build`` (more deliveries within the 3 units), ``market`` (the market actions after a die moved)
and ``after`` (the claim is done). The optional actions (glory for rubles; glory for a reroll,
once) may come at any stage; ``end`` closes the turn once its basic action is done.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State
from games.rules.base import gettext_noop as _

from . import (
    building,
    contractors,
    diamonds,
    influence,
    market,
    reinforcement,
    scoring,
    solo,
    special_tiles,
    track,
)
from .data import GEMS, MATERIALS
from .guilds import choice
from .guilds.reasons import guild_reason
from .state import (
    BUILD_UNITS,
    GAME,
    MAX_PERMITS,
    ORNAMENTS,
    SECTIONS,
    SLOT_NAMES,
    TURN_LIMIT,
    new_turn,
    who,
)

GLORY_RUBLES = GAME["optional"]["glory_rubles"]
GEM_SETS: tuple[list[str], ...] = (
    [],
    ["green"],
    ["violet"],
    ["green", "green"],
    ["green", "violet"],
    ["violet", "violet"],
)


def to_act(st: State) -> list[int]:
    if st["over"]:
        return []
    if st["pend"]:
        return [0]
    drafting = special_tiles.drafting(st)
    if drafting is not None:
        return [drafting]
    return [st["turn"]["seat"]]


# --- legal moves ------------------------------------------------------------------------------


def legal_moves(st: State, seat: int, kind: str | None = None) -> list[Move]:
    """Every legal move of ``seat``, or only those of one ``kind`` (checking a move needs no more)."""
    if st["over"] or seat not in to_act(st):
        return []
    if st["pend"]:
        return [{"type": st["pend"]["k"], "section": s} for s in st["pend"]["options"]]
    if special_tiles.drafting(st) is not None:
        return special_tiles.draft_moves(st, seat) if kind in (None, "draft") else []
    if choice.pending(st):
        return choice.moves(st, seat) if kind in (None, "choose") else []
    if special_tiles.pending(st):
        return special_tiles.choice_moves(st, seat) if kind in (None, "tile_choice") else []
    turn = st["turn"]
    stage = turn["stage"]
    out: list[Move] = []
    if stage == "main":
        if kind in (None, "claim"):
            out += claim_moves(st, seat)
        if kind in (None, "deliver", "ornament"):
            out += delivery_moves(st, seat, BUILD_UNITS + turn["budget"])
        if kind in (None, "die"):
            out += [{"type": "die", "die": d, "extra": e} for d, e in market.die_moves(st, seat)]
        if kind in (None, "recruit") and contractors.on(st):
            out += contractors.recruit_moves(st, seat)
    elif stage == "bonus":
        if kind in (None, "bonus"):
            out += contractors.bonus_moves(st, seat)
    elif stage == "hire":
        if kind in (None, "hire"):
            out += contractors.hire_moves(st, seat)
    else:
        # "after": a special tile's influence action may buy deliveries right after a claim.
        if stage in ("build", "market", "after") and turn["budget"] and kind in (None, "deliver", "ornament"):
            out += delivery_moves(st, seat, turn["budget"])
        if stage == "market" and kind in (None, "take", "influence", "activate", "specialist"):
            out += market_moves(st, seat)
        if kind in (None, "end"):
            out.append({"type": "end"})
    if kind in (None, "glory_rubles", "reroll", "glory_permit"):
        out += optional_moves(st, seat)
    if kind in (None, "reinforce"):
        out += reinforcement.moves(st, seat)
    return out


def claim_moves(st: State, p: int) -> list[Move]:
    pl = st["pl"][p]
    sources = building.banner_sources(st, p)
    if not sources:
        return []
    costs = {slot: building.claim_cost(st, p, slot) for slot in SLOT_NAMES}
    out = []
    for tower in st["towers"]:
        sec = next((s for s in tower if s["owner"] is None), None)
        if sec is None:
            continue
        for banner in sources:
            base = {"type": "claim", "section": sec["id"], "banner": banner}
            if sec["wt"] is None:
                out.append(base)
                continue
            for slot in SLOT_NAMES:
                held = pl["ws"][slot]
                if held is None or slot == banner:
                    out.append({**base, "slot": slot, "up": False})
                    if pl["rubles"] >= costs[slot]:
                        out.append({**base, "slot": slot, "up": True})
    return out + special_tiles.claim_moves(st, p, out)


def delivery_moves(st: State, p: int, budget: int) -> list[Move]:
    inv = st["pl"][p]["inv"]
    out: list[Move] = []
    if not any(inv.values()):
        return out
    held = [m for m in MATERIALS if inv[m]]
    for tower in st["towers"]:
        for sec in tower:
            if sec["owner"] == p and not sec["done"]:
                cost, mat = SECTIONS[sec["id"]]["cost"], sec["mat"]
                for m in held:
                    if cost.get(m, 0) > mat.get(m, 0):
                        out.append({"type": "deliver", "section": sec["id"], "material": m})
    out += diamonds.delivery_moves(st, p)
    orn = st["pl"][p]["orn"]
    wild = diamonds.held(st["pl"][p]) > 0
    if not any(orn[k] and (inv[ORNAMENTS[k]["material"]] or wild) for k in orn):
        return out
    for section, kind in building.ornament_options(st, p):
        material = ORNAMENTS[kind]["material"]
        for gems in GEM_SETS:
            if 1 + len(gems) > budget:
                continue
            move = {"type": "ornament", "section": section, "gems": list(gems)}
            if inv[material] and all(inv[g] >= gems.count(g) for g in GEMS):
                out.append(move)
            if wild:
                out += [{**move, "diamonds": r} for r in diamonds.ornament_variants(inv, material, list(gems))]
    return out


def market_moves(st: State, p: int) -> list[Move]:
    turn = st["turn"]
    out: list[Move] = []
    if not turn["took"]:
        _key, limit = market.take_limit(st, p)
        out += [{"type": "take", "count": c} for c in range(limit, 0, -1)]
    out += influence.moves(st, p)
    if not turn["act"]:
        out += [{"type": "activate", "slot": s} for s in activation_slots(st, p)]
        if turn["die"] == "black" and st["pl"][p]["spec"] is not None:
            out.append({"type": "specialist"})
    return out


def activation_slots(st: State, p: int) -> list[str]:
    die = st["turn"]["die"]
    slots = ("white1", "white2") if die == "white" else (die,)
    ws = st["pl"][p]["ws"]
    return [s for s in slots if isinstance(ws.get(s), dict) and ws[s]["up"]]


def optional_moves(st: State, p: int) -> list[Move]:
    if track.eagle_behind(st["pl"][p]["space"]) is None:
        return []
    out: list[Move] = [{"type": "glory_rubles"}]
    if not st["turn"]["reroll"]:
        areas = sorted({area for area, _pips in st["market"]["dice"].values()})
        out += [{"type": "reroll", "area": a} for a in areas]
    if contractors.on(st) and st["pl"][p]["permits"] < MAX_PERMITS:
        out.append({"type": "glory_permit"})
    return out


# --- applying a move ----------------------------------------------------------------------------


def same(move: Any, legal: Move) -> bool:
    """Equal as JSON: ``True`` is not 1 and 1.0 is not 1."""
    if move != legal:
        return False
    for key, value in legal.items():
        given = move[key]
        if type(given) is not type(value):
            return False
        if isinstance(value, list) and any(type(a) is not type(b) for a, b in zip(given, value)):
            return False
    return True


def checked(st: State, seat: int, move: Any) -> Move:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove(_("A move needs a type."))
    if st["over"]:
        raise IllegalMove(_("The game is over."))
    if seat not in to_act(st):
        raise IllegalMove(_("It is not your turn."))
    for legal in legal_moves(st, seat, move["type"]):
        if same(move, legal):
            return legal
    why = guild_reason(st, seat, move)
    if why is not None:
        raise IllegalMove(why[0], **why[1])
    precise = influence.refusal(st, seat, move) if move["type"] == "influence" else None
    if precise:
        raise IllegalMove(precise["msg"], **precise["args"])
    raise IllegalMove(reason(st, seat, move))


def reason(st: State, seat: int, move: dict[str, Any]) -> str:
    """Why a move is refused, as precisely as cheaply possible."""
    kind = move["type"]
    stage = st["turn"]["stage"]
    if st["pend"]:
        return _("First choose the section for Iwan.")
    if special_tiles.drafting(st) is not None:
        return _("First every player takes a special workshop tile, the last player first.")
    if choice.pending(st):
        return choice.reason(st)
    if special_tiles.pending(st):
        return _("First choose what your special workshop tile brings.")
    if kind == "draft":
        return _("The special workshop tiles have been drafted.")
    if kind == "tile_choice":
        return _("No special workshop tile waits for a choice.")
    if kind == "claim" and move.get("special") and stage == "main":
        return _(
            "You place your special workshop tile instead of the section's tile: you need it still in hand, "
            "a section with a tile, a free workshop space, and face up as many rubles as you have free workshop spaces."
        )
    if kind == "deliver" and move.get("diamond") and stage in ("main", "build"):
        return _("A diamond stands in only for a material one of your sections still lacks, and you need a diamond.")
    if kind == "choose":
        return _("There is nothing to choose now.")
    if kind == "end" and stage == "main":
        return _("First take one of the three basic actions.")
    if kind == "end" and stage == "bonus":
        return _("First take the bonus your contractor has unlocked.")
    if kind == "end" and stage == "hire":
        return _("First choose a specialist: hire one for 2 rubles or discard one.")
    if stage == "bonus" and kind != "bonus":
        return _("First take the bonus your contractor has unlocked.")
    if stage == "hire" and kind != "hire":
        return _("First choose a specialist: hire one for 2 rubles or discard one.")
    if kind in ("claim", "die", "recruit") and stage != "main":
        return _("You have already taken your basic action this turn.")
    if kind == "recruit" and not contractors.on(st):
        return _("This game is played without the Contractors module.")
    if kind == "recruit":
        return _("You need a contractor left and as many permits as contractors would then be in an open city.")
    if kind == "specialist":
        return _("Your specialist works when you move the black die and have a specialist face up.")
    if kind == "glory_permit" and contractors.on(st) and st["pl"][seat]["permits"] >= MAX_PERMITS:
        return _("You already hold 6 permits.")
    if kind in ("deliver", "ornament") and stage in ("market", "after") and not st["turn"]["budget"]:
        return _("You have no deliveries left this turn.")
    if kind in ("deliver", "ornament") and stage == "build" and not st["turn"]["budget"]:
        return _("You have delivered the 3 units of this build action.")
    if kind in ("take", "influence", "activate", "specialist") and stage != "market":
        return _("Market actions follow a die move.")
    if kind == "reinforce":
        raise reinforcement.refuse(st, seat, move)
    if kind == "reroll" and st["turn"]["reroll"]:
        return _("You may reroll only once per turn.")
    if kind in ("glory_rubles", "reroll", "glory_permit"):
        return _("You have no glory to give up.")
    return _("That move is not possible now.")


def apply(st: State, seat: int, move: Any) -> list[Event]:
    move = checked(st, seat, move)
    events: list[Event] = []
    kind = move["type"]
    turn = st["turn"]
    p = seat
    if kind in ("iwan_claim", "iwan_ornament"):
        solo.resolve(st, move, events)
        if not st["pend"]:
            end_turn(st, solo.IWAN, events)
        return events
    if kind == "draft":
        special_tiles.draft(st, p, move["tile"], events)
        return events
    if kind == "tile_choice":
        special_tiles.resolve(st, p, move, events)
        return events
    if kind == "claim" and move.get("special"):
        special_tiles.claim(st, p, move, events)
        turn["stage"] = "after"
    elif kind == "claim":
        building.claim(st, p, move["section"], move["banner"], move.get("slot"), move.get("up", False), events)
        turn["stage"] = "after"
    elif kind in ("deliver", "ornament"):
        units = 1 if kind == "deliver" else 1 + len(move["gems"])
        if turn["stage"] == "main":
            # Units a guild action or reinforcement gave before join the build action's three.
            turn["stage"], turn["budget"] = "build", BUILD_UNITS + turn["budget"]
        turn["budget"] -= units
        if kind == "deliver":
            building.deliver(st, p, move["section"], move["material"], events, move.get("diamond", False))
        else:
            building.decorate(st, p, move["section"], move["gems"], events, replaced=move.get("diamonds"))
    elif kind == "die":
        market.move_die(st, p, move["die"], move["extra"], events)
    elif kind == "recruit":
        contractors.recruit(st, p, move["city"], events)
    elif kind == "bonus":
        contractors.take_bonus(st, p, move["material"], events)
    elif kind == "hire":
        contractors.hire(st, p, move["space"], move["pay"], events)
    elif kind == "specialist":
        contractors.use_specialist(st, p, events)
    elif kind == "glory_permit":
        contractors.glory_permit(st, p, events)
    elif kind == "reinforce":
        reinforcement.apply(st, p, move, events)
    elif kind == "choose":
        choice.apply(st, p, move, events)
    elif kind == "take":
        market.take(st, p, move["count"], events)
    elif kind == "influence":
        influence.apply(st, p, move, events)
    elif kind == "activate":
        turn["act"] = True
        events.append(
            {
                "msg": _("{seat} activates the workshop tile on the {slot} workshop space."),
                "args": {"seat": who(st, p), "slot": SLOT_LABELS[move["slot"]]},
            }
        )
        building.activate_tile(st, p, st["pl"][p]["ws"][move["slot"]]["t"], events)
    elif kind == "glory_rubles":
        from .state import lose_glory

        lose_glory(st, p, "spent")
        st["pl"][p]["rubles"] += GLORY_RUBLES
        events.append(
            {
                "msg": _("{seat} gives up glory for {rubles} rubles."),
                "args": {"seat": who(st, p), "rubles": GLORY_RUBLES},
            }
        )
    elif kind == "reroll":
        from .state import lose_glory

        lose_glory(st, p, "spent")
        turn["reroll"] = True
        pips = market.reroll(st, move["area"])
        events.append(
            {
                "msg": _("{seat} gives up glory to reroll area {area}: {pips}."),
                "args": {"seat": who(st, p), "area": move["area"] + 1, "pips": [str(x) for x in pips]},
            }
        )
    elif kind == "end":
        if turn["stage"] == "market":
            market.reroll(st, turn["area"])
        end_turn(st, p, events)
    return events


# Names of the workshop spaces, as nouns ("the Yellow workshop space").
SLOT_LABELS = {
    "white1": _("White 1"),
    "white2": _("White 2"),
    "yellow": _("Yellow"),
    "red": _("Red"),
    "blue": _("Blue"),
    "green": _("Green"),
}


def end_turn(st: State, p: int, events: list[Event]) -> None:
    st["turns"] += 1
    end = st["end"]
    if end is not None and p in end["left"]:
        end["left"].remove(p)
        if not end["left"]:
            scoring.finish(st, events)
            return
    if st["turns"] >= TURN_LIMIT:
        st["ended_by_limit"] = True
        events.append({"msg": _("The game stops after {turns} turns."), "args": {"turns": st["turns"]}})
        scoring.finish(st, events)
        return
    nxt = (p + 1) % st["np"]
    st["turn"] = new_turn(nxt)
    if st["solo"] and nxt == solo.IWAN:
        solo.play_turn(st, events)
        if not st["pend"]:
            end_turn(st, solo.IWAN, events)
