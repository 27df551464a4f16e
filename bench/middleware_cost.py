"""What each middleware costs the two hot endpoints, in CPU per request, measured in one process.

The chain of ``settings.MIDDLEWARE`` is built several times: whole, with one middleware left out
(for each of them), and with none. Each chain answers the same requests — a player's view of a
game (GET, API token) and a retried move (POST, answered from the stored move) — through Django's
handler, in short blocks taken in turns and in a new random order each round, so that every chain
meets the same machine; the figure per chain is the median over the rounds of the CPU time of this
thread per request. "Cost" of a middleware = the whole chain's figure minus the figure without it.
On a shared, loaded machine the wall clock measures waiting for a core; this thread's CPU time and
the interleaving leave most of that out, the medians and the spread say how much is left.

``--variant NAME=module.path`` adds a chain from another settings value (a list of middleware in
``module.path``), to compare a change with the whole chain in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
import uuid

from common import record
from server import make_players, prepare

KINDS = ("view", "move")

# Each request's entry and exit times (this thread's CPU clock) at the shims between the middleware.
_marks: dict[int, list[float]] = {}


def _shim_factory(index: int):
    def shim(get_response):
        def middleware(request):
            _marks[index] = [time.thread_time(), 0.0]
            response = get_response(request)
            _marks[index][1] = time.thread_time()
            return response

        return middleware

    return shim


# shim_0 … shim_39, importable by dotted path as middleware.
globals().update({f"shim_{i}": _shim_factory(i) for i in range(40)})


def shimmed(middleware: list[str]) -> list[str]:
    """The chain with a timing shim before each middleware, after the last, and an extra pair at the
    start whose difference is what one shim itself costs."""
    out = ["middleware_cost.shim_38", "middleware_cost.shim_39"]
    for index, name in enumerate(middleware):
        out += [f"middleware_cost.shim_{index}", name]
    return [*out, f"middleware_cost.shim_{len(middleware)}"]


def exclusive_costs(handler, make, names: list[str], n: int) -> dict[str, list[float]]:
    """Per request, the CPU time spent in each middleware itself (its own work before and after the
    rest of the chain), less one shim's; "view" is everything inside the last shim."""
    import middleware_cost as me

    out: dict[str, list[float]] = {name: [] for name in [*names, "view (and process_view hooks)", "shim"]}
    for _ in range(n):
        me._marks.clear()
        answer(handler, make())
        marks = me._marks
        inclusive = {i: marks[i][1] - marks[i][0] for i in marks}
        shim = inclusive[38] - inclusive[39]
        out["shim"].append(shim)
        for index, name in enumerate(names):
            out[name].append(inclusive[index] - inclusive[index + 1] - shim)
        out["view (and process_view hooks)"].append(inclusive[len(names)])
    return out


def _django_default_message_middleware():
    from django.contrib.messages.middleware import MessageMiddleware
    from django.contrib.messages.storage.fallback import FallbackStorage

    class DefaultStorageMessageMiddleware(MessageMiddleware):
        """Django's middleware with Django's default storage, whatever MESSAGE_STORAGE says."""

        def process_request(self, request):
            request._messages = FallbackStorage(request)

    return DefaultStorageMessageMiddleware


def default_message_middleware(get_response):
    return _django_default_message_middleware()(get_response)


def before_chain(middleware: list[str]) -> list[str]:
    """The chain as it was before config/csp.py and config/messages.py: the libraries' own."""
    swap = {
        "config.csp.CSPMiddleware": "csp.middleware.CSPMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware": "middleware_cost.default_message_middleware",
    }
    return [swap.get(m, m) for m in middleware]


def build_handler(middleware: list[str]):
    from django.core.handlers.base import BaseHandler
    from django.test.utils import override_settings

    handler = BaseHandler()
    with override_settings(MIDDLEWARE=middleware):
        handler.load_middleware()
    return handler


def requests_for(game_id: int, token: str, move: dict, version: int, move_id: str):
    """Fresh request objects for one view and one retried move (a request is used once)."""
    import json

    from django.test import RequestFactory

    factory = RequestFactory(HTTP_HOST="127.0.0.1", HTTP_AUTHORIZATION=f"Token {token}")

    def view():
        return factory.get(f"/api/games/{game_id}/", HTTP_ACCEPT_LANGUAGE="de")

    def retried():
        body = json.dumps({"move": move, "version": version, "move_id": move_id})
        return factory.post(f"/api/games/{game_id}/moves/", body, content_type="application/json")

    return {"view": view, "move": retried}


def answer(handler, request):
    from django.urls import set_urlconf

    set_urlconf(None)
    response = handler.get_response(request)
    response.close()
    return response


