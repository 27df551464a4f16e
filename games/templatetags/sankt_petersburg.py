"""Template helpers of the Sankt Petersburg board.

The engine's legal moves are a flat list; the board shows each move where a
player looks for it: buying and taking on the display card, playing on the
hand card, the three passes in the decision bar, the pub's points as a row of
buttons. ``sp_moves`` sorts them into that shape once, in Python, so the
templates stay simple.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.rules.base import registry

register = template.Library()


def _catalogue() -> dict[str, Any]:
    """The engine's phases (in the order of play), market goods, card kinds and card faces."""
    return registry.get("sankt-petersburg").catalogue()


def _colours() -> tuple[str, ...]:
    """Colours a card can score as, in the order a player's cards are grouped: every phase's but the exchange's."""
    return tuple(phase for phase in _catalogue()["phases"] if phase != "exchange")


def good_name(good: str) -> str:
    return {
        "chicken": _("Chicken"),
        "grain": _("Grain"),
        "apple": _("Apples"),
        "fish": _("Fish"),
        "cabbage": _("Cabbage"),
        "any": _("any good"),
    }.get(good, good)


def event_name(key: str) -> str:
    return {
        "twin": _("Twin"),
        "sponsor": _("Sponsor"),
        "ghost": _("Ghost"),
        "new_luck": _("New luck"),
        "warehouse": _("Warehouse"),
        "grabber": _("Grabber"),
    }.get(key, key)


def event_text(key: str) -> str:
    return {
        "twin": _("A second card from the current pile joins the first card of the upper row; take both."),
        "sponsor": _("6 rubles for you, 2 for every other player."),
        "ghost": _("Discard one display card; a card from the current pile takes its place."),
        "new_luck": _("One card per player from the current pile into the upper row."),
        "warehouse": _("Your hand limit goes up by 1."),
        "grabber": _("Buy the top card of the discard pile."),
    }.get(key, "")


def phase_name(phase: str) -> str:
    return {
        "worker": pgettext("sankt-petersburg phase", "Workers"),
        "market": pgettext("sankt-petersburg phase", "Market"),
        "building": pgettext("sankt-petersburg phase", "Buildings"),
        "aristocrat": pgettext("sankt-petersburg phase", "Aristocrats"),
        "exchange": pgettext("sankt-petersburg phase", "Exchange"),
    }.get(phase, phase)


def deck_name(deck: str) -> str:
    return {
        "worker": _("Worker cards"),
        "market": _("Market cards"),
        "building": _("Building cards"),
        "aristocrat": _("Aristocrat cards"),
        "exchange": _("Exchange cards"),
    }.get(deck, deck)


CRAFTS = {
    "wood": lambda: _("wood"),
    "gold": lambda: _("gold"),
    "wool": lambda: _("wool"),
    "fur": lambda: _("fur"),
    "ship": lambda: _("ship"),
    "wheat": lambda: _("wheat"),
    "all": lambda: _("every craft"),
}


@register.filter
def sp_name(card: dict | None) -> str:
    """A card's name in the reader's language (engine's German name, else the catalog)."""
    if not card:
        return ""
    if (translation.get_language() or "en")[:2] == "de" and card.get("name_de"):
        return card["name_de"]
    return _(card.get("name") or card.get("key") or "")


@register.filter
def sp_text(card: dict | None) -> str:
    """A special card's rules text in the reader's language."""
    if not card or not card.get("text"):
        return ""
    if (translation.get_language() or "en")[:2] == "de" and card.get("text_de"):
        return card["text_de"]
    return _(card["text"])


@register.simple_tag
def sp_waiting(view: dict, players: list[dict]) -> str:
    """What another seat is deciding right now, for everyone who waits."""
    from games.templatetags.game_tags import player_name

    decision = view.get("decision") or {}
    name = player_name(players, decision.get("seat"))
    texts = {
        "pub": _("%(name)s is deciding how many points to buy at the Pub."),
        "observatory": _("%(name)s is deciding about the card drawn with the Observatory."),
        "debtors_prison": _("%(name)s is searching the discard pile with the Debtor’s Prison."),
        "guild_hall": _("%(name)s is splitting the Guild Hall’s income."),
        "trading_house": _("%(name)s is deciding whether to trade at the Trading House."),
        "market_good": _("%(name)s is choosing the good of a market card."),
        "market_confirm": _("%(name)s is deciding whether to pay for a market card."),
        "twin": _("%(name)s is taking the twin cards."),
        "obstacle_bonus": _("%(name)s is choosing an obstacle bonus."),
        "assignment_discard": _("%(name)s is discarding an assignment."),
        "pickpocket": _("%(name)s may play a card before the start player."),
        "black_market": _("%(name)s is searching the discard pile with the Black Market."),
    }
    text = texts.get(str(view.get("step")))
    return text % {"name": name} if text and decision else ""


