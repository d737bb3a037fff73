"""The solitaire lesson on the terminal (``loveletter learn solitaire``): the real solitaire screens, on the
lesson's stacked deal, with the lesson's words over the board.

:class:`SolitaireTutor` is the solitaire app (:class:`~loveletter.tui.solitaire.app.SolitaireApp`) with a script:
an introduction; at each decision the step's words (what it teaches, then what to do) as the board's banner; a
wrong answer corrected as soon as it is given, at the part of the decision that went wrong (the turn, the card,
its target, the own card, the guess, the answer to "hand or agent?"), then asked again; the last words over the
won game. The coach's hint (``h``) works as in a game. A lesson is not saved and does not count in the streak.
"""

from __future__ import annotations

from pathlib import Path

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from loveletter.coach.solitaire_lesson import SolitaireLesson, Step, wrong_part
from loveletter.i18n import has, t
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire.actions import Action
from loveletter.solitaire.game import SolitaireGame
from loveletter.tui.plan import ActionPlan
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.board import Board, BoardModel
from loveletter.tui.solitaire.streak import Streak
from loveletter.tui.surface import Surface

KEY = "learn.solitaire"


class SolitaireTutor(SolitaireApp):
    """Plays ``lesson`` on ``surface`` (see the module docstring)."""

    CHOOSE_KEYS = ("solitaire.hint.choose", "learn.solitaire.keys")

    def __init__(self, lesson: SolitaireLesson, surface: Surface) -> None:
        super().__init__(surface, Streak())
        self.lesson = lesson
        #: The corrections shown, as (step id, part) pairs (for tests).
        self.corrections: list[tuple[str, str]] = []

    def run(self) -> bool:
        """The whole lesson; ``True`` once it is finished."""
        self.introduce()
        game = SolitaireGame(self.lesson.ruleset, layout=self.lesson.layout)
        self.start(game, None, None)
        self.play()
        self.conclude()
        return True

    # ------------------------------------------------------------------------- no saving, no streak

    def start(self, game: SolitaireGame, record: SolitaireRecord | None, path: Path | None) -> None:
        self.game = game
        self.seen = 0

    def save(self) -> None:
        """A lesson is not saved."""

    def add_to_streak(self) -> None:
        """A lesson does not count in the streak."""

    def streak_line(self) -> str:
        return t("learn.title", lesson=t(f"{KEY}.title"))

    # ------------------------------------------------------------------------------------- the words

    @property
    def step(self) -> Step | None:
        assert self.game is not None
        index = len(self.game.actions)
        return self.lesson.steps[index] if index < len(self.lesson.steps) else None

    def words(self, step: Step) -> Panel:
        assert step.key is not None
        # The instruction first: on a small terminal the panel gives way from the bottom.
        body = Text.assemble(("▶ " + t(f"{step.key}.do"), "bold"), "\n", (t(f"{step.key}.say"), ""))
        return self.panel(body)

    def panel(self, body: RenderableType, wrong: bool = False) -> Panel:
        key = "learn.title_wrong" if wrong else "learn.title"
        title = Text(f" {t(key, lesson=t(f'{KEY}.title'))} ", style="reverse bold")
        return Panel(body, title=title, title_align="left", box=box.HEAVY if wrong else box.ROUNDED, padding=(0, 1))

    def model(self, banner: RenderableType | None = None) -> BoardModel:
        step = self.step
        if banner is None and step is not None and step.asked and self.game is not None and not self.game.over:
            banner = self.words(step)
        return super().model(banner)

    def introduce(self) -> None:
        title = Text(t("learn.title", lesson=t(f"{KEY}.title")), style="bold reverse")
        self.surface.press(Group(title, Text(""), Text(t(f"{KEY}.intro"))), t("learn.begin"))

    def conclude(self) -> None:
        body = Group(self.banner(), self.panel(Text(t(f"{KEY}.outro"))))
        model = self.model(body)
        self.surface.press(lambda height: Board(model, height=height), t("learn.end"))
        self.surface.screen.wipe()

    # --------------------------------------------------------------------------------- corrections

    def answered(self, plan: ActionPlan[Action]) -> bool:
        step = self.step
        if step is None:
            return True
        part = wrong_part(step.action, plan.answers)
        if part is None:
            return True
        assert step.id is not None and step.key is not None
        self.corrections.append((step.id, part))
        specific = f"{step.key}.wrong_{part}"
        said = t(specific) if has(specific) else t("learn.wrong")
        body = Text.assemble(("▶ " + t(f"{step.key}.do"), "bold"), "\n", (said, ""))
        model = self.model(self.panel(body, wrong=True))
        self.surface.press(lambda height: Board(model, height=height), t("learn.again"))
        return False
