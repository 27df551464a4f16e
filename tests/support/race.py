"""Run the same call in several threads at once, as concurrent requests or workers would."""

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def race(call: Callable[[], Any], count: int) -> list[Any]:
    """Start ``count`` threads that call ``call`` together (behind a barrier); returns what each
    returned or raised, in the order they finished. Each thread closes its database connections."""
    return race_each([call] * count)


def race_each(calls: list[Callable[[], Any]]) -> list[Any]:
    """Start one thread per call, all together (behind a barrier); returns what each returned or
    raised, in the order they finished. Each thread closes its database connections."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = []

    def run(call: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            outcomes.append(call())
        except Exception as exc:  # noqa: BLE001 - the caller asserts on what was raised
            outcomes.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes
