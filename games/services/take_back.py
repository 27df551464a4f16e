"""Taking back one's own last move while the turn is still one's own and the move showed nothing new.

Which moves qualify is the engine's to say (``Engine.undo_refusal``, asked when the move is made and
remembered as ``Move.undoable`` and ``Game.undo_seat``). Taking back is a change like a move: it
locks the game's row, checks the version, restores the state before the move (replayed from the
seed and the rest of the move log, so a replay of the log gives the same state), deletes the move
from the log and writes a new version through ``changes.do``, whose broadcast tells every board to
fetch itself again. The turn stays with the same seat, so no turn notice goes out, and its clock
and deadline run on as they were: a move that may be taken back does not restart the turn
(``moves.check_move``), so taking it back gives nothing to give back.

In a live game of two people a move that passed the turn but showed nothing new may be taken back
with the opponent's leave: its player asks once (``ask``), the opponent accepts or declines
(``answer``); accepted, the turn goes back to the move's player, who hears it is their turn.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, TimeControl
from games.rules.base import Reason, State
from games.services import audience, changes, rows
from games.services.changes import Change
from games.services.engines import get_engine
from games.services.errors import GameNotActive, NotYourTurn, StaleVersion, TakeBackRefused
from games.services.log import reason_text
from games.services.moves import copy_state
from games.services.replay import canonical
from games.services.rows import SeatRow


def take_back(game_id: int, actor, *, version: int) -> Game:
    """Take back the actor's last move of game ``game_id``, whose board showed ``version``.

    Raises NotFound (404), NotYourTurn (403), StaleVersion, GameNotActive or TakeBackRefused (409);
    none of them changes anything.
    """
    with transaction.atomic():
        game, players = _locked(game_id, actor, version)
        return changes.do(check_take_back(game, players, actor))


def ask(game_id: int, actor, *, version: int) -> Game:
    """Ask the opponent's leave to take back the actor's last move (a takeback request); raises as
    ``take_back``."""
    with transaction.atomic():
        game, players = _locked(game_id, actor, version)
        return changes.do(check_ask(game, players, actor))


def answer(game_id: int, actor, *, version: int, accept: bool) -> Game:
    """Accept (the move is taken back, the turn goes back to its player) or decline the opponent's
    takeback request; raises as ``take_back``."""
    with transaction.atomic():
        game, players = _locked(game_id, actor, version)
        return changes.do(check_answer(game, players, actor, accept))


def _locked(game_id: int, actor, version: int) -> tuple[Game, list[SeatRow]]:
    """The running game at ``version``, its row locked, and its seats."""
    found, players = rows.game_with_seats(game_id, whole=True, lock=True) or (None, [])
    game = audience.check_readable(found, actor, players)
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(_("This game is over."))
    if version != game.version:
        raise StaleVersion(
            _("The game has moved on (it is at version %(v)s). Reload and try again.") % {"v": game.version},
            game.version,
        )
    return game, players


def offered(game: Game, seat: int | None) -> bool:
    """Whether the board of ``seat`` offers to take back the last move (the service checks again)."""
    return seat is not None and game.status == Game.Status.ACTIVE and game.undo_seat == seat


def may_ask(game: Game, seat: int | None) -> bool:
    """Whether the board of ``seat`` offers to ask the opponent's leave to take back its last move."""
    return (
        seat is not None
        and game.status == Game.Status.ACTIVE
        and game.takeback_seat == seat
        and not game.takeback_asked
    )


def asked_by(game: Game) -> int | None:
    """The seat whose takeback request waits for the opponent's answer, or None."""
    return game.takeback_seat if game.status == Game.Status.ACTIVE and game.takeback_asked else None


def _my_seat(players: list[SeatRow], actor) -> int:
    mine = [p.seat for p in players if actor.is_authenticated and p.user_id == actor.id and not p.controlled_by_bot]
    if not mine:
        raise NotYourTurn(_("You do not hold a seat in this game."))
    return mine[0]


