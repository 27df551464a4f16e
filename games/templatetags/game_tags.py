import json

from django import template
from django.utils import translation
from django.utils.translation import gettext

from games.rules_pages import rules_link as rules_page_link
from games.services.results import TOTAL_GROUP
from games.services.stats_groups import group_heading

register = template.Library()


@register.filter
def to_json(value) -> str:
    """JSON for a data attribute (Django escapes it when it is rendered)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@register.filter
def pretty_json(value) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True)


@register.filter
def tr(value):
    """Translate a message id coming from an engine's data."""
    return gettext(value) if isinstance(value, str) and value else value


@register.filter
def index(sequence, i):
    try:
        return sequence[i]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def get(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def localized(mapping, field: str = "name"):
    """``mapping[field + "_de"]`` on German pages, else the English one."""
    lang = (translation.get_language() or "en")[:2]
    return mapping.get(f"{field}_{lang}") or mapping.get(f"{field}_en") or mapping.get(field)


@register.filter
def player_name(players, seat):
    for p in players or ():
        if p["seat"] == seat:
            return p["name"]
    return "–"


@register.inclusion_tag("games/_stats_table.html")
def stats_table(stats, players, extra_columns=None):
    """``extra_columns``: names of columns after the seats' (Iwan, the solo opponent)."""
    rows, last_group = [], None
    for row in stats:
        group = row.get("group") or ""
        total = group == TOTAL_GROUP  # marks the total row; not a heading
        rows.append(
            {
                "label": gettext(row["label"]),
                "values": row["values"],
                "group": group_heading(group),
                "group_start": bool(group) and not total and group != last_group,
                "total": total,
            }
        )
        last_group = group
    extra = [gettext(c) for c in extra_columns or ()]
    return {"rows": rows, "players": players, "extra": extra, "width": len(players or ()) + len(extra) + 1}


@register.inclusion_tag("games/_rules_link.html")
def rules_link(slug: str, wrap: bool = True):
    """The link to a game's rules page (nothing for a game without one)."""
    return {"link": rules_page_link(slug), "wrap": wrap}
