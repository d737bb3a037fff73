"""A game at this terminal: the front end the game loop drives, on a surface of frames, or of lines in
screen-reader mode (:mod:`loveletter.tui.surface`).

On frames, every screen wipes (screen and scrollback), draws the table fitted above the prompt, then asks at the
bottom; when the terminal is resized, the frame is drawn again to fit. As lines, each new event of the round is
said once, as the seat at the screen may know it, the table in labelled lines at each decision, and the same
questions as numbered options. A person's private view is only ever shown after their hand-off screen (or when
they are the only person at the table), and the screen is cleared as soon as their part of the turn is done.

No key crosses a screen (:class:`~loveletter.tui.prompts.KeyPolicy`): a hand-off screen and every new screen (a
decision's first question, a result to acknowledge, a warning) drop the keys typed before they were drawn and
ignore keys for a moment after, their prompt appearing once it takes keys; only the later questions of one
decision take keys typed ahead. A computer player's move is shown for a moment and takes no key; one that takes a
while to decide is said to be thinking meanwhile, with what Ctrl-C does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping, Sequence

from rich import box
from rich.align import Align
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.segment import Segment, Segments
from rich.text import Text

from loveletter.bots.counting import Perspective
from loveletter.coach.hint import Hint, hint_for, read_round
from loveletter.engine import Action, Ruleset, View
from loveletter.engine import events as ev
from loveletter.i18n import card_name, has, ruleset_title, t
from loveletter.records import GameRecord
from loveletter.records.names import normalize_name
from loveletter.table.autosave import record_seats
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.table.setup import check_name, default_name
from loveletter.tui import prompts
from loveletter.tui.board import LOG_KEY, Board, BoardModel, board_lines, log_lines
from loveletter.tui.choices import plan_for, risk
from loveletter.tui.coach import HINT_KEY, HintView, hint_keys, hint_lines
from loveletter.tui.howto import howto_lines, howto_pages
from loveletter.tui.log import Entry, NewsTeller, round_log
from loveletter.tui.plan import ActionPlan, Option, Step
from loveletter.tui.prompts import TYPE_AHEAD, Choice, Cursor, KeyPolicy, Nav
from loveletter.tui.reference import reference_lines, reference_pages
from loveletter.tui.review import review_on
from loveletter.tui.style import NBSP, fmt, keep_together, name_text, tokens_text, wrap_words
from loveletter.tui.summary import Summary, rounds
from loveletter.tui.surface import Body, Surface

__all__ = ["LOG_KEY", "REVIEW", "SideKey", "TerminalFrontend", "board_body", "decision_keys", "renumbered"]

#: The answer of the game's end that asks for a review of the game.
REVIEW = "review"
#: The keys of the whole log's pages: a way to scroll (see :meth:`TerminalFrontend.show_log`), or back (False).
SCROLL: dict[str, object] = {
    **{key: key for key in ("up", "down", "pageup", "pagedown", "home", "end")},
    **dict.fromkeys(("escape", "q", LOG_KEY), False),
}


@dataclasses.dataclass(frozen=True, eq=False)
class SideKey:
    """A key a decision takes besides its options: ``words`` for the keys' line, ``act(seat)`` what it does."""

    words: str
    act: Callable[[int], None]


