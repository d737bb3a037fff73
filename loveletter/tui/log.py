"""The story of a round in words, for one seat: engine events through the message catalog.

:func:`narrate` turns events into :class:`Entry` lines, one per card played (its consequences follow in the
same line) or per round event. It only ever tells a seat what that seat may see: public events to everyone,
a private event (a Priest's look, a Baron's two cards, a King's trade, a drawn card) only to its audience, and
with ``seat=None`` (a spectator, or the plain-text log) public events only. Private parts are marked as secret
in words, not just in colour.

>>> from loveletter.i18n import set_language
>>> from loveletter.engine import Game, stacked_deck, load_ruleset
>>> set_language("en")
>>> rs = load_ruleset("classic")
>>> game = Game(rs, 2, deck=stacked_deck(rs, 2, hands=["Priest", "King"], draws=["Guard"]), first_player=0)
>>> _ = game.push("Priest>1")
>>> [e.text.plain for e in narrate(game.log, 0, ["Ana", "Bea"], rs, goal=6)][-1]
'Ana plays Priest on Bea. (secret: Bea holds King.)'
>>> [e.text.plain for e in narrate(game.log, 1, ["Ana", "Bea"], rs, goal=6)][-1]
'Ana plays Priest on Bea.'

What only needs the words (the spectator's plain log, screen-reader mode) narrates with :data:`PLAIN`, the same
sentences as strings with no styles: rich's ``Text`` costs about as much as the rest of a move together.

>>> [e.text for e in narrate(game.log, 0, ["Ana", "Bea"], rs, goal=6, pen=PLAIN)][-1]
'Ana plays Priest on Bea. (secret: Bea holds King.)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from rich.text import Text

from loveletter.engine import Ruleset
from loveletter.engine import events as ev
from loveletter.i18n import card_name, printable, t
from loveletter.table.news import shown_by_hand
from loveletter.tui.style import PRIVATE, card_label, cards_text, fmt, join_names, name_text, named_text

if TYPE_CHECKING:
    from loveletter.table.loop import GameLoop


#: What a line is made of: rich ``Text`` (styled) or ``str`` (the words only).
T = TypeVar("T", Text, str)


class Pen(Generic[T]):
    """How the log's words are put together: the catalog's messages with names and cards in them, as styled
    ``Text`` (:data:`RICH`) or as plain strings (:data:`PLAIN`); both tell the same words."""

    def fmt(self, key: str, /, **values: T | str) -> T:
        raise NotImplementedError

    def word(self, text: str) -> T:
        raise NotImplementedError

    def join(self, sep: str, parts: Sequence[T]) -> T:
        raise NotImplementedError

    def name(self, name: str, *, viewer: bool) -> T:
        raise NotImplementedError

    def card(self, card: str, ruleset: Ruleset) -> T:
        raise NotImplementedError

    def named(self, named: str | int, ruleset: Ruleset) -> T:
        raise NotImplementedError

    def secret(self, parts: Sequence[T]) -> T:
        """Private parts told together, marked as secret in words."""
        return self.join("", [self.word("("), self.fmt("play.log.secret", what=self.join(" ", parts)), self.word(")")])

    def cards(self, cards: Sequence[str], ruleset: Ruleset) -> T:
        return self.join(", ", [self.card(c, ruleset) for c in cards])

    def names(self, names: Sequence[T]) -> T:
        """``Ana``, ``Ana and Bea``, ``Ana, Bea and Cal`` in the current language."""
        if len(names) <= 1:
            return names[0] if names else self.word("")
        return self.fmt("play.and", first=self.join(", ", names[:-1]), last=names[-1])


class _RichPen(Pen[Text]):
    def fmt(self, key: str, /, **values: Text | str) -> Text:
        return fmt(key, **values)

    def word(self, text: str) -> Text:
        return Text(text)

    def join(self, sep: str, parts: Sequence[Text]) -> Text:
        return Text(sep).join(parts)

    def name(self, name: str, *, viewer: bool) -> Text:
        return name_text(name, viewer=viewer)

    def card(self, card: str, ruleset: Ruleset) -> Text:
        return card_label(card, ruleset)

    def named(self, named: str | int, ruleset: Ruleset) -> Text:
        return named_text(named, ruleset)

    def secret(self, parts: Sequence[Text]) -> Text:
        return Text.assemble("(", fmt("play.log.secret", what=Text(" ").join(parts)), ")", style=PRIVATE)

    def cards(self, cards: Sequence[str], ruleset: Ruleset) -> Text:
        return cards_text(list(cards), ruleset)

    def names(self, names: Sequence[Text]) -> Text:
        return join_names(list(names))


class _PlainPen(Pen[str]):
    def fmt(self, key: str, /, **values: str) -> str:
        return t(key).format_map(values)  # as fmt: the values are put into the message, never read as one

    def word(self, text: str) -> str:
        return text

    def join(self, sep: str, parts: Sequence[str]) -> str:
        return sep.join(parts)

    def name(self, name: str, *, viewer: bool) -> str:
        return printable(name)

    def card(self, card: str, ruleset: Ruleset) -> str:
        return card_name(card)

    def named(self, named: str | int, ruleset: Ruleset) -> str:
        return str(named) if isinstance(named, int) else card_name(named)


RICH: Pen[Text] = _RichPen()
PLAIN: Pen[str] = _PlainPen()


@dataclass(slots=True)
class Entry(Generic[T]):
    """One line of the log: ``index`` is the position of its first event in the narrated sequence. Private
    parts in a row are told inside one "(secret: ...)"."""

    text: T
    index: int
    private: bool = False
    parts: list[T] = field(default_factory=list)
    #: The private parts at the end of :attr:`parts`, told together.
    secrets: list[T] = field(default_factory=list)

    def add(self, part: T, pen: Pen[T], *, private: bool = False) -> None:
        """Add ``part`` to the line (:attr:`text` is made once the line is complete, by :func:`narrate`)."""
        if private:
            self.private = True
            if self.secrets:
                self.parts.pop()
            self.secrets.append(part)
            part = pen.secret(self.secrets)
        else:
            self.secrets = []
        self.parts.append(part)


#: Tokens given at a round's end: told with the round's end, after it (the engine gives them just before).
_ROUND_END_REASONS = frozenset({"round", "spy", "jester"})
#: Events that start a new line of the log; every other event adds to the current line.
_HEADLINES = (ev.RoundStarted, ev.Played, ev.HandsRevealed, ev.RoundEnded, ev.TiebreakAnnounced, ev.GameEnded)


@overload
def narrate(
    events: Sequence[ev.Event], seat: int | None, names: Sequence[str], ruleset: Ruleset, *, goal: int, offset: int = 0
) -> list[Entry[Text]]: ...
@overload
def narrate(
    events: Sequence[ev.Event],
    seat: int | None,
    names: Sequence[str],
    ruleset: Ruleset,
    *,
    goal: int,
    offset: int = 0,
    pen: Pen[T],
) -> list[Entry[T]]: ...
def narrate(
    events: Sequence[ev.Event],
    seat: int | None,
    names: Sequence[str],
    ruleset: Ruleset,
    *,
    goal: int,
    offset: int = 0,
    pen: Pen[Any] = RICH,
) -> list[Entry[Any]]:
    """The log lines of ``events`` that ``seat`` may see (``None``: public events only), in ``pen``'s words.
    ``offset`` is added to each entry's index (the position of ``events[0]`` in a longer record)."""
    teller = _Teller(names, ruleset, seat, goal, pen)
    entries: list[Entry[Any]] = []
    held_tokens: list[Any] = []  # a token line waits for the round's end, or for the next card's line
    previous: ev.Event | None = None
    for index, event in enumerate(events):
        teller.follow(event)
        if not _visible(event, seat):
            continue
        if isinstance(event, ev.TokenAwarded) and event.reason in _ROUND_END_REASONS:
            held_tokens.append(teller.token(event))
            previous = event
            continue
        if isinstance(event, _HEADLINES) or not entries:
            if held_tokens and entries and not isinstance(event, ev.RoundEnded):
                for part in held_tokens:
                    entries[-1].add(part, pen)
                held_tokens = []
            entries.append(Entry(pen.word(""), offset + index))
        current = entries[-1]
        if isinstance(event, ev.RoundEnded):
            current.add(teller.round_ended(event), pen)
            why = teller.deck_out_decided(event)
            if why is not None:
                current.add(why, pen)
            for part in held_tokens:
                current.add(part, pen)
            held_tokens = []
        else:
            told = teller.tell(event, previous)
            if told is not None:
                current.add(told, pen, private=not event.public)
        previous = event
    if held_tokens and entries:
        for part in held_tokens:
            entries[-1].add(part, pen)
    told = [e for e in entries if e.parts]
    for entry in told:
        entry.text = pen.join(" ", entry.parts)
    return told


