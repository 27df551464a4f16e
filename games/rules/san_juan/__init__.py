"""San Juan (the Puerto Rico card game) as a pure-Python rules engine."""

from games.rules.base import registry

from .engine import SanJuan

registry.register(SanJuan())
