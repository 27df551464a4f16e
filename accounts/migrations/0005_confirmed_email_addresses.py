"""Every existing account's address becomes a confirmed allauth EmailAddress.

These addresses have received turn emails and password resets until now, so they count as confirmed:
their owners keep signing in and getting emails as before. Addresses set from now on count once their
owner has followed the link sent to them.
"""
from django.db import migrations


def confirm_existing(apps, schema_editor) -> None:
    User = apps.get_model("accounts", "User")
    EmailAddress = apps.get_model("account", "EmailAddress")
    known = set(EmailAddress.objects.values_list("user_id", flat=True))
    EmailAddress.objects.bulk_create([
        EmailAddress(user_id=pk, email=email.lower(), verified=True, primary=True)
        for pk, email in User.objects.exclude(email="").values_list("pk", "email").iterator()
        if pk not in known
    ], ignore_conflicts=True)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0004_api_tokens"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [migrations.RunPython(confirm_existing, migrations.RunPython.noop)]
