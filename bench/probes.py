"""The attacker's probes of issue 22, rerun against the production-like setup, with their figures.

    .venv/bin/python bench/probes.py

Starts what the Procfile runs: the web process (scripts/web.sh: uvicorn, two workers), a Celery worker
and beat, on a fresh PostgreSQL database (PROBE_DATABASE_URL, default .../hprobe_probes) and a Redis db
(PROBE_REDIS_URL, default db 1), DEBUG off, behind one trusted proxy (TRUSTED_PROXY_COUNT=1: the probe
plays the proxy and appends the "real" client address to whatever X-Forwarded-For the attacker forged).
Emails go to files (counted per address); the outbox sweep runs every second with a grace of one second.

Probes, each counted:
  1 signup_forged_xff      30 API sign-ups, each with another forged X-Forwarded-For
  2 login_guessing         80 wrong passwords for one account (page and API) from forged addresses, and the
                           login page's answer time for a normal user meanwhile
  3 reset_flood            30 password resets for one address in a row: emails that went out
  4 huge_bodies            300 MiB bodies to a 404 page and the token endpoint: status, bytes sent before it
  5 stuck_row_lock         a row lock held by another connection: pages and a move that needs it
  6 invite_only_privacy    an invite-only game's page, board, chat, API view, log and chat for an outsider
  7 signup_existing_email  sign-up with a taken address against a new one: does the answer differ?
  8 bad_inputs             same-name sign-ups at once, NUL in player names, nested JSON (token endpoint and
                           WebSocket), calendar-end tournament dates, non-numeric API ids
  9 kills                  a web worker SIGKILLed during a stream of moves against a bot; a Celery worker
                           killed right after the commit of a timeout (tests/support/die_at.py)
Every answer with a 5xx status is counted (five_xx), by probe. The summary is printed as JSON and written
to bench/results/probes.json. Takes about two to three minutes.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from common import ROOT, percentile
from server import prepare, process_tree, server_env, web_server

DATABASE_URL = os.environ.get("PROBE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/hprobe_probes")
REDIS_URL = os.environ.get("PROBE_REDIS_URL", "redis://127.0.0.1:6379/1")
RESULTS = ROOT / "bench" / "results" / "probes.json"
PASSWORD = "Quite-a-long-passphrase-42"
TIMEOUT_SUBJECT = "ran out of time"

five_xx: Counter = Counter()
probe_now = ["setup"]
BASE = [""]


def fake_ip() -> str:
    return f"{random.randint(11, 220)}.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"


def via_proxy(real: str, forged: str | None = None) -> dict:
    """The header the trusted proxy passes on: whatever the client sent, then the client's own address."""
    return {"X-Forwarded-For": f"{forged}, {real}" if forged else real}


def call(method: str, path: str, **kw) -> requests.Response:
    kw.setdefault("timeout", 60)
    kw.setdefault("allow_redirects", False)
    answer = requests.request(method, BASE[0] + path, **kw)
    if answer.status_code >= 500:
        five_xx[probe_now[0]] += 1
    return answer


