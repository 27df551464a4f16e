"""Die Rote Kathedrale as a pure-Python rules engine."""

from games.rules.base import registry

from .engine import RedCathedral

registry.register(RedCathedral())
