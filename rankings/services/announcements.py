"""Tournament news for other apps, recorded in the outbox in the transaction that makes it.

A new round (with its byes) and a finished tournament are announced by the ``rankings.signals``
signals. Sending them right after the commit would lose them to a process dying in between, so
``tournaments`` records an outbox entry in the change's own transaction and its handler sends the
signal. The receivers (notifications) write one notice per person and occasion, so a rerun of an
entry tells nobody twice.
"""

from __future__ import annotations

from games.models import Game
from plumbing import outbox
from plumbing.models import OutboxEntry
from rankings import signals
from rankings.models import Round, Tournament

ROUND_STARTED = "rankings.round_started"
FINISHED = "rankings.tournament_finished"


def _ref(tournament: Tournament) -> str:
    return f"tournament:{tournament.pk}"


def round_started(tournament: Tournament, round_: Round) -> None:
    """Record, in the current transaction, that the players are to hear of the new round."""
    outbox.record(ROUND_STARTED, {"tournament_id": tournament.pk, "round_id": round_.pk}, ref=_ref(tournament))


def finished(tournament: Tournament) -> None:
    """Record, in the current transaction, that the entrants are to hear who won."""
    outbox.record(FINISHED, {"tournament_id": tournament.pk}, ref=_ref(tournament))


@outbox.handler(ROUND_STARTED)
def tell_round_started(entry: OutboxEntry) -> None:
    rnd = Round.objects.filter(pk=entry.payload["round_id"]).select_related("tournament").first()
    if rnd is None:
        return  # deleted since: nobody to tell
    games = list(Game.objects.filter(tournament_pairing__round=rnd).order_by("tournament_pairing__number"))
    signals.tournament_round_started.send(sender=Tournament, tournament=rnd.tournament, round=rnd, games=games)


@outbox.handler(FINISHED)
def tell_finished(entry: OutboxEntry) -> None:
    t = Tournament.objects.filter(pk=entry.payload["tournament_id"]).select_related("winner").first()
    if t is None:
        return
    signals.tournament_finished.send(sender=Tournament, tournament=t)
