"""Amounts in log lines and move labels said with the plural their number asks for.

Die Rote Kathedrale's engine reports an amount as a number and a resource's name
("{count}× {resource}"); that reads "2× brick", and German cannot decline the name. The log shows
such a line as the same sentence with the amount in words ("2 bricks", "2 grüne Edelsteine"). Done
here, where lines are shown, so that moves stored long ago read the same way.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext_noop

from games.rules.red_cathedral.state import NAMES

# The engine's template -> the same sentence with the amount (and the goods) in words.
COUNTED = {
    "{seat} gets {count}× {resource}.": gettext_noop("{seat} gets {amount}."),
    "{seat} takes {count}× {resource} from the market.": gettext_noop("{seat} takes {amount} from the market."),
    "Take {count}× {resource}": gettext_noop("Take {amount}"),
    "{group}: {seat} exchanges {count}× {material} for {goods}.":
        gettext_noop("{group}: {seat} exchanges {amount} for {goods}."),
    "{group}: exchange {count}× {material} for {goods}": gettext_noop("{group}: exchange {amount} for {goods}"),
}
_KEYS = {name: key for key, name in NAMES.items()}


def counted(template: str, raw: dict[str, Any], args: dict[str, Any]) -> str:
    """The template to show for ``template``; fills ``args`` with the amounts its new form names.

    A template outside the table, or whose resource is not one the table knows, stays as it is."""
    new = COUNTED.get(template)
    if new is None:
        return template
    from games.templatetags.red_cathedral import amount_text, amounts_text

    key = _KEYS.get(str(raw.get("resource", raw.get("material"))))
    goods = raw.get("goods", [])
    if key is None or not isinstance(raw.get("count"), int) or any(str(g) not in _KEYS for g in goods):
        return template
    args["amount"] = amount_text(key, raw["count"])
    if goods:
        args["goods"] = amounts_text(Counter(_KEYS[g] for g in goods))
    return new
