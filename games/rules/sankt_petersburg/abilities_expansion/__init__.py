"""The expansion "In bester Gesellschaft", the SP+ variant and the 5-player rules on the hooks.

The options: ``expansion`` puts in all 35 expansion cards (with the 2nd edition: the same cards,
Module 2 included) and takes out the seven base cards they replace; ``sp_plus`` (1st edition) uses
only those seven replacements; ``module2`` (2nd edition) only Module 2's 12 cards (cards.json
"module2": Kaffeehaus, Handelshaus, Schuldturm, 2 Hochstapler and the seven exchange cards
Oktoberrevolution, Textilfabrik, Handelsgilde, Universität, Händler, Leutnant Kije, Bürgermeister),
as the Yucata text lists the 2nd edition's "In bester Gesellschaft" and Module 2 apart; the
expansion option of the 2nd edition includes Module 2. With Module 1 the Schuldturm stays out.
Which card does what is named in cards.json ("ability"):

Kolchose ("discount"), Kaffeehaus, Mariinski Theater, Bürgermeister ("per_card")
    base abilities with their own figures.
Textilfabrik ("craft_points", cards.py)
    points per own green card showing the carpet symbol, at the scoring named in its params.
Hochstapler ("sycophant", sycophant.py)
    pays 1 ruble at every aristocrat scoring; discarded instead when that scoring would otherwise
    be negative; may be discarded as the owner's turn in the aristocrat phase.
Schuldturm ("debtors_prison", debtors_prison.py)
    once in the building phase, as the turn: pick a card of the discard pile, then buy it, take
    it into hand or put it back; turned face down (no point, not replaceable) until the next phase.
Handelsgilde ("guild_hall"), Markthalle / Handelshaus ("trading_house"), after_scoring.py
    decisions right after the building scoring.
Rules (rules.py): +10 points per different aristocrat beyond the tenth (expansion only; SP+ only
swaps cards); 5 players: the sack holder starts with 2 extra rubles and scores 2 points at the
start of every worker phase (the stones, the sack's seat and the 10 first workers are the core's).

Moves (action phase, the seat to act):
  {"type": "sycophant_discard", "card": own_sycophant_id}   aristocrat phase; counts as the turn
  {"type": "debtors_prison", "card": own_debtors_prison_id}  building phase, instead of a turn;
                                                             the decision below follows
Decisions (view "step" = kind; view "decision" carries the public fields shown):
  debtors_prison  {"discards": [card dict + "count", one per kind in the discard pile]}
      {"type": "debtors_prison_take", "card": discard_id, "choice": "buy"} (+ "replace": own_id
      for an exchange card), {"type": "debtors_prison_take", "card": discard_id, "choice": "hand"},
      {"type": "debtors_prison_take", "choice": "back"}
  guild_hall      {"total": 4, "points": the last split's points (4 at first)}
      {"type": "guild_hall", "points": k}   k points and 4 - k rubles
  trading_house   {"rubles": 3, "points": 2}
      {"type": "trading_house", "use": true | false}
A seat's decisions after the building scoring come in this order: Handelsgilde (income), then
Markthalle, then the Pub.
"""

from . import after_scoring, cards, debtors_prison, labels, rules, sycophant  # noqa: F401  (registers the hooks)
