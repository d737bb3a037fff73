"""The solitaire's fixed action space and observation vector, for ``LoveLetterSolitaire-v0``.

Actions: ``draw``, ``agent``, ``choose hand``/``choose agent``, and every play of every card type on every queue
place (``Q1``..``Q7``), on the player's own ``hand`` or ``agent``, or on nothing; a Baron or a King also with the
own card it uses (``/hand``, ``/agent``), a Guard also with each name it may say. The observation is read from
the :class:`~loveletter.solitaire.SolitaireView` only (which never holds a face-down card), in the layout
:data:`LAYOUT` (``K`` card types, highest first).

>>> table = SolitaireActions()
>>> table.to_notation(0), table.from_notation("Guard>Q3=Priest") > 0
('draw', True)
"""

from __future__ import annotations

from itertools import product

import numpy as np

from loveletter.engine import NotationError
from loveletter.rl.actions import Numbered
from loveletter.rl.observation import Block
from loveletter.solitaire import (
    Action,
    Choose,
    Draw,
    Phase,
    Play,
    PlayAgent,
    SolitaireRuleset,
    SolitaireView,
    load_solitaire_ruleset,
    parse_action,
)

SLOTS = 7
_TARGETS: tuple[int | str | None, ...] = (None, *range(1, SLOTS + 1), "hand", "agent")


def enumerate_solitaire_actions(ruleset: SolitaireRuleset) -> tuple[Action, ...]:
    """Every action of the solitaire's notation, in a fixed order."""
    out: list[Action] = [Draw(), PlayAgent(), Choose("hand"), Choose("agent")]
    for card in ruleset.cards.values():
        # Named: the solitaire's notation itself names these cards' extra choices (own card, guess).
        owns: tuple[str | None, ...] = (None, "hand", "agent") if card.effect in ("baron", "king") else (None,)
        named: tuple[str | None, ...] = (None, *ruleset.guard_names) if card.effect == "guard" else (None,)
        for target, own, name in product(_TARGETS, owns, named):
            out.append(Play(card.id, target, own, name))  # type: ignore[arg-type]
    return tuple(out)


class SolitaireActions(Numbered[Action]):
    """The numbered solitaire actions and the index <-> notation mapping."""

    space = "the solitaire's action space"

    def __init__(self, ruleset: SolitaireRuleset | str = "solitaire") -> None:
        self.ruleset = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        super().__init__(enumerate_solitaire_actions(self.ruleset))

    def from_notation(self, text: str) -> int:
        try:
            return self.index(parse_action(text, self.ruleset.cards))
        except NotationError as error:
            raise ValueError(str(error)) from None

    def mask(self, view: SolitaireView) -> np.ndarray:
        out = np.zeros(len(self.actions), dtype=np.int8)
        out[[self.index(a) for a in view.legal_actions]] = 1
        return out


LAYOUT: tuple[Block, ...] = (
    Block("phase", "4", "one-hot: start a turn, play a card, answer hand or agent, game over"),
    Block("turn", "1", "the turn number"),
    Block("queue", "7 x (3 + K)", "per place Q1..Q7: occupied, face down, protected, then the face-up card one-hot"),
    Block("hand", "K", "count of each card type in the hand"),
    Block("agent", "3 + K", "one-hot: no agent, face down, face up; then the face-up agent one-hot"),
    Block("playing", "K", "one-hot: the flipped agent waiting to be played"),
    Block("discards", "K", "count of each card type on the discard pile"),
    Block("draw_size", "1", "cards in the draw pile"),
    Block("protected", "2", "the player is protected; the queue is protected"),
    Block(
        "threat",
        "3 + K + 7 + K",
        "a pending hand-or-agent question: whether there is one, asked by the retinue, asked by the player; its "
        "card one-hot; the queue place it refers to; what a Guard will name",
    ),
    Block("unseen", "K", "count of each card type nobody can see"),
)
_PHASES = (Phase.TURN, Phase.PLAY, Phase.CHOOSE, Phase.OVER)


class SolitaireEncoder:
    """The solitaire view as a float32 vector in the layout :data:`LAYOUT`."""

    def __init__(self, ruleset: SolitaireRuleset | str = "solitaire") -> None:
        self.ruleset = rs = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.cards = tuple(rs.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        k = len(self.cards)
        copies = np.array([rs.copies[c] for c in self.cards], dtype=np.float32)
        sizes = [4, 1, SLOTS * (3 + k), k, 3 + k, k, k, 1, 2, 3 + k + SLOTS + k, k]
        self.offsets: dict[str, int] = {}
        offset = 0
        for block, size in zip(LAYOUT, sizes, strict=True):
            self.offsets[block.name] = offset
            offset += size
        self.size = offset
        self.high = np.ones(self.size, dtype=np.float32)
        o = self.offsets
        self.high[o["turn"]] = 1000.0  # an upper bound: a game lasts a few dozen turns
        self.high[o["hand"] : o["hand"] + k] = np.minimum(copies, 2.0)
        self.high[o["discards"] : o["discards"] + k] = copies
        self.high[o["draw_size"]] = rs.deck_size
        self.high[o["unseen"] : o["unseen"] + k] = copies

    def encode(self, view: SolitaireView) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        o, ci, k = self.offsets, self.card_index, len(self.cards)
        out[o["phase"] + _PHASES.index(view.phase)] = 1
        out[o["turn"]] = min(view.turn, 1000)
        for q in view.queue:
            at = o["queue"] + (q.slot - 1) * (3 + k)
            out[at] = 1
            out[at + 1] = q.card is None
            out[at + 2] = q.protected
            if q.card is not None:
                out[at + 3 + ci[q.card]] = 1
        for card in view.hand:
            out[o["hand"] + ci[card]] += 1
        out[o["agent"] + ("empty", "face_down", "face_up").index(view.agent_state)] = 1
        if view.agent is not None:
            out[o["agent"] + 3 + ci[view.agent]] = 1
        if view.playing is not None:
            out[o["playing"] + ci[view.playing]] = 1
        for card in view.discards:
            out[o["discards"] + ci[card]] += 1
        out[o["draw_size"]] = view.draw_size
        out[o["protected"]] = view.player_protected
        out[o["protected"] + 1] = view.queue_protected
        threat = view.threat
        if threat is not None:
            at = o["threat"]
            out[at] = 1
            out[at + (1 if threat.by == "retinue" else 2)] = 1
            out[at + 3 + ci[threat.card]] = 1
            if threat.reference is not None:
                out[at + 3 + k + threat.reference - 1] = 1
            if threat.guess is not None:
                out[at + 3 + k + SLOTS + ci[threat.guess]] = 1
        for card, left in view.unseen().items():
            out[o["unseen"] + ci[card]] = left
        return out
