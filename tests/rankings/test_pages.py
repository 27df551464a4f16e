from datetime import timedelta

import pytest
from django.utils import timezone

from games.rules_pages import rules_link
from rankings.models import Rating, Tournament
from rankings.services import tournaments
from rankings.services.ratings import process_pending
from tests.factories import make_user
from tests.rankings.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated_players():
    ann, ben, cid = make_user("ann"), make_user("ben"), make_user("cid")
    finished_game("toy", [(ann, 1), (ben, 2), (cid, 3)], minutes=0)
    finished_game("toy", [(ann, 1), (ben, 2)], minutes=1)
    finished_game("toy", [(cid, 1), (ann, 2)], minutes=2)
    process_pending()
    return ann, ben, cid


def test_leaderboard_highlights_the_signed_in_players_row(client, rated_players):
    ann, ben, cid = rated_players
    client.force_login(ben)
    html = client.get("/rankings/games/toy/").content.decode()
    assert html.count('class="me"') == 1
    row = html.split('class="me"')[1].split("</tr>")[0]
    assert "ben" in row and "prov." in row
    assert "Your place: 3" in html or "Your place: 2" in html
    assert "first 10 games" in html
    assert "/rankings/players/ann/" in html


def test_leaderboard_filters_and_pages(client, rated_players):
    Rating.objects.filter(user__username="cid").update(last_played=timezone.now() - timedelta(days=100))
    Rating.objects.exclude(user__username="cid").update(last_played=timezone.now())
    html = client.get("/rankings/games/toy/?period=30").content.decode()
    assert "/rankings/players/ann/" in html and "/rankings/players/cid/" not in html
    html = client.get("/rankings/games/toy/?min_games=3").content.decode()
    assert "/rankings/players/ann/" in html and "/rankings/players/ben/" not in html
    for i in range(60):
        Rating.objects.create(user=make_user(f"u{i:02}"), game_slug="toy", rating=1400 + i, games=1)
    first = client.get("/rankings/games/toy/").content.decode()
    second = client.get("/rankings/games/toy/?page=2").content.decode()
    assert "Page 1 of 2" in first and "/rankings/players/u00/" in second
    assert client.get("/rankings/games/no-such-game/").status_code == 404


def test_overall_ranking_averages_three_best_games_with_a_baseline(client, rated_players):
    ann = rated_players[0]
    Rating.objects.create(user=ann, game_slug="other", rating=1650, games=12)
    from rankings.services.leaderboards import overall_board

    row = next(r for r in overall_board() if r.username == "ann")
    toy = Rating.objects.get(user=ann, game_slug="toy").rating
    assert row.rating == pytest.approx((1650 + toy + 1500) / 3)
    html = client.get("/rankings/").content.decode()
    assert "Overall ranking" in html and "average of your 3 best ratings" in html


def test_player_page_draws_a_chart_and_lists_opponents(client, rated_players):
    html = client.get("/rankings/players/ann/").content.decode()
    assert "<svg" in html and "<polyline" in html and "Rating history in Toy" in html
    opponents = html.split("Against frequent opponents")[1]
    assert "/rankings/players/ben/" in opponents and "/rankings/players/cid/" in opponents
    assert client.get("/rankings/players/nobody/").status_code == 404


def test_nav_links_to_rankings_and_tournaments(client):
    html = client.get("/").content.decode()
    assert 'href="/rankings/"' in html and 'href="/rankings/tournaments/"' in html


