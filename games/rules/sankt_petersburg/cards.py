"""The card catalogue built from cards.json.

Card instance ids are strings: the deck's letter and a number (``"w1"`` .. for workers, ``"b"``
buildings, ``"a"`` aristocrats, ``"x"`` exchange cards), numbered over every card in the file, so
an id means the same card kind in every game whatever the options; a game uses a subset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads(Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
RULES: dict[str, Any] = DATA["rules"]
# The four piles of every game; ALL_DECKS adds the piles an option brings (the Market's).
DECKS: list[str] = [d["key"] for d in DATA["decks"] if "option" not in d]
ALL_DECKS: list[str] = [d["key"] for d in DATA["decks"]]
DECK_INFO: dict[str, dict[str, str]] = {d["key"]: d for d in DATA["decks"]}
PHASES: tuple[str, ...] = ("worker", "building", "aristocrat", "exchange")
# With the Market (2nd edition) the market round comes between the worker and the building round.
MARKET_PHASES: tuple[str, ...] = ("worker", "market", "building", "aristocrat", "exchange")
EDITIONS: tuple[str, ...] = ("1", "2")
UNCERTAIN: dict[str, dict[str, Any]] = DATA["uncertain"]
# Uncertain rule figures (the market value tiles) merge into RULES, so they too live in one place.
RULES.update({k: v for k, v in UNCERTAIN.get("rules", {}).items() if k not in ("fields", "note")})


def phases(state: dict[str, Any]) -> tuple[str, ...]:
    """The rounds of one Durchgang in this game."""
    return MARKET_PHASES if state["opts"].get("market") else PHASES


def decks_of(options: dict[str, Any]) -> list[str]:
    """The piles of a game with these options."""
    return [d for d in ALL_DECKS if d in DECKS or options.get(DECK_INFO[d]["option"])]


def _kinds() -> list[dict[str, Any]]:
    out = []
    for raw in DATA["cards"]:
        kind = dict(raw)
        for field, value in UNCERTAIN.get(kind["key"], {}).items():
            if field in ("fields", "note"):
                continue
            # Nested parts ("params", "edition_2") merge, so an uncertain entry holds only its figure.
            if isinstance(value, dict) and isinstance(kind.get(field), dict):
                value = {**kind[field], **value}
            kind[field] = value
        out.append(kind)
    return out


KINDS: list[dict[str, Any]] = _kinds()
KIND: dict[str, dict[str, Any]] = {k["key"]: k for k in KINDS}


class Card:
    """One card instance's figures in one edition."""

    __slots__ = (
        "id",
        "key",
        "deck",
        "color",
        "exchange",
        "cost",
        "rubles",
        "points",
        "craft",
        "replaces",
        "replace_value",
        "ability",
        "params",
        "special",
        "name_en",
        "name_de",
        "text",
        "text_de",
        "set",
        "expansion_copy",
        "good",
        "good_count",
        "orange",
        "purple",
        "effect",
    )

    def __init__(self, cid: str, kind: dict[str, Any], edition: str, expansion_copy: bool, copy: int = 0) -> None:
        data = dict(kind)
        if edition == "2":
            data.update(kind.get("edition_2", {}))
        self.id = cid
        self.key: str = data["key"]
        # Copies with different backs ("decks", Module 1's Schwarzmarkt and Weg damit!).
        self.deck: str = data["decks"][copy] if "decks" in data else data["deck"]
        self.color: str = data["color"]
        self.exchange: bool = data["exchange"]
        self.cost: int = data["cost"]
        self.rubles: int = data["rubles"]
        self.points: int = data["points"]
        self.craft: str | None = data.get("craft")
        self.replaces: dict[str, str] | None = data.get("replaces")
        self.replace_value: int = data.get("replace_value", data["cost"])
        self.ability: str | None = data.get("ability")
        self.params: dict[str, Any] = data.get("params") or {}
        self.special: bool = bool(data.get("special"))
        self.name_en: str = data["name_en"]
        self.name_de: str = data.get("name_de") or data["name_en"]
        self.text: str = data.get("text", "")
        self.text_de: str = data.get("text_de", self.text)
        self.set: str = data["set"]
        self.expansion_copy = expansion_copy
        # Market symbols (2nd-edition prints only; they count only with the Market): the good
        # ("chicken", "grain", "apple", "fish", "cabbage" or "any" = the owner's choice) and how many.
        good = data.get("market_2nd", self.params.get("market_2nd")) if edition == "2" else None
        if isinstance(good, list):
            good = good[copy] if copy < len(good) else None
        self.good: str | None = good
        self.good_count: int = data.get("market_count", 1) if good else 0
        self.orange: bool = bool(data.get("orange"))
        # Module 1's purple special cards: free, only taken into hand, played from there.
        self.purple: bool = data.get("color") == "purple"
        self.effect: str | None = data.get("effect")


PURPLE_FIGURES = {"cost": 0, "rubles": 0, "points": 0}


