from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services.engines import available_engines
from plumbing.api import ErrorSerializer
from rankings.forms import BoardFilterForm
from rankings.serializers import (
    LeaderRowSerializer,
    PlayerRatingsSerializer,
    TournamentCreateSerializer,
    TournamentInviteSerializer,
    TournamentSerializer,
    TournamentStandingsSerializer,
)
from rankings.services import leaderboards, players, tournaments

User = get_user_model()
ERRORS = {400: ErrorSerializer, 403: ErrorSerializer}
BOARD_PARAMS = [
    OpenApiParameter(
        "period", str, enum=list(leaderboards.PERIODS), description="By last played: all, 30 or 365 days."
    ),
    OpenApiParameter("min_games", int, description="Only players with at least this many rated games."),
]


class OverallLeaderboard(generics.ListAPIView):
    """The overall ranking: the average of each player's three best per-game ratings (missing games at 1500)."""

    serializer_class = LeaderRowSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self):
        period, min_games = BoardFilterForm(self.request.query_params).values()
        return self.rows(period, min_games)

    def rows(self, period, min_games):
        return leaderboards.overall_board(period, min_games)

    @extend_schema(parameters=BOARD_PARAMS, operation_id="rankings_leaderboard_overall")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class GameLeaderboard(OverallLeaderboard):
    """One game's Elo leaderboard."""

    def rows(self, period, min_games):
        slug = self.kwargs["slug"]
        if slug not in {e.slug for e in available_engines()}:
            raise Http404
        return leaderboards.game_board(slug, period, min_games)

    @extend_schema(
        parameters=[*BOARD_PARAMS, OpenApiParameter("slug", str, OpenApiParameter.PATH)],
        operation_id="rankings_leaderboard_game",
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class PlayerRatings(APIView):
    """A player's ratings per game with full history, and results against frequent opponents."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerRatingsSerializer)
    def get(self, request, username: str):
        person = get_object_or_404(User, username=username)
        per_game = players.ratings_with_history(person, viewer=request.user)
        data = {
            "username": person.username,
            "games": per_game,
            "opponents": players.frequent_opponents(person),
            "overall": leaderboards.overall_score([g.rating.rating for g in per_game]) if per_game else None,
        }
        return Response(PlayerRatingsSerializer(data).data)


class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Tournaments: create (any signed-in user), register, withdraw, start early, invite, standings."""

    serializer_class = TournamentSerializer

    def get_queryset(self):
        return tournaments.visible_tournaments(self.request.user)

    def _answer(self, pk, code=status.HTTP_200_OK):
        return Response(TournamentSerializer(self.get_queryset().get(pk=pk)).data, status=code)

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentSerializer, **ERRORS})
    def create(self, request):
        if not request.user.is_authenticated:
            self.permission_denied(request)
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = tournaments.create_tournament(request.user, **data.validated_data)
        return self._answer(t.pk, status.HTTP_201_CREATED)

    def _act(self, pk, run):
        t = self.get_object()
        run(t.pk)
        return self._answer(t.pk)

    @extend_schema(request=None, responses={200: TournamentSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def register(self, request, pk=None):
        return self._act(pk, lambda tid: tournaments.register(tid, request.user))

    @extend_schema(request=None, responses={200: TournamentSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def withdraw(self, request, pk=None):
        return self._act(pk, lambda tid: tournaments.withdraw(tid, request.user))

    @extend_schema(request=None, responses={200: TournamentSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def start(self, request, pk=None):
        return self._act(pk, lambda tid: tournaments.start(tid, by=request.user))

    @extend_schema(request=TournamentInviteSerializer, responses={200: TournamentSerializer, **ERRORS})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def invite(self, request, pk=None):
        data = TournamentInviteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._act(pk, lambda tid: tournaments.invite(tid, request.user, data.validated_data["username"]))

    @extend_schema(responses=TournamentStandingsSerializer)
    @action(detail=True, methods=["get"], permission_classes=[permissions.AllowAny])
    def standings(self, request, pk=None):
        t = self.get_object()
        data = {
            "tournament": t,
            "total_rounds": tournaments.total_rounds(t),
            "standings": tournaments.standings(t),
            "rounds": tournaments.rounds_overview(t),
        }
        return Response(TournamentStandingsSerializer(data).data)
