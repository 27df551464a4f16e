"""Input that used to end in a server error gets a clear answer and changes nothing."""

import json

import pytest
from django.test import Client

from accounts.forms import SignupForm
from accounts.models import User
from accounts.serializers import SignupSerializer
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def rival_signs_up_in_between(monkeypatch):
    """Another sign-up for "alice" is saved after this one's checks passed and before it is saved."""

    def racing(original):
        def run(self, *args, **kwargs):
            result = original(self, *args, **kwargs)
            if not User.objects.filter(username="alice").exists():
                make_user("alice")
            return result

        return run

    monkeypatch.setattr(SignupForm, "_post_clean", racing(SignupForm._post_clean))
    monkeypatch.setattr(SignupSerializer, "validate", racing(SignupSerializer.validate))


def test_a_sign_up_that_lost_the_race_for_its_name_gets_a_form_error(rival_signs_up_in_between):
    page = Client().post(
        "/accounts/signup/",
        {
            "username": "alice",
            "email": "other@example.org",
            "password1": "pw-For-tests-123",
            "password2": "pw-For-tests-123",
        },
    )
    assert page.status_code == 200
    assert "A user with that username already exists." in page.content.decode()
    assert list(User.objects.values_list("email", flat=True)) == ["alice@example.org"]


def test_an_api_sign_up_that_lost_the_race_for_its_name_gets_a_400(rival_signs_up_in_between):
    response = Client().post(
        "/api/auth/signup/",
        {"username": "alice", "email": "other@example.org", "password": "pw-For-tests-123"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {"username": ["A user with that username already exists."]}
    assert User.objects.count() == 1


def test_a_sign_up_that_lost_the_race_for_its_address_answers_as_any_sign_up(monkeypatch):
    from django.core import mail

    def racing(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        if not User.objects.filter(email="taken@example.org").exists():
            User.objects.create_user("someone", "taken@example.org", "pw-For-tests-123")
        return result

    original = SignupSerializer.validate
    monkeypatch.setattr(SignupSerializer, "validate", racing)
    response = Client(HTTP_ACCEPT_LANGUAGE="de").post(
        "/api/auth/signup/",
        {"username": "bob", "email": "taken@example.org", "password": "pw-For-tests-123"},
        content_type="application/json",
    )
    assert response.status_code == 201
    assert set(response.json()) == {"username", "detail"}
    assert not User.objects.filter(username="bob").exists()
    (note,) = mail.outbox
    assert note.to == ["taken@example.org"]


@pytest.mark.parametrize("path", ["/players/a%00b/", "/rankings/players/a%00b/", "/api/rankings/players/a%00b/"])
def test_a_nul_byte_in_a_player_name_is_a_404(path):
    make_user("alice")
    response = Client().get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json()["code"] == "not_found"


def test_player_pages_still_open_for_real_names():
    make_user("alice.b-1")
    assert Client().get("/players/alice.b-1/").status_code == 200
    assert Client().get("/api/rankings/players/alice.b-1/").status_code == 200


def test_deeply_nested_json_to_the_token_endpoint_is_a_400():
    body = '{"username": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = Client().post("/api/auth/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    shallow = '{"username": ' + "[" * 40 + "]" * 40 + ', "password": "x"}'
    assert Client().post("/api/auth/token/", shallow, content_type="application/json").status_code == 400


def test_the_token_endpoint_still_takes_form_data():
    make_user("alice")
    response = Client().post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"})
    assert response.status_code == 200 and json.loads(response.content)["token"]
