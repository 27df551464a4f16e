"""makemessages that also reads the literal reasons the rules engines give, and ``_l()``.

The engines are pure Python without Django: a refusal is ``IllegalMove("...")`` and bad options are
``InvalidOptions("...")``, translated when shown; xgettext takes their first argument as a message.
Run by ``rebuild_catalogs`` in a copy of the sources, not on its own.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    help = "makemessages, with the engines' refusals as messages (used by rebuild_catalogs)."
    # ``_l`` is gettext_lazy where ``_`` is already gettext in the same module.
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=IllegalMove",
        "--keyword=InvalidOptions",
        "--keyword=_l",
    ]
