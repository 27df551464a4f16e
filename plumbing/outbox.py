"""The outbox: follow-up work recorded in the same transaction as the change that causes it.

A change of a game promises work for later: the bot that plays next, the turn and timeout
notices, the summary at the end, the emails. Each piece is an ``OutboxEntry`` row written with
``record`` inside the change's transaction, so it exists exactly when the change does. Once the
transaction commits (and, in a web process, once the response is sent) each entry is handed to
Celery as one task message (``plumbing.tasks.run_entry``), or, for short work due at once, with
the others a web process gathers within ``BATCH_SECONDS`` (``run_entries``); without a broker
(``CELERY_TASK_ALWAYS_EAGER``, as ``scripts/serve.sh`` runs) it is run right there.

A hand-over can be lost: the broker is down, or the process dies between the commit and the
hand-over. Beat's ``plumbing.tasks.sweep_outbox`` therefore hands out again every entry still
pending ``OUTBOX_GRACE_SECONDS`` after it was due. So an entry may run more than once, and every
handler is idempotent. A handler runs by default in one transaction with the entry's row locked
and marked done (``atomic``): its effects and the mark are committed together or not at all, and a
second run of the same entry skips it while the first holds the lock. Handlers that commit by
themselves (the bot loop, which commits each move) run outside, under a lease, and are marked done
after they return. The lease is short and the handler renews it as it goes on (``keep_lease``): when
its process dies, the sweep hands the entry out again as soon as the lease has run out, with no
grace period (a live game whose bot's worker died goes on within a lease and a sweep period).

A handler that raises is tried again with exponential backoff (``OUTBOX_RETRY_SECONDS`` doubling);
after ``OUTBOX_MAX_ATTEMPTS`` the entry is given up (``failed_at``) and its kind's ``on_failure``
runs, e.g. to mark an email as failed where the admin shows it. ``Later`` postpones an entry
without counting a failure.

Without a broker there is no beat either, so nothing would come back for a postponed or failed
entry, nor for one whose hand-over a dying process lost. There each web request (``eager_sweep``,
on ``request_started``) runs the due entries once its answer is sent, at most every
``OUTBOX_EAGER_SWEEP_SECONDS`` per process: a site nobody visits does no work, and the first
visitor's request brings it up to date without waiting for it.

Plumbing imports no app: apps register their handlers by name with ``handler`` when they load.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from plumbing import deferred, plain_sql
from plumbing.models import OutboxEntry

logger = logging.getLogger(__name__)

Handler = Callable[[OutboxEntry], None]
SWEEP_BATCH = 500
# A message may come a moment before its entry is due (clocks of different hosts).
EARLY_SLACK = timedelta(seconds=2)


class Later(Exception):
    """Raised by a handler: not yet, try again in ``seconds`` (not counted as a failure)."""

    def __init__(self, seconds: float):
        super().__init__(seconds)
        self.seconds = seconds


@dataclass(frozen=True)
class Kind:
    run: Handler
    atomic: bool
    lease_seconds: int
    on_failure: Handler | None


_kinds: dict[str, Kind] = {}
# The lease of the entry whose handler runs in this context: (entry id, seconds, last renewal).
_lease: contextvars.ContextVar[tuple[int, int, float] | None] = contextvars.ContextVar("outbox_lease", default=None)


def handler(
    kind: str, *, atomic: bool = True, lease_seconds: int = 600, on_failure: Handler | None = None
) -> Callable[[Handler], Handler]:
    """Register the handler of ``kind``. ``atomic=False`` for one that commits by itself; it is
    then not handed out again for ``lease_seconds`` while it runs. ``on_failure`` runs when the
    entry is given up, in the transaction that marks it."""

    def register(fn: Handler) -> Handler:
        _kinds[kind] = Kind(fn, atomic, lease_seconds, on_failure)
        return fn

    return register


def record(kind: str, payload: dict[str, Any], *, ref: str = "", not_before: datetime | None = None) -> OutboxEntry:
    """Store the work in the current transaction; it is handed over once that commits."""
    if kind not in _kinds:
        raise LookupError(f"no outbox handler for {kind!r}")
    now = timezone.now()
    # Plain SQL: it runs with most moves (plumbing/plain_sql.py).
    entry = plain_sql.insert(
        OutboxEntry(kind=kind, payload=payload, ref=ref, created_at=now, due_at=max(not_before or now, now))
    )
    wait = (entry.due_at - now).total_seconds()
    # The hand-over does not change the answer to the request: the client does not wait for it.
    # Short work due now may share its message with other requests' (``_Batch``).
    batch = _kinds[kind].atomic and wait <= 0
    deferred.after_commit(partial(hand_over, [entry.pk], wait, batch=batch), then_after_response=True)
    return entry


def hand_over(entry_ids: Iterable[int], countdown: float = 0, *, batch: bool = False) -> None:
    """Give each entry to a worker, one task message each; without a broker, run it here. With
    ``batch``, in a web process, the entries go with those handed over within ``BATCH_SECONDS``.

    A failed hand-over is only logged: the entry is still pending and the sweep hands it out again.
    """
    from plumbing.tasks import run_entry

    for entry_id in entry_ids:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            if countdown <= 0:  # there is no one to wait for later work here
                run(entry_id)
            continue
        if batch and _batch.add(entry_id):
            continue
        try:
            run_entry.apply_async(
                args=[entry_id],
                countdown=countdown or None,
                retry=False,
                # The texts Celery would make for monitoring, without its safe repr: 0.04 ms less per message.
                argsrepr=f"[{entry_id}]",
                kwargsrepr="{}",
            )
        except Exception:  # noqa: BLE001 - whatever the broker's client raises when it is unreachable
            logger.warning("Could not hand outbox entry %s to the broker; the sweep will", entry_id, exc_info=True)


# How long a web process gathers short work before it hands it over in one message.
BATCH_SECONDS = 0.1


class _Batch:
    """Entries whose handlers run in one short transaction (a move's turn notices), gathered from the
    requests of a web process for ``BATCH_SECONDS`` and handed over as one task message
    (``plumbing.tasks.run_entries``): building and sending a Celery message cost more CPU than
    the rest of a move's work after its answer. Entries gathered when the process dies are
    pending in the database, and the sweep hands them out."""

    def __init__(self) -> None:
        self._ids: list[int] = []
        self._lock = threading.Lock()
        self._sending_since: float | None = None  # when the batch being gathered was scheduled

    def add(self, entry_id: int) -> bool:
        """Gather the entry; False where there is no web server's event loop to send it later."""
        loop = deferred.server_loop()
        if loop is None or not loop.is_running():
            return False
        now = time.monotonic()
        with self._lock:
            self._ids.append(entry_id)
            # Scheduled and not overdue (a loop that stopped in between never sends: schedule again).
            if self._sending_since is not None and now - self._sending_since < 10 * BATCH_SECONDS:
                return True
            self._sending_since = now
        loop.call_soon_threadsafe(loop.call_later, BATCH_SECONDS, self._send_from, loop)
        return True

    def _send_from(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_in_executor(None, self.send)

    def send(self) -> None:
        from plumbing.tasks import run_entries

        with self._lock:
            ids, self._ids, self._sending_since = self._ids, [], None
        if not ids:
            return
        try:
            run_entries.apply_async(args=[ids], retry=False, argsrepr=f"[{ids}]", kwargsrepr="{}")
        except Exception:  # noqa: BLE001 - whatever the broker's client raises when it is unreachable
            logger.warning("Could not hand outbox entries %s to the broker; the sweep will", ids, exc_info=True)


_batch = _Batch()


def run_all(entry_ids: Iterable[int]) -> int:
    """``run`` each entry (a batch's); one that raises does not stop the others. How many are done."""
    done = 0
    for entry_id in entry_ids:
        try:
            done += run(entry_id)
        except Exception:
            logger.exception("Outbox entry %s could not be run; the sweep hands it out again", entry_id)
    return done


def run(entry_id: int) -> bool:
    """Run one pending entry that is due; True when it is done now. Safe to call for an entry that
    is done, given up, not due yet, or being run elsewhere: it then does nothing."""
    now = timezone.now()
    with transaction.atomic():
        entry = (
            OutboxEntry.objects.select_for_update(skip_locked=True)
            .filter(pk=entry_id, done_at__isnull=True, failed_at__isnull=True, due_at__lte=now + EARLY_SLACK)
            .first()
        )
        if entry is None:
            return False
        kind = _kinds.get(entry.kind)
        if kind is None:
            _failed(entry, None, LookupError(f"no outbox handler for {entry.kind!r}"), now)
            return False
        if kind.atomic:
            try:
                with transaction.atomic():
                    kind.run(entry)
            except Later as later:
                _postpone(entry, later.seconds, now)
                return False
            except Exception as exc:  # noqa: BLE001 - any failure is retried, then given up
                _failed(entry, kind, exc, now)
                return False
            _done(entry, now)
            return True
        # Claimed for the lease: the sweep leaves it alone while it runs.
        entry.due_at = entry.leased_until = now + timedelta(seconds=kind.lease_seconds)
        entry.save(update_fields=["due_at", "leased_until"])
    token = _lease.set((entry.pk, kind.lease_seconds, time.monotonic()))
    try:
        kind.run(entry)
    except Later as later:
        with transaction.atomic():
            _postpone(entry, later.seconds, timezone.now())
        return False
    except Exception as exc:  # noqa: BLE001 - as above
        with transaction.atomic():
            _failed(entry, kind, exc, timezone.now())
        return False
    finally:
        _lease.reset(token)
    return bool(OutboxEntry.objects.filter(pk=entry.pk, done_at__isnull=True).update(done_at=timezone.now()))


def keep_lease() -> None:
    """Called by a handler that commits by itself, as it goes on: renew its entry's lease once a
    third of it has passed (one UPDATE then, nothing in between). Outside such a handler: nothing."""
    lease = _lease.get()
    if lease is None:
        return
    entry_id, seconds, renewed = lease
    now = time.monotonic()
    if now - renewed < seconds / 3:
        return
    until = timezone.now() + timedelta(seconds=seconds)
    OutboxEntry.objects.filter(pk=entry_id, done_at__isnull=True).update(due_at=until, leased_until=until)
    _lease.set((entry_id, seconds, now))


def _done(entry: OutboxEntry, now: datetime) -> None:
    entry.done_at = now
    entry.save(update_fields=["done_at"])


def _postpone(entry: OutboxEntry, seconds: float, now: datetime) -> None:
    entry.due_at = now + timedelta(seconds=seconds)
    entry.leased_until = None
    entry.save(update_fields=["due_at", "leased_until"])
    transaction.on_commit(partial(hand_over, [entry.pk], seconds))


def backoff(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones: doubling, at most six hours."""
    return float(min(settings.OUTBOX_RETRY_SECONDS * 2 ** (attempts - 1), 6 * 3600))


def _failed(entry: OutboxEntry, kind: Kind | None, exc: Exception, now: datetime) -> None:
    entry.attempts += 1
    entry.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    if entry.attempts >= settings.OUTBOX_MAX_ATTEMPTS or kind is None:
        entry.failed_at = now
        entry.save(update_fields=["attempts", "last_error", "failed_at"])
        logger.error(
            "Outbox entry %s (%s) given up after %s attempts", entry.pk, entry.kind, entry.attempts, exc_info=exc
        )
        if kind is not None and kind.on_failure is not None:
            kind.on_failure(entry)
        return
    wait = backoff(entry.attempts)
    entry.due_at = now + timedelta(seconds=wait)
    entry.leased_until = None
    entry.save(update_fields=["attempts", "last_error", "due_at", "leased_until"])
    logger.warning("Outbox entry %s (%s) failed, next try in %s s", entry.pk, entry.kind, wait, exc_info=exc)
    transaction.on_commit(partial(hand_over, [entry.pk], wait))


def hurry(refs: Iterable[str]) -> int:
    """Make the pending entries about ``refs`` due now (e.g. a summary whose ratings came in)."""
    refs = list(refs)
    if not refs:
        return 0
    with transaction.atomic():
        ids = list(
            OutboxEntry.objects.select_for_update(skip_locked=True)
            .filter(ref__in=refs, done_at__isnull=True, failed_at__isnull=True)
            .values_list("pk", flat=True)
        )
        OutboxEntry.objects.filter(pk__in=ids).update(due_at=timezone.now())
        transaction.on_commit(partial(hand_over, ids))
    return len(ids)


def sweep(now: datetime | None = None) -> int:
    """Hand out again what is still pending a grace period after it was due (a hand-over lost to a
    broker outage or a dying process), or whose lease ran out (its runner died); returns how many.
    Entries being run (locked, or under a lease) are left alone."""
    now = now or timezone.now()
    with transaction.atomic():
        ids = list(
            OutboxEntry.objects.select_for_update(skip_locked=True)
            .filter(done_at__isnull=True, failed_at__isnull=True)
            .filter(
                Q(leased_until__isnull=True, due_at__lte=now - timedelta(seconds=settings.OUTBOX_GRACE_SECONDS))
                | Q(leased_until__isnull=False, leased_until__lte=now)
            )
            .order_by("due_at")
            .values_list("pk", flat=True)[:SWEEP_BATCH]
        )
        # Not handed out again before another grace period has passed.
        OutboxEntry.objects.filter(pk__in=ids).update(due_at=min(now, timezone.now()), leased_until=None)
        transaction.on_commit(partial(hand_over, ids))
    _forget_done(now)
    return len(ids)


def _forget_done(now: datetime) -> None:
    old = now - timedelta(days=settings.OUTBOX_KEEP_DAYS)
    ids = list(OutboxEntry.objects.filter(done_at__lt=old).values_list("pk", flat=True)[:SWEEP_BATCH])
    if ids:
        OutboxEntry.objects.filter(pk__in=ids).delete()


def run_due(now: datetime | None = None) -> int:
    """Run here every pending entry that is due (without a broker); returns how many are done."""
    now = now or timezone.now()
    ids = list(
        OutboxEntry.objects.filter(done_at__isnull=True, failed_at__isnull=True, due_at__lte=now)
        .order_by("due_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    done = sum(run(pk) for pk in ids)
    _forget_done(now)
    return done


_eager_lock = threading.Lock()
_eager_last: float | None = None


def eager_sweep(**kwargs: Any) -> None:
    """``request_started`` receiver: without a broker, run the due entries after this request's
    answer, at most every ``OUTBOX_EAGER_SWEEP_SECONDS`` in this process."""
    global _eager_last
    every = settings.OUTBOX_EAGER_SWEEP_SECONDS
    if not settings.CELERY_TASK_ALWAYS_EAGER or every <= 0:
        return
    with _eager_lock:
        now = time.monotonic()
        if _eager_last is not None and now - _eager_last < every:
            return
        _eager_last = now
    deferred.after_response(_run_due_logged)


def _run_due_logged() -> None:
    try:
        run_due()
    except Exception:  # noqa: BLE001 - the request is answered; the next sweep tries again
        logger.exception("Running the due outbox entries failed")


def pending(kind: str | None = None) -> int:
    """How many entries (of ``kind``) are waiting to be done."""
    qs = OutboxEntry.objects.filter(done_at__isnull=True, failed_at__isnull=True)
    return qs.filter(kind=kind).count() if kind else qs.count()
