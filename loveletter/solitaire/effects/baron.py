"""Baron: the player's own card against a queue card, the lower one loses (docs/rules.md §6.4, §6.5; §7.5 D-16).

The player's Baron chooses a queue card and an own card; a lower queue card is discarded, a lower own card loses
the game. The retinue's Baron compares the player's chosen card with its next card in line, which stays in the
queue whatever the outcome. With the ``sol_baron_reveal_first`` flag, the queue card is revealed before the player
says which own card to compare.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Own, Play
from loveletter.solitaire.effects.base import Targeted, compare_plays
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.view import Threat

if TYPE_CHECKING:
    from loveletter.solitaire.state import SolitaireState
    from loveletter.solitaire.view import SolitaireView


class Baron(Targeted):
    name = "baron"
    uses_next_in_line = True

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        if s.ruleset.flags.sol_baron_reveal_first:
            targets = s.targetable()
            return [Play(card, t) for t in targets] if targets else [Play(card)]
        return compare_plays(s, card)

    def play_on(self, s: SolitaireState, action: Play) -> None:
        target = action.target
        assert isinstance(target, int)
        if action.own is not None:
            compare(s, "player", action.own, target)
            return
        # Reveal first (flag): show the queue card, then ask which own card to compare.
        s.reveal(target, action.card)
        if s.agent is not None:
            s.threat = Threat("player", action.card, target, None)
            s.phase = Phase.CHOOSE
            return
        compare(s, "player", "hand", target)

    def answer(self, s: SolitaireState, threat: Threat, own: Own) -> None:
        assert threat.reference is not None
        compare(s, "player", own, threat.reference)

    def before_choice(self, s: SolitaireState, card: str, reference: int | None) -> None:
        if s.ruleset.flags.sol_baron_reveal_first:
            assert reference is not None
            s.reveal(reference, card)

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        reference = s.next_in_line()
        assert reference is not None
        compare(s, "retinue", own, reference)

    def threat_loss(
        self, view: SolitaireView, threat: Threat, known: str | None, may_be: list[str]
    ) -> ev.EndReason | None:
        if threat.reference is None:
            return None
        place = view.slot(threat.reference)
        theirs = place.card if place is not None else None
        value = view.ruleset.value
        if theirs is not None and may_be and all(value(card) < value(theirs) for card in may_be):
            return "baron_lost"
        return None


def compare(s: SolitaireState, side: ev.Side, own: Own, slot: int) -> None:
    """A Baron of ``side`` between the player's ``own`` card and the queue card at ``slot``; both end face up."""
    mine = s.hand[0] if own == "hand" else s.agent
    theirs = s.queue[slot - 1]
    assert mine is not None and theirs is not None
    if own == "agent":
        s.agent_up = True
    s.up[slot - 1] = True
    mine_value, theirs_value = s.values[mine], s.values[theirs]
    loser: ev.Side | None = None
    if mine_value < theirs_value:
        loser = "player"
    elif theirs_value < mine_value:
        loser = "retinue"
    s.emit(ev.Compared(side, own, mine, slot, theirs, loser))
    if loser == "player":
        s.end("loss", "baron_lost")
    elif loser == "retinue" and side == "player":
        s.remove(slot, "Baron")
    # The retinue's Baron never discards its own reference card (§6.5).
