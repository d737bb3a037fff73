"""The lesson runner: a lesson (:mod:`loveletter.coach.lesson`) played at the normal table, with its normal prompts.

:class:`Tutor` is the terminal front end with a lesson panel above the table: what this moment of the lesson
teaches and the one thing to do. The person answers the usual questions (card, target, named card...), which
offer only what the engine says is legal; an answer that leaves none of the lesson's moves is corrected at once,
at the question that went wrong (the card, then the target, then the guess): what was wrong with it, then the
step's own words for that question (``wrong`` for the card or a keep, ``wrong_target``, ``wrong_named``), and the
question is asked again. The computer players play their steps of the script
(:class:`~loveletter.coach.lesson.ScriptedBot`), and a step that has something to say waits for Enter after the
move. Each round's end says what it showed; after the last one, the lesson's closing words, and the offer of the
coach's review of the learner's moves (:mod:`loveletter.tui.review`): leaving it ends the lesson.

The coach's hint (``h``) is offered only at a step that asks for it (``hint = true``): there the instruction is to
press ``h``; a move chosen before is answered with a reminder, and once the hint shows, the step's own words and
instruction take over. Elsewhere the lesson says what to play, and a hint would speak over it.

The lesson panel is the surface's :class:`~loveletter.tui.surface.Note`: on frames, drawn above the table; as
lines (screen-reader mode), its words said once, before the next question or key to press, its instruction as
"Do: Play the Priest on Bot.", the lesson's title only at the start and with a correction. The round's new events
come before what the lesson says about them.

A lesson is not saved as a game record: it is the same every time, and ``loveletter learn`` starts it again.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich import box
from rich.panel import Panel
from rich.text import Text

from loveletter.bots import Bot
from loveletter.coach.hint import Hint
from loveletter.coach.lesson import PERSON, Lesson, Script, ScriptedBot, Step
from loveletter.engine import Action, Game, View
from loveletter.i18n import card_name, has, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat, StackedDeal
from loveletter.tui.choices import keeps
from loveletter.tui.plan import ActionPlan
from loveletter.tui.prompts import Choice, Nav
from loveletter.tui.style import fmt, name_text
from loveletter.tui.surface import Note, Surface
from loveletter.tui.terminal import LOG_KEY, REVIEW, TerminalFrontend, board_body

#: The keys of a lesson's screens besides Enter (and ``l``, the whole log): ``?`` shows the cards.
HELP = {"?": Nav.HELP}
#: The lesson panel's frame: a lesson's words, apart from the game's own.
NOTE_STYLE = "cyan"
WRONG_STYLE = "yellow"


class Tutor(TerminalFrontend):
    """The terminal front end of a lesson (see the module). ``script`` is shared with the computer players."""

    round_hint = "learn.round_hint"

    def __init__(self, surface: Surface, script: Script, bot: ScriptedBot, *, delay: float = 1.2) -> None:
        super().__init__(surface, delay=delay)
        self.play_again = False
        self.script = script
        self.bot = bot
        #: Whether the lesson's title was said in lines (at the start: after it, only a correction says it again).
        self.titled = False
        #: Whether the lesson was played to its end.
        self.finished = False
        #: The person's step just taken (its ``done`` words, if any, show the table after the move).
        self.done: Step | None = None
        #: Whether the coach's hint was shown at the step being taken (a step with ``hint`` waits for it).
        self.hinted = False
        #: Whether the learner opened the review at the lesson's end.
        self.reviewed = False

    @property
    def lesson(self) -> Lesson:
        return self.script.lesson

    # ------------------------------------------------------------------------------------------ the panel

    @property
    def note(self) -> Note | None:
        """The lesson panel above the table (``None``: the table alone): the surface's note."""
        return self.surface.note

    @note.setter
    def note(self, note: Note | None) -> None:
        self.surface.note = note

    def panel(self, text: str, instruction: str = "", *, wrong: bool = False) -> Note:
        """The lesson panel: ``text``, then the instruction in bold; as lines, the same words (the lesson's title
        first at the start and with a correction, the instruction as "Do: ...")."""
        body = Text(text)
        if instruction:
            body.append("\n")
            body.append(Text.assemble("▶ ", instruction, style="bold"))
        title = t("learn.title_wrong" if wrong else "learn.title", lesson=t(f"{self.lesson.key}.title"))
        frame = Panel(
            body,
            title=title,
            title_align="left",
            box=box.ROUNDED,
            border_style=WRONG_STYLE if wrong else NOTE_STYLE,
            padding=(0, 1),
        )
        lines = [text]
        if wrong or not self.titled:
            lines.insert(0, title + ".")
            self.titled = True
        if instruction:
            lines.append(t("learn.reader.do", what=instruction))
        return Note(frame, tuple(lines))

    # ------------------------------------------------------------------------------------------ frontend

    def start(self, table: GameLoop) -> None:
        super().start(table)
        self.note = self.panel(t(f"{self.lesson.key}.intro"))
        self.acknowledge(self.model(PERSON), t("learn.begin"), t("learn.hint"), keys=HELP)
        self.surface.screen.wipe()

    def decide(self, seat: int) -> Action:
        step = self.script.step_for(seat)
        self.hinted = False
        # h is offered where the lesson asks for the hint, nowhere else.
        self.table.hints = step.hint
        try:
            while True:
                self.note = self.instruction(step)
                action = super().decide(seat)
                if action in step.moves:
                    self.script.advance()
                    self.note = None
                    self.done = step
                    return action
                self.wrong(step, "card", None)  # only if a question let a wrong answer through (see answered)
        finally:
            self.table.hints = False

    def instruction(self, step: Step) -> Note:
        """The panel of a person's step: its words and instruction, or at a step that asks for the hint, until it
        shows, the instruction to press ``h``."""
        if step.hint and not self.hinted:
            return self.panel(t(f"{step.key}.say"), t(f"{step.key}.ask"))
        if step.hint:
            return self.panel(t(f"{step.key}.hinted"), t(f"{step.key}.do"))
        said = t(f"{step.key}.say")
        if has(f"{step.key}.coach"):  # the lesson's move is not the coach's: why, before the review says so
            said = f"{said} {t(f'{step.key}.coach')}"
        return self.panel(said, t(f"{step.key}.do"))

    def work_out_hint(self, view: View) -> Hint:
        hint = super().work_out_hint(view)
        step = self.script.current()
        if step.hint:
            self.hinted = True
            self.note = self.instruction(step)
        return hint

    def answered(self, seat: int, plan: ActionPlan[Action]) -> bool:
        """An answer stands while one of the step's moves is still open; otherwise the first answer that closed
        them all is corrected (see the module docstring). At a step that asks for the hint, no answer stands
        before it was shown."""
        step = self.script.step_for(seat)
        if step.hint and not self.hinted:
            self.correct(step, [t("learn.ask_first")])
            return False
        if any(a in step.moves for a in plan.candidates):
            return True
        kind, value = first_wrong(step.moves, plan.answers) or ("card", None)
        self.wrong(step, kind, value)
        return False

    def wrong(self, step: Step, kind: str, value: object) -> None:
        """Say what was wrong with the answer ``value`` to the question ``kind``, then ask again."""
        lines = [self.what_was_wrong(kind, value)]
        own = {"target": "wrong_target", "second": "wrong_target", "named": "wrong_named"}.get(kind, "wrong")
        if has(f"{step.key}.{own}"):
            lines.append(t(f"{step.key}.{own}"))
        elif own == "wrong":
            lines.append(t("learn.wrong"))
        self.correct(step, lines)

    def correct(self, step: Step, lines: list[str]) -> None:
        """The correction ``lines`` over the table until Enter, then the step's panel again."""
        do = t(f"{step.key}.ask" if step.hint and not self.hinted else f"{step.key}.do")
        self.note = self.panel(" ".join(line for line in lines if line), do, wrong=True)
        self.acknowledge(self.model(PERSON), t("learn.again"), t("learn.hint"), keys=HELP)
        self.surface.screen.wipe()
        self.note = self.instruction(step)

    def what_was_wrong(self, kind: str, value: object) -> str:
        """One sentence on the answer given: the card, the player or the guess that is not the lesson's."""
        cards = self.lesson.ruleset.cards
        if kind == "card" and isinstance(value, str) and value in cards:
            return t("learn.wrong_card", card=card_name(value))
        if kind in ("target", "second") and isinstance(value, int):
            return t("learn.wrong_target", player=self.table.names[value])
        if kind == "named" and isinstance(value, str):
            return t("learn.wrong_named", named=card_name(value))
        if kind == "named" and isinstance(value, int):
            return t("learn.wrong_named", named=str(value))
        if kind == "keep" and isinstance(value, str):
            return t("learn.wrong_keep", card=card_name(value))
        return ""

    def turn_done(self, seat: int, since: int) -> None:
        """After the person's move, a step with ``done`` words shows the table as the move left it (the learner's
        own marks, such as the Handmaid's ◆, last only until their next turn: this is where they are seen)."""
        self.tell_news(seat)
        step, self.done = self.done, None
        if step is None or not has(f"{step.key}.done"):
            return
        self.note = self.panel(t(f"{step.key}.done"))
        self.acknowledge(self.model(PERSON, new_from=since), t("learn.next"), t("learn.hint"), keys=HELP)
        self.surface.screen.wipe()
        self.note = None

    def computer_thinking(self, seat: int, *, hint: str | None = None) -> None:
        """Nothing: a lesson's computer players follow its script at once (a note would only tell of a busy
        machine, in words about saved games that a lesson does not keep)."""

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        self.tell_news(PERSON)
        taken, self.bot.taken = self.bot.taken, []
        said = [t(f"{s.key}.say") for s in taken if has(f"{s.key}.say")]
        if not said:
            self.note = None
            super().computer_moved(seat, action, since)
            return
        self.note = self.panel("\n".join(said))
        status = fmt("play.table.computer_moved", player=name_text(self.table.names[seat]))
        self.acknowledge(self.model(PERSON, new_from=since, status=status), t("learn.next"), t("learn.hint"), keys=HELP)
        self.surface.screen.wipe()

    def round_over(self) -> bool:
        self.tell_news(PERSON)
        script = self.script
        end = t(f"{script.lesson.rounds[script.round].key}.end")
        if script.last_round:
            self.finish(end)
            return False
        self.note = self.panel(end)
        going_on = super().round_over()
        self.note = None
        script.next_round()
        return going_on

    def game_over(self) -> bool:
        self.tell_news(PERSON)
        self.finish(t(f"{self.script.lesson.rounds[self.script.round].key}.end"))
        return False

    def finish(self, end: str) -> None:
        """The last round's result with the lesson's closing words, and the offer of the coach's review of the
        learner's moves; the lesson ends when the review is left, or at once if it is declined."""
        self.note = self.panel(end + "\n" + t(f"{self.lesson.key}.outro"), t("learn.ready"))
        banner = self.result_banner(PERSON, t("play.round.title", round=self.table.game.view(PERSON).round))
        model = self.model(PERSON, banner=banner, status=fmt("play.table.round_over"))
        choices: list[Choice[bool | str]] = [
            Choice(REVIEW, t("learn.review.open")),
            Choice(False, t("learn.review.skip")),
        ]
        while True:
            answer = self.surface.choose(
                board_body(model),
                t("learn.review.question"),
                choices,
                hint=t("learn.hint"),
                allow_help=True,
                extra={LOG_KEY: Nav.LOG},
            )
            if answer is Nav.HELP:
                self.show_reference()
                continue
            if answer is Nav.LOG:
                self.show_log(model)
                continue
            break
        self.surface.screen.wipe()
        self.note = None
        if answer == REVIEW:
            self.reviewed = True
            self.review_seat(PERSON)
        self.finished = True


