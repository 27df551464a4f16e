"""The one path by which a move enters a game: a person's, a bot's or the clock's."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Move, TimeControl
from games.rules.base import IllegalMove
from games.services import audience, changes, rows
from games.services.changes import Change
from games.services.engines import get_engine
from games.services.errors import GameNotActive, IllegalMoveError, MoveIdReused, NotYourTurn, StaleVersion
from games.services.event_codec import encode_events
from games.services.log import reason_text
from games.services.results import final_ranks
from games.services.rows import SeatRow

MAX_MOVE_BYTES = 4096


class _Bot:
    """The actor for moves played by the platform on a bot-controlled seat."""

    id = None
    is_authenticated = False


BOT = _Bot()


class _Clock(_Bot):
    """The actor for a move the platform plays when a seat's time runs out."""


CLOCK = _Clock()


@dataclass
class MoveOutcome:
    game: Game
    move: Move
    repeated: bool = False  # the move id had already landed; nothing new happened


def _check_payload(move: Any) -> dict:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMoveError(_('A move must be an object with a "type".'))
    if len(json.dumps(move)) > MAX_MOVE_BYTES:
        raise IllegalMoveError(_("That move is too large."))
    return move


def _acting_seat(players: list[SeatRow], actor, to_act: list[int], seat: int | None) -> int:
    if actor is CLOCK:
        mine = [p.seat for p in players]
    elif actor is BOT:
        mine = [p.seat for p in players if p.controlled_by_bot]
    else:
        mine = [p.seat for p in players if p.user_id == actor.id and not p.controlled_by_bot]
    if not mine:
        raise NotYourTurn(_("You do not hold a seat in this game."))
    if seat is not None:
        if seat not in mine:
            raise NotYourTurn(_("That seat belongs to someone else."))
        mine = [seat]
    acting = [s for s in mine if s in to_act]
    if not acting:
        raise NotYourTurn(_("It is not your turn."))
    return acting[0]


def submit_move(
    game_id: int,
    actor,
    move: Any,
    *,
    version: int,
    move_id: uuid.UUID | str | None = None,
    seat: int | None = None,
    note: dict | None = None,
) -> MoveOutcome:
    """Validate and store one move sent by a client, then announce it after commit.

    Raises NotFound (404: no such game, or a private game the actor may not read),
    IllegalMoveError (400), NotYourTurn (403), StaleVersion or
    GameNotActive (409); none of them changes anything.
    """
    move = _check_payload(move)
    if move_id is not None and not isinstance(move_id, uuid.UUID):
        try:
            move_id = uuid.UUID(str(move_id))
        except ValueError:
            raise IllegalMoveError(_("The move id must be a UUID.")) from None
    try:
        with transaction.atomic():
            # The game, locked, with its seats in the same query: a player's own seat answers the
            # audience check of a private game.
            found, players = rows.game_with_seats(game_id, whole=True, lock=True) or (None, [])
            game = audience.check_readable(found, actor, players)
            stale = version != game.version
            if stale or game.status != Game.Status.ACTIVE:
                if move_id is not None:
                    landed = rows.landed_move(game.pk, move_id)
                    if landed is not None:
                        return _repeated(game, landed, move)
                if game.status != Game.Status.ACTIVE:
                    raise GameNotActive(_("This game is over."))
                if not _decision_unchanged(game, players, actor, seat, version):
                    raise _stale(game)
            try:
                change = check_move(game, players, actor, move, seat=seat, move_id=move_id, note=note)
            except (IllegalMoveError, NotYourTurn):
                # Sent from an older board: it is the board that was out of date.
                if stale:
                    raise _stale(game) from None
                raise
            changes.do(change)
            assert change.move is not None
            return MoveOutcome(game, change.move)
    except IntegrityError:
        # A concurrent request with the same move id landed first.
        if move_id is not None:
            landed = Move.objects.filter(game_id=game_id, client_id=move_id).select_related("game").first()
            if landed is not None:
                return _repeated(landed.game, landed, move)
        raise StaleVersion(_("The game has moved on. Reload and try again."), -1) from None


def _stale(game: Game) -> StaleVersion:
    return StaleVersion(
        _("The game has moved on (it is at version %(v)s). Reload and try again.") % {"v": game.version},
        game.version,
    )


