"""A solitaire game: the rules state, its one source of randomness (the shuffle), and its history.

>>> game = SolitaireGame(seed=7)
>>> view = game.view()
>>> len(view.queue), view.hand and len(view.hand), view.agent_state, view.draw_size
(7, 1, 'face_down', 7)
>>> [str(a) for a in game.legal_actions()]
['draw', 'agent']
>>> _ = game.push("draw")

A game can be dealt from a stacked layout (see :mod:`.layout`) for tests, tutorials and bug reports:

>>> from loveletter.solitaire.layout import stacked_layout
>>> rs = load_solitaire_ruleset()
>>> game = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Guard"] * 4 + ["Baron", "Handmaid"],
...                                                  hand="Priest", agent="Baron", draws=["Guard"]))
>>> _ = game.push("draw")
>>> events = game.push("Guard>Q1=Priest")        # a miss: Q1 is turned face up, then the retinue plays it
>>> game.phase, game.view().threat
(<Phase.CHOOSE: 'choose'>, Threat(by='retinue', card='Guard', reference=None, guess='Countess'))
>>> events = game.push("choose hand")            # the hand is known: the Guard cannot miss
>>> game.outcome, game.reason
('loss', 'guard_hit')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Action, parse_action
from loveletter.solitaire.layout import shuffled_layout
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.ruleset import SolitaireRuleset, load_solitaire_ruleset
from loveletter.solitaire.state import SolitaireState
from loveletter.solitaire.view import SolitaireView


class SolitaireGame:
    """A solitaire game in progress: a :class:`SolitaireState`, the layout it was dealt from, every action, and
    the event log. Randomness (one injected ``random.Random``) is used only to shuffle the layout, so
    ``(layout, actions)`` — or ``(seed, actions)`` — replays a game exactly."""

    def __init__(
        self,
        ruleset: SolitaireRuleset | str = "solitaire",
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        layout: Sequence[str] | None = None,
    ) -> None:
        self.ruleset = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        #: The seed the layout was shuffled with, if one was given (a deal can be shown and replayed by it).
        self.seed = seed if layout is None and rng is None else None
        if layout is None:
            layout = shuffled_layout(self.ruleset, rng if rng is not None else random.Random(seed))
        #: The 15 cards other than the princess in dealing order: Q1..Q6, hand, agent, draw pile from the top.
        self.layout: tuple[str, ...] = tuple(layout)
        self.state = SolitaireState(self.ruleset, self.layout)
        #: Every action so far, in order.
        self.actions: list[Action] = []
        #: Every event so far (all written for the player: nothing hidden leaks into it).
        self.log: list[ev.Event] = self.state.log or []
        self.state.log = None

    @classmethod
    def replay(
        cls, layout: Sequence[str], actions: Iterable[Action | str], ruleset: SolitaireRuleset | str = "solitaire"
    ) -> SolitaireGame:
        """The game dealt from ``layout`` after ``actions``."""
        game = cls(ruleset, layout=layout)
        for action in actions:
            game.push(action)
        return game

    # ------------------------------------------------------------------------------------------ queries

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def outcome(self) -> ev.Outcome | None:
        """``"win"`` or ``"loss"`` once the game is over."""
        return self.state.outcome

    @property
    def reason(self) -> ev.EndReason | None:
        """Why the game ended, once it has."""
        return self.state.reason

    @property
    def won(self) -> bool:
        return self.state.outcome == "win"

    def legal_actions(self) -> tuple[Action, ...]:
        return self.state.legal_actions()

    def view(self) -> SolitaireView:
        """What the player may know now."""
        return self.state.view()

    def parse(self, text: str) -> Action:
        """Parse the action notation with this ruleset's card names (case does not matter)."""
        return parse_action(text, self.ruleset.cards)

    # ------------------------------------------------------------------------------------------ actions

    def push(self, action: Action | str) -> list[ev.Event]:
        """Apply the player's action (or its notation) and everything that follows until the player must decide
        again; return the events. Raises :class:`~loveletter.engine.errors.IllegalActionError` if it is not
        legal now."""
        if isinstance(action, str):
            action = self.parse(action)
        events = self.state.apply(action)
        self.actions.append(action)
        self.log.extend(events)
        return events
