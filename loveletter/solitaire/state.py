"""The full state of a solitaire game and the turns that move it (docs/rules.md §6).

The state runs the turns and owns the moves every card shares (turning a card face up, a queue card leaving,
the game ending); what each card does is in its module under :mod:`.effects`, which the state calls.
:class:`SolitaireState` is pure and deterministic: the layout is given to it (see :mod:`.layout`), the retinue's
only "decision", the Guard's guess, is a function of what is known (§6.5), and everything else is the player's
choice. It never does I/O and never uses randomness. Only :class:`~.game.SolitaireGame` and tests touch it;
the user interface and the computer players get a :class:`~.view.SolitaireView`.

The queue has seven places, ``Q1`` (played first) to ``Q7`` (where the princess starts); a place is empty once
its card has left. Cards never enter the queue at a new place: a Prince's replacement and a King's swap reuse
the place of the card that left, so labels stay stable for a whole game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from loveletter.engine.errors import IllegalActionError, SetupError
from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Action, Choose, Draw, Own, Play, PlayAgent, Target
from loveletter.solitaire.effects import SolitaireEffect, effects_for
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.solitaire.view import SolitaireView, Threat, make_view

#: Queue places: six retinue cards, then the princess.
QUEUE_SLOTS = 7
RETINUE = 6
_DRAW = Draw()
_AGENT = PlayAgent()
_HAND_ONLY: tuple[Own, ...] = ("hand",)
_HAND_AND_AGENT: tuple[Own, ...] = ("hand", "agent")


class SolitaireState:
    """Everything about a solitaire game in progress (see the module docstring)."""

    __slots__ = (
        "_legal",
        "agent",
        "agent_up",
        "discards",
        "draw",
        "effects",
        "hand",
        "log",
        "outcome",
        "phase",
        "player_protected",
        "playing",
        "queue",
        "queue_protected",
        "reason",
        "ruleset",
        "threat",
        "turn",
        "up",
        "values",
    )  # fmt: skip

    ruleset: SolitaireRuleset
    values: dict[str, int]
    effects: Mapping[str, SolitaireEffect]  # card id -> its rules (effects/)
    queue: list[str | None]  # queue[i] is place Q(i+1); None once empty
    up: list[bool]  # face up, per place (False for an empty place)
    hand: list[str]  # one card between turns, two after a draw
    agent: str | None  # the secret agent, None once played (the slot stays empty unless an effect fills it)
    agent_up: bool
    playing: str | None  # the flipped agent, between turn option (b) and its play
    draw: list[str]  # index 0 is the top
    discards: list[str]  # the shared discard pile, oldest first
    player_protected: bool
    queue_protected: bool
    phase: Phase
    threat: Threat | None  # the pending "hand or agent?" question (phase CHOOSE)
    turn: int  # turns started, both sides counted
    outcome: ev.Outcome | None
    reason: ev.EndReason | None
    log: list[ev.Event] | None
    _legal: tuple[Action, ...] | None

    def __init__(self, ruleset: SolitaireRuleset, layout: Sequence[str]) -> None:
        """Set up from ``layout``: the 15 cards other than the princess in dealing order (§6.1): Q1..Q6, the hand
        card, the agent, then the draw pile from the top. The player's first turn starts at once."""
        self.ruleset = ruleset
        self.values = {c.id: c.value for c in ruleset.cards.values()}
        self.effects = effects_for(ruleset)
        princess = ruleset.princess
        expected = ruleset.deck()
        expected.remove(princess)
        if sorted(layout) != sorted(expected):
            raise SetupError(_layout_problem(layout, Counter(expected)))
        cards = list(layout)
        self.queue = [*cards[:RETINUE], princess]
        self.up = [False] * RETINUE + [True]
        self.hand = [cards[RETINUE]]
        self.agent = cards[RETINUE + 1]
        self.agent_up = False
        self.playing = None
        self.draw = cards[RETINUE + 2 :]
        self.discards = []
        self.player_protected = False
        self.queue_protected = False
        self.phase = Phase.TURN
        self.threat = None
        self.turn = 0
        self.outcome = None
        self.reason = None
        self._legal = None
        self.log = []
        self.log.append(ev.Dealt(RETINUE, princess, self.hand[0], len(self.draw)))
        self._start_player_turn()

    @classmethod
    def from_view(cls, view: SolitaireView, hidden: Sequence[str]) -> SolitaireState:
        """A state the player cannot tell from the one ``view`` was made of, with ``hidden`` (a permutation of
        the unseen cards, :meth:`SolitaireView.unseen`) dealt to the hidden places in order: face-down queue
        cards left to right, a face-down agent, then the draw pile from the top. For search: it records no
        events."""
        rs = view.ruleset
        places = sum(q.card is None for q in view.queue) + (view.agent_state == "face_down") + view.draw_size
        if len(hidden) != places:
            raise SetupError(f"the view has {places} hidden places, but {len(hidden)} hidden cards were given")
        cards = iter(hidden)
        new = cls.__new__(cls)
        new.ruleset = rs
        new.values = {c.id: c.value for c in rs.cards.values()}
        new.effects = effects_for(rs)
        new.queue = [None] * QUEUE_SLOTS
        new.up = [False] * QUEUE_SLOTS
        for place in view.queue:
            new.queue[place.slot - 1] = place.card if place.card is not None else next(cards)
            new.up[place.slot - 1] = place.card is not None
        new.hand = list(view.hand)
        new.agent_up = view.agent_state == "face_up"
        new.agent = None if view.agent_state == "empty" else view.agent if new.agent_up else next(cards)
        new.playing = view.playing
        new.draw = list(cards)
        new.discards = list(view.discards)
        new.player_protected = view.player_protected
        new.queue_protected = view.queue_protected
        new.phase = view.phase
        new.threat = view.threat
        new.turn = view.turn
        new.outcome = view.outcome
        new.reason = view.reason
        new.log = None
        new._legal = view.legal_actions
        return new

    def copy(self) -> SolitaireState:
        """An independent copy for search: cheap, and it does not record events."""
        new = SolitaireState.__new__(SolitaireState)
        new.ruleset = self.ruleset
        new.values = self.values
        new.effects = self.effects
        new.queue = self.queue[:]
        new.up = self.up[:]
        new.hand = self.hand[:]
        new.agent = self.agent
        new.agent_up = self.agent_up
        new.playing = self.playing
        new.draw = self.draw[:]
        new.discards = self.discards[:]
        new.player_protected = self.player_protected
        new.queue_protected = self.queue_protected
        new.phase = self.phase
        new.threat = self.threat
        new.turn = self.turn
        new.outcome = self.outcome
        new.reason = self.reason
        new.log = None
        new._legal = self._legal
        return new

    # ------------------------------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def princess(self) -> str:
        return self.ruleset.princess

    def occupied(self) -> list[int]:
        """The queue places (1..7) that hold a card, left to right."""
        return [i + 1 for i, card in enumerate(self.queue) if card is not None]

    def next_in_line(self) -> int | None:
        """The first occupied queue place: the card the retinue plays next (or uses as its own card)."""
        for i, card in enumerate(self.queue):
            if card is not None:
                return i + 1
        return None

    def princess_protected(self) -> bool:
        """The princess cannot be chosen: another card is still in the queue, or the retinue's Handmaid holds."""
        return self.queue_protected or sum(card is not None for card in self.queue) > 1

    def targetable(self) -> list[int]:
        """The queue places the player's cards may choose now (§6.3)."""
        if self.queue_protected:
            return []
        places = self.occupied()
        if len(places) > 1:
            princess = self.princess
            places = [p for p in places if self.queue[p - 1] != princess]
        return places

    def unaccounted(self) -> Counter[str]:
        """The cards nobody can see, by type: the draw pile, face-down queue cards, a face-down agent (§6.5)."""
        hidden = Counter(self.draw)
        hidden.update(card for card, up in zip(self.queue, self.up, strict=True) if card is not None and not up)
        if self.agent is not None and not self.agent_up:
            hidden[self.agent] += 1
        return hidden

    def all_cards(self) -> Counter[str]:
        """Every card wherever it is (an invariant: always the whole deck)."""
        cards = Counter(c for c in self.queue if c is not None)
        cards.update(self.hand)
        cards.update(self.draw)
        cards.update(self.discards)
        for single in (self.agent, self.playing):
            if single is not None:
                cards[single] += 1
        return cards

    def view(self) -> SolitaireView:
        """What the player may know now."""
        return make_view(self)

    # --------------------------------------------------------------------------------------- decisions

    def legal_actions(self) -> tuple[Action, ...]:
        """The player's legal actions now (none once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def owns(self) -> tuple[Own, ...]:
        """The player's own cards a card may use: the hand card, and the agent while there is one."""
        return _HAND_AND_AGENT if self.agent is not None else _HAND_ONLY

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.TURN:
            return ((_DRAW,) if self.draw else ()) + ((_AGENT,) if self.agent is not None else ())
        if phase is Phase.CHOOSE:
            return (Choose("hand"), Choose("agent"))
        if phase is Phase.OVER:
            return ()
        if self.playing is not None:
            return tuple(self._plays(self.playing))
        first, second = self.hand
        for card, other in ((first, second), (second, first)):
            if self.effects[card].must_be_played_with(other, self.ruleset):
                return tuple(self._plays(card))
        plays = self._plays(first) if first == second else self._plays(first) + self._plays(second)
        return tuple(plays)

    def _plays(self, card: str) -> list[Play]:
        return self.effects[card].plays(self, card)

    def apply(self, action: Action, *, record: bool = True) -> list[ev.Event]:
        """Apply the player's ``action`` and everything that follows until the player must decide again (the
        retinue's turn included). Returns the events (none with ``record=False``, the fast path for search).
        Raises :class:`IllegalActionError` if the action is not legal now."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._explain_illegal(action, legal))
        self.log = [] if record else None
        self._legal = None
        if isinstance(action, Draw):
            card = self.draw.pop(0)
            self.hand.append(card)
            self.emit(ev.Drew(card, len(self.draw)))
            self.phase = Phase.PLAY
        elif isinstance(action, PlayAgent):
            agent = self.agent
            assert agent is not None
            self.emit(ev.AgentFlipped(agent, self.agent_up))
            self.agent = None
            self.agent_up = False
            self.playing = agent
            self.phase = Phase.PLAY
        elif isinstance(action, Play):
            self._player_play(action)
        else:
            self._answer(action.own)
        events, self.log = self.log, None
        return events if events is not None else []

    def _explain_illegal(self, action: object, legal: tuple[Action, ...]) -> str:
        if self.over:
            return f"{action}: the game is over ({self.outcome}, {self.reason})"
        shown = ", ".join(str(a) for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        return f"{action} is not legal now; legal: {shown}"

    def emit(self, event: ev.Event) -> None:
        if self.log is not None:
            self.log.append(event)

    # ------------------------------------------------------------------------------------------- turns

    def _start_player_turn(self) -> None:
        self.turn += 1
        self.emit(ev.TurnStarted("player", self.turn))
        if self.player_protected:
            self.player_protected = False
            self.emit(ev.ProtectionEnded("player"))
        if not self.draw and self.agent is None:
            self.end("loss", "draw_pile_empty")  # neither turn option is possible (§6.2, D22)
            return
        self.phase = Phase.TURN

    def _after_player_card(self) -> None:
        if self.phase is Phase.OVER or self.phase is Phase.CHOOSE:
            return
        if not self.occupied():
            self.end("win", "queue_empty")
            return
        self._retinue_turn()

    def _retinue_turn(self) -> None:
        self.turn += 1
        self.emit(ev.TurnStarted("retinue", self.turn))
        if self.queue_protected:
            self.queue_protected = False
            self.emit(ev.ProtectionEnded("retinue"))
        first = self.next_in_line()
        assert first is not None, "an empty queue is a win before the retinue's turn"
        card = self.queue[first - 1]
        assert card is not None
        if card == self.princess:
            self.end("loss", "princess_retired")
            return
        was_up = self.up[first - 1]
        self.queue[first - 1] = None
        self.up[first - 1] = False
        self.discards.append(card)
        self.emit(ev.RetinuePlayed(first, card, was_up))
        self.effects[card].retinue_play(self, card)
        if self.phase is not Phase.CHOOSE:  # else the player answers "hand or agent?" first
            self._after_retinue_card()

    def _after_retinue_card(self) -> None:
        if self.phase is Phase.OVER:
            return
        if not self.occupied():
            self.end("win", "queue_empty")
            return
        self._start_player_turn()

    def _answer(self, own: Own) -> None:
        """The player's answer to "hand or agent?"."""
        threat = self.threat
        assert threat is not None
        self.threat = None
        self.phase = Phase.PLAY  # resolving; the checks below move on
        effect = self.effects[threat.card]
        if threat.by == "retinue":
            self.emit(ev.RetinueTargeted(threat.card, own, automatic=False))
            effect.hits(self, threat.card, own)
            self._after_retinue_card()
        else:
            effect.answer(self, threat, own)
            self._after_player_card()

    def _player_play(self, action: Play) -> None:
        card = action.card
        from_agent = self.playing is not None
        if from_agent:
            self.playing = None
        else:
            self.hand.remove(card)
        self.discards.append(card)
        self.emit(ev.Played(card, action.target, action.own, action.named, from_agent))
        self.effects[card].play(self, action)
        self._after_player_card()

    # --------------------------------------------------------------------- moves the card effects share

    def end(self, outcome: ev.Outcome, reason: ev.EndReason) -> None:
        """The game is over: won or lost, and why."""
        self.phase = Phase.OVER
        self.outcome = outcome
        self.reason = reason
        self.threat = None
        self.emit(ev.GameEnded(outcome, reason))

    def reveal(self, target: Target, cause: str) -> None:
        """Turn the card at ``target`` face up (a no-op on a card already face up)."""
        if target == "agent":
            if self.agent_up:
                return
            self.agent_up = True
            card = self.agent
        elif target == "hand":
            return  # the hand is always known
        else:
            if self.up[target - 1]:
                return
            self.up[target - 1] = True
            card = self.queue[target - 1]
        assert card is not None
        self.emit(ev.Revealed(target, card, cause))

    def remove(self, slot: int, cause: str) -> str:
        """A queue card goes to the discard pile without its effect; returns it."""
        card = self.queue[slot - 1]
        assert card is not None
        self.queue[slot - 1] = None
        self.up[slot - 1] = False
        self.discards.append(card)
        self.emit(ev.Discarded(slot, card, cause))
        return card


def _layout_problem(layout: Sequence[str], expected: Counter[str]) -> str:
    got = Counter(layout)
    extra = got - expected
    missing = expected - got
    parts = []
    if extra:
        parts.append("too many: " + ", ".join(f"{n} {c}" for c, n in sorted(extra.items())))
    if missing:
        parts.append("missing: " + ", ".join(f"{n} {c}" for c, n in sorted(missing.items())))
    return (
        f"a solitaire layout is the {sum(expected.values())} cards other than the princess "
        f"(Q1..Q6, hand, agent, then the draw pile); {'; '.join(parts)}"
    )
