import functools
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Prefetch
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from games.models import ChatMessage, Game, Player, Table, TableSeat
from games.replay_serializers import ReplayStepSerializer
from games.serializers import (
    CatalogEntrySerializer,
    ChatSerializer,
    GameListSerializer,
    GameViewSerializer,
    InviteSerializer,
    LogLineSerializer,
    MoveResultSerializer,
    MoveSubmitSerializer,
    TableCreateSerializer,
    TableSerializer,
    TakeBackResultSerializer,
    TakeBackSerializer,
)
from games.services import audience, play, replay_steps, tables, take_back
from games.services.engines import available_engines
from games.services.log import log_entries
from games.services.moves import submit_move
from plumbing.api import ErrorSerializer

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}


class CatalogViewSet(viewsets.ViewSet):
    """The games that can be played, with their player counts and options."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=CatalogEntrySerializer(many=True))
    def list(self, request):
        return Response(_catalog(translation.get_language()))


def _translated_option(option: dict) -> dict:
    """An option's label, help and choice labels (message ids of the engine) in the active language."""
    return {
        **option,
        "label": _(option["label"]),
        "help": _(option["help"]) if option["help"] else "",
        "choices": [[value, _(label)] for value, label in option["choices"]],
    }


@functools.cache
def _catalog(language: str) -> list:
    """The catalog in one language: it only changes with a new release, and every page asks for it."""
    with translation.override(language):
        data = [
            {
                "slug": e.slug,
                "name": e.name,
                "min_players": e.min_players,
                "max_players": e.max_players,
                "players_help": _(e.players_help) if e.players_help else "",
                "options": [_translated_option(o.as_dict()) for o in e.options],
            }
            for e in available_engines()
        ]
        # Plain lists and dicts, so that lazy labels are rendered now, in this language.
        return json.loads(json.dumps(CatalogEntrySerializer(data, many=True).data, cls=DjangoJSONEncoder))


