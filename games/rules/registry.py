"""Imports every shipped engine so that it registers itself."""

import importlib

from games.rules.base import Registry, registry

ENGINE_MODULES = ("games.rules.san_juan", "games.rules.sankt_petersburg", "games.rules.red_cathedral")


def load_engines() -> Registry:
    for module in ENGINE_MODULES:
        importlib.import_module(module)
    return registry
