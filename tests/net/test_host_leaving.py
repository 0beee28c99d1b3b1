"""The hosting app leaving: the server tells every member in one `closing` frame before it closes, so their
screens say at once that the host left (the game is saved there) while they keep reconnecting."""
from __future__ import annotations

from pathlib import Path

from netkit import CASES, open_room, pump_until, serve_in_thread

from common.online.session import OnlineSession, room_view
from helpers import Quiet


def test_the_host_stopping_tells_every_member_and_their_banner_says_the_host_left(tmp_path: Path) -> None:
    with serve_in_thread(tmp_path / "hosted") as served:
        seated, watching, _code = open_room(served, CASES[0], 2, watchers=1)
        others = seated[1:] + watching
        assert len(others) == 2
        guest = seated[1]
        session = OnlineSession("127.0.0.1", "Player 2")
        session.link, session.welcomed = guest.link, True
        room = guest.last("room")
        assert room is not None
        session.room = room_view(room)
        session.update(16)
        assert session.banner == ""
        served.embedded.stop()  # the hosting app closes
    quiet = Quiet()
    session.update(16)
    while "host left" not in session.banner and not quiet.wait():  # the `closing` frame, or a hang
        session.update(16)
    assert session.banner.startswith("The host left: the game is saved on their side"), session.banner
    for c in others[1:]:
        pump_until([c], lambda c=c: c.last("closing") is not None)
        assert c.last("closing") == {"kind": "closing", "reason": "host_left"}
    assert not session.ended and not session.problem and guest.link.status in ("connecting", "reconnecting")
    for c in seated + watching:
        c.link.close()
