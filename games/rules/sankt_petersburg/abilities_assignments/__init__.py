"""Module 5 "Die Aufträge" (option ``assignments``; with the Market only).

15 assignments (texts in cards.json rules "assignments"; 2, 8 and 15 are left out with 2
players). Every seat is dealt 3 face down at the start; at the end each seat scores ONE of them:
it is scored right after the different aristocrats and before the rubles are changed into points
(Auftrag 6 compares the rubles before that change, so it comes "first").

Which one (option ``assignment_rule``): "best" (Yucata, seed 000: "Am Ende des Spiels sucht sich
der Spieler 1 der 3 Auftragskarten aus") or "printed" (seed 003: "As soon as your scoring figure
reaches 20 victory points, choose and discard one of your assignments. As soon as your scoring
figure reaches 35 victory points, choose and discard another"): decision ``assignment_discard``
{"reached": 20 | 35} for the seat whose marker got there (after Module 6's obstacles moved it),
private part {"numbers": the seat's assignments}; move {"type": "assignment_discard", "number": k};
timeout: the one worth least now (highest number on a tie). Discarded assignments stay secret
until the game is over. A marker that reaches 20 or 35 only in the final scoring asks nothing: the
best of the assignments still held counts, as under Yucata's rule.
The engine takes the assignment worth most for its owner (lowest number on a tie): the choice
changes nothing but the owner's own points, so that is the choice every player makes; Yucata
likewise shows each assignment's current worth.

"Chips" are the seat's markers on the market place (Market module); "cards" its display.
Assignment 6: tied richest seats all count as having the most rubles. Assignment 13 counts every
card of the market pile (the orange ones too). Cards' "points" are the printed victory points.

View: "assignments" null without the option, else {"rule": "best" | "printed", "mine": [{"number",
"text", "text_de", "points"}] for the viewing seat (null for spectators), "counts": [assignments
held] per seat, "chosen": null until the game is over, then per seat {"number", "points"} (the
ones held are shown then under "all", the printed rule's discarded ones under "discarded")}.
∑ table: gettext_noop("Points for the assignment") (group end).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, Options, State, event, gettext_noop, shuffled

from ..abilities_market.market import markers
from ..cards import RULES, table
from ..hooks import Decision, Pending, RuleModule, register_decision, register_rules
from ..moves import register_description, register_label
from ..scoring import END_LABELS

ASSIGNMENTS: dict[int, dict[str, Any]] = {a["number"]: a for a in RULES["assignments"]}
DISCARD_AT: list[int] = RULES["assignment_discard_at"]
END_LABELS["assignment"] = gettext_noop("Points for the assignment")


def assignments_game(options: Options) -> bool:
    return bool(options.get("assignments"))


def deal(st: State, events: list[Event]) -> None:
    n = st["n"]
    numbers = [k for k, a in ASSIGNMENTS.items() if not (n == 2 and a.get("not_with_2_players"))]
    pile = shuffled(st, numbers)
    k = RULES["assignments_dealt"]
    st["ext"]["assignments"] = [sorted(pile[s * k : (s + 1) * k]) for s in range(n)]
    if printed(st):
        st["ext"]["assignments_discarded"] = [[] for _ in range(n)]


def printed(st: State) -> bool:
    return bool(st["opts"].get("assignment_rule", "best") == "printed")


# --- the printed rule: discard one at 20 points and one at 35 ------------------------------------


def after_move(st: State, events: list[Event]) -> None:
    if st["step"] == "over" or not printed(st):
        return
    had_queue = bool(st["queue"])
    kept, gone = st["ext"]["assignments"], st["ext"]["assignments_discarded"]
    for seat, p in enumerate(st["p"]):
        due = sum(1 for space in DISCARD_AT if p["points"] >= space)
        if (
            due > len(gone[seat])
            and len(kept[seat]) > 1
            and not any(q["kind"] == "assignment_discard" and q["seat"] == seat for q in st["queue"])
        ):
            st["queue"].append({"kind": "assignment_discard", "seat": seat, "reached": DISCARD_AT[len(gone[seat])]})
    if st["queue"] and not had_queue:
        st["step"] = "decide"
        st["after"] = "hold"


def discard_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return [{"type": "assignment_discard", "number": k} for k in st["ext"]["assignments"][seat]]


def discard_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    number = move.get("number")
    if move.get("type") != "assignment_discard" or number not in st["ext"]["assignments"][seat]:
        raise IllegalMove("Discard one of your assignments.")
    st["ext"]["assignments"][seat].remove(number)
    st["ext"]["assignments_discarded"][seat].append(number)
    events.append(
        event(
            gettext_noop("{seat} reaches {points} points and discards an assignment."),
            seat,
            seat=seat,
            points=d["reached"],
        )
    )
    events.append(event(gettext_noop("You discard assignment {number}."), seat, only=seat, number=number))


def discard_timeout(st: State, seat: int, d: Pending) -> Move:
    worst = min(st["ext"]["assignments"][seat], key=lambda k: (points(st, seat, k), -k))
    return {"type": "assignment_discard", "number": worst}


register_decision(
    Decision(
        "assignment_discard",
        discard_legal,
        discard_apply,
        discard_timeout,
        public=lambda st, d: {"reached": d["reached"]},
        private=lambda st, d: {"numbers": list(st["ext"]["assignments"][d["seat"]])},
    )
)
register_description("assignment_discard", lambda m: f"Discard assignment {m.get('number')}")
register_label(
    "assignment_discard",
    lambda st, seat, m: {
        "msg": gettext_noop("Discard assignment {number}: {text}"),
        "args": {
            "number": m.get("number"),
            "text": ASSIGNMENTS.get(m["number"], {}).get("text", "") if isinstance(m.get("number"), int) else "",
        },
    },
)


def points(st: State, seat: int, number: int) -> int:
    """What assignment `number` is worth to `seat` now."""
    tab = table(st)
    cards = [tab[c] for c in st["p"][seat]["cards"]]
    red = [c for c in cards if c.color == "aristocrat"]
    blue = [c for c in cards if c.color == "building"]
    green = [c for c in cards if c.color == "worker"]
    if number == 1:
        return 2 * len(red)
    if number == 2:
        return 10 + len(green)
    if number in (3, 4):
        pos = sorted(markers(st, seat).values(), reverse=True)
        if number == 3:
            return 2 * len(pos) + (pos[0] if pos else 0)
        return sum(pos[:2])
    if number == 5:
        return 3 * sum(1 for c in cards if c.key in ("market", "customs_house", "firehouse"))
    if number == 6:
        money = st["p"][seat]["money"]
        return 10 + (10 if money == max(p["money"] for p in st["p"]) else 0)
    if number == 7:
        return 3 * len({c.key for c in green})
    if number == 8:
        counts: dict[str, int] = {}
        for c in cards:
            counts[c.key] = counts.get(c.key, 0) + 1
        return 2 * sum(k - 1 for k in counts.values())
    if number == 9:
        return 2 * sum(1 for c in cards if c.exchange)
    if number == 10:
        return 4 * max((c.points for c in red), default=0)
    if number == 11:
        return 3 * max((c.points for c in blue), default=0)
    if number == 12:
        per = {2: 4, 3: 3}.get(st["n"], 2)
        return 5 + len(cards) // per
    if number == 13:
        return 2 * sum(1 for c in cards if c.color == "market")
    if number == 14:
        return 2 * len({c.key for c in blue})
    if number == 15:
        return 2 * sum(c.points for c in blue if c.exchange)
    raise ValueError(number)


def best(st: State, seat: int) -> tuple[int, int]:
    """(number, points) of the seat's assignment worth most (lowest number on a tie)."""
    return max(((n, points(st, seat, n)) for n in st["ext"]["assignments"][seat]), key=lambda x: (x[1], -x[0]))


def end_parts(st: State, seat: int) -> dict[str, int]:
    return {"assignment": best(st, seat)[1]}


def view(st: State, seat: Any) -> dict[str, Any]:
    mine = None
    dealt = st["ext"]["assignments"]
    if seat is not None:
        mine = [
            {
                "number": k,
                "text": ASSIGNMENTS[k]["text"],
                "text_de": ASSIGNMENTS[k]["text_de"],
                "points": points(st, seat, k),
            }
            for k in dealt[seat]
        ]
    out: dict[str, Any] = {
        "mine": mine,
        "counts": [len(a) for a in dealt],
        "chosen": None,
        "rule": st["opts"].get("assignment_rule", "best"),
    }
    if st["step"] == "over":
        out["chosen"] = [dict(zip(("number", "points"), best(st, s))) for s in range(st["n"])]
        out["all"] = [list(a) for a in dealt]
        if printed(st):
            out["discarded"] = [list(a) for a in st["ext"]["assignments_discarded"]]
    return {"assignments": out}


register_rules(
    RuleModule(
        "assignments", assignments_game, setup=deal, end_parts=end_parts, view=view, after_move=after_move, order=1
    )
)
