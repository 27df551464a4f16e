"""Tournament dates are bounded: a date at the end of the calendar cannot be shown in a time zone east of
UTC, and one such tournament used to break the tournament list for everybody there."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from rankings.models import Tournament
from rankings.services import tournaments
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _create(api, **dates):
    return api.post("/api/rankings/tournaments/", {"name": "Far", "game_slug": "toy", **dates}, format="json")


@pytest.fixture
def api():
    client = APIClient()
    client.force_authenticate(make_user("org"))
    return client


def test_a_start_at_the_end_of_the_calendar_is_refused_and_the_list_still_opens_east_of_utc(api):
    refused = _create(api, starts_at="9999-12-31T23:00:00Z")
    assert refused.status_code == 400
    assert refused.json()["detail"] == "A tournament must start within two years from now."
    assert not Tournament.objects.exists()
    assert _create(api, starts_at=(timezone.now() + timedelta(days=700)).isoformat()).status_code == 201
    viewer = Client()
    viewer.force_login(make_user("kiri", time_zone="Pacific/Kiritimati"))
    assert viewer.get("/rankings/tournaments/").status_code == 200


def test_registration_cannot_open_at_the_start_of_the_calendar(api):
    refused = _create(
        api, registration_opens="0001-01-01T00:00:00Z", starts_at=(timezone.now() + timedelta(days=1)).isoformat()
    )
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Registration cannot open more than a year ago."


def test_the_page_form_refuses_the_far_future_in_german():
    org = make_user("org", language="de", time_zone="Europe/Berlin")
    client = Client()
    client.force_login(org)
    page = client.post(
        "/rankings/tournaments/new/",
        {
            "create": "1",
            "game_slug": "toy",
            "name": "Fern",
            "format": "swiss",
            "table_size": 2,
            "rounds": 3,
            "group_size": 4,
            "starts_at": "9999-12-31T23:00",
            "time_control": "correspondence",
            "days_per_move": 3,
            "minutes_per_player": 20,
            "rated": "on",
            "opt_target": "21",
        },
    )
    assert page.status_code in (200, 400)
    assert "Ein Turnier muss innerhalb von zwei Jahren beginnen." in page.content.decode()
    assert not Tournament.objects.exists()


def test_the_service_bounds_hold_for_every_caller():
    org = make_user("org")
    with pytest.raises(tournaments.TournamentError):
        tournaments.create_tournament(org, name="X", game_slug="toy", starts_at=datetime(9999, 12, 31, 23, tzinfo=UTC))
