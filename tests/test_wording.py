"""The project speaks of the product, never of how it was built: no work-organisation words in the docs,
the comments or the docstrings. History is the git log.

What counts: a numbered session or issue, a sentence set before or after "this change", and a commit hash
quoted as history.
Python files are read with `tokenize` (comments) and `ast` (docstrings); every other text file (Markdown,
configuration, the CI script) is read whole.
"""
from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = frozenset({".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache",
                       ".ruff_cache", "node_modules"})
TEXT_FILES = ("*.md", "*.toml", "*.cfg", "*.txt", ".ci/*")
HISTORY = re.compile(
    r"\b(?:session|issue)s?\s+#?\d+"                         # a numbered session or issue
    r"|\b(?:before|after)\s+(?:this|the)\s+(?:change|commit|session)\b"
    r"|\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b",  # a commit hash: hex, both digits and letters
    re.IGNORECASE,
)


def _project_files(patterns: tuple[str, ...]) -> Iterator[Path]:
    """The tree's files matching any of `patterns` (matched against the path from the root, as `Path.match`), in
    order; the folders of `SKIP_DIRS` are not walked."""
    found = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        found += [path for name in names if any((path := Path(folder, name)).relative_to(ROOT).match(pattern)
                                                for pattern in patterns)]
    yield from sorted(found)


def _python_prose(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and docstring of a Python module."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                yield first.lineno, first.value.value


def history_words(path: Path) -> list[str]:
    """Each work-organisation phrase in `path`'s prose, as `file:line: phrase`."""
    text = path.read_text(encoding="utf-8")
    if not HISTORY.search(text):  # most files: no need to tell code from prose
        return []
    prose = _python_prose(text) if path.suffix == ".py" else enumerate(text.splitlines(), start=1)
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    return [f"{name}:{line}: {match.group(0)}"
            for line, chunk in prose for match in HISTORY.finditer(chunk)]


def test_no_docs_comments_or_docstrings_speak_of_sessions_issues_or_commits() -> None:
    found = [hit for path in _project_files(("*.py", *TEXT_FILES)) for hit in history_words(path)]
    assert found == []


@pytest.mark.parametrize("prose", [
    "# measured in session 12", "# the rules of issue 11", '"""Issue 10 for Arenas: bad files."""',
    "# two seats, before this change three", "# the code before (d831f04) was slower", "# see Issues #4",
])
def test_each_kind_of_history_word_is_found(tmp_path: Path, prose: str) -> None:
    module = tmp_path / "m.py"
    module.write_text(f"{prose}\nX = 1\n", encoding="utf-8")
    assert len(history_words(module)) == 1


@pytest.mark.parametrize("text", [
    'COLOUR = "#20a0c8"  # a warm blue', '"""What the session remembers between runs."""',
    "# an issue with fonts: 12 px is too small", "# 1234567 is a number, not a commit",
])
def test_product_words_pass(tmp_path: Path, text: str) -> None:
    module = tmp_path / "m.py"
    module.write_text(f"{text}\nX = 1\n", encoding="utf-8")
    assert history_words(module) == []


def test_a_markdown_page_is_read_whole(tmp_path: Path) -> None:
    page = tmp_path / "NOTES.md"
    page.write_text("# Figures\n\nSession 14: the final code.\n", encoding="utf-8")
    assert history_words(page) == ["NOTES.md:3: Session 14"]
