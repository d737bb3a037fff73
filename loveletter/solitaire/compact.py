"""The solitaire as the search sees it: cards as indices (highest value first), each with its effect as a number,
queue places and the agent slot as card indices or :data:`HIDDEN` / :data:`EMPTY`, the unseen cards counted by type.

:class:`Cards` compiles a ruleset into these terms; :mod:`.search` plays on them and :mod:`.estimate` weighs them.
"""

from __future__ import annotations

from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.solitaire.view import SolitaireView

#: A queue place, or the agent slot, holding a face-down card; an empty agent slot.
HIDDEN = -1
EMPTY = -2

GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = range(8)
EFFECTS = {
    "guard": GUARD,
    "priest": PRIEST,
    "baron": BARON,
    "handmaid": HANDMAID,
    "prince": PRINCE,
    "king": KING,
    "countess": COUNTESS,
    "princess": PRINCESS,
}

Queue = tuple[int, ...]  # the occupied queue places, left to right: a card index, or HIDDEN
Unseen = tuple[int, ...]  # how many unseen cards of each type (card index)


class Cards:
    """A solitaire ruleset compiled for the search: cards as indices, highest value first."""

    def __init__(self, ruleset: SolitaireRuleset) -> None:
        self.ruleset = ruleset
        self.ids = list(ruleset.cards)
        self.index = {card: i for i, card in enumerate(self.ids)}
        self.value = [ruleset.cards[c].value for c in self.ids]
        self.effect = [EFFECTS[ruleset.cards[c].effect] for c in self.ids]
        self.princess = self.index[ruleset.princess]
        #: What the player's Guard may name.
        self.names = frozenset(i for i, e in enumerate(self.effect) if e != GUARD)
        self.forced = frozenset(self.index[c] for c in ruleset.countess_forced_by if c in self.index)
        self.prince_queue = ruleset.flags.sol_prince_queue
        self.reveal_first = ruleset.flags.sol_baron_reveal_first
        #: What the search depends on in the ruleset (rulesets loaded apart compare equal by it).
        self.key = (tuple(self.ids), tuple(self.value), tuple(self.effect), self.forced, ruleset.flags)

    def state(self, view: SolitaireView) -> tuple[Queue, tuple[int, ...], int, Unseen, bool]:
        """What the search knows of ``view``: the queue, the hand card(s), the agent, the unseen cards and the
        retinue's Handmaid (at the start of a turn, the arguments of the search's estimate, the hand one card)."""
        ix = self.index
        q = tuple(HIDDEN if p.card is None else ix[p.card] for p in view.queue)
        agent = EMPTY if view.agent_state == "empty" else HIDDEN if view.agent is None else ix[view.agent]
        seen = view.unseen()
        return q, tuple(ix[c] for c in view.hand), agent, tuple(seen[c] for c in self.ids), view.queue_protected
