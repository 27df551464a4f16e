"""Build Die Rote Kathedrale positions for tests.

Positions are built by writing the state directly (towers, players, market), then play goes
through the engine (``E.legal_moves``, ``E.apply``), so every move a test makes is one the engine
lists. Figures the rules text does not give (section costs and rewards, tile contents) are read
from the data files at test time, never written into a test.

    st = new(4, seed=2)                              # set up; options as keywords (side="extended")
    mid = pick("middle", lambda r: "gold" in r["cost"])   # a section id chosen by its data
    set_towers(st, [[sec(base, owner=2), sec(mid, owner=1, mat=all_but(mid, "gold"))]])
    set_player(st, 1, rubles=5, inv={"gold": 1})     # inventory taken from the supply
    set_dice(st, yellow=(0, 3), blue=(3, 2))         # die -> (area, pips)
    put_tile(st, 3, "R-brick"); put_card(st, 1, "merchants-1")
    turn_to(st, 1)                                   # a fresh turn for seat 1
    act(st, 1, "deliver", section=mid, material="gold")  # the one legal move matching these fields
    msg = refused(st, 1, {"type": "end"})            # IllegalMove, state unchanged
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.rules.base import IllegalMove, Move
from games.rules.red_cathedral import data, track
from games.rules.red_cathedral.engine import RedCathedral
from games.rules.red_cathedral.state import new_turn

E = RedCathedral()
DICE = data.DICE
MATERIALS = data.MATERIALS
COLOURS = data.COLOURS
SEAT = {c: i for i, c in enumerate(COLOURS)}  # seat i plays COLOURS[i]: yellow 0, red 1, blue 2, green 3


def raw(kind: str) -> dict:
    """One data file as shipped (a fresh copy)."""
    return data.load_raw(kind)


def docs() -> dict[str, dict]:
    """All data files, fresh copies, ready to be broken by a test."""
    kinds = data.FILES + tuple(f"guilds/{g}" for g in data.guild_files())
    return {kind: data.load_raw(kind) for kind in kinds}


SECTIONS: dict[str, dict] = {r["id"]: r for r in raw("sections")["records"]}
TILES: dict[str, dict] = {r["id"]: r for r in raw("workshop_tiles")["records"]}
RES: dict[str, dict] = {r["id"]: r for r in raw("resource_tiles")["records"]}
CARDS: dict[str, dict] = {
    **{r["id"]: r for r in raw("influence_cards")["records"]},
    **{r["id"]: r for g in data.guild_files() for r in raw(f"guilds/{g}")["records"]},
}
BASE_GROUPS = ("craftsmen", "teamsters", "merchants")
GAME: dict[str, dict] = {r["id"]: r for r in raw("game")["records"]}
BOARD: dict[str, dict] = {r["id"]: r for r in raw("workshop_boards")["records"]}
SOLO_DOC = raw("solo_cards")
EAGLES: list[int] = [r["space"] for r in raw("score_track")["records"]]
LAP: int = raw("score_track")["lap"]


# --- set-up and reading --------------------------------------------------------------------------


def new(players: int = 2, seed: int = 1, **options: Any) -> dict:
    return E.setup(players, options, seed)


def v(st: dict, seat: int | None = 0) -> dict:
    return E.view(st, seat)


def dump(st: dict) -> str:
    return json.dumps(st, sort_keys=True, separators=(",", ":"))


def space(st: dict, p: int) -> int:
    return st["pl"][p]["space"]


def glory(st: dict, p: int) -> int:
    return track.glory(st["pl"][p]["space"])


def eagle(n: int) -> int:
    """The space of the n-th glory (1-based, over laps: n = 41 is the first eagle of the second lap)."""
    laps, rest = divmod(n - 1, len(EAGLES))
    return laps * LAP + EAGLES[rest]


def cost_units(sid: str) -> int:
    return sum(SECTIONS[sid]["cost"].values())


def pick(kind: str, cond: Callable[[dict], bool] = lambda r: True, exclude: tuple[str, ...] = (), n: int = 1) -> Any:
    """Section id(s) of ``kind`` whose data satisfies ``cond`` (read from sections.json)."""
    found = [sid for sid, r in sorted(SECTIONS.items()) if r["kind"] == kind and cond(r) and sid not in exclude]
    if len(found) < n:
        pytest.skip(f"no {kind} section in the data fits this example")
    return found[0] if n == 1 else found[:n]


def all_but(sid: str, material: str | None = None) -> dict[str, int]:
    """The section's cost delivered except one unit of ``material`` (the first cost material if None)."""
    cost = dict(SECTIONS[sid]["cost"])
    material = material or next(iter(cost))
    cost[material] -= 1
    return {m: n for m, n in cost.items() if n}


