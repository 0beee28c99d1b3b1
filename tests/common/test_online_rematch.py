"""The app's side of Play again, leaving, conceding and the fuller lobby: the words of each seat, a server gone
stops the away countdown, the room's notices, the result screens' Play again (and the key that ended the game
never skips them), and a Leave read by the server before the socket closes."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from arenas.scenes.catalog import online_result as arenas_online_result
from arzium.room import digest, view_of
from arzium.rules.state import default_setup, new_game
from arzium.scenes.catalog import online_result as arzium_online_result
from common.data.i18n import set_language
from common.engine.app import App
from common.engine.scene import HELD_KEY_MS, HeldKeys
from common.games import room_sides
from common.online.room import SeatView, notice_line, seat_status, seat_who
from common.online.session import OnlineSession
from common.scenes.catalog import ScriptedLink
from helpers import Quiet, key, run


def test_each_seat_says_plainly_who_plays_it_in_both_languages() -> None:
    open_seat, bot, person = SeatView(0, "", "open"), SeatView(1, "Otto", "bot", level="normal"), \
        SeatView(2, "Bruno", "person")
    assert [seat_who(s) for s in (open_seat, bot, person)] == ["Open — waiting for a person", "Bot (Normal)", "Bruno"]
    set_language("es")
    try:
        assert [seat_who(s) for s in (open_seat, bot, person)] == ["Libre: esperando a una persona", "Bot (Normal)",
                                                                  "Bruno"]
        assert seat_who(SeatView(1, "", "bot", level="teammate")) == "Bot (Compañero)"
    finally:
        set_language("en")


def test_the_away_countdown_stops_while_the_server_itself_is_gone() -> None:
    link = ScriptedLink([("Ana", "person", "here", True), ("Bruno", "person", "away", True)], 0, True,
                        phase="playing")
    session = OnlineSession("192.168.1.20:8765", "Ana", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    session.update(5_000)
    away = session.room.seats[1] if session.room is not None else None
    assert away is not None and seat_status(session.seat_now(away)) == "away: 36 s left"
    link.frames.append({"kind": "closing", "reason": "host_left"})
    link.status = "reconnecting"
    session.update(10_000)
    assert seat_status(session.seat_now(away)) == "away"  # no time counted down: no grace runs meanwhile
    assert session.banner.startswith("The host left")


def test_the_rooms_notices_are_one_line_each_and_a_removed_player_is_told_and_let_go() -> None:
    assert notice_line("left", "Bo", "playing") == "Bo left the table: a bot plays their seat now"
    assert notice_line("left", "Bo", "over") == "Bo left the room: their seat is open"
    assert notice_line("conceded", "Bo", "playing") == "Bo conceded: a bot plays their seat to the end"
    link = ScriptedLink([("Ana", "person", "here", True), ("Bruno", "person", "here", True)], 1, False)
    session = OnlineSession("192.168.1.20:8765", "Bruno", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    link.frames.append({"kind": "notice", "what": "left", "seat": 0, "name": "Ana\x1b[31m"})
    session.update(10)
    assert session.take_notices() == ["Ana?[31m left the room: their seat is open"] and not session.notices
    link.frames.append({"kind": "notice", "what": "removed", "seat": 1, "name": "Bruno"})
    session.update(10)
    assert session.ended and session.problem == "The host removed you from the room" and link.status == "closed"


def sent_by(scene: Any) -> list[dict[str, Any]]:
    """What a result screen's scripted link is sent from now on."""
    link = scene.session.link
    assert isinstance(link, ScriptedLink)
    sent: list[dict[str, Any]] = []
    link.send = sent.append  # type: ignore[method-assign]
    return sent


def test_arziums_play_again_is_asked_of_the_room_and_its_next_game_replaces_the_result(app: App) -> None:
    scene = arzium_online_result(app)
    link = scene.session.link
    assert isinstance(link, ScriptedLink)
    sent = sent_by(scene)
    app.stack.clear_to(scene)
    run(app, 2)
    assert scene.buttons[0].label == "Not now"  # this player said yes already
    scene.buttons[0].activate(app)
    assert sent[-1] == {"kind": "again", "game": 1, "want": False, "next": False}
    state = new_game(scene.state.setup, 5)
    view = view_of(state)
    room = {**ScriptedLink([(s.name, "person", "here", False) for s in state.setup.seats], 0, True,
                           phase="playing").frames[1], "games": 2}
    link.frames += [room, {"kind": "game", "seq": 0, "seat": 0, "view": view, "pending": [], "deadline_ms": None,
                           "digest": digest(view), "story": None}]
    run(app, 2)
    assert type(app.stack.top).__name__ == "OnlinePlayScene" and app.stack.top is not scene


