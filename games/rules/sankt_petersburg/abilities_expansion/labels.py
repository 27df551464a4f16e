"""Short labels of the expansion's moves (the move list a player reads)."""

from __future__ import annotations

from games.rules.base import Move

from ..cards import INFO, ids_of
from ..moves import register_description

GUILD_TOTAL: int = INFO["1"][ids_of("guild_hall")[0]].params["total"]
TRADE = INFO["1"][ids_of("trading_house")[0]].params


def _name(cid: object) -> str:
    card = INFO["1"].get(cid) if isinstance(cid, str) else None
    return card.name_en if card else "a card"


def prison_take(move: Move) -> str:
    choice, card = move.get("choice"), _name(move.get("card"))
    if choice == "buy":
        return f"Buy {card} from the discard pile" + (
            f" replacing {_name(move.get('replace'))}" if "replace" in move else ""
        )
    if choice == "hand":
        return f"Take {card} from the discard pile into hand"
    return "Leave the discard pile as it is"


def guild_hall(move: Move) -> str:
    points = move.get("points")
    if not isinstance(points, int):
        return "Split the Guild Hall's income"
    return f"Take {_count(GUILD_TOTAL - points, 'ruble')} and {_count(points, 'point')} from the Guild Hall"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def trading_house(move: Move) -> str:
    if move.get("use"):
        return f"Pay {TRADE['rubles']} rubles for {TRADE['points']} points at the Trading House"
    return "Do not trade at the Trading House"


register_description("sycophant_discard", lambda move: f"Discard the {_name(move.get('card'))}")
register_description("debtors_prison", lambda move: "Search the discard pile with the Debtor's Prison")
register_description("debtors_prison_take", prison_take)
register_description("guild_hall", guild_hall)
register_description("trading_house", trading_house)
