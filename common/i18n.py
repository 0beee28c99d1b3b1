"""Player-facing text in the current language: gettext lookups, plural forms, number formats.

Mark every string a player reads with `_("...")` (or `ngettext` for counts). Module-level constants
that must be translated when shown are marked with `N_("...")` and passed through `_()` at display.
"""
from __future__ import annotations

import gettext
from pathlib import Path

from common.paths import shipped

LANGUAGES = ("en", "es")
"""English is the language of the source; every other language has catalogues under common/locale."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def catalogue_folder(language: str) -> Path:
    """Where the compiled catalogues (one .mo per area: common, arenas, arzium, content) of a language are."""
    return shipped("common", "locale", language, "LC_MESSAGES")


def set_language(language: str) -> None:
    """Show text in `language` from now on: every compiled catalogue of its folder, chained."""
    global _translation, _language
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language != "en":
        for mo in sorted(catalogue_folder(language).glob("*.mo"), reverse=True):
            with mo.open("rb") as f:
                found = gettext.GNUTranslations(f)
            found.add_fallback(chain)
            chain = found
    _translation, _language = chain, language


def language() -> str:
    """The language text is shown in."""
    return _language


def _(message: str) -> str:
    """The message in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for the count n, in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message in the current language, told apart from the same English words by a context."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it now (translate it with `_` when shown)."""
    return message


def format_decimal(value: float, digits: int = 1) -> str:
    """A number with `digits` decimals in the current language's style (a decimal comma in Spanish)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _language == "es" else text
