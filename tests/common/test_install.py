"""What an installed game needs, checked in the checkout: --version, the window icon, shipped data found
through importlib.resources (the built wheel itself: tests/test_wheel.py)."""
from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pygame
import pytest

from common import cli
from common.data import paths
from common.engine.app import ICON_SPRITE
from helpers import close_app, make_app

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def test_version_prints_the_distribution_and_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"arenas-arzium {metadata.version('arenas-arzium')}\n"


def test_version_falls_back_to_pyproject_in_a_checkout_that_is_not_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", not_installed)
    assert cli.app_version() == PYPROJECT_VERSION


def test_the_window_icon_is_the_packs_logo(monkeypatch: pytest.MonkeyPatch) -> None:
    icons: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    app = make_app()
    try:
        assert len(icons) == 1 and icons[0].get_size() == app.sprites.image(ICON_SPRITE).get_size()
        assert app.sprites.source(ICON_SPRITE) == "default"  # drawn from the pack, not a placeholder
    finally:
        close_app(app)


@pytest.mark.parametrize(("package", "parts"), [
    ("arenas", ("levels",)), ("arenas", ("bots", "proof.json")), ("arzium", ("cards.json",)),
    ("arenas", ("rules_text.md",)), ("arzium", ("rules_text.md",)), ("sprites", ("default", "pack.toml")),
    ("sounds", ("ui_click.wav",))])
def test_shipped_data_is_found_inside_its_package(package: str, parts: tuple[str, ...]) -> None:
    found = paths.shipped(package, *parts)
    assert found.exists() and found == ROOT.joinpath(package, *parts)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
@pytest.mark.parametrize("xdg", [True, False])
def test_user_folders_on_linux_are_the_xdg_ones_the_app_always_used(
        xdg: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files made before platformdirs keep loading: the folders are the same (no migration)."""
    monkeypatch.delenv("ARENAS_ARZIUM_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "dat"))
        config, data = tmp_path / "cfg", tmp_path / "dat"
    else:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        config, data = tmp_path / ".config", tmp_path / ".local" / "share"
    assert paths.config_dir() == config / "arenas-arzium"
    assert paths.data_dir() == data / "arenas-arzium"
    assert paths.replays_dir() == data / "arenas-arzium" / "replays"


def test_arenas_arzium_home_holds_both_folders(user_home: Path) -> None:
    assert paths.config_dir() == paths.data_dir() == user_home / "arenas-arzium"
