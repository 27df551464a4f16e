"""One Celery message per change of a game carries its turn notices: the new turns and the ended ones.

A change of a game announces the turns it started (``turn_started``) and, right after it in the
same thread, the turns it ended (``turn_ended``). Both are answered by the same message,
``tasks.tell_turns``: the worker settles the notices of every seat whose turn is over, as the
database has it when the message is handled, then writes the new turns' notices. So the first
of the two signals for a version publishes it, and the second finds it published. The web
process does no notice work of its own: before, the ended turns were settled in the request's
thread (four statements and a count per player) besides the message for the new ones.
"""

from __future__ import annotations

import threading
import weakref

from games.models import Game

_published = threading.local()


def publish(game: Game, started: list[int]) -> None:
    """Queue the turn notices of this version of the game, once for the change in this thread.

    Both signals of a change pass the same game object: that object at that version is the change.
    """
    from notifications import tasks

    last = getattr(_published, "last", None)
    if last is not None and last[0]() is game and last[1] == game.version:
        return
    _published.last = (weakref.ref(game), game.version)
    tasks.tell_turns.delay(game.pk, game.version, sorted(started))