def block(handler, make, n: int) -> float:
    """CPU seconds of this thread per request, for ``n`` requests made by ``make``."""
    prepared = [make() for _ in range(n)]
    t0 = time.thread_time()
    for request in prepared:
        answer(handler, request)
    return (time.thread_time() - t0) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--per-block", type=int, default=20)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=module.path")
    parser.add_argument("--attribute", type=int, default=2000, help="requests of each kind timed per middleware")
    parser.add_argument("--drop-one", action="store_true", help="also time the chain without each middleware")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    prepare()
    from django.conf import settings

    from games.models import Game
    from games.services.moves import submit_move
    from games.services.tables import start_seated_game

    players = make_players(2)
    (alice, token), (bob, _) = players
    game = start_seated_game("san-juan", [alice, bob], {}, seed=1)
    game = Game.objects.get(pk=game.pk)
    from games.rules.registry import load_engines

    engine = load_engines().get("san-juan")
    seat = engine.to_act(game.state)[0]
    mover = alice if game.players.get(seat=seat).user_id == alice.pk else bob
    mover_token = token if mover is alice else players[1][1]
    move_id = str(uuid.uuid4())
    first = engine.legal_moves(game.state, seat)[0]
    submit_move(game.pk, mover, first, version=0, move_id=move_id)
    make = requests_for(game.pk, mover_token, first, 0, move_id)

    # Every middleware, as any other request meets them; as served, the hot requests take the short
    # chain instead (config/hot_path.py, first in MIDDLEWARE).
    whole = [m for m in settings.MIDDLEWARE if m != "config.hot_path.HotPathMiddleware"]
    before = before_chain(whole)
    chains: dict[str, list[str]] = {
        "whole chain": whole,
        "as served (short chain)": list(settings.MIDDLEWARE),
        "before": before,
        "no middleware": [],
    }
    if args.drop_one:
        for name in whole:
            chains[f"without {name}"] = [m for m in whole if m != name]
    for spec in args.variant:
        label, path = spec.split("=", 1)
        module, attribute = path.rsplit(".", 1)
        chains[label] = list(getattr(importlib.import_module(module), attribute))
    handlers = {}
    for label, chain in chains.items():
        handler = build_handler(chain)
        try:
            statuses = [answer(handler, make[kind]()).status_code for kind in KINDS]
        except Exception as exc:  # noqa: BLE001 - a chain that cannot work without the one left out
            print(f"{label}: left out ({type(exc).__name__}: {exc})")
            continue
        if statuses != [200, 200]:
            print(f"{label}: left out (statuses {statuses})")
            continue
        handlers[label] = handler
    samples: dict[str, dict[str, list[float]]] = {label: {k: [] for k in KINDS} for label in handlers}
    rng = random.Random(5)
    for _ in range(3):  # warm: caches, pools, prepared statements
        for handler in handlers.values():
            for kind in KINDS:
                block(handler, make[kind], args.per_block)
    for _ in range(args.rounds):
        order = list(handlers)
        rng.shuffle(order)
        for label in order:
            for kind in KINDS:
                samples[label][kind].append(block(handlers[label], make[kind], args.per_block))

    def us(values: list[float]) -> float:
        return round(statistics.median(values) * 1e6, 1)

    def spread(values: list[float]) -> float:
        q = statistics.quantiles(values, n=4)
        return round((q[2] - q[0]) * 1e6, 1)

    attributed: dict[str, dict[str, dict[str, float]]] = {"whole chain": {}, "before": {}, "short chain": {}}
    chains["short chain"] = list(settings.HOT_PATH_MIDDLEWARE)
    shimmed_handlers = {label: build_handler(shimmed(chains[label])) for label in attributed}
    for kind in KINDS:
        for label, handler in shimmed_handlers.items():
            exclusive_costs(handler, make[kind], chains[label], 50)  # warm
        # In turns, a tenth at a time, so that both chains meet the same machine.
        parts: dict[str, dict[str, list[float]]] = {label: {} for label in attributed}
        for _ in range(10):
            for label, handler in shimmed_handlers.items():
                for name, values in exclusive_costs(handler, make[kind], chains[label], args.attribute // 10).items():
                    parts[label].setdefault(name, []).extend(values)
        for label, by_name in parts.items():
            for name, values in by_name.items():
                attributed[label].setdefault(name, {})[f"{kind}_cpu_us_per_request"] = us(values)

    figures: dict[str, dict] = {}
    for label in handlers:
        figures[label] = {}
        for kind in KINDS:
            figures[label][f"{kind}_cpu_us_per_request"] = us(samples[label][kind])
            figures[label][f"{kind}_iqr_us"] = spread(samples[label][kind])
            if label != "whole chain":
                figures[label][f"{kind}_whole_minus_this_us"] = round(
                    us(samples["whole chain"][kind]) - us(samples[label][kind]), 1
                )
    record(
        "middleware_cost" + (f"/{args.label}" if args.label else ""),
        {
            "method": "one process, Django's handler called directly (no HTTP server); CPU time of the "
            "thread, median of per-request means over interleaved blocks",
            "rounds": args.rounds,
            "requests_per_block": args.per_block,
            "requests": "GET /api/games/<id>/ with an API token and Accept-Language de; POST of a retried move",
            "before_is": "this tree's chain with django-csp's own CSPMiddleware and Django's default message "
            "storage (the code before config/csp.py and config/messages.py)",
            "chains": figures,
            "each_middleware_itself": attributed,
            "each_middleware_method": "the whole chain with a timing shim between every two middleware; a "
            "middleware's figure is the time between the shims around it less one shim's own, median over "
            f"{args.attribute} requests of each kind",
        },
    )


if __name__ == "__main__":
    main()
