"""The built wheel is the whole game: its file list, then the installed command in a fresh venv, run from
another folder (slow: builds a wheel and a venv; .ci/run runs it)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"arenas", "arzium", "common", "sounds", "sprites"}
BIN = "Scripts" if sys.platform == "win32" else "bin"

pytestmark = pytest.mark.slow


def _run(*cmd: str | Path, cwd: Path, timeout: float = 600, env: dict[str, str] | None = None,
         ) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a copy: setuptools writes build/ into the source, and two test processes may build at once.
    source = tmp_path_factory.mktemp("source") / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info",
                                                                 "__pycache__", ".pytest_cache"))
    _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "-q", "-w", out, cwd=out)
    (found,) = out.glob("arenas_arzium-*.whl")
    return found


@pytest.fixture(scope="module")
def names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def expected_data() -> dict[str, list[str]]:
    """Every data file the game reads, by kind, as paths inside the wheel."""
    packs = {}
    for pack in ("default", "high-contrast"):
        manifest = tomllib.loads((ROOT / "sprites" / pack / "pack.toml").read_text("utf-8"))
        packs[pack] = [f"sprites/{pack}/pack.toml",
                       *sorted({f"sprites/{pack}/{s['file']}" for s in manifest.get("sprites", {}).values()})]
    return {
        "default sprites": packs["default"], "high-contrast sprites": packs["high-contrast"],
        "sounds": sorted(f"sounds/{p.name}" for p in (ROOT / "sounds").iterdir() if p.suffix in (".wav", ".ogg")),
        "levels": sorted(f"arenas/levels/{p.name}" for p in (ROOT / "arenas" / "levels").glob("*.json")),
        "game data": ["arzium/cards.json", "arenas/bots/proof.json", "arenas/rules_text.md",
                      "arzium/rules_text.md",
                      *sorted(f"{game}/{p.name}" for game in ("arenas", "arzium")
                              for p in (ROOT / game).glob("rules_text.*.md"))],
        "translations": sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "common" / "locale").glob("*/*/*.mo")),
    }


def test_the_wheel_holds_every_data_file(names: set[str]) -> None:
    expected = expected_data()
    assert len(expected["default sprites"]) > 50 and len(expected["sounds"]) > 10 and len(expected["levels"]) > 10
    assert "common/locale/es/LC_MESSAGES/common.mo" in expected["translations"]
    missing = {kind: [f for f in files if f not in names] for kind, files in expected.items()}
    assert not any(missing.values()), f"not in the wheel: {missing}"
    counts = {kind: len(files) for kind, files in expected.items()}
    print(f"wheel data files: {counts}, {len(names)} files in all")


def test_the_wheel_installs_only_the_games_packages(names: set[str]) -> None:
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == PACKAGES, "top-level names besides the packages: main.py must not be installed"
    dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert "main.py" not in names and f"{dist_info}/entry_points.txt" in names


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (no system site-packages) with only the wheel and its dependencies installed."""
    where = tmp_path_factory.mktemp("venv")
    _run(sys.executable, "-m", "venv", where / "v", cwd=where)
    _run(where / "v" / BIN / "python", "-m", "pip", "install", "-q", wheel, cwd=where)
    return where / "v"


@pytest.fixture()
def elsewhere(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """A folder far from the checkout to run in, and an environment with a throwaway user folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(tmp_path / "home"))
    (tmp_path / "run").mkdir()
    yield tmp_path / "run", env


def test_the_installed_command_draws_the_menu_as_the_checkout_does(
        venv: Path, elsewhere: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    cwd, env = elsewhere
    installed, checkout = tmp_path / "installed.png", tmp_path / "checkout.png"
    done = _run(venv / BIN / "arenas-arzium", "screenshot", "menu", installed, cwd=cwd, env=env)
    assert "not found" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    _run(sys.executable, ROOT / "main.py", "screenshot", "menu", checkout, cwd=ROOT, env=env)
    assert installed.read_bytes() == checkout.read_bytes()  # the real sprites, not magenta placeholders


def test_the_installed_command_speaks_spanish(venv: Path, elsewhere: tuple[Path, dict[str, str]],
                                             tmp_path: Path) -> None:
    """The compiled catalogues come from the installed package: the Spanish menu is the checkout's."""
    cwd, env = elsewhere
    installed, checkout = tmp_path / "installed.png", tmp_path / "checkout.png"
    done = _run(venv / BIN / "arenas-arzium", "--lang", "es", "screenshot", "menu", installed, cwd=cwd, env=env)
    assert done.stderr == "" and done.stdout.startswith("se ha escrito "), done.stdout + done.stderr
    _run(sys.executable, ROOT / "main.py", "--lang", "es", "screenshot", "menu", checkout, cwd=ROOT, env=env)
    assert installed.read_bytes() == checkout.read_bytes()
    assert _run(venv / BIN / "arenas-arzium", "--lang", "es", "--help", cwd=cwd, env=env).stdout.startswith("uso: ")


def test_the_installed_command_reports_its_version(venv: Path, elsewhere: tuple[Path, dict[str, str]]) -> None:
    cwd, env = elsewhere
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    assert _run(venv / BIN / "arenas-arzium", "--version", cwd=cwd, env=env).stdout == f"arenas-arzium {version}\n"


def test_the_installed_game_plays_arenas_level_1_headless(venv: Path, elsewhere: tuple[Path, dict[str, str]]) -> None:
    """The level, the proof table and the team-mate bots from the installed files (`arenas --level 1`
    crashed with the data missing); then the play screen of the catalog."""
    cwd, env = elsewhere
    done = _run(venv / BIN / "arenas-arzium", "verify-levels", "--seeds", "1", "--level", "1", cwd=cwd, env=env)
    assert "First Grains" in done.stdout and done.stderr == "", done.stdout + done.stderr
    shot = cwd / "arenas.png"
    done = _run(venv / BIN / "arenas-arzium", "screenshot", "arenas-play", shot, "--frames", "5", cwd=cwd, env=env)
    assert shot.stat().st_size > 0 and "not found" not in done.stderr, done.stderr


def test_the_installed_module_is_not_the_checkout(venv: Path, elsewhere: tuple[Path, dict[str, str]]) -> None:
    cwd, env = elsewhere
    where = _run(venv / BIN / "python", "-c", "import common, sprites; print(common.__file__, sprites.__file__)",
                 cwd=cwd, env=env).stdout
    assert str(ROOT) not in where and "site-packages" in where, where
