"""A sensible automatic player: claim a little ahead, fetch what the claimed sections need,
build when a delivery completes something, decorate with gems, and use the market's extras."""
from __future__ import annotations

import random
from typing import Any

from games.rules.base import Move, State

from .data import MATERIALS
from .market import landing, quarter_card, tile_gives
from .state import BUILD_UNITS, SECTIONS, TILES, dice_in, free_space, missing, relation, section_at, units_missing

SLOT_PREFERENCE = {"own": 3.0, "white1": 2.0, "white2": 2.0, "next": 1.0, "opposite": 1.0, "previous": 1.0}


def needs(st: State, p: int) -> dict[str, int]:
    need = dict.fromkeys(MATERIALS, 0)
    for tower in st["towers"]:
        for sec in tower:
            if sec["owner"] == p and not sec["done"]:
                for m, n in missing(sec).items():
                    need[m] += n
    return need


def open_sections(st: State, p: int) -> list[dict[str, Any]]:
    return [s for tower in st["towers"] for s in tower if s["owner"] == p and not s["done"]]


def _value(st: State, p: int, key: str, amount: int, need: dict[str, int]) -> float:
    pl = st["pl"][p]
    if key == "rubles":
        return 0.6 * amount
    if key == "rp":
        return 1.0 * amount
    amount = min(amount, st["supply"][key], free_space(pl))
    have = pl["inv"][key]
    useful = max(0, min(amount, need[key] - have))
    return 2.0 * useful + 0.3 * (amount - useful)


def tile_value(st: State, p: int, tile: str, need: dict[str, int]) -> float:
    data = TILES[tile]
    if "gain" in data:
        return sum(_value(st, p, k, v, need) for k, v in data["gain"].items())
    key, amount = tile_gives(st, st["market"]["dice"][data["die"]][0])
    return _value(st, p, key, amount, need)