class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Tables: open ones are listed in the lobby; private ones only for invited players."""

    serializer_class = TableSerializer
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        user = self.request.user
        qs = Table.objects.select_related("owner", "game").prefetch_related(
            Prefetch("taken_seats", queryset=TableSeat.objects.select_related("user"))
        )
        qs = qs.filter(tables.visible_to(user)).distinct()
        if self.action == "list":
            qs = qs.filter(status=Table.Status.OPEN)
        return qs

    @extend_schema(request=TableCreateSerializer, responses={201: TableSerializer, 400: ErrorSerializer})
    def create(self, request):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = TableCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        table = tables.create_table(request.user, **data.validated_data)
        return Response(TableSerializer(self.get_queryset().get(pk=table.pk)).data, status=status.HTTP_201_CREATED)

    def _answer(self, table_id):
        return Response(TableSerializer(Table.objects.get(pk=table_id)).data)

    @extend_schema(request=None, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def join(self, request, pk=None):
        tables.join_table(int(pk), request.user)
        return self._answer(pk)

    @extend_schema(request=None, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def leave(self, request, pk=None):
        tables.leave_table(int(pk), request.user)
        return self._answer(pk)

    @extend_schema(request=InviteSerializer, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def invite(self, request, pk=None):
        data = InviteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tables.invite(int(pk), request.user, data.validated_data["username"])
        return self._answer(pk)

    @extend_schema(request=None, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"], url_path="add-bot", permission_classes=[permissions.IsAuthenticated])
    def add_bot(self, request, pk=None):
        tables.add_bot(int(pk), request.user)
        return self._answer(pk)

    @extend_schema(request=None, responses={200: TableSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def cancel(self, request, pk=None):
        tables.cancel_table(int(pk), request.user)
        return self._answer(pk)


class GameViewSet(viewsets.GenericViewSet):
    """Games: the caller's games, the caller's view, legal moves, moves, log, chat, resigning."""

    serializer_class = GameListSerializer
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        return Game.objects.prefetch_related(Prefetch("players", queryset=Player.objects.select_related("user")))

    @extend_schema(responses=GameListSerializer(many=True))
    def list(self, request):
        """The caller's games; those where it is the caller's turn come first."""
        if not request.user.is_authenticated:
            self.permission_denied(request)
        games = sorted(
            self.get_queryset().filter(players__user=request.user, players__is_bot=False).distinct(),
            key=lambda g: (
                g.status != Game.Status.ACTIVE,
                not any(p.user_id == request.user.id and p.must_act for p in g.players.all()),
                -g.updated_at.timestamp(),
            ),
        )
        page = self.paginate_queryset(games)
        return self.get_paginated_response(GameListSerializer(page, many=True, context={"request": request}).data)

    @extend_schema(responses=GameViewSerializer)
    def retrieve(self, request, pk=None):
        # game_view builds plain JSON data already; the serializer documents its shape.
        return Response(play.read_game_view(pk, request.user))

    @extend_schema(
        responses=inline_serializer(
            "LegalMoves",
            {"version": serializers.IntegerField(), "moves": serializers.ListField(child=serializers.DictField())},
        )
    )
    @action(detail=True, methods=["get"], url_path="legal-moves")
    def legal_moves(self, request, pk=None):
        game = audience.game_or_404(pk, request.user)
        view = play.game_view(game, request.user)
        return Response({"version": view["version"], "moves": view["legal_moves"]})

    @extend_schema(
        request=MoveSubmitSerializer, responses={200: MoveResultSerializer, 201: MoveResultSerializer, **ERRORS}
    )
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def moves(self, request, pk=None):
        data = MoveSubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        outcome = submit_move(
            int(pk), request.user, v["move"], version=v["version"], move_id=v.get("move_id"), seat=v.get("seat")
        )
        body = {
            "version": outcome.game.version,
            "seq": outcome.move.seq,
            "repeated": outcome.repeated,
            "status": outcome.game.status,
        }
        return Response(body, status=status.HTTP_200_OK if outcome.repeated else status.HTTP_201_CREATED)

    @extend_schema(request=TakeBackSerializer, responses={200: TakeBackResultSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def undo(self, request, pk=None):
        """Take back your last move of your turn, while it showed nothing new (the game's rules say
        which moves qualify; the game view's ``can_take_back`` says whether one does now); or, in a
        live game of two people, ask the opponent's leave to take back a move that passed the turn,
        and accept or decline such a request. 409 with the reason when it is not possible; then
        nothing changes."""
        data = TakeBackSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        version, kind = data.validated_data["version"], data.validated_data["request"]
        if kind in ("accept", "decline"):
            game = take_back.answer(int(pk), request.user, version=version, accept=kind == "accept")
        elif kind == "ask":
            game = take_back.ask(int(pk), request.user, version=version)
        else:
            game = take_back.take_back(int(pk), request.user, version=version)
        seat = play.seat_of(game, request.user)
        body = {"version": game.version, "status": game.status, "can_take_back": take_back.offered(game, seat)}
        return Response(body)

    @extend_schema(
        responses=LogLineSerializer(many=True),
        parameters=[OpenApiParameter("after", int, description="only lines of moves after this sequence number")],
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def log(self, request, pk=None):
        game = audience.game_or_404(pk, request.user)
        after = request.query_params.get("after", "0")
        after = int(after) if after.isdigit() else 0
        return Response(LogLineSerializer(log_entries(game, play.seat_of(game, request.user), after), many=True).data)

    @extend_schema(methods=["GET"], responses=ChatSerializer(many=True))
    @extend_schema(methods=["POST"], request=ChatSerializer, responses={201: ChatSerializer, **ERRORS})
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def chat(self, request, pk=None):
        game = audience.game_or_404(pk, request.user)
        if request.method == "POST":
            if not request.user.is_authenticated:
                self.permission_denied(request)
            data = ChatSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            message = play.post_chat(game, request.user, data.validated_data["text"])
            return Response(ChatSerializer(message).data, status=status.HTTP_201_CREATED)
        messages = ChatMessage.objects.filter(game=game).select_related("user")
        return Response(ChatSerializer(messages, many=True).data)

    @extend_schema(request=None, responses={200: GameViewSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def resign(self, request, pk=None):
        game = play.resign(int(pk), request.user)
        return Response(play.game_view(game, request.user))

    @extend_schema(
        summary="The game after one step of its replay",
        responses={200: ReplayStepSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
        parameters=[
            OpenApiParameter(
                "step", int, OpenApiParameter.PATH, description="moves played, from 0 (the set-up) to last_step"
            )
        ],
    )
    @action(detail=True, methods=["get"], url_path=r"steps/(?P<step>[^/.]+)", pagination_class=None)
    def steps(self, request, pk=None, step=None):
        """What the caller saw after ``step`` moves: while the game runs their seat's view then (a
        spectator's, for others), once it is over everything; private games as their page."""
        game = replay_steps.readable_game(pk, request.user)
        return Response(replay_steps.step_view(game, request.user, step))
