"""Live-only fields (minutes, increment) belong to live tables, days per move to correspondence:
the page tags them for showing with their time control, and contradictory input is refused."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Table
from games.services import tables
from games.services.errors import ServiceError
from rankings.models import Tournament
from tests.factories import make_user

pytestmark = pytest.mark.django_db
LIVE_ONLY = "Only live tables have a clock"
MAIL_ONLY = "Only correspondence tables count days per move"


def _post(client, **fields):
    data = {"create": "1", "game_slug": "toy", "seats": "2", "opt_target": "21", "rated": "on", "bots": "0", **fields}
    return client.post("/tables/new/", {k: v for k, v in data.items() if v is not None})


@pytest.fixture
def ann(client):
    user = make_user("ann")
    client.force_login(user)
    return user


def test_each_time_field_is_tagged_with_its_time_control(client, ann):
    html = client.get("/tables/new/?game=toy").content.decode()
    tagged = {
        name: html.split(f'name="{name}"')[1].split(">")[0]
        for name in ("days_per_move", "minutes_per_player", "increment_seconds")
    }
    assert 'data-time-control="correspondence"' in tagged["days_per_move"]
    assert 'data-time-control="live"' in tagged["minutes_per_player"]
    assert 'data-time-control="live"' in tagged["increment_seconds"]


@pytest.mark.parametrize("field, value", [("minutes_per_player", "45"), ("increment_seconds", "10")])
def test_a_correspondence_table_refuses_a_clock_setting(client, ann, field, value):
    response = _post(client, time_control="correspondence", days_per_move="3", **{field: value})
    assert response.status_code == 200 and LIVE_ONLY in response.content.decode()
    assert not Table.objects.exists()


def test_a_correspondence_table_without_the_live_fields_is_opened(client, ann):
    response = _post(client, time_control="correspondence", days_per_move="5")
    table = Table.objects.get()
    assert response.status_code == 302 and table.days_per_move == 5 and table.increment_seconds == 0


def test_a_live_table_refuses_days_per_move_and_takes_its_clock(client, ann):
    response = _post(client, time_control="live", days_per_move="9", minutes_per_player="15")
    assert response.status_code == 200 and MAIL_ONLY in response.content.decode()
    response = _post(client, time_control="live", minutes_per_player="15", increment_seconds="5")
    table = Table.objects.get()
    assert response.status_code == 302 and (table.minutes_per_player, table.increment_seconds) == (15, 5)


def test_the_service_refuses_an_increment_for_a_correspondence_table():
    with pytest.raises(ServiceError, match="increment is for live tables only"):
        tables.create_table(make_user("ann"), "toy", 2, time_control="correspondence", increment_seconds=5)
    assert not Table.objects.exists()


def test_the_tournament_form_refuses_minutes_for_correspondence(client):
    client.force_login(make_user("org"))
    start = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "create": "1",
        "game_slug": "toy",
        "name": "Cup",
        "format": "swiss",
        "table_size": "2",
        "rounds": "2",
        "group_size": "4",
        "starts_at": start,
        "time_control": "correspondence",
        "days_per_move": "3",
        "minutes_per_player": "60",
        "rated": "on",
        "opt_target": "21",
    }
    response = client.post("/rankings/tournaments/new/", form)
    assert response.status_code == 200 and LIVE_ONLY in response.content.decode()
    assert not Tournament.objects.exists()
    form.pop("minutes_per_player")
    assert client.post("/rankings/tournaments/new/", form).status_code == 302
    assert Tournament.objects.get().days_per_move == 3


def test_the_refusal_reads_in_german(client):
    client.force_login(make_user("anna", language="de"))
    response = _post(client, time_control="correspondence", days_per_move="3", increment_seconds="10")
    assert "Nur Live-Tische haben eine Uhr" in response.content.decode()
