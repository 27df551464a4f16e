from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, permissions, serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import emails, tokens
from accounts.models import ApiToken
from accounts.serializers import SettingsSerializer, SignupSerializer, TokenRequestSerializer

TOKEN_RESULT = inline_serializer(
    "TokenResult", {"token": serializers.CharField(), "expires": serializers.DateTimeField()}
)


def _device_name(request) -> str:
    """What the settings page calls the device: the name the client gave, else its User-Agent."""
    name = request.data.get("name") if hasattr(request.data, "get") else None
    return name if isinstance(name, str) and name.strip() else request.META.get("HTTP_USER_AGENT", "")


def _token_answer(request, user) -> dict:
    token, key = tokens.issue(user, _device_name(request))
    return {"token": key, "expires": tokens.expires_at(token)}


class SignupView(generics.CreateAPIView):
    """Create an account. The answer is the same whether or not the address already has an account:
    a link to confirm the address goes to it (or, when it has an account, a note to its owner). Once
    confirmed, the token endpoint hands out a token for the username and password."""

    serializer_class = SignupSerializer
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"

    @extend_schema(
        responses={
            201: inline_serializer(
                "SignupResult", {"username": serializers.CharField(), "detail": serializers.CharField()}
            )
        }
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # Not save(): it wants an account back, and a taken address gives none (nor says so).
        serializer.create(dict(serializer.validated_data))
        return Response(
            {
                "username": serializer.validated_data["username"],
                "detail": _(
                    "We have sent a link to your email address. Follow it to confirm the address, then ask for an API "
                    "token with your username and password."
                ),
            },
            status=status.HTTP_201_CREATED,
        )


def _revoke_current(request) -> Response:
    if not isinstance(request.auth, ApiToken):
        # A session has no token to revoke; whoever signs in with one revokes that one.
        raise NotAuthenticated(_("Send the API token to revoke in the Authorization header."))
    request.auth.delete()
    return Response(status=status.HTTP_204_NO_CONTENT)


class TokenView(APIView):
    """Exchange username (or email) and password for a new API token of this device (POST; the optional
    ``name`` names the device, else its User-Agent does), or revoke the token the request is signed with
    (DELETE)."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"
    permission_classes = [permissions.AllowAny]
    serializer_class = TokenRequestSerializer

    @extend_schema(request=TokenRequestSerializer, responses={200: TOKEN_RESULT})
    def post(self, request, *args, **kwargs):
        credentials = TokenRequestSerializer(data=request.data, context={"request": request})
        credentials.is_valid(raise_exception=True)
        user = credentials.validated_data["user"]
        if not emails.has_confirmed_any(user):
            # As the login page: the password was right, but the account's address is not confirmed yet.
            raise PermissionDenied(_("Confirm your email address first: follow the link we sent to it."))
        return Response(_token_answer(request, user))

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, *args, **kwargs):
        return _revoke_current(request)


class LogoutView(APIView):
    """Revoke the API token the request is signed with; the device's other tokens and devices stay."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=None, responses={204: None})
    def post(self, request, *args, **kwargs):
        return _revoke_current(request)


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
