"""``loveletter bot new NAME``: writes ``NAME.py``, a complete bot to start from (the docs' example), ready for
``loveletter tournament --player NAME.py:Name``."""

from __future__ import annotations

import argparse

from loveletter.i18n import t


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("new",), help=t("bot.help.action"))
    parser.add_argument("name", metavar=t("bot.metavar.name"), help=t("bot.help.name"))
    parser.add_argument("--dir", default=".", metavar=t("cli.metavar.folder"), help=t("bot.help.folder"))


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from loveletter.arena.userbots import bot_template, class_name
    from loveletter.errors import UsageError
    from loveletter.i18n import os_problem, printable, program

    name = args.name.removesuffix(".py")
    if not name.isidentifier() or not name.isascii():
        raise UsageError(t("bot.error.name", name=printable(args.name)))
    path = Path(args.dir).expanduser() / f"{name}.py"
    try:
        with open(path, "x", encoding="utf-8") as file:
            file.write(bot_template(name))
    except FileExistsError:
        raise UsageError(t("bot.error.exists", file=printable(str(path)))) from None
    except OSError as exc:
        problem = os_problem(exc.errno, exc.strerror)
        raise UsageError(t("bot.error.write", file=printable(str(path)), problem=problem)) from None
    command = f"{program()} tournament --player {path}:{class_name(name)} --player easy"
    print(t("bot.written", file=printable(str(path)), command=command))
    return 0
