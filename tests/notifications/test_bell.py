"""The bell: unread count (live), the list of turns, reminders, timeouts, results, invitations, rounds; mark read."""

import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core import mail
from rest_framework.test import APIClient

from games.services import tables, timeouts
from notifications.consumers import NoticeConsumer
from notifications.models import Notice
from notifications.services import notices
from tests.factories import make_user, start_toy_game


def _bell(page: str) -> tuple[str, bool]:
    """The count the bell shows, and whether it is hidden."""
    found = re.search(
        r'<span class="bell-count" id="bell-count" data-unread="(\d+)"[^>]*?( hidden)?>(\d+)</span>', page
    )
    assert found and found[1] == found[3], page
    return found[3], bool(found[2])


def _mover(game):
    return game.players.select_related("user").get(must_act=True).user


@pytest.mark.django_db
def test_the_bell_counts_unread_notices_and_the_list_marks_them_read(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    mover = _mover(game)
    client.force_login(mover)
    page = client.get("/").content.decode()
    assert "data-bell" in page and _bell(page) == ("1", False)
    listing = client.get("/notifications/").content.decode()
    assert f"Your turn in Toy #{game.pk}" in listing and "notice kind-turn unread" in listing
    notice = Notice.objects.get(user=mover)
    response = client.post(f"/notifications/{notice.pk}/open/")
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert notices.unread_count(mover) == 0
    assert _bell(client.get("/").content.decode()) == ("0", True)


@pytest.mark.django_db
def test_one_cannot_open_someone_elses_notice(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    notice = Notice.objects.get(user=_mover(game))
    client.force_login(make_user("eve"))
    assert client.post(f"/notifications/{notice.pk}/open/").status_code == 404
    assert Notice.objects.get(pk=notice.pk).read_at is None


@pytest.mark.django_db
def test_the_bell_lists_every_kind_of_notice(client, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.create_table(ann, "toy", 2, invited_only=True)
        tables.invite(table.pk, ann, "ben")
    assert Notice.objects.get(user=ben).kind == Notice.Kind.INVITATION
    (invite_mail,) = mail.outbox
    assert invite_mail.subject == "ann invites you to play Toy" and f"/tables/{table.pk}/" in invite_mail.body
    with django_capture_on_commit_callbacks(execute=True):
        tables.join_table(table.pk, ben)
    game = table.game
    victim = game.players.get(must_act=True)
    with django_capture_on_commit_callbacks(execute=True):
        timeouts.sweep(victim.deadline + timedelta(seconds=1))
    client.force_login(ben)
    listing = client.get("/notifications/").content.decode()
    assert "ann invites you to a table of Toy" in listing
    assert "ran out of time; the default move was played" in listing
    assert f"Your turn in Toy #{game.pk}" in listing
    kinds = set(Notice.objects.filter(user=ben).values_list("kind", flat=True))
    assert {"invitation", "timeout", "turn"} <= kinds
    client.post("/notifications/read/")
    assert notices.unread_count(ben) == 0


@pytest.mark.django_db
def test_notices_over_the_api(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    api = APIClient()
    api.force_authenticate(_mover(game))
    data = api.get("/api/notifications/").json()
    assert data["unread"] == 1 and data["results"][0]["kind"] == "turn"
    assert data["results"][0]["url"] == f"/games/{game.pk}/" and data["results"][0]["read"] is False
    assert api.post("/api/notifications/read/", {"ids": "all"}, format="json").status_code == 400
    done = api.post("/api/notifications/read/", {"ids": [data["results"][0]["id"]]}, format="json").json()
    assert done == {"marked": 1, "unread": 0}
    assert APIClient().get("/api/notifications/").status_code in (401, 403)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_unread_count_arrives_live_over_the_websocket():
    ann = await database_sync_to_async(make_user)("ann")
    comm = WebsocketCommunicator(NoticeConsumer.as_asgi(), "/ws/notifications/")
    comm.scope["user"] = ann
    connected, _ = await comm.connect()
    assert connected
    assert await comm.receive_json_from() == {"type": "unread", "unread": 0}
    await database_sync_to_async(lambda: notices.create(ann, Notice.Kind.TURN, "turn:test"))()
    assert await comm.receive_json_from(timeout=3) == {"type": "unread", "unread": 1}
    await database_sync_to_async(lambda: notices.mark_read(ann))()
    assert await comm.receive_json_from(timeout=3) == {"type": "unread", "unread": 0}
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_bell_socket_refuses_strangers():
    from django.contrib.auth.models import AnonymousUser

    comm = WebsocketCommunicator(NoticeConsumer.as_asgi(), "/ws/notifications/")
    comm.scope["user"] = AnonymousUser()
    connected, _ = await comm.connect()
    assert not connected


@pytest.mark.django_db
def test_the_bell_fragment_is_the_count_htmx_swaps_in(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    client.force_login(_mover(game))
    fragment = client.get("/notifications/bell/", headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in fragment and _bell(fragment) == ("1", False)
    # It asks again when the bell's socket announces a new count.
    assert 'hx-trigger="ws-unread from:closest [ws-connect]"' in fragment
    page = client.get("/").content.decode()
    assert 'ws-connect="/ws/notifications/"' in page


@pytest.mark.django_db
def test_the_bell_fragment_counts_nothing_for_visitors(client):
    assert _bell(client.get("/notifications/bell/").content.decode()) == ("0", True)