@register.filter
def sp_phase(phase: str) -> str:
    return phase_name(phase)


@register.filter
def sp_deck(deck: str) -> str:
    return deck_name(deck)


@register.filter
def rubles_text(n: Any) -> str:
    """An amount of rubles in words, singular or plural as the language wants: "1 ruble", "3 Rubel"."""
    if n is None:
        return ""
    return ngettext("%(n)s ruble", "%(n)s rubles", abs(int(n))) % {"n": n}


@register.filter
def points_text(n: Any) -> str:
    """Points in words: "1 point", "2 Punkte"."""
    if n is None:
        return ""
    return ngettext("%(n)s point", "%(n)s points", abs(int(n))) % {"n": n}


@register.simple_tag
def rubles(n: Any, signed: bool = False) -> str:
    """A ruble amount drawn as a coin, read out in words by screen readers."""
    if n is None:
        return ""
    shown = f"+{n}" if signed and n > 0 else str(n)
    return format_html(
        '<span class="sp-rub"><span aria-hidden="true">{}</span><span class="visually-hidden">{}</span></span>',
        shown,
        ngettext("%(n)s ruble", "%(n)s rubles", abs(n)) % {"n": shown},
    )


@register.simple_tag
def points(n: Any, signed: bool = False) -> str:
    """Victory points drawn as a laurel badge, read out in words."""
    if n is None:
        return ""
    shown = f"+{n}" if signed and n > 0 else str(n)
    return format_html(
        '<span class="sp-pts"><span aria-hidden="true">{}</span><span class="visually-hidden">{}</span></span>',
        shown,
        ngettext("%(n)s point", "%(n)s points", abs(n)) % {"n": shown},
    )


def _card_names(view: dict) -> dict[str, dict]:
    """key -> every card the view mentions, to name it in "replaces" lists."""
    names: dict[str, dict] = {}

    def add(card: dict) -> None:
        if card.get("key"):
            names.setdefault(card["key"], card)

    for row in (view.get("display") or {}).values():
        for card in row:
            add(card)
    for deck in (view.get("decks") or {}).values():
        for entry in deck.get("contents") or ():
            add(entry)
    for p in view.get("players") or ():
        for card in (p.get("cards") or []) + (p.get("hand") or []):
            add(card)
    return names


@register.simple_tag(takes_context=True)
def sp_replaces(context, card: dict) -> str:
    """What an exchange card may replace, in the reader's words."""
    known = context.get("sp_names")
    if known is None:
        known = context["sp_names"] = _card_names(context.get("view") or {})
    parts = []
    for item in card.get("replaces") or ():
        if item == "any":
            item = card.get("color")
        if item in _colours():
            parts.append(
                {"worker": _("any worker"), "building": _("any building"), "aristocrat": _("any aristocrat")}[item]
            )
        elif item in CRAFTS:
            parts.append(_("a %(craft)s worker") % {"craft": CRAFTS[item]()})
        elif item in known:
            parts.append(sp_name(known[item]))
        else:
            parts.append(sp_kind_name(item, {}))
    return _(" or ").join(dict.fromkeys(parts))


def _player(view: dict, seat: int | None) -> dict | None:
    for p in view.get("players") or ():
        if p["seat"] == seat:
            return p
    return None