def _visible(event: ev.Event, seat: int | None) -> bool:
    return event.public if seat is None else event.visible_to(seat)


class _Teller(Generic[T]):
    """Words for each kind of event."""

    def __init__(self, names: Sequence[str], ruleset: Ruleset, seat: int | None, goal: int, pen: Pen[T]) -> None:
        self.pen: Pen[T] = pen
        self.names = names
        self.ruleset = ruleset
        self.seat = seat
        self.goal = goal
        #: The round's discard piles so far (public: every card discarded is shown), and its deck-out's hands.
        self.discards: dict[int, list[str]] = {}
        self.shown: ev.HandsRevealed | None = None

    def follow(self, e: ev.Event) -> None:
        """Keep the round's public facts that explain its end: the discard piles and the hands shown."""
        match e:
            case ev.RoundStarted():
                self.discards, self.shown = {}, None
            case ev.Played():
                self.discards.setdefault(e.seat, []).append(e.card)
            case ev.Discarded():
                self.discards.setdefault(e.seat, []).append(e.card)
            case ev.KnockedOut():
                self.discards.setdefault(e.seat, []).extend(e.cards)
            case ev.HandsRevealed():
                self.shown = e

    def value(self, card: str) -> int:
        return self.ruleset.cards[card].value if card in self.ruleset.cards else 0

    def deck_out_decided(self, e: ev.RoundEnded) -> T | None:
        """Why a deck-out's best hand did not simply win, said with the facts: a Bishop beaten by a Princess
        shown, or a tie broken by the discard piles' totals (the engine decided; this tells it)."""
        shown = self.shown
        if e.reason != "deck_out" or shown is None or not shown.scores:
            return None
        scores = dict(shown.scores)
        hands = dict(shown.hands)
        best = max(scores.values())
        top = [p for p, v in scores.items() if v == best]
        pen = self.pen
        parts: list[T] = []
        if e.winners and not set(e.winners) & set(top):
            parts.append(pen.fmt("play.log.bishop_princess"))
            best = max(scores[p] for p in e.winners)
            # Named because the rule is the Bishop's own: at a deck-out it loses to the Princess (docs/rules.md §5.4).
            top = [p for p, v in scores.items() if v == best and self.effect(hands[p]) != "bishop"]
        if len(top) > 1 and 0 < len(e.winners) < len(top) and "discard_sum" in self.ruleset.tie_breaks:
            sums = pen.join(
                ", ",
                [
                    pen.join("", [self.who(p), pen.word(f" {sum(self.value(c) for c in self.discards.get(p, []))}")])
                    for p in top
                ],
            )
            parts.append(pen.fmt("play.log.tie_discards", players=self.many(top), score=str(best), sums=sums))
        return pen.join(" ", parts) if parts else None

    def who(self, seat: int) -> T:
        return self.pen.name(self.names[seat], viewer=seat == self.seat)

    def many(self, seats: Sequence[int]) -> T:
        return self.pen.names([self.who(s) for s in seats])

    def card(self, card: str) -> T:
        return self.pen.card(card, self.ruleset)

    def cards(self, cards: Sequence[str]) -> T:
        return self.pen.cards(cards, self.ruleset)

    def effect(self, card: str) -> str:
        return self.ruleset.cards[card].effect if card in self.ruleset.cards else ""

    def token(self, e: ev.TokenAwarded) -> T:
        return self.pen.fmt(
            f"play.log.token.{e.reason}", player=self.who(e.seat), total=str(e.total), goal=str(self.goal)
        )

    def round_ended(self, e: ev.RoundEnded) -> T:
        fmt = self.pen.fmt
        if e.reason == "interrupted":
            text = fmt("play.log.round_interrupted", round=str(e.round))
        elif not e.winners:
            text = fmt("play.log.round_no_winner", round=str(e.round))
        else:
            plural = "many" if len(e.winners) > 1 else "one"
            text = fmt(f"play.log.round_{e.reason}_{plural}", round=str(e.round), players=self.many(e.winners))
        if e.set_aside is not None:
            text = self.pen.join(" ", [text, fmt("play.log.set_aside", card=self.card(e.set_aside))])
        return text

    def tell(self, e: ev.Event, previous: ev.Event | None) -> T | None:
        fmt = self.pen.fmt
        match e:
            case ev.RoundStarted():
                key = "play.log.tiebreak_round" if e.tiebreak else "play.log.round_started"
                text = fmt(key, round=str(e.round), player=self.who(e.first_player), players=self.many(e.seats))
                if e.face_up:
                    text = self.pen.join(" ", [text, fmt("play.log.face_up", cards=self.cards(e.face_up))])
                return text
            case ev.Played():
                return self.played(e)
            case ev.NoEffect():
                draws = e.card in self.ruleset.cards and self.ruleset.cards[e.card].traits.draws
                key = "play.log.no_effect_deck" if draws else "play.log.no_effect"
                return fmt(key)
            case ev.Guessed():
                return fmt("play.log.guess_right" if e.correct else "play.log.guess_wrong")
            case ev.Compared():
                if e.loser is None:
                    return fmt("play.log.compare_tie")
                higher = e.card in self.ruleset.cards and self.ruleset.cards[e.card].traits.compares == "higher_loses"
                key = "play.log.compare_higher" if higher else "play.log.compare_lower"
                return fmt(key, player=self.who(e.loser))
            case ev.Protected():
                return fmt("play.log.protected", player=self.who(e.seat))
            case ev.Discarded():
                return fmt("play.log.discarded", player=self.who(e.seat), card=self.card(e.card))
            case ev.KnockedOut():
                if e.cards:
                    cards = self.cards(e.cards)
                    return fmt("play.log.knocked_out_showing", player=self.who(e.seat), cards=cards)
                return fmt("play.log.knocked_out", player=self.who(e.seat))
            case ev.Swapped():
                return fmt("play.log.swapped", a=self.who(e.a), b=self.who(e.b))
            case ev.ChancellorDrew():
                key = "play.log.chancellor_drew_one" if e.count == 1 else "play.log.chancellor_drew"
                return fmt(key, player=self.who(e.seat), count=str(e.count))
            case ev.ReturnedToDeck():
                key = "play.log.returned_one" if e.count == 1 else "play.log.returned"
                return fmt(key, player=self.who(e.seat), count=str(e.count))
            case ev.Marked():
                return fmt(f"play.log.marked_{e.marker}", player=self.who(e.seat), target=self.who(e.target))
            case ev.AssassinStruck():
                return fmt("play.log.assassin", holder=self.who(e.holder), player=self.who(e.guard_player))
            case ev.CardRevealed():
                return fmt("play.log.card_revealed", player=self.who(e.seat), card=self.card(e.card))
            case ev.Drew():
                key = "play.log.drew_set_aside" if e.from_set_aside else "play.log.drew"
                return fmt(key, player=self.who(e.seat))
            case ev.HandsRevealed():
                return self.hands(e)
            case ev.TokenAwarded():
                return self.token(e)
            case ev.RedrawDecided():
                # A redraw is told by the discard and the draw that follow.
                return None if e.redraw else fmt("play.log.redraw_declined", player=self.who(e.seat))
            case ev.TiebreakAnnounced():
                return fmt("play.log.tiebreak", players=self.many(e.seats))
            case ev.GameEnded():
                key = "play.log.game_won_many" if len(e.winners) > 1 else "play.log.game_won_one"
                return fmt(key, players=self.many(e.winners))
            # ---- private events: only their audience gets here
            case ev.DrewCard():
                if shown_by_hand(e, previous):
                    return None  # the draw that starts a turn: the hand shows it
                return fmt("play.log.you_drew", card=self.card(e.card))
            case ev.SawHand():
                return fmt("play.log.saw", player=self.who(e.target), card=self.card(e.card))
            case ev.ComparedHands():
                return fmt(
                    "play.log.compared_hands",
                    a=self.who(e.seat),
                    a_card=self.card(e.seat_card),
                    b=self.who(e.target),
                    b_card=self.card(e.target_card),
                )
            case ev.Received():
                return fmt("play.log.received", card=self.card(e.card), player=self.who(e.giver))
            case ev.ChancellorCards():
                return fmt("play.log.chancellor_cards", cards=self.cards(e.cards))
            case ev.ReturnedCards():
                if len(e.cards) == 1:
                    return fmt("play.log.returned_cards_one", card=self.card(e.cards[0]))
                return fmt("play.log.returned_cards", cards=self.cards(e.cards[:-1]), last=self.card(e.cards[-1]))
        return None  # TurnStarted, ProtectionEnded, Dealt: the table shows them

    def played(self, e: ev.Played) -> T:
        fmt = self.pen.fmt
        player = self.who(e.seat)
        card = self.card(e.card)
        if not e.targets:
            return fmt("play.log.played", player=player, card=card)
        targets = self.many(e.targets)
        if e.named is not None:
            named = self.pen.named(e.named, self.ruleset)
            return fmt("play.log.played_naming", player=player, card=card, targets=targets, named=named)
        if e.look is not None:
            return fmt("play.log.played_looking", player=player, card=card, targets=targets, look=self.who(e.look))
        return fmt("play.log.played_on", player=player, card=card, targets=targets)

    def hands(self, e: ev.HandsRevealed) -> T:
        fmt = self.pen.fmt
        scores = dict(e.scores)
        shown = []
        for seat, card in e.hands:
            score = scores.get(seat, self.value(card))
            bonus = score - self.value(card)  # a Count's bonus (premium): one for each Count discarded
            key = "play.log.hand" if bonus <= 0 else "play.log.hand_count" if bonus == 1 else "play.log.hand_counts"
            shown.append(
                fmt(
                    key,
                    player=self.who(seat),
                    card=self.card(card),
                    value=str(self.value(card)),
                    bonus=str(bonus),
                    score=str(score),
                )
            )
        return fmt("play.log.hands_revealed", hands=self.pen.join(", ", shown))


