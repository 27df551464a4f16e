"""Replaying a stored game from its seed, options and move log."""

import json

from games.models import Game
from games.services.engines import get_engine


def canonical(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def replay_state(game: Game) -> dict:
    engine = get_engine(game.game_slug)
    state = engine.setup(game.players.count(), game.options, game.seed)
    for payload, seat in game.moves.order_by("seq").values_list("payload", "seat"):
        state, _events = engine.apply(state, seat, payload)
    return state


def replay_differs(game: Game) -> str | None:
    """None when the replay reproduces the stored snapshot, else what differs."""
    try:
        replayed = replay_state(game)
    except Exception as exc:  # any engine error means the log no longer replays
        return f"replay failed: {exc}"
    if canonical(replayed) != canonical(game.state):
        return "replayed state differs from the stored snapshot"
    return None