class TerminalFrontend:
    """Shows the table and asks the players on ``surface`` (see the module docstring). ``delay`` is the pause
    after a computer player's move (0: none; it takes no key)."""

    #: The keys line at a round's end, where q stops what is being played.
    round_hint = "play.round.hint"

    def __init__(self, surface: Surface, *, delay: float = 1.2) -> None:
        self.surface = surface
        self.delay = delay
        #: Whether the game's end offers another game with the same seats and rules (not when it ends a session).
        self.play_again = True
        #: More keys a player's decision takes, each with its words in the keys' line and what it does before the
        #: question comes back (a host's ``c`` shows the join code).
        self.side_keys: dict[str, SideKey] = {}
        #: A lasting line every table screen shows while it gives one (``None``: none), such as the autosave's
        #: :meth:`~loveletter.table.autosave.Autosave.notice` while saving fails.
        self.notice: Callable[[], str | None] | None = None
        self._table: GameLoop | None = None
        #: What the lines have told of the round, to each viewer.
        self.news = NewsTeller()

    @property
    def table(self) -> GameLoop:
        assert self._table is not None, "start() first"
        return self._table

    # ------------------------------------------------------------------------------------------ screens

    def draw_board(self, model: BoardModel, reserve: int) -> None:
        self.surface.draw(board_body(model), reserve)

    def tell_news(self, viewer: int | None) -> None:
        """Say each event of the round that ``viewer`` may know and was not told yet (lines; a frame shows them)."""
        self.surface.say(*self.news.untold(self.table, viewer))

    def tell_result(self, viewer: int | None) -> None:
        """Say the round's last events ``viewer`` may know, then who won the game (a frame shows the table)."""
        self.tell_news(viewer)
        winners = ", ".join(self.table.names[w] for w in self.table.game.winners)
        self.surface.say(t("play.reader.game_won", players=winners))

    def tell_board(self, seat: int) -> None:
        """Say the table as ``seat`` sees it, in labelled lines (a frame draws it)."""
        self.surface.say(*board_lines(self.table.view(seat), self.table.names))

    def model(
        self,
        seat: int | None,
        *,
        new_from: int | None = None,
        banner: RenderableType | None = None,
        status: Text | None = None,
        log_key: str | None = LOG_KEY,
    ) -> BoardModel:
        table = self.table
        return BoardModel(
            view=table.view(seat),
            names=table.names,
            viewer=seat,
            log=round_log(table, seat),
            new_from=new_from,
            computers=table.unnamed_computers,
            banner=banner,
            status=status,
            log_key=log_key,
            notice=self.notice() if self.notice is not None else None,
        )

    # ------------------------------------------------------------------------------------ before the game

    def name_seats(self, ruleset: Ruleset, seats: Sequence[Seat]) -> list[Seat]:
        """Ask the names of the people whose name is still empty (the game's setup screen); the seats named."""
        people = [i for i, s in enumerate(seats) if not s.computer]
        if all(s.name for s in seats):
            return list(seats)
        asked = self.ask_names(
            self.setup_title(ruleset, len(seats)),
            [s.name or None for s in seats],
            [default_name(people.index(i) + 1) if i in people else s.name for i, s in enumerate(seats)],
            people=len(people),
        )
        return [dataclasses.replace(s, name=name) for name, s in zip(asked, seats, strict=True)]

    def setup_title(self, ruleset: Ruleset, players: int) -> str:
        return t("play.setup.title", title=ruleset_title(ruleset), players=players)

    def ask_names(
        self,
        title: str,
        defaults: Sequence[str | None],
        prompts_for: Sequence[str],
        *,
        people: int = 2,
        intro: Text | None = None,
    ) -> list[str]:
        """Ask the names that are ``None`` in ``defaults`` (``prompts_for[i]`` is the suggested name). With
        ``people`` at the table, the screen says how the computer is passed between them (if it is), unless
        ``intro`` says something else (a hosted game). Lines say the title once, then ask."""
        if intro is None:
            intro = fmt("play.setup.intro" if people > 1 else "play.setup.intro_alone")
        self.surface.say(title)
        names = list(defaults)
        for index, given in enumerate(defaults):
            if given is not None:
                continue
            seated = [n for n in names if n is not None]
            body = Panel(Text.assemble((title, "bold"), "\n\n", intro), box=box.ROUNDED, padding=(1, 2))
            self.surface.draw(body, 3)
            suggestion = prompts_for[index]
            names[index] = normalize_name(
                self.surface.ask_text(
                    t("play.setup.ask_name", number=index + 1, default=suggestion),
                    default=suggestion,
                    check=lambda text, seated=seated: check_name(text, seated),  # type: ignore[misc]
                )
            )
        return [n for n in names if n is not None]

    def ask_first_player(self, names: Sequence[str], choices: Sequence[int], *, title: str | None = None) -> int:
        """Ask, publicly, who starts the round among ``choices``. Before the first round (``title``: the setup
        screen's), over a panel that says why; later, over the public table at the last round's end."""
        question = t("play.first.ask")
        options = [Choice(seat, names[seat]) for seat in choices]
        hint = t("play.first.hint")
        body: Body
        if title is not None:
            intro = fmt("play.first.intro")
            body = Panel(Text.assemble((title, "bold"), "\n\n", intro), box=box.ROUNDED, padding=(1, 2))
        else:
            banner = self.result_banner(None, t("play.round.title", round=self.table.game.view(0).round))
            body = board_body(self.model(None, banner=banner, status=fmt("play.table.round_over")))
        answer = self.surface.choose(body, question, options, hint=hint)
        self.surface.screen.wipe()
        assert isinstance(answer, int)
        return answer

    # ------------------------------------------------------------------------------------------- frontend

    def start(self, table: GameLoop) -> None:
        self._table = table
        self.news.forget()

    def hand_off(self, seat: int) -> None:
        table = self.table
        name = table.names[seat]
        public = table.view(None)
        # A name and its tokens never part at a line's end ("Bot" / "3"): the lines are broken here, only at
        # plain spaces (rich would also break at the non-breaking ones).
        standings = Text("   ").join(
            Text.assemble(name_text(keep_together(table.names[sv.seat])), NBSP, tokens_text(sv.tokens, public.goal))
            for sv in public.seats
        )
        parts = [
            Text(fmt("play.handoff.pass", player=keep_together(name)).plain, style="bold"),
            fmt("play.handoff.only", player=name_text(keep_together(name))),
            standings,
        ]

        def body(height: int) -> RenderableType:
            width = min(self.surface.width(), 72)
            inner = max(width - 10, 1)  # the double frame and the padding
            lines = [Text("\n").join(wrap_words(part, inner)) for part in parts]
            text = Text("\n\n").join(lines)
            text.justify = "center"
            return Align.center(
                Panel(Align.center(text), box=box.DOUBLE, padding=(1, 4), width=width),
                vertical="middle",
                height=max(height, 1),
            )

        surface = self.surface
        surface.clear()
        surface.say(t("play.reader.pass", player=name))
        # Knocked out, they hold no cards: they are handed the laptop for what only they saw (the round's end).
        prompt = "play.handoff.prompt" if table.view(seat).hand else "play.handoff.prompt_news"
        surface.press(body, t(prompt, player=name), t("play.hint.quit"), guard=surface.guards.handoff)
        surface.screen.wipe()

    def decide(self, seat: int) -> Action:
        table = self.table
        surface = self.surface
        self.tell_news(seat)
        self.tell_board(seat)
        view = table.view(seat)
        plan = plan_for(view)
        new_from = table.seen.get(seat, table.round_start())
        model = self.model(seat, new_from=new_from)
        # The first question is a new screen; the next ones of the same decision take keys typed ahead, until
        # something else (the card reference, the log, a warning) has been on the screen in between.
        guard: KeyPolicy | None = None
        # The coach's hint, worked out the first time it is asked for, then shown in place of the table (h again:
        # the table) until the decision is made.
        hint: Hint | None = None
        showing = False
        numbers: dict[Hashable, str] = {}
        # Where the selection was: a question asked again (after the hint, the log, ?) starts there.
        cursor, at = Cursor(), plan.asked
        while True:
            step = plan.step()
            if plan.asked != at:
                cursor, at = Cursor(), plan.asked
            if step is None:
                action = plan.action()
                warning = risk(action, view)
                if warning is None or self.confirm(model, warning):
                    surface.screen.wipe()
                    return action
                plan.back()
                guard, cursor = None, Cursor()  # not back on the move just turned down
                continue
            title = self.question(step, plan, view)
            choices = self.choices(step, view)
            # A player keeps the number the target question gave them in the questions after it (the Cardinal's
            # second player, whose new hand to look at): a number never changes its meaning within a decision.
            if step.kind == "target":
                numbers = {c.value: key for c, key in zip(choices, prompts.option_keys(choices), strict=True)}
            elif step.kind in ("second", "look"):
                choices = renumbered(choices, numbers)
            extra: dict[str, object] = {LOG_KEY: Nav.LOG, **self.side_keys}
            body = board_body(model)
            coach = None
            if table.hints:
                extra[HINT_KEY] = Nav.HINT
                coach = hint_keys(choices, showing=showing)
                if showing and hint is not None:
                    body = hint_body(view, table.names, hint, plan.candidates)
            keys = decision_keys(back=plan.asked > 0, coach=coach, side=[s.words for s in self.side_keys.values()])
            answer = surface.choose(
                body,
                title,
                choices,
                hint=keys,
                guard=guard,
                default=_default(step, view, next((v for k, v in plan.answers if k == "target"), None)),
                allow_back=plan.asked > 0,
                allow_help=True,
                extra=extra,
                cursor=cursor,
            )
            guard = TYPE_AHEAD
            if answer is Nav.BACK:
                plan.back()
            elif answer is Nav.HELP:
                self.show_reference()
                guard = None
            elif answer is Nav.LOG:
                self.show_log(model)
                guard = None
            elif answer is Nav.HINT:
                showing = not showing
                if showing and hint is None:
                    hint = self.work_out_hint(view)
                guard = None
            elif isinstance(answer, SideKey):
                answer.act(seat)
                guard = None
            else:
                plan.answer(answer)
                if not self.answered(seat, plan):
                    plan.back()
                    guard, cursor = None, Cursor()  # a corrected answer is not offered again

    def answered(self, seat: int, plan: ActionPlan[Action]) -> bool:
        """Called after each answer of a decision; ``False`` takes the answer back and asks again (a lesson
        corrects a wrong card, target or guess as soon as it is chosen). Here every legal answer stands."""
        return True

    def work_out_hint(self, view: View) -> Hint:
        """The coach's hint for ``view``'s seat: on a frame, the opponents' likely cards show at once, with a line
        saying that the moves are being weighed on that reading of the round; as lines, the hint is said whole."""
        names = self.table.names
        reading = read_round(view)
        waiting = Hint.odds(reading)
        self.surface.draw(lambda height: HintView(view, names, waiting, weighing=True, height=height), 1)
        hint = hint_for(view, reading=reading)
        self.surface.say(*hint_lines(view, names, hint))
        return hint

    def confirm(self, model: BoardModel, key: str) -> bool:
        choices = [
            Choice(False, t("play.confirm.no"), key=t("play.confirm.no_key")),
            Choice(True, t("play.confirm.yes"), key=t("play.confirm.yes_key")),
        ]
        answer = self.surface.choose(board_body(model), t(key), choices, hint=t("play.hint.confirm"), allow_back=True)
        return answer is True

    def turn_done(self, seat: int, since: int) -> None:
        self.tell_news(seat)
        table = self.table
        if not table.hot_seat:
            return
        # The Bishop's target decides on someone else's turn: their decision is done, not their turn.
        bishop = any(isinstance(e, ev.RedrawDecided) and e.seat == seat for e in table.game.log[since:])
        message = t("play.done.prompt_decision" if bishop else "play.done.prompt")
        self.acknowledge(
            self.model(seat, new_from=since), message, t("play.done.hint"), spoken=t("play.reader.turn_done")
        )
        self.surface.clear()

    def private_news(self, seat: int, since: int) -> None:
        self.tell_news(seat)
        model = self.model(seat, new_from=since, status=fmt("play.table.round_over"))
        self.acknowledge(model, t("play.news.prompt"), t("play.news.hint"), spoken=t("play.reader.turn_done"))
        self.surface.clear()

    def computer_thinking(self, seat: int, *, hint: str | None = None) -> None:
        """The table as the screen may show it, with a line that says the computer player at ``seat`` is thinking
        and what Ctrl-C does (``hint``: other words under it); as lines, the news so far, then that said once. It
        stays until the move is shown. Called from a timer's thread while the loop waits for the move
        (:mod:`loveletter.table.thinking`), when nothing else draws."""
        table = self.table
        viewer = table.screen_seat()
        self.tell_news(viewer)
        name = table.names[seat]
        model = self.model(viewer, log_key=None)  # no key is read meanwhile
        message = t("play.thinking.message", player=name)
        self.surface.show(board_body(model), message, t("play.thinking.hint") if hint is None else hint, spoken=False)
        self.surface.say(t("play.reader.thinking", player=name))

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        self.tell_news(self.table.screen_seat())
        if self.delay <= 0:
            return
        table = self.table
        status = fmt("play.table.computer_moved", player=name_text(table.names[seat]))
        model = self.model(table.screen_seat(), new_from=since, status=status, log_key=None)
        # No hand-off can follow with at most one person at this screen: a key may end the pause safely.
        skip = not table.hot_seat
        hint = t("play.pause.skip") if skip else ""
        message = t("play.pause.message", player=table.names[seat])
        self.surface.pause(board_body(model), message, self.delay, hint, skip=skip)

    def first_player(self, choices: Sequence[int]) -> int | None:
        table = self.table
        if not table.people:
            return None  # a show of computer players: the game loop draws one
        return self.ask_first_player(table.names, choices)

    def round_over(self) -> bool:
        table = self.table
        viewer = table.screen_seat()
        self.tell_news(viewer)
        banner = self.result_banner(viewer, t("play.round.title", round=table.game.view(0).round))
        model = self.model(viewer, banner=banner, status=fmt("play.table.round_over"))
        if not table.people:
            self.surface.pause(board_body(model), t("play.round.next_show"), self.delay * 3)
            return True
        answer = self.acknowledge(model, t("play.round.next"), t(self.round_hint), keys={"q": False, "?": Nav.HELP})
        self.surface.screen.wipe()
        return answer is True

    def game_over(self) -> bool:
        """The last round's end, then the game's summary, round by round; ``True`` if the players want another
        game with the same seats and rules. Lines say the winners and each round's result, then ask."""
        table = self.table
        game = table.game
        surface = self.surface
        viewer = table.screen_seat()
        self.tell_result(viewer)
        for line in rounds(game.log, game.players):
            won = ", ".join(table.names[w] for w in line.winners) or "-"
            tokens = ", ".join(f"{table.names[i]} {n}" for i, n in enumerate(line.tokens))
            surface.say(t("play.reader.summary_round", round=line.number, players=won, tokens=tokens))
        # Keys for a frame's options (y, n, r); lines number them.
        keyed = surface.draws
        if keyed:  # the last round's end first, on its own screen (lines said it as it came)
            banner = self.result_banner(viewer, t("play.game.title"))
            model = self.model(viewer, banner=banner, status=fmt("play.table.game_over"))
            self.acknowledge(model, t("summary.next"), t("play.game.next_hint"))
        goal = game.ruleset.tokens_to_win(game.players)
        choices: list[Choice[bool | str]] = [
            Choice(True, t("summary.yes"), key=t("summary.yes_key") if keyed else None),
            Choice(False, t("summary.no"), key=t("summary.no_key") if keyed else None),
        ]
        summary = Summary(game.log, table.names, game.winners, goal, 0)

        def body(height: int) -> RenderableType:
            summary.height = height
            return summary

        # Every game ends with the offer of a review of a person's decisions (the game is over: nothing is secret).
        review = t("coach.review.offer_key")
        offer: list[Choice[bool | str]] = (
            [Choice(REVIEW, t("coach.review.offer"), key=review if keyed else None)] if table.people else []
        )
        # The thanks come last: with the summary and the offers, never before them.
        thanks = t("play.game.hint")
        while True:
            if not self.play_again:
                hint = thanks + (" · " + t("coach.review.offer_hint", key=review) if offer else "")
                answer = surface.press(body, t("play.game.leave"), hint, keys={review: REVIEW} if offer else None)
            else:
                hint = t("summary.hint") + (" · " + t("coach.review.offer_hint", key=review) if offer else "")
                hint += " · " + thanks
                picked = surface.choose(body, t("summary.again"), choices + offer, hint=hint)
                answer = picked
            if answer != REVIEW:
                break
            self.review_game(body)
        if self.play_again:
            surface.say(thanks)
        surface.screen.wipe()
        return answer is True and self.play_again

    def review_game(self, summary: Body) -> None:
        """The review of the game just over: of its one person's decisions, or (over the ``summary``) of the person
        the players choose."""
        table = self.table
        people = table.local_people or table.people
        seat = people[0]
        if len(people) > 1:
            answer = self.surface.choose(summary, t("coach.review.whose"), [Choice(p, table.names[p]) for p in people])
            assert isinstance(answer, int)
            seat = answer
        self.review_seat(seat)

    def review_seat(self, seat: int) -> None:
        """The review of ``seat``'s decisions in the game just over, on this surface."""
        table = self.table
        record = GameRecord.start(table.game, record_seats(table.seats), None, hints=table.hints)
        review_on(self.surface, record, seat, t("coach.review.this_game"))  # not saved under a name of its own

    # ------------------------------------------------------------------------------------------- pieces

    def acknowledge(
        self,
        model: BoardModel,
        message: str,
        hint: str,
        *,
        keys: Mapping[str, object] | None = None,
        spoken: str | None = None,
    ) -> object:
        """The table of ``model`` above ``message``, until Enter (``True``) or one of ``keys`` (its value);
        ``l`` shows the round's whole log and ``Nav.HELP`` (when a key gives it) the card reference, then the
        same screen again. ``spoken``: what lines say instead of ``message``."""
        every = {LOG_KEY: Nav.LOG, **(keys or {})}
        while True:
            answer = self.surface.press(board_body(model), message, hint, keys=every, spoken=spoken)
            if answer is Nav.LOG:
                self.show_log(model)
            elif answer is Nav.HELP:
                self.show_reference()
            else:
                return answer

    def show_log(self, model: BoardModel) -> None:
        """The round's whole log as ``model``'s viewer may see it. On a frame (new lines marked), a screenful at a
        time from the newest; arrows, Page Up/Down, Home and End scroll; Enter, Escape, q or l go back. As lines,
        said whole."""
        surface = self.surface
        title = t("play.whole_log.title", round=model.view.round)
        if not surface.draws:
            surface.say(title, *(entry.text.plain for entry in model.log))
            return
        hint = t("play.whole_log.hint")
        state = {"top": 10**9}  # from the end: the newest lines
        guard: KeyPolicy | None = None  # the first page is a new screen; scrolling takes keys typed ahead
        while True:
            width = surface.width()
            lines = log_lines(surface.console, model, width, 10**6)[0]
            reserve = prompts.press_height(t("play.whole_log.position", first=0, last=0, total=0), width, hint)
            page = max(surface.rows() - reserve - 1, 1)
            top = state["top"] = min(max(state["top"], 0), max(len(lines) - page, 0))
            shown = lines[top : top + page]
            position = t("play.whole_log.position", first=top + 1, last=top + len(shown), total=len(lines))
            body = Group(Text(title, style="bold"), Segments([s for line in shown for s in (*line, Segment.line())]))
            answer = surface.press(body, position, hint, keys=SCROLL, guard=guard)
            guard = TYPE_AHEAD
            steps = {"up": -1, "down": 1, "pageup": -page, "pagedown": page, "home": -len(lines), "end": len(lines)}
            if not isinstance(answer, str) or answer not in steps:
                return
            state["top"] = top + steps[answer]

    def result_banner(self, viewer: int | None, title: str) -> Panel:
        """The end of the round: the move that ended it, the hands shown, the tokens, the game's result."""
        entries = round_log(self.table, viewer)
        log = self.table.game.log
        last_play = max((e.index for e in entries if isinstance(log[e.index], ev.Played)), default=0)
        shown: list[Entry[Text]] = [e for e in entries if e.index >= last_play]
        body = Text("\n").join(e.text for e in shown) if shown else Text("")
        return Panel(body, title=title, title_align="left", box=box.HEAVY, padding=(0, 1))

    def show_reference(self) -> None:
        """The cards of the game in play, then how a game goes: page by page on a frame, said whole as lines."""
        game = self.table.game
        surface = self.surface
        if not surface.draws:
            surface.say(
                ruleset_title(game.ruleset), *reference_lines(game.ruleset, game.players), *howto_lines(game.ruleset)
            )
            return
        height = max(surface.rows() - 3, 4)
        pages = [*reference_pages(surface.console, game.ruleset, game.players, height)]
        pages += howto_pages(surface.console, game.ruleset, height)
        for number, page in enumerate(pages, 1):
            title = Text(ruleset_title(game.ruleset), style="bold")
            last = number == len(pages)
            message = t("play.reference.back") if last else t("play.reference.more", page=number, pages=len(pages))
            keys = {"escape": False, "q": False}
            guard = None if number == 1 else TYPE_AHEAD  # a new screen, then pages turned at the reader's pace
            if surface.press(Group(title, page), message, t("play.reference.hint"), keys=keys, guard=guard) is False:
                break

    def question(self, step: Step, plan: ActionPlan[Action], view: View) -> str:
        """The question of ``step``, after what was answered so far (``Guard › Bea › Name a card``)."""
        ruleset = view.ruleset
        effect = ruleset.cards[step.card].effect if step.card is not None and step.card in ruleset.cards else ""
        kind = step.kind
        key = f"play.ask.{kind}"
        if has(f"{key}_{effect}"):
            key = f"{key}_{effect}"
        if kind == "named" and step.numeric:
            key = "play.ask.named_number"
        values: dict[str, object] = {"card": card_name(step.card) if step.card else ""}
        if kind == "redraw":
            values["player"] = self.table.names[view.current]
        crumbs = [self.label(k, v, view) for k, v in plan.answers if v is not None and k != "action"]
        return " › ".join([*crumbs, t(key, **values)])

    def label(self, kind: str, value: Hashable, view: View) -> str:
        names = self.table.names
        ruleset = view.ruleset
        if kind in ("card", "keep"):
            assert isinstance(value, str)
            return t("play.choice.card", card=card_name(value), value=ruleset.cards[value].value)
        if kind in ("target", "second", "look"):
            if value is None:
                return t("play.choice.nobody_else" if kind == "second" else "play.choice.no_look")
            assert isinstance(value, int)
            if kind == "look":
                return t("play.choice.look", player=names[value])
            return names[value] + (" " + t("play.table.you") if value == view.seat else "")
        if kind == "named":
            if isinstance(value, int):
                cards = [card_name(c.id) for c in view.mode.cards if c.value == value]
                return " / ".join(cards) if cards else str(value)
            assert isinstance(value, str)
            return card_name(value)
        if kind == "order":
            assert isinstance(value, tuple)
            if len(value) == 1:
                return card_name(value[0])
            return t(
                "play.choice.order",
                cards=", ".join(card_name(c) for c in value[:-1]),
                last=card_name(value[-1]),
            )
        if kind == "redraw":
            return t("play.choice.redraw" if value else "play.choice.keep_card")
        return str(value)

    def choices(self, step: Step, view: View) -> list[Choice[Hashable]]:
        keys = _step_keys(step, view.ruleset)
        return [
            Choice(
                option.value,
                self.label(step.kind, option.value, view),
                key=key,
                enabled=option.enabled,
                note=_note(option, step),
            )
            for option, key in zip(step.options, keys, strict=True)
        ]


