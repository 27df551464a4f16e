"""Module 1's cards on the hooks (rules in the package docstring)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import Event, IllegalMove, InvalidOptions, Move, Options, State, event, gettext_noop

from ..abilities_expansion.debtors_prison import prison_apply, prison_legal, prison_public
from ..abilities_expansion.stats import add_stat
from ..actions import lay_out
from ..cards import Card, table
from ..hooks import (
    Ability,
    Decision,
    Pending,
    RuleModule,
    register_ability,
    register_decision,
    register_move,
    register_rules,
)
from ..moves import register_description, register_label
from ..prices import Pricer
from ..scoring import card_income
from ..state import display, hand_limit

BANQUET_EDITION = gettext_noop("Module 1 (Das Bankett) belongs to the 2nd edition: choose the 2nd edition.")
SCORED = ("worker", "market", "building", "aristocrat")
RUBLES_ROW, POINTS_ROW = gettext_noop("Purple cards: rubles"), gettext_noop("Purple cards: points")
EFFECT_NAMES = {"jester": "Jester", "banquet": "Banquet"}


def banquet_game(options: Options) -> bool:
    return bool(options.get("banquet"))


def ext(st: State) -> dict[str, Any]:
    result: dict[str, Any] = st["ext"]["banquet"]
    return result


def validate(players: int, options: Options) -> None:
    if options["edition"] != "2":
        raise InvalidOptions(BANQUET_EDITION)


def setup(st: State, events: list[Event]) -> None:
    st["ext"]["banquet"] = {"box": [], "attached": {}, "collected": [], "double": None}


# --- Zar-Superstar -------------------------------------------------------------------------------


def discount_colors(st: State, seat: int, cid: str, target: Card) -> int:
    params = table(st)[cid].params
    return params["rubles"] if target.color in params["colors"] and target.id != cid else 0


register_ability(Ability("discount_colors", discount=discount_colors))


# --- what each purple card can do now --------------------------------------------------------------


def _one_per_key(st: State, ids: list[str]) -> list[str]:
    """One id per card kind (identical cards do the same)."""
    tab = table(st)
    seen: dict[str, str] = {}
    for cid in ids:
        seen.setdefault(tab[cid].key, cid)
    return list(seen.values())


def attachable(st: State, seat: int, cid: str) -> bool:
    """Hofnarr / Bankett: "Die ausliegende Karte muss einen Geld- und Punktwert haben"."""
    c = table(st)[cid]
    return c.rubles > 0 and c.points > 0 and cid not in ext(st)["collected"]


def mooch_value(st: State, owner: int, cid: str) -> tuple[int, int]:
    """The card's income at its scoring as its owner would get it (Hinweis 1: "werden die Karten des
    Gegners für die Wertermittlung herangezogen"), without Hofnarr or Bankett (Hinweis 2)."""
    c = table(st)[cid]
    return card_income(st, owner, cid, c.color) if c.color in SCORED else (0, 0)


def collector_options(st: State, seat: int) -> list[tuple[str, bool, int, Card | None]]:
    """(card id, from the lower row, half price, replaced card) the seat can pay."""
    tab = table(st)
    pricer = Pricer(st, seat)
    divisor = ext_params(st, "money_collector")["divisor"]
    money = st["p"][seat]["money"]
    out = []
    for row, lower in ((st["upper"], False), (st["lower"], True), (st["p"][seat]["hand"], False)):
        for cid in _one_per_key(st, row):
            for price, target in pricer.options(tab[cid], lower):
                half = price // divisor
                if half <= money:
                    out.append((cid, lower, half, target))
    return out


def ext_params(st: State, key: str) -> dict[str, Any]:
    from ..cards import ids_of

    return table(st)[ids_of(key)[0]].params


