"""What ``loveletter tournament`` and ``loveletter bot`` show, for the catalog tests (:mod:`tests.i18n.screens`):
the tables, the chart, forfeits, SPRT verdicts, Ctrl-C, every one-line error."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import io
import json
import socket
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from loveletter.arena.results import RESULTS_FORMAT

Draw = Callable[[Console], None]
MISBEHAVING = Path(__file__).resolve().parent / "misbehaving.py"
WILD = Path(__file__).resolve().parent / "wild_bot.py"
TABLE_BOTS = Path(__file__).resolve().parent / "table_bots.py"


def command(*argv: str, home: Path | None = None) -> Draw:
    """:func:`tests.i18n.screens.command`, imported when used: that module builds its list of screens, ours
    among them, when it is imported."""
    from tests.i18n.screens import command as run

    return run(*argv, home=home)


def tournaments(console: Console) -> None:
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        misbehaving = where / "mb.py"  # a copy: the repository's own path may hold English words
        misbehaving.write_text(MISBEHAVING.read_text(encoding="utf-8"), encoding="utf-8")
        bots = [f"--player={misbehaving}:{name}" for name in ("Raises", "Illegal", "Loops")]
        runs = (
            ("--player", "easy", "--player", "random", *bots, "--deals", "1", "--move-time", "0.3", "--csv",
             str(where / "s.csv")),
            ("--player", "easy", "--player", "random", "--player", "random", "--format", "gauntlet", "--deals", "2"),
            ("--player", "easy", "--player", "random", "--sprt", "0,100", "--deals", "300"),
            ("--player", "random", "--player", "easy", "--sprt", "0,100", "--deals", "300"),
            ("--player", "random", "--player", "easy", "--sprt=-10,100", "--deals", "300"),  # H0 beyond 0 Elo
            ("--player", "random", "--player", "easy", "--sprt", "0,10", "--deals", "2", "--no-duplicate"),
            ("--player", "easy", *wild(where, "exit", "eager", "chatter", "restart"), "--deals", "1"),
        )  # fmt: skip
        for n, argv in enumerate(runs):
            command("tournament", *argv, "--seed", "1", "--results", str(where / f"{n}.jsonl"))(console)


def wild(where: Path, *modes: str) -> list[str]:
    """``--player`` options of the program that misbehaves in each way of ``modes`` (a copy of it in ``where``,
    the repository's own path may hold English words), named A, B, C..."""
    import shlex
    import sys

    copy = where / "w.py"
    copy.write_text(WILD.read_text(encoding="utf-8"), encoding="utf-8")
    options = []
    for letter, mode in zip("ABCDEFG", modes, strict=False):
        options += ["--player", f"{letter}=cmd:{shlex.quote(sys.executable)} {copy} {mode} {where}"]
    return options


def tournament_stopped(console: Console) -> None:
    """Ctrl-C after the first game."""
    from loveletter.arena import referee
    from loveletter.arena.results import Outcome
    from loveletter.arena.tournament import TableGame

    real = referee.play
    played: list[int] = []

    def play(spec: TableGame) -> Outcome:
        if played:
            raise KeyboardInterrupt
        played.append(spec.index)
        return real(spec)

    referee.play = play
    try:
        with tempfile.TemporaryDirectory() as folder:
            results = str(Path(folder) / "r.jsonl")
            command("tournament", "--player", "easy", "--player", "random", "--seed", "1", "--results", results)(
                console
            )
    finally:
        referee.play = real


def tournament_errors(console: Console) -> None:
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        # The bot file is copied into the temporary folder: the repository's own path may hold English words.
        misbehaving = str(where / "mb.py")
        Path(misbehaving).write_text(Path(MISBEHAVING).read_text(encoding="utf-8"), encoding="utf-8")
        two = ("--player", "easy", "--player", "random")
        (where / "x2.py").mkdir()
        (where / "x3.py").write_text("raise ValueError(1)\n", encoding="utf-8")
        (where / "r2.jsonl").write_text("", encoding="utf-8")
        (where / "r3.jsonl").write_text("{}\n", encoding="utf-8")
        nowhere = {"players": [{"name": "easy", "level": "easy"}, {"name": "B", "class": "Bot", "sha256": "0"}]}
        (where / "r5.jsonl").write_text(json.dumps({"format": RESULTS_FORMAT, "tournament": nowhere}) + "\n")
        (where / "p1").write_text("#!/bin/sh\n", encoding="utf-8")
        done = str(where / "r1.jsonl")
        quiet = Console(file=io.StringIO())
        command("tournament", *two, "--deals", "1", "--seed", "1", "--json", "--results", done)(quiet)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        for argv in (
            ("--player", "easy"),
            (*two, "--deals", "0"),
            (*two, "--move-time", "0"),
            (*two, "--players", "3", "--ruleset", "classic"),
            (*two, "--resume", done, "--results", done),
            (*two, "--address", "host:1"),
            ("--player", "easy", "--player", "genius"),
            ("--player", "easy", "--player", "hard:0"),
            ("--player", "easy", "--player", f"{misbehaving}:2x"),
            ("--player", "easy", "--player", "=random"),
            ("--player", "easy", "--player", str(where / "x1.py:Bot")),
            ("--player", "easy", "--player", str(where / "x2.py:Bot")),
            ("--player", "easy", "--player", str(where / "x3.py:Bot")),
            ("--player", "easy", "--player", f"{misbehaving}:Absent"),
            ("--player", "easy", "--player", f"{misbehaving}:NoChoose"),
            (*two, "--sprt", "5"),
            (*two, "--sprt", "0,5", "--alpha", "0.7"),
            (*two, "--player", "hard", "--sprt", "0,5"),
            (*two, "--results", str(where / "r2.jsonl")),
            (*two, "--results", str(where / "nowhere" / "r.jsonl")),
            (*two, "--resume", str(where / "r4.jsonl")),
            (*two, "--resume", str(where / "r3.jsonl")),
            ("--player", "easy", "--player", "hard", "--resume", done),
            (*two, "--deals", "1", "--seed", "1", "--resume", done, "--csv", str(where / "nowhere" / "s.csv")),
            (*two, "--bot-memory", "-1"),
            ("--player", "easy", "--player", str(where / "p1")),
            ("--player", "easy", "--player", "cmd:'unclosed"),
            ("--player", "easy", "--player", "cmd:false"),
            ("--resume", str(where / "r5.jsonl")),
        ):
            command("tournament", *argv)(console)
        without_ray(command("tournament", *two, "--backend", "ray"))(console)
        far = (*two, "--backend", "ray", "--address")
        with_ray(command("tournament", *far, f"127.0.0.1:{port}", "--results", str(where / "ray.jsonl")))(console)
        for failure in (TimeoutError(), socket.gaierror(-2, "Name or service not known")):
            with_ray(unreachable(command("tournament", *far, "far:6379"), failure))(console)
        command("bot", "new", "cautious", "--dir", folder)(console)
        command("bot", "new", "cautious", "--dir", folder)(console)
        command("bot", "new", "2fast", "--dir", folder)(console)
        command("bot", "new", "x4", "--dir", str(where / "nowhere"))(console)


def unreachable(draw: Draw, failure: OSError) -> Draw:
    """``draw`` where connecting to any address fails with ``failure`` (a time-out, an unknown host)."""

    def drawn(console: Console) -> None:
        real = socket.create_connection

        def create_connection(*args: object, **kwargs: object) -> socket.socket:
            raise failure

        socket.create_connection = create_connection
        try:
            draw(console)
        finally:
            socket.create_connection = real

    return drawn


def without_ray(draw: Draw) -> Draw:
    """``draw`` on a machine where Ray is not installed."""

    def drawn(console: Console) -> None:
        real = importlib.util.find_spec

        def find_spec(name: str, *args: object, **kwargs: object) -> object:
            return None if name == "ray" else real(name, *args, **kwargs)  # type: ignore[arg-type]

        importlib.util.find_spec = find_spec  # type: ignore[assignment]
        try:
            draw(console)
        finally:
            importlib.util.find_spec = real

    return drawn


def with_ray(draw: Draw) -> Draw:
    """``draw`` as on a machine where Ray is installed, whether or not it is here: the clusters these screens ask
    for cannot be reached, which the program finds out before it calls Ray, so a stand-in module is enough (and the
    screens never depend on the ray extra)."""

    def drawn(console: Console) -> None:
        stand_in = types.ModuleType("ray")
        stand_in.__spec__ = importlib.machinery.ModuleSpec("ray", None)
        real = sys.modules.get("ray")
        sys.modules["ray"] = stand_in
        try:
            draw(console)
        finally:
            if real is None:
                del sys.modules["ray"]
            else:
                sys.modules["ray"] = real

    return drawn


def own_bots(console: Console) -> None:
    """``play --level FILE.py:CLASS`` (and ``cmd:PROGRAM``) with bots that stop the game in each way, ``resume`` of
    such a game when the bot is gone or the record is not signed here, ``host`` and ``simulate`` refusing them."""
    import json
    import shlex

    from loveletter.arena.seated import close_all
    from loveletter.records.library import record_name

    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        home = where / "home"
        bots = where / "tb.py"  # a copy: the repository's own path may hold English words
        bots.write_text(TABLE_BOTS.read_text(encoding="utf-8"), encoding="utf-8")
        wild = where / "w.py"
        wild.write_text(WILD.read_text(encoding="utf-8"), encoding="utf-8")
        python = shlex.quote(sys.executable)
        quiet = where / "quiet.sh"  # greets, then closes its output and stays
        quiet.write_text('#!/bin/sh\nread l\necho \'{"type":"hello","protocol":1,"name":"q"}\'\nexec >&-\nsleep 30\n')
        quiet.chmod(0o755)
        computers = ("play", "--players", "2", "--bots", "2", "--seed", "5", "--pace", "0")
        try:
            for level, *more in (
                (f"{bots}:Crashes",),
                (f"cmd:{python} {wild} gibberish {where}",),  # the notation of a card is English
                (f"{bots}:Slow", "--move-time", "0.5"),
                (f"{bots}:Exits",),
                (str(quiet),),
                (f"cmd:{python} {wild} chatter {where}",),
                (f"cmd:{python} {wild} eager {where}",),
                (f"cmd:{python} {wild} restart {where}",),
            ):
                command(*computers, "--level", level, *more, home=home)(console)
            command("play", "--move-time", "0")(console)
            # Games whose bot is the file tb.py (the records' names do not follow the order they were played in).
            games = [
                game
                for game in sorted((home / "games").glob("*.json"))
                if any(
                    (seat.get("bot") or {}).get("path") == str(bots)
                    for seat in json.loads(game.read_text(encoding="utf-8"))["seats"]
                )
            ]
            gone, edited = games[0], games[1]
            command("resume", "--host", record_name(gone), home=home)(console)
            data = json.loads(edited.read_text(encoding="utf-8"))
            data["seats"][0]["bot"]["path"] = str(where / "elsewhere.py")
            edited.write_text(json.dumps(data), encoding="utf-8")
            command("resume", record_name(edited), home=home)(console)
            bots.unlink()
            command("resume", record_name(gone), home=home)(console)
            command("host", "--local", "0", "--bots", "1", "--level", "mine.py:Mine")(console)
            command("simulate", "--ruleset", "solitaire", "--seats", f"{wild}:Bot")(console)
        finally:
            close_all()


def screens() -> dict[str, Draw]:
    return {
        "tournament command": tournaments,
        "tournament stopped": tournament_stopped,
        "tournament errors": tournament_errors,
        "own bots at the table": own_bots,
    }
