"""Run a Celery worker or a web process that dies (``os._exit``, no clean-up) at a named point, once.

    python -m tests.support.die_at <point> celery -A config worker ...
    python -m tests.support.die_at <point> uvicorn <host> <port>

Points:
  commit       the first commit that has work waiting for it: right after the change is stored,
               before anything that follows the commit runs
  smtp-before  when an email is to be handed to the mail server, before it is
  smtp-after   right after the mail server took an email
  response     right after a web request's answer was sent, before the work left for after it
  bot-move     when a bot is about to choose its move, in the bot loop (under the loop's lease)
  none         never (the program as it is)
"""

from __future__ import annotations

import os
import sys


def _die(point: str) -> None:
    sys.stderr.write(f"dying at {point}\n")
    sys.stderr.flush()
    os._exit(9)


def install(point: str) -> None:
    if point == "commit":
        from django.db.backends.base.base import BaseDatabaseWrapper

        original_hooks = BaseDatabaseWrapper.run_and_clear_commit_hooks

        def run_and_clear_commit_hooks(self):
            if self.run_on_commit:
                _die(point)
            return original_hooks(self)

        BaseDatabaseWrapper.run_and_clear_commit_hooks = run_and_clear_commit_hooks
    elif point in ("smtp-before", "smtp-after"):
        from django.core.mail.backends.smtp import EmailBackend

        original_send = EmailBackend.send_messages

        def send_messages(self, messages):
            if point == "smtp-before":
                _die(point)
            sent = original_send(self, messages)
            _die(point)
            return sent

        EmailBackend.send_messages = send_messages
    elif point == "response":
        from plumbing import deferred

        deferred.run = lambda tasks: _die(point)
    elif point == "bot-move":
        from celery.signals import task_prerun

        def patch_bots(**kwargs) -> None:  # once Django is set up: the worker runs its first task
            from games.services import bots

            bots._play_one = lambda game_id: _die(point)

        task_prerun.connect(patch_bots, weak=False)
    elif point != "none":
        raise SystemExit(f"unknown point {point}")


if __name__ == "__main__":
    point, program, *args = sys.argv[1:]
    install(point)
    if program == "celery":
        from celery.__main__ import main

        sys.argv = ["celery", *args]
        sys.exit(main())
    elif program == "uvicorn":
        import uvicorn

        host, port = args
        uvicorn.run(
            "config.asgi:application", host=host, port=int(port), lifespan="off", access_log=False, proxy_headers=False
        )
    else:
        raise SystemExit(f"unknown program {program}")
