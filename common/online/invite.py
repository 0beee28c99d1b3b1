"""An invite as one string a player pastes: `arenas-arzium://host:port/CODE` (or `host:port/CODE`), what Copy
invite copies and what Join, its fields and `main.py join INVITE` accept whole (pure: no pygame)."""
from __future__ import annotations

from dataclasses import dataclass

from common.data.i18n import _
from common.net.protocol import DEFAULT_PORT, read_code
from common.online.lan import split_address

SCHEME = "arenas-arzium://"


@dataclass(frozen=True)
class Invite:
    """A room to join: the server's address and the room's code (`ABCD-EFGH`)."""

    host: str
    port: int
    code: str

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def text(self) -> str:
        """The invite as it is pasted."""
        return f"{SCHEME}{self.address}/{self.code}"


def looks_like_invite(text: str) -> bool:
    """Whether `text` is meant as a whole invite (an address and a code joined by "/"), right or wrong."""
    body = text.strip()
    return body.lower().startswith(SCHEME) or "/" in body.rstrip("/")


def read_invite(text: str) -> Invite | None:
    """`text` as an invite (surrounding spaces and a trailing "/" ignored, the code read as typing allows),
    or None when it is not one."""
    body = text.strip()
    if body.lower().startswith(SCHEME):
        body = body[len(SCHEME):]
    address, slash, code = body.rstrip("/").rpartition("/")
    if not slash:
        return None
    where = split_address(address, DEFAULT_PORT)
    room = read_code(code)
    if where is None or room is None:
        return None
    return Invite(where[0], where[1], room)


def invite_in(text: str) -> Invite | None:
    """The invite a field holds: the whole text, or an `arenas-arzium://` invite pasted after what was typed."""
    at = text.lower().rfind(SCHEME)
    return read_invite(text[at:] if at > 0 else text)


def invite_problem(text: str) -> str:
    """Why `text` is not an invite, in one line for the player."""
    body = text.strip()
    if "://" in body and not body.lower().startswith(SCHEME):
        return _("{invite} is not an invite: it starts with {scheme}, or is host:port/CODE").format(
            invite=body, scheme=SCHEME)
    address, _slash, code = body.removeprefix(SCHEME).rstrip("/").rpartition("/")
    if split_address(address, DEFAULT_PORT) is None:
        return _("The invite's address {address} is not one: it is host:port").format(address=address or "—")
    return _("The invite's room code {code} is not one: it is 8 letters and digits, like ABCD-EFGH").format(
        code=code or "—")
