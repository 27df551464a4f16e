"""Web Push to the devices a player allowed: through the outbox as the emails go, encrypted for the
device, in the player's language; now, in a daily digest or never, per device; a device that
unsubscribed gets nothing and one its push service no longer knows is removed. Against a stand-in
push service on loopback (tests/support/push_service.py)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import timezone

from accounts.models import User
from notifications.models import Notice, PushDevice
from notifications.services import push, sweeps
from plumbing import outbox
from plumbing.models import OutboxEntry
from tests.factories import make_user, start_toy_game
from tests.support.push_service import PushService

pytestmark = pytest.mark.django_db
FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"


@pytest.fixture
def service(settings):
    with PushService() as stand_in:
        settings.WEBPUSH_VAPID_PRIVATE_KEY = push.new_private_key()
        settings.WEBPUSH_SERVICES = [stand_in.origin]
        yield stand_in


def _device(service, user, name, turns=User.TurnEmail.IMMEDIATE):
    browser = service.browser(name)
    device = push.subscribe(user, browser.subscription(), FIREFOX_ANDROID)
    if turns != device.turns:
        push.choose(user, device.pk, turns)
    return browser, device


def _start(capture, *users, **table):
    with capture(execute=True):
        return start_toy_game(*users, **table)


def _mover(game):
    return game.players.select_related("user").get(must_act=True)


def test_a_turn_is_pushed_to_the_movers_devices_encrypted_and_in_their_language(
    service, django_capture_on_commit_callbacks
):
    ann, ben = make_user("ann", language="de"), make_user("ben", language="en")
    phones = {ann.pk: _device(service, ann, "ann")[0], ben.pk: _device(service, ben, "ben")[0]}
    game = _start(django_capture_on_commit_callbacks, ann, ben)
    mover = _mover(game).user
    other = ben if mover == ann else ann
    (received,) = service.to(phones[mover.pk])
    assert service.to(phones[other.pk]) == []
    assert received.headers["authorization"].startswith("vapid t=")
    assert received.headers["content-encoding"] == "aes128gcm" and int(received.headers["ttl"]) > 0
    message = phones[mover.pk].read(received)
    assert message["url"] == f"/games/{game.pk}/" and message["tag"] == f"turn:{_mover(game).pk}"
    assert message["icon"].endswith("img/icon-192.png")
    if mover == ann:
        assert (message["title"], message["body"], message["lang"]) == (
            "Du bist am Zug",
            f"Du bist am Zug: Toy #{game.pk}",
            "de",
        )
    else:
        assert (message["title"], message["body"]) == ("Your turn", f"Your turn in Toy #{game.pk}")
    assert not OutboxEntry.objects.filter(kind=push.PUSH, done_at__isnull=True).exists()


def test_a_german_players_push_is_german(service, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann", language="de"), make_user("ben", language="de")
    phones = [_device(service, u, u.username)[0] for u in (ann, ben)]
    game = _start(django_capture_on_commit_callbacks, ann, ben)
    ((phone, received),) = [(p, r) for p in phones for r in service.to(p)]
    assert phone.read(received)["body"] == f"Du bist am Zug: Toy #{game.pk}"


def test_nothing_goes_to_a_device_that_unsubscribed(service, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    for user in (ann, ben):
        browser, _device_row = _device(service, user, user.username)
        assert push.forget(user, browser.endpoint)
    _start(django_capture_on_commit_callbacks, ann, ben)
    assert service.received == [] and not PushDevice.objects.exists()


def test_a_device_removed_after_its_push_was_queued_gets_nothing(service, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    game = _start(django_capture_on_commit_callbacks, ann, ben)  # no devices yet: nothing queued
    mover = _mover(game).user
    browser, device = _device(service, mover, "late")
    notice = Notice.objects.get(user=mover, kind=Notice.Kind.TURN)
    assert push.queue_notice(notice) == 1
    entry = OutboxEntry.objects.get(kind=push.PUSH)
    assert push.remove(mover, device.pk)
    assert outbox.run(entry.pk) is True
    assert service.received == []


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_no_longer_knows_is_removed(
    service, status, django_capture_on_commit_callbacks
):
    ann, ben = make_user("ann"), make_user("ben")
    phones = {u.pk: _device(service, u, u.username)[0] for u in (ann, ben)}
    for phone in phones.values():
        service.answers[phone.endpoint.removeprefix(service.origin)] = status
    game = _start(django_capture_on_commit_callbacks, ann, ben)
    mover = _mover(game).user
    assert len(service.to(phones[mover.pk])) == 1
    assert list(PushDevice.objects.values_list("user", flat=True)) == [(ben if mover == ann else ann).pk]
    assert OutboxEntry.objects.get(kind=push.PUSH).done_at is not None  # done, not retried


def test_a_failing_push_service_is_tried_again_and_the_device_kept(service, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    phones = {u.pk: _device(service, u, u.username)[0] for u in (ann, ben)}
    for phone in phones.values():
        service.answers[phone.endpoint.removeprefix(service.origin)] = 503
    _start(django_capture_on_commit_callbacks, ann, ben)
    entry = OutboxEntry.objects.get(kind=push.PUSH)
    assert entry.done_at is None and entry.attempts == 1 and "503" in entry.last_error
    assert PushDevice.objects.count() == 2


def test_a_digest_device_gets_one_push_a_day_at_the_digest_hour(service, django_capture_on_commit_callbacks):
    ann = make_user("ann", language="de", time_zone="Europe/Berlin", digest_hour=8)
    ben = make_user("ben", time_zone="Europe/Berlin", digest_hour=8)
    phones = {u.pk: _device(service, u, u.username, turns=User.TurnEmail.DIGEST)[0] for u in (ann, ben)}
    game = _start(django_capture_on_commit_callbacks, ann, ben)
    assert service.received == []  # not at once
    mover = _mover(game).user
    today = timezone.now().astimezone(mover.zone).date()
    morning = timezone.datetime(today.year, today.month, today.day, 7, 30, tzinfo=mover.zone)
    assert push.send_due_digests(morning) == 0  # before the digest hour
    with django_capture_on_commit_callbacks(execute=True):
        assert push.send_due_digests(morning + timedelta(hours=1)) == 1  # only the mover has a game waiting
    assert push.send_due_digests(morning + timedelta(hours=3)) == 0  # once a day
    (received,) = service.received
    message = phones[mover.pk].read(received)
    expected = "Du bist in 1 Partie am Zug." if mover == ann else "It is your turn in 1 game."
    assert message["body"] == expected and message["url"] == "/my-games/"


def test_a_device_set_to_never_gets_nothing_and_a_digest_device_still_hears_of_a_deadline(
    service, django_capture_on_commit_callbacks
):
    ann, ben = make_user("ann", reminder_hours=6), make_user("ben", reminder_hours=6)
    never = {u.pk: _device(service, u, f"{u.username}-never", turns=User.TurnEmail.NEVER)[0] for u in (ann, ben)}
    digest = {u.pk: _device(service, u, f"{u.username}-digest", turns=User.TurnEmail.DIGEST)[0] for u in (ann, ben)}
    game = _start(django_capture_on_commit_callbacks, ann, ben, days_per_move=2)
    assert service.received == []
    mover = _mover(game)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweeps.send_due_reminders(mover.deadline - timedelta(hours=5)) == 1
    (received,) = service.received
    assert received.path == digest[mover.user_id].endpoint.removeprefix(service.origin)
    message = digest[mover.user_id].read(received)
    assert message["title"] == "Deadline reminder" and "runs out soon" in message["body"]
    assert service.to(never[mover.user_id]) == []


def test_the_subscription_endpoint_stores_a_device_named_after_its_browser(service):
    ann = make_user("ann")
    client = Client(HTTP_USER_AGENT=FIREFOX_ANDROID)
    client.force_login(ann)
    phone = service.browser("ann")
    answer = client.post(
        "/notifications/push/devices/", {"subscription": phone.subscription()}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    device = PushDevice.objects.get()
    assert (device.user, device.endpoint, device.label, device.turns) == (
        ann,
        phone.endpoint,
        "Firefox · Android",
        "immediate",
    )
    # The same browser again renews its row.
    client.post("/notifications/push/devices/", {"subscription": phone.subscription()}, content_type="application/json")
    assert PushDevice.objects.count() == 1
    forgot = client.post("/notifications/push/forget/", {"endpoint": phone.endpoint}, content_type="application/json")
    assert forgot.status_code == 204 and not PushDevice.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    ["http://127.0.0.1:6379/", "https://example.org/push/1", "https://user:pw@fcm.googleapis.com/x", "not a url"],
)
def test_a_subscription_to_an_address_that_is_no_push_service_is_refused(service, endpoint):
    client = Client()
    client.force_login(make_user("ann"))
    subscription = {**service.browser("x").subscription(), "endpoint": endpoint}
    answer = client.post(
        "/notifications/push/devices/", {"subscription": subscription}, content_type="application/json"
    )
    assert answer.status_code == 400 and not PushDevice.objects.exists()


def test_the_default_services_are_the_browsers_own(settings):
    settings.WEBPUSH_SERVICES = push_defaults = [
        "https://fcm.googleapis.com",
        "https://*.push.services.mozilla.com",
        "https://*.notify.windows.com",
        "https://*.push.apple.com",
    ]
    assert push_defaults
    assert push._allowed_endpoint("https://fcm.googleapis.com/fcm/send/abc")
    assert push._allowed_endpoint("https://updates.push.services.mozilla.com/wpush/v2/abc")
    assert push._allowed_endpoint("https://web.push.apple.com/QAbc")
    assert not push._allowed_endpoint("https://fcm.googleapis.com.evil.example/x")
    assert not push._allowed_endpoint("http://fcm.googleapis.com/x")


def test_a_device_is_changed_and_removed_only_by_its_owner(service):
    ann, eve = make_user("ann"), make_user("eve")
    _phone, device = _device(service, ann, "ann")
    client = Client()
    client.force_login(eve)
    client.post(f"/notifications/push/devices/{device.pk}/", {"turns": "never"})
    client.post(f"/notifications/push/devices/{device.pk}/remove/")
    device.refresh_from_db()
    assert device.turns == "immediate"
    client.force_login(ann)
    assert client.post(f"/notifications/push/devices/{device.pk}/", {"turns": "bogus"}).status_code == 302
    client.post(f"/notifications/push/devices/{device.pk}/", {"turns": "digest"})
    device.refresh_from_db()
    assert device.turns == "digest"
    client.post(f"/notifications/push/devices/{device.pk}/remove/")
    assert not PushDevice.objects.exists()


def test_the_settings_page_lists_the_devices_in_both_languages(service):
    ann = make_user("ann", language="de")
    _device(service, ann, "ann")
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/settings/").content.decode()
    assert 'id="push"' in page and "Firefox · Android" in page
    assert "Benachrichtigungen auf deinen Geräten" in page and f'data-push-key="{push.public_key()}"' in page
    assert 'src="/static/js/push.js"' in page


def test_without_vapid_keys_nothing_is_offered_queued_or_sent(settings, django_capture_on_commit_callbacks):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    ann, ben = make_user("ann"), make_user("ben")
    PushDevice.objects.create(
        user=ann, endpoint="https://fcm.googleapis.com/fcm/send/1", p256dh="a", auth="b", label="x"
    )
    _start(django_capture_on_commit_callbacks, ann, ben)
    assert not OutboxEntry.objects.filter(kind=push.PUSH).exists()
    assert push.send_due_digests() == 0
    client = Client()
    client.force_login(ann)
    assert 'id="push"' not in client.get("/accounts/settings/").content.decode()
    assert client.post("/notifications/push/devices/", {}, content_type="application/json").status_code == 404
    assert client.get("/manifest.webmanifest").status_code == 200  # installing the site still works


def test_the_manifest_and_the_service_worker_are_served_from_the_root_under_the_policy():
    client = Client()
    manifest = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="de")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["scope"] == "/" and data["display"] == "standalone" and data["name"] == "Brettspielclub"
    assert {icon["purpose"] for icon in data["icons"]} == {"any", "maskable"}
    static_prefix = "/" + settings.STATIC_URL.lstrip("/")
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix(static_prefix))
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/" and worker["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in worker["Content-Security-Policy"]
    assert b'addEventListener("push"' in worker.content
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