def sec(
    sid: str,
    owner: int | None = None,
    done: bool = False,
    orn: int | None = None,
    mat: dict[str, int] | None = None,
    wt: str | None = None,
) -> dict:
    """A section as the state holds it; ``orn`` names the player whose ornament is on it."""
    kind = {"base": "door", "middle": "arch", "dome": "cross"}[SECTIONS[sid]["kind"]]
    return {
        "id": sid,
        "owner": owner,
        "done": done,
        "mat": dict(mat or {}),
        "orn": None if orn is None else [kind, orn],
        "wt": wt,
    }


def set_towers(st: dict, towers: list[list[dict]]) -> None:
    ids = [s["id"] for t in towers for s in t]
    assert len(ids) == len(set(ids)), "a section appears twice"
    st["towers"] = towers
    done = [0] * st["np"]
    for t in towers:
        for s in t:
            if s["done"] and s["owner"] is not None:
                done[s["owner"]] += 1
    for p, pl in enumerate(st["pl"]):
        pl["done"] = done[p]


def filler_towers(st: dict, count: int, exclude: tuple[str, ...] = ()) -> list[list[dict]]:
    """``count`` unclaimed two-section towers (a base and a dome) made of sections not in ``exclude``."""
    bases = pick("base", exclude=exclude, n=count) if count else []
    domes = pick("dome", exclude=exclude, n=count) if count else []
    if count == 1:
        bases, domes = [bases], [domes]
    return [[sec(b), sec(d)] for b, d in zip(bases, domes)]


def set_player(st: dict, p: int, inv: dict[str, int] | None = None, **fields: Any) -> None:
    """Set fields of a player; ``inv`` replaces the inventory, moving pieces from/to the supply."""
    pl = st["pl"][p]
    if inv is not None:
        for m in MATERIALS:
            st["supply"][m] += pl["inv"][m]
            pl["inv"][m] = 0
        for m, n in inv.items():
            assert st["supply"][m] >= n, f"not enough {m} in the supply"
            st["supply"][m] -= n
            pl["inv"][m] = n
    for key, value in fields.items():
        assert key in pl, key
        pl[key] = value


def set_dice(st: dict, **dice: tuple[int, int]) -> None:
    for die, (area, pips) in dice.items():
        st["market"]["dice"][die] = [area, pips]
    for area in range(8):
        assert sum(1 for d in DICE if st["market"]["dice"][d][0] == area) <= 3, f"area {area} holds more than 3 dice"


def park_dice(st: dict, areas: dict[str, int] | None = None, pips: int = 1) -> None:
    """Place every die (area given or spread over the areas 5-7) so no die is where a test looks."""
    spots = iter([5, 6, 7, 5, 6])
    for die in DICE:
        area = (areas or {}).get(die)
        st["market"]["dice"][die] = [next(spots) if area is None else area, pips]


def put_tile(st: dict, area: int, tile: str) -> None:
    """Put a resource tile on an area (swapping it with the tile there)."""
    res = st["market"]["res"]
    i = res.index(tile)
    res[i], res[area] = res[area], res[i]


