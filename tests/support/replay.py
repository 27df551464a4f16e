"""Games with a real move log, played by the engine's bot and stored as the move service stores them."""

from __future__ import annotations

import copy
import random

from django.utils import timezone

from games.models import Game, Move, Player
from games.services import tables
from games.services.engines import get_engine
from games.services.event_codec import encode_events


def played_game(
    slug: str,
    users: list,
    options: dict | None = None,
    *,
    seed: int = 3,
    moves: int | None = None,
    private: bool = False,
    readers: tuple = (),
) -> Game:
    """A game of ``slug`` between ``users``: played to its end (finished, with its result and ranks),
    or only ``moves`` moves (still running). The moves run in the engine alone and are written in
    one go, so that even the longest game takes well under a second."""
    game = tables.start_seated_game(
        slug, users, options or {}, seed=seed, rated=False, private=private, readers=readers
    )
    engine = get_engine(slug)
    state = copy.deepcopy(game.state)
    rng = random.Random(seed)
    rows: list[Move] = []
    while not engine.is_over(state) and (moves is None or len(rows) < moves):
        seat = engine.to_act(state)[0]
        move = engine.bot_move(state, seat, rng)
        payload = copy.deepcopy(move)
        state, events = engine.apply(state, seat, move)
        rows.append(Move(game=game, seq=len(rows) + 1, seat=seat, payload=payload, events=encode_events(events, seat)))
    Move.objects.bulk_create(rows)
    game.state = state
    game.version = len(rows)
    if engine.is_over(state):
        result = engine.result(state)
        game.status = Game.Status.FINISHED
        game.result = result.as_dict()
        game.finished_at = timezone.now()
        for p in game.players.all():
            Player.objects.filter(pk=p.pk).update(
                score=result.scores[p.seat], rank=result.ranks[p.seat], must_act=False
            )
    game.save()
    return game
