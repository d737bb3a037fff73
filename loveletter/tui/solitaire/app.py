"""The solitaire game loop on the terminal: the board and its questions, the coach's hint (``h``), autosave, end
screens (with the game's review, ``r``), play again; on a surface of frames or of lines (screen-reader mode).

On frames, every question is asked below the board fitted above it. As lines, each question comes after what
happened since the last one, one line each as the log tells it, and at each new decision the board as labelled
lines (:func:`~loveletter.tui.solitaire.board.board_lines`; in the same turn, the hand); at the end the result
and the streak. After every action the record is saved (atomically), so Ctrl-C at any prompt loses nothing:
``KeyboardInterrupt`` leaves :meth:`SolitaireApp.session` with :attr:`SolitaireApp.path` naming the saved record,
for the caller to say how to resume once the screen is left. Tests drive the whole loop through the surface's
``input`` (prompt_toolkit's pipe input) or ``read_line``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from pathlib import Path

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from loveletter.coach.solitaire import SolitaireHint, hint_for
from loveletter.i18n import card_name, has, t
from loveletter.records.saver import RecordSaver
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire.actions import Action, Choose, Draw, PlayAgent
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.view import SolitaireView
from loveletter.tui.plan import ActionPlan, Step
from loveletter.tui.prompts import KEYS_SEP, TYPE_AHEAD, Choice, Cursor, KeyPolicy, Nav
from loveletter.tui.solitaire.board import Board, BoardModel, board_lines
from loveletter.tui.solitaire.coach import HINT_KEY, SolitaireHintView, hint_keys, hint_lines, place_text
from loveletter.tui.solitaire.narrate import Teller, ending, narrate
from loveletter.tui.solitaire.plan import plan_for, risk, safest
from loveletter.tui.solitaire.reference import reference_pages
from loveletter.tui.solitaire.review import review_on
from loveletter.tui.solitaire.streak import Streak, save_streak
from loveletter.tui.surface import Surface

#: The end screen's choice that opens the review of the game, and its key.
REVIEW, REVIEW_KEY = "review", "r"
#: A new deal's number, when none is given: short enough to read out and type in with ``--seed``.
DEALS = 1_000_000


def new_deal() -> int:
    return random.SystemRandom().randrange(1, DEALS)


def _hint_body(view: SolitaireView, hint: SolitaireHint, candidates: tuple[Action, ...], height: int) -> RenderableType:
    return SolitaireHintView(view, hint, candidates=candidates, height=height)


class SolitaireApp:
    """Plays solitaire games on ``surface`` (see the module docstring)."""

    #: The line of keys under a decision's questions: its first part, then (once a question can step back) Esc and
    #: the coach's key, then its last parts (the prompt leaves out from the last what does not fit on one line).
    CHOOSE_KEYS = ("solitaire.hint.choose", "solitaire.hint.more")

    def __init__(
        self, surface: Surface, streak: Streak, *, streak_path: Path | None = None, folder: Path | None = None
    ) -> None:
        self.surface = surface
        self.streak = streak
        self.streak_path = streak_path
        self.folder = folder
        #: Saves the record being played after every action, once a game has started.
        self.saver: RecordSaver[SolitaireRecord] | None = None
        self.game: SolitaireGame | None = None
        #: A one-line notice for the next frames (a save that failed, an unreadable streak file).
        self.status: Text | None = Text(streak.warning, style="bold") if streak.warning else None
        self.seen = 0
        #: What the lines told of the game so far, and the hint said last (said again only once it changes).
        self.teller = Teller()
        self.hint_said: list[str] = []

    # ------------------------------------------------------------------------------------------- loop

    def session(
        self,
        game: SolitaireGame,
        *,
        record: SolitaireRecord | None = None,
        path: Path | None = None,
        next_deal: Callable[[], int] = new_deal,
    ) -> None:
        """Play ``game`` (a new one, or one resumed from ``record`` at ``path``), then more while the player
        wants another."""
        while True:
            self.start(game, record, path)
            self.play()
            if not self.end_screen():
                return
            game, record, path = SolitaireGame(game.ruleset, seed=next_deal()), None, None

    @property
    def path(self) -> Path | None:
        """The file of the record being played, once a game has started."""
        return None if self.saver is None else self.saver.path

    @property
    def record(self) -> SolitaireRecord | None:
        return None if self.saver is None else self.saver.record

    def start(self, game: SolitaireGame, record: SolitaireRecord | None, path: Path | None) -> None:
        self.game = game
        self.seen = len(game.log) if record is not None else 0
        if record is not None and path is not None:
            self.saver = RecordSaver.resume(record, path)
        else:  # a new file, saved once before the first question
            self.saver = RecordSaver.begin(record or SolitaireRecord.start(game), self.folder)
            self.show_save_problem()

    def play(self) -> None:
        game = self.game
        assert game is not None
        while not game.over:
            action = self.decide()
            before = len(game.log)
            game.push(action)
            self.seen = before
            self.save()
        self.add_to_streak()

    def save(self) -> None:
        assert self.game is not None and self.saver is not None
        self.saver.record.update(self.game)
        self.saver.save()
        self.show_save_problem()

    def show_save_problem(self) -> None:
        """A save that failed is a notice on the board (and the command reports it when the session ends)."""
        assert self.saver is not None
        if self.saver.reason is not None:
            self.status = Text(t("solitaire.saved.failed", problem=self.saver.reason), style="bold")

    def add_to_streak(self) -> None:
        assert self.game is not None
        self.streak.add(self.game.won)
        try:
            save_streak(self.streak, self.streak_path)
        except OSError as exc:
            self.status = Text(t("solitaire.saved.failed", problem=exc.strerror or exc), style="bold")

    # ----------------------------------------------------------------------------------------- frames

    def model(self, banner: RenderableType | None = None) -> BoardModel:
        game = self.game
        assert game is not None
        return BoardModel(
            view=game.view(),
            deal=game.seed,
            log=narrate(game.log, game.ruleset),
            new_from=self.seen,
            streak=self.streak_line(),
            banner=banner,
            status=self.status,
        )

    def streak_line(self) -> str:
        s = self.streak
        return t("solitaire.streak.line", current=s.current, best=s.best, won=s.won, played=s.played)

    def ask(
        self,
        title: str,
        choices: list[Choice[Hashable]],
        hint: str,
        *,
        back: bool = False,
        banner: RenderableType | None = None,
        guard: KeyPolicy | None = None,
        default: int = 0,
        body: Callable[[int], RenderableType] | None = None,
        extra: dict[str, object] | None = None,
        said: Sequence[str] = (),
        cursor: Cursor | None = None,
    ) -> Hashable | Nav:
        """Ask over the board (or ``body``, drawn in the lines it is given); ``guard``: a new screen's unless
        given (:class:`~loveletter.tui.prompts.KeyPolicy`); ``extra``: more keys and what they answer. As lines, the
        question comes after what happened since the last one, then the board, the hand or the end (``banner``),
        then ``said`` (the hint shown in place of the board, said once while it is the same)."""
        self.tell(end=banner is not None)
        if list(said) != self.hint_said:
            self.hint_said = list(said)
            self.surface.say(*said)
        if body is None:
            model = self.model(banner)

            def body(height: int) -> RenderableType:
                return Board(model, height=height)

        return self.surface.choose(
            body,
            title,
            choices,
            hint=hint,
            guard=guard,
            default=default,
            cursor=cursor,
            allow_back=back,
            # The cards' pages (?) have no lines yet: lines do not offer them.
            allow_help=self.surface.draws,
            extra=extra,
        )

    def tell(self, *, end: bool) -> None:
        """The lines due before a question: the log's lines not told yet, then the game's end (``end``) or, at a
        new decision, the board (a new turn) or the hand."""
        game = self.game
        assert game is not None
        self.surface.say(*self.teller.news(game))
        if end:
            self.surface.say(*self.end_lines())
            return
        due = self.teller.due(game)
        if due == "board":
            self.surface.say(*board_lines(game.view(), game.seed, self.streak_line(), self.status))
        elif due == "hand":
            self.surface.say(t("play.reader.hand", cards=", ".join(card_name(c) for c in game.view().hand)))

    def end_lines(self) -> list[str]:
        """The game's result, why, and the streak."""
        game = self.game
        assert game is not None and game.reason is not None
        title = t("solitaire.end.win_title" if game.won else "solitaire.end.loss_title")
        return [title, ending(game), self.streak_line() + "."]

    # --------------------------------------------------------------------------------------- decisions

    def decide(self) -> Action:
        """Ask the player's next action, step by step, from the legal actions."""
        assert self.game is not None
        view = self.game.view()
        plan = plan_for(view)
        # The first question is a new screen; the next ones of the same decision take keys typed ahead, until
        # something else (the rules, a warning) has been on the screen in between.
        guard: KeyPolicy | None = None
        # The coach's hint, worked out the first time h is pressed, then shown in place of the board (h again:
        # the board) until the decision is made.
        hint: SolitaireHint | None = None
        showing = False
        cursor, at = Cursor(), plan.asked  # where the selection was (see TerminalFrontend.decide)
        while True:
            step = plan.step()
            if plan.asked != at:
                cursor, at = Cursor(), plan.asked
            if step is None:
                action = plan.action()
                warning = risk(action, view)
                if warning is None or self.confirm(warning):
                    return action
                plan.back()
                guard, cursor = None, Cursor()  # not back on the move just turned down
                continue
            title = self.question(step, plan, view)
            choices = [
                Choice(
                    o.value,
                    self.label(step, o.value, view),
                    key=key,
                    enabled=o.enabled,
                    note=t(o.note) if o.note else "",
                )
                for o, key in zip(step.options, self.keys(step, view), strict=True)
            ]
            keys = self.key_hint(choices, back=plan.asked > 0, showing=showing)
            body = None
            said: list[str] = []
            if showing and hint is not None:
                body = partial(_hint_body, view, hint, plan.candidates)
                said = hint_lines(view, hint, plan.candidates)

            answer = self.ask(
                title,
                choices,
                keys,
                back=plan.asked > 0,
                guard=guard,
                default=safest(step, view),
                body=body,
                extra={HINT_KEY: Nav.HINT},
                said=said,
                cursor=cursor,
            )
            guard = TYPE_AHEAD
            if answer is Nav.BACK:
                plan.back()
            elif answer is Nav.HELP:
                self.show_reference()
                guard = None
            elif answer is Nav.HINT:
                showing = not showing
                if showing and hint is None:
                    hint = hint_for(view)
                guard = None
            else:
                plan.answer(answer)
                if not self.answered(plan):
                    plan.back()
                    guard, cursor = None, Cursor()  # a corrected answer is not offered again

    def key_hint(self, choices: Sequence[Choice[Hashable]], *, back: bool, showing: bool) -> str:
        """The line of keys under a decision's question (:attr:`CHOOSE_KEYS`; ``back``: Esc steps back; ``showing``:
        the coach's hint is on the screen)."""
        first, last = (t(key) for key in self.CHOOSE_KEYS)
        parts = [first, *([t("solitaire.hint.back")] if back else []), hint_keys(choices, showing=showing), last]
        return KEYS_SEP.join(parts)

    def answered(self, plan: ActionPlan[Action]) -> bool:
        """Called after each answer of a decision; ``False`` takes the answer back and asks again (the lesson
        corrects a wrong card, target or guess as soon as it is chosen). Here every legal answer stands."""
        return True

    def confirm(self, key: str) -> bool:
        choices: list[Choice[Hashable]] = [
            Choice(False, t("solitaire.choice.no"), key=t("solitaire.choice.no_key")),
            Choice(True, t("solitaire.choice.yes"), key=t("solitaire.choice.yes_key")),
        ]
        return self.ask(t(key), choices, t("solitaire.hint.confirm"), back=True) is True

    def question(self, step: Step, plan: ActionPlan[Action], view: SolitaireView) -> str:
        rs = view.ruleset
        if step.kind == "turn":
            # Asked only what can be chosen: with the agent spent (or the draw pile empty) one way is left.
            open_ = [option.value for option in step.options if option.enabled]
            if len(open_) == 1:
                return t("solitaire.ask.turn_draw" if isinstance(open_[0], Draw) else "solitaire.ask.turn_agent")
            return t("solitaire.ask.turn")
        if step.kind == "threat":
            threat = view.threat
            assert threat is not None
            reference = place_text(threat.reference, view) if threat.reference is not None else ""
            if threat.by == "player":
                return t("solitaire.ask.threat_own_baron", reference=reference)
            effect = rs.effect(threat.card)
            # Named: the question is worded per card, and a Guard with nothing to guess has a wording of its own.
            if effect == "guard" and threat.guess is None:
                return t("solitaire.ask.threat_guard_up")
            guess = card_name(threat.guess) if threat.guess else ""
            return t(f"solitaire.ask.threat_{effect}", reference=reference, guess=guess)
        card = step.card or ""
        effect = rs.effect(card) if card in rs.cards else ""
        key = f"solitaire.ask.{step.kind}"
        if has(f"{key}_{effect}"):
            key = f"{key}_{effect}"
        target = dict(plan.answers).get("target")
        where = place_text(target, view) if isinstance(target, (int, str)) else ""
        return t(key, card=card_name(card) if card else "", target=where)

    def label(self, step: Step, value: Hashable, view: SolitaireView) -> str:
        rs = view.ruleset
        if isinstance(value, Draw):
            return t("solitaire.choice.draw", count=view.draw_size)
        if isinstance(value, PlayAgent):
            if view.agent is not None:
                return t("solitaire.choice.agent", card=card_name(view.agent))
            return t("solitaire.choice.agent_gone" if view.agent_state == "empty" else "solitaire.choice.agent_down")
        if isinstance(value, Choose):
            return self.own_label(value.own, view, None)
        if step.kind == "card":
            assert isinstance(value, str)
            return t("solitaire.choice.card", value=rs.value(value), card=card_name(value))
        if step.kind == "named":
            assert isinstance(value, str)
            return t("solitaire.choice.named", card=card_name(value))
        if value is None:
            return t("solitaire.choice.no_target")
        if isinstance(value, int):
            return place_text(value, view)
        assert isinstance(value, str)
        return self.own_label(value, view, step.card)

    def own_label(self, own: str, view: SolitaireView, playing: str | None) -> str:
        if own == "hand":
            return t("solitaire.choice.hand", card=", ".join(card_name(c) for c in view.kept(playing)))
        if view.agent is not None:
            return t("solitaire.choice.agent_own_up", card=card_name(view.agent))
        return t("solitaire.choice.agent_own_down")

    def keys(self, step: Step, view: SolitaireView) -> list[str | None]:
        """Named cards are picked by their value (unique in the classic cards); the rest by position."""
        if step.kind == "named":
            values = [view.ruleset.value(str(o.value)) for o in step.options]
            if len(set(values)) == len(values) and all(0 <= v <= 9 for v in values):
                return [str(v) for v in values]
        return [None] * len(step.options)

    # --------------------------------------------------------------------------------------- reference

    def show_reference(self) -> None:
        assert self.game is not None
        surface = self.surface
        pages = reference_pages(surface.console, self.game.ruleset, max(surface.rows() - 4, 4))
        for number, page in enumerate(pages, 1):
            title = Text(f"{t('solitaire.reference.title')} ({number}/{len(pages)})", style="bold")
            last = number == len(pages)
            hint = t("solitaire.hint.reference" if last else "solitaire.hint.reference_more")
            guard = None if number == 1 else TYPE_AHEAD  # a new screen, then pages turned at the reader's pace
            keys = {"escape": False, "q": False}
            if surface.press(Group(title, Text(""), page), hint, keys=keys, guard=guard) is False:
                break

    # ------------------------------------------------------------------------------------------- the end

    def banner(self) -> Panel:
        game = self.game
        assert game is not None and game.reason is not None
        won = game.won
        title = t("solitaire.end.win_title" if won else "solitaire.end.loss_title")
        # The streak is in the header: the box keeps to why the game ended, and leaves the log its last lines.
        body = Text(ending(game), style="bold")
        return Panel(
            body,
            title=Text(f" {title} ", style="reverse bold"),
            title_align="left",
            box=box.DOUBLE if won else box.HEAVY,
            padding=(0, 1),
        )

    def end_screen(self) -> bool:
        """Show why the game ended; ``True`` if the player wants another game."""
        choices: list[Choice[Hashable]] = [
            Choice(True, t("solitaire.choice.yes"), key=t("solitaire.choice.yes_key")),
            Choice(False, t("solitaire.choice.no"), key=t("solitaire.choice.no_key")),
        ]
        if self.record is not None and self.record.finished:
            choices.append(Choice(REVIEW, t("solcoach.review.offer"), key=REVIEW_KEY))
        banner = self.banner()
        while True:
            answer = self.ask(t("solitaire.end.again"), choices, "", banner=banner)
            if answer is Nav.HELP:
                self.show_reference()
                continue
            if answer == REVIEW and self.record is not None:
                review_on(self.surface, self.record, str(self.path))
                continue
            self.surface.screen.wipe()
            return answer is True