class Browser:
    """A browser's cookies by hand: the site's cookies are Secure, which requests keeps off plain HTTP."""

    def __init__(self, real_ip: str, sessionid: str | None = None):
        self.ip, self.cookies = real_ip, {}
        if sessionid:
            self.cookies["sessionid"] = sessionid

    def request(self, method: str, path: str, forged: str | None = None, **kw) -> requests.Response:
        headers = {**via_proxy(self.ip, forged), **kw.pop("headers", {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        answer = call(method, path, headers=headers, **kw)
        for cookie in answer.raw.headers.getlist("Set-Cookie") if answer.raw else []:
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        return answer

    def post_form(self, path: str, data: dict, forged: str | None = None) -> requests.Response:
        if "csrftoken" not in self.cookies:
            self.request("GET", path, forged=forged)
        return self.request(
            "POST", path, forged=forged, data={**data, "csrfmiddlewaretoken": self.cookies["csrftoken"]}
        )


def make_user(name: str, password: str = PASSWORD, **extra):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", password, **extra)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def session_for(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    s = SessionStore()
    s[SESSION_KEY], s[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash()
    s.create()
    return s.session_key


def token_for(user) -> str:
    from accounts import tokens

    return tokens.issue(user, "probe")[1]


def messages_to(directory: Path, address: str, subject: str = "") -> list[str]:
    """The emails (as the file backend wrote them) to the address, whose subject has the given words."""
    found = []
    for f in directory.glob("*.log"):
        for message in f.read_text(errors="replace").split("-" * 79):
            lines = message.splitlines()
            if f"To: {address}" in lines and any(line.startswith("Subject:") and subject in line for line in lines):
                found.append(message)
    return found


def mails_to(directory: Path, address: str, subject: str = "") -> int:
    return len(messages_to(directory, address, subject))


def message_ids(directory: Path, address: str, subject: str = "") -> int:
    """Distinct Message-IDs among those emails (a resent email keeps its id)."""
    return len(
        {
            line
            for message in messages_to(directory, address, subject)
            for line in message.splitlines()
            if line.startswith("Message-ID:")
        }
    )


def settle_mails(directory: Path, address: str, seconds: float = 12, subject: str = "") -> int:
    """Emails to the address once no more arrive for three seconds (the worker sends them)."""
    last, since, deadline = -1, time.monotonic(), time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = mails_to(directory, address, subject)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > 3:
            break
        time.sleep(0.3)
    return last


# --- 1 ------------------------------------------------------------------------------------------


def probe_signup_forged_xff() -> dict:
    real = fake_ip()
    codes = Counter()
    for i in range(30):
        answer = call(
            "POST",
            "/api/auth/signup/",
            headers=via_proxy(real, fake_ip()),
            json={"username": f"spoof{i}", "email": f"spoof{i}@example.org", "password": PASSWORD},
        )
        codes[answer.status_code] += 1
    return {"sent": 30, "created": codes[201], "refused_429": codes[429], "statuses": dict(codes)}


# --- 2 ------------------------------------------------------------------------------------------


def probe_login_guessing() -> dict:
    make_user("victim")
    attacker = fake_ip()
    stop = threading.Event()
    times: list[float] = []

    def normal_user():
        user = Browser(fake_ip())
        while not stop.is_set():
            t0 = time.perf_counter()
            user.request("GET", "/accounts/login/")
            times.append(time.perf_counter() - t0)
            time.sleep(0.1)

    watcher = threading.Thread(target=normal_user)
    watcher.start()

    def guess(i: int) -> tuple[str, int]:
        if i % 2:
            answer = call(
                "POST",
                "/api/auth/token/",
                headers=via_proxy(attacker, fake_ip()),
                json={"username": "victim", "password": f"wrong{i}"},
            )
            return "api", answer.status_code
        answer = Browser(attacker).post_form(
            "/accounts/login/", {"username": "victim", "password": f"wrong{i}"}, forged=fake_ip()
        )
        if answer.status_code == 200 and "Too many failed login attempts" in answer.text:
            return "page", "200 too many failed attempts"  # the form's refusal, before any password check
        return "page", answer.status_code

    started = time.perf_counter()
    try:
        with ThreadPoolExecutor(8) as pool:
            results = list(pool.map(guess, range(80)))
    finally:
        stop.set()
        watcher.join()
    took = time.perf_counter() - started
    page = Counter(c for k, c in results if k == "page")
    api = Counter(c for k, c in results if k == "api")
    # The account's owner, from her own address, still gets in with the right password.
    # (The form's field is named "username", as before allauth.) The owner, from her own address, afterwards:
    owner = Browser(fake_ip()).post_form("/accounts/login/", {"username": "victim", "password": PASSWORD})
    return {
        "guesses": 80,
        "refused": page[429] + page["200 too many failed attempts"] + api[429],
        "page_statuses": {str(k): v for k, v in page.items()},
        "api_statuses": dict(api),
        "seconds": round(took, 2),
        "normal_user_login_page": {
            "n": len(times),
            "p50_ms": round(percentile(times, 50) * 1000, 1),
            "max_ms": round(max(times) * 1000, 1),
        },
        "owner_login_after": owner.status_code if "Too many failed" not in owner.text else "refused: too many",
    }


# --- 3 ------------------------------------------------------------------------------------------


def probe_reset_flood(mail_dir: Path) -> dict:
    make_user("resetme")
    attacker = fake_ip()
    codes = Counter()
    for _ in range(30):
        codes[
            Browser(attacker)
            .post_form("/accounts/password/reset/", {"email": "resetme@example.org"}, forged=fake_ip())
            .status_code
        ] += 1
    return {"requests": 30, "statuses": dict(codes), "emails_sent": settle_mails(mail_dir, "resetme@example.org")}


# --- 4 ------------------------------------------------------------------------------------------


def huge_body(path: str, size: int = 300 * 1024 * 1024) -> dict:
    host, port = BASE[0].removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    sock.sendall(
        (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {size}\r\nX-Forwarded-For: {fake_ip()}\r\n\r\n"
        ).encode()
    )
    chunk, sent, answer = b"a" * 65536, 0, b""
    started = time.perf_counter()
    sock.setblocking(False)
    while sent < size and time.perf_counter() - started < 60:
        readable, writable, _ = select.select([sock], [sock], [], 5)
        if readable:
            try:
                answer = sock.recv(4096)
            except OSError:
                pass
            break
        if writable:
            try:
                sent += sock.send(chunk)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                break
    if not answer:
        sock.setblocking(True)
        sock.settimeout(10)
        try:
            answer = sock.recv(4096)
        except OSError:
            pass
    sock.close()
    status = int(answer.split()[1]) if answer.startswith(b"HTTP/") else None
    if status and status >= 500:
        five_xx[probe_now[0]] += 1
    return {"status": status, "bytes_sent_before_answer": sent, "seconds": round(time.perf_counter() - started, 2)}


def probe_huge_bodies() -> dict:
    return {"404_page": huge_body("/no-such-page/"), "token_endpoint": huge_body("/api/auth/token/")}


# --- 5 ------------------------------------------------------------------------------------------


def probe_stuck_row_lock(game, other_game, player, token) -> dict:
    import psycopg

    browser = Browser(fake_ip(), session_for(player))
    lock = psycopg.connect(DATABASE_URL)
    lock.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
    lock.execute("SELECT 1 FROM accounts_user WHERE id = %s FOR UPDATE", [player.pk])
    out = {}

    def timed(name, method, path, **kw):
        t0 = time.perf_counter()
        answer = browser.request(method, path, **kw)
        out[name] = {
            "status": answer.status_code,
            "ms": round((time.perf_counter() - t0) * 1000),
            "says": answer.text[:120] if answer.status_code >= 400 else "",
        }

    try:
        timed("lobby", "GET", "/")
        timed("locked_game_page", "GET", f"/games/{game.pk}/")
        timed("other_game_page", "GET", f"/games/{other_game.pk}/")
        timed("my_games", "GET", "/my-games/")
        t0 = time.perf_counter()
        answer = call(
            "POST",
            f"/api/games/{game.pk}/moves/",
            json={"move": {"type": "pass"}, "version": game.version, "move_id": str(uuid.uuid4())},
            headers={"Authorization": f"Token {token}", **via_proxy(browser.ip)},
        )
        out["move_on_locked_game"] = {
            "status": answer.status_code,
            "ms": round((time.perf_counter() - t0) * 1000),
            "says": answer.text[:120],
        }
    finally:
        lock.rollback()
        lock.close()
    return out


# --- 6 ------------------------------------------------------------------------------------------


def probe_privacy(private_game, public_game, outsider) -> dict:
    browser = Browser(fake_ip(), session_for(outsider))
    api = {"Authorization": f"Token {token_for(outsider)}"}
    out = {}
    for label, game in (("invite_only", private_game), ("public", public_game)):
        g = game.pk
        out[label] = {
            "page": browser.request("GET", f"/games/{g}/").status_code,
            "board": browser.request("GET", f"/games/{g}/board/").status_code,
            "chat_page": browser.request("GET", f"/games/{g}/chat/").status_code,
            "api_view": call("GET", f"/api/games/{g}/", headers=api).status_code,
            "api_log": call("GET", f"/api/games/{g}/log/", headers=api).status_code,
            "api_chat": call("GET", f"/api/games/{g}/chat/", headers=api).status_code,
            "api_chat_post": call("POST", f"/api/games/{g}/chat/", headers=api, json={"text": "hi"}).status_code,
            "anonymous_api_view": call("GET", f"/api/games/{g}/").status_code,
        }
    # Guessing the ids around it: what an outsider can read.
    guessed = Counter(
        call("GET", f"/api/games/{g}/", headers=api).status_code
        for g in range(max(1, private_game.pk - 5), private_game.pk + 6)
    )
    out["guessed_ids_statuses"] = dict(guessed)
    return out


# --- 7 ------------------------------------------------------------------------------------------


def probe_signup_existing() -> dict:
    make_user("taken")
    ip = fake_ip()

    def api(email, name):
        a = call(
            "POST",
            "/api/auth/signup/",
            headers=via_proxy(ip),
            json={"username": name, "email": email, "password": PASSWORD},
        )
        body = a.json()
        body.pop("username", None)
        return a.status_code, body

    def page(email, name):
        a = Browser(ip).post_form(
            "/accounts/signup/", {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
        )
        return a.status_code, a.headers.get("Location")

    api_taken, api_new = api("taken@example.org", "newcomer1"), api("fresh1@example.org", "newcomer2")
    page_taken, page_new = page("taken@example.org", "newcomer3"), page("fresh2@example.org", "newcomer4")
    return {
        "api": {"taken": api_taken[0], "new": api_new[0], "answers_differ": api_taken != api_new},
        "page": {"taken": page_taken, "new": page_new, "answers_differ": page_taken != page_new},
    }


# --- 8 ------------------------------------------------------------------------------------------


def probe_bad_inputs(game, player) -> dict:
    out: dict = {}
    barrier = threading.Barrier(10)

    def same_name(i):
        barrier.wait()
        return call(
            "POST",
            "/api/auth/signup/",
            headers=via_proxy(fake_ip()),
            json={"username": "twin", "email": f"twin{i}@example.org", "password": PASSWORD},
        ).status_code

    with ThreadPoolExecutor(10) as pool:
        out["same_name_signups"] = dict(Counter(pool.map(same_name, range(10))))
    out["nul_in_player_name"] = {
        p: call("GET", p).status_code
        for p in ("/players/ann%00x/", "/rankings/players/ann%00x/", "/api/rankings/players/ann%00x/")
    }
    nested = "[" * 100000 + "]" * 100000
    out["nested_json_token"] = call(
        "POST", "/api/auth/token/", data=nested, headers={"Content-Type": "application/json", **via_proxy(fake_ip())}
    ).status_code
    out["nested_json_websocket"] = websocket_nested(game, player)
    api = {"Authorization": f"Token {token_for(player)}"}
    tournaments = {}
    for label, when in (("year_9999", "9999-12-31T23:59:00Z"), ("year_1", "0001-01-01T00:00:00Z")):
        a = call(
            "POST",
            "/api/rankings/tournaments/",
            headers=api,
            json={"name": f"edge {label}", "game_slug": "san-juan", "starts_at": when},
        )
        tournaments[label] = a.status_code
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(pk=player.pk).update(time_zone="Pacific/Kiritimati")
    tournaments["list_page_non_utc_user"] = (
        Browser(fake_ip(), session_for(player)).request("GET", "/rankings/tournaments/").status_code
    )
    out["calendar_end_tournaments"] = tournaments
    ids = {}
    for path in ("/api/games/abc/", "/api/tables/abc/", "/api/games/abc/log/", "/api/rankings/tournaments/abc/"):
        a = call("GET", path, headers=api)
        ids[path] = f"{a.status_code} {a.headers.get('Content-Type', '').split(';')[0]}"
    out["non_numeric_api_ids"] = ids
    return out


def websocket_nested(game, player) -> dict:
    import asyncio

    import websockets

    headers = {"Origin": "http://127.0.0.1", "Cookie": f"sessionid={session_for(player)}"}

    async def go():
        url = BASE[0].replace("http://", "ws://") + f"/ws/games/{game.pk}/"
        try:
            conn = websockets.connect(url, additional_headers=headers)
        except TypeError:
            conn = websockets.connect(url, extra_headers=headers)
        async with conn as ws:
            await ws.send("[" * 50000 + "]" * 50000)
            try:
                reply = await asyncio.wait_for(ws.recv(), 5)
                return {"reply": str(reply)[:120]}
            except websockets.ConnectionClosed as closed:
                return {"closed": closed.rcvd.code if closed.rcvd else None}
            except TimeoutError:
                await ws.send(json.dumps({"type": "ping"}))
                return {"reply": "none; still open", "after_ping": str(await asyncio.wait_for(ws.recv(), 5))[:80]}

    try:
        return asyncio.run(go())
    except Exception as exc:  # the socket refused: report how
        return {"error": f"{type(exc).__name__}: {exc}"[:160]}


# --- 9 ------------------------------------------------------------------------------------------


def probe_kills(web_pid: int, procs: dict, start_worker, start_beat) -> dict:
    from games.models import Game, Move, Player
    from games.services import tables
    from games.services.engines import get_engine
    from notifications.models import Notice

    out: dict = {}
    alice = make_user("alice")
    token = token_for(alice)
    table = tables.create_table(alice, "san-juan", 2, {}, bots=1)
    game = Game.objects.get(table=table)
    engine = get_engine("san-juan")
    accepted: dict[str, int] = {}
    failures = Counter()
    killed = []
    deadline = time.monotonic() + 40
    sent = 0
    while time.monotonic() < deadline and len(accepted) < 40:
        fresh = Game.objects.get(pk=game.pk)
        if fresh.status != Game.Status.ACTIVE:
            break
        me = Player.objects.get(game=game, user=alice)
        if not me.must_act:
            time.sleep(0.1)
            continue
        try:
            move = engine.bot_move(fresh.state, me.seat, random.Random(fresh.version))
        except ValueError:  # the bot moved between the two reads
            time.sleep(0.1)
            continue
        move_id = str(uuid.uuid4())
        for _attempt in range(5):
            if sent == 8 and not killed:
                children = [p for p in process_tree(web_pid) if p != web_pid]
                victim = children[-1]
                os.kill(victim, signal.SIGKILL)  # mid-stream: the next moves meet a dead worker
                killed.append(victim)
            sent += 1
            try:
                answer = call(
                    "POST",
                    f"/api/games/{game.pk}/moves/",
                    timeout=20,
                    json={"move": move, "version": fresh.version, "move_id": move_id},
                    headers={"Authorization": f"Token {token}", **via_proxy("10.0.0.9")},
                )
            except requests.RequestException as exc:
                failures[f"{type(exc).__name__} (sent again)"] += 1
                time.sleep(0.2)
                continue  # the same move again, under the same id
            if answer.status_code in (200, 201):
                accepted[move_id] = answer.json()["seq"]
            else:
                failures[answer.status_code] += 1
            break
    stored = dict(Move.objects.filter(game=game, client_id__in=list(accepted)).values_list("client_id", "seq"))
    stored = {str(k): v for k, v in stored.items()}
    until(
        lambda: (
            Player.objects.get(game=game, user=alice).must_act
            or Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE
        ),
        20,
    )
    bot_moves = Move.objects.filter(game=game, by_bot=True).count()
    # Stuck: the game is waiting for the bot alone (San Juan has phases where both seats act at once).
    bot_turn_left_waiting = (
        Player.objects.filter(game=game, user__isnull=True, must_act=True).exists()
        and not Player.objects.get(game=game, user=alice).must_act
        and Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    )
    out["web_worker_killed"] = {
        "killed_pids": killed,
        "moves_accepted": len(accepted),
        "accepted_moves_stored_with_their_seq": sum(stored.get(k) == v for k, v in accepted.items()),
        "attempts_not_accepted": dict(failures),
        "bot_moves": bot_moves,
        "game_left_waiting_for_the_bot_alone": bot_turn_left_waiting,
        "web_workers_after": len(process_tree(web_pid)) - 1,
    }

    # The worker dies right after the commit of a timeout, before anything that follows the commit runs.
    from datetime import timedelta

    from django.utils import timezone

    ann, ben = make_user("ann"), make_user("ben")
    table = tables.create_table(ann, "san-juan", 2)
    tables.join_table(table.pk, ben)
    tgame = Game.objects.get(table=table)
    late = Player.objects.filter(game=tgame, must_act=True).order_by("seat").first()
    Player.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    late.refresh_from_db()
    for name in ("beat", "worker"):
        stop(procs.pop(name))
    procs["dying"] = start_worker("dying", die_at="commit")
    from celery import Celery

    client = Celery(broker=REDIS_URL)
    client.send_task("games.tasks.apply_timeouts", args=[[[late.pk, late.deadline.isoformat(), tgame.pk]]])
    client.close()
    died = until(lambda: procs["dying"].poll() is not None, 40)
    timeouts_stored = Player.objects.get(pk=late.pk).timeouts
    notices_before = Notice.objects.filter(kind=Notice.Kind.TIMEOUT, game=tgame).count()
    procs["worker"], procs["beat"] = start_worker("worker"), start_beat()
    t0 = time.monotonic()
    until(lambda: Notice.objects.filter(kind=Notice.Kind.TIMEOUT, game=tgame).count() >= 2, 45)
    made_after = round(time.monotonic() - t0, 1)
    mail_dir = Path(os.environ["PROBE_MAIL_DIR"])
    out["worker_killed_after_timeout"] = {
        "worker_died": bool(died),
        "timeout_stored": timeouts_stored,
        "notices_before_restart": notices_before,
        "notices_after": Notice.objects.filter(kind=Notice.Kind.TIMEOUT, game=tgame).count(),
        "seconds_to_notices_after_restart": made_after,
        "timeout_emails": {a: settle_mails(mail_dir, f"{a}@example.org", 15, TIMEOUT_SUBJECT) for a in ("ann", "ben")},
        "timeout_email_message_ids": {
            a: message_ids(mail_dir, f"{a}@example.org", TIMEOUT_SUBJECT) for a in ("ann", "ben")
        },
    }
    return out


def until(check, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    return False


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def main() -> dict:
    mail_dir = Path(tempfile.mkdtemp(prefix="probe-mail-"))
    os.environ.update(
        {
            "TRUSTED_PROXY_COUNT": "1",
            "OUTBOX_GRACE_SECONDS": "1",
            "OUTBOX_SWEEP_SECONDS": "1",
            "OUTBOX_RETRY_SECONDS": "1",
            "EMAIL_URL": f"filemail:///{mail_dir}",
            "CELERY_VISIBILITY_TIMEOUT": "5",
            "PROBE_MAIL_DIR": str(mail_dir),
            "DATABASE_POOL_SIZE": "4",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env = prepare(DATABASE_URL, REDIS_URL)
    env = {**server_env(DATABASE_URL, REDIS_URL), **{k: os.environ[k] for k in ("DJANGO_SECRET_KEY",)}}
    # As a deployment does before it starts: the pages name their static files by the manifest.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    logs = ROOT / "var"
    logs.mkdir(exist_ok=True)
    beat_dir = Path(tempfile.mkdtemp(prefix="probe-beat-"))

    def start(name: str, argv: list[str]) -> subprocess.Popen:
        return subprocess.Popen(
            argv,
            cwd=ROOT,
            env={**env, "LOG_LEVEL": "INFO"},
            start_new_session=True,
            stdout=(logs / f"probe-{name}.log").open("ab"),
            stderr=subprocess.STDOUT,
        )

    def start_worker(name: str, die_at: str = "none") -> subprocess.Popen:
        return start(
            name,
            [
                sys.executable,
                "-m",
                "tests.support.die_at",
                die_at,
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "-l",
                "info",
                "-n",
                f"probe-{name}-{os.getpid()}@%h",
            ],
        )

    def start_beat() -> subprocess.Popen:
        return start(
            "beat",
            [sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "info", "-s", str(beat_dir / "schedule")],
        )

    from games.models import Game
    from games.services import tables

    summary: dict = {}
    procs = {"worker": start_worker("worker"), "beat": start_beat()}
    started = time.monotonic()
    try:
        with web_server(env, workers=2, log_name="probe-web.log") as (base, pid):
            BASE[0] = base
            owner, friend, outsider = make_user("owner"), make_user("friend"), make_user("outsider")
            private = tables.start_seated_game("san-juan", [owner, friend], private=True)
            public = tables.start_seated_game("san-juan", [owner, friend])
            steps = [
                ("1_signup_forged_xff", probe_signup_forged_xff),
                ("2_login_guessing", probe_login_guessing),
                ("3_reset_flood", lambda: probe_reset_flood(mail_dir)),
                ("4_huge_bodies", probe_huge_bodies),
                (
                    "5_stuck_row_lock",
                    lambda: probe_stuck_row_lock(Game.objects.get(pk=public.pk), private, owner, token_for(owner)),
                ),
                ("6_invite_only_privacy", lambda: probe_privacy(private, public, outsider)),
                ("7_signup_existing_email", probe_signup_existing),
                ("8_bad_inputs", lambda: probe_bad_inputs(public, owner)),
                ("9_kills", lambda: probe_kills(pid, procs, start_worker, start_beat)),
            ]
            for name, probe in steps:
                probe_now[0] = name
                t0 = time.monotonic()
                try:
                    summary[name] = probe()
                except Exception as exc:  # one broken probe must not hide the others' figures
                    summary[name] = {"probe_failed": f"{type(exc).__name__}: {exc}"[:300]}
                summary[name]["probe_seconds"] = round(time.monotonic() - t0, 1)
    finally:
        for proc in procs.values():
            stop(proc)
    summary["five_xx"] = {"total": sum(five_xx.values()), "by_probe": dict(five_xx)}
    summary["run_seconds"] = round(time.monotonic() - started, 1)
    summary["measured_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    print(json.dumps(summary, indent=2, sort_keys=True))
    return summary


if __name__ == "__main__":
    main()
