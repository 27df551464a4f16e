"""Access to the registered rules engines."""

from games.rules.base import Engine, registry
from games.rules.registry import load_engines


def get_engine(slug: str) -> Engine:
    load_engines()
    return registry.get(slug)


def available_engines() -> list[Engine]:
    load_engines()
    return registry.all()


def engine_choices() -> list[tuple[str, str]]:
    return [(e.slug, e.name) for e in available_engines()]
