"""Player-facing text in the current language: gettext lookups, plural forms, number formats.

Mark every string a player reads with `_("...")` (or `ngettext` for counts). Module-level constants
that must be translated when shown are marked with `N_("...")` and passed through `_()` at display.
"""
from __future__ import annotations

import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()


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