def effect_moves(st: State, seat: int, cid: str) -> list[Move]:
    """The legal ways to play the purple hand card `cid` now (none: it cannot be played)."""
    tab = table(st)
    p = st["p"][seat]
    effect = tab[cid].effect
    base: Move = {"type": "purple", "card": cid}
    if effect in ("golden_donkey", "double_turn"):
        return [base]
    if effect == "black_market":
        return [base] if any(not tab[c].purple for c in st["discard"]) else []
    if effect == "away_with_it":
        return [{**base, "target": h} for h in _one_per_key(st, [h for h in p["hand"] if not tab[h].purple])]
    if effect in ("jester", "banquet"):
        return [{**base, "target": c} for c in p["cards"] if attachable(st, seat, c)]
    if effect == "moocher":
        out: list[Move] = []
        for other, q in enumerate(st["p"]):
            if other == seat:
                continue
            for c in _one_per_key(st, q["cards"]):
                r, pts = mooch_value(st, other, c)
                if r > 0:
                    out.append({**base, "target": c, "take": "rubles"})
                if pts > 0:
                    out.append({**base, "target": c, "take": "points"})
        return out
    if effect == "money_collector":
        out = []
        for target, _lower, _half, replace in collector_options(st, seat):
            m: Move = {**base, "target": target}
            if replace is not None:
                m["replace"] = replace.id
            out.append(m)
        return out
    return []  # the Pick Pocket is played at the start of a round (decision pickpocket)


def purple_moves(st: State, seat: int) -> list[Move]:
    tab = table(st)
    out: list[Move] = []
    seen = set()
    for cid in st["p"][seat]["hand"]:
        c = tab[cid]
        if c.purple and c.effect not in seen:
            seen.add(c.effect)
            out.extend(effect_moves(st, seat, cid))
    return out


# --- playing a purple card ---------------------------------------------------------------------------


def _owner(st: State, cid: str) -> int | None:
    return next((s for s, q in enumerate(st["p"]) if cid in q["cards"]), None)


def owner_of(st: State, cid: str) -> int:
    """The seat whose display holds the card a move aims at (the legal moves aim only at those)."""
    owner = _owner(st, cid)
    if owner is None:
        raise IllegalMove("That card lies in nobody's display.")
    return owner


