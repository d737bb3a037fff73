"""Views: exactly what one seat may know (RULES.md §2.6, §3.10, §5.8).

A :class:`View` is built from the full state for one seat and carries only public information, that seat's
own hand, and the private knowledge it has gained and that still holds (a Priest look, a Baron comparison, a
King trade, the cards it put under the deck). Computer players and the user interface only ever get views.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from loveletter.engine.phase import Phase

if TYPE_CHECKING:
    from loveletter.engine.actions import Action
    from loveletter.engine.result import RoundResult
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    tokens: int
    dealt_in: bool  # takes part in this round (everyone, except those sitting out a tie-break round)
    in_round: bool  # not knocked out
    protected: bool  # Handmaid
    discards: tuple[str, ...]  # oldest first
    hand_size: int
    #: Cards of this seat's hand the viewer knows: the whole hand for the viewer's own seat.
    known: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may know now. Compare two views with ``==``: equal views mean nothing visible differs."""

    ruleset: Ruleset
    seat: int
    players: int
    goal: int
    round: int
    phase: Phase
    current: int  # whose turn it is
    decider: int | None  # who must decide now (the Bishop's target decides on another's turn)
    hand: tuple[str, ...]
    seats: tuple[SeatView, ...]
    deck_size: int
    face_up: tuple[str, ...]  # face-up set-aside cards (two players)
    set_aside_taken_by: int | None  # who drew the face-down set-aside card, if anyone
    #: Cards the viewer knows in the deck, as (position from the top, 0 = next to be drawn, card).
    deck_known: tuple[tuple[int, str], ...]
    sycophant: int | None  # seat the next card played must choose
    jester: tuple[int, int] | None  # (Jester's player, marked seat)
    tiebreak: tuple[int, ...] | None  # seats playing a tie-break round
    legal_actions: tuple[Action, ...]  # empty unless this seat decides now
    #: The round's public decisions so far, in order, as (seat, action): each card played (with its targets and
    #: what it named) and each Bishop target's choice to redraw or keep. A Chancellor's keep is private: not here.
    plays: tuple[tuple[int, Action], ...]
    result: RoundResult | None  # the finished round, between rounds
    winners: tuple[int, ...]  # the game's winners once it is over

    @property
    def mode(self) -> Mode:
        return self.ruleset.mode_for(self.players)

    @property
    def to_move(self) -> bool:
        return self.decider == self.seat

    def known_hand(self, seat: int) -> tuple[str, ...]:
        """The cards of ``seat``'s hand this view knows."""
        return self.seats[seat].known

    def unseen(self) -> dict[str, int]:
        """For every card type, how many copies the viewer has not seen and cannot place: the card tracker.

        It starts from the deck and removes every discard, the face-up cards, the viewer's hand, and the cards
        it knows in other hands (hands shown at a deck-out included) and in the deck."""
        left = Counter(self.mode.copies)
        seen: list[str] = list(self.face_up)
        for sv in self.seats:
            seen.extend(sv.discards)
            seen.extend(sv.known)
        seen.extend(card for _, card in self.deck_known)
        if self.result is not None and self.result.set_aside is not None:
            seen.append(self.result.set_aside)
        left.subtract(seen)
        return {card: max(0, left[card]) for card in self.mode.copies}


def make_view(s: GameState, seat: int) -> View:
    """Build ``seat``'s view of ``s``."""
    n = s.n
    participants = s.participants()
    known = s.known
    row = seat * n
    seats = tuple(
        SeatView(
            seat=p,
            tokens=s.tokens[p],
            dealt_in=p in participants,
            in_round=s.alive[p],
            protected=s.protected[p],
            discards=tuple(s.discards[p]),
            hand_size=len(s.hands[p]),
            known=tuple(s.hands[p]) if p == seat else known.get(row + p, ()),
        )
        for p in range(n)
    )
    top = len(s.deck) - 1
    deck_known = tuple(sorted((top - index, card) for viewer, index, card in s.deck_marks if viewer == seat))
    return View(
        ruleset=s.ruleset,
        seat=seat,
        players=n,
        goal=s.goal,
        round=s.round,
        phase=s.phase,
        current=s.current,
        decider=s.decider,
        hand=tuple(s.hands[seat]),
        seats=seats,
        deck_size=len(s.deck),
        face_up=s.face_up,
        set_aside_taken_by=s.set_aside_taken_by,
        deck_known=deck_known,
        sycophant=s.sycophant,
        jester=s.jester,
        tiebreak=s.tiebreak,
        legal_actions=s.legal_actions(seat),
        plays=tuple(s.plays),
        result=s.result,
        winners=s.winners,
    )
