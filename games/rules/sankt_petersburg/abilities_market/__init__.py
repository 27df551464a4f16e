"""The Market of the 2nd edition ("Das neue Sankt Petersburg"), option ``market``.

Rules (seed: "Der Markt"): 35 market cards in a fifth pile (per good 3× one symbol, 2× two, 1× three,
1× an orange card with four); five start-player stones, the fifth for the market round, which comes
between the worker and the building round (refilled from the market pile after the worker round;
the building pile refills after it); the display is always refilled to 10 cards; 5 players play
with the Market's rules (no sack rules, stones pass one seat).

Market place (market.py): every seat's marker per good stands on the sum of the market symbols of
that good in its display (market cards, and in the 2nd edition Ship Builders, Markets, the Czar and
Carpenter's '?' and the five blue exchange cards Bank, Peterhof, St. Isaac's Cathedral, Church of
the Resurrection, Harbor), so replacing or discarding a card moves the marker back. A '?' symbol is
a good its owner names when the card is laid out (decision ``market_good``). After the market
round's actions: the market cards pay their rubles (the ordinary scoring), then every orange card
must be confirmed by paying the higher value of the current market value tile (decision
``market_confirm``, seats clockwise from the market start player, each card separately; not
confirmed: discarded, marker back 4), then the market place is scored good by good with the
current tile (most advanced: the higher value, all tied leaders the higher value and no second;
second: the lower value, ties all get it). The tile in play is the Durchgang's (the top tile leaves
after every Durchgang; the sixth stays): figures in cards.json "uncertain" -> "rules".

Refused combinations (engine.MARKET_EDITION): the Market belongs to the 2nd edition. With the
Market five players need no expansion; "In bester Gesellschaft" may be combined with it (the seed's
corrected sentence: "Diese Erweiterung kann zusammen mit dem Markt und allen 6 Modulen gespielt
werden"); its 5-player sack rules are then replaced by the Market's.

Moves:
  {"type": "market_good", "card": id, "good": g}    decision market_good: name the good of a '?'
                                                    card just laid out (g in RULES market_goods)
  {"type": "market_confirm", "card": id, "pay": true|false}
                                                    decision market_confirm: keep the orange card
                                                    (pay the price) or discard it
Decisions in the view ("decision"): market_good {"card": id}; market_confirm {"card": id,
"price": rubles, "good": g, "cards": [ids still to confirm, this one first]}.
"""

from . import market  # noqa: F401
