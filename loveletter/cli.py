"""The ``loveletter`` command: argparse subcommands, one module each in ``loveletter/commands/``.

Only argparse and the message catalog (read from its cache) are imported to build the parser, and only the
command asked for is configured, so ``--help``, ``--version`` and a mistyped argument answer about as fast as the
interpreter starts (``benchmarks/startup.py``); a command imports what it needs (rich, prompt_toolkit, the engine)
when it runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from loveletter import __version__
from loveletter.errors import UsageError, UserError
from loveletter.i18n import LANGUAGES, detect_language, printable, ruleset_problem, set_language, t

TYPE_CHECKING = False  # typing itself is not imported: it costs a tenth of the start
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn, Protocol

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

#: Subcommand -> module in loveletter.commands; the order is the order of --help.
COMMANDS = (
    "play",
    "learn",
    "host",
    "solitaire",
    "rules",
    "rulesets",
    "simulate",
    "tournament",
    "bot",
    "resume",
    "replay",
    "review",
    "games",
)


if TYPE_CHECKING:

    class Command(Protocol):
        def configure(self, parser: argparse.ArgumentParser) -> None: ...
        def run(self, args: argparse.Namespace) -> int: ...


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, measuring the terminal without importing ``shutil`` (which pulls in the
    compression modules, a tenth of the start), with the same rules: ``$COLUMNS``, else the terminal, else 80."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


def _columns() -> int:
    import os

    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """Reports a bad argument as one line (what is wrong and where to look) instead of usage plus error, and lays
    out its help with :class:`_Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, t("cli.error", message=t("cli.see_help", message=message, prog=self.prog)) + "\n")


#: argparse's own texts (it passes them through gettext) -> their keys in the catalog (``cli.argparse.*``).
_ARGPARSE_TEXTS = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
    "argument %(argument_name)s: %(message)s": "argument",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "one of the arguments %s is required": "one_of",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "not allowed with argument %s": "not_allowed",
    "ignored explicit argument %r": "ignored",
    "unexpected option string: %s": "unexpected",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_parser",
}


def _argparse_gettext(message: str) -> str:
    key = _ARGPARSE_TEXTS.get(message)
    return t(f"cli.argparse.{key}") if key is not None else message


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return t("cli.argparse.expected_n_one" if n == 1 else "cli.argparse.expected_n")
    return singular if n == 1 else plural


def _translate_argparse() -> None:
    """Route argparse's headings, ``-h`` help and error messages through our catalog. argparse looks them up
    with the module-level ``_``/``ngettext`` it imported from gettext; our English texts are argparse's own, so
    other users of argparse in the process see no change."""
    setattr(argparse, "_", _argparse_gettext)  # noqa: B010 (the stubs do not declare these names)
    setattr(argparse, "ngettext", _argparse_ngettext)  # noqa: B010


def _peek_lang(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _command_in(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, as argparse will find it: the first argument that is not an option of the
    program itself (``--lang`` takes a value)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif arg == "--" or not arg.startswith("-"):
            return arg if arg != "--" else None
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The program's parser. Given the arguments it will parse, only the command they name is configured (its
    module imported, its options added); the others are listed by name and help line only."""
    _translate_argparse()
    parser = _Parser(prog="loveletter", description=t("cli.help.description"))
    parser.add_argument("--version", action="version", version=f"loveletter {__version__}", help=t("cli.help.version"))
    # --lang is read before parsing (the help texts depend on it); it is accepted before or after the command.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang"))
    subparsers = parser.add_subparsers(dest="command", metavar=t("cli.metavar.command"), parser_class=_Parser)
    chosen = None if argv is None else _command_in(argv)
    for name in COMMANDS:
        sub = subparsers.add_parser(name, help=t(f"cli.help.{name}"), description=t(f"cli.help.{name}"))
        if argv is not None and name != chosen:
            continue
        module: Command = importlib.import_module(f"loveletter.commands.{name}")
        sub.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang"))
        module.configure(sub)
        sub.set_defaults(run=module.run, command_parser=sub)
    return parser


def _usable_streams() -> None:
    """Standard streams every command can write to, whatever it was started with. A closed descriptor (``>&-``)
    gets the null device, so that no file the program opens later takes its number and receives its output; a
    text that the output's encoding cannot hold (``PYTHONIOENCODING=ascii``) is written with ``?`` in its place
    instead of raising."""
    import os

    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            stream = open(fd, "r" if fd == 0 else "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
    for out in (sys.stdout, sys.stderr):
        encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding not in ("utf8", "utf8sig") and hasattr(out, "reconfigure"):
            out.reconfigure(errors="replace")


def _reader_gone() -> int:
    """The reader of the output went away (``loveletter games | head -1``): stop quietly, with the status of a
    program a broken pipe ended (128 + SIGPIPE), as tools do. What is left in the buffer goes nowhere."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141


def main(argv: Sequence[str] | None = None) -> int:
    _usable_streams()
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(detect_language(_peek_lang(args_list)))
    parser = build_parser(args_list)
    args, extra = parser.parse_known_args(args_list)
    if extra:  # said by the command's parser, whose --help lists what the command takes
        where: argparse.ArgumentParser = getattr(args, "command_parser", parser)
        where.error(_argparse_gettext("unrecognized arguments: %s") % " ".join(extra))
    if args.command is None:
        parser.print_help()
        return 0
    from loveletter.engine.errors import EngineError
    from loveletter.tui import interrupts

    interrupts.install()  # a Ctrl-C is never lost (after the parser: its answers import nothing they need not)
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # here, not at exit: a reader gone away is then a broken pipe like any other
    except (UserError, EngineError) as exc:
        # One line, whatever the file or the name in it holds (control characters are shown escaped).
        print(t("cli.error", message=printable(_error_text(exc))), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(t("cli.interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_gone()
    except SystemExit as exc:
        if isinstance(exc.__context__, BrokenPipeError):  # rich's console ends so on a broken pipe, with status 1
            return _reader_gone()
        raise
    return code


def _error_text(exc: Exception) -> str:
    """The one-line message of ``exc`` in the player's language. The engine words its errors in English; a
    ruleset error carries a problem code and its details, worded here from the catalog as ``file: `key`: problem``
    (the key in backquotes: it is written in the file as it is, in any language)."""
    from loveletter.engine.errors import RulesetError

    if not isinstance(exc, RulesetError):
        return str(exc)
    if exc.code == "solitaire_kind":
        return t("cli.ruleset_solitaire", name=exc.source)
    if exc.code in ("unknown_ruleset", "empty_ruleset"):
        key = "cli.ruleset_unknown" if exc.code == "unknown_ruleset" else "cli.ruleset_empty"
        return t(key, name=exc.source, choices=exc.params["choices"])
    if exc.code == "file_not_found":
        return t("cli.ruleset_missing", path=exc.source)
    problem = ruleset_problem(exc.code, exc.params)
    if problem is None:
        return str(exc)  # raised without a code (or with one this version does not word): as the engine says it
    return f"{exc.source}: `{exc.key}`: {problem}" if exc.key else f"{exc.source}: {problem}"
