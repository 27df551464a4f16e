"""A sensible automatic player for Die Rote Kathedrale.

Every option is valued in track spaces at the end of the game, where a space is about one glory
(from the 23rd eagle on every space has one): construction points count one each; glory counts the
spaces up to the eagle it reaches, so glory early in the game is worth more; materials count what
they bring toward the claimed sections and ornaments; rubles what the clergy or the final scoring
pay for them; a claim or an ornament counts the tower glory it wins or takes from the others.

A turn: build when a build action is worth a whole turn (it completes a section, delivers all three
units or sets a gem), claim when the open sections are as good as supplied, otherwise move the die
that brings most; then take the market actions one by one while they are worth something.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from games.rules.base import Move, State

from . import track
from .building import gem_glory
from .contractors import HIRE, SPECIALISTS, UNLOCKS, cost, seen
from .contractors import RULES as MODULE_RULES
from .data import GEMS, MATERIALS
from .guilds import ACTS
from .influence import moves as influence_moves
from .influence import perform
from .market import landing, quarter_card, tile_gives
from .scoring import expected, tower_points
from .state import (
    BUILD_UNITS,
    GAME,
    MAX_PERMITS,
    ORN_FOR_KIND,
    ORNAMENTS,
    RES_TILES,
    SECTIONS,
    TILES,
    dice_in,
    find,
    free_space,
    missing,
    relation,
    slot_cost,
    units_missing,
)

# Worth of one unit, in track spaces at the end of the game.
NEEDED = 1.4  # a material one of the player's claimed sections still lacks
FOR_ORNAMENT = 0.9  # the material or a gem for an ornament still in the workshop
SPARE = 0.2  # anything else: exchange fodder, a later claim, leftovers
DELIVERED = 1.0  # a unit on a section: a third of a build action saved
RESERVE, RESERVE_RUBLE = 5, 0.45  # the first rubles pay for face-up tiles and extra die steps
RUBLE = 0.3  # further rubles: the clergy gives 1 glory for 3, the final scoring 1 for 5
PLENTY = 15  # rubles beyond this only count at the final scoring's rate
LEFTOVER: float = 1 / GAME["end"]["leftover_per_glory"]  # what a unit is worth in the last turn
# Future activations of a face-up tile per turn left, by workshop space: the white die and the
# player's own die can be pushed with rubles, so they are moved more often.
ACTIVATIONS = {"white1": 0.12, "white2": 0.08, "own": 0.1, "next": 0.05, "opposite": 0.05, "previous": 0.05}
TURNS_PER_SECTION = 5  # about how many turns a player needs per completed section
UNLOCKED_ORNAMENT = 1.5  # an ornament the extended side frees (or loses) with a tile
PERMIT = 0.7  # a permit toward the next contractor (Contractors module)
RECRUIT_AT = 3.0  # a recruit action is taken when it is worth this much (about a good die move)
TOOL = 1.2  # a further tool toward the sets at the end
CONTRACTORS = MODULE_RULES["contractors"]


class Seat:
    """What one decision needs to know about the player, worked out once."""

    def __init__(self, st: State, p: int) -> None:
        self.st, self.p = st, p
        self.pl = st["pl"][p]
        self.inv = self.pl["inv"]
        self.open = [sec for tower in st["towers"] for sec in tower if sec["owner"] == p and not sec["done"]]
        self.need = dict.fromkeys(MATERIALS, 0)
        for sec in self.open:
            for m, n in missing(sec).items():
                self.need[m] += n
        self.for_ornaments = ornament_wants(self.pl)
        self.last = st["end"] is not None  # once the end is triggered, every turn is the player's last
        most_done = max(pl["done"] for pl in st["pl"])
        self.turns_left = max(1, TURNS_PER_SECTION * (GAME["end"]["sections"] - most_done))
        # Ahead if the game ended now: then bring the end nearer rather than gather more.
        glory = [expected(st, q)["glory"] for q in range(st["np"])]
        self.ahead = glory[p] > max(g for q, g in enumerate(glory) if q != p)
        # A player who has fallen behind the usual pace of about one section per TURNS_PER_SECTION
        # turns values what its sections lack ever more, so that gathering never crowds out building.
        my_turns = st["turns"] // st["np"]
        self.urgency = max(1.0, my_turns / (TURNS_PER_SECTION * (self.pl["done"] + 1) + 8))


def ornament_wants(pl: dict[str, Any]) -> dict[str, int]:
    """Materials the player's remaining ornaments would use: their own material and a gem pair."""
    want = dict.fromkeys(MATERIALS, 0)
    left = 0
    for kind, count in pl["orn"].items():
        want[ORNAMENTS[kind]["material"]] += count
        left += count
    for gem in GEMS:
        want[gem] += min(left, 2)
    return want