def test_arenas_guest_plays_again_and_the_host_picks_the_level(app: App) -> None:
    scene = arenas_online_result(app)
    sent = sent_by(scene)
    app.stack.clear_to(scene)
    run(app, 2)
    assert [b.label for b in scene.buttons] == ["Play again", "Menu"] and scene.next_btn is None
    assert "this one again unless they choose the next" in scene.pick_line()
    scene.buttons[0].activate(app)
    assert sent[-1] == {"kind": "again", "game": 1, "want": True, "next": False}


def test_a_confirming_key_held_from_the_game_never_skips_a_result(app: App) -> None:
    scene = arenas_online_result(app)
    app.stack.clear_to(scene)
    sent = sent_by(scene)
    run(app, 2, key(pygame.K_RETURN))  # at once: the key that played the last card
    assert sent == [] and app.stack.top is scene
    held = HeldKeys()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert held.blocks(down, 10) and held.blocks(down, HELD_KEY_MS + 500)  # its repeats too, while held
    assert not held.blocks(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0), HELD_KEY_MS + 600)
    assert not held.blocks(down, HELD_KEY_MS + 700)  # pressed again on purpose


@pytest.mark.usefixtures("user_home")
def test_leave_reaches_the_server_before_the_socket_closes_so_the_seat_goes_to_its_bot_at_once() -> None:
    from common.net.client import Link
    from common.net.runners import EmbeddedServer
    server = EmbeddedServer(None, room_sides())
    port = server.start("127.0.0.1", 0)
    host = Link(f"ws://127.0.0.1:{port}")
    try:
        host.send({"kind": "create", "game": "arzium", "setup": default_setup(2).to_dict(), "name": "Ana", "seat": 0})
        frames: list[dict[str, Any]] = []
        code = wait_for(host, frames, lambda f: f["kind"] == "joined")["code"]
        guest = OnlineSession(f"127.0.0.1:{port}", "Bo")
        guest.join(code, 1)
        wait_for(host, frames, lambda f: f["kind"] == "room" and f["seats"][1]["status"] == "here")
        guest.update(0)
        guest.set_ready(True)
        wait_for(host, frames, lambda f: f["kind"] == "room" and f["seats"][1]["ready"])
        host.send({"kind": "start"})
        wait_for(host, frames, lambda f: f["kind"] == "game")
        guest.leave()  # sends leave, then closes once it is written
        after = len(frames)
        wait_for(host, frames, lambda f: f["kind"] == "notice", after)
        wait_for(host, frames, lambda f: f["kind"] == "room" and f["seats"][1]["status"] != "here", after)
        statuses = [f["seats"][1]["status"] for f in frames[after:] if f["kind"] == "room"]
        assert statuses and "away" not in statuses and statuses[-1] == "bot"
    finally:
        host.close()
        server.stop()


def wait_for(link: Any, frames: list[dict[str, Any]], done: Any, since: int | None = None) -> dict[str, Any]:
    """The first frame from `since` (default: from now on) for which `done` holds, waiting for the link's news;
    fails when stuck."""
    seen, quiet = len(frames) if since is None else since, Quiet()
    while True:
        frames += link.poll()
        found = next((f for f in frames[seen:] if done(f)), None)
        if found is not None:
            return found
        assert not quiet.wait(), f"not seen; last frames {frames[-3:]}"


