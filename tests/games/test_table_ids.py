"""Guessing a table's id tells nothing: every change of a table that a stranger may not see answers,
over the API and on the pages, exactly as the same change of a table that does not exist."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from rest_framework.test import APIClient

from games.models import Invitation, Table, TableSeat
from games.services import tables
from tests.factories import api_token, make_user

pytestmark = pytest.mark.django_db

ACTIONS = ["join", "leave", "add-bot", "fill-bots", "cancel", "invite"]
API_ACTIONS = ["join", "leave", "add-bot", "cancel", "invite"]  # fill-bots is a page action only


def _missing_id() -> int:
    return (Table.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000


def _api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def _page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def hidden():
    """An invited-only table of owner's, with friend invited and seated; eve is a stranger to it."""
    owner, friend = make_user("owner"), make_user("friend")
    make_user("eve")
    table = tables.create_table(owner, "toy", 4, invited_only=True)
    tables.invite(table.pk, owner, "friend")
    tables.join_table(table.pk, friend)
    return table


def _body(action: str) -> dict:
    return {"username": "friend"} if action == "invite" else {}


@pytest.mark.parametrize("action", API_ACTIONS)
def test_the_api_answers_a_hidden_table_as_a_missing_one(hidden, action):
    from django.contrib.auth import get_user_model

    eve = _api(get_user_model().objects.get(username="eve"))
    answers = [
        eve.post(f"/api/tables/{pk}/{action}/", _body(action), format="json") for pk in (hidden.pk, _missing_id())
    ]
    assert answers[0].status_code == answers[1].status_code == 404
    assert answers[0].json() == answers[1].json() == {"detail": "This table does not exist.", "code": "not_found"}
    assert answers[0].headers.get("Content-Length") == answers[1].headers.get("Content-Length")


@pytest.mark.parametrize("action", ACTIONS)
def test_the_pages_answer_a_hidden_table_as_a_missing_one(hidden, action):
    from django.contrib.auth import get_user_model

    seen = []
    for pk in (hidden.pk, _missing_id()):
        response = _page(get_user_model().objects.get(username="eve")).post(f"/tables/{pk}/{action}/", _body(action))
        target = response.headers["Location"].replace(str(pk), "<id>")
        seen.append((response.status_code, target, [str(m) for m in get_messages(response.wsgi_request)]))
    assert seen[0] == seen[1]
    assert seen[0][2] == ["This table does not exist."]


def test_a_started_or_cancelled_hidden_table_answers_as_a_missing_one_too(hidden):
    from django.contrib.auth import get_user_model

    hidden.status = Table.Status.CANCELLED
    hidden.save(update_fields=["status"])
    eve = _api(get_user_model().objects.get(username="eve"))
    closed = eve.post(f"/api/tables/{hidden.pk}/join/")
    missing = eve.post(f"/api/tables/{_missing_id()}/join/")
    assert (closed.status_code, closed.json()) == (missing.status_code, missing.json())
    # Someone who may see it is told the truth.
    friend = _api(get_user_model().objects.get(username="friend"))
    assert friend.post(f"/api/tables/{hidden.pk}/leave/").json()["detail"] == "This table is no longer open."


def test_nothing_changes_and_those_who_may_see_the_table_are_answered_as_before(hidden):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    for action in API_ACTIONS:
        _api(users.get(username="eve")).post(f"/api/tables/{hidden.pk}/{action}/", _body(action), format="json")
    assert TableSeat.objects.filter(table=hidden).count() == 2
    assert Invitation.objects.filter(table=hidden).count() == 1
    assert Table.objects.get(pk=hidden.pk).status == Table.Status.OPEN
    # The invited friend sees the table: not its owner, so refused with the reason.
    refused = _api(users.get(username="friend")).post(f"/api/tables/{hidden.pk}/cancel/")
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"


def test_an_id_beyond_the_databases_range_is_answered_as_missing():
    eve = _api(make_user("eve"))
    assert eve.post(f"/api/tables/{2**63}/join/").status_code == 404
