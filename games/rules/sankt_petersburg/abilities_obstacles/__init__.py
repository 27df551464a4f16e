"""Module 6 "Die Hürden" (option ``obstacles``; with the Market only).

Five obstacles on the score track (texts and requirements in cards.json rules "obstacles"): three
random bonus obstacles on spaces 10, 50 and 70 and two random real obstacles on 20 and 35 (Yucata
always uses these spaces). A seat whose marker reaches or passes a bonus obstacle gets its bonus
once. Reaching the space before a real obstacle checks its requirement (for that space): met, the
marker passes it and the seat gets its bonus; not met, the marker stops there and further points
are lost until a later gain finds the requirement met. Passed obstacles no longer count. Bonus
points move the marker on as usual. Obstacles apply in the final scoring too (a blocked seat changes
no rubles into points); there a choice bonus is taken automatically: the one that ends with the
most points given every obstacle still ahead (rubles where the points would be stopped anyway).

Every gain of points is gated after each move (the engine's ``after_move`` hook compares each seat's
points with the points the module has seen). The ∑ table gains gettext_noop("Obstacles: bonus rubles"),
gettext_noop("Obstacles: bonus points") and gettext_noop("Points lost at obstacles") (negative), so the table adds up.

Decision ``obstacle_bonus`` (market place / card bonus obstacles during the game):
  {"obstacle": key, "rubles": r, "points": p}; moves {"type": "obstacle_bonus", "take": "rubles" |
  "points"}; timeout: points.
View: "obstacles" null without the option, else {"spaces": [{"space", "key", "kind", "name",
"name_de", "text", "text_de", "need" (real: what this space asks)}], "passed": [[spaces] per seat],
"blocked": [space of the real obstacle a seat waits at, or null]}.
Refusal: engine.OBSTACLES_MARKET.
"""

from __future__ import annotations

import copy
from typing import Any

from games.rules.base import Event, IllegalMove, Move, Options, State, event, gettext_noop, shuffled

from ..abilities_expansion.stats import add_stat
from ..abilities_market.market import markers
from ..cards import RULES, table
from ..hooks import Decision, Pending, RuleModule, register_decision, register_rules
from ..moves import register_description

OBSTACLES: dict[str, dict[str, Any]] = {o["key"]: o for o in RULES["obstacles"]}
SPACES = RULES["obstacle_spaces"]
BONUS_RUBLES, BONUS_POINTS, LOST = (
    gettext_noop("Obstacles: bonus rubles"),
    gettext_noop("Obstacles: bonus points"),
    gettext_noop("Points lost at obstacles"),
)


def obstacles_game(options: Options) -> bool:
    return bool(options.get("obstacles"))


def ext(st: State) -> dict[str, Any]:
    result: dict[str, Any] = st["ext"]["obstacles"]
    return result


def setup(st: State, events: list[Event]) -> None:
    bonus = shuffled(st, [k for k, o in OBSTACLES.items() if o["kind"] == "bonus"])[:3]
    real = shuffled(st, [k for k, o in OBSTACLES.items() if o["kind"] == "real"])[:2]
    track = sorted(list(zip(SPACES["bonus"], bonus)) + list(zip(SPACES["real"], real)))
    st["ext"]["obstacles"] = {
        "track": [[s, k] for s, k in track],
        "passed": [[] for _ in range(st["n"])],
        "seen": [0] * st["n"],
        "final_done": False,
    }
    for label in (BONUS_RUBLES, BONUS_POINTS, LOST):
        st["ext"].setdefault("stats", {}).setdefault(label, [0] * st["n"])


# --- requirements and bonuses ----------------------------------------------------------------------


def _cards(st: State, seat: int) -> list[Any]:
    tab = table(st)
    return [tab[c] for c in st["p"][seat]["cards"]]


def met(st: State, seat: int, key: str, space: int) -> bool:
    need = OBSTACLES[key]["need"][str(space)]
    cards = _cards(st, seat)
    if key == "real_workers":
        return bool(len({c.key for c in cards if c.color == "worker"}) >= need)
    if key == "real_market":
        pos = markers(st, seat).values()
        return bool(len(pos) >= need[0] and max(pos, default=0) >= need[1])
    if key == "real_buildings":
        return bool(sum(1 for c in cards if c.color == "building") >= need)
    if key == "real_nobles":
        return bool(sum(1 for c in cards if c.color == "aristocrat") >= need)
    if key == "real_exchange":
        ex = [c for c in cards if c.exchange]
        if need == "one_of_each":
            return {"worker", "building", "aristocrat"} <= {c.color for c in ex}
        return bool(len(ex) >= need)
    raise ValueError(key)


