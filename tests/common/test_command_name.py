"""`--help` and the error lines name the command as the user ran it: the installed `arenas-arzium`, the
checkout's `main.py` or `python -m common`."""
from __future__ import annotations

import pytest

from common import cli


@pytest.mark.parametrize(("argv0", "name"), [("/home/ana/.local/bin/arenas-arzium", "arenas-arzium"),
                                             ("C:\\Users\\ana\\arenas-arzium.exe", "arenas-arzium"),
                                             ("main.py", "main.py"),
                                             ("/src/common/__main__.py", "python -m common")])
def test_help_and_errors_name_the_command_that_was_run(argv0: str, name: str, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", [argv0.replace("\\", "/") if argv0.endswith(".exe") else argv0])
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", "--help"])
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {name} ") and f"Examples: {name} · {name} arenas --level 3" in out
    assert ("main.py" in out) == (name == "main.py")
    assert cli.main(["--lang", "en", "replay", "/nonexistent/x.replay.json", "--headless"]) == 2
    assert capsys.readouterr().err.startswith(f"{name}: error: ")
