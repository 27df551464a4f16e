from django.core.management.base import BaseCommand

from games.models import Game
from games.services.replay import replay_differs


class Command(BaseCommand):
    help = "Replay every stored game from its seed, options and moves; report any that differ from the snapshot."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, action="append", help="only these game ids")

    def handle(self, *args, **opts):
        games = Game.objects.order_by("pk")
        if opts["game"]:
            games = games.filter(pk__in=opts["game"])
        checked = bad = 0
        for game in games.iterator(chunk_size=200):
            checked += 1
            problem = replay_differs(game)
            if problem:
                bad += 1
                self.stdout.write(f"game {game.pk} ({game.game_slug}, seed {game.seed}): {problem}")
        self.stdout.write(f"{checked} games checked, {bad} differ")
        if bad:
            raise SystemExit(1)
