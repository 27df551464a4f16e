"""The Archivists' contract cards: the face-down deck, what each card is worth, the final scoring.

A player's contracts are secret until the game ends (``pl["contracts"]``, in the order kept); the
deck (``st["contracts"]``, top first) is secret to everyone. Conditions are data (contracts.json);
this module only knows how to count each kind of condition.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State, shuffled
from games.rules.base import gettext_noop as _

from ..data import GEMS, SECTION_KINDS, figures
from ..state import ORNAMENTS, SECTIONS, SLOT_NAMES, gain_glory
from .words import words

CONTRACTS: dict[str, dict[str, Any]] = {r["id"]: r for r in figures()["contracts"]}
HELD_MAX = 3
ORNAMENTS_EACH: int = sum(ORNAMENTS[k]["count"] for k in ("door", "arch", "cross"))


def setup_deck(st: State) -> None:
    """The shuffled face-down deck beside the guild; nobody holds a contract yet."""
    st["contracts"] = shuffled(st, sorted(CONTRACTS, key=lambda c: CONTRACTS[c]["number"]))
    for pl in st["pl"]:
        pl["contracts"] = []


def held(st: State, p: int) -> list[str]:
    result: list[str] = st["pl"][p].get("contracts", [])
    return result


def _amount(st: State, rec: dict[str, Any]) -> int:
    result: int = rec["glory_2p"] if st["np"] == 2 and "glory_2p" in rec else rec["glory"]
    return result


def involved(tower: list[dict[str, Any]], p: int) -> bool:
    """A banner on any section of the tower (finished or not), or an ornament of the player's."""
    return any(s["owner"] == p or (s["orn"] is not None and s["orn"][1] == p) for s in tower)


def _ornaments(st: State, p: int) -> list[tuple[int, dict[str, Any]]]:
    """(tower, section) of every ornament the player has added."""
    return [(t, s) for t, tower in enumerate(st["towers"]) for s in tower if s["orn"] is not None and s["orn"][1] == p]


def return_goods(st: State, p: int, give: dict[str, int]) -> dict[str, int] | None:
    """What a "return" card takes from the player now, with its gem made concrete; None if lacking."""
    pl = st["pl"][p]
    out: dict[str, int] = {}
    for key, n in give.items():
        if key == "gem":
            key = max(GEMS, key=lambda g: (pl["inv"][g] - out.get(g, 0), -GEMS.index(g)))
        have = pl["rubles"] if key == "rubles" else pl["inv"][key]
        if have - out.get(key, 0) < n:
            return None
        out[key] = out.get(key, 0) + n
    return out


def worth(st: State, p: int, cid: str) -> int:
    """The glory the card would bring if the game ended now (a "return" card: if the goods are held)."""
    rec = CONTRACTS[cid]
    kind, glory = rec["condition"], _amount(st, rec)
    pl = st["pl"][p]
    towers = st["towers"]
    if kind == "return":
        return glory if return_goods(st, p, rec["give"]) is not None else 0
    if kind == "claimed_in_one_tower":
        most = max(sum(1 for s in tower if s["owner"] == p) for tower in towers)
        return glory if most >= rec["count"] else 0
    if kind == "tiles_face_up":
        up = sum(1 for s in SLOT_NAMES if isinstance(pl["ws"][s], dict) and pl["ws"][s]["up"])
        return glory if up >= rec["count"] else 0
    if kind == "towers_absent":
        return glory * sum(1 for tower in towers if not involved(tower, p))
    if kind == "towers_present":
        return glory * sum(1 for tower in towers if involved(tower, p))
    if kind == "ornaments_unused":
        return glory * (ORNAMENTS_EACH - len(_ornaments(st, p)))
    if kind == "all_ornaments_used":
        return glory if len(_ornaments(st, p)) >= ORNAMENTS_EACH else 0
    if kind == "all_kinds_completed":
        kinds = {SECTIONS[s["id"]]["kind"] for tower in towers for s in tower if s["done"] and s["owner"] == p}
        return glory if kinds >= set(SECTION_KINDS) else 0
    if kind == "ornaments_on_others":
        return glory * sum(1 for _t, s in _ornaments(st, p) if s["owner"] != p)
    if kind == "ornaments_on_own":
        return glory * sum(1 for _t, s in _ornaments(st, p) if s["owner"] == p)
    # ornaments_in_one_tower
    per_tower = [sum(1 for t, _s in _ornaments(st, p) if t == i) for i in range(len(towers))]
    return glory if max(per_tower, default=0) >= rec["count"] else 0


def expected_glory(st: State, p: int) -> int:
    return sum(worth(st, p, c) for c in held(st, p))


def score(st: State, events: list[Event]) -> None:
    """The contracts, before every other part of the final scoring; "return" cards take the goods now."""
    for p in range(st["np"]):
        for cid in held(st, p):
            rec = CONTRACTS[cid]
            glory = worth(st, p, cid)
            if rec["condition"] == "return" and glory:
                goods = return_goods(st, p, rec["give"])
                assert goods is not None, "worth() found the goods"
                pay(st, p, goods)
            if glory:
                gain_glory(st, p, glory, "contracts")
            events.append(
                {
                    "msg": words(_("{seat}'s contract {contract}: {glory}.")),
                    "args": {"seat": p, "contract": cid, "glory": glory},
                }
            )


def pay(st: State, p: int, goods: dict[str, int]) -> None:
    pl = st["pl"][p]
    for key, n in goods.items():
        if key == "rubles":
            pl["rubles"] -= n
        else:
            pl["inv"][key] -= n
            st["supply"][key] += n
