"""Arzium online: the setup screen that opens a room (its person seats but the host's open for friends), and
the table of a room's game, fed by the server."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from arzium.online_match import OnlineMatch, last_move_of, story_events
from arzium.records import record_game
from arzium.replay_model import ArziumReplay
from arzium.room import view_state
from arzium.rules.actions import Action, action_from_json
from arzium.rules.state import GameState, Setup, SetupError
from arzium.scenes.flow import ask_bid
from arzium.scenes.log_panel import LogLine, describe
from arzium.scenes.play import PlayScene
from arzium.scenes.result import ResultScene
from arzium.scenes.setup import SetupScene
from arzium.wording import person, shown_name, speaking_names
from common.data.i18n import _, ngettext
from common.data.keymap import Command, keymap
from common.data.paths import replays_dir
from common.engine.layers import Part
from common.net.messages import GameJson, Received
from common.net.turn_clock import ClockRule, TurnClock
from common.online.room import seat_status
from common.replays.replay import ReplayError, replay_from_dict, write_new_replay
from common.scenes.chat import ChatPanel, carry_out
from common.scenes.connection import ClockTone, clock_pills, clock_words, room_parts
from common.scenes.online import player_name
from common.scenes.rematch import (
    again_label,
    follow_room,
    hand_over,
    hand_over_button,
    rematch_parts,
    said_again,
)
from common.ui.dialog import Dialog
from common.ui.widgets import Button

if TYPE_CHECKING:
    from common.engine.app import App
    from common.online.room import Hosted
    from common.online.session import OnlineSession


def setup_scene(app: App, chosen: Callable[[GameJson], None]) -> SetupScene:
    """The seats-and-mode screen whose Start opens a room with the setup (the host sits at the first seat)."""

    def host(setup: Setup) -> None:
        chosen(dict(setup.to_dict()))
    return SetupScene(app, lambda state: None, lambda saved: None, host=host, host_name=player_name(app))


def room_words(setup: GameJson) -> list[str]:
    """A room's setup as its lobby tells every member: the game, the seats, who plays first."""
    try:
        parsed = Setup.from_dict(setup)
    except SetupError:
        return []
    seats = parsed.seats  # a person's seat is named by whoever takes it (the seats' list), a bot's by the setup
    first = seats[parsed.first_player].name if parsed.first_player < len(seats) and \
        seats[parsed.first_player].kind == "bot" else ""
    return [_("Full (with artifacts)") if parsed.full_game else _("Basic (no artifacts)"),
            ngettext("{n} seat", "{n} seats", len(parsed.seats)).format(n=len(parsed.seats)),
            _("Seat {n} plays first").format(n=parsed.first_player + 1) if not first else
            _("Seat {n} ({name}) plays first").format(n=parsed.first_player + 1, name=shown_name(first))]


