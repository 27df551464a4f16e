"""Set-up of a game and the small helpers every rules module uses.

State layout (plain JSON):

* ``towers``: list of towers left to right, each a list of sections bottom to top:
  ``{"id", "owner", "done", "mat": {material: delivered}, "orn": None | [kind, player], "wt": tile id | None}``
* ``market``: ``{"res": [resource tile id per area], "dice": {die: [area, pips]}}``; areas 0-7 clockwise,
  two areas per quarter; ``influence``: the influence card id of each quarter.
* ``pl``: one entry per player on the board (the seats, plus Iwan in the solo game):
  space on the track, rubles, inventory, banners, workshop spaces by die colour, ornaments, and ``src``,
  the glory each source has brought so far (the ∑ table).
* ``turn``: whose turn and how far it has got; ``end``: who triggered the end and who still plays.
* with the Archivists' guild: ``contracts``, the face-down contract deck (top first), and each
  player's secret ``contracts``; with the Master Builders' guild: ``builders``, the deck and discard
  pile of the section cards not in play; ``turn["choice"]``: the cards a guild action has just drawn.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State, new_rng_state, rng, shuffled
from games.rules.base import gettext_noop as _

from . import track
from .data import BLACK, COLOURS, DICE, MATERIALS, SECTION_KINDS, figures

F = figures()
GAME: dict[str, Any] = F["game"]
MODULE = F["contractors"]
SECTIONS: dict[str, dict[str, Any]] = {r["id"]: r for r in F["sections"]}
BASE_TILES = tuple(r["id"] for r in F["workshop_tiles"])
BASE_RES_TILES = tuple(r["id"] for r in F["resource_tiles"])
# Every tile by id, the Contractors module's among them; the set-up picks the ones in play.
TILES: dict[str, dict[str, Any]] = {
    **{r["id"]: r for r in F["workshop_tiles"]},
    **{i: {**r, "three_plus": False} for i, r in MODULE["tiles"].items()},
}
RES_TILES: dict[str, dict[str, Any]] = {
    **{r["id"]: r for r in F["resource_tiles"]},
    MODULE["resource_tile"]["id"]: MODULE["resource_tile"],
}
MAX_PERMITS: int = MODULE["rules"]["max_permits"]
GUILDS: dict[str, dict[str, Any]] = F["guilds"]
# Every influence card by id: the base game's four groups and the expansion's groups.
INFLUENCE: dict[str, dict[str, Any]] = {
    **{r["id"]: r for r in F["influence"]},
    **{r["id"]: r for g in GUILDS.values() for r in g["cards"]},
}
BOARD: dict[str, dict[str, Any]] = F["boards"]
SUPPLY: dict[str, int] = {m: GAME["supply"][m] for m in MATERIALS}
INVENTORY: int = GAME["workshop"]["inventory"]
RULER: int = GAME["workshop"]["ruler_banners"]
BANNERS: int = GAME["workshop"]["banners"]
ORNAMENTS: dict[str, Any] = GAME["ornaments"]
ORN_FOR_KIND = {ORNAMENTS[o]["on"]: o for o in ("door", "arch", "cross")}
END_SECTIONS: int = GAME["end"]["sections"]
BUILD_UNITS: int = GAME["build"]["units"]
AREAS: int = GAME["market"]["areas"]
DIE_SPACES: int = GAME["market"]["die_spaces"]
SLOT_NAMES = ("white1", "white2") + COLOURS
RELATION = ("own", "next", "opposite", "previous")
# Turns after which a game that nobody brings to an end stops (no rule gives one; bots never reach it).
TURN_LIMIT = 400


def relation(owner_colour: str, slot: str) -> str:
    """A workshop space as printed relative to its owner's colour (own, next, opposite, previous)."""
    if slot.startswith("white"):
        return slot
    return RELATION[(COLOURS.index(slot) - COLOURS.index(owner_colour)) % 4]


def slot_cost(st: State, p: int, slot: str) -> int:
    if st["side"] == "extended":
        result: int = F["extended_cost"]
        return result
    result = BOARD[relation(st["pl"][p]["colour"], slot)]["basic_cost"]
    return result


def slot_ornament(colour: str, slot: str) -> str | None:
    result: str | None = BOARD[relation(colour, slot)]["extended_ornament"]
    return result


def new_player(colour: str, rubles: int, side: str, iwan: bool = False) -> dict[str, Any]:
    ws: dict[str, Any] = dict.fromkeys(SLOT_NAMES)
    locked = {"door": 0, "arch": 0, "cross": 0}
    orn = {k: ORNAMENTS[k]["count"] for k in ("door", "arch", "cross")}
    if side == "extended" and not iwan:
        ws["white1"] = ws["white2"] = "banner"
        for c in COLOURS:
            ornament = slot_ornament(colour, c)
            assert ornament is not None, "every coloured workshop space frees an ornament"
            locked[ornament] += 1
        orn = {"door": 0, "arch": 0, "cross": 0}
    return {
        "colour": colour,
        "space": GAME["start"]["space"],
        "rubles": 0 if iwan else rubles,
        "inv": dict.fromkeys(MATERIALS, 0),
        "ruler": RULER,
        "spare": 0 if side == "extended" else BANNERS - RULER,
        "ws": ws,
        "orn": orn,
        "locked": locked,
        "placed": 0,
        "done": 0,
        "iwan": iwan,
        "src": {},
    }


