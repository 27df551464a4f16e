import time

from django.core.management.base import BaseCommand

from rankings.services.ratings import recompute_all


class Command(BaseCommand):
    help = "Rebuild every rating and the rating history from the finished rated games, in finish order."

    def handle(self, *args, **options):
        started = time.perf_counter()
        games = recompute_all()
        if options["verbosity"]:
            self.stdout.write(f"Recomputed ratings from {games} games in {time.perf_counter() - started:.1f} s.")
