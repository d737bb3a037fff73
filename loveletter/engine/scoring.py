"""The end of a round and of the game: who wins the round, the bonus tokens, game end and tie-break rounds.

RULES.md §2.5, §3.7-3.9 (2019 and classic), §4.2 (original 2012) and §5.5-5.6 (premium). Tokens are given in
*award batches*: everything one event causes is given together, then the game-end check runs once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine import events as ev
from loveletter.engine.effects import count, jester, spy
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult

if TYPE_CHECKING:
    from loveletter.engine.state import GameState

#: Tie-break rounds in a row after which the players still tied share the win: a game always ends, even with a
#: deck whose every round can end in a tie (our rule; the rulebooks never meet such a deck).
MAX_TIEBREAK_ROUNDS = 10


def deck_out_scores(s: GameState) -> tuple[tuple[int, int], ...]:
    """Each remaining player's hand value at a deck-out, with the Count's bonus (premium)."""
    cards = s.ruleset.cards
    hands = s.hands
    alive = s.alive
    if "count" in s.features:
        return tuple([(p, cards[hands[p][0]].value + count.bonus(s, p)) for p in range(s.n) if alive[p]])
    return tuple([(p, cards[hands[p][0]].value) for p in range(s.n) if alive[p]])


def deck_out_contenders(s: GameState, scores: tuple[tuple[int, int], ...]) -> list[int]:
    """The players still tied for the round after the comparison and the ruleset's tie breaks (RULES.md §5.5)."""
    effects = s.effects
    in_play = dict(scores)
    # While a remaining player holds the Princess, a Bishop cannot win the round, whatever its Counts.
    if "bishop" in s.features and any(effects[s.hands[p][0]].name == "princess" for p in in_play):
        in_play = {p: v for p, v in in_play.items() if effects[s.hands[p][0]].name != "bishop"}
    best = max(in_play.values())
    tied = [p for p, v in in_play.items() if v == best]
    for rule in s.ruleset.tie_breaks:
        if len(tied) > 1 and rule == "discard_sum":
            sums = {p: sum(s.ruleset.cards[c].value for c in s.discards[p]) for p in tied}
            top = max(sums.values())
            tied = [p for p in tied if sums[p] == top]
    return tied


def end_round(s: GameState, reason: ev.RoundEnd) -> None:
    """Settle a round that ended by last player standing or by deck-out."""
    s.decider = None
    hands: tuple[tuple[int, str], ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    if reason == "last_standing":
        winners: tuple[int, ...] = (s.alive.index(True),)
        tied = list(winners)
    else:
        hands = tuple([(p, s.hands[p][0]) for p in range(s.n) if s.alive[p]])
        scores = deck_out_scores(s)
        tied = deck_out_contenders(s, scores)
        residual_none = len(tied) > 1 and s.ruleset.flags.residual_tie == "none"
        winners = () if residual_none else tuple(tied)
        if s.log is not None:
            s.log.append(ev.HandsRevealed(hands, scores))
        s.reveal_hands(hands)

    batch: list[tuple[int, ev.TokenReason]] = list(s.pending_tokens)
    batch.extend((w, "round") for w in winners)
    if "spy" in s.features:
        seat = spy.bonus_seat(s)
        if seat is not None:
            batch.append((seat, "spy"))
    if "jester" in s.features:
        seat = jester.paid_seat(s, winners)
        if seat is not None:
            batch.append((seat, "jester"))
    s.pending_tokens = []
    # Protection and the markers last at most until the round ends (RULES.md §3.6, §5.4).
    s.protected = [False] * s.n
    s.refresh_choosable()
    s.sycophant = None
    s.jester = None
    for seat, why in batch:
        s.tokens[seat] += 1
        if s.log is not None:
            s.log.append(ev.TokenAwarded(seat, why, s.tokens[seat]))

    shown = s.set_aside if s.ruleset.flags.reveal_set_aside_at_round_end else None
    s.result = RoundResult(s.round, reason, winners, hands, scores, tuple(batch), shown)
    if s.log is not None:
        s.log.append(ev.RoundEnded(s.round, reason, winners, shown))
    s.last_winners = winners
    # Next round's first player: the round's winner; several (or a residual tie with no winner): random among
    # them, drawn by whoever deals (the Game), not here.
    s.next_first = winners or tuple(tied)
    s.phase = Phase.ROUND_OVER

    if s.tiebreak is not None:
        _settle_tiebreak(s, winners or tuple(tied))
    else:
        check_game_end(s, mid_round=False)


def _settle_tiebreak(s: GameState, round_winners: tuple[int, ...]) -> None:
    """In a tie-break round only winning the round decides the game; several winners play another one, up to
    :data:`MAX_TIEBREAK_ROUNDS` in a row, after which they share the win."""
    s.tiebreak_rounds += 1
    if len(round_winners) == 1 or s.tiebreak_rounds >= MAX_TIEBREAK_ROUNDS:
        _finish(s, round_winners)
        return
    s.tiebreak = round_winners
    s.next_first = round_winners
    if s.log is not None:
        s.log.append(ev.TiebreakAnnounced(round_winners))


def check_game_end(s: GameState, *, mid_round: bool) -> None:
    """After an award batch: one player at the goal wins; several either share the win or play a tie-break
    round, as the mode says (RULES.md §3.9, §5.6)."""
    goal = s.goal
    reached = tuple([p for p, t in enumerate(s.tokens) if t >= goal])
    if not reached:
        return
    if len(reached) > 1 and s.mode.game_tie == "tiebreak_round":
        if s.ruleset.flags.game_tie_most_tokens_wins:
            most = max(s.tokens[p] for p in reached)
            reached = tuple(p for p in reached if s.tokens[p] == most)
        if len(reached) > 1:
            # A mid-round batch gives one token to one player, so a tie can only arise at a round's end.
            assert not mid_round, "a game tie cannot arise in the middle of a round"
            s.tiebreak = reached
            s.tiebreak_rounds = 0
            prior = tuple(p for p in s.last_winners if p in reached)
            s.next_first = prior or reached
            if s.log is not None:
                s.log.append(ev.TiebreakAnnounced(reached))
            return
    if mid_round:
        # A Bishop's or Constable's token won the game: the rest of the round is not played.
        s.result = RoundResult(s.round, "interrupted", ())
        if s.log is not None:
            s.log.append(ev.RoundEnded(s.round, "interrupted", ()))
    _finish(s, reached)


def _finish(s: GameState, winners: tuple[int, ...]) -> None:
    s.phase = Phase.GAME_OVER
    s.winners = winners
    s.decider = None
    s.next_first = ()
    if s.log is not None:
        s.log.append(ev.GameEnded(winners))
