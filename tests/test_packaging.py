"""A wheel that works on its own: ``uv build`` gives a wheel and an sdist; the wheel carries every data file of the
package (rulesets, catalogs, the bots' and the coach's data, the lessons) and the licence, and installed into a bare
virtual environment with nothing of this repository around it, the program runs: its help, a ruleset's card
reference, and a piped game of strong computer players."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "loveletter"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The wheel and the sdist ``uv build`` makes of this repository."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([uv, "build", "--out-dir", str(out), str(ROOT)], check=True, capture_output=True)
    (wheel,) = out.glob("loveletter-*.whl")
    (sdist,) = out.glob("loveletter-*.tar.gz")
    return wheel, sdist


def data_files() -> list[str]:
    """Every file of the package that is not Python source, as the wheel names it."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    )


def test_the_wheel_carries_every_data_file_and_the_licence(built: tuple[Path, Path]) -> None:
    names = set(zipfile.ZipFile(built[0]).namelist())
    data = data_files()
    assert {"loveletter/bots/searcher.json", "loveletter/coach/calibration.json", "loveletter/i18n/en/cli.toml"} <= set(
        data
    )
    missing = [name for name in data if name not in names]
    missing += [f"loveletter/rulesets/{p.name}" for p in (ROOT / "rulesets").glob("*.toml")]
    missing = [name for name in missing if name not in names]
    assert not missing, f"the wheel leaves out: {missing}"
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_the_sdist_carries_what_its_tests_and_docs_need(built: tuple[Path, Path]) -> None:
    with tarfile.open(built[1]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wanted = {"README.md", "LICENSE", "CITATION.cff", "pyproject.toml", "mkdocs.yml", "conftest.py", "docs/rules.md"}
    wanted |= {"docs/table.svg", "tools/table_svg.py", "rulesets/premium.toml", "tests/test_docs.py"}
    wanted |= {"benchmarks/NOTES.md", "examples/random_agent.py"}
    assert wanted <= names, sorted(wanted - names)


def install(wheel: Path, venv: Path) -> Path:
    """``wheel`` and its dependencies in a new bare environment at ``venv``; its ``bin`` folder."""
    uv = shutil.which("uv")
    assert uv is not None
    subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    # From uv's cache when it has every dependency (no network needed), else from the package index.
    offline = subprocess.run(
        [uv, "pip", "install", "--quiet", "--offline", "--python", str(python), str(wheel)],
        check=False, capture_output=True,
    )  # fmt: skip
    if offline.returncode != 0:
        subprocess.run([uv, "pip", "install", "--quiet", "--python", str(python), str(wheel)], check=True)
    return venv / "bin"


@pytest.mark.slow  # builds, installs, and plays a game of two searching computer players
def test_the_wheel_runs_in_a_bare_environment(built: tuple[Path, Path], tmp_path: Path) -> None:
    bin_ = install(built[0], tmp_path / "venv")
    work = tmp_path / "elsewhere"  # nothing of the repository where it runs
    work.mkdir()

    def run(*args: str) -> str:
        done = subprocess.run(
            [str(bin_ / "loveletter"), "--lang", "en", *args],
            check=False, stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=work, timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, (args, done.stderr)
        return done.stdout

    assert "usage: loveletter" in run("--help")
    premium = run("rules", "--ruleset", "premium")
    assert "Bishop" in premium and "Dowager Queen" in premium
    game = run("play", "--players", "2", "--bots", "2", "--level", "hard", "--seed", "3")
    assert "wins the game" in game and game.rstrip().endswith(".")
    assert "Spy" in run("rules")  # and the default ruleset
    probe = (
        "import loveletter, loveletter.bots.beliefs\n"
        "from loveletter.coach.calibration import curves\n"
        "from loveletter.coach.lesson import load_lesson\n"
        "from loveletter.coach.solitaire_lesson import load_solitaire_lesson\n"
        "assert curves() and load_lesson('basic') and load_lesson('premium') and load_solitaire_lesson()\n"
        "print(loveletter.__file__)\n"
    )
    where = subprocess.run(
        [str(bin_ / "python"), "-c", probe], capture_output=True, text=True, check=True, cwd=work
    ).stdout.strip()
    assert Path(where).is_relative_to(tmp_path / "venv"), where  # the installed package, not this repository
