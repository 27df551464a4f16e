"""A game step by step: the board after any move, for its replay page and the API.

Who sees what follows the game page: a private game only its readers (``audience``); while the game
runs, each step shows only what the reader's seat saw then (a spectator: the spectator's view) and
the log lines that seat could read; once the game is over nothing is secret and every step shows
all hands and draws (``Engine.full_view``) and every log line.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.models import Game
from games.services import audience, play
from games.services.engines import get_engine
from games.services.errors import NotFound, ServiceError
from games.services.log import player_names, render_event, visible
from games.services.replay_record import Record, record_of, state_at


class BadStep(ServiceError):
    status = 400
    code = "bad_step"


class NoSuchStep(NotFound):
    code = "no_such_step"


def reveals_all(game: Game) -> bool:
    """After the end (finished or aborted) a replay shows everything."""
    return game.status != Game.Status.ACTIVE


def parse_step(raw: Any, last: int) -> int:
    """The step asked for (None or "": the last); BadStep for what is not a whole number, NoSuchStep
    for a number the game has no step for."""
    if raw is None or raw == "":
        return last
    text = str(raw).strip()
    if not text.isdigit():
        raise BadStep(_("The step must be a whole number from 0 to %(last)s.") % {"last": last})
    step = int(text)
    if step > last:
        raise NoSuchStep(
            _("This game has no step %(step)s; its steps run from 0 to %(last)s.") % {"step": step, "last": last}
        )
    return step


def _players(game: Game) -> list[dict[str, Any]]:
    seats = list(game.players.select_related("user").order_by("seat"))
    names = player_names(seats)
    return [
        {
            "seat": p.seat,
            "name": names[p.seat],
            "username": p.user.username if p.user_id and not p.is_bot and p.user else None,
            "is_bot": p.is_bot,
        }
        for p in seats
    ]


def _unlogged(step: int, seat: int, names: dict[int, str]) -> str:
    """The line of a move that wrote none the reader may read."""
    return _("Move %(n)s, by %(name)s.") % {"n": step, "name": names.get(seat, seat)}


def log_lines(game: Game, record: Record, seat: int | None, names: dict[int, str]) -> list[dict[str, Any]]:
    """Every log line the reader may read, each with the step of the move that wrote it."""
    everything = reveals_all(game)
    lines = []
    for index, events in enumerate(record.events):
        mover = record.seats[index]
        shown = [e for e in events if everything or visible(e, seat)]
        for event in shown:
            lines.append({"step": index + 1, "seat": event.get("seat", mover), "text": render_event(event, names)})
        if not shown:  # every step has its line, to be found and highlighted
            lines.append({"step": index + 1, "seat": mover, "text": _unlogged(index + 1, mover, names)})
    # How a game ended outside the moves (a timeout under the "end" policy) belongs to the last step.
    if everything:
        for event in (game.result or {}).get("events", []):
            lines.append({"step": record.last, "seat": event.get("seat"), "text": render_event(event, names)})
    return lines


def step_view(game: Game, user, raw_step: Any, *, with_log: bool = False) -> dict[str, Any]:
    """What ``user`` sees of ``game`` after step ``raw_step`` (see ``parse_step``); the game must be
    readable by ``user`` (``audience.game_or_404``). With ``with_log`` the whole log comes too."""
    record = record_of(game)
    step = parse_step(raw_step, record.last)
    engine = get_engine(game.game_slug)
    state = state_at(game, record, step)
    everything = reveals_all(game)
    seat = play.seat_of(game, user)
    players = _players(game)
    names = {p["seat"]: p["name"] for p in players}
    view = engine.full_view(state) if everything else engine.view(state, seat)
    events = record.events[step - 1] if step else []
    shown = [render_event(e, names) for e in events if everything or visible(e, seat)]
    if step and not shown:
        shown = [_unlogged(step, record.seats[step - 1], names)]
    out = {
        "id": game.pk,
        "game": game.game_slug,
        "game_name": engine.name,
        "status": game.status,
        "step": step,
        "last_step": record.last,
        "seq": record.seqs[step - 1] if step else None,
        "seat": seat,
        "reveals_all": everything,
        "to_act": [] if engine.is_over(state) else engine.to_act(state),
        "players": players,
        "lines": shown,
        "view": view,
    }
    if with_log:
        out["log"] = log_lines(game, record, seat, names)
    return out


def readable_game(game_id: int | str, user) -> Game:
    """The game for its replay: as its page, Http404 when missing or private to ``user``."""
    return audience.game_or_404(game_id, user)