def play_purple(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = move.get("card")
    p = st["p"][seat]
    tab = table(st)
    if not isinstance(cid, str) or cid not in p["hand"] or not tab[cid].purple:
        raise IllegalMove("You have no such purple card in hand.")
    if move not in effect_moves(st, seat, cid):
        raise IllegalMove("This purple card cannot be played that way now.")
    card = tab[cid]
    effect = card.effect
    assert effect is not None, "every purple card has an effect"
    p["hand"].remove(cid)
    ext(st)["box"].append(cid)
    events.append(event(gettext_noop("{seat} plays the {card}."), seat, seat=seat, card=card.name_en))
    return EFFECTS[effect](st, seat, card, move, events)


def _golden_donkey(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    rubles = card.params["rubles"]
    st["p"][seat]["money"] += rubles
    add_stat(st, RUBLES_ROW, seat, rubles)
    events.append(event(gettext_noop("{seat} takes {rubles} rubles from the bank."), seat, seat=seat, rubles=rubles))
    return "action"


def _double_turn(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    ext(st)["double"] = {"seat": seat, "left": card.params["actions"], "started": False}
    events.append(
        event(
            gettext_noop("{seat} takes {actions} actions in a row now."),
            seat,
            seat=seat,
            actions=card.params["actions"],
        )
    )
    return "action"


def _away_with_it(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    target = move["target"]
    st["p"][seat]["hand"].remove(target)
    st["discard"].append(target)
    events.append(
        event(
            gettext_noop("{seat} puts the {other} from hand on the discard pile."),
            seat,
            seat=seat,
            other=table(st)[target].name_en,
        )
    )
    return "action"


def _attach(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    target = move["target"]
    ext(st)["attached"].setdefault(target, []).append(card.effect)
    msg = (
        gettext_noop("{seat} puts the Jester on the {other}: its rubles and points swap at its next scoring.")
        if card.effect == "jester"
        else gettext_noop("{seat} puts the Banquet on the {other}: its rubles and points double at its next scoring.")
    )
    events.append(event(msg, seat, seat=seat, other=table(st)[target].name_en))
    return "action"


def _black_market(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    st["queue"].insert(0, {"kind": "black_market", "seat": seat})
    return "action"


def _moocher(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    target = move["target"]
    owner = owner_of(st, target)
    r, pts = mooch_value(st, owner, target)
    p = st["p"][seat]
    name = table(st)[target].name_en
    if move["take"] == "rubles":
        p["money"] += r
        add_stat(st, RUBLES_ROW, seat, r)
        events.append(
            event(
                gettext_noop("{seat} takes {rubles} rubles for the {other} of {target_seat}."),
                seat,
                seat=seat,
                rubles=r,
                other=name,
                target_seat=owner,
            )
        )
    else:
        p["points"] += pts
        add_stat(st, POINTS_ROW, seat, pts)
        events.append(
            event(
                gettext_noop("{seat} takes {points} points for the {other} of {target_seat}."),
                seat,
                seat=seat,
                points=pts,
                other=name,
                target_seat=owner,
            )
        )
    return "action"


def _money_collector(st: State, seat: int, card: Card, move: Move, events: list[Event]) -> str:
    target = move["target"]
    tab = table(st)
    option = next(
        o
        for o in collector_options(st, seat)
        if o[0] == target and (o[3].id if o[3] is not None else None) == move.get("replace")
    )
    _cid, lower, half, replace = option
    p = st["p"][seat]
    from_hand = target in p["hand"]
    if from_hand:
        p["hand"].remove(target)
    else:
        (st["lower"] if lower else st["upper"]).remove(target)
    ext(st)["collected"].append(target)
    events.append(
        event(
            gettext_noop("{seat} lays out the {other} for half its price; it never scores points."),
            seat,
            seat=seat,
            other=tab[target].name_en,
        )
    )
    lay_out(st, seat, tab[target], half, replace, events, "play" if from_hand else "buy")
    return "action" if from_hand else "card"


EFFECTS: dict[str, Callable[[State, int, Card, Move, list[Event]], str]] = {
    "golden_donkey": _golden_donkey,
    "double_turn": _double_turn,
    "away_with_it": _away_with_it,
    "jester": _attach,
    "banquet": _attach,
    "black_market": _black_market,
    "moocher": _moocher,
    "money_collector": _money_collector,
}


# --- Double Turn ---------------------------------------------------------------------------------------


def keep_turn(st: State, seat: int, outcome: str, events: list[Event]) -> bool:
    d = ext(st)["double"]
    if not d or d["seat"] != seat:
        return False
    if not d["started"]:
        # The play of the card itself: the two actions follow.
        d["started"] = True
        st["passes"] = 0
        return True
    d["left"] -= 1
    if d["left"] <= 0 or not display(st):
        ext(st)["double"] = None
        return False
    if outcome != "pass":
        st["passes"] = 0
        if outcome == "card":
            for i, q in enumerate(st["p"]):
                if i != seat and q["auto"] == "display":
                    q["auto"] = None
    return True


def move_types(st: State, seat: int) -> set[str] | None:
    d = ext(st)["double"]
    return {"buy", "take", "play", "pass"} if d and d["seat"] == seat and d["started"] else None


# --- Hofnarr and Bankett at the scoring ---------------------------------------------------------------


def adjust_income(st: State, seat: int, phase: str, rubles: int, points: int, events: list[Event]) -> tuple[int, int]:
    attached = ext(st)["attached"]
    if not attached:
        return rubles, points
    tab = table(st)
    mine = st["p"][seat]["cards"]
    for cid in list(attached):
        if cid not in mine:
            if _owner(st, cid) is None:
                del attached[cid]  # replaced or discarded before its scoring: the card is gone
            continue
        if tab[cid].color != phase:
            continue
        base = card_income(st, seat, cid, phase)
        r, p = base
        for effect in attached.pop(cid):
            r, p = (p, r) if effect == "jester" else (2 * r, 2 * p)
            events.append(
                event(
                    gettext_noop("The {effect} on the {card} of {seat} leaves the game after its scoring."),
                    seat,
                    seat=seat,
                    effect=EFFECT_NAMES[effect],
                    card=tab[cid].name_en,
                )
            )
        rubles += r - base[0]
        points += p - base[1]
    return rubles, points


# --- Langfinger ---------------------------------------------------------------------------------------


def pickpocket_options(st: State, seat: int) -> list[Move]:
    tab = table(st)
    p = st["p"][seat]
    pricer = Pricer(st, seat)
    # The Pick Pocket itself leaves the hand, so a full hand has room again.
    room = len(p["hand"]) - 1 < hand_limit(st, seat)
    out: list[Move] = []
    for row, lower in ((st["upper"], False), (st["lower"], True)):
        for cid in row:
            for price, target in pricer.options(tab[cid], lower):
                if price <= p["money"]:
                    m: Move = {"type": "pickpocket", "card": cid, "choice": "buy"}
                    if target is not None:
                        m["replace"] = target.id
                    out.append(m)
            if room:
                out.append({"type": "pickpocket", "card": cid, "choice": "take"})
    return out


def phase_start(st: State, phase: str, events: list[Event]) -> None:
    ext(st)["double"] = None
    if st["first"]:
        return
    tab = table(st)
    for seat, p in enumerate(st["p"]):
        cid = next((c for c in p["hand"] if tab[c].effect == "pickpocket"), None)
        if cid is not None and pickpocket_options(st, seat):
            if not st["queue"]:
                st["step"] = "decide"
                st["after"] = "hold"
            st["queue"].append({"kind": "pickpocket", "seat": seat, "card": cid})


def pickpocket_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return pickpocket_options(st, seat) + [{"type": "pickpocket", "choice": "keep"}]


def pickpocket_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "pickpocket" or move not in pickpocket_legal(st, seat, d):
        raise IllegalMove("Buy a display card or take one into hand with the Pick Pocket, or keep it.")
    if move["choice"] == "keep":
        return
    tab = table(st)
    p = st["p"][seat]
    p["hand"].remove(d["card"])
    ext(st)["box"].append(d["card"])
    events.append(
        event(gettext_noop("{seat} plays the Pick Pocket and acts before the start player."), seat, seat=seat)
    )
    cid = move["card"]
    lower = cid in st["lower"]
    card = tab[cid]
    (st["lower"] if lower else st["upper"]).remove(cid)
    if move["choice"] == "buy":
        replace = tab[move["replace"]] if "replace" in move else None
        lay_out(st, seat, card, Pricer(st, seat).price(card, lower, replace), replace, events, "buy")
    else:
        p["hand"].append(cid)
        events.append(event(gettext_noop("{seat} takes the {card} into hand."), seat, seat=seat, card=card.name_en))


# --- the module ----------------------------------------------------------------------------------------


def view(st: State, seat: Any) -> dict[str, Any]:
    e = ext(st)
    tab = table(st)
    double = e["double"]
    return {
        "banquet": {
            "attached": {cid: list(effects) for cid, effects in e["attached"].items()},
            "collected": list(e["collected"]),
            "box": [tab[c].key for c in e["box"]],
            "double": {"seat": double["seat"], "left": double["left"]} if double and double["started"] else None,
        }
    }


register_rules(
    RuleModule(
        "banquet",
        banquet_game,
        validate=validate,
        setup=setup,
        phase_start=phase_start,
        action_moves=purple_moves,
        keep_turn=keep_turn,
        move_types=move_types,
        adjust_income=adjust_income,
        view=view,
    )
)
register_move("purple", play_purple)
register_decision(
    Decision(
        "pickpocket", pickpocket_legal, pickpocket_apply, lambda st, seat, d: {"type": "pickpocket", "choice": "keep"}
    )
)
register_decision(
    Decision(
        "black_market",
        prison_legal,
        prison_apply,
        lambda st, seat, d: {"type": "debtors_prison_take", "choice": "back"},
        public=prison_public,
    )
)


# --- labels ----------------------------------------------------------------------------------------------


def purple_label(st: State, seat: int, move: Move) -> dict[str, Any]:
    tab = table(st)
    cid, target = move.get("card"), move.get("target")
    card = tab[cid] if cid in tab else None
    other = tab[target].name_en if target in tab else ""
    args: dict[str, Any] = {"card": card.name_en if card else "", "other": other}
    effect = card.effect if card else None
    if effect == "golden_donkey":
        assert card is not None  # only a card has an effect
        return {
            "msg": gettext_noop("Play the {card}: take {rubles} rubles"),
            "args": {**args, "rubles": card.params["rubles"]},
        }
    if effect == "double_turn":
        return {"msg": gettext_noop("Play the {card}: two actions in a row"), "args": args}
    if effect == "away_with_it":
        return {"msg": gettext_noop("Play the {card}: discard the {other} from your hand"), "args": args}
    if effect == "jester":
        return {
            "msg": gettext_noop("Play the {card} on your {other}: its rubles and points swap at its next scoring"),
            "args": args,
        }
    if effect == "banquet":
        return {
            "msg": gettext_noop("Play the {card} on your {other}: its rubles and points double at its next scoring"),
            "args": args,
        }
    if effect == "black_market":
        return {"msg": gettext_noop("Play the {card}: choose a card from the discard pile"), "args": args}
    if effect == "moocher" and target in tab:
        owner = _owner(st, target)
        r, pts = mooch_value(st, owner, target) if owner is not None else (0, 0)
        if move.get("take") == "rubles":
            return {
                "msg": gettext_noop("Play the {card}: {rubles} rubles for the {other} of {target_seat}"),
                "args": {**args, "rubles": r, "target_seat": owner},
            }
        return {
            "msg": gettext_noop("Play the {card}: {points} points for the {other} of {target_seat}"),
            "args": {**args, "points": pts, "target_seat": owner},
        }
    if effect == "money_collector" and target in tab:
        option = next(
            (
                o
                for o in collector_options(st, seat)
                if o[0] == target and (o[3].id if o[3] is not None else None) == move.get("replace")
            ),
            None,
        )
        price = option[2] if option else 0
        if move.get("replace") in tab:
            return {
                "msg": gettext_noop("Play the {card}: lay out the {other} for {price} rubles, replacing your {old}"),
                "args": {**args, "price": price, "old": tab[move["replace"]].name_en},
            }
        return {
            "msg": gettext_noop("Play the {card}: lay out the {other} for {price} rubles"),
            "args": {**args, "price": price},
        }
    return {"msg": gettext_noop("Play the {card}"), "args": args}


def pickpocket_label(st: State, seat: int, move: Move) -> dict[str, Any]:
    tab = table(st)
    cid = move.get("card")
    if move.get("choice") == "keep" or cid not in tab:
        return {"msg": gettext_noop("Keep the Pick Pocket for a later round"), "args": {}}
    if move.get("choice") == "take":
        return {"msg": gettext_noop("Pick Pocket: take the {card} into hand"), "args": {"card": tab[cid].name_en}}
    lower = cid in st["lower"]
    replace = tab[move["replace"]] if move.get("replace") in tab else None
    price = Pricer(st, seat).price(tab[cid], lower, replace)
    if replace is not None:
        return {
            "msg": gettext_noop("Pick Pocket: buy the {card} for {price} rubles, replacing your {old}"),
            "args": {"card": tab[cid].name_en, "price": price, "old": replace.name_en},
        }
    return {
        "msg": gettext_noop("Pick Pocket: buy the {card} for {price} rubles"),
        "args": {"card": tab[cid].name_en, "price": price},
    }


register_label("purple", purple_label)
register_label("pickpocket", pickpocket_label)
register_description("purple", lambda m: "Play a purple special card")
register_description(
    "pickpocket",
    lambda m: "Keep the Pick Pocket" if m.get("choice") == "keep" else "Use the Pick Pocket before the start player",
)