# --- worth of resources ---------------------------------------------------------------------


def unit_worth(seat: Seat, m: str, held: int) -> float:
    """Worth of one more unit of material ``m`` while ``held`` are in the inventory."""
    if seat.last:
        return LEFTOVER
    if held < seat.need[m]:
        result: float = NEEDED * seat.urgency
        return result
    if held < seat.need[m] + seat.for_ornaments[m]:
        return FOR_ORNAMENT
    return SPARE


def loss(seat: Seat, m: str, count: int) -> float:
    held = seat.inv[m]
    return sum(unit_worth(seat, m, held - i - 1) for i in range(count))


def rubles_worth(seat: Seat, delta: int) -> float:
    """Worth of gaining (or, negative, paying) rubles: the first few are worth more."""
    have = seat.pl["rubles"]
    if seat.last:
        return delta * LEFTOVER

    def one(held: int) -> float:
        return RESERVE_RUBLE if held < RESERVE else RUBLE if held < PLENTY else LEFTOVER

    if delta >= 0:
        return sum(one(have + i) for i in range(delta))
    return -sum(one(have - i - 1) for i in range(-delta))


def glory_worth(seat: Seat, glory: int) -> float:
    space = seat.pl["space"]
    result: float = track.eagle_ahead(space, glory) - space
    return result


def gain_worth(seat: Seat, gives: dict[str, int], free: int | None = None) -> float:
    """Worth of resources as a tile gives them: materials only as far as supply and inventory allow."""
    free = free_space(seat.pl) if free is None else free
    worth = 0.0
    for key, amount in gives.items():
        if key == "rubles":
            worth += rubles_worth(seat, amount)
        elif key == "rp":
            worth += amount
        elif key == "glory":
            worth += glory_worth(seat, amount)
        elif key == "permits":
            worth += permits_worth(seat, amount)
        else:
            got = min(amount, free, seat.st["supply"][key])
            worth += sum(unit_worth(seat, key, seat.inv[key] + i) for i in range(got))
            free -= got
    return worth


def permits_worth(seat: Seat, amount: int) -> float:
    """Permits send contractors; beyond the 6 a player may hold, or with none left to send, they are leftovers."""
    pl = seat.pl
    room = max(0, MAX_PERMITS - pl["permits"])
    useful = min(amount, room) if pl.get("men") and not seat.last else 0
    result: float = useful * PERMIT + (min(amount, room) - useful) * LEFTOVER
    return result


def tile_gives_now(st: State, tile: str) -> dict[str, int]:
    """What activating a workshop tile brings now (a die tile: the resource tile beside that die)."""
    data = TILES[tile]
    if "gain" in data:
        result: dict[str, int] = data["gain"]
        return result
    result = RES_TILES[st["market"]["res"][st["market"]["dice"][data["die"]][0]]]["gives"]
    return result


def tile_worth(seat: Seat, tile: str) -> float:
    return gain_worth(seat, tile_gives_now(seat.st, tile))


# --- towers -----------------------------------------------------------------------------------


def tower_swing(st: State, p: int, t: int, edit: Callable[[list[dict[str, Any]]], None]) -> float:
    """What a change to tower ``t`` is worth to ``p`` in final tower glory, counting claimed sections
    as built: the player's own gain less the others' average gain."""
    tower = [
        {"done": s["done"] or s["owner"] is not None, "owner": s["owner"], "orn": s["orn"]} for s in st["towers"][t]
    ]
    n = st["np"]
    before = tower_points(tower, n)
    edit(tower)
    after = tower_points(tower, n)
    others = sum(after[q] - before[q] for q in range(n) if q != p) / (n - 1)
    result: float = after[p] - before[p] - others
    return result