def choose(st: State, p: int, legal: list[Move], rnd: random.Random) -> Move:
    if not legal:
        raise ValueError("no legal move")
    by_type: dict[str, list[Move]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    if st["pend"]:
        return legal[0]
    stage = st["turn"]["stage"]
    if stage == "main":
        return _main(st, p, by_type, rnd)
    if stage == "market":
        return _market(st, p, by_type, rnd)
    if stage == "build":
        best = _best_delivery(st, p, by_type)
        return best or by_type["end"][0]
    return by_type.get("end", legal)[0]


def _best_delivery(st: State, p: int, by_type: dict[str, list[Move]]) -> Move | None:
    best, best_score = None, 0.0
    for m in by_type.get("deliver", []):
        sec = section_at(st, m["section"])
        left = units_missing(sec)
        score = 3.0 - 0.5 * left + (4.0 if left == 1 else 0.0)
        if score > best_score or best is None:
            best, best_score = m, score
    for m in by_type.get("ornament", []):
        score = 1.5 + 1.5 * len(m["gems"]) + (1.0 if sorted(m["gems"]) == ["green", "violet"] else 0.0)
        if best is None or score > best_score:
            best, best_score = m, score
    return best


def _build_potential(st: State, p: int) -> tuple[int, bool]:
    inv = st["pl"][p]["inv"]
    units, completes = 0, False
    for sec in open_sections(st, p):
        miss = missing(sec)
        can = sum(min(n, inv[m]) for m, n in miss.items())
        units += can
        if can == sum(miss.values()) and can <= BUILD_UNITS:
            completes = True
    return min(units, BUILD_UNITS), completes


def _main(st: State, p: int, by_type: dict[str, list[Move]], rnd: random.Random) -> Move:
    units, completes = _build_potential(st, p)
    gem_ornaments = [m for m in by_type.get("ornament", []) if m["gems"]]
    if (completes or units >= 2 or gem_ornaments) and (by_type.get("deliver") or by_type.get("ornament")):
        best = _best_delivery(st, p, by_type)
        if best is not None:
            return best
    open_count = len(open_sections(st, p))
    if by_type.get("claim") and (open_count == 0 or (open_count == 1 and rnd.random() < 0.5)):
        return _best_claim(st, p, by_type["claim"])
    if by_type.get("die"):
        return _best_die(st, p, by_type["die"], rnd)
    if by_type.get("claim"):
        return _best_claim(st, p, by_type["claim"])
    return (by_type.get("deliver") or by_type.get("ornament") or next(iter(by_type.values())))[0]


def _best_claim(st: State, p: int, claims: list[Move]) -> Move:
    pl = st["pl"][p]
    inv = pl["inv"]
    need = needs(st, p)
    best, best_score = claims[0], -1e9
    for m in claims:
        sec = section_at(st, m["section"])
        data = SECTIONS[m["section"]]
        cost = data["cost"]
        short = sum(max(0, n - max(0, inv.get(k, 0) - need[k])) for k, n in cost.items())
        score = data["rp"] + 0.5 * data["rubles"] - 0.9 * short
        if "slot" in m:
            tile_score = tile_value(st, p, sec["wt"], need) if sec["wt"] else 0.0
            rel = relation(pl["colour"], m["slot"])
            if m["up"]:
                cost_rubles = pl["rubles"] - (pl["rubles"] - _slot_cost(st, p, m["slot"]))
                score += tile_score + SLOT_PREFERENCE[rel] - 0.8 * cost_rubles
                if pl["rubles"] - cost_rubles < 1:
                    score -= 2.0
            else:
                score -= 0.5 * SLOT_PREFERENCE[rel]
        if score > best_score:
            best, best_score = m, score
    return best


def _slot_cost(st: State, p: int, slot: str) -> int:
    from .state import slot_cost
    return slot_cost(st, p, slot)


def _best_die(st: State, p: int, dice: list[Move], rnd: random.Random) -> Move:
    pl = st["pl"][p]
    need = needs(st, p)
    best, best_score = dice[0], -1e9
    for m in dice:
        die, extra = m["die"], m["extra"]
        area = landing(st, die, st["market"]["dice"][die][1] + extra)
        count = len(dice_in(st, area)) + (0 if st["market"]["dice"][die][0] == area else 1)
        key, amount = tile_gives(st, area)
        score = _value(st, p, key, amount * count, need) - 1.2 * extra
        slots = ("white1", "white2") if die == "white" else (die,)
        acts = [pl["ws"][s]["t"] for s in slots if isinstance(pl["ws"].get(s), dict) and pl["ws"][s]["up"]]
        if acts:
            score += max(tile_value(st, p, t, need) for t in acts)
        group = quarter_card(st, area)["group"]
        score += {"clergy": 1.0 if pl["rubles"] >= 3 else 0.6, "teamsters": 0.6, "merchants": 0.5,
                  "craftsmen": 0.5}[group]
        score += rnd.random() * 0.2
        if score > best_score:
            best, best_score = m, score
    return best


def _market(st: State, p: int, by_type: dict[str, list[Move]], rnd: random.Random) -> Move:
    if by_type.get("take"):
        return by_type["take"][0]
    if by_type.get("activate"):
        need = needs(st, p)
        ws = st["pl"][p]["ws"]
        return max(by_type["activate"], key=lambda m: tile_value(st, p, ws[m["slot"]]["t"], need))
    if st["turn"]["budget"]:
        best = _best_delivery(st, p, by_type)
        if best is not None:
            return best
    choice = _influence(st, p, by_type.get("influence", []))
    if choice is not None:
        return choice
    return by_type["end"][0]


def _influence(st: State, p: int, moves: list[Move]) -> Move | None:
    if not moves:
        return None
    pl = st["pl"][p]
    need = needs(st, p)
    inv = pl["inv"]
    card = quarter_card(st, st["turn"]["area"])
    units, _completes = _build_potential(st, p)
    best, best_score = None, 0.4
    for m in moves:
        a = card["actions"][m["action"]]
        act = a["act"]
        score = 0.0
        if act in ("glory", "all_kinds"):
            score = 3.0 * a["glory"]
        elif act == "pay_glory":
            score = 2.5 if pl["rubles"] >= a["rubles"] + 2 else 0.0
        elif act == "income":
            score = 1.0
        elif act == "sell":
            surplus = inv[m["material"]] - need[m["material"]]
            score = 0.5 * a["rubles"] if surplus > 0 and pl["rubles"] < 4 else 0.0
        elif act == "buy":
            short = need[m["material"]] - inv[m["material"]]
            score = 2.0 - 0.6 * a["rubles"] if short > 0 and pl["rubles"] >= a["rubles"] + 1 else 0.0
        elif act == "deliver":
            score = 2.0 * min(units, a["units"]) - 0.7 * a["rubles"] if units else 0.0
        elif act in ("exchange", "trade"):
            give = m["give"]
            got = m["get"] if isinstance(m["get"], list) else [m["get"]]
            surplus = inv[give] - need[give]
            count = a.get("give", 1)
            useful = sum(1 for g in got if need[g] > inv[g])
            if surplus >= count and useful == len(got):
                score = 1.5 * useful - (0.5 if act == "trade" else 0.0)
        elif act == "offer":
            spare = all(inv[x] > need[x] for x in m["materials"])
            score = 2.0 if spare else 0.0
        elif act == "activate":
            score = tile_value(st, p, pl["ws"][m["slot"]]["t"], need)
        if score > best_score:
            best, best_score = m, score
    return best
