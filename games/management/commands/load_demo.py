from contextlib import contextmanager

from django.conf import settings
from django.core import mail
from django.core.management.base import BaseCommand
from django.test.utils import override_settings

from games.services.demo import DEMO_PASSWORD, load_demo

CONSOLE = "django.core.mail.backends.console.EmailBackend"


@contextmanager
def console_mail_held_back():
    """With the console email backend, the demo's turn emails (hundreds of lines) would bury the
    players' names: keep them in memory and only count them. Real backends send as usual."""
    held = {"count": 0}
    if settings.EMAIL_BACKEND != CONSOLE:
        yield held
        return
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        before = getattr(mail, "outbox", None)
        mail.outbox = []
        try:
            yield held
        finally:
            held["count"] = len(mail.outbox)
            if before is None:
                del mail.outbox
            else:
                mail.outbox = before


class Command(BaseCommand):
    help = "Create demo players, a few open tables and running games (safe to run again)."

    def handle(self, *args, **opts):
        with console_mail_held_back() as held:
            users, created = load_demo()
        if created:
            self.stdout.write(f"Created {created} demo tables and games.")
        if held["count"]:
            self.stdout.write(f"{held['count']} emails to the demo players were not printed (console email backend).")
        rule = "=" * 60
        self.stdout.write(rule)
        self.stdout.write(self.style.SUCCESS(f"Demo players, all with the password  {DEMO_PASSWORD}"))
        for user in users:
            self.stdout.write(f"  {user.username:<8} {user.email}")
        self.stdout.write("Open http://127.0.0.1:8000/ and log in as one of them.")
        self.stdout.write(rule)
