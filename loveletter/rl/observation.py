"""The observation vector: one seat's :class:`~loveletter.engine.View`, written as numbers in a fixed layout.

Everything here is read from the view, so an observation holds exactly what that seat may know (a test re-deals
every card the seat cannot see and checks the vector does not change). Seats are absolute (seat 0 is
``player_0``), as in the action notation; the block ``seat`` says which one is observing. With ``K`` card types
in the ruleset's mode (highest first, as the ruleset lists them), ``n`` seats, ``M`` the longest a discard pile
can grow and ``B`` the cards a Chancellor's player can know at the bottom of the deck, the layout is
:data:`LAYOUT` (rendered as the docs' table by :func:`layout_table`).

>>> encoder = Encoder("classic", 2)
>>> encoder.size, encoder.offsets["hand"]
(278, (11, 8))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from loveletter.engine import Phase, Ruleset, View, load_ruleset
from loveletter.rl.actions import mode_of


@dataclass(frozen=True)
class Block:
    """One named part of the vector: its length (in the symbols of the docs) and what its numbers mean."""

    name: str
    length: str
    meaning: str
    per_seat: bool = False


#: The blocks in their order. Per-seat blocks repeat for seat 0, 1, ..., n-1, one seat's blocks together.
LAYOUT: tuple[Block, ...] = (
    Block("seat", "n", "one-hot: the observing seat"),
    Block("phase", "5", "one-hot: play a card, Chancellor's keep, Bishop target's answer, round over, game over"),
    Block("current", "n", "one-hot: whose turn it is"),
    Block("decider", "n", "one-hot: who must decide now (none between rounds)"),
    Block("hand", "K", "count of each card type in the observing seat's hand (up to 3, after a Chancellor)"),
    Block("deck_size", "1", "cards left in the deck"),
    Block("face_up", "K", "count of each card type set aside face up (two players)"),
    Block("set_aside_taken_by", "n", "one-hot: who drew the face-down set-aside card (a Prince at the end)"),
    Block("deck_bottom", "B x K", "one-hot per place from the bottom of the deck: a card the seat put there"),
    Block("sycophant", "n", "one-hot: the seat the next card played must choose (premium)"),
    Block("jester_owner", "n", "one-hot: who played the Jester this round (premium)"),
    Block("jester_marked", "n", "one-hot: the seat the Jester marked (premium)"),
    Block("unseen", "K", "count of each card type the seat has not seen (the card tracker)"),
    Block("tokens", "1", "tokens of affection", per_seat=True),
    Block("dealt_in", "1", "1 if the seat plays this round (not sitting out a tie-break round)", per_seat=True),
    Block("in_round", "1", "1 if the seat is still in the round", per_seat=True),
    Block("protected", "1", "1 if the seat is protected (Handmaid)", per_seat=True),
    Block("hand_size", "1", "cards in the seat's hand", per_seat=True),
    Block("known", "K", "count of each card type the observer knows in that hand (its own: the whole hand)", True),
    Block("knows_mine", "K", "count of each card type that seat knows in the observer's hand", per_seat=True),
    Block("discards", "M x K", "one-hot per place of the seat's discard pile, oldest first", per_seat=True),
)

_PHASES = (Phase.PLAY, Phase.CHANCELLOR, Phase.BISHOP, Phase.ROUND_OVER, Phase.GAME_OVER)
_TOKEN_CAP = 64.0  # an upper bound for the space: no game gets near it


class Encoder:
    """The layout of one ruleset at one player count, and :meth:`encode` from a view to a vector."""

    def __init__(self, ruleset: Ruleset | str, players: int) -> None:
        self.ruleset = rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.players = n = players
        mode = mode_of(rs, players)
        self.cards = mode.card_ids
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        k = len(self.cards)
        copies = np.array([mode.copies[c] for c in self.cards], dtype=np.float32)
        deck = mode.deck_size
        face_up = mode.face_up_set_aside if players == 2 else 0
        #: The longest a discard pile can be: every card but the other player's (and the face-up ones).
        self.pile = max(1, deck - 1 - face_up)
        chancellors = sum(mode.copies[c.id] for c in mode.cards if c.traits.draws)
        self.bottom = 2 * chancellors
        lengths = {"n": n, "5": 5, "1": 1, "K": k, "B x K": self.bottom * k, "M x K": self.pile * k}
        highs: list[np.ndarray] = []
        self.offsets: dict[str, tuple[int, int]] = {}  # global block -> (offset, length)
        self.seat_offsets: list[dict[str, int]] = [{} for _ in range(n)]
        offset = 0

        def high_of(block: Block) -> np.ndarray:
            size = lengths[block.length]
            if block.name in ("hand", "known", "knows_mine"):
                return np.minimum(copies, 3.0)
            if block.name in ("face_up", "unseen"):
                return copies
            if block.name == "deck_size":
                return np.array([deck], dtype=np.float32)
            if block.name == "tokens":
                return np.array([_TOKEN_CAP], dtype=np.float32)
            if block.name == "hand_size":
                return np.array([3.0], dtype=np.float32)
            return np.ones(size, dtype=np.float32)

        for block in LAYOUT:
            if block.per_seat:
                continue
            size = lengths[block.length]
            self.offsets[block.name] = (offset, size)
            highs.append(high_of(block))
            offset += size
        for p in range(n):
            for block in LAYOUT:
                if not block.per_seat:
                    continue
                self.seat_offsets[p][block.name] = offset
                highs.append(high_of(block))
                offset += lengths[block.length]
        self.size = offset
        self.high = np.concatenate(highs).astype(np.float32)
        assert self.high.shape == (self.size,)
        self._phase = {ph: self.offsets["phase"][0] + i for i, ph in enumerate(_PHASES)}
        # Where each block starts, looked up once (encode runs at every step).
        o = {name: start for name, (start, _) in self.offsets.items()}
        self._seat_at, self._current_at, self._decider_at, self._hand_at = (
            o["seat"],
            o["current"],
            o["decider"],
            o["hand"],
        )
        self._deck_size_at, self._face_up_at, self._set_aside_at = o["deck_size"], o["face_up"], o["set_aside_taken_by"]
        self._bottom_at, self._sycophant_at, self._jester_at = o["deck_bottom"], o["sycophant"], o["jester_owner"]
        self._unseen_at = o["unseen"]
        assert o["jester_marked"] == self._jester_at + n
        self._flags_at = [
            (s["dealt_in"], s["in_round"], s["protected"], s["known"], s["knows_mine"], s["discards"])
            for s in self.seat_offsets
        ]
        self._numbers_at = [(s["tokens"], s["hand_size"]) for s in self.seat_offsets]
        self._copies_list = [mode.copies[c] for c in self.cards]
        #: (where a pile's block starts, the pile) -> its indices.
        self._piles: dict[tuple[int, tuple[str, ...]], list[int]] = {}

    def encode(self, view: View) -> np.ndarray:
        """The observation vector of ``view`` (float32, ``size`` long).

        Called at every step of a learner: the 0/1 entries and the counts are gathered as indices, one per card
        or flag, and counted by ``np.bincount`` (which adds repeated ones up); the few other numbers are set
        after. A seat's discard pile only grows, so its indices are kept by pile and reused."""
        ci = self.card_index
        k = len(self.cards)
        hot: list[int] = [self._seat_at + view.seat, self._phase[view.phase]]
        add = hot.append
        phase = view.phase
        if phase is Phase.PLAY or phase is Phase.CHANCELLOR or phase is Phase.BISHOP:
            add(self._current_at + view.current)
        if view.decider is not None:
            add(self._decider_at + view.decider)
        at = self._hand_at
        hot += [at + ci[card] for card in view.hand]
        # What the seat has seen of each card type, for the card tracker (as View.unseen counts it).
        left = list(self._copies_list)
        face_up = view.face_up
        if face_up:
            at = self._face_up_at
            for card in face_up:
                add(at + ci[card])
                left[ci[card]] -= 1
        if view.set_aside_taken_by is not None:
            add(self._set_aside_at + view.set_aside_taken_by)
        if view.deck_known:
            at = self._bottom_at
            top = view.deck_size - 1
            for position, card in view.deck_known:
                left[ci[card]] -= 1
                from_bottom = top - position
                if 0 <= from_bottom < self.bottom:
                    add(at + from_bottom * k + ci[card])
        if view.sycophant is not None:
            add(self._sycophant_at + view.sycophant)
        if view.jester is not None:
            add(self._jester_at + view.jester[0])
            add(self._jester_at + self.players + view.jester[1])
        known_by = dict(view.known_by) if view.known_by else {}
        piles = self._piles
        for sv, (dealt_in, in_round, protected, known_at, knows_at, pile_at) in zip(
            view.seats, self._flags_at, strict=True
        ):
            if sv.dealt_in:
                add(dealt_in)
            if sv.in_round:
                add(in_round)
            if sv.protected:
                add(protected)
            for card in sv.known:
                j = ci[card]
                add(known_at + j)
                left[j] -= 1
            mine = known_by.get(sv.seat)
            if mine:
                hot += [knows_at + ci[card] for card in mine]
            pile = sv.discards
            if pile:
                key = (pile_at, pile)
                found = piles.get(key)
                if found is None:
                    if len(piles) > 100_000:
                        piles.clear()
                    found = piles[key] = [pile_at + i * k + ci[card] for i, card in enumerate(pile)]
                hot += found
                for card in pile:
                    left[ci[card]] -= 1
        result = view.result
        if result is not None and result.set_aside is not None:
            left[ci[result.set_aside]] -= 1
        out = np.bincount(hot, minlength=self.size).astype(np.float32)
        out[self._deck_size_at] = view.deck_size
        at = self._unseen_at
        out[at : at + k] = [max(0, n) for n in left]
        for sv, (tokens_at, size_at) in zip(view.seats, self._numbers_at, strict=True):
            if sv.tokens:
                out[tokens_at] = sv.tokens
            if sv.hand_size:
                out[size_at] = sv.hand_size
        return out


def layout_table(layout: tuple[Block, ...] = LAYOUT) -> str:
    """A layout as a Markdown table (the observation tables of docs/how-to/research.md are this text; a test keeps
    them equal)."""
    rows = ["| Block | Length | Meaning |", "| --- | --- | --- |"]
    for block in layout:
        where = " (each seat)" if block.per_seat else ""
        rows.append(f"| `{block.name}`{where} | {block.length} | {block.meaning} |")
    return "\n".join(rows)
