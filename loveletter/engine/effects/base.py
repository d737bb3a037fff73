"""What every card effect provides, and the target rules they share (docs/rules.md §2.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from loveletter.engine.actions import Play
from loveletter.engine.events import NoEffect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.actions import Action
    from loveletter.engine.events import TokenReason
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState, Plays


class Effect:
    """A card's effect. The base class is a card that does nothing when played (Countess, Spy, Count...)."""

    name: ClassVar[str] = ""
    #: What the effect does, for code that asks about cards (see :mod:`loveletter.engine.traits`).
    traits: ClassVar[Traits] = Traits()

    def __init_subclass__(cls) -> None:
        # Read on the hot path (a discard): kept as a plain attribute, from the effect's traits.
        cls.knocks_out_when_discarded = cls.traits.knocks_out_when_discarded

    #: Discarding this card from a hand, for any reason, knocks its holder out (the Princess).
    knocks_out_when_discarded: ClassVar[bool] = False

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        self.ruleset = ruleset
        self.mode = mode
        self._plays: dict[tuple[str, tuple[int, ...]], tuple[Play, ...]] = {}

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        """Every legal way for ``actor`` to play ``card`` now."""
        return self.plays(card, ())

    def plays(self, card: str, targets: tuple[int, ...]) -> tuple[Play, ...]:
        """The plays of ``card`` on each seat of ``targets`` in turn (just ``card`` when there are none): built
        once per distinct situation and reused, since the engine lists legal actions on every turn."""
        key = (card, targets)
        cached = self._plays.get(key)
        if cached is None:
            cached = self._plays[key] = self.build_plays(card, targets)
        return cached

    def build_plays(self, card: str, targets: tuple[int, ...]) -> tuple[Play, ...]:
        """The plays for :meth:`plays`; a card that names something (Guard, Bishop) extends this."""
        if not targets:
            return (Play(card),)
        return tuple(Play(card, (t,)) for t in targets)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        """Carry out the card; it is already on the actor's discard pile."""

    # The hooks below are the rules of a card that act outside its own play; the state calls them where they apply.

    def must_be_played(self, s: GameState, other: str) -> bool:
        """Whether this card must be the one played when ``other`` is the other card in hand (the Countess)."""
        return False

    def follow_up_actions(self, s: GameState) -> Plays:
        """The legal answers, in order and as a set, to the decision this card asks for once played (it left the
        game in a phase of its own: a Chancellor's keep, the Bishop's target's redraw)."""
        raise NotImplementedError(f"{self.name or 'this card'} asks for no decision after its play")

    def resolve_follow_up(self, s: GameState, action: Action) -> None:
        """Carry out the answer to that decision."""
        raise NotImplementedError(f"{self.name or 'this card'} asks for no decision after its play")

    def knock_out_token(self, s: GameState, seat: int) -> TokenReason | None:
        """The token ``seat`` gains from this card as it is about to be knocked out, if any (the Constable)."""
        return None


def choosable(s: GameState, actor: int, *, include_self: bool) -> tuple[int, ...]:
    """Seats ``actor`` may choose: in the round and not protected (the actor is never protected on their own
    turn, so with ``include_self`` the actor is always among them)."""
    if include_self:
        return s.choosable
    return tuple([p for p in s.choosable if p != actor])


def single_targets(s: GameState, actor: int, *, include_self: bool) -> tuple[int, ...]:
    """Legal targets of a card that chooses one player, with the Sycophant's marker applied (docs/rules.md §5.4):
    the marked player only, or nobody if they cannot be chosen (unless the ruleset ignores the marker then)."""
    seats = choosable(s, actor, include_self=include_self)
    mark = s.sycophant
    if mark is not None:
        if mark in seats:
            return (mark,)
        if s.ruleset.flags.sycophant_impossible == "no_effect":
            return ()
    return seats


def must_include_mark(s: GameState, groups: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """For cards that choose several players: keep the choices that include the Sycophant's marked player."""
    mark = s.sycophant
    if mark is None:
        return groups
    kept = [g for g in groups if mark in g]
    if kept or s.ruleset.flags.sycophant_impossible == "no_effect":
        return kept
    return groups


def no_effect(s: GameState, actor: int, card: str) -> None:
    if s.log is not None:
        s.log.append(NoEffect(actor, card))
