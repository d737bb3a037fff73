"""``loveletter resume``: not built yet (see the open issues)."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from loveletter.cli import UsageError

    raise UsageError("`loveletter resume` is not available yet")
