"""Player-facing text in the current language: gettext lookups, plural forms, number formats.

Mark every string a player reads with `_("...")` (or `ngettext` for counts). Module-level constants
that must be translated when shown are marked with `N_("...")` and passed through `_()` at display.
The language is chosen once at start (`--lang`, else the Settings choice, else the system locale) and
may change live (Settings); scenes then rebuild their text (`Scene.retranslate`).
"""
from __future__ import annotations

import gettext
import os
import struct
from pathlib import Path

from common.data.paths import shipped
from common.data.safe_text import one_line

LANGUAGES = ("en", "es")
"""English is the language of the source; every other language has catalogues under common/locale."""
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language's name in itself (how a language list shows it)."""
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the system's locale, strongest first (POSIX order); GNU's LANGUAGE
list goes before them unless the locale is C."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def catalogue_folder(language: str) -> Path:
    """Where the compiled catalogues (one .mo per area: common, arenas, arzium, content) of a language are."""
    return shipped("common", "locale", language, "LC_MESSAGES")


def language_of_locale(name: str | None) -> str:
    """The language of a locale name ("es_AR.UTF-8", "Spanish_Spain", "C"): "es" for Spanish, else "en"."""
    code = (name or "").strip().lower()
    return "es" if code.startswith(("es_", "es-", "es.", "es@", "spanish")) or code == "es" else "en"


def system_language() -> str:
    """The language of the system locale (Spanish locales give "es", every other one "en"); never raises.

    As gettext does: LANGUAGE's first entry, then LC_ALL, LC_MESSAGES, LANG, else the OS locale (Windows,
    macOS); the C locale is English whatever LANGUAGE says."""
    name = next((os.environ[v] for v in LOCALE_VARIABLES if os.environ.get(v)), None)
    if name is None:
        import locale  # here: with a locale variable set (the usual case) a start need not import it
        try:
            name = locale.getlocale()[0]
        except (ValueError, TypeError):  # an unparsable locale name
            return "en"
    if name is not None and name.split(".")[0].upper() in ("C", "POSIX"):
        return "en"
    preferred = os.environ.get("LANGUAGE", "").split(":")[0]
    return language_of_locale(preferred or name)


def set_language(language: str) -> str | None:
    """Show text in `language` from now on (every compiled catalogue of its folder, chained).

    An unknown language or a missing or broken catalogue leaves English in use; the one-line reason
    is returned for the caller to show (None when all went well)."""
    global _translation, _language
    if language not in LANGUAGES:
        _translation, _language = gettext.NullTranslations(), "en"
        return one_line(f"unknown language {language!r} (known: {', '.join(LANGUAGES)}); using English")
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language != "en":
        folder = catalogue_folder(language)
        try:
            catalogues = sorted(folder.glob("*.mo"), reverse=True)
            if not catalogues:
                raise FileNotFoundError(f"no .mo file in {folder}")
            for mo in catalogues:
                with mo.open("rb") as f:
                    found = gettext.GNUTranslations(f)
                found.add_fallback(chain)
                chain = found
        except (OSError, struct.error, ValueError, LookupError, SyntaxError, OverflowError, RecursionError) as exc:
            # gettext: OSError for a bad magic number or a cut file, struct.error for a tiny one, the others
            # for a bad header (its charset, its plural formula)
            _translation, _language = gettext.NullTranslations(), "en"
            return one_line(f"cannot use the {language!r} translation ({type(exc).__name__}: {exc}); using English")
    _translation, _language = chain, language
    return None


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


def format_percent(share: float, digits: int = 0) -> str:
    """A share (0.5) as a percentage in the current language's style: "50%" in English, "50\u00a0%" (a space that
    does not break, and a decimal comma) in Spanish."""
    return format_decimal(100 * share, digits) + ("\u00a0%" if _language == "es" else "%")
