"""Imports every shipped engine so that it registers itself."""
from games.rules.base import registry

_LOADED = False


def load_engines():
    global _LOADED
    if _LOADED:
        return registry
    _LOADED = True
    import importlib
    for module in ("games.rules.sankt_petersburg", "games.rules.san_juan"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    return registry
