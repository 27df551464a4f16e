"""The component figures of Die Rote Kathedrale, loaded from data/*.json and validated.

One file per kind of component. Every record says where its figure comes from (``provenance``:
"rules" for the rules text, "review" for published reviews, "provisional" for a figure designed
here because the printed one is published nowhere); each file's ``method`` says how provisional
figures were chosen. :func:`validate` refuses a file that breaks a constraint the sources give,
naming the file and the record, so a corrected figure is a one-line change that cannot go wrong
silently.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

DATA_DIR = Path(__file__).with_name("data")
FILES = (
    "game",
    "sections",
    "plans",
    "workshop_tiles",
    "resource_tiles",
    "score_track",
    "workshop_boards",
    "influence_cards",
    "solo_cards",
    "contractors",
    "diamonds",
    "special_tiles",
    "reinforcement_tiles",
    "contracts",
    "foreman",
)
PROVENANCES = ("rules", "review", "provisional")
MATERIALS = ("wood", "brick", "stone", "gold", "green", "violet")
GEMS = ("green", "violet")
COLOURS = ("yellow", "red", "blue", "green")
DICE = ("white",) + COLOURS
SECTION_KINDS = ("base", "middle", "dome")
GROUPS = ("craftsmen", "teamsters", "merchants", "clergy")
TOWERS_BY_PLAYERS = {2: 4, 3: 5, 4: 6}
SLOTS = ("white1", "white2", "own", "next", "opposite", "previous")
ORNAMENT_KINDS = ("door", "arch", "cross")
# What each influence action needs besides "act" and "repeat".
ACTION_FIELDS = {
    "sell": {"materials", "rubles"},
    "buy": {"materials", "rubles"},
    "deliver": {"units", "rubles"},
    "income": {"rubles"},
    "swap_tiles": {"rubles"},
    "exchange": {"give", "get"},
    "trade": {"rubles"},
    "activate": set(),
    "glory": {"glory"},
    "pay_glory": {"rubles", "glory"},
    "offer": {"different", "glory"},
    "all_kinds": {"glory"},
}
# The card actions of the expansion's guilds and what each needs besides "act" and "repeat".
GUILD_ACTION_FIELDS: dict[str, set[str]] = {
    "foreman": {"gain", "rival"},
    "black_die_area": set(),
    "contractors_count": {"gain", "rival"},
    "market_actions": {"rubles", "times", "different", "materials"},
    "permit_gain": {"permits"},
    "permit_deliver": {"permits", "units"},
    "permit_glory": {"permits", "glory"},
    "permit_material": {"permits"},
    "gain_material": {"materials"},
    "pay_material_points": {"materials", "rp"},
    "pay_material_rubles": {"material", "rubles"},
    "pay_gems_glory": {"glory", "rubles"},
    "buy_diamonds": {"diamonds", "rubles"},
    "diamonds_for_materials": {"give", "diamonds"},
    "diamond_permits": {"diamonds", "permits"},
    "activate_other": {"rubles"},
    "activate_twice": {"rubles"},
    "activate_two": {"rubles"},
    "brick_tile": {"bricks"},
    "brick_deliver": {"bricks", "units"},
    "brick_rubles": {"bricks", "rubles"},
    "brick_rp": {"bricks", "rp"},
    "smuggle": {"rubles"},
    "forced_swap": set(),
    "bribe": {"rubles"},
    "change_plan": set(),
    # Archivists
    "draw_contracts": {"rubles", "draw"},
    "archive_area": {"rp"},
    "archive_group": {"rp"},
    "archive_tile": {"rp"},
    # Master Builders
    "draw_sections": {"rubles", "takes"},
    "section_rubles": {"rp"},
    "section_points": {"rubles"},
}
# The values some of the guilds' action fields may take (the rest are checked by their presence).
GUILD_ACTION_VALUES: dict[str, dict[str, tuple[Any, ...]]] = {
    "foreman": {"gain": ("rp", "rubles"), "rival": (False, True)},
    "contractors_count": {"gain": ("permits", "rubles"), "rival": (False, True)},
    "market_actions": {
        "rubles": tuple(range(1, 10)),
        "times": (1, 2),
        "different": (False, True),
        "materials": (0, 1),
    },
    "permit_gain": {"permits": tuple(range(1, 7))},
    "permit_deliver": {"permits": tuple(range(1, 7)), "units": (1, 2, 3)},
    "permit_glory": {"permits": tuple(range(1, 7)), "glory": tuple(range(1, 10))},
    "permit_material": {"permits": tuple(range(1, 7))},
}
RESOURCE_KEYS = MATERIALS + ("rubles", "rp")
# The Contractors module ("Die Unternehmer"): its extra die, resources and record types.
BLACK = "black"
MODULE_KEYS = RESOURCE_KEYS + ("permits", "glory")
CITIES = ("moscow", "smolensk", "ryazan", "suzdal", "vologda", "vladimir")
CONTRACTOR_TYPES = ("rules", "city", "unlock", "specialist", "resource_tile", "workshop_tile", "swap", "solo")


# The Archivists' contract cards: each condition kind and the fields it needs besides "glory".
CONTRACT_FIELDS: dict[str, set[str]] = {
    "return": {"give"},
    "claimed_in_one_tower": {"count"},
    "tiles_face_up": {"count"},
    "towers_absent": set(),
    "ornaments_unused": set(),
    "all_kinds_completed": set(),
    "ornaments_on_others": set(),
    "all_ornaments_used": set(),
    "ornaments_in_one_tower": {"count"},
    "ornaments_on_own": set(),
    "towers_present": set(),
}
CONTRACT_OPTIONAL = {"glory_2p"}
# What a "return" card may ask for: materials, rubles, or "gem" (a green or a violet one).
RETURN_KEYS = MATERIALS + ("rubles", "gem")
CONTRACTS = 15


class DataError(ValueError):
    """A component file breaks a constraint; the message names the file and the record."""


def _fail(kind: str, record: Any, message: str) -> NoReturn:
    rid = record.get("id") if isinstance(record, dict) else record
    raise DataError(f"{kind}.json, record {rid!r}: {message}")


def _records(kind: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
    if not isinstance(doc, dict) or doc.get("kind") != kind:
        raise DataError(f'{kind}.json: the file must be an object with "kind": "{kind}".')
    if not isinstance(doc.get("method"), str) or not doc["method"].strip():
        raise DataError(f'{kind}.json: say in "method" how its figures were chosen.')
    records = doc.get("records")
    if not isinstance(records, list) or not records:
        raise DataError(f'{kind}.json: "records" must be a non-empty list.')
    seen = set()
    for r in records:
        if not isinstance(r, dict) or not isinstance(r.get("id"), str):
            _fail(kind, r, "every record needs a string id.")
        if r["id"] in seen:
            _fail(kind, r, "the id is used twice.")
        seen.add(r["id"])
        if r.get("provenance") not in PROVENANCES:
            _fail(kind, r, f"provenance must be one of {', '.join(PROVENANCES)}.")
    return records


def _count(kind: str, record: dict[str, Any], value: Any, what: str, low: int = 0, high: int = 99) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _fail(kind, record, f"{what} must be a whole number from {low} to {high}.")
    return value


def _amounts(kind: str, record: dict[str, Any], value: Any, keys: tuple[str, ...], what: str) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        _fail(kind, record, f"{what} must name at least one resource.")
    for key, amount in value.items():
        if key not in keys:
            _fail(kind, record, f"{what}: unknown resource {key!r}.")
        _count(kind, record, amount, f"{what}[{key}]", 1, 9)
    return value


def validate_game(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    records = {r["id"]: r for r in _records("game", doc)}
    for needed in ("supply", "coins", "start", "workshop", "ornaments", "end", "build", "market", "optional"):
        if needed not in records:
            raise DataError(f"game.json: the record {needed!r} is missing.")
    supply = records["supply"]
    for m in MATERIALS:
        _count("game", supply, supply.get(m), f"the supply of {m}", 1, 40)
    coins = records["coins"]
    if coins.get("denominations") != [1, 3]:
        _fail("game", coins, "coins come in 1 and 3 rubles.")
    start = records["start"]
    rubles = start.get("rubles_by_seat")
    if not isinstance(rubles, list) or len(rubles) != 4:
        _fail("game", start, "rubles_by_seat needs one amount for each of 4 seats.")
    for r in rubles:
        _count("game", start, r, "starting rubles", 0, 20)
    if start.get("space") != 2:
        _fail("game", start, "markers start on space 2.")
    shop = records["workshop"]
    if (shop.get("inventory"), shop.get("ruler_banners"), shop.get("banners"), shop.get("spaces")) != (10, 4, 6, 6):
        _fail("game", shop, "a workshop has 10 inventory spaces, 4 banners on them, 6 banners and 6 workshop spaces.")
    orn = records["ornaments"]
    if [orn.get(k, {}).get("count") for k in ORNAMENT_KINDS] != [1, 2, 1]:
        _fail("game", orn, "each player has 1 door, 2 arches and 1 cross.")
    for k, on in zip(ORNAMENT_KINDS, SECTION_KINDS):
        if orn[k].get("on") != on or orn[k].get("material") not in MATERIALS:
            _fail("game", orn, f"the {k} goes on a {on} and costs one material.")
    if records["end"].get("sections") != 6:
        _fail("game", records["end"], "the end comes with a player's sixth completed section.")
    if records["build"].get("units") != 3:
        _fail("game", records["build"], "a build action delivers up to 3 units.")
    if (records["market"].get("areas"), records["market"].get("die_spaces")) != (8, 3):
        _fail("game", records["market"], "the market has 8 areas of 3 die spaces.")
    return records


def validate_sections(doc: dict[str, Any]) -> list[dict[str, Any]]:
    records = _records("sections", doc)
    counts = dict.fromkeys(SECTION_KINDS, 0)
    for r in records:
        if r.get("kind") not in SECTION_KINDS:
            _fail("sections", r, "kind must be base, middle or dome.")
        counts[r["kind"]] += 1
        cost = _amounts("sections", r, r.get("cost"), MATERIALS, "cost")
        if not 3 <= sum(cost.values()) <= 4:
            _fail("sections", r, "a section costs 3 or 4 materials.")
        _count("sections", r, r.get("rp"), "rp", 1, 20)
        _count("sections", r, r.get("rubles"), "rubles", 0, 9)
    if counts != {"base": 10, "middle": 20, "dome": 10}:
        raise DataError(f"sections.json: there are 10 bases, 20 middle sections and 10 domes, not {counts}.")
    unpaid = [r["id"] for r in records if r["rubles"] == 0]
    if len(unpaid) * 2 >= len(records):
        raise DataError(
            f"sections.json, records {', '.join(repr(i) for i in unpaid)}: most sections pay rubles "
            "besides their points; these pay none."
        )
    if len({r["rp"] for r in records if r["kind"] == "base"}) < 2:
        raise DataError("sections.json: the bases must differ in points (Iwan claims the best one).")
    return records


def validate_plans(doc: dict[str, Any], sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    records = _records("plans", doc)
    per_count = {2: 0, 3: 0, 4: 0}
    supply = {k: sum(1 for s in sections if s["kind"] == k) for k in SECTION_KINDS}
    for r in records:
        players = r.get("players")
        if players not in per_count:
            _fail("plans", r, "players must be 2, 3 or 4.")
        per_count[players] += 1
        middles = r.get("middles")
        if not isinstance(middles, list) or len(middles) != TOWERS_BY_PLAYERS[players]:
            _fail("plans", r, f"{players} players build {TOWERS_BY_PLAYERS[players]} towers.")
        for m in middles:
            _count("plans", r, m, "middle sections of a tower", 0, 6)
        if 2 * len(middles) + sum(middles) != 6 * players:
            _fail("plans", r, f"a plan has 6 sections per player ({6 * players}).")
        if len(middles) > supply["base"] or sum(middles) > supply["middle"]:
            _fail("plans", r, "the plan needs more cards than there are.")
    if per_count != {2: 3, 3: 3, 4: 3}:
        raise DataError(f"plans.json: there are 3 plans for each player count, not {per_count}.")
    return records


def validate_workshop_tiles(doc: dict[str, Any]) -> list[dict[str, Any]]:
    records = _records("workshop_tiles", doc)
    dice = []
    for r in records:
        if not isinstance(r.get("three_plus"), bool):
            _fail("workshop_tiles", r, "three_plus must be true or false.")
        if ("gain" in r) == ("die" in r):
            _fail("workshop_tiles", r, "a tile shows either resources (gain) or a die.")
        if "gain" in r:
            _amounts("workshop_tiles", r, r["gain"], RESOURCE_KEYS, "gain")
        else:
            if r["die"] not in DICE:
                _fail("workshop_tiles", r, f"unknown die {r['die']!r}.")
            if not r["three_plus"]:
                _fail("workshop_tiles", r, "the die tiles are marked 3+.")
            dice.append(r["die"])
    if len(records) != 28:
        raise DataError(f"workshop_tiles.json: there are 28 tiles, not {len(records)}.")
    if sorted(dice) != sorted(DICE):
        raise DataError("workshop_tiles.json: there is one die tile for each of the 5 dice.")
    if sum(1 for r in records if not r["three_plus"]) < 12:
        raise DataError("workshop_tiles.json: 2-player games need at least 12 tiles not marked 3+.")
    return records


def validate_resource_tiles(doc: dict[str, Any]) -> list[dict[str, Any]]:
    records = _records("resource_tiles", doc)
    kinds = []
    for r in records:
        gives = _amounts("resource_tiles", r, r.get("gives"), RESOURCE_KEYS, "gives")
        if len(gives) != 1:
            _fail("resource_tiles", r, "a resource tile shows one resource.")
        kinds.append(next(iter(gives)))
    if sorted(kinds) != sorted(RESOURCE_KEYS):
        raise DataError("resource_tiles.json: there is one tile for each material, rubles and points.")
    for r in records:
        if r.get("dice_start") and r["gives"] != {"rp": 1}:
            _fail("resource_tiles", r, "the dice are placed from the tile of 1 construction point only.")
    point_tile = next(r for r in records if "rp" in r["gives"])
    if not point_tile.get("dice_start"):
        _fail("resource_tiles", point_tile, 'the dice are placed from this tile ("dice_start": true).')
    return records


def validate_score_track(doc: dict[str, Any]) -> list[int]:
    records = _records("score_track", doc)
    lap = doc.get("lap")
    if len(records) != 40:
        raise DataError("score_track.json: a lap holds 40 glory spaces.")
    spaces, gaps, last = [], [], 0
    for i, r in enumerate(records):
        if r["id"] != f"PP{i + 1}":
            _fail("score_track", r, f"records go in order PP1 to PP40 (expected PP{i + 1}).")
        space = _count("score_track", r, r.get("space"), "space", 1, 200)
        if space <= last:
            _fail("score_track", r, "glory spaces must lie further along the track than the one before.")
        gaps.append(space - last)
        spaces.append(space)
        last = space
    if not 4 <= gaps[0] <= 5:
        raise DataError("score_track.json, record 'PP1': the first gaps are about 5 spaces.")
    for i in range(23, 40):
        if gaps[i] != 1:
            _fail("score_track", records[i], "from the 23rd glory space on, every space has an eagle.")
    for i in range(1, len(gaps)):
        if gaps[i] > gaps[i - 1]:
            _fail(
                "score_track",
                records[i],
                f"the gaps between glory spaces never grow along the track ({gaps[i]} after {gaps[i - 1]}).",
            )
    if not isinstance(lap, int) or lap != spaces[-1] + 1:
        raise DataError("score_track.json: the lap ends on the 40th glory space (lap = its space + 1).")
    return spaces


def validate_workshop_boards(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    records = {r["id"]: r for r in _records("workshop_boards", doc)}
    if sorted(records) != sorted(SLOTS):
        raise DataError(f"workshop_boards.json: the spaces are {', '.join(SLOTS)}.")
    ornaments = []
    for sid, r in records.items():
        _count("workshop_boards", r, r.get("basic_cost"), "basic_cost", 0, 6)
        orn = r.get("extended_ornament")
        if sid.startswith("white"):
            if orn is not None:
                _fail("workshop_boards", r, "white spaces hold banners, not ornaments.")
        else:
            if orn not in ORNAMENT_KINDS:
                _fail("workshop_boards", r, "each coloured space holds an ornament on the extended side.")
            ornaments.append(orn)
    if sorted(ornaments) != ["arch", "arch", "cross", "door"]:
        raise DataError("workshop_boards.json: the extended side holds 1 door, 2 arches and 1 cross.")
    if records["opposite"]["basic_cost"] != 2 or records["previous"]["extended_ornament"] != "arch":
        raise DataError(
            "workshop_boards.json: the rules' examples (opposite costs 2, previous holds an arch) must hold."
        )
    if doc.get("extended_cost") != 3:
        raise DataError("workshop_boards.json: the extended side costs 3 rubles on every space.")
    return records


def validate_influence_cards(doc: dict[str, Any]) -> list[dict[str, Any]]:
    records = _records("influence_cards", doc)
    numbers: dict[str, list[Any]] = {g: [] for g in GROUPS}  # as the file gives them, checked below
    for r in records:
        if r.get("group") not in GROUPS:
            _fail("influence_cards", r, "unknown group.")
        numbers[r["group"]].append(r.get("number"))
        actions = r.get("actions")
        if not isinstance(actions, list) or len(actions) != 2:
            _fail("influence_cards", r, "a card has two actions.")
        for a in actions:
            act = a.get("act") if isinstance(a, dict) else None
            if act not in ACTION_FIELDS:
                _fail("influence_cards", r, f"unknown action {act!r}.")
            if not isinstance(a.get("repeat"), bool):
                _fail("influence_cards", r, "each action says whether it may be repeated (repeat).")
            missing = ACTION_FIELDS[act] - set(a)
            if missing:
                _fail("influence_cards", r, f"the action {act} needs {', '.join(sorted(missing))}.")
            if (
                "materials" in a
                and a["materials"] != "any"
                and (not isinstance(a["materials"], list) or not set(a["materials"]) <= set(MATERIALS))
            ):
                _fail("influence_cards", r, 'materials must be "any" or a list of materials.')
    for g, nums in numbers.items():
        if sorted(nums) != [1, 2, 3]:
            raise DataError(f"influence_cards.json: the group {g} has cards 1, 2 and 3.")
    m1 = next(r for r in records if r["id"] == "merchants-1")
    if [(a["act"], a.get("give"), a.get("get")) for a in m1["actions"]] != [("exchange", 2, 1), ("exchange", 4, 2)]:
        raise DataError("influence_cards.json, record 'merchants-1': the rules text gives its two exchanges.")
    return records


def validate_guild(doc: dict[str, Any], group: str) -> dict[str, Any]:
    """One of the expansion's groups: three cards of two actions each, like the base game's groups."""
    kind = f"guilds/{group}"
    if not isinstance(doc, dict) or doc.get("kind") != "guild":
        raise DataError(f'{kind}.json: the file must be an object with "kind": "guild".')
    records = _records(kind, {**doc, "kind": kind})
    if doc.get("group") != group or not isinstance(doc.get("needs_contractors"), bool):
        raise DataError(f"{kind}.json: names its group and whether it needs the Contractors module.")
    known = {**ACTION_FIELDS, **GUILD_ACTION_FIELDS}
    for r in records:
        if r.get("group") != group or r.get("id") != f"{group}-{r.get('number')}":
            _fail(kind, r, f"a card of this file belongs to the group {group} and is named {group}-<number>.")
        if not isinstance(r.get("contractors"), bool):
            _fail(kind, r, "each card says whether it needs the Contractors module (contractors).")
        actions = r.get("actions")
        if not isinstance(actions, list) or len(actions) != 2:
            _fail(kind, r, "a card has two actions.")
        for a in actions:
            act = a.get("act") if isinstance(a, dict) else None
            if act not in known:
                _fail(kind, r, f"unknown action {act!r}.")
            if not isinstance(a.get("repeat"), bool):
                _fail(kind, r, "each action says whether it may be repeated (repeat).")
            missing = known[act] - set(a)
            if missing:
                _fail(kind, r, f"the action {act} needs {', '.join(sorted(missing))}.")
            for field, allowed in GUILD_ACTION_VALUES.get(act, {}).items():
                if not any(type(a[field]) is type(x) and a[field] == x for x in allowed):
                    _fail(kind, r, f"{field} of the action {act} is one of {', '.join(map(str, allowed))}.")
    if sorted(r["number"] for r in records) != [1, 2, 3]:
        raise DataError(f"{kind}.json: the group has cards 1, 2 and 3.")
    if doc["needs_contractors"] != all(r["contractors"] for r in records):
        raise DataError(f"{kind}.json: a group needs the Contractors module exactly when all its cards do.")
    return {"needs_contractors": doc["needs_contractors"], "cards": sorted(records, key=lambda r: r["number"])}


def guild_files() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (DATA_DIR / "guilds").glob("*.json")))


def validate_solo_cards(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    records = {r["id"]: r for r in _records("solo_cards", doc)}
    if sorted(records) != sorted(("points", "stock", "transport", "claim", "build")):
        raise DataError("solo_cards.json: Iwan has the cards points, stock, transport, claim and build.")
    if doc.get("ornament_order") != ["door", "arch", "arch", "cross"]:
        raise DataError("solo_cards.json: Iwan adds his ornaments in the order door, arch, arch, cross.")
    return records


def validate_contractors(doc: dict[str, Any], tiles: list[dict[str, Any]]) -> dict[str, Any]:
    """The module's figures, grouped by record type."""
    records = _records("contractors", doc)
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in CONTRACTOR_TYPES}
    for r in records:
        if r.get("type") not in CONTRACTOR_TYPES:
            _fail("contractors", r, f"type must be one of {', '.join(CONTRACTOR_TYPES)}.")
        by_type[r["type"]].append(r)
    if len(by_type["rules"]) != 1:
        raise DataError("contractors.json: one record of type rules holds the module's counts.")
    rules = by_type["rules"][0]
    if (
        rules.get("contractors"),
        rules.get("start_permits"),
        rules.get("max_permits"),
        rules.get("hire_rubles"),
        rules.get("permit_glory"),
        rules.get("specialist_spaces"),
    ) != (6, 1, 6, 2, 1, 5):
        _fail(
            "contractors",
            rules,
            "6 contractors, 1 permit at the start, at most 6, 2 rubles to hire, 1 glory for "
            "1 permit and 5 specialist spaces, as the rules say.",
        )
    if rules.get("tool_sets") != [1, 2, 4, 7, 11, 16]:
        _fail("contractors", rules, "tool sets score 1/2/4/7/11/16.")
    spaces = rules["specialist_spaces"]
    cities: list[Any] = [r.get("city") for r in by_type["city"]]
    if sorted(cities) != sorted(CITIES):
        raise DataError(f"contractors.json: the cities are {', '.join(CITIES)}.")
    for r in by_type["city"]:
        sees = r.get("sees")
        want = spaces if r["city"] == "moscow" else 2
        if (
            not isinstance(sees, list)
            or len(set(sees)) != want
            or not all(isinstance(i, int) and 0 <= i < spaces for i in sees)
        ):
            _fail("contractors", r, f"the city sees {want} of the {spaces} specialist spaces.")
    unlocked: list[Any] = [r.get("contractor") for r in by_type["unlock"]]
    if sorted(unlocked) != list(range(1, 7)):
        raise DataError("contractors.json: one unlock record for each of the 6 contractors.")
    for r in by_type["unlock"]:
        if r.get("contractor") == 3 and r.get("choice") != "material":
            _fail("contractors", r, "the third contractor unlocks a material of the player's choice.")
        if "choice" in r:
            if r["choice"] != "material" or "gain" in r:
                _fail("contractors", r, 'a choice bonus is "choice": "material" without a gain.')
        elif r.get("gain"):
            _amounts("contractors", r, r["gain"], MODULE_KEYS, "gain")
        elif r.get("gain") != {}:
            _fail("contractors", r, "an unlock bonus has a gain (empty for none) or a choice.")
    specialists = by_type["specialist"]
    if len(specialists) != 24:
        raise DataError(f"contractors.json: there are 24 specialists, not {len(specialists)}.")
    tools: dict[str, int] = {}
    for r in specialists:
        if not isinstance(r.get("tool"), str):
            _fail("contractors", r, "a specialist shows a tool on its back.")
        tools[r["tool"]] = tools.get(r["tool"], 0) + 1
        _amounts("contractors", r, r.get("gain"), MODULE_KEYS, "gain")
    if len(tools) != 6:
        raise DataError(f"contractors.json: the specialists show 6 kinds of tool, not {len(tools)}.")
    res = by_type["resource_tile"]
    if (
        len(res) != 1
        or res[0].get("gives") != {"permits": 1}
        or not res[0].get("dice_start")
        or res[0].get("replaces") != "R-rp"
    ):
        raise DataError(
            "contractors.json: one resource tile of 1 permit replaces the 1-point tile R-rp and the dice "
            "are placed from it."
        )
    new_tiles = by_type["workshop_tile"]
    if sorted(str(r.get("die", r.get("gain"))) for r in new_tiles) != sorted([BLACK, str({"permits": 1})]):
        raise DataError("contractors.json: the new workshop tiles are 1 permit and the black die.")
    base_ids = {t["id"] for t in tiles}
    for r in new_tiles:
        if r["id"] in base_ids:
            _fail("contractors", r, "the id is already a base workshop tile.")
    swap = by_type["swap"]
    if len(swap) != 1:
        raise DataError("contractors.json: one swap record names the two tiles removed below 3 players.")
    removes = swap[0].get("removes")
    two_player = {t["id"] for t in tiles if not t["three_plus"]}
    if not isinstance(removes, list) or len(set(removes)) != 2 or not set(removes) <= two_player:
        _fail("contractors", swap[0], "two different base tiles that 2-player games use are removed.")
    solo = by_type["solo"]
    if len(solo) != 1:
        raise DataError("contractors.json: one solo record gives Iwan's recruit card.")
    iwan = solo[0]
    black_tile = next(r["id"] for r in new_tiles if r.get("die") == BLACK)
    if (
        iwan.get("card"),
        iwan.get("tile"),
        iwan.get("start_glory"),
        iwan.get("contractors_at_start"),
        iwan.get("moscow_glory"),
    ) != ("recruit", black_tile, 3, 1, 1):
        _fail(
            "contractors",
            iwan,
            "Iwan recruits with the black-die tile, starts on 3 glory with one contractor "
            "placed and gains 1 glory in Moscow.",
        )
    return {
        "iwan": iwan,
        "rules": rules,
        "cities": {r["city"]: r for r in by_type["city"]},
        "unlocks": {r["contractor"]: r for r in by_type["unlock"]},
        "specialists": {r["id"]: r for r in specialists},
        "resource_tile": res[0],
        "tiles": {r["id"]: r for r in new_tiles},
        "removes": list(removes),
    }