def test_organising_a_tournament_through_the_pages(client):
    org = make_user("org")
    client.force_login(org)
    assert client.get("/rankings/tournaments/new/?game=toy").status_code == 200
    start = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "create": "1",
        "game_slug": "toy",
        "name": "Cup",
        "format": "swiss",
        "table_size": "3",
        "rounds": "2",
        "group_size": "4",
        "starts_at": start,
        "time_control": "correspondence",
        "days_per_move": "3",
        "minutes_per_player": "20",
        "rated": "on",
        "opt_target": "21",
        "opt_sudden_death": "on",
    }
    response = client.post("/rankings/tournaments/new/", form)
    assert response.status_code == 200 and "Sudden death is only for one or two players." in response.content.decode()
    form.pop("opt_sudden_death")
    response = client.post("/rankings/tournaments/new/", form)
    t = Tournament.objects.get()
    assert response.status_code == 302 and response.url == f"/rankings/tournaments/{t.pk}/"
    ann = make_user("ann")
    client.force_login(ann)
    client.post(f"/rankings/tournaments/{t.pk}/register/")
    html = client.get(f"/rankings/tournaments/{t.pk}/").content.decode()
    assert "You are registered." in html and "Withdraw" in html
    client.post(f"/rankings/tournaments/{t.pk}/start/")
    assert "Only the organiser" in client.get(f"/rankings/tournaments/{t.pk}/").content.decode()
    client.force_login(org)
    client.post(f"/rankings/tournaments/{t.pk}/register/")
    client.post(f"/rankings/tournaments/{t.pk}/start/")
    html = client.get(f"/rankings/tournaments/{t.pk}/").content.decode()
    assert "Round 1" in html and "Buchholz" in html and "Target: 21, Sudden death: no" in html
    game_id = t.round_set.get().pairings.get().game_id
    assert f'href="/games/{game_id}/"' in html
    assert "Cup" in client.get("/rankings/tournaments/").content.decode()


def test_invitation_only_tournaments_are_hidden_from_others(client):
    org = make_user("org")
    t = tournaments.create_tournament(
        org, name="Private", game_slug="toy", invited_only=True, starts_at=timezone.now() + timedelta(days=1)
    )
    assert client.get(f"/rankings/tournaments/{t.pk}/").status_code == 404
    ann = make_user("ann")
    tournaments.invite(t.pk, org, "ann")
    client.force_login(ann)
    assert "Register" in client.get(f"/rankings/tournaments/{t.pk}/").content.decode()


def test_the_rating_chart_draws_with_decimal_points_on_a_german_page(client, rated_players):
    import re

    ann = rated_players[0]
    ann.language = "de"
    ann.save(update_fields=["language"])
    client.force_login(ann)
    html = client.get("/rankings/players/ann/").content.decode()
    assert "Wertungsverlauf" in html or "<svg" in html
    points = re.search(r'<polyline class="line" points="([^"]+)"', html).group(1).split()
    assert len(points) == 4 and all(re.fullmatch(r"\d+(\.\d)?,\d+(\.\d)?", p) for p in points), points
    for attr in ("cx", "cy", "y1", "y"):
        for value in re.findall(rf' {attr}="([^"]+)"', html.split("<svg", 1)[1].split("</svg>")[0]):
            assert re.fullmatch(r"-?\d+(\.\d)?", value), (attr, value)


def test_the_german_tournament_form_shows_its_default_start(client):
    import re

    client.force_login(make_user("org", language="de"))
    html = client.get("/rankings/tournaments/new/?game=toy").content.decode()
    field = re.search(r'<input type="datetime-local" name="starts_at"[^>]*>', html).group(0)
    assert re.search(r'value="\d{4}-\d\d-\d\dT\d\d:\d\d"', field), field
    expected = timezone.localtime(timezone.now() + timedelta(days=7)).strftime("%Y-%m-%d")
    assert expected in field


def _options_fieldset(html: str) -> str:
    start = html.index("<fieldset><legend>Sankt Petersburg options</legend>")
    return html[start : html.index("</fieldset>", start)]


def test_the_tournament_form_offers_the_game_options_as_the_table_form_does(client):
    client.force_login(make_user("org"))
    table = _options_fieldset(client.get("/tables/new/?game=sankt-petersburg").content.decode())
    tournament = _options_fieldset(client.get("/rankings/tournaments/new/?game=sankt-petersburg").content.decode())
    assert tournament == table
    assert 'name="opt_market"' in table and f'href="{rules_link("sankt-petersburg")["url"]}"' in table
