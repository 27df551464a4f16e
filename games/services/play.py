"""Reading a game as one player sees it; chat; resigning."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import ChatMessage, Game, Player
from games.services import audience, broadcast, changes, deadlines, read_snapshot, rows, take_back, view_cache
from games.services.changes import Change
from games.services.engines import get_engine
from games.services.errors import Forbidden, GameNotActive, TableError
from games.services.log import player_names
from games.services.results import final_ranks
from games.services.rows import SeatRow
from plumbing.json_text import JSONText

MAX_CHAT = 500


def seat_of(game: Game, user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    for p in game.players.all():
        if p.user_id == user.id and not p.is_bot:
            return p.seat
    return None


def read_game_view(game_id: int | str, user, *, as_text: bool = False) -> dict[str, Any]:
    """``game_view`` of the game ``game_id`` for ``user``, its row and seats taken from the game's
    read snapshot or read in one query; Http404 when there is no such game or ``user`` may not read
    it (as ``audience.game_or_404``)."""
    found = read_snapshot.game_with_seats(int(game_id))
    if found is None or not audience.may_read(found[0], user, found[1]):
        raise Http404(audience.not_found_message())
    game, players = found
    return game_view(game, user, players=players, as_text=as_text)


def game_view(game: Game, user, players: list[SeatRow] | None = None, *, as_text: bool = False) -> dict[str, Any]:
    """Everything one user may see of a game: meta, their seat's view and their legal moves.

    What the engine shows the seat is computed once per version of the game (``view_cache``, filled
    by the change through ``read_snapshot``); the seats, names, deadlines and vacations are as fresh
    as the database for every request, and live clocks and vacation marks are worked out then.
    ``players``: the game's seats, when already read with it. With ``as_text`` the view, the legal
    moves and the result are given as the JSON text kept for them (``JSONText``), not decoded.
    """
    engine = get_engine(game.game_slug)
    players = rows.seats(game) if players is None else players
    seat = next((p.seat for p in players if user.is_authenticated and p.user_id == user.id and not p.is_bot), None)
    shown = view_cache.get(game.pk, game.version, game.updated_at, seat)
    if shown is None and seat is not None and "state" not in game.get_deferred_fields():
        # A whole game read from the database (the board): the change that made this version may have
        # left the view in its snapshot. (A reader of the snapshot, ``read_game_view``, has been there.)
        if read_snapshot.fill_view_cache(game.pk):
            shown = view_cache.get(game.pk, game.version, game.updated_at, seat)
    if shown is None:
        if "state" in game.get_deferred_fields():
            # Read without its state (``read_game_view``): the state of this very version is needed.
            full = rows.load_game(game.pk)
            if full is None:
                raise Http404(audience.not_found_message())
            if (full.version, full.updated_at) != (game.version, game.updated_at):
                return game_view(full, user, as_text=as_text)  # a change landed between the reads: the newer one
            game = full
        shown = view_cache.seat_view(engine, game, seat)
        view_cache.put(game.pk, game.version, game.updated_at, seat, shown)
    to_act = list(shown.to_act)
    part = _as_text if as_text else JSONText.value
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
                "seat": p.seat,
                "name": names[p.seat],
                "username": p.username,
                "is_bot": p.is_bot,
                "bot_took_over": p.bot_took_over,
                "resigned": p.resigned,
                "must_act": p.seat in to_act,
                "deadline": p.deadline,
                "clock_ms": p.clock_ms,
                "score": p.score,
                "rank": p.rank,
                "on_vacation": p.user_id in away,
                "clock_left_ms": _clock_left(p, now) if game.time_control == "live" else None,
            }
            for p in players
        ],
        "view": part(shown.view),
        "legal_moves": part(shown.legal_moves) if acting else [],
        "result": part(shown.result),
        "time_control": game.time_control,
        "can_take_back": acting and take_back.offered(game, seat),
        # A takeback request (live games of two people): whether this seat may ask, and who asked.
        "can_ask_take_back": take_back.may_ask(game, seat),
        "take_back_asked_by": take_back.asked_by(game),
    }


def _as_text(text: JSONText) -> JSONText:
    return text


def _clock_left(player: SeatRow, now) -> int | None:
    """A live seat's time left right now: its clock, less the running turn."""
    if player.clock_ms is None:
        return None
    if player.must_act and player.turn_started_at:
        return max(player.clock_ms - int((now - player.turn_started_at).total_seconds() * 1000), 0)
    return max(player.clock_ms, 0)


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
        count = game.chat_count = rows.count_chat_message(game.pk)
    transaction.on_commit(lambda: broadcast.chat_changed(game.pk, count))
    return message


def _nobody_left_to_play(players: list[Player]) -> bool:
    """Fewer than two seats in play, or no person among them: the game cannot go on."""
    in_play = [p for p in players if not p.resigned]
    return len(in_play) <= 1 or not any(not p.controlled_by_bot for p in in_play)


def resignation_ends_game(game: Game, user) -> bool:
    """Whether the user's resigning now would end the game (rather than hand the seat to a bot)."""
    players = list(game.players.all())
    for p in players:
        if p.user_id == user.id and not p.is_bot:
            p.resigned = p.bot_took_over = True
    return _nobody_left_to_play(players)


def resign(game_id: int, user) -> Game:
    """The seat is lost: a bot plays it on, and it ranks last.

    When fewer than two seats remain in play, or no person is left, the game ends now.
    """
    with transaction.atomic():
        game = audience.check_readable(rows.load_game(game_id, lock=True), user)
        return changes.do(check_resign(game, rows.seats(game), user))


def check_resign(game: Game, players: list[SeatRow], user) -> Change:
    """The check step of a resignation; writes nothing."""
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(_("This game is over."))
    mine = next((p for p in players if p.user_id == user.id and not p.is_bot), None)
    if mine is None:
        raise Forbidden(_("You do not hold a seat in this game."))
    if mine.resigned:
        raise TableError(_("You have already resigned."))
    before = set(get_engine(game.game_slug).to_act(game.state))
    change = Change(
        game=game,
        players=players,
        before=before,
        after=before,
        now=timezone.now(),
        seat_fields={mine.seat: {"resigned": True, "bot_took_over": True}},
        handed_over={mine.seat},
    )
    in_play = [p for p in players if not change.seat_value(p, "resigned")]
    people_left = [p for p in in_play if not (p.is_bot or change.seat_value(p, "bot_took_over"))]
    if len(in_play) <= 1 or not people_left:
        losers = {p.seat for p in players if change.seat_value(p, "resigned")}
        # Those still in play share the better places, in seat order of the current standing.
        # In a solo game the engine's own opponent wins by a resignation.
        engine = get_engine(game.game_slug)
        ranks = final_ranks([1] * len(players), losers, 1 if engine.solo_opponent and len(players) == 1 else 0)
        change.after, change.handed_over = set(), set()
        change.game_fields = {
            "status": Game.Status.FINISHED,
            "finished_at": change.now,
            "result": {
                "scores": [None] * len(players),
                "ranks": ranks,
                "stats": [],
                "details": {},
                "reason": "resignation",
            },
        }
        change.results = {p.seat: (None, ranks[p.seat]) for p in players}
    return change