# The special workshop tiles (promo): what each brings when it is activated.
SPECIAL_EFFECTS = ("diamond", "material", "die", "guild")
DIAMOND = "diamond"


def validate_diamonds(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The Jewelers' wild material: 15 diamonds, and where they stand in for other materials."""
    records = {r["id"]: r for r in _records("diamonds", doc)}
    if sorted(records) != sorted(("supply", "sections", "ornaments", "payments", "leftover")):
        raise DataError("diamonds.json: records supply, sections, ornaments, payments and leftover.")
    if records["supply"].get("count") != 15:
        _fail("diamonds", records["supply"], "there are 15 diamonds.")
    if records["sections"].get("stands_in") is not True:
        _fail("diamonds", records["sections"], "a diamond stands in for any material of a section (rules).")
    orn = records["ornaments"]
    if orn.get("stands_in") is not True or not isinstance(orn.get("gems"), bool):
        _fail("diamonds", orn, "a diamond stands in for an ornament's material; say whether for its gems too.")
    pay = records["payments"]
    acts = pay.get("acts")
    if not isinstance(acts, list) or not set(acts) <= {"sell"}:
        _fail("diamonds", pay, 'only a payment of a material of any kind ("sell") can take a diamond.')
    _count("diamonds", records["leftover"], records["leftover"].get("units"), "leftover units", 0, 1)
    return records


def validate_special_tiles(doc: dict[str, Any]) -> dict[str, Any]:
    """The 4 special workshop tiles (promo), one effect each, drafted one per player."""
    records = _records("special_tiles", doc)
    tiles = [r for r in records if "effect" in r]
    if sorted(r["effect"] for r in tiles) != sorted(SPECIAL_EFFECTS):
        raise DataError(f"special_tiles.json: one tile for each effect: {', '.join(SPECIAL_EFFECTS)}.")
    for r in tiles:
        if not r["id"].startswith("S-"):
            _fail("special_tiles", r, "a special tile's id starts with S- (no workshop tile's does).")
        gain = r.get("gain", {})
        if r["effect"] == "diamond" and gain != {DIAMOND: 1}:
            _fail("special_tiles", r, "the diamond tile brings 1 diamond.")
        if r["effect"] == "material" and gain != {"rubles": 1}:
            _fail("special_tiles", r, "the material tile brings 1 ruble besides the material of your choice.")
        if r["effect"] in ("die", "guild") and gain:
            _fail("special_tiles", r, "this tile's benefit is chosen when it is activated.")
    rest = {r["id"]: r for r in records if "effect" not in r}
    if sorted(rest) != ["draft", "solo"]:
        raise DataError("special_tiles.json: besides the tiles, the records draft and solo.")
    if (rest["draft"].get("order"), rest["draft"].get("per_player")) != ("reverse", 1):
        _fail("special_tiles", rest["draft"], "each player drafts 1 tile, the last player first.")
    if not isinstance(rest["solo"].get("iwan"), bool):
        _fail("special_tiles", rest["solo"], "say whether Iwan gets a special tile.")
    return {"tiles": {r["id"]: r for r in tiles}, "iwan": rest["solo"]["iwan"]}


# The Brickmakers' reinforcement tiles: what each effect needs besides "effect".
REINFORCEMENT_FIELDS: dict[str, set[str]] = {
    "gain": {"gives"},
    "pay": {"pays", "gives"},
    "group_action": set(),
    "activate": set(),
    "deliver": set(),
    "free_tile": set(),
    "materials": {"count"},
    "die_area": set(),
    "activate_twice": set(),
    "discard_ornament": {"glory"},
    "buy_rp": {"most"},
    "material_deliver": set(),
    "resource_tile": set(),
    "claim": set(),
}
# The effects the rules text names one by one (the others are the icon families gain and pay).
NAMED_EFFECTS = set(REINFORCEMENT_FIELDS) - {"gain", "pay"}


def validate_reinforcement_tiles(doc: dict[str, Any]) -> list[dict[str, Any]]:
    records = _records("reinforcement_tiles", doc)
    kind = "reinforcement_tiles"
    for r in records:
        effect = r.get("effect")
        if effect not in REINFORCEMENT_FIELDS:
            _fail(kind, r, f"unknown effect {effect!r}.")
        missing = REINFORCEMENT_FIELDS[effect] - set(r)
        if missing:
            _fail(kind, r, f"the effect {effect} needs {', '.join(sorted(missing))}.")
        if not isinstance(r.get("contractors", False), bool):
            _fail(kind, r, "contractors must be true or false.")
        if "gives" in r:
            gives = _amounts(kind, r, r["gives"], MODULE_KEYS, "gives")
            if len(gives) != 1 or len(r.get("pays", {"one": 1})) != 1:
                _fail(kind, r, "a tile shows one resource it gives (and one material it takes).")
            if "permits" in gives and not r.get("contractors"):
                _fail(kind, r, "permits come only with the Contractors module (contractors: true).")
        if "pays" in r:
            _amounts(kind, r, r["pays"], MATERIALS, "pays")
            if set(r["gives"]) not in ({"glory"}, {"rp"}):
                _fail(kind, r, "a paying tile returns material for glory or pays it for construction points.")
            if "rp" in r["gives"] and r["gives"]["rp"] != 3:
                _fail(kind, r, "a tile that takes material for construction points gives 3.")
        for field, low, high in (("count", 1, 3), ("glory", 1, 9), ("most", 1, 9)):
            if field in REINFORCEMENT_FIELDS[effect]:
                _count(kind, r, r[field], field, low, high)
    effects = [r["effect"] for r in records]
    absent = sorted(NAMED_EFFECTS - set(effects))
    if absent:
        raise DataError(f"reinforcement_tiles.json: the rules text names these effects too: {', '.join(absent)}.")
    families = {"gain", "glory", "rp"} - {
        "gain" if r["effect"] == "gain" else next(iter(r["gives"]))
        for r in records
        if "pays" in r or r["effect"] == "gain"
    }
    if families:
        raise DataError(
            "reinforcement_tiles.json: every icon family (gain; material for glory; material for "
            "3 construction points) has tiles."
        )
    named = {r["effect"]: r for r in records if r["effect"] in NAMED_EFFECTS}
    if named["discard_ornament"]["glory"] != 3 or named["buy_rp"]["most"] != 5 or named["materials"]["count"] != 2:
        raise DataError(
            "reinforcement_tiles.json: the rules give 3 glory for an ornament, up to 5 rubles and 2 materials."
        )
    gains = [r["gives"] for r in records if r["effect"] == "gain"]
    if {"rubles": 5} not in gains or {"rp": 3} not in gains:
        raise DataError("reinforcement_tiles.json: the rules name a tile of 5 rubles and one of 3 construction points.")
    return records


def validate_contracts(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The 15 contract cards in the rules text's order, one condition each."""
    records = _records("contracts", doc)
    if len(records) != CONTRACTS:
        raise DataError(f"contracts.json: there are {CONTRACTS} contract cards, not {len(records)}.")
    for i, r in enumerate(records):
        if r["id"] != f"K{i + 1}" or r.get("number") != i + 1:
            _fail("contracts", r, f"cards go in the rules text's order, K1 to K{CONTRACTS} (expected K{i + 1}).")
        kind = r.get("condition")
        if kind not in CONTRACT_FIELDS:
            _fail("contracts", r, f"unknown condition {kind!r}.")
        allowed = (
            {"id", "number", "condition", "glory", "provenance", "note"} | CONTRACT_FIELDS[kind] | CONTRACT_OPTIONAL
        )
        if set(r) - allowed:
            _fail("contracts", r, f"unknown fields {', '.join(sorted(set(r) - allowed))}.")
        missing = CONTRACT_FIELDS[kind] - set(r)
        if missing:
            _fail("contracts", r, f"the condition {kind} needs {', '.join(sorted(missing))}.")
        _count("contracts", r, r.get("glory"), "glory", 1, 9)
        if "glory_2p" in r:
            _count("contracts", r, r["glory_2p"], "glory_2p", 1, 9)
        if "count" in r:
            _count("contracts", r, r["count"], "count", 1, 6)
        if kind == "return":
            _amounts("contracts", r, r["give"], RETURN_KEYS, "give")
    return records


def validate_foreman(doc: dict[str, Any]) -> dict[str, Any]:
    """The Foremen's guild's figure: where it starts, how far it walks, what it adds in its tower."""
    records = _records("foreman", doc)
    if len(records) != 1:
        raise DataError("foreman.json: there is one foreman.")
    r = records[0]
    _count("foreman", r, r.get("start_tower"), "start_tower", 1, 1)
    steps = r.get("steps")
    if not isinstance(steps, list) or not steps or len(set(steps)) != len(steps):
        _fail("foreman", r, "steps lists the different numbers of towers the foreman may walk.")
    for n in steps:
        _count("foreman", r, n, "a number of steps", 1, 3)
    _count("foreman", r, r.get("completion_rp"), "completion_rp", 0, 5)
    _count("foreman", r, r.get("penalty_per_card"), "penalty_per_card", 1, 5)
    return r


def load_raw(kind: str) -> dict[str, Any]:
    try:
        doc: dict[str, Any] = json.loads((DATA_DIR / f"{kind}.json").read_text(encoding="utf-8"))
        return doc
    except json.JSONDecodeError as exc:
        raise DataError(f"{kind}.json: not valid JSON ({exc}).") from None


def validate(docs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """All figures, checked; ``docs`` maps each kind in FILES to its parsed file."""
    sections = validate_sections(docs["sections"])
    tiles = validate_workshop_tiles(docs["workshop_tiles"])
    return {
        "game": validate_game(docs["game"]),
        "sections": sections,
        "plans": validate_plans(docs["plans"], sections),
        "workshop_tiles": tiles,
        "resource_tiles": validate_resource_tiles(docs["resource_tiles"]),
        "eagles": validate_score_track(docs["score_track"]),
        "lap": docs["score_track"]["lap"],
        "boards": validate_workshop_boards(docs["workshop_boards"]),
        "extended_cost": docs["workshop_boards"]["extended_cost"],
        "influence": validate_influence_cards(docs["influence_cards"]),
        "solo": validate_solo_cards(docs["solo_cards"]),
        "solo_doc": docs["solo_cards"],
        "contractors": validate_contractors(docs["contractors"], tiles),
        "diamonds": validate_diamonds(docs["diamonds"]),
        "special_tiles": validate_special_tiles(docs["special_tiles"]),
        "reinforcement_tiles": validate_reinforcement_tiles(docs["reinforcement_tiles"]),
        "contracts": validate_contracts(docs["contracts"]),
        "guilds": {g: validate_guild(docs[f"guilds/{g}"], g) for g in guild_files()},
        "foreman": validate_foreman(docs["foreman"]),
    }


@lru_cache(maxsize=1)
def figures() -> dict[str, Any]:
    return validate({kind: load_raw(kind) for kind in FILES + tuple(f"guilds/{g}" for g in guild_files())})


def provenance_report() -> list[dict[str, Any]]:
    """Every file with its method and records, for the component-figures page.

    The Contractors module's file joins the page together with the module's board; each of the
    expansion's groups is a file of its own, of kind ``guild-<group>``."""
    docs = [{"kind": kind, **load_raw(kind)} for kind in FILES if kind != "contractors"]
    return docs + [{**load_raw(f"guilds/{g}"), "kind": f"guild-{g}"} for g in guild_files()]
