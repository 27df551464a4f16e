"""Card catalogue built from cards.json: stable integer ids for every card copy.

Ids are the same for every option set: base cards first, then the expansion
copies, then the Cathedral tile. A game uses the subset its options allow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict


class Rules(TypedDict):
    """The figures of the rules, as cards.json gives them under "rules"."""

    start_hand: int
    start_variant_hands: list[int]
    hand_limit: int
    hand_limit_expansion: int
    hand_limit_guard_room: int
    hand_limit_tower: int
    end_buildings: int
    council_draw: int
    council_privilege_draw: int
    council_keep: int
    prefecture_keep: int
    prospector_draw: int
    office_max: int
    black_market_max: int
    gold_mine_reveal: int
    customs_price: int
    park_crane_value: int
    triumphal_arch_points: list[int]
    residence_points: list[int]
    cathedral_points: list[int]
    palace_divisor: int
    guild_hall_per_production_1st_edition: int


DATA: dict[str, Any] = json.loads((Path(__file__).with_name("cards.json")).read_text(encoding="utf-8"))
RULES: Rules = DATA["rules"]
KINDS: list[dict[str, Any]] = DATA["cards"]
KIND_BY_KEY: dict[str, dict[str, Any]] = {k["key"]: k for k in KINDS}
GOODS: list[str] = [g["key"] for g in DATA["goods"]]
GOOD_NAMES: dict[str, dict[str, str]] = {g["key"]: g for g in DATA["goods"]}
TILES: list[list[int]] = DATA["trading_tiles"]
ROLES: list[str] = [r["key"] for r in DATA["roles"]]
ROLE_INFO: dict[str, dict[str, str]] = {r["key"]: r for r in DATA["roles"]}

# Per card id (index): the kind's key; filled below.
KEY: list[str] = []
BASE_IDS: list[int] = []
EXPANSION_IDS: list[int] = []
for _kind in KINDS:
    if _kind["set"] == "tile":
        continue
    base_copies = _kind["count"] if _kind["set"] == "base" else 0
    extra = _kind.get("expansion_count", 0) if _kind["set"] == "base" else _kind["count"]
    for _ in range(base_copies):
        BASE_IDS.append(len(KEY))
        KEY.append(_kind["key"])
    for _ in range(extra):
        EXPANSION_IDS.append(len(KEY))
        KEY.append(_kind["key"])
CATHEDRAL: int = len(KEY)
KEY.append("cathedral")

PRODUCTION: list[bool] = [KIND_BY_KEY[k]["kind"] == "production" for k in KEY]
GOOD: list[str | None] = [KIND_BY_KEY[k].get("good") for k in KEY]
VP: list[int] = [KIND_BY_KEY[k]["vp"] for k in KEY]


def good_rank(card: int) -> int:
    """The place of a production building's good in GOODS (indigo first): its price's column on a trading tile."""
    good = GOOD[card]
    if good is None:
        raise ValueError(f"{KEY[card]} produces no good.")
    return GOODS.index(good)


COST: dict[str, list[int]] = {
    "1": [KIND_BY_KEY[k].get("cost_1st_edition", KIND_BY_KEY[k]["cost"]) for k in KEY],
    "2": [KIND_BY_KEY[k]["cost"] for k in KEY],
}
MONUMENT: list[bool] = [bool(KIND_BY_KEY[k].get("monument")) for k in KEY]
INDIGO_IDS: list[int] = [i for i in BASE_IDS if KEY[i] == "indigo_plant"]


def card_info(card: int, edition: str) -> dict[str, Any]:
    """Everything a board shows about one card."""
    kind = KIND_BY_KEY[KEY[card]]
    return {
        "id": card,
        "key": kind["key"],
        "name_de": kind["de"],
        "name_en": kind["en"],
        "cost": COST[edition][card],
        "vp": kind["vp"],
        "kind": kind["kind"],
        "good": kind.get("good"),
        "text": kind["text"],
        "text_de": kind.get("text_de", kind["text"]),
    }


def name(card: int) -> str:
    result: str = KIND_BY_KEY[KEY[card]]["en"]
    return result
