from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, permissions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from accounts import tokens
from accounts.serializers import SettingsSerializer, SignupSerializer


class SignupView(generics.CreateAPIView):
    """Create an account; the response carries an API token."""

    serializer_class = SignupSerializer
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"

    @extend_schema(responses={201: inline_serializer("SignupResult", {
        "username": serializers.CharField(), "token": serializers.CharField(),
        "expires": serializers.DateTimeField()})})
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.save()
        token = tokens.issue(user)
        return Response({"username": user.username, "token": token.key,
                         "expires": tokens.expires_at(token.created)}, status=status.HTTP_201_CREATED)


class TokenView(ObtainAuthToken):
    """Exchange username and password for an API token (POST), or revoke the caller's token (DELETE)."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"
    # ObtainAuthToken names DRF's own parsers, which would skip the depth limit on JSON documents.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # type: ignore[assignment]  # resolved to classes

    @extend_schema(request=AuthTokenSerializer, responses={200: inline_serializer("TokenResult", {
        "token": serializers.CharField(), "expires": serializers.DateTimeField()})})
    def post(self, request, *args, **kwargs):
        credentials = self.get_serializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        token = tokens.issue(credentials.validated_data["user"])
        return Response({"token": token.key, "expires": tokens.expires_at(token.created)})

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        # The next POST hands out a new key; requests with the old one are refused from now on.
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(generics.RetrieveUpdateAPIView):
    """The signed-in user's own settings."""

    serializer_class = SettingsSerializer
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "patch", "put"]

    def get_object(self):
        return self.request.user

    @extend_schema(responses=SettingsSerializer)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
