"""Refresh the translation catalogues: `python -m common.tools.catalogues extract|update|compile|check`.

A developer tool (it needs Babel, from the test extra). One catalogue per area under
common/locale/<lang>/LC_MESSAGES/: `common`, `arenas`, `arzium` are extracted from that package's code
(babel.cfg); `content` (the data strings: names, level texts) is kept by hand and only compiled.

- extract: write each area's template to build/locale/<area>.pot
- update:  extract, merge the templates into the .po files (new ones start empty; no fuzzy guesses), compile;
           a .po whose messages did not change is left as it was (not even its date changes), so a second
           update changes nothing
- compile: write every .mo from its .po (fuzzy entries are left out); run it after editing a .po
- check:   exit 1, one line per problem, if a message has no translation, is fuzzy, or a .mo is stale, or a
           Spanish text (a translation or a rules text) breaks what `common.tools.spanish_style` can see of the
           style note
"""
from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from common.data.i18n import LANGUAGES
from common.tools import spanish_style

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "common" / "locale"
CODE_AREAS = ("common", "arenas", "arzium")
HAND_KEPT = ("content",)
TEMPLATES = ROOT / "build" / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
SPANISH_RULES_TEXTS = (ROOT / "arenas" / "rules_text.es.md", ROOT / "arzium" / "rules_text.es.md")


def po_path(language: str, area: str, locale: Path = LOCALE) -> Path:
    return locale / language / "LC_MESSAGES" / f"{area}.po"


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract(templates: Path = TEMPLATES) -> None:
    """Each code area's messages into <templates>/<area>.pot (build/locale)."""
    templates.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(ROOT):  # source locations relative to the checkout
        for area in CODE_AREAS:
            _pybabel("extract", "-F", "babel.cfg", "--sort-by-file", "--no-wrap", "--project", "arenas-arzium",
                     "-o", str(templates / f"{area}.pot"), area)


_DATED = re.compile(rb'^"POT-Creation-Date: [^"]*"$', re.MULTILINE)


def update(locale: Path = LOCALE, templates: Path = TEMPLATES) -> None:
    """Merge fresh templates (written to `templates`) into every language's .po under `locale` and compile them
    all (`merge`)."""
    extract(templates)
    merge(locale, templates)


def merge(locale: Path = LOCALE, templates: Path = TEMPLATES) -> None:
    """Merge the templates in `templates` into every language's .po under `locale` (a missing .po is created) and
    compile them all; a .po that differs only in the template's date is kept as it was."""
    for language in TRANSLATED:
        known = translations(language, locale)
        for area in CODE_AREAS:
            po = po_path(language, area, locale)
            before = po.read_bytes() if po.exists() else None
            command = "update" if before is not None else "init"
            extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
            _pybabel(command, "-i", str(templates / f"{area}.pot"), "-d", str(locale), "-l", language,
                     "-D", area, "--no-wrap", *extra)
            _carry_over(po, known)
            if before is not None and _DATED.sub(b"", po.read_bytes()) == _DATED.sub(b"", before):
                po.write_bytes(before)
    compile_all(locale)


def _carry_over(po: Path, known: dict[MessageKey, tuple[Path, Message]]) -> None:
    """Give each untranslated message of `po` the translation it had in another area's .po (the code that says
    it moved from one package to another), so that moving code loses no translation."""
    with po.open("rb") as f:
        catalog = read_po(f)
    filled = False
    for message in catalog:
        found = known.get(key_of(message.context, message.id)) if message.id else None
        if found is None or is_translated(message) or not is_translated(found[1]):
            continue
        if isinstance(message.string, tuple) != isinstance(found[1].string, tuple):
            continue
        if isinstance(message.string, tuple):
            theirs = tuple(found[1].string or ())
            message.string = tuple(theirs[min(i, len(theirs) - 1)] for i in range(len(message.string)))
        else:
            message.string = found[1].string
        filled = True
    if filled:
        with po.open("wb") as f:
            write_po(f, catalog, ignore_obsolete=True, width=None)  # type: ignore[arg-type]


MessageKey = tuple[str | None, str]
"""(context, msgid) of a message; a plural message by its singular."""


def key_of(context: str | None, message: str | Sequence[str]) -> MessageKey:
    return context, message if isinstance(message, str) else message[0]


def code_messages(template: Path) -> dict[MessageKey, str]:
    """Every message an area's template (`extract`) holds, that is every message its code marks for translation,
    with one place it is."""
    with template.open("rb") as f:
        return {key_of(m.context, m.id): ":".join(map(str, m.locations[0])) for m in read_po(f) if m.id}


def translations(language: str, locale: Path = LOCALE) -> dict[MessageKey, tuple[Path, Message]]:
    """Every message of every .po of `language` (areas and content) under `locale`, with the file it is in."""
    found: dict[MessageKey, tuple[Path, Message]] = {}
    for po in all_po(locale):
        if po.parent.parent.name != language:
            continue
        with po.open("rb") as f:
            for message in read_po(f):
                if message.id:
                    found.setdefault(key_of(message.context, message.id), (po, message))
    return found


def is_translated(message: Message) -> bool:
    """Not fuzzy, and every form has a translation."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and all(strings)


def compiled(po: Path) -> bytes:
    """The .mo bytes of a .po file (fuzzy entries left out), as `compile` writes them."""
    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def all_po(locale: Path = LOCALE) -> list[Path]:
    return sorted(po_path(lang, area, locale) for lang in TRANSLATED for area in (*CODE_AREAS, *HAND_KEPT)
                  if po_path(lang, area, locale).exists())


def compile_all(locale: Path = LOCALE) -> None:
    """Write every .mo under `locale` from its .po."""
    for po in all_po(locale):
        po.with_suffix(".mo").write_bytes(compiled(po))


def style_problems(message: Message) -> list[str]:
    """What the Spanish style note says against the translation of `message` (every plural form)."""
    strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
    return list(dict.fromkeys(p for s in strings if s for p in spanish_style.problems(s)))


def rules_text_problems(path: Path) -> list[str]:
    """What the Spanish style note says against a rules text, one line per problem with its line number."""
    return [f"{path.relative_to(ROOT)}:{number}: {problem}"
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
            for problem in spanish_style.problems(line)]


def problems() -> list[str]:
    """What keeps the catalogues from being complete, compiled and in the Spanish style (empty when they are)."""
    found: list[str] = []
    for po in all_po():
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            where = f"{po.relative_to(ROOT)}: {key_of(None, message.id)[1]!r}"
            if message.id and not is_translated(message):
                found.append(f"{where} is fuzzy" if message.fuzzy else f"{where} has no translation")
            if message.id and po.parent.parent.name == "es":
                found.extend(f"{where}: {problem}" for problem in style_problems(message))
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(po):
            found.append(f"{mo.relative_to(ROOT)} is missing or older than its .po (run compile)")
    for path in SPANISH_RULES_TEXTS:
        found.extend(rules_text_problems(path))
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    commands: dict[str, Callable[[], None]] = {"extract": extract, "update": update, "compile": compile_all}
    if len(args) != 1 or args[0] not in (*commands, "check"):
        print("usage: python -m common.tools.catalogues extract|update|compile|check", file=sys.stderr)
        return 2
    if args[0] == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    commands[args[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
