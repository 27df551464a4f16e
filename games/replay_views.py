"""The replay page: a game's board after any move, read-only (games/services/replay_steps.py)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.translation import gettext as _
from django.views.decorators.vary import vary_on_headers

from games.services import replay_steps
from games.services.describe import options_text
from games.services.engines import get_engine
from games.services.errors import ServiceError


@vary_on_headers("HX-Request")
def replay(request, pk: int) -> HttpResponse:
    """The whole page, or with htmx (the page's script stepping) only the step's board."""
    game = replay_steps.readable_game(pk, request.user)
    try:
        data = replay_steps.step_view(game, request.user, request.GET.get("step"), with_log=not request.htmx)
    except ServiceError as exc:
        title = _("No such step") if exc.status == 404 else _("Not a step")
        return render(request, "errors/plain.html", {"title": title, "message": exc.message}, status=exc.status)
    engine = get_engine(game.game_slug)
    template = select_template([f"games/{game.game_slug}/{engine.board_template}", "games/generic_board.html"])
    context = {
        "game": game,
        "data": data,
        "view": data["view"],
        # The board speaks of every seat in the third person ("bea chooses", not "your turn"): it
        # shows a past position, not a decision to take now. The reader's seat is marked beside it.
        "seat": None,
        "reader_seat": data["seat"],
        "players": data["players"],
        "board_template": template.template.name,
        # Read-only: the board offers no move.
        "labelled_moves": [],
        "moves_by_card": {},
        "other_moves": [],
        "to_act_names": [p["name"] for p in data["players"] if p["seat"] in data["to_act"]],
        "description": options_text(game.game_slug, game.options),
    }
    if request.htmx:
        return render(request, "games/_replay_step.html", context)
    context["log"] = data["log"]
    return render(request, "games/replay.html", context)
