"""One hashed API token per device (accounts.ApiToken) in place of DRF's one plain token per user.

Existing tokens move over with the digest of their key, so devices signed in today stay signed in
until their token expires (API_TOKEN_DAYS after it was handed out, as before); the plain keys are
then deleted from DRF's table.
"""
import hashlib
from datetime import timedelta

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# Fixed here, whatever knox's settings become later: the digest django-rest-knox 5 computes.
KEY_PREFIX_LENGTH = 15


def digest(key: str) -> str:
    return hashlib.sha512(key.encode()).hexdigest()


def move_tokens(apps, schema_editor) -> None:
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    days = timedelta(days=getattr(settings, "API_TOKEN_DAYS", 90))
    old = list(Token.objects.all())
    ApiToken.objects.bulk_create([
        ApiToken(digest=digest(t.key), token_key=t.key[:KEY_PREFIX_LENGTH], user_id=t.user_id,
                 expiry=t.created + days, name="")
        for t in old
    ], ignore_conflicts=True)
    for t in old:  # saving sets "created" to now; the settings page should show when it was handed out
        ApiToken.objects.filter(digest=digest(t.key)).update(created=t.created)
    Token.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_tournament_email_setting"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("digest", models.CharField(max_length=128, primary_key=True, serialize=False)),
                ("token_key", models.CharField(db_index=True, max_length=25)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("expiry", models.DateTimeField(blank=True, null=True)),
                ("name", models.CharField(blank=True, max_length=100, verbose_name="device")),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="auth_token_set", to=settings.AUTH_USER_MODEL)),
            ],
            options={"verbose_name": "API token", "verbose_name_plural": "API tokens", "ordering": ["-created"]},
        ),
        migrations.RunPython(move_tokens, migrations.RunPython.noop),
    ]
