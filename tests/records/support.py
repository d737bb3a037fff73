"""What the record command tests share: running ``loveletter`` in-process and the shape of a refused file."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.cli import main

#: Exit status of a command given a file it cannot use (as for any user error).
USER_ERROR = 2


def run(capsys: pytest.CaptureFixture[str], *args: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["--lang", lang, *args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, path: Path, what: str = "") -> None:
    """Refused as a user error: one line naming the file on stderr, nothing on stdout, no traceback."""
    assert code == USER_ERROR, (what, err)
    assert out == "" and len(err.splitlines()) == 1, (what, err)
    assert err.startswith(f"loveletter: error: {path}: ") and "Traceback" not in err, (what, err)