def _result_for(app: App, state: Any, you: int, conceded: tuple[int, ...]) -> tuple[str, str]:
    """The headline of the online result of `state` as the app at seat `you` shows it."""
    from arzium.scenes.online import OnlineResultScene
    names = [s.name for s in state.setup.seats]
    link = ScriptedLink([(n, "person", "here", False) for n in names], you, you == 0, phase="over",
                        setup=state.setup.to_dict())
    session = OnlineSession("192.168.1.20:8765", names[you], lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    assert session.seat == you
    return OnlineResultScene(app, session, None, state, None, False, (), conceded).headline()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_online_table_speaks_to_its_own_seat_whatever_its_name(app: App, lang: str) -> None:
    from dataclasses import replace

    from arzium.rules.engine import apply
    from arzium.rules.score import outcome
    from arzium.rules.state import Setup
    from arzium.scenes.catalog import SEATS, played
    from arzium.scenes.log_panel import describe

    seats = tuple(replace(s, name=n, kind="human") for s, n in zip(SEATS[:3], ("Ana", "Bruno", "Carla")))
    state, actions = played(Setup(seats, True, 1), 77, lambda s: False)
    (winner,) = outcome(state).winners
    other = (winner + 1) % 3
    set_language(lang)
    try:
        (mine, mine_sub), (theirs, theirs_sub) = (_result_for(app, state, winner, (winner,)),
                                                  _result_for(app, state, other, (winner,)))
        said = [line.text for line in describe(apply(new_game(state.setup, state.seed, state.cards), actions[0]),
                                               state.setup, state.cards, 1, you=state.setup.first_player)]
        by_name = [line.text for line in describe(apply(new_game(state.setup, state.seed, state.cards),
                                                        actions[0]), state.setup, state.cards, 1)]
    finally:
        set_language("en")
    name = seats[winner].name
    if lang == "en":
        assert (mine, theirs) == ("You win!", f"{name} wins!")
        assert "You conceded (a bot played on)" in mine_sub and f"{name} conceded (a bot played on)" in theirs_sub
    else:
        assert (mine, theirs) == ("¡Has ganado!", f"¡Gana {name}!")
    first = seats[state.setup.first_player].name
    assert not any(first in line for line in said) and any(first in line for line in by_name)


@pytest.mark.parametrize("game", ["arzium", "arenas"])
def test_the_host_may_give_the_seat_of_a_player_whose_connection_is_lost_to_a_bot_from_the_result(
        app: App, game: str) -> None:
    from common.online.room import again_line, held_up_by
    from common.scenes.rematch import rematch_parts

    scene = (arzium_online_result if game == "arzium" else arenas_online_result)(app, away=True)
    link = scene.session.link
    assert isinstance(link, ScriptedLink) and scene.session.creator
    sent = sent_by(scene)
    app.stack.clear_to(scene)
    run(app, 2)
    room = scene.session.room
    assert room is not None
    away = room.seats[1]
    hand = scene.buttons[-2]  # before Menu
    assert hand.label == f"Bot for {away.name}" and hand in scene.group.widgets
    assert all(not b.rect.colliderect(hand.rect) for b in scene.buttons if b is not hand)  # laid out in the row
    line = again_line(room, scene.session.seat, True)
    assert f"{away.name} (connection lost)" in line and line.endswith("you may give the seat to a bot")
    assert again_line(room, 2 if game == "arzium" else None, False).endswith("the host may give the seat to a bot")
    turn_based = replace(room, pace="turn")  # people come and go between moves: away, not a lost connection
    assert f"{away.name} (away)" in again_line(turn_based, scene.session.seat, True)
    assert "connection lost" not in again_line(turn_based, scene.session.seat, True)
    assert "bot" not in again_line(turn_based, scene.session.seat, True)  # no bot offered at a turn-based table
    assert held_up_by(turn_based, scene.session.seat) == [] and held_up_by(room, scene.session.seat) == [away]
    assert rematch_parts(app, scene.session, (640, 600), 900)  # the line is drawn
    hand.activate(app)
    assert sent[-1] == {"kind": "bot", "seat": 1}
    room_frame = ScriptedLink([(s.name, "person", "here", False) for s in room.seats], 0, True, game=game,
                              phase="over").frames[1]
    room_frame["seats"][1] = {"name": "Bot 2", "kind": "bot", "status": "bot", "ready": True, "level": "normal",
                              "grace_ms": None}  # the server's answer: the seat is a bot's
    link.frames.append(room_frame)
    run(app, 2)
    assert hand not in scene.buttons and hand not in scene.group.widgets
    assert scene.session.room is not None and "connection lost" not in again_line(scene.session.room, 0, True)


def test_the_arenas_hosts_line_names_the_buttons_on_their_screen(app: App) -> None:
    scene = arenas_online_result(app, away=True)  # the host's result: Retry together, Next level together
    link = scene.session.link
    assert isinstance(link, ScriptedLink)
    link.frames.append(ScriptedLink([("Ana", "person", "here", False), ("Bea", "person", "here", False)], 0, True,
                                    game="arenas", phase="over").frames[1])  # nobody said yes yet
    app.stack.clear_to(scene)
    run(app, 2)
    said = [str(p.key[1]) for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"]
    assert any("Press Retry together or Next level together when you want to" in line for line in said), said
    guest = arenas_online_result(app)  # a team-mate's: Play again
    app.stack.clear_to(guest)
    run(app, 2)
    said = [str(p.key[1]) for p in guest.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"]
    assert any("press Play again" in line or "Press Play again" in line for line in said), said
