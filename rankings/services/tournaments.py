"""Tournaments: registration, rounds started as seated games, scoring, standings.

Scoring: at a table of n players a player earns, against each of the other
n−1, 1 for a better rank, ½ for an equal rank and 0 for a worse one, divided
by n−1. So the winner of a table scores 1, the last 0, whatever the table
size; a bye scores 1. Standings: points, then Buchholz (the sum of the
current points of every opponent met at a table), then rating at the start,
then registration order. Knockout: the best-ranked player of each table goes
on (a tie for first goes to the higher rating at the start).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Prefetch, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Player, TimeControl
from games.rules.base import InvalidOptions
from games.services.engines import get_engine
from games.services.errors import Forbidden, ServiceError
from games.services.log import reason_text
from games.services.tables import start_seated_game
from rankings.models import Entry, Pairing, PairingSeat, Rating, Round, Tournament, TournamentInvitation
from rankings.services import announcements, pairing
from rankings.services.elo import BASE_RATING

User = get_user_model()
MAX_ROUNDS = 20
# Any real schedule fits; dates at the ends of the calendar overflow when shown in a time zone.
MAX_SCHEDULE_AHEAD = timedelta(days=2 * 365)
MAX_SCHEDULE_BEHIND = timedelta(days=365)


class TournamentError(ServiceError):
    status = 400
    code = "tournament_error"


def smallest_table(game_slug: str) -> int:
    return max(2, get_engine(game_slug).min_players)


def create_tournament(
    organiser,
    *,
    name: str,
    game_slug: str,
    options: dict[str, Any] | None = None,
    format: str = Tournament.Format.SWISS,
    table_size: int = 2,
    rounds: int = 3,
    group_size: int = 4,
    registration_opens: datetime | None = None,
    starts_at: datetime,
    rated: bool = True,
    invited_only: bool = False,
    time_control: str = TimeControl.CORRESPONDENCE,
    days_per_move: int = 3,
    minutes_per_player: int = 20,
) -> Tournament:
    """Validate everything (options by the engine, for every table size a round may need) and create."""
    try:
        engine = get_engine(game_slug)
    except KeyError:
        raise TournamentError(_("Unknown game.")) from None
    if not name.strip():
        raise TournamentError(_("Give the tournament a name."))
    if format not in Tournament.Format.values:
        raise TournamentError(_("Unknown tournament format."))
    low = smallest_table(game_slug)
    if not low <= table_size <= engine.max_players:
        raise TournamentError(
            _("%(game)s tables seat %(low)s to %(high)s players.")
            % {"game": engine.name, "low": low, "high": engine.max_players}
        )
    try:
        for size in range(low, table_size + 1):
            normalized = engine.normalize_options(size, options or {})
            if size == table_size:
                options = normalized
    except InvalidOptions as exc:
        raise TournamentError(reason_text(exc)) from None
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(_("A tournament has 1 to %(n)s rounds.") % {"n": MAX_ROUNDS})
    if not 2 <= group_size <= 16:
        raise TournamentError(_("Groups have 2 to 16 players."))
    if time_control not in TimeControl.values:
        raise TournamentError(_("Unknown time control."))
    if not 1 <= days_per_move <= 30:
        raise TournamentError(_("Days per move must be between 1 and 30."))
    if not 1 <= minutes_per_player <= 240:
        raise TournamentError(_("Minutes per player must be between 1 and 240."))
    now = timezone.now()
    registration_opens = registration_opens or now
    if registration_opens < now - MAX_SCHEDULE_BEHIND:
        raise TournamentError(_("Registration cannot open more than a year ago."))
    if starts_at > now + MAX_SCHEDULE_AHEAD:
        raise TournamentError(_("A tournament must start within two years from now."))
    if starts_at <= registration_opens:
        raise TournamentError(_("The tournament must start after registration opens."))
    return Tournament.objects.create(
        name=name.strip(),
        organiser=organiser,
        game_slug=game_slug,
        options=options,
        format=format,
        table_size=table_size,
        rounds=rounds,
        group_size=group_size,
        registration_opens=registration_opens,
        starts_at=starts_at,
        rated=rated,
        invited_only=invited_only,
        time_control=time_control,
        days_per_move=days_per_move,
        minutes_per_player=minutes_per_player,
    )


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise TournamentError(_("This tournament does not exist.")) from None


def can_register(tournament: Tournament, user) -> bool:
    return (
        not tournament.invited_only
        or tournament.organiser_id == user.pk
        or tournament.invitations.filter(user=user).exists()
    )


def invite(tournament_id: int, organiser, username: str) -> TournamentInvitation:
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.organiser_id != organiser.pk:
            raise Forbidden(_("Only the organiser can do that."))
        if t.status != Tournament.Status.REGISTRATION:
            raise TournamentError(_("Registration is closed."))
        invitee = User.objects.filter(username__iexact=username.strip(), deleted_at__isnull=True).first()
        if invitee is None:
            raise TournamentError(_("There is no player called “%(name)s”.") % {"name": username})
        invitation, created = TournamentInvitation.objects.get_or_create(tournament=t, user=invitee)
        if not created:
            raise TournamentError(_("%(name)s is already invited.") % {"name": invitee.shown_name})
    return invitation


def register(tournament_id: int, user, now: datetime | None = None) -> Entry:
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.status != Tournament.Status.REGISTRATION or now >= t.starts_at:
            raise TournamentError(_("Registration is closed."))
        if now < t.registration_opens:
            raise TournamentError(_("Registration has not opened yet."))
        if not can_register(t, user):
            raise Forbidden(_("This tournament is for invited players only."))
        if t.entries.filter(user=user).exists():
            raise TournamentError(_("You are already registered."))
        return Entry.objects.create(tournament=t, user=user)


def withdraw(tournament_id: int, user) -> None:
    """Before the start the entry is removed; in a running Swiss tournament the player is no longer paired."""
    with transaction.atomic():
        t = _locked(tournament_id)
        entry = t.entries.filter(user=user, withdrawn=False).first()
        if entry is None:
            raise TournamentError(_("You are not registered."))
        if t.status == Tournament.Status.REGISTRATION:
            entry.delete()
        elif t.status == Tournament.Status.RUNNING and t.format == Tournament.Format.SWISS:
            entry.withdrawn = True
            entry.save(update_fields=["withdrawn"])
        else:
            raise TournamentError(_("You can no longer withdraw from this tournament."))


def start(tournament_id: int, by=None, now: datetime | None = None) -> Tournament:
    """Start now: by the organiser (early) or by the clock (``by`` None). Fewer than two players cancel it."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        if by is not None and t.organiser_id != by.pk:
            raise Forbidden(_("Only the organiser can do that."))
        if t.status != Tournament.Status.REGISTRATION:
            raise TournamentError(_("This tournament has already started."))
        entries = list(t.entries.select_related("user"))
        if len(entries) < smallest_table(t.game_slug):
            if by is not None:
                raise TournamentError(_("Not enough players have registered yet."))
            t.status = Tournament.Status.CANCELLED
            t.finished_at = now
            t.save(update_fields=["status", "finished_at"])
            return t
        ratings = dict(
            Rating.objects.filter(game_slug=t.game_slug, user__in=[e.user_id for e in entries]).values_list(
                "user_id", "rating"
            )
        )
        for e in entries:
            e.seed_rating = ratings.get(e.user_id, BASE_RATING)
        if t.format == Tournament.Format.ROUND_ROBIN:
            _assign_groups(t, entries)
        Entry.objects.bulk_update(entries, ["seed_rating", "group"])
        t.status = Tournament.Status.RUNNING
        t.started_at = now
        t.save(update_fields=["status", "started_at"])
        _start_round(t, 1)
    return t