def claim_swing(st: State, p: int, section: str, owner: int) -> float:
    t, lvl = find(st, section)

    def edit(tower: list[dict[str, Any]]) -> None:
        tower[lvl].update(done=True, owner=owner)

    return tower_swing(st, p, t, edit)


def ornament_swing(st: State, p: int, section: str, owner: int) -> float:
    t, lvl = find(st, section)
    kind = ORN_FOR_KIND[SECTIONS[section]["kind"]]

    def edit(tower: list[dict[str, Any]]) -> None:
        tower[lvl]["orn"] = [kind, owner]

    return tower_swing(st, p, t, edit)


# --- choosing ---------------------------------------------------------------------------------


def choose(st: State, p: int, legal: list[Move], rnd: random.Random) -> Move:
    """One of ``legal`` (the engine's legal moves for seat ``p``)."""
    if not legal:
        raise ValueError("no legal move")
    by_type: dict[str, list[Move]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    if st["pend"]:
        return _for_iwan(st, p, legal)
    seat = Seat(st, p)
    if by_type.get("choose"):
        from .guilds import choice

        return max(by_type["choose"], key=lambda m: choice.worth(seat, m))
    if st["turn"]["stage"] == "main":
        return _main(seat, by_type, legal, rnd)
    return _greedy(seat, legal)


def _greedy(seat: Seat, legal: list[Move]) -> Move:
    """After the basic action: the move worth most, until nothing is worth more than ending."""
    best, best_worth = None, 0.05
    for m in legal:
        worth = move_worth(seat, m)
        if m["type"] == "ornament":
            worth /= 1 + len(m["gems"])  # per unit of the build action's three
        if worth > best_worth:
            best, best_worth = m, worth
    if best is None:
        best = next((m for m in legal if m["type"] == "end"), legal[0])
    return best


def _main(seat: Seat, by_type: dict[str, list[Move]], legal: list[Move], rnd: random.Random) -> Move:
    builds = by_type.get("deliver", []) + by_type.get("ornament", [])
    if builds and _build_now(seat, builds):
        return _greedy(seat, builds)
    claims = by_type.get("claim")
    if claims and _claim_now(seat):
        return _best_claim(seat, claims)
    if by_type.get("recruit"):
        best = max(by_type["recruit"], key=lambda m: recruit_worth(seat, m["city"]))
        if recruit_worth(seat, best["city"]) >= RECRUIT_AT:
            return best
    if by_type.get("die"):
        return _best_die(seat, by_type["die"], rnd)
    if claims and not seat.last:
        return _best_claim(seat, claims)
    if builds:
        return _greedy(seat, builds)
    return claims[0] if claims else legal[0]


def _build_now(seat: Seat, builds: list[Move]) -> bool:
    """A build action is worth the turn when it completes a section, fills all three units, sets a
    gem, or the inventory is full; in the last turn whenever it brings anything."""
    if seat.last:
        return any(move_worth(seat, m) > DELIVERED + 0.5 for m in builds)
    if any(m["type"] == "ornament" and m["gems"] for m in builds):
        return True
    units = sum(min(seat.need[m], seat.inv[m]) for m in MATERIALS)
    if units >= (2 if seat.ahead else BUILD_UNITS) or free_space(seat.pl) == 0:
        return True
    return any(_completable(seat, sec) for sec in seat.open)


def _completable(seat: Seat, sec: dict[str, Any]) -> bool:
    miss = missing(sec)
    return sum(miss.values()) <= BUILD_UNITS and all(seat.inv[m] >= n for m, n in miss.items())


def _claim_now(seat: Seat) -> bool:
    """Claim when the open sections are as good as supplied (new materials would have nowhere to go)."""
    if seat.last:
        return False
    short = sum(max(0, seat.need[m] - seat.inv[m]) for m in MATERIALS)
    return not seat.open or short <= 1


# --- worth of a single move ---------------------------------------------------------------------


def move_worth(seat: Seat, move: Move) -> float:
    kind = move["type"]
    st = seat.st
    if kind == "take":
        key, _amount = tile_gives(st, st["turn"]["area"])
        return gain_worth(seat, {key: move["count"]})
    if kind == "activate":
        return tile_worth(seat, seat.pl["ws"][move["slot"]]["t"])
    if kind == "influence":
        return influence_worth(seat, move, quarter_card(st, st["turn"]["area"]))
    if kind == "deliver":
        return delivery_worth(seat, move)
    if kind == "ornament":
        return ornament_worth(seat, move)
    if kind == "bonus":
        return unit_worth(seat, move["material"], seat.inv[move["material"]])
    if kind == "hire":
        return hire_worth(seat, move)
    if kind == "specialist":
        return gain_worth(seat, SPECIALISTS[seat.pl["spec"]]["gain"])
    if kind == "glory_permit":
        behind = track.eagle_behind(seat.pl["space"])
        back = seat.pl["space"] - behind if behind is not None else 99
        return permits_worth(seat, 1) - back
    if kind in ("glory_rubles", "reroll"):
        behind = track.eagle_behind(seat.pl["space"])
        back = seat.pl["space"] - behind if behind is not None else 99
        return (rubles_worth(seat, GAME["optional"]["glory_rubles"]) if kind == "glory_rubles" else 0.0) - back
    return 0.0


def delivery_worth(seat: Seat, move: Move) -> float:
    t, lvl = find(seat.st, move["section"])
    sec = seat.st["towers"][t][lvl]
    left = units_missing(sec)
    if left > 1:
        return DELIVERED + 0.3 / left  # nearer completion first
    return DELIVERED + completion_worth(seat, sec)


def completion_worth(seat: Seat, sec: dict[str, Any]) -> float:
    data = SECTIONS[sec["id"]]
    worth = data["rp"] + rubles_worth(seat, data["rubles"])
    if seat.pl["done"] + 1 == GAME["end"]["sections"] and not seat.st["solo"]:
        worth += glory_worth(seat, GAME["end"]["bonus_glory"])
    result: float = worth
    return result


def ornament_worth(seat: Seat, move: Move) -> float:
    gems = move["gems"]
    worth = 0.5 + ornament_swing(seat.st, seat.p, move["section"], seat.p)
    if gems:
        worth += glory_worth(seat, gem_glory(gems))
    # A gem that a claimed section needs is worth that much less here.
    for g in GEMS:
        used = gems.count(g)
        worth -= sum(NEEDED for i in range(used) if seat.inv[g] - i - 1 < seat.need[g])
    return worth


def influence_worth(seat: Seat, move: Move, card: dict[str, Any]) -> float:
    a = card["actions"][move["action"]]
    act = a["act"]
    if act in ACTS:
        hook = ACTS[act].worth
        return hook(seat, move, a) if hook else simulated_worth(seat, lambda st: perform(st, seat.p, card, move, []))
    if act == "sell":
        return rubles_worth(seat, a["rubles"]) - loss(seat, move["material"], 1)
    if act == "buy":
        return gain_worth(seat, {move["material"]: 1}) + rubles_worth(seat, -a["rubles"])
    if act == "deliver":
        units = min(a["units"], sum(min(seat.need[m], seat.inv[m]) for m in MATERIALS))
        return units * DELIVERED + rubles_worth(seat, -a["rubles"]) if units else 0.0
    if act == "income":
        return rubles_worth(seat, a["rubles"])
    if act == "swap_tiles":
        return swap_worth(seat, move["areas"]) + rubles_worth(seat, -a["rubles"])
    if act in ("exchange", "trade"):
        return exchange_worth(seat, move, a)
    if act == "activate":
        return tile_worth(seat, seat.pl["ws"][move["slot"]]["t"])
    if act == "pay_glory":
        return glory_worth(seat, a["glory"]) + rubles_worth(seat, -a["rubles"])
    if act == "offer":
        return glory_worth(seat, a["glory"]) - sum(loss(seat, m, 1) for m in move["materials"])
    return glory_worth(seat, a["glory"])  # glory, all_kinds


def simulated_worth(seat: Seat, carry_out: Callable[[State], None]) -> float:
    """Worth of a move the bot has no rule of thumb for: carried out on a copy of the game, the
    difference in the player's track space, rubles, materials, permits and deliveries left, less
    what the others gain on the track."""
    after = copy.deepcopy(seat.st)
    carry_out(after)
    before_pl, after_pl = seat.pl, after["pl"][seat.p]
    worth: float = after_pl["space"] - before_pl["space"]
    worth += rubles_worth(seat, after_pl["rubles"] - before_pl["rubles"])
    gained = {m: after_pl["inv"][m] - seat.inv[m] for m in MATERIALS}
    worth += sum(unit_worth(seat, m, seat.inv[m] + i) for m, n in gained.items() for i in range(max(0, n)))
    worth -= sum(loss(seat, m, -n) for m, n in gained.items() if n < 0)
    if "permits" in before_pl:
        worth += permits_worth(seat, after_pl["permits"] - before_pl["permits"])
    units = sum(min(seat.need[m], seat.inv[m]) for m in MATERIALS)
    budget: int = after["turn"]["budget"] - seat.st["turn"]["budget"]
    worth += min(units, budget) * DELIVERED
    others = [q for q in range(seat.st["np"]) if q != seat.p]
    if others:
        rivals: int = sum(after["pl"][q]["space"] - seat.st["pl"][q]["space"] for q in others)
        worth -= rivals / len(others)
    return worth


def exchange_worth(seat: Seat, move: Move, action: dict[str, Any]) -> float:
    give, count = move["give"], action.get("give", 1)
    got = move["get"] if isinstance(move["get"], list) else [move["get"]]
    gives: dict[str, int] = {}
    for m in got:
        gives[m] = gives.get(m, 0) + 1
    worth = gain_worth(seat, gives, free_space(seat.pl) + count) - loss(seat, give, count)
    if action["act"] == "trade":
        worth += rubles_worth(seat, -action["rubles"])
    return worth


def swap_worth(seat: Seat, areas: list[int]) -> float:
    """Swapping two resource tiles helps the next die move: the best area to land in improves.
    Counted at a third, since the others move dice before then."""
    st = seat.st
    res = st["market"]["res"]
    x, y = areas

    def area_worth(tile: str, area: int) -> float:
        key, amount = next(iter(RES_TILES[tile]["gives"].items()))
        return gain_worth(seat, {key: amount * (len(dice_in(st, area)) + 1)})

    now = [area_worth(res[a], a) for a in range(len(res))]
    after = list(now)
    after[x], after[y] = area_worth(res[y], x), area_worth(res[x], y)
    return (max(after) - max(now)) / 3


# --- claims -------------------------------------------------------------------------------------


def _best_claim(seat: Seat, claims: list[Move]) -> Move:
    sections: dict[str, float] = {}
    best, best_worth = claims[0], float("-inf")
    for m in claims:
        if m["section"] not in sections:
            sections[m["section"]] = section_worth(seat, m["section"])
        worth = sections[m["section"]] + placement_worth(seat, m)
        if m["banner"] == "ruler":
            worth += SPARE  # frees an inventory space
        if worth > best_worth:
            best, best_worth = m, worth
    return best


def section_worth(seat: Seat, section: str) -> float:
    """A section's reward and tower share, less the materials still to fetch for it."""
    st, p = seat.st, seat.p
    data = SECTIONS[section]
    worth = data["rp"] + RUBLE * data["rubles"] + claim_swing(st, p, section, p)
    for m, n in data["cost"].items():
        spare = max(0, seat.inv[m] - seat.need[m])
        scarce = 1.2 if m in GEMS or m == "gold" else 0.9
        worth -= scarce * max(0, n - spare)
    t, lvl = find(st, section)
    # Others' unfinished sections below lose points when this one is done first.
    worth += 0.5 * sum(1 for s in st["towers"][t][:lvl] if s["owner"] not in (None, p) and not s["done"])
    result: float = worth
    return result


def placement_worth(seat: Seat, move: Move) -> float:
    """The workshop tile of a claim: what it brings now and in the turns left, less its cost."""
    if "slot" not in move:
        return 0.0
    st = seat.st
    slot = move["slot"]
    coloured = not slot.startswith("white")
    unlock = UNLOCKED_ORNAMENT if st["side"] == "extended" and coloured else 0.0
    if not move["up"]:
        return -unlock
    t, lvl = find(st, move["section"])
    tile = st["towers"][t][lvl]["wt"]
    per_use = tile_worth(seat, tile)
    uses = ACTIVATIONS[relation(seat.pl["colour"], slot)] * seat.turns_left
    result: float = per_use * (1 + uses) + rubles_worth(seat, -slot_cost(st, seat.p, slot)) + unlock
    return result


# --- the market ---------------------------------------------------------------------------------


def _best_die(seat: Seat, dice: list[Move], rnd: random.Random) -> Move:
    st = seat.st
    quarters: dict[int, float] = {}
    best, best_worth = dice[0], float("-inf")
    for m in dice:
        die, extra = m["die"], m["extra"]
        area = landing(st, die, st["market"]["dice"][die][1] + extra)
        count = len(dice_in(st, area)) + (st["market"]["dice"][die][0] != area)
        key, amount = tile_gives(st, area)
        worth = gain_worth(seat, {key: amount * count}) + rubles_worth(seat, -extra)
        worth += _activation_worth(seat, die)
        quarter = area // 2
        if quarter not in quarters:
            quarters[quarter] = _quarter_worth(seat, area)
        worth += quarters[quarter] + rnd.random() * 0.1
        if worth > best_worth:
            best, best_worth = m, worth
    return best


def _activation_worth(seat: Seat, die: str) -> float:
    if die == "black":
        spec = seat.pl.get("spec")
        return gain_worth(seat, SPECIALISTS[spec]["gain"]) if spec else 0.0
    slots = ("white1", "white2") if die == "white" else (die,)
    ws = seat.pl["ws"]
    tiles = [ws[s]["t"] for s in slots if isinstance(ws.get(s), dict) and ws[s]["up"]]
    return max((tile_worth(seat, t) for t in tiles), default=0.0)


def _quarter_worth(seat: Seat, area: int) -> float:
    """The best use of the influence card of the quarter a die would land in; a repeatable
    action counted for as many rounds as it stays worth it."""
    st = seat.st
    probe = {**st, "turn": {**st["turn"], "area": area, "inf": None}}
    # The guilds' actions are valued as if the die had landed there (the market they would repeat).
    there = copy.copy(seat)
    there.st = probe
    card = quarter_card(st, area)
    best = 0.0
    for m in influence_moves(probe, seat.p):
        action = card["actions"][m["action"]]
        worth = influence_worth(there, m, card)
        if action["act"] == "pay_glory" and action["repeat"] and worth > 0:
            worth *= max(1, (seat.pl["rubles"] - RESERVE) // action["rubles"])
        best = max(best, worth)
    return best


# --- the Contractors module ---------------------------------------------------------------------


def hire_worth(seat: Seat, move: Move) -> float:
    """A specialist: its effect later (a little less than now) and its tool, less 2 rubles and any
    unused specialist it pushes face down; discarding is worth nothing."""
    if not move["pay"]:
        return 0.0
    tile = seat.st["contr"]["row"][move["space"]]
    worth = 0.8 * gain_worth(seat, SPECIALISTS[tile]["gain"]) + TOOL + rubles_worth(seat, -HIRE)
    old = seat.pl["spec"]
    if old is not None:
        worth -= 0.8 * gain_worth(seat, SPECIALISTS[old]["gain"])
    return worth


def recruit_worth(seat: Seat, city: str) -> float:
    """The unlock bonus, the best specialist within reach, and the city's score when its tower is
    finished (own banners there, one more contractor); less the permits it costs."""
    st, p = seat.st, seat.p
    number = CONTRACTORS - seat.pl["men"] + 1
    bonus = UNLOCKS[number]
    worth = SPARE if "choice" in bonus else gain_worth(seat, bonus["gain"])
    if seat.pl["rubles"] >= HIRE:
        worth += max((hire_worth(seat, {"pay": True, "space": i}) for i in seen(st, city)), default=0.0)
    if city in st["contr"]["over"]:
        tower = st["towers"][st["contr"]["over"].index(city)]
        if not all(s["done"] for s in tower):
            worth += sum(1 for s in tower if s["owner"] == p)
    return worth - cost(st, city) * PERMIT * 0.5


# --- decisions for Iwan in the solo game ------------------------------------------------------------


def _for_iwan(st: State, p: int, legal: list[Move]) -> Move:
    """The section for Iwan's claim or ornament that helps him least in the towers."""
    iwan = 1 - p

    def harm(m: Move) -> float:
        if m["type"] == "iwan_ornament":
            return ornament_swing(st, p, m["section"], iwan)
        return claim_swing(st, p, m["section"], iwan)

    return max(legal, key=harm)