@register.simple_tag
def sp_moves(labelled_moves: list[dict], view: dict, seat: int | None) -> dict[str, Any]:
    """The legal moves of ``seat`` sorted by where the board shows them."""
    me = _player(view, seat) or {}
    own = {c["id"]: c for c in me.get("cards") or ()}
    by_card: dict[str, dict[str, Any]] = {}
    out: dict[str, Any] = {
        "card": by_card,
        "pass": {},
        "pub": [],
        "observatory_take": [],
        "observatory_exchange": [],
        "guild_hall": [],
        "trading_house": [],
        "prison_back": None,
        "other": [],
        "events": [],
        "market_good": [],
        "market_confirm": [],
        "obstacle_bonus": [],
        "ghost": [],
        "any": bool(labelled_moves),
    }
    for item in labelled_moves or ():
        move = item["move"]
        kind = move.get("type")
        card = move.get("card")
        if kind == "pass":
            out["pass"][move.get("until") or "turn"] = move
        elif kind in ("buy", "take", "play") and card is not None:
            slot = by_card.setdefault(str(card), {"exchange": []})
            if "replace" in move:
                replaced = own.get(move["replace"], {"id": move["replace"], "name": str(move["replace"])})
                slot["exchange"].append({"move": move, "replace": replaced, "kind": kind})
            else:
                slot[kind] = move
        elif kind == "observatory" and card is not None:
            by_card.setdefault(str(card), {"exchange": []}).setdefault("observatory", []).append(move)
        elif kind in ("sycophant_discard", "debtors_prison") and card is not None:
            by_card.setdefault(str(card), {"exchange": []})[kind] = move
        elif kind == "event" and move.get("event") == "ghost":
            out["ghost"].append(move)
        elif kind == "event":
            label = event_name(move.get("event", ""))
            if "replace" in move:
                replaced = own.get(move["replace"], {"id": move["replace"], "name": str(move["replace"])})
                label = _("%(event)s, replacing your %(card)s") % {"event": label, "card": sp_name(replaced)}
            out["events"].append({"move": move, "label": label, "text": event_text(move.get("event", ""))})
        elif kind == "market_good":
            out["market_good"].append({"move": move, "label": good_name(move.get("good", ""))})
        elif kind == "market_confirm":
            out["market_confirm"].append(move)
        elif kind == "obstacle_bonus":
            out["obstacle_bonus"].append(move)
        elif kind == "purple" and card is not None:
            # A purple hand card: its ways to be played, chosen on the card.
            by_card.setdefault(str(card), {"exchange": []}).setdefault("purple", []).append(item)
        elif kind in ("debtors_prison_take", "twin_take", "pickpocket") and card is not None:
            # A card of the discard pile: the same buttons as on a display card.
            slot = by_card.setdefault(str(card), {"exchange": []})
            if "replace" in move:
                replaced = own.get(move["replace"], {"id": move["replace"], "name": str(move["replace"])})
                slot["exchange"].append({"move": move, "replace": replaced, "kind": "buy"})
            else:
                slot["buy" if move.get("choice") == "buy" else "take"] = move
        elif kind == "pickpocket":
            out["other"].append(item)
        elif kind == "debtors_prison_take":
            out["prison_back"] = move
        elif kind == "guild_hall":
            total = (view.get("decision") or {}).get("total", 0)
            pts = move.get("points", 0)
            label = _("%(rubles)s + %(points)s") % {
                "rubles": ngettext("%(n)s ruble", "%(n)s rubles", total - pts) % {"n": total - pts},
                "points": ngettext("%(n)s point", "%(n)s points", pts) % {"n": pts},
            }
            out["guild_hall"].append({"move": move, "points": pts, "label": label})
        elif kind == "trading_house":
            out["trading_house"].append(move)
        elif kind == "pub":
            out["pub"].append(move)
        elif kind == "observatory_take":
            if "replace" in move:
                replaced = own.get(move["replace"], {"id": move["replace"], "name": str(move["replace"])})
                out["observatory_exchange"].append({"move": move, "replace": replaced})
            else:
                out["observatory_take"].append({"move": move, "label": item["label"]})
        else:
            out["other"].append(item)
    out["pub"].sort(key=lambda m: m.get("points", 0))
    out["guild_hall"].sort(key=lambda m: m["points"])
    return out


@register.filter
def sp_card_moves(moves: dict, card_id: Any) -> dict | None:
    return (moves or {}).get("card", {}).get(str(card_id))


@register.simple_tag
def sp_group(cards: list[dict] | None, moves: dict | None = None) -> list[dict[str, Any]]:
    """A player's cards grouped by the colour they score as, in phase order.

    Identical cards lie in one stack (late in a game a player may own a dozen workers); a
    card that can act now, or is turned, stays on its own."""
    actionable = set((moves or {}).get("card", {}))
    groups = []
    for colour in _colours():
        if colour == "market" and not any(c.get("color") == "market" for c in cards or ()):
            continue
        stacks: list[dict[str, Any]] = []
        by_key: dict[tuple, dict[str, Any]] = {}
        for card in cards or ():
            if card.get("color") != colour:
                continue
            alone = str(card["id"]) in actionable or card.get("flipped")
            key = (card["key"], card.get("flipped", False))
            if not alone and key in by_key:
                by_key[key]["count"] += 1
                continue
            stack = {"card": card, "count": 1}
            stacks.append(stack)
            if not alone:
                by_key[key] = stack
        groups.append(
            {"colour": colour, "name": phase_name(colour), "stacks": stacks, "total": sum(s["count"] for s in stacks)}
        )
    return groups


@register.filter
def sp_player(view: dict, seat: int | None) -> dict | None:
    return _player(view, seat)


@register.filter
def sp_tokens(view: dict, seat: int) -> list[str]:
    """Phases whose start-player token lies with ``seat``, in phase order."""
    tokens = view.get("tokens") or {}
    return [phase for phase in _catalogue()["phases"] if tokens.get(phase) == seat]


