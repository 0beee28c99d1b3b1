"""After an online game, in the same room: who the next game waits for, drawn over a result screen; the room's
notices as toasts; and the next game's table once every seated person said Play again (both games' online
result screens, and the lobby when its game starts)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from common.data.i18n import _
from common.data.safe_text import one_line
from common.engine.layers import Part
from common.games import GAMES
from common.online.room import again_line, held_up_by
from common.scenes.connection import pill
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App
    from common.online.room import Hosted
    from common.online.session import OnlineSession


def next_game(app: App, session: OnlineSession, hosted: Hosted | None) -> bool:
    """Once the room's game has started (its `game` frame waiting), the game's online table in place of the top
    scene; whether it did."""
    room = session.room
    if room is None or room.phase != "playing" or not any(m.get("kind") == "game" for m in session.game_messages):
        return False
    entry = GAMES.get(room.game)
    if entry is None:
        session.problem = _("This app cannot play {game} online").format(game=room.game)
        return False
    try:
        scene = entry.online_play(app, session, hosted)
    except (ValueError, KeyError, TypeError) as exc:  # a game this app cannot play (a level it refuses): one line
        session.problem = one_line(_("This game cannot be played here: {reason}").format(reason=exc))
        return False
    app.replace(scene)
    return True


def show_notices(app: App, session: OnlineSession) -> None:
    """The room's notices (someone left, conceded) as toasts, once each."""
    for line in session.take_notices():
        app.toast(line)


def rematch_parts(app: App, session: OnlineSession, midbottom: tuple[int, int], width: int,
                  pick: str = "", press: str = "") -> list[Part]:
    """The line over a result screen's buttons: the problem or the lost connection, else who the next game in
    this room waits for (and `pick`, what it will be; `press`, the words of the button that says yes there);
    nothing when the room is not over."""
    room = session.room
    words = session.problem or session.banner
    if not words and room is not None and room.phase == "over":
        words = " · ".join(w for w in (again_line(room, session.seat, session.creator, press), pick) if w)
    if not words:
        return []
    colour = (122, 30, 24) if session.problem else (246, 234, 206)
    ink = (255, 244, 222) if session.problem else (70, 44, 20)
    height = pill(app, words, colour, ink, (midbottom[0], 0), app.font_px(18), width).rect.h
    return [pill(app, words, colour, ink, (midbottom[0], midbottom[1] - height), app.font_px(18), width)]


def hand_over_button(on_click: Callable[[], None]) -> Button:
    """The creator's button on a result screen that gives the seat of a person whose connection is lost (who
    the next game waits for) to a bot; its words follow the room (`follow_hand_over`)."""
    return Button("", on_click, _("Their connection is lost: a bot takes the seat for the next games, and the "
                                  "next game can start"), font=22)


def follow_room(app: App, session: OnlineSession, hosted: Hosted | None, dt_ms: float, hand_btn: Button,
                buttons: list[Button], group: WidgetGroup, layout: Callable[[tuple[int, int]], None]) -> bool:
    """A result screen's frame in its room (both games'): the room's frames taken and its notices shown, the next
    game's table in place of the screen once that game started, else the creator's hand-over button (`hand_btn`)
    shown among `buttons` while a seat's person is away, the screen's `group` and `layout` following them.
    Whether the next game's table took the screen's place."""
    session.update(dt_ms)
    show_notices(app, session)
    if next_game(app, session, hosted):
        return True
    if follow_hand_over(session, hand_btn, buttons):
        group.widgets = list(buttons)
        layout(app.size)
    return False


def follow_hand_over(session: OnlineSession, button: Button, buttons: list[Button]) -> bool:
    """Show `button` among a result screen's `buttons` (before the last) while this player, the room's creator,
    could give a seat whose person is away to a bot (named on it), and not otherwise; whether the buttons changed
    (the screen then lays them out again)."""
    room = session.room
    away = held_up_by(room, session.seat) if session.creator and room is not None and room.phase == "over" else []
    if away:
        button.label = _("Bot for {name}").format(name=away[0].name)
    if bool(away) == (button in buttons):
        return False
    if away:
        buttons.insert(max(0, len(buttons) - 1), button)  # before the last (Menu)
    else:
        buttons.remove(button)
    return True


def hand_over(session: OnlineSession) -> None:
    """Give the first seat the next game waits for whose person is away to a bot (the creator's button)."""
    room = session.room
    away = held_up_by(room, session.seat) if room is not None else []
    if away and session.creator:
        session.bot(away[0].index)


def said_again(session: OnlineSession) -> bool:
    """Whether this player has said Play again for the next game in the room."""
    room = session.room
    return room is not None and room.again is not None and session.seat in room.again.want


def again_label(session: OnlineSession) -> str:
    """The Play again button's words: what pressing it does now."""
    return _("Not now") if said_again(session) else _("Play again")
