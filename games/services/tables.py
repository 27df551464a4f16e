"""Opening, joining and starting tables."""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.models import Game, Invitation, Player, Table, TableSeat, TimeControl, TimeoutPolicy
from games.rules.base import InvalidOptions
from games.services import after_commit, broadcast, changes, rows
from games.services.engines import get_engine
from games.services.errors import Forbidden, NotFound, TableError
from games.services.log import reason_text
from games.services.turns import initial_clock_ms

User = get_user_model()

MAX_INCREMENT_SECONDS = 120


def create_table(
    owner,
    game_slug: str,
    seats: int,
    options: dict[str, Any] | None = None,
    *,
    time_control: str = TimeControl.CORRESPONDENCE,
    days_per_move: int = 3,
    minutes_per_player: int = 20,
    invited_only: bool = False,
    rated: bool = True,
    bots: int = 0,
    timeout_policy: str = TimeoutPolicy.BOT,
    increment_seconds: int = 0,
) -> Table:
    """Open a table with the owner seated; raises TableError with the engine's reason."""
    try:
        engine = get_engine(game_slug)
    except KeyError:
        raise TableError(_("Unknown game.")) from None
    try:
        options = engine.normalize_options(seats, options or {})
    except InvalidOptions as exc:
        # Engines give their reasons as message ids (or finished English text, which stays as it is).
        raise TableError(reason_text(exc)) from None
    if seats == 1:
        rated = False  # a solo game has nobody to be rated against
    if time_control not in TimeControl.values:
        raise TableError(_("Unknown time control."))
    if not 1 <= days_per_move <= 30:
        raise TableError(_("Days per move must be between 1 and 30."))
    if not 1 <= minutes_per_player <= 240:
        raise TableError(_("Minutes per player must be between 1 and 240."))
    if timeout_policy not in TimeoutPolicy.values:
        raise TableError(_("Unknown timeout policy."))
    if time_control == TimeControl.CORRESPONDENCE and increment_seconds:
        raise TableError(_("An increment is for live tables only; a correspondence table counts days per move."))
    if not 0 <= increment_seconds <= MAX_INCREMENT_SECONDS:
        raise TableError(_("The increment must be between 0 and %(n)s seconds.") % {"n": MAX_INCREMENT_SECONDS})
    if not 0 <= bots < seats:
        raise TableError(_("At least one seat must stay free for a person."))
    with transaction.atomic():
        table = Table.objects.create(
            game_slug=game_slug,
            options=options,
            seats=seats,
            owner=owner,
            time_control=time_control,
            days_per_move=days_per_move,
            minutes_per_player=minutes_per_player,
            invited_only=invited_only,
            rated=rated,
            timeout_policy=timeout_policy,
            increment_seconds=increment_seconds,
        )
        TableSeat.objects.create(table=table, user=owner)
        TableSeat.objects.bulk_create([TableSeat(table=table, is_bot=True) for _ in range(bots)])
        _start_if_full(table)
    transaction.on_commit(broadcast.lobby_changed)
    return table


def not_found_message() -> str:
    return _("This table does not exist.")


