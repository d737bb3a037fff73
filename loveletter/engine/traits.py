"""What a card's effect does, in the terms computer players and front ends ask about.

Each effect class in :mod:`loveletter.engine.effects` declares its :class:`Traits`; a card type exposes them
(``ruleset.cards["Baron"].traits``). Code outside the engine asks a trait ("does this card knock its holder out
when discarded?", "whom may it choose?") instead of comparing effect names, so a card's rules are stated once, in
its own module. ``tests/engine/test_traits.py`` checks each trait against what the engine does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Whom a card may choose when played: nobody; one other player; any one player, the player included; one or two
#: other players (Baroness); two players, the player possibly one of them (Cardinal).
Targeting = Literal["none", "another", "anyone", "one_or_two_others", "two_players"]


@dataclass(frozen=True, slots=True)
class Traits:
    """The facts of one card effect (all off by default: a card that does nothing when played)."""

    #: Whom the card chooses (see :data:`Targeting`).
    targets: Targeting = "none"
    #: What the card names: a card (Guard; by its value where the ruleset names numbers) or a value (Bishop).
    names: Literal["card", "value"] | None = None
    #: A comparison of hands, and which side is knocked out (Baron: the lower; Dowager Queen: the higher).
    compares: Literal["lower_loses", "higher_loses"] | None = None
    #: The player sees a chosen hand (Priest, Baroness; the Cardinal after the trade).
    looks: bool = False
    #: Two hands are exchanged (King: the player's and the target's; Cardinal: any two).
    trades: bool = False
    #: The chosen player discards their hand and draws a new card (Prince).
    discards_target: bool = False
    #: The player cannot be chosen until their next turn (Handmaid).
    protects: bool = False
    #: The player draws extra cards, keeps one and puts the rest under the deck (Chancellor).
    draws: bool = False
    #: Discarding it, for any reason, knocks its holder out (Princess).
    knocks_out_when_discarded: bool = False
    #: Must be played when held with certain other cards (Countess).
    forced: bool = False
    #: Puts a marker on a player: the next card played must choose them (Sycophant), or its player gains a token
    #: if that player wins the round (Jester).
    marks: Literal["sycophant", "jester"] | None = None
    #: Knocks out the player of a Guard that chose its holder (Assassin), who then discards it and redraws.
    stops_guard: bool = False
    #: A token at the round's end to the only player still in who played or discarded one (Spy).
    token_at_round_end: bool = False
    #: Raises the value of its player's hand at a deck-out for each one in their discard pile (Count).
    raises_value: bool = False
    #: Its player gains a token if knocked out with it in their discard pile (Constable).
    token_when_knocked_out: bool = False

    @property
    def chooses(self) -> bool:
        """Whether the card chooses any player at all."""
        return self.targets != "none"

    @property
    def may_choose_self(self) -> bool:
        """Whether the player may choose themselves (Prince, Sycophant, Cardinal)."""
        return self.targets in ("anyone", "two_players")