def decision_keys(*, back: bool, coach: str | None = None, side: Sequence[str] = ()) -> str:
    """The line of keys under a decision's questions, the most needed first (at 80 columns the prompt keeps it to
    one line, leaving out from the last what does not fit): moving and picking, Esc back (``back``), the coach's
    hint (``coach``: its words), the keys a table adds (``side``), then the log, the cards and quitting."""
    parts = [t("play.hint.choose"), *([t("play.hint.back")] if back else []), *([coach] if coach else []), *side]
    return prompts.KEYS_SEP.join([*parts, t("play.hint.more")])


def renumbered(choices: Sequence[Choice[Hashable]], numbers: Mapping[Hashable, str]) -> list[Choice[Hashable]]:
    """``choices`` with the keys ``numbers`` gave their values before; the others (``nobody else``) take the
    first digits left free."""
    taken = {numbers[c.value] for c in choices if c.value in numbers}
    free = iter(k for k in prompts.default_keys(10) if k not in taken)
    return [dataclasses.replace(c, key=numbers[c.value] if c.value in numbers else next(free, "")) for c in choices]


def _note(option: Option, step: Step) -> str:
    if not option.note:
        return ""
    return t(option.note, card=card_name(step.card) if step.card else "")


def _step_keys(step: Step, ruleset: Ruleset) -> list[str | None]:
    """Keys for the options: numbers as themselves; named cards by value when values tell them apart; else by
    position (``None``: :func:`prompts.default_keys`)."""
    values = [o.value for o in step.options]
    if step.kind == "named":
        if step.numeric and all(isinstance(v, int) and 0 <= v <= 9 for v in values):
            return [str(v) for v in values]
        printed = [ruleset.cards[v].value if isinstance(v, str) and v in ruleset.cards else -1 for v in values]
        if len(set(printed)) == len(printed) and all(0 <= p <= 9 for p in printed):
            return [str(p) for p in printed]
    return [None] * len(values)


