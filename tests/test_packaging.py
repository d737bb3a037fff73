"""A built, non-editable install finds the bundled rulesets and message catalogs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([uv, "build", "--wheel", "--out-dir", str(out), str(ROOT)], check=True, capture_output=True)
    (built,) = out.glob("loveletter-*.whl")
    return built


def test_the_wheel_carries_rulesets_and_catalogs(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for ruleset in (ROOT / "rulesets").glob("*.toml"):
        assert f"loveletter/rulesets/{ruleset.name}" in names
    assert "loveletter/i18n/en/cli.toml" in names and "loveletter/i18n/es/cli.toml" in names


def test_an_installed_wheel_loads_every_bundled_ruleset(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # The engine needs no third-party package, so the wheel alone is enough to load rulesets.
    with zipfile.ZipFile(wheel) as zf:
        site = next((venv / "lib").glob("python*/site-packages"))
        zf.extractall(site)
    probe = (
        "from loveletter.engine.ruleset import bundled_dir, bundled_names, load_ruleset\n"
        "names = [n for n in bundled_names() if n != 'solitaire']\n"
        "import json; print(bundled_dir()); print(json.dumps([load_ruleset(n).name for n in names]))\n"
    )
    result = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path)
    where, loaded = result.stdout.strip().splitlines()
    assert Path(where).is_relative_to(site)
    assert {"2019", "classic", "premium", "original2012"} <= set(json.loads(loaded))