def _decision_unchanged(game: Game, players: list[SeatRow], actor, seat: int | None, version: int) -> bool:
    """Whether a move sent from the board at an older ``version`` still answers the decision at hand.

    True when the mover's seat has had to act without a break since before the first change after
    that version (its turn started no later than that version: seats that stay to act keep their
    turn's start) and every change since was a move of another seat, that is, the others decided
    in a phase the mover decides at the same time. The engine then still checks the move against
    the state of now. A click that crossed another player's decision is not refused for that.
    """
    if not 0 <= version < game.version or actor is BOT or actor is CLOCK:
        return False
    engine = get_engine(game.game_slug)
    try:
        mover = _acting_seat(players, actor, engine.to_act(game.state), seat)
    except NotYourTurn:
        return False
    started = next(p.turn_started_at for p in players if p.seat == mover)
    if started is None:
        return False
    since = Move.objects.filter(game_id=game.pk, seq__gt=version, seq__lte=game.version).aggregate(
        changes=Count("id"), own=Count("id", filter=Q(seat=mover)), first=Min("created_at")
    )
    return (
        since["changes"] == game.version - version  # each change was a move (no resignation, no timeout)
        and since["own"] == 0
        and since["first"] is not None
        and started < since["first"]
    )


def check_move(
    game: Game,
    players: list[SeatRow],
    actor,
    move: dict,
    *,
    seat: int | None = None,
    move_id: uuid.UUID | None = None,
    note: dict | None = None,
    seat_fields: dict[int, dict[str, Any]] | None = None,
) -> Change:
    """The check step of a move on a running game whose row is locked: who acts, whether the engine
    accepts it, and what the game becomes. Writes nothing. People's moves come through
    ``submit_move``; the bot loop and the timeout sweep call it with the engine's own moves.

    ``note`` is a log line put before the engine's events; ``seat_fields`` are seat flags the
    change also sets (a timeout's count).
    """
    engine = get_engine(game.game_slug)
    before = set(engine.to_act(game.state))
    acting = _acting_seat(players, actor, sorted(before), seat)
    # A person's move may be taken back later if the engine says so; the engine may change the state
    # it is given, so the state before the move is a copy. (Bots' and the clock's moves stand.)
    person = actor not in (BOT, CLOCK)
    state_before = copy_state(game.state) if person else None
    try:
        state, events = engine.apply(game.state, acting, move)
    except IllegalMove as exc:
        # Engines explain in English; the catalog has the translations of fixed reasons.
        raise IllegalMoveError(reason_text(exc)) from None
    if note:
        events = [note, *events]
    undoable = state_before is not None and engine.undoable(state_before, acting, move, state)
    # In a live game of two people a move that passed the turn but showed nothing new may be taken
    # back with the opponent's leave (games.services.take_back.ask).
    askable = (
        state_before is not None
        and not undoable
        and take_back_asks(game, players)
        and engine.undoable(state_before, acting, move, state, agreed=True)
    )
    now = timezone.now()
    change = Change(
        game=game,
        players=players,
        before=before,
        after=set(),
        now=now,
        game_fields={
            "state": state,
            "undo_seat": acting if undoable else None,
            "takeback_seat": acting if askable else None,
        },
        seat_fields=seat_fields or {},
        # A move that may be taken back leaves the turn running (its clock, its deadline): the turn
        # has not passed, and taking the move back must not hand out a fresh deadline or increment.
        acted=None if undoable else acting,
        timed_out=actor is CLOCK,
        move=Move(
            game=game,
            seat=acting,
            payload=move,
            events=encode_events(events, acting),
            client_id=move_id,
            by_bot=not person,
            undoable=undoable,
        ),
    )
    if engine.is_over(state):
        _finish(change, engine.result(state).as_dict())
    else:
        change.after = set(engine.to_act(state))
    return change


def take_back_asks(game: Game, players: list[SeatRow]) -> bool:
    """Whether a player of this game may ask the opponent's leave to take back a move: a live game of
    two seats, both played by people."""
    return game.time_control == TimeControl.LIVE and len(players) == 2 and not any(p.controlled_by_bot for p in players)


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a JSON-able state (faster than ``copy.deepcopy`` for plain data)."""
    copied: dict[str, Any] = json.loads(json.dumps(state))
    return copied


def _repeated(game: Game, landed: Move, move: dict) -> MoveOutcome:
    """A retry of a move that already landed; the same id for another move is a client's mistake."""
    if landed.payload != move:
        raise MoveIdReused(_("This move id was already used for another move."))
    return MoveOutcome(game, landed, repeated=True)


def _finish(change: Change, result: dict[str, Any]) -> None:
    """The game is over: the engine's ranks, with seats that resigned or timed out twice placed last."""
    players = change.players
    losers = {p.seat for p in players if change.seat_value(p, "resigned") or change.seat_value(p, "timeouts") >= 2}
    result["engine_ranks"] = result["ranks"]
    result["ranks"] = final_ranks(result["ranks"], losers, len(result["details"].get("columns", ())))
    change.game_fields.update(result=result, status=Game.Status.FINISHED, finished_at=change.now)
    change.results = {p.seat: (result["scores"][p.seat], result["ranks"][p.seat]) for p in players}
