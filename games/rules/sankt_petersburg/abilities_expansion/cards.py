"""Expansion cards whose ability is only a different income: the Textilfabrik."""

from __future__ import annotations

from games.rules.base import State

from ..cards import table
from ..hooks import Ability, register_ability


def craft_points(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    """Printed income, plus points per own green card showing one of the params' craft symbols
    ("all" = the Czar and Carpenter and the 1st-edition October Revolution) at the params' phase."""
    tab = table(st)
    c = tab[cid]
    r, p = (c.rubles, c.points) if c.color == phase else (0, 0)
    params = c.params
    if phase == params["phase"]:
        crafts = params["crafts"]
        count = 0
        for x in st["p"][seat]["cards"]:
            card = tab[x]
            if card.color == "worker" and card.craft in crafts:
                count += 1
        p += count * params["points"]
    return r, p


register_ability(Ability("craft_points", income=craft_points))
