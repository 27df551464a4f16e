from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from games.forms import ChatForm, InviteForm, TableForm
from games.models import ChatMessage, Game, Table, TableSeat
from games.services import audience, play, tables
from games.services import my_games as my_games_service
from games.services.describe import options_text
from games.services.engines import available_engines, get_engine
from games.services.errors import ServiceError
from games.services.log import log_entries, render_event
from games.services.results import seatless_standings

User = get_user_model()


def _open_tables(user):
    qs = (
        Table.objects.filter(status=Table.Status.OPEN)
        .select_related("owner")
        .prefetch_related(Prefetch("taken_seats", queryset=TableSeat.objects.select_related("user")))
    )
    tables_ = list(qs.filter(tables.visible_to(user)).distinct())
    names = {e.slug: e.name for e in available_engines()}
    for t in tables_:
        t.game_name = names.get(t.game_slug, t.game_slug)
        t.description = options_text(t.game_slug, t.options)
        t.free = t.seats - len(t.taken_seats.all())
        t.is_mine = user.is_authenticated and any(s.user_id == user.id for s in t.taken_seats.all())
    return tables_


@vary_on_headers("HX-Request", "HX-Target")
def lobby(request):
    # htmx asks again for one part of the page when the lobby's socket says it changed.
    if request.htmx.target == "my-turn":
        games = my_games_service.games_of(request.user, active_only=True) if request.user.is_authenticated else []
        return render(request, "games/_my_turn.html", {"my_turn": games})
    if request.htmx:
        return render(request, "games/_table_list.html", {"tables": _open_tables(request.user)})
    context = {"tables": _open_tables(request.user), "engines": available_engines()}
    if request.user.is_authenticated:
        context["my_turn"] = my_games_service.games_of(request.user, active_only=True)
    return render(request, "games/lobby.html", context)


