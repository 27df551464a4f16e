"""Reading a game as one player sees it; chat; resigning."""
from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import ChatMessage, Game, Player
from games.services import after_commit, broadcast, deadlines, rows
from games.services.engines import get_engine
from games.services.errors import Forbidden, GameNotActive, NotFound, TableError
from games.services.log import player_names
from games.services.results import final_ranks
from games.services.turns import update_turns

MAX_CHAT = 500


def game_or_404(game_id: int | str) -> Game:
    """The game with this id, for reading; Http404 when there is none."""
    game = rows.load_game(int(game_id))
    if game is None:
        raise Http404(_("There is no such game."))
    return game


def seat_of(game: Game, user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    for p in game.players.all():
        if p.user_id == user.id and not p.is_bot:
            return p.seat
    return None


def game_view(game: Game, user) -> dict[str, Any]:
    """Everything one user may see of a game: meta, their seat's view and their legal moves."""
    engine = get_engine(game.game_slug)
    players = rows.seats(game)
    seat = next((p.seat for p in players if user.is_authenticated and p.user_id == user.id and not p.is_bot), None)
    to_act = engine.to_act(game.state) if game.status == Game.Status.ACTIVE else []
    acting = seat is not None and seat in to_act and not players[seat].bot_took_over
    names = player_names(players)
    # The annotation spares the windows query unless someone has a vacation that is not over.
    travellers = [p.user_id for p in players if p.away and p.user_id and not p.is_bot]
    away = deadlines.on_vacation_now(travellers) if travellers else set()
    now = timezone.now()
    return {
        "id": game.pk,
        "game": game.game_slug,
        "game_name": engine.name,
        "version": game.version,
        "status": game.status,
        "options": game.options,
        "seat": seat,
        "to_act": to_act,
        "players": [
            {
                "seat": p.seat, "name": names[p.seat], "username": p.username,
                "is_bot": p.is_bot, "bot_took_over": p.bot_took_over, "resigned": p.resigned,
                "must_act": p.seat in to_act, "deadline": p.deadline, "clock_ms": p.clock_ms,
                "score": p.score, "rank": p.rank, "on_vacation": p.user_id in away,
                "clock_left_ms": _clock_left(p, now) if game.time_control == "live" else None,
            }
            for p in players
        ],
        "view": engine.view(game.state, seat),
        "legal_moves": engine.legal_moves(game.state, seat) if acting else [],
        "result": _public_result(game.result),
        "time_control": game.time_control,
    }


def _clock_left(player: Player, now) -> int | None:
    """A live seat's time left right now: its clock, less the running turn."""
    if player.clock_ms is None:
        return None
    if player.must_act and player.turn_started_at:
        return max(player.clock_ms - int((now - player.turn_started_at).total_seconds() * 1000), 0)
    return max(player.clock_ms, 0)


def _public_result(result: dict | None) -> dict | None:
    if not result:
        return None
    return {k: result[k] for k in ("scores", "ranks", "stats", "details", "reason") if k in result}


def post_chat(game: Game, user, text: str) -> ChatMessage:
    text = (text or "").strip()
    if not text:
        raise TableError(_("Write something first."))
    if len(text) > MAX_CHAT:
        raise TableError(_("Chat messages are limited to %(n)s characters.") % {"n": MAX_CHAT})
    if seat_of(game, user) is None:
        raise Forbidden(_("Only the players of this game can chat here."))
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, user=user, text=text)
        count = game.chat_count = _count_chat_message(game.pk)
    transaction.on_commit(lambda: broadcast.chat_changed(game.pk, count))
    return message


def _count_chat_message(game_id: int) -> int:
    """Add one to the game's chat counter in the database (so concurrent posts all count) and return it."""
    Game.objects.filter(pk=game_id).update(chat_count=F("chat_count") + 1)
    return Game.objects.filter(pk=game_id).values_list("chat_count", flat=True).get()


def resign(game_id: int, user) -> Game:
    """The seat is lost: a bot plays it on, and it ranks last.

    When fewer than two seats remain in play, or no person is left, the game ends now.
    """
    with transaction.atomic():
        game = rows.load_game(game_id, lock=True)
        if game is None:
            raise NotFound(_("There is no such game."))
        if game.status != Game.Status.ACTIVE:
            raise GameNotActive(_("This game is over."))
        players = list(game.players.all())
        mine = next((p for p in players if p.user_id == user.id and not p.is_bot), None)
        if mine is None:
            raise Forbidden(_("You do not hold a seat in this game."))
        if mine.resigned:
            raise TableError(_("You have already resigned."))
        engine = get_engine(game.game_slug)
        before = set(engine.to_act(game.state))
        mine.resigned = True
        mine.bot_took_over = True
        Player.objects.filter(pk=mine.pk).update(resigned=True, bot_took_over=True)
        in_play = [p for p in players if not p.resigned]
        people_left = [p for p in in_play if not p.controlled_by_bot]
        game.version += 1
        now = timezone.now()
        if len(in_play) <= 1 or not people_left:
            losers = {p.seat for p in players if p.resigned}
            # Those still in play share the better places, in seat order of the current standing.
            ranks = final_ranks([1] * len(players), losers)
            game.status = Game.Status.FINISHED
            game.finished_at = now
            game.result = {"scores": [None] * len(players), "ranks": ranks, "stats": [], "details": {},
                           "reason": "resignation"}
            results = {p.seat: (None, ranks[p.seat]) for p in players}
            game.save(update_fields=["version", "status", "finished_at", "result", "updated_at"])
            update_turns(game, players, before, set(), now, results)
            after_commit.schedule(game, players, before, set(), finished=True)
        else:
            game.save(update_fields=["version", "updated_at"])
            after = before
            update_turns(game, players, before, after, now)
            after_commit.schedule(game, players, before - {mine.seat}, after, finished=False)
    return game
