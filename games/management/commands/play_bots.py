import json
import time

from django.core.management.base import BaseCommand, CommandError

from games.models import Game, Move
from games.services.bots import play_bot_turns
from games.services.engines import available_engines, get_engine
from games.services.errors import TableError
from games.services.results import seatless_standings
from games.services.tables import start_bot_game


class Command(BaseCommand):
    help = "Play complete games with bots in every seat, through the move service and the database."

    def add_arguments(self, parser):
        parser.add_argument("game", nargs="?", help="the game's slug (see --list)")
        parser.add_argument("--list", action="store_true", help="list the games with player counts and options")
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--games", type=int, default=1)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--options", default="{}", help="game options as JSON")

    def handle(self, *args, **opts):
        if opts["list"]:
            for engine in available_engines():
                options = "; ".join(
                    f"{o.name}="
                    + ("|".join(c[0] for c in o.choices) if o.kind == "choice" else "true|false")
                    + f" (default {json.dumps(o.default)})"
                    for o in engine.options
                )
                self.stdout.write(
                    f"{engine.slug}  players {engine.min_players}-{engine.max_players}"
                    + (f"  options: {options}" if options else "")
                )
            return
        if not opts["game"]:
            raise CommandError("Name a game (see --list).")
        try:
            engine = get_engine(opts["game"])
        except KeyError as exc:
            raise CommandError(str(exc)) from None
        try:
            options = json.loads(opts["options"])
        except json.JSONDecodeError as exc:
            raise CommandError(f"--options is not valid JSON: {exc}") from None
        if not isinstance(options, dict):
            raise CommandError("--options must be a JSON object.")
        players = opts["players"] or engine.min_players
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1.")
        started = time.perf_counter()
        total_moves, wins = 0, [0] * players
        for i in range(opts["games"]):
            seed = opts["seed"] + i
            try:
                game = start_bot_game(engine.slug, players, options, seed)
            except TableError as exc:
                raise CommandError(exc.message) from None
            # With tasks run inline the bots have already played when the game starts; count the stored moves.
            play_bot_turns(game.pk)
            game.refresh_from_db()
            moves = Move.objects.filter(game=game).count()
            if game.status != Game.Status.FINISHED:
                raise CommandError(f"Game {game.pk} did not finish after {moves} moves.")
            total_moves += moves
            for seat, rank in enumerate(game.result["ranks"]):
                wins[seat] += rank == 1
            line = {
                "game_id": game.pk,
                "seed": seed,
                "options": game.options,
                "moves": moves,
                "scores": game.result["scores"],
                "ranks": game.result["ranks"],
            }
            # The opponent the engine plays in a solo game (Iwan), with his score and place.
            seatless = seatless_standings(game.result, players)
            if seatless:
                line["engine_opponents"] = seatless
            self.stdout.write(json.dumps(line))
        elapsed = time.perf_counter() - started
        self.stdout.write(
            json.dumps(
                {
                    "summary": True,
                    "game": engine.slug,
                    "players": players,
                    "games": opts["games"],
                    "moves": total_moves,
                    "seconds": round(elapsed, 3),
                    "moves_per_second": round(total_moves / elapsed, 1) if elapsed else None,
                    "wins_by_seat": wins,
                }
            )
        )
