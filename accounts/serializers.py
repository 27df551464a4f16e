from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import serializers

from accounts.email_change import email_change_refused
from accounts.models import User
from accounts.signup import AccountTaken, save_new_account


class SignupSerializer(serializers.ModelSerializer):
    password = serializers.CharField(write_only=True, style={"input_type": "password"})

    class Meta:
        model = User
        fields = ("username", "email", "password")

    def validate_email(self, value):
        value = User.objects.normalize_email(value)
        if User.objects.filter(email__iexact=value).exists():
            raise serializers.ValidationError(_("An account with this email address already exists."))
        return value

    def validate(self, attrs):
        try:
            validate_password(attrs["password"], User(username=attrs.get("username"), email=attrs.get("email")))
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"password": list(exc.messages)}) from None
        return attrs

    def create(self, validated_data):
        password = validated_data.pop("password")
        user = User(**validated_data)
        user.username = User.normalize_username(user.username)
        user.set_password(password)
        try:
            return save_new_account(user)
        except AccountTaken as exc:
            raise serializers.ValidationError({exc.field or "non_field_errors": [exc.message]}) from None


class SettingsSerializer(serializers.ModelSerializer):
    current_password = serializers.CharField(
        write_only=True, required=False, trim_whitespace=False, style={"input_type": "password"},
        help_text="Needed only to change the email address.")

    class Meta:
        model = User
        fields = (
            "username", "display_name", "email", "language", "time_zone", "turn_email", "digest_hour",
            "reminder_hours", "email_on_game_end", "email_on_timeout", "email_on_invitation", "email_on_tournament",
            "current_password",
        )
        read_only_fields = ("username",)

    def validate_email(self, value):
        value = User.objects.normalize_email(value)
        if User.objects.filter(email__iexact=value).exclude(pk=self.instance.pk).exists():
            raise serializers.ValidationError(_("An account with this email address already exists."))
        return value

    def validate(self, attrs):
        # As on the settings page: a leaked API token must not be enough to take the account over.
        password = attrs.pop("current_password", "")
        if "email" in attrs and attrs["email"] != self.instance.email:
            problem = email_change_refused(self.instance, password)
            if problem:
                raise serializers.ValidationError({"current_password": [problem]})
        return attrs


class PublicUserSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="shown_name", read_only=True)

    class Meta:
        model = User
        fields = ("id", "username", "name")
