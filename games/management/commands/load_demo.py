from django.core.management.base import BaseCommand

from games.services.demo import DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Create demo players, a few open tables and running games (safe to run again)."

    def handle(self, *args, **opts):
        users, created = load_demo()
        self.stdout.write(self.style.SUCCESS(f"Demo players (password for all: {DEMO_PASSWORD}):"))
        for user in users:
            self.stdout.write(f"  {user.username:<8} {user.email}")
        if created:
            self.stdout.write(f"Created {created} demo tables and games.")
        self.stdout.write("Open http://127.0.0.1:8000/ and log in as one of them.")