class OnlinePlayScene(PlayScene):
    """The table of a room's game: the shared play scene on an `OnlineMatch` fed by the session's frames; the
    seats' connections on their banners, the room's lines (connection lost, turn clock) over the table; at the
    end the server's replay and this player's result are kept, then the usual result screen."""

    def __init__(self, app: App, session: OnlineSession, hosted: Hosted | None, frame: Received,
                 seen: int | None = None) -> None:
        """`frame`: the room's `game` frame; `seen`: how many moves this app's table had when the game came again
        (after a rejoin in the same app), so the log marks the ones made while it was away."""
        state = view_state(frame["view"])
        seat = frame.get("seat")
        self.session, self.hosted = session, hosted
        self.seat = seat if isinstance(seat, int) else None
        self.result: Received | None = None
        self.clock: TurnClock | None = None  # each seat's time as the server last told it, run on this app's clock
        self.clock_ms = 0  # this app's clock for the turn clock: it stands still while the server is out of reach
        self.ticked = 0  # the last whole second of this seat's time a warning tick was played for
        self.let_btn = Button(_("Let the bot play"), self.let_bot, _("Its bot plays this turn for the player out of "
                                                                     "time"), font=18)
        self.wait_btn = Button(_("Wait"), self.wait, _("Give them more time (the bot can still play later)"),
                               font=18)
        self.waiting_for: int | None = None  # the seat out of time this member chose to wait for
        self.taking_again = False  # this view went out of step: the room's game was asked for again
        self.chat = ChatPanel()

        def match() -> OnlineMatch:
            return OnlineMatch(state, int(frame.get("seq", 0)), self.seat, app.anim_ms, session.send)
        super().__init__(app, state, lambda *result: None, lambda table: ask_bid(app, table), autosave=False,
                         match=match, you=self.seat)
        assert isinstance(self.table, OnlineMatch)
        self.online: OnlineMatch = self.table
        mine = seen is None and self.seat is not None
        if mine and self.seat is not None:  # a table opened again: what happened since this seat's last move
            seen = last_move_of(frame, self.seat)
        self.retold = self._retell(frame, seen, mine)
        self.online.resume_pending([action_from_json(a) for a in frame.get("pending") or []])
        self.online.note_bots(frame.get("bots"))
        self._take_clock(frame)

    def _retell(self, frame: Received, seen: int | None, mine: bool = False) -> bool:
        """The move log of the game so far, from the frame's story (after a rejoin, in this app or a new one): the
        moves it leaves out counted, those made while this table was away marked (`mine`: those since this seat's
        last move, `seen`, in a table opened again); False when it has none."""
        told = story_events(frame)
        if told is None:
            return False
        first, moves = told
        lines = [LogLine(ngettext("… {n} earlier move", "… {n} earlier moves", first).format(n=first))] if first \
            else []
        for n, (events, turn) in enumerate(moves, start=first + 1):
            if seen is not None and n == max(seen, first) + 1:
                missed = first + len(moves) - seen
                lines.append(LogLine(ngettext("{n} move since your last one:", "{n} moves since your last one:",
                                              missed).format(n=missed) if mine else
                                     ngettext("{n} move while you were away:", "{n} moves while you were away:",
                                              missed).format(n=missed), header=True))
            lines += describe(events, self.table.state.setup, self.cards, turn, self.seat)
        self.log.add(lines)
        return True

    # -- the turn clock ------------------------------------------------------------------------------

    @property
    def rule(self) -> ClockRule:
        room = self.session.room
        return room.clock if room is not None else ClockRule()

    def _take_clock(self, frame: Received) -> None:
        """Each seat's time as a frame tells it (a frame without a clock leaves it as it was)."""
        if "clock" in frame and self.rule.on:
            self.clock = TurnClock.told(self.rule, frame["clock"], len(self.names), self.clock_ms)

    def _clock_event(self, msg: Received) -> None:
        """A seat's time ran out (`out`), or another person let its bot play (`bot`)."""
        self._take_clock(msg)
        seat = msg.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            return
        if msg.get("event") == "out":
            self.app.sounds.play("warning_tick")
            if seat == self.seat:
                self.app.toast(_("Your time ran out: the bot plays this turn for you") if self.rule.out == "bot"
                               else _("Your time ran out: the others may let the bot play this turn"))
                if self.rule.out == "bot":
                    self.choice.clear()  # the bot plays the turn: what this player had chosen is gone
            if self.rule.out == "ask":
                self.log.add([LogLine(person(self.names[seat], _("Your time ran out: the others choose to wait or "
                                                                 "let the bot play"),
                                             _("Time ran out for {name}: the others choose to wait or let the bot "
                                               "play")), seat)])

    def bot_reason(self, number: int, seat: int) -> str | None:
        """As the table has it; a seat whose person conceded is played by its bot for that reason, not an absence."""
        why = super().bot_reason(number, seat)
        room = self.session.room
        if why == "away" and room is not None and seat < len(room.seats) and room.seats[seat].conceded:
            return "conceded"
        return why

    def stopped(self, number: int, reason: str) -> None:
        """A move the room committed that this view cannot play: out of step, the game is taken again."""
        self.online.desynced = True

    def asking(self) -> int | None:
        """The seat out of time this member is asked about (the rule lets the others choose), or None."""
        clock = self.clock
        if clock is None or self.rule.out != "ask" or self.seat is None or clock.running is None:
            return None
        seat = clock.running
        return seat if seat in clock.out and seat != self.seat and seat != self.waiting_for else None

    def let_bot(self) -> None:
        seat = self.asking()
        if seat is not None:
            self.session.let_bot(seat)
            self.waiting_for = seat

    def wait(self) -> None:
        self.waiting_for = self.asking()

    def clock_line(self) -> tuple[str, ClockTone] | None:
        """The running seat's clock over the map: whose time, how much is left, its tone."""
        clock = self.clock
        if clock is None or clock.running is None:
            return None
        seat = clock.running
        left = clock.left_ms(seat, self.clock_ms)
        mine = seat == self.seat
        if seat in clock.out:
            words = _("Your time ran out") if mine else _("{name}'s time ran out").format(name=self.names[seat])
            return words, "out"
        words = (_("Your time {time}") if mine else _("{name}'s time {time}")).format(
            name=self.names[seat], time=clock_words(left))
        return words, "urgent" if left <= self.rule.warn_ms else "running"

    def seat_clocks(self) -> list[tuple[tuple[int, int], str, ClockTone]]:
        """Every seat's clock, under its name on its banner."""
        clock = self.clock
        if clock is None:
            return []
        out: list[tuple[tuple[int, int], str, ClockTone]] = []
        for party in self.parties:
            seat = party.player
            if self.table.seats[seat].kind == "bot":
                continue
            # a fixed time per turn: a seat waiting for its turn will have all of it
            left = clock.left_ms(seat, self.clock_ms) if seat == clock.running or self.rule.mode != "turn" else \
                self.rule.bank_ms
            tone: ClockTone = "out" if seat in clock.out else "idle" if seat != clock.running else \
                "urgent" if left <= self.rule.warn_ms else "running"
            x, y = party.banner_center(self.shown)
            out.append(((x, y + self.app.px(15)), clock_words(left), tone))
        return out

    def _warn(self) -> None:
        """This seat's time near its end: a tick as it enters the warning, then each of its last 5 seconds."""
        clock = self.clock
        if clock is None or self.seat is None or clock.running != self.seat or self.seat in clock.out:
            self.ticked = 0
            return
        left = clock.left_ms(self.seat, self.clock_ms)
        second = (left + 999) // 1000
        if left <= self.rule.warn_ms and second != self.ticked and (self.ticked == 0 or second <= 5):
            self.ticked = second
            self.app.sounds.play("warning_tick")

    def update(self, dt_ms: float) -> None:
        if self.session.status == "open":  # the server's clock does not run while it is down
            self.clock_ms += round(dt_ms)
        self.session.update(dt_ms)
        self.log.covered = self.session.chat.open  # the open chat takes the move log's place
        while self.session.game_messages:
            msg = self.session.game_messages.popleft()
            match msg.get("kind"):
                case "game":  # after a rejoin or a desync: the whole game again, as the server has it
                    self.table.leave()
                    again = OnlinePlayScene(self.app, self.session, self.hosted, msg, self.online.number)
                    if not again.retold:  # the frame told no story: the lines told here, and the count missed
                        again.log.lines[:2] = self.story_so_far(int(msg.get("seq", 0)))
                    self.app.replace(again)
                    return
                case "result":
                    self.result = msg
                case "clock":
                    self._clock_event(msg)
                case _:
                    self._take_clock(msg)
                    self.online.absorb(msg)
                    self.take_happenings()
        for line in self.session.take_notices():
            self.app.toast(line)
            self.log.add([LogLine(line)])
        self._seat_states()
        super().update(dt_ms)
        if self.online.desynced and not self.taking_again:  # this view is out of step: the room's game again
            self.taking_again = True
            self.app.toast(_("This table fell out of step with the room: taking the game again"))
            self.session.take_again()
        if self.asking() is None and self.waiting_for is not None and (self.clock is None or
                                                                       self.waiting_for not in self.clock.out):
            self.waiting_for = None
        self._warn()
        if self.result is not None and self.result.get("ran_out") and not self.finished and \
                not self.timeline.busy:  # the game ended on a clock: the result comes before any last move
            self.finish_game()
            return
        if self.asking() is not None:
            board = self.board_view.frame_rect
            w, h, gap = self.app.px(200), self.app.px(44), self.app.px(12)
            y = board.top + self.app.px(48)
            self.let_btn.rect = pygame.Rect(board.centerx - w - gap // 2, y, w, h)
            self.wait_btn.rect = pygame.Rect(board.centerx + gap // 2, y, w, h)
            self.group.widgets = [*self.group.widgets, self.let_btn, self.wait_btn]

    def story_so_far(self, seq: int) -> list[LogLine]:
        """This table's log for the game taken again at `seq` actions: every line told so far, then how many
        moves it missed while away (the game frame carries no story of those)."""
        lines = [*self.log.lines, *self.log.waiting][:len(self.log.lines) + len(self.log.waiting)
                                                     - self.log.provisional]
        missed = seq - self.online.number
        if missed > 0:
            lines.append(LogLine(ngettext("… {n} move while you were away", "… {n} moves while you were away",
                                          missed).format(n=missed)))
        return lines

    def _seat_states(self) -> None:
        room = self.session.room
        self.hints.allowed = room is None or room.assists
        for party in self.parties:
            seat = room.seats[party.player] if room is not None and party.player < len(room.seats) else None
            party.status = seat_status(self.session.seat_now(seat)) if seat is not None and seat.kind == "person" and \
                seat.index != self.seat else ""

    def finish_game(self) -> None:
        """The game is over here: once the server's result is in, keep its replay, count this player's result
        (online games apart) and show the result screen (the game replayed from the server's replay: its seed
        and every action, so the points after every turn can be drawn)."""
        if self.result is None:
            return
        self.finished = True
        final, actions, path = self.table.state, list(self.table.actions), None
        conceded = [i for i in self.result.get("conceded") or [] if isinstance(i, int)]
        assisted, bot_turns = self.table.assisted, 0
        try:
            replay = replay_from_dict(self.result.get("replay"), _("the room's replay"), "arzium")
            replay.meta = {**replay.meta, "online": True, "room": self.session.code, "conceded": conceded}
            watched = ArziumReplay.load(replay, _("the room's replay"))
            final, actions = watched.final, list(watched.actions)
            seats = replay.meta.get("assisted_seats")
            if isinstance(seats, list) and self.seat is not None:
                assisted = self.seat in seats
            bot_turns = watched.bot_turns(self.seat) if self.seat is not None else 0
            path = str(write_new_replay(replays_dir(), f"arzium-online-{time.strftime('%Y%m%d-%H%M%S')}", replay))
        except ReplayError as exc:
            self.app.toast(str(exc))
        except OSError as exc:
            self.app.toast(_("could not write the replay: {reason}").format(reason=exc.strerror or exc))
        ran_out = tuple(i for i in self.result.get("ran_out") or [] if isinstance(i, int))
        if self.seat is not None and not ran_out:  # a game ended on a clock is not a finished game: not counted
            for problem in record_game(final, assisted, online_seat=self.seat, bot_turns=bot_turns):
                self.app.toast(problem)
        self.app.replace(OnlineResultScene(self.app, self.session, self.hosted, final, path, assisted,
                                           actions, conceded, ran_out))

    def handle(self, event: pygame.event.Event) -> bool:
        """The chat first (every key while it is open), then the table."""
        room = self.session.room
        free_text = self.seat is not None or room is None or room.watcher_chat
        taken, want = self.chat.handle(event, self.session.chat, free_text,
                                       keymap(self.app.settings.key_bindings).codes.get(Command.CHAT, -1))
        if want is not None:
            carry_out(want, self.session, self.app)
        return taken or super().handle(event)

    def open_menu(self) -> None:
        choices = [(_("Rules"), lambda: self.app.open_rules("arzium")), (_("Leave"), self.leave_room)]
        room = self.session.room
        if self.seat is None:
            words = _("You are watching: leave whenever you like; Play online, then Join, brings you back.")
        elif room is not None and room.pace == "turn":
            words = _("A turn-based table: close it whenever you like; it waits for you, and My tables tells you "
                      "when it is your turn. If you concede, a bot plays your seat to the end.")
            choices[1] = (_("Close the table"), self.leave_room)
            choices.append((_("Concede"), self.ask_concede))
        else:
            words = _("If you leave, your seat's bot plays until you come back: Play online, then Back to room. "
                      "If you concede, it plays your seat to the end.")
            choices.append((_("Concede"), self.ask_concede))
        choices.append((_("Resume"), lambda: None))
        dialog = Dialog(self.app, _("Online game"), words, choices)
        dialog.group.focus_index, dialog.group.keyboard_mode = len(choices) - 1, True
        self.app.push(dialog)

    def ask_concede(self) -> None:
        choices = [(_("Concede"), self.session.concede), (_("Keep playing"), lambda: None)]
        dialog = Dialog(self.app, _("Concede this game?"), _("A bot plays your seat to the end, and the result says "
                                                             "you conceded. You stay at the table to watch."), choices)
        dialog.group.focus_index, dialog.group.keyboard_mode = 1, True
        self.app.push(dialog)

    def leave_room(self) -> None:
        """Off the table: the seat's bot plays (a host's app keeps serving the room while it is open)."""
        self.session.leave()
        self.app.pop()

    def frame_parts(self) -> list[Part] | None:
        parts = super().frame_parts() or []
        if self.log.covered:  # what stands on the move log (its help key) goes with it
            parts = [p for p in parts if not self.log.rect.contains(p.rect)]
        board = self.board_view.frame_rect  # over the map's top edge, under no party's words
        room = self.session.room
        free_text = self.seat is not None or room is None or room.watcher_chat
        chat = self.chat.parts(self.app, self.session.chat, self.log.rect, keymap(
            self.app.settings.key_bindings).name(Command.CHAT), free_text,
            (board.centerx, board.bottom - self.app.px(14)), round(self.clock_ms))  # open: over the move log
        # while this player chooses, the map's top edge is the choice's (its tag): their clock is on their banner
        clock = None if self.choice.active else self.clock_line()
        return [*parts, *clock_pills(self.app, self.seat_clocks()),
                *room_parts(self.app, self.session.banner, self.session.problem, clock=clock,
                            midtop=(board.centerx, board.top)), *chat]


def play_scene(app: App, session: OnlineSession, hosted: Hosted | None) -> OnlinePlayScene:
    """The table of the room's game, from the `game` frame waiting in the session."""
    return OnlinePlayScene(app, session, hosted, session.take_game())


class OnlineResultScene(ResultScene):
    """The result of a room's game, in the room: Play again (the next game starts for everyone once every seated
    person says so, the next seat first), the line of who it waits for, who conceded; Menu leaves the room."""

    def __init__(self, app: App, session: OnlineSession, hosted: Hosted | None, state: GameState,
                 replay_path: str | None, assisted: bool, actions: Sequence[Action], conceded: Sequence[int],
                 ran_out: Sequence[int] = ()) -> None:
        self.session, self.hosted, self.conceded, self.ran_out = session, hosted, tuple(conceded), tuple(ran_out)
        super().__init__(app, state, lambda again: None, replay_path, session.seat is None, assisted, actions,
                         session.seat)
        self.hand_btn = hand_over_button(lambda: hand_over(session))

    def play_again(self) -> None:
        """Say this player wants the next game in this room (or, pressed again, no longer does)."""
        self.session.again(not said_again(self.session))

    def to_menu(self) -> None:
        """Leave the room (its seat is open for a bot or a new person) and go back."""
        self.session.leave()
        self.app.pop()

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if follow_room(self.app, self.session, self.hosted, dt_ms, self.hand_btn, self.buttons, self.group,
                       self.layout):
            return
        if self.session.seat is not None:
            self.buttons[0].label = again_label(self.session)

    def headline(self) -> tuple[str, str]:
        title, sub = super().headline()
        seats = self.state.setup.seats
        names = speaking_names(seats, self.you)
        gave_up = [person(names[i], _("You conceded (a bot played on)"), _("{name} conceded (a bot played on)"))
                   for i in self.conceded if i < len(seats)]
        gave_up += [_("{name} ran out of time: the game ended there").format(name=shown_name(seats[i].name))
                    for i in self.ran_out if i < len(seats)]
        return title, " · ".join([sub, *gave_up])

    def footer_px(self) -> int:
        return self.app.px(40)

    def frame_parts(self) -> list[Part] | None:
        parts = super().frame_parts() or []
        app = self.app
        bottom = self.buttons[0].rect.top - app.px(10) - (app.px(18) if self.replay_path else 0)
        line = rematch_parts(app, self.session, (self.panel.centerx, bottom), self.panel.w - app.px(80))
        return [*parts[:2], *line, *parts[2:]]  # over the picture, under the buttons and their tooltips
