from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.services.engines import available_engines, get_engine
from games.services.errors import ServiceError
from rankings.forms import BoardFilterForm, InviteForm, TournamentForm
from rankings.models import Rating, RatingChange, Tournament
from rankings.services import charts, leaderboards, players, tournaments
from rankings.services.elo import K_ESTABLISHED, K_PROVISIONAL, PROVISIONAL_GAMES

User = get_user_model()
PER_PAGE = 50


def _game_names() -> dict[str, str]:
    return {e.slug: e.name for e in available_engines()}


def leaderboard(request, slug: str | None = None):
    names = _game_names()
    if slug is not None and slug not in names:
        raise Http404(_("Unknown game."))
    filters = BoardFilterForm(request.GET or None)
    period, min_games = filters.values()
    rows = leaderboards.game_board(slug, period, min_games) if slug else leaderboards.overall_board(period, min_games)
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    mine = next((r for r in rows if r.user_id == request.user.pk), None) if request.user.is_authenticated else None
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "rankings/leaderboard.html",
        {
            "slug": slug,
            "game_name": names.get(slug) if slug else None,
            "names": names,
            "filters": filters,
            "page": page,
            "mine": mine,
            "my_page": (mine.rank - 1) // PER_PAGE + 1 if mine else None,
            "query": query.urlencode(),
            "provisional_games": PROVISIONAL_GAMES,
            "best_of": leaderboards.OVERALL_BEST_OF,
            "k_provisional": int(K_PROVISIONAL),
            "k_established": int(K_ESTABLISHED),
        },
    )


@dataclass(frozen=True)
class RatingPanel:
    """One game's rating on a player's page: the figures, the chart and the latest games."""

    game_slug: str
    name: str
    rating: Rating
    provisional: bool
    chart: charts.Chart | None
    recent: list[RatingChange]


def _panel(g: players.GameRating, name: str) -> RatingPanel:
    h = g.history
    chart = charts.rating_chart(
        [c.after for c in h],
        h[0].played_at.date().isoformat() if h else "",
        h[-1].played_at.date().isoformat() if h else "",
    )
    return RatingPanel(g.game_slug, name, g.rating, g.provisional, chart, list(reversed(h[-10:])))


def player_ratings(request, username: str):
    person = get_object_or_404(User, username=username)
    names = _game_names()
    per_game = [
        _panel(g, names.get(g.game_slug, g.game_slug)) for g in players.ratings_with_history(person, request.user)
    ]
    return render(
        request,
        "rankings/player.html",
        {
            "person": person,
            "per_game": per_game,
            "opponents": players.frequent_opponents(person),
            "overall": leaderboards.overall_score([g.rating.rating for g in per_game]) if per_game else None,
            "provisional_games": PROVISIONAL_GAMES,
        },
    )


def tournament_list(request):
    qs = tournaments.visible_tournaments(request.user)
    names = _game_names()
    groups = []
    for status, title in (
        (Tournament.Status.REGISTRATION, _("Open for registration")),
        (Tournament.Status.RUNNING, _("Running")),
        (Tournament.Status.FINISHED, _("Finished")),
    ):
        items = list(qs.filter(status=status)[:50])
        for t in items:
            t.game_name = names.get(t.game_slug, t.game_slug)
        groups.append((status, title, items))
    return render(request, "rankings/tournament_list.html", {"groups": groups})


@login_required
def tournament_new(request):
    engines = available_engines()
    if not engines:
        messages.error(request, _("No games are installed yet."))
        return redirect("rankings:tournaments")
    slug = request.POST.get("game_slug") or request.GET.get("game") or engines[0].slug
    try:
        engine = get_engine(slug)
    except KeyError:
        raise Http404(_("Unknown game.")) from None
    form = TournamentForm(engine, request.POST if request.method == "POST" and "create" in request.POST else None)
    if form.is_bound and form.is_valid():
        try:
            t = tournaments.create_tournament(request.user, **form.service_kwargs())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("The tournament is open for registration."))
            return redirect("rankings:tournament", t.pk)
    return render(request, "rankings/tournament_form.html", {"form": form, "engine": engine, "engines": engines})


def _visible_or_404(request, pk: int) -> Tournament:
    t = tournaments.visible_tournaments(request.user).filter(pk=pk).first()
    if t is None:
        raise Http404
    return t


def _option_summary(slug: str, options: dict) -> list[tuple[str, str]]:
    """(label, shown value) for each engine option, in the engine's order."""
    try:
        engine = get_engine(slug)
    except KeyError:
        return []
    out = []
    for opt in engine.options:
        value = options.get(opt.name, opt.default)
        if opt.kind == "choice":
            shown = next((_(label) for v, label in opt.choices if v == str(value)), str(value))
        else:
            shown = _("yes") if value else _("no")
        out.append((_(opt.label), shown))
    return out


def tournament_detail(request, pk: int):
    t = _visible_or_404(request, pk)
    user = request.user
    mine = t.entries.filter(user=user).first() if user.is_authenticated else None
    return render(
        request,
        "rankings/tournament_detail.html",
        {
            "t": t,
            "game_name": _game_names().get(t.game_slug, t.game_slug),
            "option_summary": _option_summary(t.game_slug, t.options),
            "standings": tournaments.standings(t),
            "rounds": tournaments.rounds_overview(t),
            "total_rounds": tournaments.total_rounds(t),
            "my_entry": mine,
            "can_register": (
                user.is_authenticated
                and mine is None
                and t.status == Tournament.Status.REGISTRATION
                and tournaments.can_register(t, user)
            ),
            "is_organiser": user.is_authenticated and t.organiser_id == user.pk,
            "invite_form": InviteForm(),
        },
    )


ACTIONS = {
    "register": (lambda pk, user, post: tournaments.register(pk, user), gettext_lazy("You are registered.")),
    "withdraw": (lambda pk, user, post: tournaments.withdraw(pk, user), gettext_lazy("You have withdrawn.")),
    "start": (lambda pk, user, post: tournaments.start(pk, by=user), gettext_lazy("The tournament has started.")),
    "invite": (
        lambda pk, user, post: tournaments.invite(pk, user, post.get("username", "")),
        gettext_lazy("The invitation is sent."),
    ),
}


@login_required
@require_POST
def tournament_action(request, pk: int, action: str):
    _visible_or_404(request, pk)
    if action not in ACTIONS:
        raise Http404
    run, done = ACTIONS[action]
    try:
        run(pk, request.user, request.POST)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("rankings:tournament", pk)
