"""Why a move is worth playing, in facts a player can check: the coach's reasons, from the seat's view alone.

:class:`Facts` gathers once per decision what the seat knows: the chance of each card the others may hold (the
reading of :mod:`loveletter.bots.beliefs`), the cards it has not seen (``view.unseen()``), the round's public
history as the engine recorded it (:func:`loveletter.engine.moments.public_moments`), and what each card does
(its traits, :mod:`loveletter.engine.traits`). Every fact comes through this one class. :meth:`Facts.reason`
turns a move into a :class:`Reason`: a catalog key (``coach.reason.<key>``) and its values (cards, seats,
chances), which the front end words in the player's language. Nothing here reads a hidden card, so re-dealing
what the seat cannot see leaves every reason as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from loveletter.bots import beliefs
from loveletter.engine import Action, Keep, Play, Redraw, View
from loveletter.engine.moments import public_moments
from loveletter.engine.traits import Traits

#: A chance treated as certain (the reading's sums are floats).
SURE = 1.0 - 1e-9
#: A naming card's guess lists the cards it may hit when there are at most this many.
FEW = 3


@dataclass(frozen=True, slots=True)
class Card:
    id: str


@dataclass(frozen=True, slots=True)
class Cards:
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int


@dataclass(frozen=True, slots=True)
class Chance:
    value: float


@dataclass(frozen=True, slots=True)
class Named:
    """What a Guard or a Bishop names: a card, or a value (with the cards of that value in play)."""

    named: str | int
    cards: tuple[str, ...]


Value = Card | Cards | Seat | Chance | Named


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason as data: the catalog key under ``coach.reason`` and its placeholders' values."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def get(self, name: str) -> Value:
        return dict(self.values)[name]


class Facts:
    """What the seat of ``view`` knows, read once, and the reasons for its moves (see the module docstring)."""

    def __init__(self, view: View, chances: Mapping[int, Mapping[str, float]] | None = None) -> None:
        self.view = view
        self.cards = view.ruleset.cards
        self.chances = chances if chances is not None else beliefs.read(view).chances
        self.unseen = view.unseen()
        self.moments = public_moments(view)
        self.by_value = view.mode.guard_naming == "number"

    # ------------------------------------------------------------------------------------------- facts

    def traits(self, card: str) -> Traits:
        return self.cards[card].traits

    def fatal(self, card: str) -> bool:
        """Whether discarding ``card`` knocks its holder out (the Princess), as its traits say."""
        return self.traits(card).knocks_out_when_discarded

    def shows(self, card: str) -> bool:
        """Whether playing ``card`` shows its player the chosen hand (a look, a trade, a comparison)."""
        traits = self.traits(card)
        return traits.looks or traits.trades or traits.compares is not None

    def value(self, card: str) -> int:
        return self.cards[card].value

    def kept(self, played: str) -> str | None:
        """The card left in hand after playing ``played``."""
        hand = list(self.view.hand)
        if played in hand:
            hand.remove(played)
        return hand[0] if len(hand) == 1 else None

    def possible(self, seat: int) -> list[tuple[str, float]]:
        """The cards ``seat`` may hold, likeliest first (ties in the ruleset's order)."""
        order = {c: i for i, c in enumerate(self.view.mode.card_ids)}
        row = self.chances.get(seat, {})
        return sorted(((c, p) for c, p in row.items() if p > 0.0), key=lambda cp: (-cp[1], order.get(cp[0], 0)))

    def known(self, seat: int) -> str | None:
        """The card the seat knows ``seat`` holds, if it is sure of it."""
        top = self.possible(seat)
        return top[0][0] if len(top) == 1 and top[0][1] >= SURE else None

    def matches(self, card: str, named: str | int, by_value: bool) -> bool:
        return (self.value(card) if by_value else card) == named

    def named(self, named: str | int) -> Named:
        if isinstance(named, str):
            return Named(named, (named,))
        return Named(named, tuple(c for c in self.view.mode.card_ids if self.value(c) == named))

    def how_known(self, seat: int) -> str | None:
        """The card the seat played that showed it ``seat``'s hand (a Priest's look, a King's trade...), the latest
        such play; ``None`` when the knowledge came another way (or the last play on ``seat`` showed nothing)."""
        me = self.view.seat
        for m in reversed(self.moments):
            action = m.action
            if isinstance(action, Play) and m.seat == me and seat in action.targets:
                return action.card if self.shows(action.card) else None
        return None

    # ----------------------------------------------------------------------------------------- reasons

    def reason(self, action: Action) -> Reason:
        """Why ``action`` may be played, in one fact (see :class:`Reason`)."""
        if isinstance(action, Keep):
            return Reason("keep", (("card", Card(action.card)),))
        if isinstance(action, Redraw):
            return Reason("redraw" if action.redraw else "no_redraw")
        if not isinstance(action, Play):
            return Reason("none")
        card = action.card
        does = self.traits(card)
        kept = self.kept(card)
        keeping: tuple[tuple[str, Value], ...] = (("kept", Card(kept)),) if kept is not None else ()
        if does.forced and kept is not None and kept in self.view.ruleset.countess_forced_by:
            return Reason("countess_forced", keeping)
        if self.fatal(card):
            return Reason("princess")
        if action.named is not None and len(action.targets) == 1:
            return self.guess(action, does)
        target = action.targets[0] if len(action.targets) == 1 else None
        if target is not None and target != self.view.seat and does.compares and kept:
            return self.compare(target, kept, lower=does.compares == "higher_loses")
        if target is not None and does.discards_target:  # Prince
            if target == self.view.seat:
                return Reason("prince_self", keeping)
            return self.discard(target)
        if target is not None and target != self.view.seat and does.trades and does.targets == "another" and kept:
            sure = self.known(target)
            if sure is not None:
                return Reason("trade_known", (("target", Seat(target)), ("card", Card(sure)), *keeping))
            return Reason("trade", (("target", Seat(target)), *keeping, *self.likeliest(target)))
        if target is not None and does.looks and does.targets == "another":  # Priest
            sure = self.known(target)
            if sure is not None:
                return Reason("look_known", (("target", Seat(target)), ("card", Card(sure))))
            return Reason("look", (("target", Seat(target)), *self.likeliest(target)))
        if does.protects:
            return Reason("protect", keeping)
        if does.draws:
            return Reason("chancellor")
        if does.token_at_round_end:
            return Reason("spy", keeping)
        if not action.targets and kept is not None:
            return Reason("quiet", (("card", Card(card)), *keeping))
        return Reason("keeping", keeping) if keeping else Reason("none")

    def likeliest(self, seat: int) -> tuple[tuple[str, Value], ...]:
        top = self.possible(seat)
        if not top:
            return (("top", Card("")), ("chance", Chance(0.0)))
        return (("top", Card(top[0][0])), ("chance", Chance(top[0][1])))

    def guess(self, action: Play, does: Traits) -> Reason:
        """A Guard's or a Bishop's guess: whether it can hit, and how often."""
        target = action.targets[0]
        named = action.named
        assert named is not None
        by_value = self.by_value or does.names == "value"
        possible = self.possible(target)
        hit = sum(p for c, p in possible if self.matches(c, named, by_value))
        who = ("target", Seat(target))
        what = ("named", self.named(named))
        if hit <= 0.0:
            names = self.named(named).cards
            if all(self.unseen.get(c, 0) == 0 for c in names):
                return Reason("cannot_hit_seen", (who, what))
            return Reason("cannot_hit", (who, what))
        sure = self.known(target)
        if sure is not None:
            how = self.how_known(target)
            if how is not None:
                return Reason("hit_known_by", (who, ("card", Card(sure)), ("by", Card(how))))
            return Reason("hit_known", (who, ("card", Card(sure))))
        chance = ("chance", Chance(hit))
        if len(possible) <= FEW:
            return Reason("guess_few", (who, chance, ("cards", Cards(tuple(c for c, _ in possible)))))
        top = possible[0][0]
        if self.matches(top, named, by_value):
            return Reason("guess_top", (who, chance))
        return Reason("guess", (who, chance, ("top", Card(top))))

    def compare(self, target: int, kept: str, *, lower: bool) -> Reason:
        """A Baron's (or a Dowager Queen's) comparison of the kept card with the target's."""
        mine = self.value(kept)
        win = lose = 0.0
        for card, p in self.possible(target):
            theirs = self.value(card)
            if theirs == mine:
                continue
            if (theirs < mine) != lower:
                win += p
            else:
                lose += p
        values: tuple[tuple[str, Value], ...] = (("target", Seat(target)), ("kept", Card(kept)))
        sure = self.known(target)
        if sure is not None:
            key = "compare_win" if win >= SURE else "compare_lose" if lose >= SURE else "compare_tie"
            return Reason(key, (*values, ("card", Card(sure))))
        beaten = tuple(c for c, _ in self.possible(target) if (self.value(c) > mine) != lower and self.value(c) != mine)
        if lose > 0.0 and len(beaten) == len(self.possible(target)) - 1:
            spared = next(c for c, _ in self.possible(target) if c not in beaten)
            return Reason("compare_all_but", (*values, ("card", Card(spared)), ("lose", Chance(lose))))
        return Reason("compare", (*values, ("win", Chance(win)), ("lose", Chance(lose))))

    def discard(self, target: int) -> Reason:
        """A Prince on another player: the chance of knocking them out with their Princess."""
        princess = sum(p for c, p in self.possible(target) if self.fatal(c))
        if princess > 0.0:
            return Reason("prince_princess", (("target", Seat(target)), ("chance", Chance(princess))))
        return Reason("prince", (("target", Seat(target)), *self.likeliest(target)))
