"""Helpers shared by the benchmark scripts: machine facts and the results file."""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "latest.json"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Other work on the machine when the benchmark started (1-minute load average): figures taken on a
# busy machine are slower than the platform itself.
LOAD_AT_START = round(os.getloadavg()[0], 2)


def machine() -> dict:
    return {"cores": os.cpu_count(), "python": platform.python_version(), "machine": platform.machine()}


def python_loop_us() -> float:
    """This machine's speed at plain Python: microseconds for ``sum(range(1000))``, best of five.

    Machines of the same core count differ by two or three times in this figure, and the
    server's figures follow it; set figures from different machines side by side with it.
    """
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(2000):
            sum(range(1000))
        best = min(best, (time.perf_counter() - t0) / 2000 * 1e6)
    return round(best, 1)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary_ms(samples_s: list[float]) -> dict:
    ms = [s * 1000 for s in samples_s]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "mean_ms": round(statistics.fmean(ms), 3) if ms else None,
    }


@contextmanager
def throwaway_database(name: str) -> Iterator[str]:
    """A new database with the migrations applied (PostgreSQL: ``name``, else the test default), dropped
    afterwards; yields the database vendor. Django must be set up."""
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    settings.DATABASES["default"].setdefault("TEST", {})
    if connection.vendor == "postgresql":
        settings.DATABASES["default"]["TEST"]["NAME"] = name
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield connection.vendor
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def record(section: str, figures: dict) -> None:
    """Merge one benchmark's figures into bench/results/latest.json and print them."""
    data = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    data["machine"] = machine()
    data[section] = {
        **figures,
        "load_avg_before": LOAD_AT_START,
        "python_loop_us": python_loop_us(),
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(json.dumps({section: data[section], "machine": data["machine"]}, indent=2, sort_keys=True))
