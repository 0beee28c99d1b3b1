"""The checkout compiled before the test workers start (`tests/conftest.py` calls it in the controller of a run
with workers).

Every worker imports every module and pytest rewrites the asserts of every test module it collects. On a fresh
clone the workers would each do all of it at the same moment (the same work twice, and the slowest part of their
start); here a pool of as many processes as there are workers does it once, and the workers read what it wrote.
On a compiled checkout it only looks: a file's compiled form is made again only when its source changed.

The rewritten form of a test module is pytest's own (`_pytest.assertion.rewrite`, which has no public API for it):
if that ever fails, the workers rewrite the modules as they always did.
"""
from __future__ import annotations

import compileall
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("common", "arenas", "arzium", "sprites", "sounds", "tests")
_config: list[pytest.Config] = []  # the run's configuration, for the forked processes


def _is_test_module(path: Path) -> bool:
    return path.name == "conftest.py" or path.name.startswith("test_")


def _compile(name: str) -> None:
    """One module compiled as its import will look for it: a test module rewritten as pytest does, any other
    module as Python does; nothing is done when its compiled form is up to date."""
    path = Path(name)
    if not _is_test_module(path):
        compileall.compile_file(path, quiet=2)
        return
    from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc, assertstate_key, get_cache_dir
    config = _config[0]
    cache = get_cache_dir(path)
    pyc = cache / (path.name[:-3] + PYC_TAIL)
    if _read_pyc(path, pyc) is None:
        cache.mkdir(exist_ok=True)
        source_hash, code = _rewrite_test(path, config)
        _write_pyc(config.stash[assertstate_key], code, source_hash, pyc)


def compile_ahead(config: pytest.Config, processes: int) -> None:
    """Compile the project's modules and rewrite its test modules with `processes` processes (forked, so that
    they share the run's configuration); a failure leaves the work to the workers."""
    files = [str(ROOT / "main.py"),
             *(str(path) for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py")))]
    _config[:] = [config]
    try:
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork")) as pool:
            list(pool.map(_compile, files, chunksize=8))
    except Exception as exc:  # an optimisation: the workers compile what is left
        config.issue_config_time_warning(pytest.PytestWarning(f"compiling ahead failed: {exc!r}"), stacklevel=2)
