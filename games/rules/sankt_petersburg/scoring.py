"""Income at the worker, building and aristocrat scorings; the final scoring; the ∑ table."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State, event, gettext_noop

from .cards import RULES, noble_points, table
from .hooks import ABILITIES, DECISIONS, RuleModule, active_rules
from .state import order_from

# Slots of a player's "inc" list (rubles, points); the Market's slots exist in Market games only.
INCOME_SLOT = {"worker": 0, "building": 2, "aristocrat": 4, "market": 6}
# ∑ labels of the final-scoring parts that rule modules add (RuleModule.end_parts).
END_LABELS: dict[str, str] = {}


def card_income(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    c = table(st)[cid]
    out = (0, 0)
    if c.ability:
        ab = ABILITIES.get(c.ability)
        if ab and ab.income:
            out = ab.income(st, seat, cid, phase)
        elif c.color == phase:
            out = c.rubles, c.points
    elif c.color == phase:
        out = c.rubles, c.points
    banquet = st["ext"].get("banquet")
    if banquet and cid in banquet["collected"]:
        # Module 1's Money Collector covers the card's points: "Er erhält für diese Karte niemals Siegpunkte".
        return out[0], 0
    return out


def income(st: State, seat: int, phase: str) -> tuple[int, int]:
    rubles = points = 0
    for cid in st["p"][seat]["cards"]:
        r, p = card_income(st, seat, cid, phase)
        rubles += r
        points += p
    return rubles, points


def add_income(st: State, seat: int, phase: str, rubles: int, points: int) -> None:
    """Income of `phase` decided after its scoring (the Guild Hall's split): paid, entered in the
    ∑ table and in the scoring's row of ``last_scoring``."""
    p = st["p"][seat]
    p["money"] += rubles
    p["points"] += points
    slot = INCOME_SLOT[phase]
    p["inc"][slot] += rubles
    p["inc"][slot + 1] += points
    last = st["last_scoring"]
    if last and last["phase"] == phase:
        for row in last["rows"]:
            if row["seat"] == seat:
                row["gained"] = {"rubles": row["gained"]["rubles"] + rubles, "points": row["gained"]["points"] + points}
                row["after"] = {"rubles": p["money"], "points": p["points"]}


def score_phase(st: State, phase: str, events: list[Event]) -> list[dict[str, Any]]:
    """Pay every seat's income from the phase's start player on; return the decisions that
    follow the scoring (Pub, ...), in seat order from the start player."""
    for module in active_rules(st["opts"]):
        if module.before_scoring:
            module.before_scoring(st, phase, events)
    rows = []
    slot = INCOME_SLOT[phase]
    start = st["tokens"][phase]
    for seat in order_from(st, start):
        p = st["p"][seat]
        r, pts = income(st, seat, phase)
        for module in active_rules(st["opts"]):
            if module.adjust_income:
                r, pts = module.adjust_income(st, seat, phase, r, pts, events)
        before = {"rubles": p["money"], "points": p["points"]}
        p["money"] += r
        p["points"] += pts
        p["inc"][slot] += r
        p["inc"][slot + 1] += pts
        rows.append(
            {
                "seat": seat,
                "before": before,
                "gained": {"rubles": r, "points": pts},
                "after": {"rubles": p["money"], "points": p["points"]},
            }
        )
        if r or pts:
            events.append(
                event(
                    gettext_noop("{seat} scores {rubles} rubles and {points} points."),
                    seat,
                    seat=seat,
                    rubles=r,
                    points=pts,
                    phase=phase,
                )
            )
    st["last_scoring"] = {"phase": phase, "rows": rows}
    queue = []
    tab = table(st)
    for seat in order_from(st, start):
        mine: list[dict[str, Any]] = []
        for cid in st["p"][seat]["cards"]:
            c = tab[cid]
            if c.ability:
                ab = ABILITIES.get(c.ability)
                if ab and ab.after_scoring:
                    d = ab.after_scoring(st, seat, cid, phase)
                    if d and not any(q["kind"] == d["kind"] for q in mine):
                        mine.append(d)
        mine.sort(key=lambda d: DECISIONS[d["kind"]].order)
        queue.extend(mine)
    return queue


def different_aristocrats(st: State, seat: int) -> int:
    tab = table(st)
    return len({tab[c].key for c in st["p"][seat]["cards"] if tab[c].color == "aristocrat"})


def noble_score(st: State, seat: int, rules: list[RuleModule] | None = None) -> int:
    different = different_aristocrats(st, seat)
    for module in active_rules(st["opts"]) if rules is None else rules:
        if module.noble_points:
            return module.noble_points(st, seat, different)
    return noble_points(different)


def final_parts(st: State, seat: int, rules: list[RuleModule] | None = None) -> dict[str, int]:
    """The final scoring's parts in the rules' order (what they would be now). `rules`: the
    active rule modules, when the caller has them at hand."""
    if rules is None:
        rules = active_rules(st["opts"])
    p = st["p"][seat]
    cards = 0
    tab = table(st)
    for cid in p["cards"]:
        c = tab[cid]
        if c.ability:
            ab = ABILITIES.get(c.ability)
            if ab and ab.end_points:
                cards += ab.end_points(st, seat, cid)
    cards += sum(m.final_points(st, seat) for m in rules if m.final_points)
    out = {"nobles": noble_score(st, seat, rules)}
    for m in rules:
        if m.end_parts:
            out.update(m.end_parts(st, seat))
    return {
        **out,
        "cards": cards,
        "rubles": p["money"] // RULES["rubles_per_point"],
        # Module 1's purple cards cost nothing in hand at the end.
        "hand": -RULES["hand_penalty"] * sum(1 for c in p["hand"] if not tab[c].purple),
    }


def final_scoring(st: State, events: list[Event]) -> None:
    st["final"] = []
    for seat in range(st["n"]):
        parts = final_parts(st, seat)
        st["final"].append(parts)
        st["p"][seat]["points"] += sum(parts.values())
        events.append(
            event(
                gettext_noop(
                    "{seat}: {nobles} points for different aristocrats, {rubles} for rubles, {hand} for hand cards."
                ),
                seat,
                seat=seat,
                nobles=parts["nobles"],
                rubles=parts["rubles"],
                hand=parts["hand"],
            )
        )
    st["step"] = "over"
    st["phase"] = "over"
    st["queue"] = []
    events.append(event(gettext_noop("The game is over.")))


def stats(st: State) -> list[dict[str, Any]]:
    """The ∑ table: per phase income, totals, end scoring, cards, final standing."""
    n = st["n"]
    players = st["p"]
    over = st["final"] is not None
    if over:
        parts = st["final"]
    else:
        rules = active_rules(st["opts"])
        parts = [final_parts(st, s, rules) for s in range(n)]
        # Which hand cards are purple (and cost nothing at the end) is hidden until then: the
        # projection counts every hand card, as the hand's size is all the others may know.
        for s, part in enumerate(parts):
            part["hand"] = -RULES["hand_penalty"] * len(players[s]["hand"])

    def row(label: str, values: list[Any], group: str) -> dict[str, Any]:
        return {"label": label, "values": values, "group": group}

    inc = [p["inc"] for p in players]
    rows = [
        row(gettext_noop("Workers: rubles"), [i[0] for i in inc], "income"),
        row(gettext_noop("Workers: points"), [i[1] for i in inc], "income"),
        # The Market: the market cards' rubles, the market place's points, the rubles paid to keep
        # orange market cards.
        *(
            (
                row(gettext_noop("Market: rubles"), [i[6] for i in inc], "income"),
                row(gettext_noop("Market: points"), [i[7] for i in inc], "income"),
                row(gettext_noop("Market: confirmations paid in rubles"), list(st["ext"]["market"]["paid"]), "income"),
            )
            if st["opts"].get("market")
            else ()
        ),
        row(gettext_noop("Buildings: rubles"), [i[2] for i in inc], "income"),
        row(gettext_noop("Buildings: points"), [i[3] for i in inc], "income"),
        row(gettext_noop("Aristocrats: rubles"), [i[4] for i in inc], "income"),
        row(gettext_noop("Aristocrats: points"), [i[5] for i in inc], "income"),
        row(gettext_noop("Points bought at the Pub"), [p["pub"] for p in players], "income"),
        # Rows that rule modules and cards keep themselves (the 5-player sack, the Trading House).
        *(row(label, list(values), "income") for label, values in st["ext"].get("stats", {}).items()),
        row(gettext_noop("Total rubles income"), [sum(i[0::2]) for i in inc], "totals"),
        row(gettext_noop("Total points income"), [sum(i[1::2]) for i in inc], "totals"),
        row(gettext_noop("Points for different aristocrats"), [x["nobles"] for x in parts], "end"),
        # Parts kept secret during the game (Module 5's assignments) show once it is over.
        *(row(END_LABELS[k], [x[k] for x in parts], "end") for k in parts[0] if k in END_LABELS and over),
    ]
    if any(x["cards"] for x in parts):
        rows.append(row(gettext_noop("Points from cards at the end"), [x["cards"] for x in parts], "end"))
    rows += [
        row(gettext_noop("Points for rubles"), [x["rubles"] for x in parts], "end"),
        row(gettext_noop("Hand card penalty"), [x["hand"] for x in parts], "end"),
        row(gettext_noop("Special cards bought"), [len(p["special"]) for p in players], "cards"),
        row(gettext_noop("Hand cards"), [len(p["hand"]) for p in players], "cards"),
        row(gettext_noop("Points"), [p["points"] for p in players], "final"),
        row(gettext_noop("Rubles"), [p["money"] for p in players], "final"),
    ]
    return rows