def put_card(st: dict, quarter: int, card: str) -> None:
    """Put an influence card on a quarter: its group's card in play is replaced, then moved there."""
    inf = st["influence"]
    group = CARDS[card]["group"]
    if group not in BASE_GROUPS:  # the fourth group: the clergy or a guild in its place
        if st.get("guild") != group:
            from games.rules.red_cathedral.guilds import setup_guild

            st["guild"] = group
            setup_guild(st)  # the guild's own components (a deck of contracts...) come with it
        i = next(k for k, c in enumerate(inf) if CARDS[c]["group"] not in BASE_GROUPS)
    else:
        i = next(k for k, c in enumerate(inf) if CARDS[c]["group"] == group)
    inf[i] = card
    inf[i], inf[quarter] = inf[quarter], inf[i]


def turn_to(st: dict, seat: int, **fields: Any) -> None:
    st["pend"] = None
    st["turn"] = new_turn(seat)
    st["turn"].update(fields)


# --- moves ---------------------------------------------------------------------------------------


def _fits(move: Move, fields: dict[str, Any]) -> bool:
    return all(k in move and move[k] == v for k, v in fields.items())


def moves(st: dict, seat: int, kind: str | None = None, **fields: Any) -> list[Move]:
    return [m for m in E.legal_moves(st, seat) if (kind is None or m["type"] == kind) and _fits(m, fields)]


def the_move(st: dict, seat: int, kind: str, first: bool = False, **fields: Any) -> Move:
    found = moves(st, seat, kind, **fields)
    assert found, f"no legal {kind} move with {fields}; legal: {E.legal_moves(st, seat)}"
    assert first or len(found) == 1, f"several legal {kind} moves match {fields}: {found}"
    return found[0]


def act(st: dict, seat: int, kind: str, first: bool = False, **fields: Any) -> list[dict]:
    """Apply the legal move of ``kind`` with these fields; the events it caused."""
    move = the_move(st, seat, kind, first=first, **fields)
    new_st, events = E.apply(st, seat, copy.deepcopy(move))
    assert new_st is st
    return events


def refused(st: dict, seat: int, move: Any) -> str:
    """The move raises IllegalMove with a reason and leaves the state exactly as it was."""
    before = dump(st)
    with pytest.raises(IllegalMove) as exc:
        E.apply(st, seat, move)
    assert dump(st) == before
    assert str(exc.value)
    return str(exc.value)


def end_turn(st: dict, seat: int) -> list[dict]:
    return act(st, seat, "end")


def pass_turn(st: dict, seat: int) -> list[dict]:
    """A turn that changes nothing but the market: move a die that pays nothing extra, take nothing, end."""
    die = next(d for d in DICE if moves(st, seat, "die", die=d, extra=0))
    events = act(st, seat, "die", die=die, extra=0)
    return events + end_turn(st, seat)


def msgs(events: list[dict]) -> list[str]:
    return [e["msg"] for e in events]


# --- whole games ---------------------------------------------------------------------------------


def play_game(
    players: int,
    options: dict[str, Any],
    seed: int,
    bot_share: float = 0.5,
    check: Callable[[dict], None] | None = None,
    max_moves: int = 5000,
) -> tuple[dict, list]:
    """Random legal moves mixed with bot moves to the end; (state, move log of (seat, move))."""
    st = E.setup(players, options, seed)
    rnd = random.Random(seed * 7919 + players)
    log: list[tuple[int, Move]] = []
    for _ in range(max_moves):
        if E.is_over(st):
            break
        seats = E.to_act(st)
        assert len(seats) == 1
        seat = seats[0]
        legal = E.legal_moves(st, seat)
        assert legal, "a seat to act has no legal move"
        if rnd.random() < bot_share:
            move = E.bot_move(st, seat, random.Random(rnd.random()))
        else:
            move = rnd.choice(legal)
        assert move in legal
        log.append((seat, copy.deepcopy(move)))
        E.apply(st, seat, move)
        if check:
            check(st)
    assert E.is_over(st), "the game did not end"
    return st, log


def replay(players: int, options: dict[str, Any], seed: int, log: list[tuple[int, Move]]) -> dict:
    st = E.setup(players, options, seed)
    for seat, move in log:
        E.apply(st, seat, copy.deepcopy(move))
    return st