def fixed_bonus(st: State, seat: int, key: str) -> tuple[int, int] | None:
    """(rubles, points) of an obstacle without a choice; None for the two choice bonuses."""
    cards = _cards(st, seat)
    red = [c for c in cards if c.color == "aristocrat"]
    blue = [c for c in cards if c.color == "building"]
    if key == "bonus_nobles":
        return 0, len(red)
    if key == "bonus_buildings":
        return len(blue), 0
    if key == "bonus_exchange":
        n = sum(1 for c in cards if c.exchange)
        return n, n
    if key == "real_workers":
        return 0, 0
    if key == "real_market":
        pos = markers(st, seat).values()
        return max(pos, default=0), len(pos)
    if key == "real_buildings":
        return len(blue), max((c.points for c in blue), default=0)
    if key == "real_nobles":
        # A lone Sycophant gives 0 rubles, not -1 (the designer's ruling in the seed).
        return max([c.rubles for c in red] + [0]), len(red)
    if key == "real_exchange":
        return 0, 2 * sum(1 for c in cards if c.exchange)
    return None


def choice_values(st: State, seat: int, key: str) -> tuple[int, int]:
    """(rubles, points) on offer: take one of them."""
    if key == "bonus_market":
        n = len(markers(st, seat))
        return n, n
    cards = _cards(st, seat)
    return max((c.rubles for c in cards), default=0), max((c.points for c in cards), default=0)


# --- the gate ------------------------------------------------------------------------------------


def pay(st: State, seat: int, rubles: int, points: int, key: str, events: list[Event]) -> int:
    """Bonus rubles paid; bonus points returned (the caller moves the marker)."""
    st["p"][seat]["money"] += rubles
    add_stat(st, BONUS_RUBLES, seat, rubles)
    add_stat(st, BONUS_POINTS, seat, points)
    if rubles or points:
        events.append(
            event(
                gettext_noop("{seat} gets {rubles} rubles and {points} points at the {obstacle}."),
                seat,
                seat=seat,
                rubles=rubles,
                points=points,
                obstacle=OBSTACLES[key]["name_en"],
            )
        )
    return points


def gate(
    st: State,
    seat: int,
    gain: int,
    events: list[Event],
    final_stage: str | None = None,
    plan: dict[int, str] | None = None,
    asked: list[int] | None = None,
) -> None:
    """Move the seat's marker `gain` points on through the obstacles. In the final scoring
    (`final_stage`) a choice bonus is taken as `plan` says for its space (default: points); the
    spaces consulted are added to `asked`."""
    p = st["p"][seat]
    target = p["points"] + gain
    passed = ext(st)["passed"][seat]
    for space, key in ext(st)["track"]:
        if space in passed:
            continue
        kind = OBSTACLES[key]["kind"]
        if kind == "real":
            if target < space - 1:
                break
            if not met(st, seat, key, space):
                lost = target - (space - 1)
                if lost:
                    add_stat(st, LOST, seat, -lost)
                    events.append(
                        event(
                            gettext_noop("{seat} is stopped by the {obstacle} and loses {points} points."),
                            seat,
                            seat=seat,
                            obstacle=OBSTACLES[key]["name_en"],
                            points=lost,
                        )
                    )
                target = space - 1
                break
            passed.append(space)
            bonus = fixed_bonus(st, seat, key)
            if bonus is None:
                raise ValueError(f"The real obstacle {key} has no bonus of its own.")
            target += pay(st, seat, *bonus, key, events)
        else:
            if target < space:
                break
            passed.append(space)
            fixed = fixed_bonus(st, seat, key)
            if fixed is not None:
                target += pay(st, seat, *fixed, key, events)
                continue
            rubles, points = choice_values(st, seat, key)
            if not rubles and not points:
                continue
            if final_stage is None:
                st["queue"].append({"kind": "obstacle_bonus", "seat": seat, "obstacle": key})
            else:
                # Final scoring: no one is asked; `plan` holds the choice that best_plan found.
                if asked is not None:
                    asked.append(space)
                if (plan or {}).get(space) == "rubles":
                    pay(st, seat, rubles, 0, key, events)
                else:
                    target += pay(st, seat, 0, points, key, events)
    p["points"] = target


def after_move(st: State, events: list[Event]) -> None:
    e = ext(st)
    if st["step"] == "over":
        if not e["final_done"]:
            e["final_done"] = True
            final(st, events)
        return
    had_queue = bool(st["queue"])
    last = st["last_scoring"]
    for seat, p in enumerate(st["p"]):
        gain = p["points"] - e["seen"][seat]
        if gain > 0:
            before = p["points"]
            p["points"] = e["seen"][seat]
            gate(st, seat, gain, events)
            # The scoring of this move shows where the marker really stands.
            for row in (last or {}).get("rows", ()):
                if row["seat"] == seat and row["after"]["points"] == before:
                    row["after"] = {"rubles": row["after"]["rubles"], "points": p["points"]}
                    # Shown as "before + gained - lost = after".
                    row["lost"] = {"points": row["before"]["points"] + row["gained"]["points"] - p["points"]}
        e["seen"][seat] = p["points"]
    if st["queue"] and not had_queue:
        st["step"] = "decide"
        st["after"] = "hold"