def hint_body(view: View, names: Sequence[str], hint: Hint, candidates: Sequence[Action]) -> Body:
    """The coach's hint in place of the table, the moves narrowed to those still open (``candidates``)."""
    return lambda height: HintView(view, names, hint, candidates=set(candidates), height=height)


def board_body(model: BoardModel) -> Body:
    """The table of ``model``, fitted to the lines a frame gives it."""
    return lambda height: Board(model, height=height)


def _default(step: Step, view: View, target: Hashable = None) -> int:
    """Where a question's selection starts: on the first option that can be picked, but for a target, on
    another player than oneself (Enter on a Prince must not discard one's own hand), and for a card or number to
    name, on the one the ``target`` most likely holds (never on one it cannot hold while another can hit)."""
    enabled = [i for i, option in enumerate(step.options) if option.enabled]
    if step.kind == "target":
        others = [i for i in enabled if step.options[i].value != view.seat]
        if others:
            return others[0]
    if step.kind == "named" and isinstance(target, int) and enabled:
        # The chances as the computer players count them, from what this view cannot place; the first listed wins
        # a tie.
        counting = Perspective.of_view(view)

        def chance(index: int) -> float:
            named = step.options[index].value
            if isinstance(named, int):
                return counting.chance_value(target, named)
            return counting.chance(target, str(named))

        return max(enabled, key=lambda i: (chance(i), -i))
    return enabled[0] if enabled else 0
