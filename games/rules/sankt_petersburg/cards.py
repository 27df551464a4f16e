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

    __slots__ = ("id", "key", "deck", "color", "exchange", "cost", "rubles", "points", "craft",
                 "replaces", "replace_value", "ability", "params", "special", "name_en", "name_de",
                 "text", "text_de", "set", "expansion_copy", "good", "good_count", "orange",
                 "purple")

    def __init__(self, cid: str, kind: dict[str, Any], edition: str, expansion_copy: bool, copy: int = 0) -> None:
        data = dict(kind)
        if edition == "2":
            data.update(kind.get("edition_2", {}))
        self.id = cid
        self.key: str = data["key"]
        self.deck: str = data["deck"]
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


def _build() -> tuple[dict[str, dict[str, Card]], dict[str, list[tuple[str, dict[str, Any], bool]]]]:
    counters = {d: 0 for d in ALL_DECKS}
    letters = {d["key"]: d["letter"] for d in DATA["decks"]}
    ids: dict[str, list[tuple[str, dict[str, Any], bool]]] = {k["key"]: [] for k in KINDS}
    for kind in KINDS:
        copies = [(False, kind["copies"]), (True, kind.get("expansion_copies", 0))]
        for extra, count in copies:
            for _ in range(count):
                counters[kind["deck"]] += 1
                ids[kind["key"]].append((f"{letters[kind['deck']]}{counters[kind['deck']]}", kind, extra))
    tables = {e: {cid: Card(cid, kind, e, extra, i) for lst in ids.values()
                  for i, (cid, kind, extra) in enumerate(lst)} for e in EDITIONS}
    return tables, ids


INFO, IDS_BY_KEY = _build()
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
        elif (expansion or (sp_plus and kind.get("sp_plus"))
              or (kind["set"] == "expansion" and kind.get("module2") and options.get("module2"))
              or (kind["set"] == "banquet" and options.get("banquet") and (options.get("market") or not kind.get("market_back")))):
            wanted = [cid for cid, _, extra in IDS_BY_KEY[kind["key"]]]
        else:
            continue
        decks[kind["deck"]].extend(wanted)
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
    return table_[min(different, len(table_) - 1)]
