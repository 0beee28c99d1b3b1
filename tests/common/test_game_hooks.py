"""Both games' hooks come from one layout (`common.games.hooks_in`): every hook names a module and a function
that exist and take the arguments the `Game` field passes, and a hook imports its module only when called."""
from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import pytest

from common.games import Hooks, Lazy, hooks_in


def arity(annotation: str) -> int:
    """How many arguments a `Callable[[A, B], R]` annotation passes."""
    node = ast.parse(annotation, mode="eval").body
    assert isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple), annotation
    params = node.slice.elts[0]
    assert isinstance(params, ast.List), annotation
    return len(params.elts)


@pytest.mark.parametrize("package", ["arenas", "arzium"])
def test_every_hook_names_a_function_taking_its_arguments(package: str) -> None:
    hooks = hooks_in(package)
    assert set(hooks) == set(Hooks.__annotations__)
    for field, hook in hooks.items():
        assert isinstance(hook, Lazy), field
        module = importlib.import_module(hook.module)
        if hook.name is None:
            continue
        function = getattr(module, hook.name)
        annotation = Hooks.__annotations__[field]
        inspect.signature(function).bind(*[None] * arity(getattr(annotation, "__forward_arg__", annotation)))


def test_a_hook_imports_its_module_when_called_and_passes_its_arguments(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hook_target.py").write_text("def twice(x):\n    return 2 * x\n", encoding="utf-8")
    monkeypatch.syspath_prepend(tmp_path)
    monkeypatch.delitem(sys.modules, "hook_target", raising=False)
    hook = Lazy("hook_target", "twice")
    assert "hook_target" not in sys.modules
    assert hook(21) == 42 and "hook_target" in sys.modules
    assert Lazy("hook_target")() is None
