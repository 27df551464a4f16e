"""A tiny card game that exercises the engine contract in platform tests.

Each player holds three secret cards (1-9). In turn, a player plays a card
(adding it to the pile and to their score) or passes. After every player
has passed in a row, or the pile reaches the target, the game ends; highest
score wins, ties broken by fewer cards left in hand.
"""

from __future__ import annotations

import random

from games.rules.base import (
    Engine,
    IllegalMove,
    InvalidOptions,
    Option,
    Result,
    gettext_noop,
    new_rng_state,
    rank_by,
    shuffled,
)


class ToyEngine(Engine):
    slug = "toy"
    name = "Toy"
    min_players = 1
    max_players = 4
    options = (
        Option("target", "Target", kind="choice", default="21", choices=(("15", "15"), ("21", "21"))),
        Option("sudden_death", "Sudden death", kind="bool", default=False),
    )

    def validate_options(self, players, options):
        if options["sudden_death"] and players > 2:
            raise InvalidOptions("Sudden death is only for one or two players.")

    def setup(self, players, options, seed):
        options = self.normalize_options(players, options)
        state = {
            "rng": new_rng_state(seed),
            "players": players,
            "target": int(options["target"]),
            "pile": 0,
            "turn": 0,
            "passes": 0,
            "over": False,
        }
        deck = shuffled(state, [n for n in range(1, 10)] * 2)
        state["hands"] = [sorted(deck[i * 3 : (i + 1) * 3]) for i in range(players)]
        state["scores"] = [0] * players
        return state

    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def legal_moves(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        return [{"type": "play", "card": c} for c in sorted(set(state["hands"][seat]))] + [{"type": "pass"}]

    def apply(self, state, seat, move):
        if state["over"]:
            raise IllegalMove("The game is over.")
        if seat != state["turn"]:
            raise IllegalMove("It is not your turn.")
        kind = move.get("type")
        if kind == "play":
            card = move.get("card")
            if card not in state["hands"][seat]:
                raise IllegalMove("You do not hold that card.")
            state["hands"][seat].remove(card)
            state["pile"] += card
            state["scores"][seat] += card
            state["passes"] = 0
            events = [
                {"msg": gettext_noop("{seat} plays a {card}."), "args": {"seat": seat, "card": card}, "seat": seat}
            ]
        elif kind == "pass":
            state["passes"] += 1
            events = [{"msg": gettext_noop("{seat} passes."), "args": {"seat": seat}, "seat": seat}]
        else:
            raise IllegalMove("Unknown move.")
        if state["pile"] >= state["target"] or state["passes"] >= state["players"] or not any(state["hands"]):
            state["over"] = True
        else:
            state["turn"] = (seat + 1) % state["players"]
        return state, events

    def view(self, state, seat):
        return {
            "pile": state["pile"],
            "target": state["target"],
            "turn": state["turn"],
            "scores": state["scores"],
            "hand_sizes": [len(h) for h in state["hands"]],
            "hand": state["hands"][seat] if seat is not None else None,
        }

    def is_over(self, state):
        return state["over"]

    def result(self, state):
        keys = [(s, -len(h)) for s, h in zip(state["scores"], state["hands"])]
        return Result(
            scores=list(state["scores"]),
            ranks=rank_by(keys),
            stats=[{"label": "Cards played", "values": [3 - len(h) for h in state["hands"]], "group": "Play"}],
        )

    def timeout_move(self, state, seat):
        return {"type": "pass"}

    def bot_move(self, state, seat, rng: random.Random):
        hand = state["hands"][seat]
        return {"type": "play", "card": max(hand)} if hand else {"type": "pass"}
