"""``<username:...>`` in URLs: any text without a slash or a NUL byte. PostgreSQL cannot compare a
string holding NUL, so such a name is answered with 404 by the URL resolver instead of a server error."""

from django.urls import register_converter


class UsernameConverter:
    regex = r"[^/\x00]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(UsernameConverter, "username")
