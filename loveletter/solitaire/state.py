"""The full state of a solitaire game and the rules that move it (docs/rules.md §6).

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
from collections.abc import Sequence

from loveletter.engine.errors import IllegalActionError, SetupError
from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Action, Choose, Draw, Own, Play, PlayAgent, Target
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.solitaire.view import SolitaireView, Threat, guard_guess, make_view, prince_loss

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
    effects: dict[str, str]
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
        self.effects = {c.id: c.effect for c in ruleset.cards.values()}
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
        new.effects = {c.id: c.effect for c in rs.cards.values()}
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

    def _owns(self) -> tuple[Own, ...]:
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
        forced = self.ruleset.countess_forced_by
        for countess, other in ((first, second), (second, first)):
            if self.effects[countess] == "countess" and other in forced:
                return tuple(self._plays(countess))
        plays = self._plays(first) if first == second else self._plays(first) + self._plays(second)
        return tuple(plays)

    def _plays(self, card: str) -> list[Play]:
        effect = self.effects[card]
        owns = self._owns()
        targets = self.targetable()
        if effect == "guard":
            if not targets:
                return [Play(card)]
            plays: list[Play] = []
            for t in targets:
                if self.up[t - 1]:
                    plays.append(Play(card, t))
                else:
                    plays.extend(Play(card, t, None, name) for name in self.ruleset.guard_names)
            return plays
        if effect == "priest":
            chosen: list[Target] = [t for t in targets if not self.up[t - 1]]
            if self.agent is not None and not self.agent_up:
                chosen.append("agent")
            return [Play(card, t) for t in chosen] if chosen else [Play(card)]
        if effect in ("baron", "king"):
            if not targets:
                return [Play(card)]
            if effect == "baron" and self.ruleset.flags.sol_baron_reveal_first:
                return [Play(card, t) for t in targets]
            return [Play(card, t, own) for t in targets for own in owns]
        if effect == "prince":
            return [Play(card, t) for t in targets] + [Play(card, own) for own in owns]
        return [Play(card)]  # Handmaid, Countess, Princess

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
            self._end("loss", "draw_pile_empty")  # neither turn option is possible (§6.2, D22)
            return
        self.phase = Phase.TURN

    def _after_player_card(self) -> None:
        if self.phase is Phase.OVER or self.phase is Phase.CHOOSE:
            return
        if not self.occupied():
            self._end("win", "queue_empty")
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
            self._end("loss", "princess_retired")
            return
        was_up = self.up[first - 1]
        self.queue[first - 1] = None
        self.up[first - 1] = False
        self.discards.append(card)
        self.emit(ev.RetinuePlayed(first, card, was_up))
        effect = self.effects[card]
        if effect == "handmaid":
            self.queue_protected = True
            self.emit(ev.Protected("retinue"))
        elif effect == "priest":
            if self.player_protected:
                self.emit(ev.NoEffect("retinue", card, "protected"))
            elif self.agent is None or self.agent_up:
                self.emit(ev.NoEffect("retinue", card, "no_agent"))
            else:
                self._reveal("agent", card)
        elif effect in ("guard", "baron", "prince", "king"):
            reference = self.next_in_line()
            if self.player_protected:
                self.emit(ev.NoEffect("retinue", card, "protected"))
            elif effect in ("baron", "king") and reference is None:
                self.emit(ev.NoEffect("retinue", card, "no_next_card"))
            else:
                if effect == "baron" and self.ruleset.flags.sol_baron_reveal_first:
                    assert reference is not None
                    self._reveal(reference, card)
                if self.agent is not None:
                    guess = self._guess() if effect == "guard" and not self.agent_up else None
                    ref = reference if effect in ("baron", "king") else None
                    self.threat = Threat("retinue", card, ref, guess)
                    self.phase = Phase.CHOOSE
                    return
                self.emit(ev.RetinueTargeted(card, "hand", automatic=True))
                self._retinue_hits(card, "hand")
        # Countess: no effect. The princess is never played (checked above).
        self._after_retinue_card()

    def _after_retinue_card(self) -> None:
        if self.phase is Phase.OVER:
            return
        if not self.occupied():
            self._end("win", "queue_empty")
            return
        self._start_player_turn()

    def _answer(self, own: Own) -> None:
        """The player's answer to "hand or agent?"."""
        threat = self.threat
        assert threat is not None
        self.threat = None
        self.phase = Phase.PLAY  # resolving; the checks below move on
        if threat.by == "retinue":
            self.emit(ev.RetinueTargeted(threat.card, own, automatic=False))
            self._retinue_hits(threat.card, own)
            self._after_retinue_card()
        else:
            assert threat.reference is not None
            self._compare("player", own, threat.reference)
            self._after_player_card()

    def _end(self, outcome: ev.Outcome, reason: ev.EndReason) -> None:
        self.phase = Phase.OVER
        self.outcome = outcome
        self.reason = reason
        self.threat = None
        self.emit(ev.GameEnded(outcome, reason))

    # ------------------------------------------------------------------------------------ retinue cards

    def _guess(self) -> str:
        guess = guard_guess(self.unaccounted(), self.ruleset)
        assert guess is not None, "a face-down agent is always unaccounted for"
        return guess

    def _retinue_hits(self, card: str, own: Own) -> None:
        """A retinue Guard, Baron, Prince or King on the player's ``own`` card (§6.5)."""
        effect = self.effects[card]
        if effect == "guard":
            if own == "hand" or self.agent_up:
                known = self.hand[0] if own == "hand" else self.agent
                assert known is not None
                self.emit(ev.Guessed("retinue", own, known, True, automatic=True))
                self._end("loss", "guard_hit")
                return
            named = self._guess()
            agent = self.agent
            correct = agent == named
            self.emit(ev.Guessed("retinue", "agent", named, correct, unaccounted=self.unaccounted()[named]))
            if correct:
                self._end("loss", "guard_hit")
            else:
                self._reveal("agent", card)
        elif effect == "baron":
            reference = self.next_in_line()
            assert reference is not None
            self._compare("retinue", own, reference)
        elif effect == "prince":
            self._discard_own(own, card)
        else:  # king
            reference = self.next_in_line()
            assert reference is not None
            self._swap("retinue", own, reference)

    # ------------------------------------------------------------------------------------- player cards

    def _player_play(self, action: Play) -> None:
        card = action.card
        from_agent = self.playing is not None
        if from_agent:
            self.playing = None
        else:
            self.hand.remove(card)
        self.discards.append(card)
        self.emit(ev.Played(card, action.target, action.own, action.named, from_agent))
        effect = self.effects[card]
        target = action.target
        if effect == "princess":
            self._end("loss", "princess_played")
        elif effect == "handmaid":
            self.player_protected = True
            self.emit(ev.Protected("player"))
        elif effect == "countess":
            pass
        elif target is None:
            self.emit(ev.NoEffect("player", card, "no_target"))
        elif effect == "guard":
            assert isinstance(target, int)
            self._player_guard(target, action.named)
        elif effect == "priest":
            self._reveal(target, card)
        elif effect == "baron":
            assert isinstance(target, int)
            if action.own is not None:
                self._compare("player", action.own, target)
            else:  # reveal first (flag): show the queue card, then ask which own card to compare
                self._reveal(target, card)
                if self.agent is not None:
                    self.threat = Threat("player", card, target, None)
                    self.phase = Phase.CHOOSE
                    return
                self._compare("player", "hand", target)
        elif effect == "prince":
            if isinstance(target, int):
                self._prince_queue(target)
            else:
                self._discard_own(target, card)
        else:  # king
            assert isinstance(target, int) and action.own is not None
            self._swap("player", action.own, target)
        self._after_player_card()

    def _player_guard(self, slot: int, named: str | None) -> None:
        i = slot - 1
        held = self.queue[i]
        assert held is not None
        if self.up[i]:
            self._remove(slot, "Guard")
            return
        assert named is not None
        correct = held == named
        self.emit(ev.Guessed("player", slot, named, correct))
        if correct:
            self._remove(slot, "Guard")
        else:
            self._reveal(slot, "Guard")

    def _prince_queue(self, slot: int) -> None:
        card = self._remove(slot, "Prince")
        reason = prince_loss(card, False, len(self.draw), self.ruleset)
        if reason is not None:
            self._end("loss", reason)
        elif card == self.princess:
            self.emit(ev.NoReplacement(slot, "princess"))  # she is out of the game
        elif self.ruleset.flags.sol_prince_queue == "remove":
            self.emit(ev.NoReplacement(slot, "flag"))
        elif self.draw:
            self.queue[slot - 1] = self.draw.pop(0)
            self.up[slot - 1] = False
            self.emit(ev.Replaced(slot, None, len(self.draw)))
        else:  # "replace_if_possible" ("replace" lost above)
            self.emit(ev.NoReplacement(slot, "empty_pile"))

    # ---------------------------------------------------------------------------------- shared effects

    def _reveal(self, target: Target, cause: str) -> None:
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

    def _remove(self, slot: int, cause: str) -> str:
        """A queue card goes to the discard pile without its effect; returns it."""
        card = self.queue[slot - 1]
        assert card is not None
        self.queue[slot - 1] = None
        self.up[slot - 1] = False
        self.discards.append(card)
        self.emit(ev.Discarded(slot, card, cause))
        return card

    def _compare(self, side: ev.Side, own: Own, slot: int) -> None:
        """A Baron between the player's ``own`` card and the queue card at ``slot``; both end face up."""
        mine = self.hand[0] if own == "hand" else self.agent
        theirs = self.queue[slot - 1]
        assert mine is not None and theirs is not None
        if own == "agent":
            self.agent_up = True
        self.up[slot - 1] = True
        mine_value, theirs_value = self.values[mine], self.values[theirs]
        loser: ev.Side | None = None
        if mine_value < theirs_value:
            loser = "player"
        elif theirs_value < mine_value:
            loser = "retinue"
        self.emit(ev.Compared(side, own, mine, slot, theirs, loser))
        if loser == "player":
            self._end("loss", "baron_lost")
        elif loser == "retinue" and side == "player":
            self._remove(slot, "Baron")
        # The retinue's Baron never discards its own reference card (§6.5).

    def _discard_own(self, own: Own, cause: str) -> None:
        """A Prince on the player's hand card or agent: discard it, then draw its replacement."""
        if own == "hand":
            card = self.hand.pop()
        else:
            assert self.agent is not None
            card, self.agent, self.agent_up = self.agent, None, False
        self.discards.append(card)
        self.emit(ev.Discarded(own, card, cause))
        reason = prince_loss(card, True, len(self.draw), self.ruleset)
        if reason is not None:
            self._end("loss", reason)
            return
        new = self.draw.pop(0)
        if own == "hand":
            self.hand.append(new)
            self.emit(ev.Replaced("hand", new, len(self.draw)))
        else:
            self.agent = new
            self.agent_up = False
            self.emit(ev.Replaced("agent", None, len(self.draw)))

    def _swap(self, side: ev.Side, own: Own, slot: int) -> None:
        """A King: the player's ``own`` card and the queue card at ``slot`` change places, faces kept; a card
        entering the hand is known, the hand card enters the queue face up."""
        i = slot - 1
        taken, taken_up = self.queue[i], self.up[i]
        assert taken is not None
        if own == "hand":
            given, given_up = self.hand.pop(), True
            self.hand.append(taken)
            shown_to_player: str | None = taken
        else:
            assert self.agent is not None
            given, given_up = self.agent, self.agent_up
            self.agent, self.agent_up = taken, taken_up
            shown_to_player = taken if taken_up else None
        self.queue[i], self.up[i] = given, given_up
        self.emit(ev.Swapped(side, own, slot, shown_to_player, given if given_up else None))


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
