"""The end screen's ranking with each person's rating change (the one the summary email shows)."""

from django import template

from rankings.models import RatingChange

register = template.Library()


@register.simple_tag
def final_ranking(game, players: list[dict]) -> dict:
    """``players`` (the final standings: the seats, and opponents without a seat such as Iwan, whose
    ``seat`` is None) by rank, each with ``rating_after`` and ``rating_delta`` (rounded as the email
    rounds them) once the rating task has counted the game."""
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)} if game.rated else {}
    user_of = dict(game.players.filter(is_bot=False).values_list("seat", "user_id"))
    rows = []
    for p in sorted(players, key=lambda p: (p["rank"] is None, p["rank"] or 0, p["seat"] is None, p["seat"] or 0)):
        user_id = user_of.get(p["seat"]) if p["seat"] is not None and not p["is_bot"] else None
        change = changes.get(user_id) if user_id is not None else None
        rows.append(
            {
                **p,
                "rating_after": round(change.after) if change else None,
                "rating_delta": round(change.after) - round(change.before) if change else None,
            }
        )
    return {"rows": rows, "ratings": any(r["rating_after"] is not None for r in rows)}
