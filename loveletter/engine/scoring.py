"""The end of a round and of the game: who wins the round, the bonus tokens, game end and tie-break rounds.

docs/rules.md §2.5, §3.7-3.9 (2019 and classic), §4.2 (original 2012) and §5.5-5.6 (premium). Tokens are given in
*award batches*: everything one event causes is given together, then the game-end check runs once.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import add, itemgetter
from typing import TYPE_CHECKING

from loveletter.engine import events as ev
from loveletter.engine.effects import count, jester, spy
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from loveletter.engine.state import GameState

#: Tie-break rounds in a row after which the players still tied share the win: a game always ends, even with a
#: deck whose every round can end in a tie (our rule; the rulebooks never meet such a deck).
MAX_TIEBREAK_ROUNDS = 10
#: Rounds after which a game still going on ends, won by whoever has the most tokens (shared on a tie): a game
#: always ends, even with a ruleset whose rounds may all end in a tie given to nobody (our rule). A game with
#: a token for someone every round ends well before: eight players, each a token short of 99, play 785.
MAX_ROUNDS = 1000

_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER  # a member looked up through an Enum class costs 160 ns
_first = itemgetter(0)
_second = itemgetter(1)


def deck_out_scores(s: GameState) -> tuple[tuple[int, int], ...]:
    """Each remaining player's hand value at a deck-out, with the Count's bonus (premium)."""
    seats = tuple(compress(range(s.n), s.alive))
    return _scores(s, seats, tuple(map(_first, map(s.hands.__getitem__, seats))))


def _scores(s: GameState, seats: tuple[int, ...], cards: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """:func:`deck_out_scores` of the remaining ``seats``, which hold ``cards``."""
    values = map(s.tables.value.__getitem__, cards)
    if "count" in s.features:
        values = map(add, values, count.bonuses(s, seats))
    return tuple(zip(seats, values, strict=True))


def deck_out_contenders(
    s: GameState, scores: tuple[tuple[int, int], ...], held: Sequence[str] | None = None
) -> list[int]:
    """The players still tied for the round after the comparison and the ruleset's tie breaks (docs/rules.md §5.5).
    ``held``: the cards of the players of ``scores``, in the same order, if the caller has them."""
    in_play = scores
    # While a remaining player holds the Princess, a Bishop cannot win the round, whatever its Counts.
    if "bishop" in s.features:
        by_effect = s.tables.by_effect
        if held is None:
            held = [s.hands[p][0] for p, _ in scores]
        if not by_effect["princess"].isdisjoint(held):
            bishops = by_effect["bishop"]
            in_play = tuple(score for score, card in zip(scores, held, strict=True) if card not in bishops)
    best = max(map(_second, in_play))
    tied = [p for p, v in in_play if v == best]
    for rule in s.ruleset.tie_breaks:
        if len(tied) > 1 and rule == "discard_sum":
            value = s.tables.value
            sums = {p: sum(map(value.__getitem__, s.discards[p])) for p in tied}
            top = max(sums.values())
            tied = [p for p in tied if sums[p] == top]
    return tied


def end_round(s: GameState, reason: ev.RoundEnd) -> None:
    """Settle a round that ended by last player standing or by deck-out."""
    s.decider = None
    n = s.n
    alive = s.alive
    hands: tuple[tuple[int, str], ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    if reason == "last_standing":
        winners: tuple[int, ...] = (alive.index(True),)
        tied = seats = winners
    else:
        seats = tuple(compress(range(n), alive))
        cards = tuple(map(_first, map(s.hands.__getitem__, seats)))
        hands = tuple(zip(seats, cards, strict=True))
        scores = _scores(s, seats, cards)
        tied = tuple(deck_out_contenders(s, scores, cards))
        winners = () if len(tied) > 1 and s.ruleset.flags.residual_tie == "none" else tied
        if s.log is not None:
            s.log.append(ev.HandsRevealed(hands, scores))
        s.reveal_hands(hands)

    batch: list[tuple[int, ev.TokenReason]] = s.pending_tokens
    s.pending_tokens = []
    batch += zip(winners, repeat("round"))
    features = s.features
    if "spy" in features:
        seat = spy.bonus_seat(s)
        if seat is not None:
            batch.append((seat, "spy"))
    if "jester" in features:
        seat = jester.paid_seat(s, winners)
        if seat is not None:
            batch.append((seat, "jester"))
    # Protection and the markers last at most until the round ends (docs/rules.md §3.6, §5.4).
    s.protected = [False] * n
    s.choosable = seats  # everyone still in the round, now that nobody is protected
    s.sycophant = None
    s.jester = None
    tokens = s.tokens
    log = s.log
    for seat, why in batch:
        tokens[seat] += 1
        if log is not None:
            log.append(ev.TokenAwarded(seat, why, tokens[seat]))

    shown = s.set_aside if s.ruleset.flags.reveal_set_aside_at_round_end else None
    s.result = RoundResult(s.round, reason, winners, hands, scores, tuple(batch), shown)
    if log is not None:
        log.append(ev.RoundEnded(s.round, reason, winners, shown))
    s.last_winners = winners
    # Next round's first player: the round's winner; several (or a residual tie with no winner): random among
    # them, drawn by whoever deals (the Game), not here.
    s.next_first = winners or tied
    s.phase = _ROUND_OVER

    if s.tiebreak is not None:
        _settle_tiebreak(s, winners or tied)
    else:
        check_game_end(s, mid_round=False)
        if s.phase is _ROUND_OVER and s.tiebreak is None and s.round >= MAX_ROUNDS:
            most = max(tokens)
            _finish(s, tuple(p for p, t in enumerate(tokens) if t == most))


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
    round, as the mode says (docs/rules.md §3.9, §5.6)."""
    goal = s.tables.goals[s.n]
    if max(s.tokens) < goal:
        return
    reached = tuple([p for p, t in enumerate(s.tokens) if t >= goal])
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
    s.phase = _GAME_OVER
    s.winners = winners
    s.decider = None
    s.next_first = ()
    if s.log is not None:
        s.log.append(ev.GameEnded(winners))