def _locked_open_table(table_id: int, user) -> Table:
    """The open table, locked for a change by ``user``. A table ``user`` may not see answers exactly
    as one that does not exist (NotFound), before anything else is said of it, so that guessing ids
    tells nothing."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None or not may_see(table, user):
        raise NotFound(not_found_message())
    if table.status != Table.Status.OPEN:
        raise TableError(_("This table is no longer open."))
    return table


def visible_to(user) -> Q:
    """The tables ``user`` may see: open to everyone, or the user's own, invited to or sitting at.

    The one rule for the lobby, the table page and the API."""
    visible = Q(invited_only=False)
    if user.is_authenticated:
        visible |= Q(owner=user) | Q(invitations__user=user) | Q(taken_seats__user=user)
    return visible


def may_see(table: Table, user) -> bool:
    """Whether ``user`` may see ``table``: the rule of :func:`visible_to`, for one table."""
    return not table.invited_only or Table.objects.filter(visible_to(user), pk=table.pk).exists()


def can_join(table: Table, user) -> bool:
    return not table.invited_only or table.owner_id == user.id or table.invitations.filter(user=user).exists()


def join_table(table_id: int, user) -> Table:
    with transaction.atomic():
        table = _locked_open_table(table_id, user)
        if not can_join(table, user):
            raise Forbidden(_("This table is for invited players only."))
        if table.taken_seats.filter(user=user).exists():
            raise TableError(_("You already sit at this table."))
        if table.taken_seats.count() >= table.seats:
            raise TableError(_("This table is full."))
        TableSeat.objects.create(table=table, user=user)
        _start_if_full(table)
    transaction.on_commit(broadcast.lobby_changed)
    return table


def leave_table(table_id: int, user) -> Table:
    with transaction.atomic():
        table = _locked_open_table(table_id, user)
        if table.owner_id == user.id:
            raise TableError(_("You opened this table; cancel it instead of leaving."))
        deleted, _unused = table.taken_seats.filter(user=user).delete()
        if not deleted:
            raise TableError(_("You do not sit at this table."))
    transaction.on_commit(broadcast.lobby_changed)
    return table


def _owned_open_table(table_id: int, user) -> Table:
    table = _locked_open_table(table_id, user)
    if table.owner_id != user.id:
        raise Forbidden(_("Only the player who opened the table can do that."))
    return table


def invite(table_id: int, owner, username: str) -> Invitation:
    with transaction.atomic():
        table = _owned_open_table(table_id, owner)
        invitee = User.objects.filter(username__iexact=username.strip(), deleted_at__isnull=True).first()
        if invitee is None:
            raise TableError(_("There is no player called “%(name)s”.") % {"name": username})
        if invitee.pk == owner.pk:
            raise TableError(_("You cannot invite yourself."))
        invitation, created = Invitation.objects.get_or_create(table=table, user=invitee)
        if not created:
            raise TableError(_("%(name)s is already invited.") % {"name": invitee.shown_name})
        after_commit.invitation(table, invitee)
    transaction.on_commit(broadcast.lobby_changed)
    return invitation


def add_bot(table_id: int, owner) -> Table:
    with transaction.atomic():
        table = _owned_open_table(table_id, owner)
        if table.taken_seats.count() >= table.seats:
            raise TableError(_("This table is full."))
        TableSeat.objects.create(table=table, is_bot=True)
        _start_if_full(table)
    transaction.on_commit(broadcast.lobby_changed)
    return table


def fill_with_bots(table_id: int, owner) -> Table:
    with transaction.atomic():
        table = _owned_open_table(table_id, owner)
        free = table.seats - table.taken_seats.count()
        if free <= 0:
            raise TableError(_("This table is full."))
        TableSeat.objects.bulk_create([TableSeat(table=table, is_bot=True) for _ in range(free)])
        _start_if_full(table)
    transaction.on_commit(broadcast.lobby_changed)
    return table


def cancel_table(table_id: int, owner) -> Table:
    with transaction.atomic():
        table = _owned_open_table(table_id, owner)
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status"])
    transaction.on_commit(broadcast.lobby_changed)
    return table


def _start_if_full(table: Table) -> Game | None:
    taken = list(table.taken_seats.all())
    if len(taken) < table.seats:
        return None
    return start_game(table, taken)


def start_game(table: Table, taken: list[TableSeat], seed: int | None = None) -> Game:
    """Create the game: a seeded random seat order, the engine's set-up, first turns."""
    engine = get_engine(table.game_slug)
    seed = secrets.randbits(48) if seed is None else seed
    order = list(taken)
    random.Random(f"seats:{seed}").shuffle(order)
    state = engine.setup(len(order), table.options, seed)
    game = Game.objects.create(
        table=table,
        game_slug=table.game_slug,
        options=table.options,
        seed=seed,
        state=state,
        rated=table.rated and sum(1 for s in order if not s.is_bot) >= 2,
        time_control=table.time_control,
        days_per_move=table.days_per_move,
        minutes_per_player=table.minutes_per_player,
        timeout_policy=table.timeout_policy,
        increment_seconds=table.increment_seconds,
        private=table.invited_only,
    )
    Player.objects.bulk_create(
        [
            Player(game=game, seat=i, user=s.user, is_bot=s.is_bot, clock_ms=initial_clock_ms(game))
            for i, s in enumerate(order)
        ]
    )
    table.status = Table.Status.STARTED
    table.save(update_fields=["status"])
    changes.start(game, rows.seats(game), set(engine.to_act(state)))
    return game


def start_bot_game(game_slug: str, players: int, options: dict[str, Any] | None, seed: int) -> Game:
    """A game with a bot in every seat, opened by the platform (no owner)."""
    return start_seated_game(game_slug, [], options, seed=seed, bots=players, rated=False)


def start_seated_game(
    game_slug: str,
    users: list,
    options: dict[str, Any] | None = None,
    *,
    seed: int | None = None,
    bots: int = 0,
    rated: bool = True,
    time_control: str = TimeControl.CORRESPONDENCE,
    days_per_move: int = 3,
    minutes_per_player: int = 20,
    timeout_policy: str = TimeoutPolicy.BOT,
    private: bool = False,
    readers: tuple = (),
) -> Game:
    """Start a game for the given people (and bots) at once, on a table the platform opens.

    For tournaments and other organised play: no lobby, no owner. The game is public unless
    ``private``; then only its players and the ``readers`` (invited to its table) may read it.
    """
    engine = get_engine(game_slug)
    try:
        options = engine.normalize_options(len(users) + bots, options or {})
    except InvalidOptions as exc:
        raise TableError(reason_text(exc)) from None
    with transaction.atomic():
        table = Table.objects.create(
            game_slug=game_slug,
            options=options,
            seats=len(users) + bots,
            owner=None,
            rated=rated,
            time_control=time_control,
            days_per_move=days_per_move,
            minutes_per_player=minutes_per_player,
            timeout_policy=timeout_policy,
            invited_only=private,
        )
        if private:
            seated = {u.pk for u in users}
            others = {r.pk: r for r in readers if r.pk not in seated}
            Invitation.objects.bulk_create([Invitation(table=table, user=u) for u in others.values()])
        taken = TableSeat.objects.bulk_create(
            [TableSeat(table=table, user=u) for u in users] + [TableSeat(table=table, is_bot=True) for _ in range(bots)]
        )
        return start_game(table, taken, seed=seed)
