"""Sankt Petersburg (1st and 2nd edition base cards, 2-4 players; 5 with the expansion).

Layout
------
``cards.json``  every figure (costs, incomes, copies, rule numbers); uncertain figures under
                ``"uncertain"``, merged in by ``cards.py``.
``cards.py``    the catalogue: card instance ids (``"w12"``: deck letter + number, the same for
                every option set) and one :class:`~.cards.Card` per id and edition.
``hooks.py``    the registries below.
``state.py``    set-up and small state helpers; ``prices.py`` what a card costs a player;
``actions.py``  the action phase (buy, take, play, the three passes, standing passes);
``flow.py``     phases, scoring, refilling, the end of a Durchgang and of the game;
``scoring.py``  income and the final scoring, the ∑ table; ``view.py`` what a seat may see;
``moves.py``    the move shapes (documented there); ``abilities_base.py`` the base special cards.

Card abilities: the hook registry
---------------------------------
Flow code never tests card keys. A card whose text does more than pay its printed income names
an ``"ability"`` in ``cards.json`` (with optional ``"params"``), and a module registers an
:class:`~.hooks.Ability` under that name::

    from .hooks import Ability, register_ability

    register_ability(Ability(
        "per_card",
        income=lambda st, seat, card, phase: ...,  # (rubles, points) this card pays at `phase`;
                                                    # replaces the printed income when given
        discount=lambda st, seat, card, target: 0,  # rubles off `target` (a Card) for its owner, >= 0
        hand_limit=lambda st, seat, card: 0,        # added to the owner's hand limit
        replaceable=lambda st, seat, card: True,    # may an exchange card replace it now?
        action_moves=lambda st, seat, card: [],     # extra moves on the owner's turn
        after_scoring=lambda st, seat, card, phase: None,  # a decision to queue after a scoring
        end_points=lambda st, seat, card: 0,        # points at the final scoring
    ))

Every hook is optional and receives the state, the owner's seat and the card id (``Card`` data via
``cards.info(st, card)``, params via ``card.params``). Hooks run only for cards in the owner's
display (not in hand).

Moves and decisions: ``register_move(type, handler)`` adds an action-phase move; the handler
``(st, seat, move, events) -> outcome`` validates fully before changing anything and returns
``"card"`` (an action that counts as a display change for standing passes), ``"action"`` (an
action that does not), ``"pass"`` or ``"wait"`` (it queued a decision; the turn ends once the
decision queue is empty). ``register_decision(Decision(kind, legal, apply, timeout, public,
private, order))`` adds a pending decision (``{"kind": ..., "seat": ..., ...}`` in
``state["queue"]``, answered by the seat at its head; ``public``/``private`` give what the view
shows to everyone / to the deciding seat; after a scoring each seat's decisions are sorted by
``order``); the Pub and the Observatory are decisions. Income decided after a scoring is booked
with ``scoring.add_income`` (money, points, the ∑ table and ``last_scoring``).

Rule modules: ``register_rules(RuleModule(name, applies, ...))`` hooks option-wide rules into
validation, deck composition, set-up, the start of each phase, the moment before each scoring
(``before_scoring``), the end of a phase after its scoring's decisions (``phase_end``: the
Market's market place), every card laid out (``laid_out``: the Market's '?' symbols), extra view
keys (``view``) and the final scoring (the expansion's 5-player sack, its noble table beyond ten).
A decision queued by an action-phase move ends that turn once answered. ``state["ext"]`` is free
room for their state; ``state["ext"]["stats"]`` maps a ∑-table label to per-seat values shown with the income rows.

Every module or package in this package named ``abilities_*`` is imported at start-up, so new
cards are added by new modules without editing the flow.
"""

import importlib
import pkgutil

from games.rules.base import registry

from .engine import SanktPetersburg

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("abilities_")):
    importlib.import_module(f"{__name__}.{_mod}")

registry.register(SanktPetersburg())
