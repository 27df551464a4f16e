"""The end-of-game summary: final ranking, scores, rating changes and the ∑ statistics table."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.models import Game
from games.services.results import TOTAL_GROUP, seatless_standings
from games.services.stats_groups import group_heading
from notifications.models import Notice
from notifications.services import mail
from notifications.services.facts import game_facts, tell_everyone
from rankings.models import RatedGame, RatingChange


def game_finished(game: Game) -> list[Notice]:
    """A notice for every person in the game; returns those whose summary email is to go out."""
    seatless = len(((game.result or {}).get("details") or {}).get("columns") or ())  # Iwan in a solo game
    return tell_everyone(
        game,
        Notice.Kind.FINISHED,
        f"finished:{game.pk}",
        wants_email=lambda user: user.email_on_game_end,
        data=lambda p, facts, players: {
            "seat": p.seat,
            "rank": p.rank,
            "n": len(players) + seatless,
            "status": game.status,
        },
    )


def ratings_ready(game: Game) -> bool:
    return not (game.rated and game.status == Game.Status.FINISHED) or RatedGame.objects.filter(game=game).exists()


def waiting_for_ratings(game_ids: list[int]) -> list[int]:
    """The summaries of these games whose email has not gone out yet."""
    return list(
        Notice.objects.filter(kind=Notice.Kind.FINISHED, email=Notice.Email.QUEUED, game_id__in=game_ids).values_list(
            "pk", flat=True
        )
    )


def _fmt(value) -> str:
    if value is None:
        return "–"
    return str(value)


def text_table(header: list[str], rows: list[list[str]], groups: list[str] | None = None, align: str = "") -> str:
    """Columns padded to line up in a fixed-width font: ``align`` says "l" or "r" per column
    (by default the first left, the others right-aligned, as numbers are).

    ``groups`` (one per row, "" for none) puts a group heading above the first row of each group.
    """
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    align = (align or "l").ljust(len(header), "r")

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(cells, widths, align)).rstrip()

    out = [line(header), "  ".join("-" * w for w in widths)]
    last = None
    for i, row in enumerate(rows):
        group = groups[i] if groups else ""
        if group and group != last:
            out.append(f"[{group}]")
        last = group
        out.append(line(row))
    return "\n".join(out)


def summary_context(notice: Notice) -> dict:
    """Everything the summary email shows, in the active language (call inside the recipient's language)."""
    game = Game.objects.get(pk=notice.data["game_id"])
    players = list(game.players.select_related("user"))
    facts = game_facts(game, notice.user, players)
    names = {int(s): n for s, n in facts["names"].items()}
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    result = game.result or {}
    ranking = []
    for p in sorted(players, key=lambda p: (p.rank is None, p.rank or 0, p.seat)):
        change = changes.get(p.user_id) if p.user_id and not p.is_bot else None
        ranking.append(
            {
                "rank": p.rank,
                "name": names[p.seat],
                "score": p.score,
                "me": p.seat == notice.data.get("seat"),
                "rating_after": round(change.after) if change else None,
                "rating_delta": round(change.after) - round(change.before) if change else None,
                "note": _("timed out") if p.timeouts >= 2 else _("resigned") if p.resigned else "",
            }
        )
    # The opponents the engine plays without a seat (Iwan in a solo game) rank among the seats.
    for row in seatless_standings(result, len(players)):
        ranking.append(
            {
                "rank": row["rank"],
                "name": _(row["name"]),
                "score": row["score"],
                "me": False,
                "rating_after": None,
                "rating_delta": None,
                "note": "",
            }
        )
    ranking.sort(key=lambda r: (r["rank"] is None, r["rank"] or 0))
    stats: list[dict[str, Any]] = []
    last = None
    for row in result.get("stats") or []:
        # The total row's group only marks it; it gets no heading of its own.
        group = group_heading(row["group"]) if row.get("group") and row["group"] != TOTAL_GROUP else ""
        stats.append(
            {
                "label": _(row["label"]),
                "values": [_fmt(v) for v in row["values"]],
                "group": group,
                "group_start": bool(group) and group != last,
                "total": row.get("group") == TOTAL_GROUP,
            }
        )
        last = group
    # Columns after the seats' (Iwan, the solo opponent), named by the engine.
    seat_names = [names[p.seat] for p in players] + [_(c) for c in (result.get("details") or {}).get("columns", [])]
    show_ratings = any(r["rating_after"] is not None for r in ranking)

    def signed(delta: int | None) -> str:
        return "" if delta is None else f"{delta:+d}"

    rank_header = [_("Rank"), _("Player"), _("Score")] + ([_("Rating"), "±"] if show_ratings else [])
    rank_rows = [
        [_fmt(r["rank"]), _("%(name)s (you)") % {"name": r["name"]} if r["me"] else r["name"], _fmt(r["score"])]
        + ([_fmt(r["rating_after"]), signed(r["rating_delta"])] if show_ratings else [])
        for r in ranking
    ]
    return {
        "game": facts,
        "game_url": mail.absolute(facts["url"]),
        "ranking": ranking,
        "stats": stats,
        "seat_names": seat_names,
        "show_ratings": show_ratings,
        "aborted": game.status == Game.Status.ABORTED,
        "reason": result.get("reason"),
        "rated": game.rated,
        "ranking_text": text_table(rank_header, rank_rows, align="rl"),
        "stats_text": text_table(
            ["∑"] + seat_names, [[s["label"], *s["values"]] for s in stats], [s["group"] for s in stats]
        )
        if stats
        else "",
        "my_rank": notice.data.get("rank"),
        "players_count": len(ranking),
    }
