"""What every solitaire card effect provides: its traits, and the hooks the state calls (docs/rules.md §6.4, §6.5).

A card resolves differently for the two sides, so an effect has a player's half (:meth:`SolitaireEffect.plays`,
:meth:`~SolitaireEffect.play`) and a retinue's half (:meth:`~SolitaireEffect.retinue_play`, and for the cards
that target the player :meth:`~SolitaireEffect.hits` once the player has said which own card they hit). The
effects keep no state of their own: one instance of each serves every game (``effects_for`` in the package).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Own, Play
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.view import Threat

if TYPE_CHECKING:
    from loveletter.solitaire.ruleset import SolitaireRuleset
    from loveletter.solitaire.state import SolitaireState
    from loveletter.solitaire.view import SolitaireView


class SolitaireEffect:
    """A card's solitaire rules. The base class is a card without effect for either side (the Countess)."""

    name: ClassVar[str] = ""
    #: The card the retinue protects; the player who plays or discards her loses (the Princess).
    is_princess: ClassVar[bool] = False
    #: The player's Guard may name this card type (every card but the Guard itself).
    guard_may_name: ClassVar[bool] = True
    #: Played by the retinue, the card hits one of the player's own cards, which the player chooses.
    targets_player: ClassVar[bool] = False
    #: Played by the retinue, the card needs the retinue's next card in line (to compare with, or to swap).
    uses_next_in_line: ClassVar[bool] = False

    def must_be_played_with(self, other: str, ruleset: SolitaireRuleset) -> bool:
        """Whether a hand of this card and ``other`` must play this one (the Countess's restriction)."""
        return False

    # ------------------------------------------------------------------------------------------- player

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        """Every legal way for the player to play ``card`` now."""
        return [Play(card)]

    def play(self, s: SolitaireState, action: Play) -> None:
        """Carry out the player's card; it is already on the discard pile. The state moves on afterwards,
        unless the card ended the game or asks the player a question (phase CHOOSE)."""

    def answer(self, s: SolitaireState, threat: Threat, own: Own) -> None:
        """Finish the player's own card once the player has said which own card it uses (a Baron revealed
        first)."""
        raise AssertionError(f"{self.name} asks the player nothing")

    def sure_loss(self, view: SolitaireView, action: Play) -> ev.EndReason | None:
        """Why playing ``action`` loses at once whatever the hidden cards are, if it does."""
        return None

    # ------------------------------------------------------------------------------------------ retinue

    def retinue_play(self, s: SolitaireState, card: str) -> None:
        """Carry out the retinue's ``card`` (already on the discard pile); it may leave a question for the
        player (phase CHOOSE)."""

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        """The retinue's ``card`` strikes the player's ``own`` card."""
        raise AssertionError(f"a retinue {self.name} does not target the player")

    def threat_loss(
        self, view: SolitaireView, threat: Threat, known: str | None, may_be: list[str]
    ) -> ev.EndReason | None:
        """Why answering ``threat`` with an own card loses at once, if it surely does: ``known`` is that card
        when the player knows it, ``may_be`` every card it may be."""
        return None


class Targeted(SolitaireEffect):
    """A card that chooses a target: played by the player without one (none was legal), it has no effect;
    played by the retinue, it targets the player unless the player is protected (§6.5)."""

    targets_player = True

    def play(self, s: SolitaireState, action: Play) -> None:
        if action.target is None:
            s.emit(ev.NoEffect("player", action.card, "no_target"))
            return
        self.play_on(s, action)

    def play_on(self, s: SolitaireState, action: Play) -> None:
        """Carry out the player's card on its target (``action.target`` is set)."""

    def retinue_play(self, s: SolitaireState, card: str) -> None:
        reference = s.next_in_line()
        if s.player_protected:
            s.emit(ev.NoEffect("retinue", card, "protected"))
            return
        if self.uses_next_in_line and reference is None:
            s.emit(ev.NoEffect("retinue", card, "no_next_card"))
            return
        self.before_choice(s, card, reference)
        if s.agent is not None:
            s.threat = Threat("retinue", card, reference if self.uses_next_in_line else None, self.guess(s))
            s.phase = Phase.CHOOSE
            return
        s.emit(ev.RetinueTargeted(card, "hand", automatic=True))
        self.hits(s, card, "hand")

    def before_choice(self, s: SolitaireState, card: str, reference: int | None) -> None:
        """What happens before the player chooses the own card hit (a Baron revealing first)."""

    def guess(self, s: SolitaireState) -> str | None:
        """The name the retinue's card will say against a face-down agent (the Guard's guess)."""
        return None


def compare_plays(s: SolitaireState, card: str) -> list[Play]:
    """A Baron's or King's plays: each targetable queue card with each own card (just the card when there is no
    queue card to choose)."""
    targets = s.targetable()
    if not targets:
        return [Play(card)]
    owns = s.owns()
    return [Play(card, t, own) for t in targets for own in owns]