def setup(players: int, options: dict[str, Any], seed: int) -> State:
    solo = players == 1
    np_ = 2 if solo else players
    st: State = {
        "n": players,
        "np": np_,
        "solo": solo,
        "side": options["side"],
        "rng": new_rng_state(seed),
        "supply": dict(SUPPLY),
        "turns": 0,
        "over": False,
        "end": None,
        "pend": None,
        "ended_by_limit": False,
    }
    module = bool(options.get("contractors"))
    plan_players = 2 if solo else players
    plans = [p for p in F["plans"] if p["players"] == plan_players]
    plan = plans[rng(st).randrange(len(plans))]
    st["plan"] = plan["id"]
    piles = {k: shuffled(st, sorted(s for s, r in SECTIONS.items() if r["kind"] == k)) for k in SECTION_KINDS}
    towers = []
    for middles in plan["middles"]:
        ids = [piles["base"].pop()] + [piles["middle"].pop() for _ in range(middles)] + [piles["dome"].pop()]
        towers.append([{"id": i, "owner": None, "done": False, "mat": {}, "orn": None, "wt": None} for i in ids])
    st["towers"] = towers
    usable = sorted(t for t in BASE_TILES if players >= 3 or not TILES[t]["three_plus"])
    if module:
        # The two new tiles join the game; below 3 players they replace two base tiles.
        removed = set(MODULE["removes"]) if players < 3 else set()
        new_tiles = [t for t in MODULE["tiles"] if not (solo and t == MODULE["iwan"]["tile"])]  # Iwan's card holds it
        usable = sorted([t for t in usable if t not in removed] + new_tiles)
    deal = shuffled(st, usable)
    for tower in towers:
        for sec in tower:
            sec["wt"] = deal.pop()
    # Resource tiles on the 8 areas; dice dropped one per area from the points tile on, in arrow direction.
    tiles = sorted(BASE_RES_TILES)
    if module:
        permit = MODULE["resource_tile"]
        tiles = sorted([t for t in tiles if t != permit["replaces"]] + [permit["id"]])
    res = shuffled(st, tiles)
    start = next(i for i, t in enumerate(res) if RES_TILES[t].get("dice_start"))
    order = shuffled(st, DICE + (BLACK,) if module else DICE)
    r = rng(st)
    dice = {die: [(start + k) % AREAS, r.randint(1, 6)] for k, die in enumerate(order)}
    st["market"] = {"res": res, "dice": dice}
    st["influence"] = _influence_cards(st, options)
    start_rubles = GAME["start"]["rubles_by_seat"]
    st["pl"] = [new_player(COLOURS[i], start_rubles[i], st["side"], iwan=solo and i == 1) for i in range(np_)]
    st["turn"] = new_turn(0)
    from .guilds import setup_guild

    setup_guild(st)
    if module:
        from .contractors import setup_module

        setup_module(st)
    if solo:
        from .solo import setup_iwan

        setup_iwan(st)
    return st


def _influence_cards(st: State, options: dict[str, Any]) -> list[str]:
    cards = []
    for group in ("craftsmen", "teamsters", "merchants"):
        choice = options.get(group, "random")
        number = rng(st).randint(1, 3) if choice == "random" else int(choice)
        cards.append(f"{group}-{number}")
    st["guild"] = fourth = fourth_group(st, options)
    choice = options.get("clergy", "random")
    if choice != "random":
        cards.append(f"{fourth}-{choice}")
    elif fourth == "clergy":
        cards.append(f"clergy-{rng(st).randint(1, 3)}")
    else:
        dealt = [c["id"] for c in GUILDS[fourth]["cards"] if options.get("contractors") or not c["contractors"]]
        cards.append(dealt[rng(st).randrange(len(dealt))])
    # Each group's card goes on any of the four quarters.
    return shuffled(st, cards)


def fourth_group(st: State, options: dict[str, Any]) -> str:
    """The group in the clergy's place: the table's choice, or drawn from those that may play."""
    chosen: str = options.get("guild", "clergy")
    if chosen != "random":
        return chosen
    playable = [g for g, data in sorted(GUILDS.items()) if options.get("contractors") or not data["needs_contractors"]]
    return playable[rng(st).randrange(len(playable))]


def new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "stage": "main",
        "budget": 0,
        "area": None,
        "die": None,
        "took": False,
        "inf": None,
        "inf_used": 0,
        "act": False,
        "reroll": False,
    }


# --- small helpers --------------------------------------------------------------------------


def stock(p: dict[str, Any]) -> int:
    inv = p["inv"]
    return sum(inv[m] for m in MATERIALS)


def free_space(p: dict[str, Any]) -> int:
    result: int = INVENTORY - p["ruler"] - stock(p)
    return result


def _locate(st: State, section: str) -> tuple[int, int] | None:
    for t, tower in enumerate(st["towers"]):
        for lvl, sec in enumerate(tower):
            if sec["id"] == section:
                return t, lvl
    return None


