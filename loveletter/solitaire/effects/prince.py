"""Prince: a card is discarded without effect and replaced from the draw pile (docs/rules.md §6.4, §6.5; §7.5 D-17).

The player's Prince chooses a queue card or an own card; the retinue's hits the own card the player chooses. A
princess discarded from the queue is out of the game; one discarded by the player loses, as does a replacement
the empty draw pile cannot give (:func:`~loveletter.solitaire.view.prince_loss`). What a queue card's
replacement is depends on the ``sol_prince_queue`` flag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Own, Play
from loveletter.solitaire.effects.base import Targeted
from loveletter.solitaire.view import prince_loss

if TYPE_CHECKING:
    from loveletter.solitaire.state import SolitaireState
    from loveletter.solitaire.view import SolitaireView, Threat


class Prince(Targeted):
    name = "prince"

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        return [Play(card, t) for t in s.targetable()] + [Play(card, own) for own in s.owns()]

    def play_on(self, s: SolitaireState, action: Play) -> None:
        target = action.target
        if isinstance(target, int):
            _queue_card(s, target)
        else:
            assert target is not None
            _own_card(s, target, action.card)

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        _own_card(s, own, card)

    def sure_loss(self, view: SolitaireView, action: Play) -> ev.EndReason | None:
        target = action.target
        if target is None:
            return None
        if target == "hand":
            return prince_loss(view.kept(action.card)[0], True, view.draw_size, view.ruleset)
        if target == "agent":
            return prince_loss(view.agent, True, view.draw_size, view.ruleset)
        place = view.slot(target)
        return prince_loss(place.card, False, view.draw_size, view.ruleset) if place is not None else None

    def threat_loss(
        self, view: SolitaireView, threat: Threat, known: str | None, may_be: list[str]
    ) -> ev.EndReason | None:
        if threat.by != "retinue":
            return None
        return prince_loss(known, True, view.draw_size, view.ruleset)


def _queue_card(s: SolitaireState, slot: int) -> None:
    """The player's Prince on the queue card at ``slot``."""
    card = s.remove(slot, "Prince")
    reason = prince_loss(card, False, len(s.draw), s.ruleset)
    if reason is not None:
        s.end("loss", reason)
    elif card == s.princess:
        s.emit(ev.NoReplacement(slot, "princess"))  # she is out of the game
    elif s.ruleset.flags.sol_prince_queue == "remove":
        s.emit(ev.NoReplacement(slot, "flag"))
    elif s.draw:
        s.queue[slot - 1] = s.draw.pop(0)
        s.up[slot - 1] = False
        s.emit(ev.Replaced(slot, None, len(s.draw)))
    else:  # "replace_if_possible" ("replace" lost above)
        s.emit(ev.NoReplacement(slot, "empty_pile"))


def _own_card(s: SolitaireState, own: Own, cause: str) -> None:
    """A Prince (the player's or the retinue's) on the player's hand card or agent: discard it, then draw its
    replacement."""
    if own == "hand":
        card = s.hand.pop()
    else:
        assert s.agent is not None
        card, s.agent, s.agent_up = s.agent, None, False
    s.discards.append(card)
    s.emit(ev.Discarded(own, card, cause))
    reason = prince_loss(card, True, len(s.draw), s.ruleset)
    if reason is not None:
        s.end("loss", reason)
        return
    new = s.draw.pop(0)
    if own == "hand":
        s.hand.append(new)
        s.emit(ev.Replaced("hand", new, len(s.draw)))
    else:
        s.agent = new
        s.agent_up = False
        s.emit(ev.Replaced("agent", None, len(s.draw)))
