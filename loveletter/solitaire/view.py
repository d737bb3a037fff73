"""The player's view of a solitaire game: everything a user interface or a computer player may know.

A :class:`SolitaireView` never holds a face-down retinue card, a face-down secret agent or the order of the
draw pile (docs/rules.md §6.3). Two views compare equal exactly when nothing the player can see differs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from loveletter.solitaire.actions import Action, Choose, Own, Play
from loveletter.solitaire.phase import Phase

if TYPE_CHECKING:
    from loveletter.solitaire.events import EndReason, Outcome, Side
    from loveletter.solitaire.ruleset import SolitaireRuleset
    from loveletter.solitaire.state import SolitaireState

AgentState = Literal["empty", "face_down", "face_up"]


def guard_guess(unaccounted: Mapping[str, int], ruleset: SolitaireRuleset) -> str | None:
    """What a retinue Guard names against a face-down agent: the highest card type with at least one copy nobody
    can see (§6.5). ``None`` if every card is accounted for.

    The seed's example: the player holds the Countess, the King is discarded and a Prince is face up in the
    queue, so of the high cards only the other Prince is unaccounted for.

    >>> from loveletter.solitaire.ruleset import load_solitaire_ruleset
    >>> rs = load_solitaire_ruleset()
    >>> guard_guess({"Prince": 1, "Handmaid": 2, "Guard": 4}, rs)
    'Prince'
    >>> guard_guess({"Guard": 1}, rs)
    'Guard'
    """
    for card in ruleset.cards:  # highest value first
        if unaccounted.get(card, 0) > 0:
            return card
    return None


def prince_loss(discarded: str | None, own: bool, draw_size: int, ruleset: SolitaireRuleset) -> EndReason | None:
    """How a Prince that discards ``discarded`` loses the game at once, if it does (§6.4, §6.5, §6.7 D14).

    ``own``: the card is the player's hand card or agent (the retinue's Prince or the player's own), else a
    queue card (the player's Prince). ``discarded`` is ``None`` for a face-down card, which is never the
    princess (she is always face up). The engine and :meth:`SolitaireView.sure_loss` both decide with this.

    >>> from loveletter.solitaire.ruleset import load_solitaire_ruleset
    >>> rs = load_solitaire_ruleset()
    >>> prince_loss("Princess", True, 3, rs), prince_loss("Guard", True, 0, rs), prince_loss(None, False, 0, rs)
    ('princess_discarded', 'draw_pile_empty', 'draw_pile_empty')
    >>> prince_loss("Princess", False, 0, rs), prince_loss(None, False, 0, rs.with_flags(sol_prince_queue="remove"))
    (None, None)
    """
    if discarded == ruleset.princess:
        return "princess_discarded" if own else None  # from the queue she is simply out of the game
    # An own card is always replaced; a queue card only under the "replace" flag (the others may leave a gap).
    replaced = own or ruleset.flags.sol_prince_queue == "replace"
    return "draw_pile_empty" if replaced and draw_size == 0 else None


@dataclass(frozen=True, slots=True)
class QueueCard:
    """One occupied queue place as the player sees it."""

    slot: int  # 1 = Q1 (played first) .. 7 = Q7 (where the princess starts)
    card: str | None  # None while face down
    #: The player's cards cannot choose it now (the retinue's Handmaid, or a princess with cards before her).
    protected: bool

    @property
    def face_up(self) -> bool:
        return self.card is not None


@dataclass(frozen=True, slots=True)
class Threat:
    """The pending question "hand or agent?" (phase CHOOSE).

    ``by == "retinue"``: the retinue's ``card`` targets the player, who picks the hand card or the agent it hits;
    ``reference`` is the queue place a Baron compares with or a King swaps with; ``guess`` is what a Guard will
    name if the agent is face down. ``by == "player"``: the player's own Baron (reveal-first flag) has revealed
    the card at ``reference`` and asks which own card to compare."""

    by: Side
    card: str
    reference: int | None
    guess: str | None


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """What the player may know now (see the module docstring)."""

    ruleset: SolitaireRuleset
    phase: Phase
    turn: int
    princess: str
    #: The occupied queue places, left to right (the princess among them while she is in the queue).
    queue: tuple[QueueCard, ...]
    hand: tuple[str, ...]  # one card, two after a draw
    agent_state: AgentState
    agent: str | None  # the agent when face up
    playing: str | None  # the flipped agent waiting for its play (phase PLAY after turn option b)
    discards: tuple[str, ...]  # the shared discard pile, oldest first
    draw_size: int
    player_protected: bool
    queue_protected: bool
    threat: Threat | None
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None
    reason: EndReason | None

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def player_turn(self) -> int:
        """The player's turns so far, this one included: how a player counts them (:attr:`turn` counts the
        retinue's too, one after each of the player's; during the retinue's turn, the player's last one)."""
        return (self.turn + 1) // 2

    @property
    def won(self) -> bool:
        return self.outcome == "win"

    @property
    def princess_in_queue(self) -> bool:
        return any(q.card == self.princess for q in self.queue)

    @property
    def princess_protected(self) -> bool:
        return self.queue_protected or len(self.queue) > 1

    def slot(self, slot: int) -> QueueCard | None:
        """The queue place ``slot`` (1..7), or ``None`` if it is empty."""
        return next((q for q in self.queue if q.slot == slot), None)

    def visible(self) -> Counter[str]:
        """Every card the player can see or knows, by type."""
        seen = Counter(self.discards)
        seen.update(self.hand)
        seen.update(q.card for q in self.queue if q.card is not None)
        for single in (self.agent, self.playing):
            if single is not None:
                seen[single] += 1
        return seen

    def unseen(self) -> dict[str, int]:
        """For every card type, how many copies nobody can see: in the draw pile, face down in the queue or as a
        face-down agent (knowledge is shared, so the player and the retinue agree on it)."""
        left = Counter(self.ruleset.copies)
        left.subtract(self.visible())
        return {card: max(0, left[card]) for card in self.ruleset.copies}

    @property
    def hidden_places(self) -> int:
        """How many cards lie face down on the table or in the draw pile."""
        return sum(q.card is None for q in self.queue) + (self.agent_state == "face_down") + self.draw_size

    def guard_guess(self) -> str | None:
        """What a retinue Guard would name now against a face-down agent (§6.5)."""
        return guard_guess(self.unseen(), self.ruleset)

    def kept(self, card: str | None) -> tuple[str, ...]:
        """The hand once ``card`` is played: one copy of it fewer when it comes from a hand of two, the whole
        hand when the flipped agent is played (or no card is given)."""
        if self.playing is not None or card is None or card not in self.hand or len(self.hand) < 2:
            return self.hand
        rest = list(self.hand)
        rest.remove(card)
        return tuple(rest)

    def sure_loss(self, action: Action) -> EndReason | None:
        """Why the player's ``action`` loses the game at once whatever the hidden cards are, if it does: playing
        the princess, or a Prince that discards her from the hand or agent or needs a replacement the empty draw
        pile cannot give; and, answering "hand or agent?", a known card for a Guard to strike, a known card lower
        than the face-up one a Baron compares it with, or a card a Prince's discard loses by. Only these are
        judged (a Baron's comparison with a face-down card stays the player's gamble)."""
        if isinstance(action, Choose):
            return self._threat_loss(action.own)
        if not isinstance(action, Play):
            return None
        return self.ruleset.rules_of(action.card).sure_loss(self, action)

    def _threat_loss(self, own: Own) -> EndReason | None:
        threat = self.threat
        if threat is None:
            return None
        known = self.hand[0] if own == "hand" else self.agent  # None: the face-down agent
        # What the card may be: itself if known; a face-down agent is one of the cards nobody can see.
        may_be = [known] if known is not None else [c for c, left in self.unseen().items() if left > 0]
        return self.ruleset.rules_of(threat.card).threat_loss(self, threat, known, may_be)


def make_view(s: SolitaireState) -> SolitaireView:
    """Build the player's view of ``s``."""
    protected_all = s.queue_protected
    princess_protected = s.princess_protected()
    princess = s.ruleset.princess
    queue = tuple(
        QueueCard(
            slot=i + 1,
            card=card if s.up[i] else None,
            protected=protected_all or (card == princess and princess_protected),
        )
        for i, card in enumerate(s.queue)
        if card is not None
    )
    agent_state: AgentState = "empty" if s.agent is None else ("face_up" if s.agent_up else "face_down")
    return SolitaireView(
        ruleset=s.ruleset,
        phase=s.phase,
        turn=s.turn,
        princess=princess,
        queue=queue,
        hand=tuple(s.hand),
        agent_state=agent_state,
        agent=s.agent if s.agent_up else None,
        playing=s.playing,
        discards=tuple(s.discards),
        draw_size=len(s.draw),
        player_protected=s.player_protected,
        queue_protected=s.queue_protected,
        threat=s.threat,
        legal_actions=s.legal_actions(),
        outcome=s.outcome,
        reason=s.reason,
    )