def round_log(loop: GameLoop, seat: int | None) -> list[Entry[Text]]:
    """The current round's log of a game loop as ``seat`` may see it (``None``: public events only)."""
    return _round(loop, seat, RICH)


def round_words(loop: GameLoop, seat: int | None) -> list[Entry[str]]:
    """:func:`round_log` in words only (:data:`PLAIN`)."""
    return _round(loop, seat, PLAIN)


def _round(loop: GameLoop, seat: int | None, pen: Pen[T]) -> list[Entry[T]]:
    start = loop.round_start()
    game = loop.game
    goal = game.ruleset.tokens_to_win(game.players)
    return narrate(game.log[start:], seat, loop.names, game.ruleset, goal=goal, offset=start, pen=pen)


class NewsTeller:
    """What each viewer was told of the round so far (``None``: the public), for lines that tell each event once
    (screen-reader mode): :meth:`untold` gives the round's entries a viewer may know and was not told yet, and
    what the last one told grew by since (a Chancellor's line, told when its cards are drawn, ends with the cards
    put under the deck once they are chosen)."""

    def __init__(self) -> None:
        #: For each viewer, the last entry told: its index and its text then.
        self._told: dict[int | None, tuple[int, str]] = {}
        self._round = 0

    def forget(self) -> None:
        """Tell the round's events again from its start (a new game, a guest come back)."""
        self._told = {}
        self._round = 0

    def untold(self, loop: GameLoop, viewer: int | None) -> list[str]:
        """The texts of the entries of the round ``viewer`` may know and was not told yet (of the last one told, what
        was added to it); they count as told."""
        round_now = loop.game.view(0).round
        if round_now != self._round:
            self._round = round_now
            self._told = {}
        entries = round_words(loop, viewer)
        start, said = self._told.get(viewer, (-1, ""))
        out = []
        for entry in entries:
            if entry.index > start:
                out.append(entry.text)
            elif entry.index == start and entry.text != said:  # it grew: the rest of it (else all of it again)
                out.append(entry.text[len(said) :].strip() if entry.text.startswith(said) else entry.text)
        if entries:
            self._told[viewer] = (entries[-1].index, entries[-1].text)
        return out
