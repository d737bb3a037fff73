"""The story of a solitaire game in words: events through the message catalog, one line per move.

Each line starts with the player's move (a draw and the card played, or the agent sent in) or the retinue's
card, and its consequences follow on the same line. When the retinue plays a card, the line says in a sentence
what that card does to the player, so the variant teaches itself as it goes. Events are written for the
player by the engine (a face-down card is never named), so every event can be told as it is. :class:`Teller`
keeps what screen-reader mode has told, to tell each line once.

>>> from loveletter.i18n import set_language
>>> from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
>>> set_language("en")
>>> rs = load_solitaire_ruleset()
>>> game = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Priest"], hand="Guard", draws=["Countess"]))
>>> _ = game.push("draw")
>>> _ = game.push("Countess")
>>> for line in narrate(game.log, rs)[1:]:
...     print(line.text.plain)
You draw the Countess (6 left to draw). You play the Countess.
The retinue plays Q1: the Priest. A Priest turns your face-down agent face up. Your agent is turned face up: the Baron.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from loveletter.i18n import DEFAULT, card_name, has, t
from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Target
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.tui.style import DIM, card_label, fmt

EXPLAIN = "italic"


@dataclass(slots=True)
class Line:
    """One line of the log: ``index`` is the position of its first event in the narrated sequence."""

    text: Text
    index: int


#: Events that start a new line; every other event adds to the current one.
_HEADLINES = (ev.Dealt, ev.Drew, ev.AgentFlipped, ev.RetinuePlayed, ev.ProtectionEnded)


def place(target: Target) -> Text:
    """``Q3``, ``your hand card`` or ``your agent``."""
    if isinstance(target, int):
        return Text(f"Q{target}", style="bold")
    return Text(t(f"solitaire.place.your_{target}"))


def own_name(own: str) -> str:
    return t(f"solitaire.place.{own}")


def narrate(events: Sequence[ev.Event], ruleset: SolitaireRuleset) -> list[Line]:
    """The events as lines of the log (see the module docstring)."""
    lines: list[Line] = []
    for index, event in enumerate(events):
        text = tell(event, ruleset)
        if text is None:
            continue
        starts = isinstance(event, _HEADLINES) or not lines
        if isinstance(event, ev.Played) and lines and not _after_draw(events, index):
            starts = True
        if starts:
            lines.append(Line(text, index))
        else:
            current = lines[-1]
            current.text = Text(" ").join([current.text, text])
    return lines


def _after_draw(events: Sequence[ev.Event], index: int) -> bool:
    """Whether the play at ``index`` follows the draw or the agent flip that began the same turn."""
    for event in reversed(events[:index]):
        if isinstance(event, (ev.Drew, ev.AgentFlipped)):
            return True
        if isinstance(event, (ev.RetinuePlayed, ev.Dealt, ev.GameEnded)):
            return False
    return False


def tell(event: ev.Event, rs: SolitaireRuleset) -> Text | None:
    """One event in words (``None`` for an event the log does not tell: a turn starting)."""

    def card(c: str) -> Text:
        return card_label(c, rs)

    if isinstance(event, ev.TurnStarted):
        return None
    if isinstance(event, ev.Dealt):
        return fmt("solitaire.log.dealt", card=card(event.hand), count=event.draw_size)
    if isinstance(event, ev.Drew):
        return fmt("solitaire.log.drew", card=card(event.card), count=event.draw_size)
    if isinstance(event, ev.AgentFlipped):
        key = "solitaire.log.agent_sent" if event.was_face_up else "solitaire.log.agent_flipped"
        return fmt(key, card=card(event.card))
    if isinstance(event, ev.Played):
        return _played(event, rs)
    if isinstance(event, ev.RetinuePlayed):
        head = fmt("solitaire.log.retinue_played", slot=place(event.slot), card=card(event.card))
        explain_key = f"solitaire.explain.{event.card}"
        if has(explain_key) or has(explain_key, DEFAULT):
            return Text.assemble(head, " ", Text(t(explain_key), style=EXPLAIN))
        return head
    if isinstance(event, ev.ProtectionEnded):
        return fmt(f"solitaire.log.protection_ended_{event.side}")
    if isinstance(event, ev.RetinueTargeted):
        if event.automatic:
            return fmt("solitaire.log.targeted_auto")
        return fmt(f"solitaire.log.targeted_{event.own}")
    if isinstance(event, ev.Guessed):
        return _guessed(event, rs)
    if isinstance(event, ev.Revealed):
        return fmt("solitaire.log.revealed", target=_capital(place(event.target)), card=card(event.card))
    if isinstance(event, ev.Compared):
        result = {"player": "compared_player", "retinue": "compared_retinue", None: "compared_tie"}[event.loser]
        return fmt(
            "solitaire.log.compared",
            own=own_name(event.own),
            mine=card(event.own_card),
            slot=place(event.slot),
            theirs=card(event.queue_card),
            result=t(f"solitaire.log.{result}"),
        )
    if isinstance(event, ev.Discarded):
        if isinstance(event.target, int):
            return fmt("solitaire.log.discarded_queue", slot=place(event.target), card=card(event.card))
        return fmt("solitaire.log.discarded_own", own=own_name(event.target), card=card(event.card))
    if isinstance(event, ev.Replaced):
        if event.target == "hand":
            assert event.card is not None
            return fmt("solitaire.log.replaced_hand", card=card(event.card), count=event.draw_size)
        if event.target == "agent":
            return fmt("solitaire.log.replaced_agent", count=event.draw_size)
        return fmt("solitaire.log.replaced_queue", slot=place(event.target), count=event.draw_size)
    if isinstance(event, ev.NoReplacement):
        return fmt(f"solitaire.log.no_replacement_{event.reason}")
    if isinstance(event, ev.Swapped):
        down = Text(t("solitaire.log.face_down_card"))
        return fmt(
            "solitaire.log.swapped",
            own=own_name(event.own),
            slot=place(event.slot),
            to_player=card(event.to_player) if event.to_player else down,
            to_queue=card(event.to_queue) if event.to_queue else down,
        )
    if isinstance(event, ev.Protected):
        return fmt(f"solitaire.log.protected_{event.side}")
    if isinstance(event, ev.NoEffect):
        key = f"solitaire.log.no_effect_{event.reason}"
        if event.reason == "protected":
            key += f"_{event.side}"
        return fmt(key, card=card(event.card))
    if isinstance(event, ev.GameEnded):
        return Text(t("solitaire.log.won" if event.outcome == "win" else "solitaire.log.lost"), style="bold")
    return Text(str(event), style=DIM)  # an event this version does not word yet


def _played(event: ev.Played, rs: SolitaireRuleset) -> Text:
    card = card_label(event.card, rs)
    if event.target is None:
        return fmt("solitaire.log.played", card=card)
    target = place(event.target)
    if event.named is not None:
        return fmt("solitaire.log.played_named", card=card, target=target, named=card_label(event.named, rs))
    if event.own is not None:
        key = "solitaire.log.played_swap" if rs.effect(event.card) == "king" else "solitaire.log.played_compare"
        return fmt(key, card=card, own=own_name(event.own), target=target)
    return fmt("solitaire.log.played_on", card=card, target=target)


def _guessed(event: ev.Guessed, rs: SolitaireRuleset) -> Text:
    named = card_label(event.named, rs)
    if event.side == "player":
        key = "solitaire.log.guess_right" if event.correct else "solitaire.log.guess_wrong"
        return fmt(key, target=place(event.target), named=named)
    if event.automatic:
        return fmt("solitaire.log.guard_known", own=own_name(str(event.target)), named=named)
    key = "solitaire.log.guard_names_right" if event.correct else "solitaire.log.guard_names_wrong"
    return fmt(key, named=named)


def ending(game: SolitaireGame) -> str:
    """Why ``game`` ended, saying what happened where the reason alone would not: which Guard struck which of your
    cards and how (a card it knew, or a name it guessed right), which cards a lost Baron comparison set side by
    side; in a line of the result box at 80 columns. Only what the log showed the player is said."""
    assert game.reason is not None
    log = game.log
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if game.reason == "guard_hit" and isinstance(event, ev.Guessed) and event.side == "retinue":
            # The Guard is the retinue's card played last before the guess.
            slot = next((e.slot for e in reversed(log[:index]) if isinstance(e, ev.RetinuePlayed)), None)
            if slot:
                key = "solitaire.end.guard_hit_known" if event.automatic else "solitaire.end.guard_hit_named"
                return t(key, slot=f"Q{slot}", own=own_name(str(event.target)), card=card_name(event.named))
        elif game.reason == "baron_lost" and isinstance(event, ev.Compared) and event.loser == "player":
            key = f"solitaire.end.baron_lost_{event.side}"
            mine, theirs = card_name(event.own_card), card_name(event.queue_card)
            return t(key, own=own_name(event.own), mine=mine, slot=f"Q{event.slot}", theirs=theirs)
    return t(f"solitaire.end.{game.reason}")


def _capital(text: Text) -> Text:
    plain = text.plain
    if plain and plain[0].islower():
        out = text.copy()
        out.plain = plain[0].upper() + plain[1:]
        return out
    return text


class Teller:
    """What the lines have told of a solitaire game (screen-reader mode): each line of its log once (a line told
    before that grew since, a draw and then the card played, says only what was added), and at each new decision
    the board once a turn (:meth:`due`)."""

    def __init__(self) -> None:
        self._game = 0
        self._told = -1
        self._last = ""
        self._board_at = -1
        self._turn = -1

    def _follow(self, game: SolitaireGame) -> None:
        if id(game) != self._game:  # a new game: its log starts again
            self._game, self._told, self._last, self._board_at, self._turn = id(game), -1, "", -1, -1

    def news(self, game: SolitaireGame) -> list[str]:
        """The log's lines not told yet, or what a line told grew by; they count as told."""
        self._follow(game)
        out: list[str] = []
        for line in narrate(game.log, game.ruleset):
            text = line.text.plain
            if line.index > self._told:
                out.append(text)
            elif line.index == self._told and text != self._last and text.startswith(self._last):
                out.append(text[len(self._last) :].strip())
            else:
                continue
            self._told, self._last = line.index, text
        return out

    def due(self, game: SolitaireGame) -> str | None:
        """What a new decision's lines begin with: ``"board"`` at a new turn, ``"hand"`` at a new decision of the
        same turn (after a draw), ``None`` when the decision is the one told last."""
        self._follow(game)
        if len(game.log) == self._board_at:
            return None
        self._board_at = len(game.log)
        turn = game.view().turn
        if turn == self._turn:
            return "hand"
        self._turn = turn
        return "board"
