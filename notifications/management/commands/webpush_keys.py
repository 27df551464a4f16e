"""Print a new VAPID key pair for Web Push, as the environment settings take it."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Print a new VAPID private key (WEBPUSH_VAPID_PRIVATE_KEY) and the public key browsers subscribe with."

    def handle(self, *args, **options) -> None:
        from notifications.services import push

        private = push.new_private_key()
        public = push.public_key(private)
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}\n")
        self.stdout.write(f"# public key (the site derives it from the private one): {public}\n")
