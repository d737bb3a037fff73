"""The observation vector: one seat's :class:`~loveletter.engine.View`, written as numbers in a fixed layout.

:meth:`Encoder.encode` reads the view alone, so an observation holds exactly what that seat may know (a test
re-deals every card the seat cannot see and checks the vector does not change). The environments take the same
vector by :meth:`Encoder.observe`, straight from the game's state (building a view and reading it cost three times
as much as the engine's step): it reads the state's public parts and the seat's own share of its private ones, as
the engine's views choose them, and tests check it gives the view's vector at every decision of random games and
that it, too, is blind to re-dealt hidden cards. ``scaled=True`` divides every count by its bound.

Seats are absolute (seat 0 is ``player_0``), as in the action notation; the block ``seat`` says which one is
observing. With ``K`` card types in the ruleset's mode (highest first, as the ruleset lists them), ``n`` seats,
``M`` the longest a discard pile can grow and ``B`` the cards a Chancellor's player can know at the bottom of the
deck, the layout is :data:`LAYOUT` (rendered as the docs' table by :func:`layout_table`).

>>> encoder = Encoder("classic", 2)
>>> encoder.size, encoder.offsets["hand"]
(278, (11, 8))
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from loveletter.engine import GameState, Phase, Ruleset, View, load_ruleset
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
_IN_ROUND = frozenset((Phase.PLAY, Phase.CHANCELLOR, Phase.BISHOP))
_TOKEN_CAP = 64.0  # an upper bound for the space: no game gets near it


class Encoder:
    """The layout of one ruleset at one player count, and the vector of a seat: :meth:`encode` from its view,
    :meth:`observe` from the game's state (the same vector, faster: what the environments call).

    ``scaled=True``: every number in [0, 1], each count divided by its bound (a seat's tokens by the tokens to
    win, capped at 1), for learners that want their inputs scaled; ``high`` is then all ones."""

    def __init__(self, ruleset: Ruleset | str, players: int, *, scaled: bool = False) -> None:
        self.ruleset = rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.players = n = players
        self.scaled = scaled
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
        raw_high = np.concatenate(highs).astype(np.float32)
        assert raw_high.shape == (self.size,)
        #: The largest value of each entry (the observation space's upper bound).
        self.high = np.ones(self.size, np.float32) if scaled else raw_high
        self._goal = rs.tokens_to_win(players)
        self._scale: np.ndarray | None = None
        if scaled:
            self._scale = 1.0 / raw_high
            for at in self.seat_offsets:
                self._scale[at["tokens"]] = 1.0 / self._goal
        self._phase = {ph: self.offsets["phase"][0] + i for i, ph in enumerate(_PHASES)}
        # Where each block starts, looked up once (the vector is built at every step).
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
        self._flag_slots = [(s["in_round"], s["protected"], s["tokens"]) for s in self.seat_offsets]
        self._copies_list = [mode.copies[c] for c in self.cards]
        self._zero = array("f", bytes(4 * self.size))
        # The first blocks, seat to decider, are one slice (see _vector).
        self._header_size = self._hand_at
        assert self._decider_at + n == self._hand_at
        self._headers: dict[tuple[int, str, int, int | None], array[float]] = {}
        # The template of _vector: the round's constants and the discard piles so far (see _new_template).
        self._template = self._zero
        self._template_left = array("f", self._copies_list)
        self._template_piles: list[Sequence[str] | None] = [None] * n
        #: The flags the template holds: whether each seat is in the round and protected, its tokens.
        self._flags: tuple[list[bool] | None, list[bool] | None, list[int] | None] = (None, None, None)
        #: (face-up cards, dealt-in seats) -> the template of a round's start, and the counts of unseen cards.
        self._starts: dict[tuple[tuple[str, ...], tuple[bool, ...]], tuple[array[float], array[float]]] = {}
        self._template_lengths = [0] * n
        self._unseen_end = self._unseen_at + k
        #: The most a seat's tokens count for (the goal, when scaled: then tokens / goal is at most 1).
        self._token_cap = self._goal if scaled else 1 << 30
        self._from_facts, self._from_state = self._compile()
        self.observe = self._from_state  # type: ignore[method-assign,assignment]  # the same, without a call between

    def __reduce__(self) -> tuple[Any, ...]:
        # Its vector functions are written for it when it is made: it pickles (and copies) as what made it.
        return _encoder, (self.ruleset, self.players, self.scaled)

    def encode(self, view: View) -> np.ndarray:
        """The observation vector of ``view`` (float32, ``size`` long): what ``view.seat`` may know, read from
        the view alone."""
        seats = view.seats
        known = dict(view.known_by) if view.known_by else {}
        result = view.result
        return self._from_facts(
            view.seat,
            view.phase,
            view.current,
            view.decider,
            view.hand,
            view.deck_size,
            view.face_up,
            view.set_aside_taken_by,
            view.deck_known,
            view.sycophant,
            view.jester,
            [sv.tokens for sv in seats],
            [sv.dealt_in for sv in seats],
            [sv.in_round for sv in seats],
            [sv.protected for sv in seats],
            [sv.hand_size for sv in seats],
            [sv.known for sv in seats],
            [known.get(p) for p in range(view.players)],
            [sv.discards for sv in seats],
            result.set_aside if result is not None else None,
        )

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        """The vector of ``encode(state.view(seat))``, read from the state without building the view: the
        public parts of the state, and of its private parts only ``seat``'s hand, what ``seat`` knows of each
        hand, what each seat knows of ``seat``'s hand and the cards ``seat`` put under the deck (as the engine's
        :func:`~loveletter.engine.view.make_view` chooses them; tests check the two vectors are equal at every
        decision of random games, and blind to every card the seat cannot see). Replaced by the function
        :meth:`_compile` writes for this encoder when it is made."""
        return self._from_state(state, seat)

    def _compile(self) -> tuple[Callable[..., np.ndarray], Callable[[GameState, int], np.ndarray]]:
        """The two functions that build a vector, written out for this encoder when it is made: from the facts
        of a view (:meth:`encode`), and straight from a state (:meth:`observe`). They share their body.

        It runs at every step of a learner, so it is written for speed (profiled: the cost was many small
        writes, not any one of them). The entries that change least are kept between calls in a template
        (:meth:`_new_template`): the round's face-up cards and who is dealt in, and the discard piles so far.
        The engine's piles only grow within a round and each deal starts new lists, so while the same lists
        come back only their new cards are added; other piles (another round, another game, a view's tuples)
        make a new template. Each call copies the template, writes the few other entries that are not zero (the
        first ones, seat to decider, as one slice looked up by their values), and hands the array to numpy
        without a copy. The offsets are written in as numbers and the loop over the seats is unrolled, as the
        engine takes its views (``loveletter.engine.view._snapshot_maker``)."""
        n, k = self.players, len(self.cards)

        def each(template: str, **more: str) -> str:
            return "".join(template.format(p=p, **at, **more).format(p=p) for p, at in enumerate(self.seat_offsets))

        piles = each(
            """
    pile = piles[{p}]
    if pile is not kept[{p}]:
        enc._new_template(piles, face_up, dealt_in)
    elif len(pile) != lengths[{p}]:
        template, template_left = enc._template, enc._template_left
        for i in range(lengths[{p}], len(pile)):
            j = ci[pile[i]]
            template[{discards} + i * K + j] = 1.0
            template_left[j] -= 1
        lengths[{p}] = len(pile)"""
        )
        seats = """
    out[{hand_size}] = {size}"""
        knowledge = """
        if seat != {p}:  # the seat's own hand is counted with the hand
            cards = known[{p}]
            if cards:
                for card in cards:
                    j = ci[card]
                    out[{known} + j] += 1.0
                    left[j] -= 1
            cards = knows_mine[{p}]
            if cards:
                for card in cards:
                    out[{knows_mine} + ci[card]] += 1.0"""
        unseen = f"{self._unseen_at}:{self._unseen_at + k}"

        # From a state, the knowledge is read from its dict (viewer * n + target -> cards: usually one or two
        # entries) rather than as two rows of n look-ups; the same counts as the view's rows give.
        state_knowledge = """
        for key, cards in known.items():
            if cards:
                viewer, target = pairs[key]
                if viewer == seat:
                    if target != seat:  # the seat's own hand is counted with the hand
                        at = own_known[target]
                        for card in cards:
                            j = ci[card]
                            out[at + j] += 1.0
                            left[j] -= 1
                elif target == seat:
                    at = knows_mine_at[viewer]
                    for card in cards:
                        out[at + ci[card]] += 1.0"""

        def body(size: str, knowledge: str = each(knowledge)) -> str:
            return f"""
    kept = enc._template_piles
    lengths = enc._template_lengths
{piles}
    if in_round != enc._flags[0] or protected != enc._flags[1] or tokens != enc._flags[2]:
        enc._set_flags(in_round, protected, tokens)
    out = enc._template[:]
    left = enc._template_left[:]
    key = (seat, phase._value_, current, decider)  # an Enum's own hash is a Python function: its value's is not
    header = headers.get(key)
    if header is None:
        header = headers[key] = enc._header(seat, phase, current, decider)
    out[:{self._hand_at}] = header
    mine = own_known[seat]
    for card in hand:
        j = ci[card]
        out[{self._hand_at} + j] += 1.0
        out[mine + j] += 1.0
        left[j] -= 1
    out[{self._deck_size_at}] = deck_size
    if taken_by is not None:
        out[{self._set_aside_at} + taken_by] = 1.0
    if deck_known:
        enc._deck_bottom(out, left, deck_known, deck_size)
    if sycophant is not None:
        out[{self._sycophant_at} + sycophant] = 1.0
    if jester is not None:
        out[{self._jester_at} + jester[0]] = 1.0
        out[{self._jester_at + n} + jester[1]] = 1.0
{each(seats, size=size)}
    if known is not nobody:  # someone knows something (in the engine's state: the knowledge is not empty)
{knowledge}
    if set_aside is not None:
        left[ci[set_aside]] -= 1
    if min(left) < 0:  # as View.unseen: none below 0
        left = array("f", [max(0.0, count) for count in left])
    out[{unseen}] = left
    vector = frombuffer(out, float32)
    if scale is not None:
        vector *= scale
    return vector
"""

        source = f"""
def from_facts(seat, phase, current, decider, hand, deck_size, face_up, taken_by, deck_known, sycophant, jester,
               tokens, dealt_in, in_round, protected, sizes, known, knows_mine, piles, set_aside):
{body("sizes[{p}]")}

def from_state(state, seat):
    # What make_view gives the seat: the public parts, and of the private ones the seat's hand, its own row
    # and column of the knowledge and its own marks in the deck.
    hands = state.hands
    hand = hands[seat]
    phase = state.phase
    current = state.current
    decider = state.decider
    deck_size = len(state.deck)
    face_up = state.face_up
    taken_by = state.set_aside_taken_by
    deck_known = ()
    marks = state.deck_marks
    if marks:
        top = deck_size - 1
        deck_known = [(top - index, card) for viewer, index, card in marks if viewer == seat]
    sycophant = state.sycophant
    jester = state.jester
    tokens = state.tokens
    tiebreak = state.tiebreak
    dealt_in = everyone if tiebreak is None else [p in tiebreak for p in seats]
    in_round = state.alive
    protected = state.protected
    known = state.known
    if not known:  # else the vector function reads the knowledge
        known = nobody
    piles = state.discards
    result = state.result
    set_aside = result.set_aside if result is not None else None
{body("len(hands[{p}])", state_knowledge)}
"""
        namespace: dict[str, Any] = {
            "enc": self,
            "headers": self._headers,
            "ci": self.card_index,
            "K": k,
            "own_known": [at["known"] for at in self.seat_offsets],
            "knows_mine_at": [at["knows_mine"] for at in self.seat_offsets],
            "pairs": [divmod(key, n) for key in range(n * n)],
            "cap": self._token_cap,
            "scale": self._scale,
            "seats": range(n),
            "everyone": [True] * n,
            "nobody": [None] * n,
            "array": array,
            "frombuffer": np.frombuffer,
            "float32": np.float32,
        }
        exec(compile(source, f"<observation vector, {self.ruleset.name} at {n}>", "exec"), namespace)
        return namespace["from_facts"], namespace["from_state"]

    def _deck_bottom(
        self, out: array[float], left: array[float], deck_known: Sequence[tuple[int, str]], deck_size: int
    ) -> None:
        """The cards the seat put under the deck (rare: after a Chancellor)."""
        ci = self.card_index
        k = len(self.cards)
        top = deck_size - 1
        for position, card in deck_known:
            j = ci[card]
            left[j] -= 1
            from_bottom = top - position
            if 0 <= from_bottom < self.bottom:
                out[self._bottom_at + from_bottom * k + j] = 1.0

    def _header(self, seat: int, phase: Phase, current: int, decider: int | None) -> array[float]:
        """The first blocks (seat, phase, current, decider) as floats."""
        header = array("f", bytes(4 * self._header_size))
        header[self._seat_at + seat] = 1.0
        header[self._phase[phase]] = 1.0
        if phase in _IN_ROUND:
            header[self._current_at + current] = 1.0
        if decider is not None:
            header[self._decider_at + decider] = 1.0
        return header

    def _new_template(self, piles: Sequence[Sequence[str]], face_up: Sequence[str], dealt_in: Sequence[bool]) -> None:
        """A template for new piles (a new round, another game, a view's tuples): the round's face-up cards and
        dealt-in seats (kept by their values: the same few recur), then what the piles already hold."""
        start = (tuple(face_up), tuple(dealt_in))
        found = self._starts.get(start)
        if found is None:
            ci = self.card_index
            out = self._zero[:]
            left = array("f", self._copies_list)
            at = self._face_up_at
            for card in face_up:
                j = ci[card]
                out[at + j] += 1.0
                left[j] -= 1
            for p, (dealt_at, *_) in enumerate(self._flags_at):
                if dealt_in[p]:
                    out[dealt_at] = 1.0
            if len(self._starts) > 10_000:
                self._starts.clear()
            found = self._starts[start] = (out, left)
        self._template, self._template_left = found[0][:], found[1][:]
        self._flags = (None, None, None)
        # Lists are kept (not their ids), so no other list can take their place; tuples are not: a view's are new.
        # In place: the vector function holds these two lists while it checks the piles.
        self._template_piles[:] = [pile if type(pile) is list else None for pile in piles]
        self._template_lengths[:] = [0] * len(piles)
        for p, pile in enumerate(piles):
            if pile:
                self._extend_template(p, pile)

    def _set_flags(self, in_round: Sequence[bool], protected: Sequence[bool], tokens: Sequence[int]) -> None:
        """Write each seat's tokens and whether it is in the round and protected into the template (they change
        less often than the template is copied)."""
        out, cap = self._template, self._token_cap
        seats = zip(self._flag_slots, in_round, protected, tokens, strict=True)
        for (alive_at, safe_at, tokens_at), alive, safe, count in seats:
            out[alive_at] = 1.0 if alive else 0.0
            out[safe_at] = 1.0 if safe else 0.0
            out[tokens_at] = count if count < cap else cap
        self._flags = (list(in_round), list(protected), list(tokens))

    def _extend_template(self, p: int, pile: Sequence[str]) -> None:
        """Add the cards seat ``p`` played since the template last saw its pile."""
        ci = self.card_index
        k = len(self.cards)
        out, left = self._template, self._template_left
        at = self._flags_at[p][5]
        for i in range(self._template_lengths[p], len(pile)):
            j = ci[pile[i]]
            out[at + i * k + j] = 1.0
            left[j] -= 1
        self._template_lengths[p] = len(pile)


def _encoder(ruleset: Ruleset, players: int, scaled: bool) -> Encoder:
    return Encoder(ruleset, players, scaled=scaled)


def layout_table(layout: tuple[Block, ...] = LAYOUT) -> str:
    """A layout as a Markdown table (the observation tables of docs/how-to/research.md are this text; a test keeps
    them equal)."""
    rows = ["| Block | Length | Meaning |", "| --- | --- | --- |"]
    for block in layout:
        where = " (each seat)" if block.per_seat else ""
        rows.append(f"| `{block.name}`{where} | {block.length} | {block.meaning} |")
    return "\n".join(rows)
