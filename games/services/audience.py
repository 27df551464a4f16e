"""Who may read a game: the one rule for its page, board, log, chat, API and socket.

A game is public unless it is private (an invited-only table, or a game of an invited-only
tournament). A private game is readable by its players, the table's owner and those invited to
the table; to everyone else it answers exactly as a game that does not exist, so that guessing
ids tells nothing.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from games.models import Game
from games.services import rows
from games.services.errors import NotFound


def readers(user) -> Q:
    """The games ``user`` may read, as a filter on Game: the rule itself."""
    visible = Q(private=False)
    if user is not None and user.is_authenticated:
        visible |= Q(players__user=user) | Q(table__owner=user) | Q(table__invitations__user=user)
    return visible


def may_read(game: Game, user, seats: list | None = None) -> bool:
    """Whether ``user`` may read ``game``; a public game costs no query, nor a player whose seat is given."""
    if not game.private:
        return True
    if user is None or not user.is_authenticated:
        return False
    if seats is not None and any(s.user_id == user.id for s in seats):
        return True
    return Game.objects.filter(readers(user), pk=game.pk).exists()


def unreadable(game_ids: list[int], user) -> set[int]:
    """Which of these games ``user`` may not read (lists elsewhere, such as a rating history, leave
    their ids out)."""
    private = set(Game.objects.filter(pk__in=game_ids, private=True).values_list("pk", flat=True))
    if not private:
        return set()
    return private - set(Game.objects.filter(readers(user), pk__in=private).values_list("pk", flat=True))


def not_found_message() -> str:
    return _("There is no such game.")


def game_or_404(game_id: int | str, user) -> Game:
    """The game for reading by ``user``; Http404 when there is none or ``user`` may not read it."""
    game = rows.load_game(int(game_id))
    if game is None or not may_read(game, user):
        raise Http404(not_found_message())
    return game


def check_readable(game: Game | None, user, seats: list | None = None) -> Game:
    """For services that change a game: NotFound (404) when it is missing or hidden from ``user``."""
    if game is None or not may_read(game, user, seats):
        raise NotFound(not_found_message())
    return game


def version_for(game_id: int, user) -> int | None:
    """The game's version for a socket of ``user``, or None when there is no such game for them.

    Read from the database, not from the last announcement: the socket asks when it connects and on
    each ping, exactly when announcements may have been missed (a late client, a lost message, a
    restarted Redis). Only the two columns it needs are read (bench/socket_version.py)."""
    found = rows.game_version(game_id)
    if found is None:
        return None
    version, private = found
    if private and not may_read(Game(pk=game_id, private=True), user):
        return None
    return version