def _seeded(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (-e.seed_rating, e.registered_at, e.pk))


def _assign_groups(t: Tournament, entries: list[Entry]) -> None:
    keys = [e.pk for e in _seeded(entries)]
    if t.table_size == 2:
        groups = pairing.split_into_groups(keys, t.group_size)
    else:
        # Each group is one table that meets every round.
        groups, _byes = pairing.knockout_tables(keys, t.table_size, smallest_table(t.game_slug))
    number = {key: g for g, members in enumerate(groups) for key in members}
    for e in entries:
        e.group = number.get(e.pk, 0)


def total_rounds(t: Tournament, entries: list[Entry] | None = None) -> int:
    """Rounds the format will play (for knockout: as many as it takes to leave one player)."""
    entries = entries if entries is not None else list(t.entries.filter(withdrawn=False))
    if t.format == Tournament.Format.SWISS:
        return t.rounds
    if t.format == Tournament.Format.ROUND_ROBIN:
        if t.table_size > 2:
            return t.rounds
        groups: dict[int, int] = {}
        for e in entries:
            groups[e.group] = groups.get(e.group, 0) + 1
        return max((pairing.round_robin_rounds(list(range(n))) for n in groups.values()), default=0)
    n, rounds = len(entries), 0
    low = smallest_table(t.game_slug)
    while n > 1:
        sizes, byes = pairing.table_sizes(n, t.table_size, low)
        n, rounds = len(sizes) + byes, rounds + 1
    return rounds


