"""Module 1 "Das Bankett" (option ``banquet``; 2nd edition), seed 000 "Modul 1: Das Bankett".

15 cards (figures in cards.json, "set": "banquet"): three normal cards (Zar-Superstar, the two
Potemkin villages 1/4 and 3/8) and 12 purple special cards. The three with the yellow (market) back
(Geldeintreiber, Schmarotzer, the third Schwarzmarkt) lie in the market pile, so they play only with
the Market. With Module 2 (or the whole expansion) the Schuldturm stays out (cards.json removed_by).

Zar-Superstar   exchange card for the Czar and Carpenter only (replaces.keys); 3 rubles at the worker
                scoring; 1 ruble off every further red and blue card ("discount_colors").
Potemkin villages  cost 1 / 3, worth 4 / 8 when an exchange card replaces them (replace_value).

Purple cards: free; a display card can only be taken into hand (a hand space is needed), never
bought (also not with the Observatory, the Debtor's Prison, the Grabber); from the hand it is played
as an action of its own, only when its effect can be carried out (so only those moves are legal);
it can never simply be discarded; in hand at the end it costs no points; once played it leaves the
game ("box" in the view, not the discard pile). Purple cards in the discard pile (the lower row is
discarded after every Durchgang) cannot be chosen there.

  {"type": "purple", "card": id}                              Goldesel (5 rubles), Doppelzug,
                                                              Schwarzmarkt (decision black_market)
  {"type": "purple", "card": id, "target": hand_id}           Weg damit! (not a purple card)
  {"type": "purple", "card": id, "target": own_id}            Hofnarr, Bankett: a card with a ruble
                                                              and a point value
  {"type": "purple", "card": id, "target": other_seat_card, "take": "rubles" | "points"}
                                                              Schmarotzer
  {"type": "purple", "card": id, "target": display_or_hand_id} (+ "replace": own_id)
                                                              Geldeintreiber
Doppelzug: two actions follow at once, each a buy, a take, a play from hand or a plain pass (a pass
in between ends nothing; only the second counts as the turn's pass). Hofnarr / Bankett: at the
card's next scoring (the scoring of its colour) its income is swapped / doubled, then the card
leaves the game; an exchange card replacing it, or its discard, ends it unused. Geldeintreiber:
half the price (rounded down) after every other reduction; the card never scores points (its
points are covered) and can never be replaced. Schmarotzer: the card's income at its scoring as it
would be paid to its owner (Hinweis 1), without a Hofnarr or Bankett on it (Hinweis 2).
Langfinger: not an action; at the start of every round (phase) after the first worker round, right
after the new cards are laid out, its holder is asked (decision ``pickpocket``) whether to play it
now: buy a display card or take one into hand before the start player; the stones stay.
  {"type": "pickpocket", "card": display_id, "choice": "buy"} (+ "replace": own_id),
  {"type": "pickpocket", "card": display_id, "choice": "take"}, {"type": "pickpocket", "choice": "keep"}
The question goes to the holder only when something can be done; it shows that seat holds the card,
which the others saw taken into hand unless it was drawn with the Observatory.
View: "banquet" null without the option, else {"attached": {card id: ["jester" | "banquet"]},
"collected": [card ids laid out with the Money Collector], "box": [keys of played purple cards],
"double": null | {"seat", "left": actions still to take}}.
"""

from . import effects  # noqa: F401  (registers the hooks)
