"""Guard: the player's Guard removes a queue card it names (or one already face up); the retinue's Guard strikes
the player's hand, or a face-up agent, and guesses a face-down one (docs/rules.md §6.4, §6.5).

The retinue's guess is no choice: it names the highest card type nobody can see
(:func:`~loveletter.solitaire.view.guard_guess`). A player's wrong guess turns the queue card face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Own, Play
from loveletter.solitaire.effects.base import Targeted
from loveletter.solitaire.view import guard_guess

if TYPE_CHECKING:
    from loveletter.solitaire.state import SolitaireState
    from loveletter.solitaire.view import SolitaireView, Threat


class Guard(Targeted):
    name = "guard"
    guard_may_name = False

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        targets = s.targetable()
        if not targets:
            return [Play(card)]
        plays: list[Play] = []
        for t in targets:
            if s.up[t - 1]:
                plays.append(Play(card, t))  # face up: nothing to guess
            else:
                plays.extend(Play(card, t, None, name) for name in s.ruleset.guard_names)
        return plays

    def play_on(self, s: SolitaireState, action: Play) -> None:
        slot = action.target
        assert isinstance(slot, int)
        i = slot - 1
        held = s.queue[i]
        assert held is not None
        if s.up[i]:
            s.remove(slot, "Guard")
            return
        named = action.named
        assert named is not None
        correct = held == named
        s.emit(ev.Guessed("player", slot, named, correct))
        if correct:
            s.remove(slot, "Guard")
        else:
            s.reveal(slot, "Guard")

    def guess(self, s: SolitaireState) -> str | None:
        return retinue_guess(s) if not s.agent_up else None

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        if own == "hand" or s.agent_up:
            known = s.hand[0] if own == "hand" else s.agent
            assert known is not None
            s.emit(ev.Guessed("retinue", own, known, True, automatic=True))
            s.end("loss", "guard_hit")
            return
        named = retinue_guess(s)
        correct = s.agent == named
        s.emit(ev.Guessed("retinue", "agent", named, correct, unaccounted=s.unaccounted()[named]))
        if correct:
            s.end("loss", "guard_hit")
        else:
            s.reveal("agent", card)

    def threat_loss(
        self, view: SolitaireView, threat: Threat, known: str | None, may_be: list[str]
    ) -> ev.EndReason | None:
        if threat.by != "retinue":
            return None
        # A known card is struck; a face-down one only if the Guard names it: sure when nothing else is left.
        return "guard_hit" if known is not None or set(may_be) <= {threat.guess} else None


def retinue_guess(s: SolitaireState) -> str:
    """What a retinue Guard names against the face-down agent now (§6.5)."""
    guess = guard_guess(s.unaccounted(), s.ruleset)
    assert guess is not None, "a face-down agent is always unaccounted for"
    return guess