@register.filter
def sp_phases(view: dict) -> list[dict[str, Any]]:
    tokens = view.get("tokens") or {}
    current = view.get("phase")
    return [
        {"key": p, "name": phase_name(p), "holder": tokens.get(p), "current": p == current}
        for p in _catalogue()["phases"]
        if p != "market" or "market" in tokens
    ]


@register.filter
def sp_has_stats(stats: list | None) -> bool:
    return any(any(v not in (0, None, "", "–") for v in row.get("values") or ()) for row in stats or ())


@register.filter
def sp_good(good: str) -> str:
    return good_name(good)


@register.filter
def sp_event(key: str) -> str:
    return event_name(key)


@register.filter
def sp_event_text(key: str) -> str:
    return event_text(key)


@register.filter
def sp_local(entry: dict | None, field: str = "name") -> str:
    """A module entry's ``name``/``text`` in the reader's language (its ``*_de`` twin in German)."""
    if not entry:
        return ""
    if (translation.get_language() or "en")[:2] == "de" and entry.get(f"{field}_de"):
        return entry[f"{field}_de"]
    return entry.get(field) or ""


@register.filter
def sp_card(view: dict, card_id: Any) -> dict | None:
    """The card dict with that id wherever the view shows it (display, players' cards and hand)."""
    for row in (view.get("display") or {}).values():
        for card in row:
            if card["id"] == card_id:
                return card
    for p in view.get("players") or ():
        for card in (p.get("cards") or []) + (p.get("hand") or []):
            if card["id"] == card_id:
                return card
    decision = view.get("decision") or {}
    if isinstance(decision.get("card"), dict) and decision["card"].get("id") == card_id:
        return decision["card"]
    # A card between the places (the Twin's cards): the catalogue's face, no price.
    edition = str((view.get("options") or {}).get("edition") or "1")
    return (_catalogue()["faces"].get(edition) or {}).get(card_id)


@register.filter
def sp_get(mapping: Any, key: Any) -> Any:
    if isinstance(mapping, dict):
        return mapping.get(key, mapping.get(str(key)))
    if isinstance(mapping, (list, tuple)) and isinstance(key, int) and 0 <= key < len(mapping):
        return mapping[key]
    return None


@register.simple_tag
def sp_market(view: dict) -> dict | None:
    """The market place drawn as rows: per good the position of each seat's marker."""
    market = view.get("market")
    if not market:
        return None
    seats = [p["seat"] for p in view.get("players") or ()]
    markers = market.get("markers") or []
    rows = []
    for good in market.get("goods") or _catalogue()["goods"]:
        cells = []
        for seat in seats:
            pos = markers[seat].get(good) if seat < len(markers) else None
            cells.append({"seat": seat, "position": pos})
        rows.append(
            {
                "good": good,
                "name": good_name(good),
                "cells": cells,
                "top": max((c["position"] or 0 for c in cells), default=0),
            }
        )
    tile = market.get("tile") or {}
    tiles = market.get("tiles") or []
    following = next((t for t in tiles if t.get("number") == (tile.get("number") or 0) + 1), None)
    return {
        "rows": rows,
        "tile": tile,
        "next": following,
        "paid": market.get("paid") or [],
        "last": market.get("last_scoring"),
        "chosen": market.get("chosen") or {},
    }


@register.simple_tag
def sp_obstacle_status(view: dict, space: dict, seat: int) -> str:
    """ "passed", "blocked" (stuck before this real obstacle) or "ahead" for ``seat``."""
    obstacles = view.get("obstacles") or {}
    passed = obstacles.get("passed") or []
    blocked = obstacles.get("blocked") or []
    if seat < len(passed) and space["space"] in passed[seat]:
        return "passed"
    if seat < len(blocked) and blocked[seat] == space["space"]:
        return "blocked"
    return "ahead"


@register.simple_tag
def sp_marks(view: dict, card_id: Any) -> list[str]:
    """What lies on a laid-out card (Module 1): the Jester or the Banquet until its next scoring,
    the Money Collector's chip for good."""
    banquet = (view or {}).get("banquet") or {}
    out = []
    for effect in (banquet.get("attached") or {}).get(card_id, ()):
        out.append(
            _("Jester: rubles and points swap at its next scoring")
            if effect == "jester"
            else _("Banquet: rubles and points double at its next scoring")
        )
    if card_id in (banquet.get("collected") or ()):
        out.append(_("Money Collector: never scores points, never replaced"))
    return out


@register.filter
def sp_kind_name(key: str, view: dict) -> str:
    """A card kind's name in the reader's language (the box of played purple cards)."""
    kind = _catalogue()["kinds"].get(key) or {}
    if (translation.get_language() or "en")[:2] == "de" and kind.get("name_de"):
        return kind["name_de"]
    return _(kind.get("name_en") or key)
