"""The benchmark's players sign in to this tree's hashed tokens and to DRF's tokens of the code before them."""

from __future__ import annotations

import sys

import pytest
from rest_framework.authtoken.models import Token

from accounts.authentication import CachedTokenAuthentication
from bench.common import ROOT

sys.path.insert(0, str(ROOT / "bench"))  # the scripts import each other by module name, as when run from bench/
from server import make_players  # noqa: E402

pytestmark = pytest.mark.django_db


def test_each_player_key_signs_in_with_this_trees_tokens():
    players = make_players(2, prefix="signin")
    for user, key in players:
        signed_in, _token = CachedTokenAuthentication().authenticate_credentials(key.encode())
        assert signed_in.pk == user.pk


def test_the_same_key_is_a_drf_token_for_the_code_before_hashed_tokens():
    players = make_players(2, prefix="drf")
    stored = dict(Token.objects.filter(user__in=[u for u, _ in players]).values_list("user_id", "key"))
    assert stored == {u.pk: key for u, key in players}
    assert all(len(key) == 40 for _, key in players)
