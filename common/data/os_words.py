"""A failed file operation in the player's words: the system's own message (often English whatever the game's
language, and worded for programmers) is never shown."""
from __future__ import annotations

import errno

from common.data.i18n import N_, _

_WORDS = {code: words for names, words in (
    (("EACCES", "EPERM"), N_("the system does not allow it (no permission)")),
    (("ENOSPC", "EDQUOT"), N_("the disk is full")),
    (("EROFS",), N_("the disk can only be read")),
    (("ENOENT",), N_("a folder on the way is missing")),
    (("EISDIR",), N_("a folder has that name")),
    (("ENOTDIR",), N_("a file stands where a folder should be")),
    (("ENAMETOOLONG",), N_("the name is too long for the system")),
) for name in names if (code := getattr(errno, name, None)) is not None}


def os_problem(exc: OSError) -> str:
    """What went wrong, in a few words of the current language ("the disk is full"), with the system's error
    name when there are no words for it ("the system refused it (EIO)")."""
    words = _WORDS.get(exc.errno) if exc.errno is not None else None
    if words is not None:
        return _(words)
    name = errno.errorcode.get(exc.errno, type(exc).__name__) if exc.errno is not None else type(exc).__name__
    return _("the system refused it ({name})").format(name=name)