def first_wrong(moves: Sequence[Action], answers: Sequence[tuple[str, Hashable]]) -> tuple[str, Hashable] | None:
    """The first of ``answers`` (question kind, answer) that no move of ``moves`` agrees with, given the answers
    before it; ``None`` while some move agrees with them all."""
    left = list(moves)
    for kind, value in answers:
        left = [m for m in left if keeps(kind, m, value)]
        if not left:
            return kind, value
    return None


def lesson_table(lesson: Lesson) -> tuple[Game, list[Seat], list[StackedDeal]]:
    """The lesson's game (its first round dealt), its seats and the deals of its later rounds."""
    first = lesson.rounds[0]
    game = Game(lesson.ruleset, lesson.players, deck=list(first.deck), first_player=first.first_player)
    seats = [Seat(name, None if i == PERSON else "lesson") for i, name in enumerate(lesson.seats)]
    deals = [StackedDeal(r.deck, r.first_player) for r in lesson.rounds[1:]]
    return game, seats, deals


def play_lesson(lesson: Lesson, surface: Surface, *, delay: float = 1.2) -> bool:
    """Play ``lesson`` on ``surface``; ``True`` if it was played to its end (``False``: the player left)."""
    script = Script(lesson)
    bot = ScriptedBot(script)
    game, seats, deals = lesson_table(lesson)
    tutor = Tutor(surface, script, bot, delay=delay)
    bots: dict[int, Bot] = {i: bot for i in range(lesson.players) if i != PERSON}
    # A lesson says what to play: the coach's hint (h) is offered only where a step asks for it (Tutor.decide).
    GameLoop(game, seats, tutor, bots=bots, deals=deals, hints=False).run()
    return tutor.finished
