"""Demo players, open tables and running games for a first look at the platform."""

from django.contrib.auth import get_user_model
from django.db import transaction

from accounts import emails
from games.models import Table
from games.services import tables
from games.services.engines import available_engines

DEMO_PASSWORD = "demo-pass-2025"
DEMO_USERS = [("anna", "Anna"), ("boris", "Boris"), ("clara", "Clara"), ("dmitri", "Dmitri")]
# Options of the open table that shows a game's choices (the invitation text "(Händler 1, Klerus 2)").
SHOWCASE_OPTIONS = {"red-cathedral": {"side": "extended", "merchants": "1", "clergy": "2"}}


def load_demo() -> tuple[list, int]:
    """Returns the demo users and how many tables were opened (none on a second run)."""
    User = get_user_model()
    users = []
    for username, display in DEMO_USERS:
        user, new = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.org", "display_name": display}
        )
        if new:
            user.set_password(DEMO_PASSWORD)
            user.save()
            emails.mark_verified(user)  # the demo's addresses are made up: nobody could confirm them
        users.append(user)
    anna, boris, clara, dmitri = users
    if Table.objects.filter(owner__in=users).exists():
        return users, 0
    created = 0
    with transaction.atomic():
        for engine in available_engines():
            # An open table waiting for players, one running game between two people,
            # and one against a bot.
            tables.create_table(clara, engine.slug, engine.min_players + (1 if engine.max_players > 2 else 0))
            if engine.slug in SHOWCASE_OPTIONS:
                tables.create_table(boris, engine.slug, engine.max_players, SHOWCASE_OPTIONS[engine.slug])
                created += 1
            running = tables.create_table(anna, engine.slug, 2)
            tables.join_table(running.pk, boris)
            tables.create_table(dmitri, engine.slug, 2, bots=1, rated=False)
            created += 3
            if engine.min_players == 1:
                # A solo game (against the engine's own opponent) starts as soon as its one seat is taken.
                tables.create_table(anna, engine.slug, 1, rated=False)
                created += 1
    return users, created
