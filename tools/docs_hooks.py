"""What the docs site takes from the repository as it is built, so that it cannot drift (mkdocs hooks: ``hooks:`` in
``mkdocs.yml``).

- The commands reference: the ``<!-- commands -->`` line of ``docs/reference/commands.md`` becomes every command
  of ``loveletter``, its usage, its arguments and options with their help, read from
  :func:`loveletter.cli.build_parser` in English. A command or an option added to the program is on the site at its
  next build, and one removed is gone; ``tests/test_docs.py`` checks that every command and option is there.
- The benchmark notes: the ``<!-- benchmarks/NOTES.md -->`` line of ``docs/explanation/measurements.md`` becomes
  ``benchmarks/NOTES.md`` as it is (its title aside), the file the benchmarks' authors keep beside the scripts.
- On every page, a Sphinx-style role naming an object of the package (``:class:`~loveletter.bots.beliefs.Model```,
  as the notes write them) becomes a link to it in the Python API, as :mod:`tools.docstring_roles` does for
  docstrings.
"""

from __future__ import annotations

import argparse
import re
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The line of ``docs/reference/commands.md`` that the commands replace.
MARKER = "<!-- commands -->"
PAGE = "reference/commands.md"
#: The line of ``docs/explanation/measurements.md`` that the benchmark notes replace.
NOTES_MARKER = "<!-- benchmarks/NOTES.md -->"
NOTES_PAGE = "explanation/measurements.md"
NOTES = ROOT / "benchmarks" / "NOTES.md"
#: A role naming an object of the package by its full path.
ROLE = re.compile(r":(?:class|mod|func|data|meth|attr|exc|obj|const):`(~?)(loveletter(?:\.\w+)*)`")
#: The width usage lines are wrapped at, as argparse wraps them on a terminal.
WIDTH = 100
#: Options every command takes, described once at the top of the page rather than under each command.
COMMON = frozenset({"-h", "--help", "--lang"})


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The commands ``parser`` offers, by name, in the order ``--help`` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _cell(text: str) -> str:
    """``text`` fit for a cell of a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|")


def _invocation(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    formatter = parser._get_formatter()
    return formatter._format_action_invocation(action)


def _help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    formatter = parser._get_formatter()
    return formatter._expand_help(action) if action.help else ""


def arguments_row(parser: argparse.ArgumentParser, action: argparse.Action) -> tuple[str, str]:
    """How ``action`` is written and what it does, as cells of the commands' tables."""
    return _cell(_invocation(parser, action)), _cell(_help(parser, action))


def arguments(parser: argparse.ArgumentParser, *, common: bool = False) -> list[tuple[str, str]]:
    """``parser``'s arguments and options as table cells (how it is written, what it does), in the order ``--help``
    lists them; those of :data:`COMMON` only when ``common``."""
    rows = []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        if not common and COMMON.intersection(action.option_strings):
            continue
        rows.append(arguments_row(parser, action))
    return rows


def usage(parser: argparse.ArgumentParser) -> str:
    """``parser``'s usage, wrapped as argparse wraps it, without its ``usage:`` heading."""
    parser.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=WIDTH)
    heading, _, text = parser.format_usage().partition(":")
    return textwrap.dedent(" " * (len(heading) + 1) + text.lstrip(" ")).strip()


def section(name: str, parser: argparse.ArgumentParser, level: int = 2) -> list[str]:
    """The Markdown of one command (and of its own commands, if it has any)."""
    lines = [f"{'#' * level} `{name}`", ""]
    if parser.description:
        lines += [parser.description[:1].upper() + parser.description[1:] + ".", ""]
    lines += ["```", usage(parser), "```", ""]
    rows = arguments(parser)
    if rows:
        lines += ["| Argument | What it does |", "| --- | --- |"]
        lines += [f"| `{written}` | {text} |" for written, text in rows]
        lines.append("")
    for sub, subparser in subcommands(parser).items():
        lines += section(f"{name} {sub}", subparser, level + 1)
    return lines


def markdown() -> str:
    """Every command of ``loveletter``, in English, as Markdown."""
    from loveletter.cli import build_parser
    from loveletter.i18n import language, set_language

    spoken = language()
    set_language("en")
    try:
        parser = build_parser()
        lines = ["## Options of every command", ""]
        lines += ["| Option | What it does |", "| --- | --- |"]
        lines += [f"| `{written}` | {text} |" for written, text in arguments(parser, common=True)]
        lines += ["", "Every command also takes `--lang` and `-h`/`--help` (its own help, in the language chosen).", ""]
        for name, subparser in subcommands(parser).items():
            lines += section(f"loveletter {name}", subparser)
    finally:
        set_language(spoken)
    return "\n".join(lines)


def notes() -> str:
    """``benchmarks/NOTES.md`` without its title (the page has its own)."""
    text = NOTES.read_text(encoding="utf-8")
    return text.split("\n", 1)[1] if text.startswith("# ") else text


def links(markdown_text: str) -> str:
    """``markdown_text`` with each role naming an object of the package written as a link to it."""

    def link(match: re.Match[str]) -> str:
        path = match[2]
        return f"[`{path.rsplit('.', 1)[-1] if match[1] else path}`][{path}]"

    return ROLE.sub(link, markdown_text)


def _insert(markdown_text: str, marker: str, page: str, text: str) -> str:
    if marker not in markdown_text:
        raise ValueError(f"{page} has lost its {marker} line")
    return markdown_text.replace(marker, text)


def on_page_markdown(markdown_text: str, page: Any, **kwargs: Any) -> str:
    """mkdocs: the commands and the notes in their pages, and the roles of every page as links."""
    if page.file.src_uri == PAGE:
        markdown_text = _insert(markdown_text, MARKER, PAGE, markdown())
    elif page.file.src_uri == NOTES_PAGE:
        markdown_text = _insert(markdown_text, NOTES_MARKER, NOTES_PAGE, notes())
    return links(markdown_text)