def find(st: State, section: str) -> tuple[int, int]:
    """Tower and level of a section on the board; the moves name only sections on the board."""
    where = _locate(st, section)
    if where is None:
        raise KeyError(f"No section {section!r} on the board.")
    return where


def section_at(st: State, section: str) -> dict[str, Any] | None:
    where = _locate(st, section) if isinstance(section, str) else None
    return st["towers"][where[0]][where[1]] if where else None


def claimable(st: State) -> list[str]:
    """The lowest section without a banner in each tower, left to right."""
    out = []
    for tower in st["towers"]:
        for sec in tower:
            if sec["owner"] is None:
                out.append(sec["id"])
                break
    return out


def missing(sec: dict[str, Any]) -> dict[str, int]:
    cost = SECTIONS[sec["id"]]["cost"]
    mat = sec["mat"]
    return {m: cost[m] - mat.get(m, 0) for m in MATERIALS if cost.get(m, 0) > mat.get(m, 0)}


def units_missing(sec: dict[str, Any]) -> int:
    cost = SECTIONS[sec["id"]]["cost"]
    result: int = sum(cost.values()) - sum(sec["mat"].values())
    return result


def dice_of(st: State) -> tuple[str, ...]:
    """The dice in play, in a fixed order: the black one only with the Contractors module."""
    return DICE + (BLACK,) if BLACK in st["market"]["dice"] else DICE


def dice_in(st: State, area: int) -> list[str]:
    return [d for d in dice_of(st) if st["market"]["dice"][d][0] == area]


def gain_permits(st: State, p: int, amount: int) -> int:
    """Permits into the workshop extension, as far as its 6 places allow; how many came."""
    pl = st["pl"][p]
    got = max(0, min(amount, MAX_PERMITS - pl["permits"]))
    pl["permits"] += got
    result: int = got
    return result


def gain_points(st: State, p: int, rp: int, source: str) -> None:
    pl = st["pl"][p]
    before = track.glory(pl["space"])
    pl["space"] = max(0, pl["space"] + rp)
    _count(pl, source, track.glory(pl["space"]) - before)


def gain_glory(st: State, p: int, glory: int, source: str) -> None:
    pl = st["pl"][p]
    before = track.glory(pl["space"])
    pl["space"] = track.eagle_ahead(pl["space"], glory)
    _count(pl, source, track.glory(pl["space"]) - before)


def lose_glory(st: State, p: int, source: str) -> bool:
    """Back to the eagle before the marker; False when there is none."""
    pl = st["pl"][p]
    behind = track.eagle_behind(pl["space"])
    if behind is None:
        return False
    before = track.glory(pl["space"])
    pl["space"] = behind
    _count(pl, source, track.glory(pl["space"]) - before)
    return True


def _count(pl: dict[str, Any], source: str, delta: int) -> None:
    if delta:
        pl["src"][source] = pl["src"].get(source, 0) + delta


def take_materials(st: State, p: int, material: str, amount: int) -> int:
    """Up to ``amount`` from the supply into the inventory, as far as both allow; how many came."""
    pl = st["pl"][p]
    got = max(0, min(amount, st["supply"][material], free_space(pl) if not pl["iwan"] else amount))
    st["supply"][material] -= got
    pl["inv"][material] += got
    result: int = got
    return result


def gain(st: State, p: int, gives: dict[str, int], source: str, events: list[Event]) -> None:
    """A tile's resources: materials as far as supply and inventory allow, rubles, points."""
    pl = st["pl"][p]
    for key in (*MATERIALS, "rubles", "rp", "permits", "glory"):
        amount = gives.get(key, 0)
        if not amount:
            continue
        if key == "rubles":
            pl["rubles"] += amount
            got = amount
        elif key == "rp":
            gain_points(st, p, amount, source)
            got = amount
        elif key == "permits":
            got = gain_permits(st, p, amount)
        elif key == "glory":
            gain_glory(st, p, amount, source)
            got = amount
        else:
            got = take_materials(st, p, key, amount)
        events.append(
            {
                "msg": _("{seat} gets {count}× {resource}."),
                "args": {"seat": who(st, p), "count": got, "resource": NAMES[key]},
            }
        )


# Names of resources as the log shows them (message ids, translated when shown).
NAMES = {
    "wood": _("wood"),
    "brick": _("brick"),
    "stone": _("stone"),
    "gold": _("gold"),
    "green": _("green gem"),
    "violet": _("violet gem"),
    "rubles": _("rubles"),
    "rp": _("construction points"),
    "glory": _("glory"),
    "permits": _("permits"),
}
# Whole noun phrases with their article, as the messages use them (German declines them).
ORNAMENT_NAMES = {"door": _("a door"), "arch": _("an arch"), "cross": _("a cross")}
KIND_NAMES = {"base": _("the base"), "middle": _("the middle section"), "dome": _("the dome")}


def who(st: State, p: int) -> int | str:
    """A player as log lines name them: a seat number, or Iwan."""
    return _("Iwan") if st["pl"][p]["iwan"] else p
