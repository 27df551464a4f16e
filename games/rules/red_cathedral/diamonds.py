"""Diamonds, the wild material of the Jewelers' guild and of the special workshop tiles.

They lie in the supply and the inventories only in games that play them (``"diamond"`` in
``st["supply"]`` and in every ``pl["inv"]``), so games without them keep their state. A diamond
delivered to a section counts as the material it replaces (``sec["mat"]``) and is remembered in
``sec["dia"]`` so that it goes back to the diamond supply when the section is completed.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from .data import DIAMOND, figures

FIGURES = figures()["diamonds"]
SUPPLY: int = FIGURES["supply"]["count"]
# A diamond may stand in for the gems set with an ornament (provisional, see diamonds.json).
FOR_GEMS: bool = FIGURES["ornaments"]["gems"]
# Influence actions whose payment of a material "of any kind" a diamond may make.
PAYMENT_ACTS: frozenset[str] = frozenset(FIGURES["payments"]["acts"])


def on(st: State) -> bool:
    return DIAMOND in st["supply"]


def held(pl: dict[str, Any]) -> int:
    result: int = pl["inv"].get(DIAMOND, 0)
    return result


def pays(pl: dict[str, Any], act: str) -> bool:
    """Whether the player can pay a diamond where an influence action ``act`` asks for any material."""
    return act in PAYMENT_ACTS and held(pl) > 0


def setup(st: State) -> None:
    """The diamonds join the general supply; every inventory gets a place for them."""
    st["supply"][DIAMOND] = SUPPLY
    for pl in st["pl"]:
        pl["inv"][DIAMOND] = 0


def delivery_moves(st: State, p: int) -> list[Move]:
    """A diamond for each material one of the player's open sections still lacks."""
    if not held(st["pl"][p]):
        return []
    from .state import missing

    out: list[Move] = []
    for tower in st["towers"]:
        for sec in tower:
            if sec["owner"] == p and not sec["done"]:
                out += [{"type": "deliver", "section": sec["id"], "material": m, "diamond": True} for m in missing(sec)]
    return out


def ornament_variants(inv: dict[str, int], material: str, gems: list[str]) -> list[list[str]]:
    """Which of an ornament's payments (its material, then its gems) diamonds may make, the rest paid
    from the inventory: every non-empty choice the inventory allows."""
    payments = [material] + (list(gems) if FOR_GEMS else [])
    have = inv.get(DIAMOND, 0)
    out = []
    for k in range(1, min(have, len(payments)) + 1):
        for chosen in combinations(range(len(payments)), k):
            replaced = [payments[i] for i in chosen]
            rest = [payments[i] for i in range(len(payments)) if i not in chosen]
            if not FOR_GEMS:
                rest += list(gems)
            if all(inv[m] >= rest.count(m) for m in set(rest)) and replaced not in out:
                out.append(replaced)
    return out


def pay_ornament(st: State, p: int, material: str, gems: list[str], replaced: list[str]) -> None:
    """The ornament's material and gems leave the inventory, diamonds where ``replaced`` says."""
    pl = st["pl"][p]
    paid = [material, *gems]
    for m in replaced:
        paid.remove(m)
    for m in paid:
        pl["inv"][m] -= 1
        st["supply"][m] += 1
    pl["inv"][DIAMOND] -= len(replaced)
    st["supply"][DIAMOND] += len(replaced)


def deliver(st: State, p: int, sec: dict[str, Any], material: str) -> None:
    """A diamond counts as ``material`` on the section until it is completed."""
    st["pl"][p]["inv"][DIAMOND] -= 1
    dia = sec.setdefault("dia", {})
    dia[material] = dia.get(material, 0) + 1


def give_back(st: State, sec: dict[str, Any]) -> None:
    """A completed section's materials go back to the supply: diamonds as diamonds."""
    dia = sec.pop("dia", {})
    for m, n in sec["mat"].items():
        st["supply"][m] += n - dia.get(m, 0)
    if dia:
        st["supply"][DIAMOND] += sum(dia.values())


def take(st: State, p: int, count: int) -> int:
    """Diamonds from the supply, as far as it and the inventory allow; how many came."""
    from .state import take_materials

    return take_materials(st, p, DIAMOND, count)


def gain(st: State, p: int, count: int, events: list[Event]) -> int:
    """:func:`take`, with its log line."""
    from .state import NAMES, who

    got = take(st, p, count)
    events.append(
        {
            "msg": _("{seat} gets {count}× {resource}."),
            "args": {"seat": who(st, p), "count": got, "resource": NAMES[DIAMOND]},
        }
    )
    return got