def validate(kinds: list[dict[str, Any]]) -> None:
    """The constraints the sources give for the fields the loader relies on; raises ValueError."""
    keys = set()
    for kind in kinds:
        key = kind["key"]
        if key in keys:
            raise ValueError(f"{key}: listed twice")
        keys.add(key)
        decks = kind.get("decks", [kind.get("deck")] * kind["copies"])
        if len(decks) != kind["copies"] or any(d not in ALL_DECKS for d in decks):
            raise ValueError(f"{key}: one known pile per copy")
        for field in ("cost", "rubles", "points", "copies"):
            if not isinstance(kind.get(field), int) or kind[field] < 0:
                raise ValueError(f"{key}: {field} must be a whole number >= 0")
        if kind.get("color") == "purple":
            # Module 1: "Die lila Sonderkarten sind generell kostenlos"; they only act when played.
            if (
                kind["set"] != "banquet"
                or not kind.get("effect")
                or kind["exchange"]
                or any(kind[f] != v for f, v in PURPLE_FIGURES.items())
            ):
                raise ValueError(f"{key}: a purple card is Module 1's, free, no exchange card, with an effect")
        if kind.get("replace_value") is not None and kind["replace_value"] < kind["cost"]:
            raise ValueError(f"{key}: worth less than its cost when replaced")
        rep = kind.get("replaces") or {}
        if rep and not kind["exchange"]:
            raise ValueError(f"{key}: only exchange cards replace cards")
    for kind in kinds:
        for other in (kind.get("replaces") or {}).get("keys", ()):
            if other not in keys:
                raise ValueError(f"{kind['key']}: replaces the unknown card {other}")


validate(KINDS)


def _build() -> tuple[dict[str, dict[str, Card]], dict[str, list[tuple[str, dict[str, Any], bool]]]]:
    counters = {d: 0 for d in ALL_DECKS}
    letters = {d["key"]: d["letter"] for d in DATA["decks"]}
    ids: dict[str, list[tuple[str, dict[str, Any], bool]]] = {k["key"]: [] for k in KINDS}
    for kind in KINDS:
        copies = [(False, kind["copies"]), (True, kind.get("expansion_copies", 0))]
        for extra, count in copies:
            for _ in range(count):
                copy = len(ids[kind["key"]])
                deck = kind["decks"][copy] if "decks" in kind else kind["deck"]
                counters[deck] += 1
                ids[kind["key"]].append((f"{letters[deck]}{counters[deck]}", kind, extra))
    tables = {
        e: {cid: Card(cid, kind, e, extra, i) for lst in ids.values() for i, (cid, kind, extra) in enumerate(lst)}
        for e in EDITIONS
    }
    return tables, ids


INFO, IDS_BY_KEY = _build()
DECK_LETTER: dict[str, str] = {d["letter"]: d["key"] for d in DATA["decks"]}
ALL_IDS: list[str] = list(INFO["1"])


def ids_of(key: str) -> list[str]:
    return [cid for cid, _, _ in IDS_BY_KEY[key]]


def compose(options: dict[str, Any]) -> dict[str, list[str]]:
    """The card ids of each deck for these options (before the rule modules' ``compose``).

    Expansion cards come with the whole expansion, the SP+ replacements with SP+, Module 2's cards
    also on their own (option ``module2``); Module 1's cards ("banquet") with its option, those with
    a yellow (market) back only with the Market. ``removed_by`` options take a card out."""
    edition = options["edition"]
    expansion, sp_plus = options.get("expansion", False), options.get("sp_plus", False)
    decks: dict[str, list[str]] = {d: [] for d in decks_of(options)}
    for kind in KINDS:
        if edition not in kind["editions"]:
            continue
        if kind["set"] == "market":
            if options.get("market"):
                decks[kind["deck"]].extend(ids_of(kind["key"]))
            continue
        if any(options.get(o) for o in kind.get("removed_by", ())):
            continue
        if kind["set"] == "base":
            wanted = [cid for cid, _, extra in IDS_BY_KEY[kind["key"]] if not extra or expansion]
        elif kind["set"] == "expansion" and (
            expansion or (sp_plus and kind.get("sp_plus")) or (kind.get("module2") and options.get("module2"))
        ):
            wanted = [cid for cid, _, extra in IDS_BY_KEY[kind["key"]]]
        elif kind["set"] == "banquet" and options.get("banquet"):
            # A copy with a market (yellow) back plays only with the Market: its pile is the Market's.
            wanted = [cid for cid, _, extra in IDS_BY_KEY[kind["key"]] if DECK_LETTER[cid[0]] in decks]
        else:
            continue
        for cid in wanted:
            decks[DECK_LETTER[cid[0]]].append(cid)
    return decks


def table(state: dict[str, Any]) -> dict[str, Card]:
    return INFO[state["opts"]["edition"]]


def info(state: dict[str, Any], cid: str) -> Card:
    return INFO[state["opts"]["edition"]][cid]


def name(cid: str, edition: str = "1") -> str:
    return INFO[edition][cid].name_en


def kind_name(state: dict[str, Any], key: str) -> str:
    """The English name of a card kind in this game's edition."""
    return INFO[state["opts"]["edition"]][IDS_BY_KEY[key][0][0]].name_en


def noble_points(different: int) -> int:
    table_ = RULES["noble_points"]
    result: int = table_[min(different, len(table_) - 1)]
    return result
