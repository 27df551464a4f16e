"""Headings of the ∑ table's row groups.

Engines name a group by a short key ("income", "tie-break"); the page and the summary email show
the heading the key stands for. A group named by anything else is taken as a message id.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

HEADINGS = {
    "income": _("Income"),
    "totals": _("Totals"),
    "end": _("End of the game"),
    "cards": _("Cards"),
    "final": _("Final standing"),
    "points": _("Victory points"),
    "total": _("Total"),
    "tie-break": _("Tie-break"),
    "game": _("The game"),
}


def group_heading(key: str) -> str:
    """The heading of a group in the active language ("" for rows outside any group)."""
    if not key:
        return ""
    heading = HEADINGS.get(key)
    return str(heading) if heading is not None else gettext(key)
