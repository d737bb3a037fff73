"""The coach's hint at one decision, as a model: what each opponent may hold, what each move is worth, and why.

The round is read once, from the deciding seat's own view (:func:`read_round`, the ``hard`` level's reading of
:mod:`loveletter.bots.beliefs`): its odds are what a front end shows while the moves are weighed
(:meth:`Hint.odds`). :func:`hint_for` has the coach's one judge weigh every legal move on that same reading
(:func:`loveletter.coach.judge.judge`), tier by tier (moves within the estimate's error of the best of their tier are
"about equal"), and the judgement carries the reading on to the reasons (:class:`loveletter.coach.reasons.Facts`):
one reading per hint. The judge's budget is sized so that the hint comes within half a second, and the same
decision always gets the same hint: the review after the game judges it the same way.

The words and the drawing are the front end's (``tui/coach.py``): the frame and the lines of screen-reader mode
say the same model.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=29, first_player=0)
>>> view = game.view(0)
>>> reading = read_round(view)
>>> hint = hint_for(view, budget=300, reading=reading)
>>> hint.chances == Hint.odds(reading).chances
True
>>> sorted(map(str, hint.reasons)) == sorted(map(str, view.legal_actions))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loveletter.bots import beliefs
from loveletter.bots.beliefs import Reading
from loveletter.coach.judge import Estimate, judge
from loveletter.coach.reasons import Facts, Reason
from loveletter.engine import Action, View


@dataclass(frozen=True, slots=True)
class Hint:
    """What the coach says at one decision: ``chances`` (seat -> card id -> chance), ``moves`` (every legal
    action judged, tier by tier; empty while it is being worked out) and each move's reason."""

    chances: dict[int, dict[str, float]]
    moves: tuple[Estimate, ...] = ()
    reasons: dict[Action, Reason] = field(default_factory=dict)

    @classmethod
    def odds(cls, reading: Reading) -> Hint:
        """The hint before its moves are weighed: the others' likely cards of ``reading``."""
        return cls(reading.chances)


def read_round(view: View) -> Reading:
    """The round read from ``view``: the one reading a hint shows and weighs its moves on."""
    return beliefs.read(view)


def hint_for(view: View, *, budget: int | None = None, reading: Reading | None = None) -> Hint:
    """The hint for the seat of ``view``, which must be deciding (see the module docstring); ``budget`` is the
    judge's (by default :data:`loveletter.coach.judge.BUDGET`); ``reading`` the round as already read
    (:func:`read_round`), else it is read here."""
    judgement = judge(view, budget=budget, reading=reading if reading is not None else read_round(view))
    facts = Facts(view, judgement.chances)
    return Hint(judgement.chances, judgement.moves, {m.action: facts.reason(m.action) for m in judgement.moves})


__all__ = ["Hint", "hint_for", "read_round"]