def final(st: State, events: list[Event]) -> None:
    """The final scoring again, part by part through the obstacles: nobles, the assignment, cards,
    rubles (none while blocked: those points are lost), hand cards. A choice bonus reached on the
    way is taken automatically as best_plan finds it."""
    for seat in range(st["n"]):
        final_seat(st, seat, events, best_plan(st, seat))


def final_seat(st: State, seat: int, events: list[Event], plan: dict[int, str], asked: list[int] | None = None) -> None:
    e = ext(st)
    p = st["p"][seat]
    parts = st["final"][seat]
    p["points"] = e["seen"][seat]
    for part, value in parts.items():
        if part in ("rubles", "hand"):
            continue
        if value > 0:
            gate(st, seat, value, events, "before_rubles", plan, asked)
        else:
            p["points"] += value
    parts["rubles"] = p["money"] // RULES["rubles_per_point"]
    gate(st, seat, parts["rubles"], events, "after_rubles", plan, asked)
    p["points"] += parts["hand"]
    e["seen"][seat] = p["points"]


def best_plan(st: State, seat: int) -> dict[int, str]:
    """The choices of the choice bonuses met in the final scoring that end with the most points,
    then the most rubles (the tie-break), given every obstacle still ahead: points that a later
    real obstacle would stop are worth nothing there, so rubles are taken instead. Each choice is
    tried both ways on a copy of the game (at most three bonus spaces)."""
    best: tuple[tuple[int, int], dict[int, str]] | None = None
    todo: list[dict[int, str]] = [{}]
    while todo:
        plan = todo.pop()
        trial = copy.deepcopy(st)
        asked: list[int] = []
        final_seat(trial, seat, [], plan, asked)
        for space in asked:
            if space not in plan:
                todo.append({**plan, space: "rubles"})
                plan = {**plan, space: "points"}
        p = trial["p"][seat]
        score = (p["points"], p["money"])
        if best is None or score > best[0]:
            best = (score, plan)
    assert best is not None
    return best[1]


# --- decision ----------------------------------------------------------------------------------------


def bonus_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return [{"type": "obstacle_bonus", "take": "rubles"}, {"type": "obstacle_bonus", "take": "points"}]


def bonus_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    take = move.get("take")
    if move.get("type") != "obstacle_bonus" or take not in ("rubles", "points"):
        raise IllegalMove("Take the bonus in rubles or in points.")
    rubles, points = choice_values(st, seat, d["obstacle"])
    if take == "rubles":
        pay(st, seat, rubles, 0, d["obstacle"], events)
    else:
        # Points: the after-move gate moves the marker on.
        st["p"][seat]["points"] += pay(st, seat, 0, points, d["obstacle"], events)


def bonus_public(st: State, d: Pending) -> dict[str, Any]:
    rubles, points = choice_values(st, d["seat"], d["obstacle"])
    return {"obstacle": d["obstacle"], "rubles": rubles, "points": points}


register_decision(
    Decision(
        "obstacle_bonus",
        bonus_legal,
        bonus_apply,
        lambda st, seat, d: {"type": "obstacle_bonus", "take": "points"},
        public=bonus_public,
    )
)
register_description(
    "obstacle_bonus", lambda m: "Take the bonus in rubles" if m.get("take") == "rubles" else "Take the bonus in points"
)


def view(st: State, seat: Any) -> dict[str, Any]:
    e = ext(st)
    spaces = []
    for space, key in e["track"]:
        o = OBSTACLES[key]
        spaces.append(
            {
                "space": space,
                "key": key,
                "kind": o["kind"],
                "name": o["name_en"],
                "name_de": o["name_de"],
                "text": o["text"],
                "text_de": o["text_de"],
                "need": o["need"][str(space)] if o["kind"] == "real" else None,
            }
        )
    blocked = []
    for s, p in enumerate(st["p"]):
        nxt = next(
            (space for space, key in e["track"] if space not in e["passed"][s] and OBSTACLES[key]["kind"] == "real"),
            None,
        )
        blocked.append(
            nxt
            if nxt is not None
            and p["points"] == nxt - 1
            and not met(st, s, dict((sp, k) for sp, k in e["track"])[nxt], nxt)
            else None
        )
    return {"obstacles": {"spaces": spaces, "passed": [sorted(x) for x in e["passed"]], "blocked": blocked}}


register_rules(RuleModule("obstacles", obstacles_game, setup=setup, view=view, after_move=after_move))