def _met_and_byes(t: Tournament) -> tuple[set[frozenset], dict[int, int]]:
    met: set[frozenset] = set()
    byes: dict[int, int] = {}
    by_pairing: dict[int, list[int]] = {}
    for pairing_id, entry_id, has_game in PairingSeat.objects.filter(pairing__round__tournament=t).values_list(
        "pairing_id", "entry_id", "pairing__game"
    ):
        if has_game is None:
            byes[entry_id] = byes.get(entry_id, 0) + 1
        else:
            by_pairing.setdefault(pairing_id, []).append(entry_id)
    for members in by_pairing.values():
        met.update(frozenset(p) for p in itertools.combinations(members, 2))
    return met, byes


def _tables_for_round(t: Tournament, number: int) -> tuple[list[list[int]], list[int]]:
    active = list(t.entries.filter(withdrawn=False, eliminated=False))
    low = smallest_table(t.game_slug)
    if t.format == Tournament.Format.KNOCKOUT:
        return pairing.knockout_tables([e.pk for e in _seeded(active)], t.table_size, low)
    if t.format == Tournament.Format.ROUND_ROBIN:
        groups: dict[int, list[int]] = {}
        for e in _seeded(active):
            groups.setdefault(e.group, []).append(e.pk)
        tables, byes = [], []
        for members in groups.values():
            if t.table_size > 2:
                tables.append(members) if len(members) >= low else byes.extend(members)
                continue
            if number <= pairing.round_robin_rounds(members):
                got, rest = pairing.round_robin_pairs(members, number)
                tables += got
                byes += rest
        return tables, byes
    points = {row.entry.pk: row.points for row in standings(t)}
    met, bye_counts = _met_and_byes(t)
    ratings = dict(
        Rating.objects.filter(game_slug=t.game_slug, user__in=[e.user_id for e in active]).values_list(
            "user_id", "rating"
        )
    )
    candidates = [
        pairing.Candidate(e.pk, points.get(e.pk, 0.0), ratings.get(e.user_id, e.seed_rating), bye_counts.get(e.pk, 0))
        for e in active
    ]
    return pairing.swiss_tables(candidates, met, t.table_size, low)


def _start_round(t: Tournament, number: int) -> Round:
    tables, byes = _tables_for_round(t, number)
    rnd = Round.objects.create(tournament=t, number=number)
    users = {e.pk: e.user for e in t.entries.select_related("user")}
    # The games are as public as their tournament: an invited-only one's games are read by those who see it.
    readers = tuple(_tournament_readers(t, list(users.values()))) if t.invited_only else ()
    for i, table in enumerate(tables, start=1):
        game = start_seated_game(
            t.game_slug,
            [users[k] for k in table],
            t.options,
            rated=t.rated,
            time_control=t.time_control,
            days_per_move=t.days_per_move,
            minutes_per_player=t.minutes_per_player,
            private=t.invited_only,
            readers=readers,
        )
        p = Pairing.objects.create(round=rnd, number=i, game=game)
        PairingSeat.objects.bulk_create([PairingSeat(pairing=p, entry_id=k) for k in table])
    for j, key in enumerate(byes, start=len(tables) + 1):
        p = Pairing.objects.create(round=rnd, number=j)
        PairingSeat.objects.create(pairing=p, entry_id=key, points=1.0, rank=1)
    t.current_round = number
    t.save(update_fields=["current_round"])
    announcements.round_started(t, rnd)
    return rnd


def _tournament_readers(t: Tournament, entrants: list) -> list:
    """Who sees an invited-only tournament: its organiser, those invited and those who entered."""
    invited = [i.user for i in t.invitations.select_related("user")]
    return [t.organiser, *invited, *entrants]


def table_points(ranks: dict[int, int]) -> dict[int, float]:
    """Pairwise share at one table: 1 per player ranked below, ½ per equal rank, over n−1."""
    n = len(ranks)
    if n < 2:
        return {k: 1.0 for k in ranks}
    return {
        k: sum(1.0 if r < o else 0.5 if r == o else 0.0 for j, o in ranks.items() if j != k) / (n - 1)
        for k, r in ranks.items()
    }


def _game_ranks(game: Game, entry_by_user: dict[int, int]) -> dict[int, int]:
    players = list(Player.objects.filter(game=game))
    timed_out = (game.result or {}).get("timed_out_seat")
    out = {}
    for p in players:
        if p.user_id not in entry_by_user:
            continue
        if p.rank is not None:
            out[entry_by_user[p.user_id]] = p.rank
        else:
            # A game ended early by a timeout: that seat is last, the others share first place.
            out[entry_by_user[p.user_id]] = len(players) if p.seat == timed_out else 1
    return out