@login_required
def new_table(request):
    engines = available_engines()
    if not engines:
        messages.error(request, _("No games are installed yet."))
        return redirect("lobby")
    slug = request.POST.get("game_slug") or request.GET.get("game") or engines[0].slug
    try:
        engine = get_engine(slug)
    except KeyError:
        raise Http404(_("Unknown game.")) from None
    form = TableForm(engines, engine, request.POST if request.method == "POST" and "create" in request.POST else None)
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        try:
            table = tables.create_table(
                request.user,
                engine.slug,
                d["seats"],
                form.options(),
                time_control=d["time_control"],
                days_per_move=d["days_per_move"],
                minutes_per_player=d["minutes_per_player"],
                invited_only=d["invited_only"],
                rated=d["rated"],
                bots=d["bots"],
                increment_seconds=d["increment_seconds"],
                timeout_policy=d["timeout_policy"],
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("table", table.pk)
    return render(request, "games/new_table.html", {"form": form, "engine": engine})


@vary_on_headers("HX-Request")
def table_detail(request, pk: int):
    table = get_object_or_404(Table.objects.select_related("owner"), pk=pk)
    user = request.user
    if not tables.may_see(table, user):
        raise Http404
    if table.status == Table.Status.STARTED and hasattr(table, "game"):
        if request.htmx:  # the seats' refresh follows the whole page to the game
            return HttpResponseClientRedirect(reverse("game", args=[table.game.pk]))
        return redirect("game", table.game.pk)
    engine = get_engine(table.game_slug)
    seats = list(table.taken_seats.select_related("user"))
    context = {
        "table": table,
        "engine": engine,
        "seats": seats,
        "free": range(table.seats - len(seats)),
        "sitting": user.is_authenticated and any(s.user_id == user.id for s in seats),
        "is_owner": user.is_authenticated and table.owner_id == user.id,
        "can_join": user.is_authenticated and tables.can_join(table, user),
        "invitations": table.invitations.select_related("user"),
        "invite_form": InviteForm(),
        "options": _option_labels(engine, table.options),
        "description": options_text(table.game_slug, table.options),
    }
    return render(request, "games/_table_seats.html" if request.htmx else "games/table.html", context)


def _option_labels(engine, options: dict) -> list[tuple[str, str]]:
    out = []
    for opt in engine.options:
        value = options.get(opt.name, opt.default)
        if opt.kind == "choice":
            shown = next((_(label) for v, label in opt.choices if v == value), value)
        else:
            shown = _("yes") if value else _("no")
        out.append((_(opt.label), shown))
    return out


@login_required
@require_POST
def table_action(request, pk: int, action: str):
    handlers = {
        "join": lambda: tables.join_table(pk, request.user),
        "leave": lambda: tables.leave_table(pk, request.user),
        "add-bot": lambda: tables.add_bot(pk, request.user),
        "fill-bots": lambda: tables.fill_with_bots(pk, request.user),
        "cancel": lambda: tables.cancel_table(pk, request.user),
        "invite": lambda: tables.invite(pk, request.user, request.POST.get("username", "")),
    }
    if action not in handlers:
        raise Http404
    try:
        handlers[action]()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        done = {
            "join": _("You have taken a seat."),
            "leave": _("You have left the table."),
            "add-bot": _("A bot has taken a seat."),
            "fill-bots": _("Bots have taken the free seats."),
            "cancel": _("The table has been cancelled."),
            "invite": _("The invitation has been sent."),
        }
        messages.success(request, done[action])
    if action == "cancel":
        return redirect("lobby")
    return redirect("table", pk)


def _board_context(request, game: Game) -> dict:
    data = play.game_view(game, request.user)
    engine = get_engine(game.game_slug)
    template = select_template([f"games/{game.game_slug}/{engine.board_template}", "games/generic_board.html"])
    names = {p["seat"]: p["name"] for p in data["players"]}
    state = game.state
    moves = [
        {"move": m, "label": render_event(engine.move_label(state, data["seat"], m), names)}
        for m in data["legal_moves"]
    ]
    # Moves about one card are shown on that card; the rest in the decision bar.
    by_card: dict = {}
    for m in moves:
        if isinstance(m["move"].get("card"), int):
            by_card.setdefault(m["move"]["card"], []).append(m)
    return {
        "moves_by_card": by_card,
        "other_moves": [m for m in moves if not isinstance(m["move"].get("card"), int)],
        "game": game,
        "data": data,
        "view": data["view"],
        "seat": data["seat"],
        "players": data["players"],
        "board_template": template.template.name,
        "labelled_moves": moves,
        "description": options_text(game.game_slug, game.options),
        "standings": _standings(data),
        "log": log_entries(game, data["seat"]),
        "me": next((p for p in data["players"] if p["seat"] == data["seat"]), None),
        "to_act_names": [p["name"] for p in data["players"] if p["must_act"]],
        "take_back_asker": next((p["name"] for p in data["players"] if p["seat"] == data["take_back_asked_by"]), None),
    }


def _standings(data: dict) -> list[dict]:
    """The final ranking: the seats and the opponents the engine plays without one (Iwan)."""
    if not data["result"]:
        return []
    rows = [
        {"rank": p["rank"], "name": p["name"], "score": p["score"], "seat": p["seat"], "is_bot": p["is_bot"]}
        for p in data["players"]
    ]
    rows += [
        {**row, "name": _(row["name"]), "seat": None, "is_bot": True}
        for row in seatless_standings(data["result"], len(data["players"]))
    ]
    return sorted(rows, key=lambda r: (r["rank"] is None, r["rank"] or 0))


def game_page(request, pk: int):
    game = audience.game_or_404(pk, request.user)
    context = _board_context(request, game)
    context["chat"] = ChatMessage.objects.filter(game=game).select_related("user")
    context["chat_form"] = ChatForm()
    if context["seat"] is not None and game.status == Game.Status.ACTIVE:
        context["resign_ends_game"] = play.resignation_ends_game(game, request.user)
    return render(request, "games/game.html", context)


def game_board(request, pk: int):
    game = audience.game_or_404(pk, request.user)
    return render(request, "games/_board_area.html", _board_context(request, game))


def game_chat(request, pk: int):
    game = audience.game_or_404(pk, request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("login")
        form = ChatForm(request.POST)
        if form.is_valid():
            try:
                play.post_chat(game, request.user, form.cleaned_data["text"])
            except ServiceError as exc:
                messages.error(request, exc.message)
        if not request.htmx:
            return redirect("game", pk)
    chat = ChatMessage.objects.filter(game=game).select_related("user")
    # After a post the form comes back empty too, out of band (games/_chat_form.html).
    return render(request, "games/_chat.html", {"game": game, "chat": chat, "posted": request.method == "POST"})


@login_required
@require_POST
def resign(request, pk: int):
    try:
        game = play.resign(pk, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(
            request,
            _("You have resigned. A bot plays your seat to the end.")
            if game.status == Game.Status.ACTIVE
            else _("You have resigned. The game is over."),
        )
    return redirect("game", pk)


@login_required
@vary_on_headers("HX-Request")
def my_games(request):
    games = my_games_service.games_of(request.user)
    active = [g for g in games if g.status == Game.Status.ACTIVE]
    finished = [g for g in games if g.status != Game.Status.ACTIVE]
    finished.sort(key=lambda g: g.last_change, reverse=True)
    template = "games/_my_games.html" if request.htmx else "games/my_games.html"
    return render(request, template, {"active": active, "finished": finished[:50]})


def profile(request, username: str):
    person = get_object_or_404(User, username=username)
    games = my_games_service.games_of(person, viewer=request.user)
    active = [g for g in games if g.status == Game.Status.ACTIVE]
    finished = sorted(
        (g for g in games if g.status == Game.Status.FINISHED),
        key=lambda g: g.last_change,
        reverse=True,
    )
    wins = sum(1 for g in finished if g.me.rank == 1)
    return render(
        request,
        "games/profile.html",
        {
            "person": person,
            "active": active,
            "finished": finished[:50],
            "wins": wins,
            "played": len(finished),
        },
    )