def check_take_back(game: Game, players: list[SeatRow], actor) -> Change:
    """The check step of taking back: the game's row is locked; writes nothing."""
    seat = _my_seat(players, actor)
    change = _taking_back(game, players, seat, agreed=False)
    if game.undo_seat != seat:
        raise TakeBackRefused(_("Something else happened in the game since your move: it can no longer be taken back."))
    return change


def check_ask(game: Game, players: list[SeatRow], actor) -> Change:
    """The check step of a takeback request; writes nothing."""
    seat = _my_seat(players, actor)
    if not may_ask(game, seat):
        raise TakeBackRefused(
            _(
                "You can ask to take back only your last move of a live game against one opponent, once, "
                "while it showed nothing new and the opponent has not moved since."
            )
        )
    to_act = set(get_engine(game.game_slug).to_act(game.state))
    change = Change(game=game, players=players, before=to_act, after=to_act, now=timezone.now())
    change.game_fields = {"takeback_seat": seat, "takeback_asked": True}
    return change


def check_answer(game: Game, players: list[SeatRow], actor, accept: bool) -> Change:
    """The check step of the opponent's answer to a takeback request; writes nothing."""
    seat = _my_seat(players, actor)
    asking = asked_by(game)
    if asking is None or asking == seat:
        raise TakeBackRefused(_("There is no takeback request for you to answer."))
    if not accept:
        to_act = set(get_engine(game.game_slug).to_act(game.state))
        return Change(game=game, players=players, before=to_act, after=to_act, now=timezone.now())
    change = _taking_back(game, players, asking, agreed=True)
    # The taken-back move had earned its player the live clock's increment.
    player = next(p for p in players if p.seat == asking)
    if game.time_control == TimeControl.LIVE and player.clock_ms is not None:
        change.seat_fields = {asking: {"clock_ms": player.clock_ms - game.increment_seconds * 1000}}
    return change


def _taking_back(game: Game, players: list[SeatRow], seat: int, *, agreed: bool) -> Change:
    """The change that takes back ``seat``'s last move, if the engine lets it (``agreed``: the
    opponent gives the turn back); raises TakeBackRefused with the reason otherwise."""
    last_two = rows.last_moves(game.pk, 2)
    if not last_two:
        raise TakeBackRefused(_("No move has been made yet: there is nothing to take back."))
    last = last_two[0]
    if last.seat != seat or last.by_bot:
        raise TakeBackRefused(_("The last move is not yours: only your own moves of your turn can be taken back."))
    engine = get_engine(game.game_slug)
    try:
        before = _state_before_last(game, len(players))
        after, _events = engine.apply(copy_state(before), last.seat, last.payload)
    except Exception:  # noqa: BLE001 - a log that no longer replays: the game stands as it is
        after = None
    if after is None or canonical(after) != canonical(game.state):
        raise TakeBackRefused(_("This move can no longer be taken back."))
    refusal = engine.undo_refusal(before, last.seat, last.payload, after, agreed=agreed)
    if refusal is not None:
        raise TakeBackRefused(reason_text(Reason(refusal)))
    previous = last_two[1] if len(last_two) > 1 else None
    # The move before it may be taken back next, as it could right after it was made.
    undo_seat = previous.seat if previous is not None and previous.undoable and previous.seat == last.seat else None
    return Change(
        game=game,
        players=players,
        before=set(engine.to_act(game.state)),
        after=set(engine.to_act(before)),
        now=timezone.now(),
        game_fields={"state": before, "undo_seat": undo_seat},
        taken_back=last,
    )


def _state_before_last(game: Game, players: int) -> State:
    """The state before the game's last move, replayed from the seed and the moves before it."""
    engine = get_engine(game.game_slug)
    state = engine.setup(players, game.options, game.seed)
    for seat, payload in rows.move_log(game.pk)[:-1]:
        state, _events = engine.apply(state, seat, payload)
    return state