def advance(tournament_id: int) -> bool:
    """Score the current round once all its games are over, then start the next or finish. Idempotent."""
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.status != Tournament.Status.RUNNING:
            return False
        rnd = t.round_set.filter(number=t.current_round).first()
        if rnd is None or rnd.finished:
            return False
        pairings = list(rnd.pairings.select_related("game").prefetch_related("seats__entry"))
        if any(p.game and p.game.status == Game.Status.ACTIVE for p in pairings):
            return False
        _score_round(t, pairings)
        rnd.finished = True
        rnd.finished_at = timezone.now()
        rnd.save(update_fields=["finished", "finished_at"])
        active = t.entries.filter(withdrawn=False, eliminated=False).count()
        done = (active < 2 if t.format != Tournament.Format.ROUND_ROBIN else False) or (
            t.format != Tournament.Format.KNOCKOUT and rnd.number >= total_rounds(t)
        )
        if done:
            _finish(t)
        else:
            _start_round(t, rnd.number + 1)
    return True


def _score_round(t: Tournament, pairings: list[Pairing]) -> None:
    entry_by_user = dict(t.entries.values_list("user_id", "pk"))
    seeds = dict(t.entries.values_list("pk", "seed_rating"))
    losers: list[int] = []
    for p in pairings:
        if p.game is None:
            continue
        ranks = _game_ranks(p.game, entry_by_user)
        points = table_points(ranks)
        seats = list(p.seats.all())
        for seat in seats:
            seat.rank, seat.points = ranks.get(seat.entry_id), points.get(seat.entry_id, 0.0)
        PairingSeat.objects.bulk_update(seats, ["rank", "points"])
        if t.format == Tournament.Format.KNOCKOUT and ranks:
            best = min(ranks, key=lambda k: (ranks[k], -seeds[k], k))
            losers += [s.entry_id for s in seats if s.entry_id != best]
    if losers:
        Entry.objects.filter(pk__in=losers).update(eliminated=True)


def _finish(t: Tournament) -> None:
    rows = standings(t)
    t.winner = rows[0].entry.user if rows else None
    t.status = Tournament.Status.FINISHED
    t.finished_at = timezone.now()
    t.save(update_fields=["winner", "status", "finished_at"])
    announcements.finished(t)


def advance_all(now: datetime | None = None) -> int:
    """Periodic check: start tournaments due to start, advance running ones; returns how many changed."""
    now = now or timezone.now()
    changed = 0
    for pk in Tournament.objects.filter(status=Tournament.Status.REGISTRATION, starts_at__lte=now).values_list(
        "pk", flat=True
    ):
        try:
            start(pk, now=now)
            changed += 1
        except TournamentError:
            pass
    for pk in Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list("pk", flat=True):
        changed += advance(pk)
    return changed


@dataclass
class StandingRow:
    position: int
    entry: Entry
    points: float = 0.0
    buchholz: float = 0.0
    played: int = 0
    byes: int = 0
    last_round: int = 0
    results: list = field(default_factory=list)


def standings(t: Tournament) -> list[StandingRow]:
    entries = list(t.entries.select_related("user"))
    rows = {e.pk: StandingRow(0, e) for e in entries}
    tables: dict[int, list[int]] = {}
    for pairing_id, entry_id, points, has_game, number in PairingSeat.objects.filter(
        pairing__round__tournament=t
    ).values_list("pairing_id", "entry_id", "points", "pairing__game", "pairing__round__number"):
        row = rows[entry_id]
        row.points += points or 0.0
        row.last_round = max(row.last_round, number)
        if has_game is None:
            row.byes += 1
        else:
            tables.setdefault(pairing_id, []).append(entry_id)
            row.played += points is not None
    for members in tables.values():
        for k in members:
            rows[k].buchholz += sum(rows[o].points for o in members if o != k)
    ordered = sorted(rows.values(), key=lambda r: _standing_key(t, r))
    for i, row in enumerate(ordered, start=1):
        row.position = i
    return ordered


def _standing_key(t: Tournament, r: StandingRow):
    base = (-r.points, -r.buchholz, -r.entry.seed_rating, r.entry.registered_at, r.entry.pk)
    if t.format == Tournament.Format.KNOCKOUT:
        return (r.entry.eliminated or r.entry.withdrawn, -r.last_round, *base)
    return (r.entry.withdrawn, *base)


def rounds_overview(t: Tournament) -> list[Round]:
    """Rounds, newest first, with their tables, seats and games loaded."""
    return list(
        t.round_set.order_by("-number").prefetch_related(
            Prefetch(
                "pairings",
                queryset=Pairing.objects.select_related("game").prefetch_related(
                    Prefetch("seats", queryset=PairingSeat.objects.select_related("entry__user"))
                ),
            )
        )
    )


def visible_tournaments(user):
    """Open tournaments for everyone; invitation-only ones for the organiser, invitees and players."""
    qs = Tournament.objects.select_related("organiser", "winner")
    visible = Q(invited_only=False)
    if user.is_authenticated:
        visible |= Q(organiser=user) | Q(invitations__user=user) | Q(entries__user=user)
    return qs.filter(visible).distinct()
