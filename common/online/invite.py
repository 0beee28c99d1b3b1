"""An invite as one string a player pastes: `arenas-arzium://host:port/CODE` (or `host:port/CODE`), or for a
server behind TLS `wss://host:port/CODE`; what Copy invite copies and what Join, its fields and
`main.py join INVITE` accept whole (pure: no pygame)."""
from __future__ import annotations

from dataclasses import dataclass

from common.data.i18n import _
from common.net.protocol import DEFAULT_PORT, read_code
from common.online.lan import split_address

SCHEME = "arenas-arzium://"
TLS_SCHEME = "wss://"
TLS_PORT = 443


@dataclass(frozen=True)
class Invite:
    """A room to join: the server's address and the room's code (`ABCD-EFGH`); `tls`: the server is reached
    over TLS (`wss://`, behind a reverse proxy)."""

    host: str
    port: int
    code: str
    tls: bool = False

    @property
    def address(self) -> str:
        """The server as the Join panel's address field takes it."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        if self.tls:
            return f"{TLS_SCHEME}{host}" if self.port == TLS_PORT else f"{TLS_SCHEME}{host}:{self.port}"
        return f"{host}:{self.port}"

    def text(self) -> str:
        """The invite as it is pasted."""
        return f"{self.address}/{self.code}" if self.tls else f"{SCHEME}{self.address}/{self.code}"


def _body(text: str) -> tuple[str, bool]:
    """`text` without its scheme, and whether that scheme is TLS's."""
    body = text.strip()
    for scheme, tls in ((SCHEME, False), (TLS_SCHEME, True)):
        if body.lower().startswith(scheme):
            return body[len(scheme):], tls
    return body, False


def looks_like_invite(text: str) -> bool:
    """Whether `text` is meant as a whole invite (an address and a code joined by "/"), right or wrong; a
    server's address alone (`wss://host:port`) is not one."""
    body, _tls = _body(text)
    return text.strip().lower().startswith(SCHEME) or "/" in body.rstrip("/")


def read_invite(text: str) -> Invite | None:
    """`text` as an invite (surrounding spaces and a trailing "/" ignored, the code read as typing allows),
    or None when it is not one."""
    body, tls = _body(text)
    address, slash, code = body.rstrip("/").rpartition("/")
    if not slash:
        return None
    where = split_address(address, TLS_PORT if tls else DEFAULT_PORT)
    room = read_code(code)
    if where is None or room is None:
        return None
    return Invite(where[0], where[1], room, tls)


def invite_in(text: str) -> Invite | None:
    """The invite a field holds: the whole text, or an invite (`arenas-arzium://` or `wss://`) pasted after what
    was typed."""
    lower = text.lower()
    at = max(lower.rfind(SCHEME), lower.rfind(TLS_SCHEME))
    return read_invite(text[at:] if at > 0 else text)


def invite_problem(text: str) -> str:
    """Why `text` is not an invite, in one line for the player."""
    body, _tls = _body(text)
    if "://" in body:
        return _("{invite} is not an invite: it starts with {scheme} or {tls}, or is host:port/CODE").format(
            invite=text.strip(), scheme=SCHEME, tls=TLS_SCHEME)
    address, _slash, code = body.rstrip("/").rpartition("/")
    if split_address(address, DEFAULT_PORT) is None:
        return _("The invite's address {address} is not one: it is host:port").format(address=address or "—")
    return _("The invite's room code {code} is not one: it is 8 letters and digits, like ABCD-EFGH").format(
        code=code or "—")
