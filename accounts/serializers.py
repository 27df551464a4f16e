from allauth.account.adapter import get_adapter
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils import translation
from django.utils.translation import gettext
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import Throttled

from accounts import emails
from accounts.email_change import email_change_refused
from accounts.models import PREFERENCES, User
from accounts.signup import AccountTaken, save_new_account


class TokenRequestSerializer(AuthTokenSerializer):
    """Username (or email) and password for an API token. The password is checked as the login page checks
    it (allauth's adapter), so wrong passwords count against the account's limit ("login_failed" per key)
    wherever they are tried: guesses spread over many addresses cannot go on through the API."""

    def validate(self, attrs):
        request = self.context["request"]
        try:
            user = get_adapter(request).authenticate(request, username=attrs["username"], password=attrs["password"])
        except DjangoValidationError as exc:  # too many failed attempts for this account
            raise Throttled(detail=exc.messages[0]) from None
        if user is None:
            raise serializers.ValidationError(
                gettext("Unable to log in with provided credentials."), code="authorization"
            )
        attrs["user"] = user
        return attrs


class SignupSerializer(serializers.ModelSerializer):
    password = serializers.CharField(write_only=True, style={"input_type": "password"})

    class Meta:
        model = User
        fields = ("username", "email", "password")
        # The model's unique check would tell who has the address; create() answers the same either way.
        extra_kwargs: dict[str, dict] = {"email": {"validators": []}}

    def validate_email(self, value):
        # Whether the address has an account is not told here: the answer is the same either way, and
        # the owner of a taken address gets an email about it (as on the sign-up page).
        return User.objects.normalize_email(value)

    def validate(self, attrs):
        try:
            validate_password(attrs["password"], User(username=attrs.get("username"), email=attrs.get("email")))
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"password": list(exc.messages)}) from None
        return attrs

    def create(self, validated_data):
        """The new account, unconfirmed, or None when the address had one (its owner is told)."""
        password = validated_data.pop("password")
        user = User(**validated_data)
        user.username = User.normalize_username(user.username)
        if User.objects.filter(email__iexact=user.email).exists():
            emails.tell_owner_of_taken_address(user.email)
            return None
        user.set_password(password)
        language = translation.get_language() or "en"
        user.language = language if language in ("en", "de") else "en"
        try:
            save_new_account(user)
        except AccountTaken as exc:
            if exc.field is None:  # the address was taken meanwhile
                emails.tell_owner_of_taken_address(user.email)
                return None
            raise serializers.ValidationError({exc.field: [exc.message]}) from None
        emails.new_account(self.context.get("request"), user)
        return user


class SettingsSerializer(serializers.ModelSerializer):
    current_password = serializers.CharField(
        write_only=True,
        required=False,
        trim_whitespace=False,
        style={"input_type": "password"},
        help_text="Needed only to change the email address.",
    )

    class Meta:
        model = User
        fields = (
            "username",
            "display_name",
            "email",
            *PREFERENCES,
            "current_password",
        )
        read_only_fields = ("username",)
        # Whether another account has the address is told only after the password (validate()).
        extra_kwargs: dict[str, dict] = {"email": {"validators": []}}

    def validate_email(self, value):
        return User.objects.normalize_email(value)

    def validate(self, attrs):
        # As on the settings page: a leaked API token must not be enough to take the account over.
        password = attrs.pop("current_password", "")
        self.email_changed = "email" in attrs and attrs["email"].lower() != self.instance.email.lower()
        if self.email_changed:
            problem = email_change_refused(self.context.get("request"), self.instance, password, attrs["email"])
            if problem:
                raise serializers.ValidationError({problem.field: [problem.message]})
        return attrs

    def update(self, instance, validated_data):
        user = super().update(instance, validated_data)
        if self.email_changed:
            emails.address_changed(self.context.get("request"), user)
        return user


class PublicUserSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="shown_name", read_only=True)

    class Meta:
        model = User
        fields = ("id", "username", "name")
