"""The play scene: the board, the sand, the hands; input becomes rules actions, rules events animations.

The rules clock is fed only by `fixed_update` (`advance(state, step_ms)`, exact integer ms); a
replay-driven scene applies its recorded actions at their exact milliseconds inside those steps.
Animations (flip 180°, slide, gears turning, a lost timer falling over) follow the events and run
on the scene's own real-time clock; the rules never wait for them, and the sand drawn is always
the true remaining time of the state (only a timer in the middle of its flip shows its sand as it
was, turning).

Bot seats (`GameSetup.bots`) are polled every fixed step after the sand has advanced; a bot's card
goes through `_apply` exactly like a click, so it animates and sounds the same and is recorded in
the state's actions (a replay plays those back and never asks the bot again). The hint (H) asks
the team-mate bot for the active human's best card, rings it and the timers it would turn for a
few seconds, and marks the run assisted.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import pygame

from arenas.bots import hint as bot_hint
from arenas.rules import (
    TIMER_SPECS,
    Action,
    Card,
    CardPlayed,
    Event,
    GameLost,
    GameState,
    GameWon,
    IllegalAction,
    PlayCard,
    PlayWild,
    TimerBlocked,
    TimerFlipped,
    TimerLost,
    TimerMoved,
    TimerRecovered,
    TurnChanged,
    advance,
    apply,
    mark_assisted,
    timer_label,
)
from arenas.scenes import layouts as lay
from arenas.scenes.board import DANGER_MS, TIMER_CODES, TURN_PER_MOVE, BoardView
from arenas.scenes.fitting import play_board
from arenas.scenes.hands import CardArt, SeatPainter, TableLayout
from arenas.session import GameSetup, RunRecord, finish_run, format_ms
from common import text
from common.scene import Scene
from common.tween import ease_in_out_cubic, ease_out_back, ease_out_quad
from common.widgets import Button, Dialog, draw_tooltip

if TYPE_CHECKING:
    from common.app import App

Point = tuple[float, float]
ShowResult = Callable[[GameSetup, GameState, RunRecord, bool], None]  # setup, state, record, watched

COUNTDOWN_MS = 3000
FLIP_MS = 250
SLIDE_MS = 300
FALL_MS = 450
TURN_MS = 420
STAGGER_MS = 90
END_DELAY_MS = 1800
MESSAGE_MS = 1800
BANNER_MS = 1300
HISS_VOLUME = 0.35
HINT_MS = 3000
HINT_FADE_MS = 500
HINT_COLOUR = (120, 236, 255)


@dataclass
class Flip:
    start: float
    ms: float
    before: float  # fraction of sand in the top bulb before this flip


@dataclass
class Move:
    start: float
    ms: float
    src: Point
    dst: Point
    tilt_from: float
    tilt_to: float


@dataclass
class TimerLook:
    """How a timer is drawn right now: queued flips and moves, and where it rests after them."""

    rest: Point
    tilt: float = 0.0
    busy_until: float = 0.0
    flips: list[Flip] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    def add_flip(self, now: float, delay: float, ms: float, before: float) -> float:
        start = max(now + delay, self.busy_until)
        self.flips.append(Flip(start, ms, before))
        self.busy_until = start + ms
        return start

    def add_move(self, now: float, delay: float, ms: float, dst: Point, tilt: float) -> float:
        start = max(now + delay, self.busy_until)
        self.moves.append(Move(start, ms, self.rest, dst, self.tilt, tilt))
        self.rest, self.tilt = dst, tilt
        self.busy_until = start + ms
        return start

    def place(self, now: float) -> tuple[Point, float, float]:
        """(centre, tilt degrees, lift 0..1) at animation time `now`."""
        for m in self.moves:
            if now < m.start:
                return m.src, m.tilt_from, 0.0
            if now < m.start + m.ms:
                t = (now - m.start) / m.ms if m.ms > 0 else 1.0
                e = ease_in_out_cubic(t)
                return ((m.src[0] + (m.dst[0] - m.src[0]) * e, m.src[1] + (m.dst[1] - m.src[1]) * e),
                        m.tilt_from + (m.tilt_to - m.tilt_from) * ease_out_quad(t), math.sin(math.pi * t))
        return self.rest, self.tilt, 0.0

    def flip_now(self, now: float) -> tuple[float, float] | None:
        """(fraction shown, turn angle) while a flip is pending or running, else None."""
        for f in self.flips:
            if now < f.start:
                return f.before, 0.0
            if now < f.start + f.ms:
                t = (now - f.start) / f.ms if f.ms > 0 else 1.0
                return f.before, 180.0 * ease_in_out_cubic(t)
        return None

    def prune(self, now: float) -> None:
        self.flips = [f for f in self.flips if now < f.start + f.ms]
        self.moves = [m for m in self.moves if now < m.start + m.ms]


@dataclass(frozen=True)
class HintView:
    """A hint on show: the suggested action, the turn it is for, when it appeared, the timers it would turn."""

    action: Action
    turn: int  # how many cards had been played when it was asked for
    start: float
    timers: tuple[str, ...]
    message: str


@dataclass
class Floating:
    message: str
    pos: Point
    start: float
    colour: tuple[int, int, int]


class LeaveDialog(Dialog):
    """'Leave the game?' over a running game: the sand keeps flowing underneath (there is no pause)."""

    def __init__(self, app: "App", play: "PlayScene", title: str, message: str, leave_label: str) -> None:
        super().__init__(app, title, message, [(leave_label, play.leave_game), ("Keep playing", lambda: None)])
        self.play = play

    def fixed_update(self, step_ms: int) -> None:
        self.play.fixed_update(step_ms)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.play.update(dt_ms)


class PlayScene(Scene):
    """One run of a level, live (hot-seat, 1–7 players) or driven by a replay's timed actions."""

    rules_game = "arenas"
    title = "Arenas Movedizas"

    def __init__(self, app: "App", setup: GameSetup, on_over: "ShowResult", state: GameState | None = None, *,
                 replay_actions: list[tuple[int, Action]] | None = None, countdown: bool = True) -> None:
        super().__init__(app)
        self.on_over = on_over
        self.setup = setup
        self.state = state if state is not None else setup.new_state()
        self.replay = deque(replay_actions) if replay_actions is not None else None
        self.phase = "countdown" if countdown else "running"
        self.countdown_left = float(COUNTDOWN_MS) if countdown else 0.0
        self.now = 0.0
        self.paused = False
        self.asking = False
        self.wild: int | None = None
        self.looks: dict[str, TimerLook] = {}
        self.turns: list[tuple[float, float]] = []
        self.floating: list[Floating] = []
        self.banner: tuple[str, float] | None = None
        self.last_card: tuple[str, str, float] | None = None  # (card name, caption, time)
        self.scheduled: list[tuple[float, str]] = []
        self.mouse = (-1, -1)
        self.hover_ms = 0.0
        self.hover_key: object = None
        self.ended_at: float | None = None
        self.run_record: RunRecord | None = None
        self.tick_second: int | None = None
        self.hissing = False
        self.cards = CardArt(app)
        self.seats = SeatPainter(app, self.cards)
        self.table: TableLayout | None = None
        self.board: BoardView | None = None
        self.badges: dict[tuple, pygame.Surface] = {}
        self.hud_bg: pygame.Surface | None = None
        self.sprite_version = app.sprites.version
        self.bots = setup.bot_seats() if self.replay is None else {}
        self.hint: HintView | None = None
        self.hint_button = Button("Hint (H)", self.show_hint, font=17)

    # ---- lifecycle -----------------------------------------------------------------------
    @property  # type: ignore[override]
    def rules_game(self) -> str | None:
        """F1 opens the rules except mid-run without the pause assist (reading them would stop the sand)."""
        return None if self._no_pause_now() else "arenas"

    def _no_pause_now(self) -> bool:
        return self.phase == "running" and not self.setup.allow_pause and self.replay is None and not self.setup.watch

    def enter(self) -> None:
        if self.phase == "running":
            self._start_hiss()
        else:
            self.app.sounds.play("countdown_beep")

    def leave(self) -> None:
        self._stop_hiss()

    def pause(self) -> None:
        """Another scene covers this one: anything but our leave dialog (the rules) pauses, as the assist."""
        self._stop_hiss()
        if not self.asking and self.phase == "running" and not self.paused and self.replay is None:
            self.pause_play()

    def resume(self) -> None:
        self.asking = False
        if self.phase == "running" and not self.paused:
            self._start_hiss()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        if app.sprites.version != self.sprite_version:
            self.sprite_version = app.sprites.version
            self.cards.cache.clear()
            self.seats.cache.clear()
            self.badges.clear()
        self.board, self.table = play_board(app, self.state.level, len(self.state.players), size)
        self.hud_bg = None
        hud = self.table.hud
        self.hint_button.rect = pygame.Rect(0, 0, app.px(104), hud.h - app.px(14))
        self.hint_button.rect.midright = (hud.right - app.px(10), hud.centery)
        self.looks = {tid: TimerLook(self._target(tid), lay.LOST_TILT if t.lost else 0.0)
                      for tid, t in self.state.timers.items()}

    def _target(self, timer_id: str) -> Point:
        assert self.board is not None
        t = self.state.timers[timer_id]
        geo = self.board.geo
        if t.tile is not None:
            return geo.spots[t.tile]
        spot = geo.lost_spots[t.position]
        return spot if spot is not None else geo.spots[t.position]

    # ---- sounds --------------------------------------------------------------------------
    def _start_hiss(self) -> None:
        if not self.hissing and self.state.result is None:
            self.app.sounds.loop("sand_hiss", HISS_VOLUME)
            self.hissing = True

    def _stop_hiss(self) -> None:
        if self.hissing:
            self.app.sounds.stop_loop("sand_hiss")
            self.hissing = False

    # ---- rules clock ---------------------------------------------------------------------
    def fixed_update(self, step_ms: int) -> None:
        if self.phase != "running" or self.paused or self.state.result is not None:
            return
        if self.replay is None:
            self._absorb(advance(self.state, step_ms), from_card=False)
            self._bot_turn()
        else:
            target = self.state.time_ms + step_ms
            while self.replay and self.replay[0][0] <= target and self.state.result is None:
                at, action = self.replay.popleft()
                self._absorb(advance(self.state, max(0, at - self.state.time_ms)), from_card=False)
                if self.state.result is None:
                    try:
                        self._absorb(apply(self.state, action), from_card=True)
                    except IllegalAction as exc:
                        self.replay.clear()
                        self.say(f"Replay stopped: {exc.reason}", None, danger=True)
            if self.state.result is None:
                self._absorb(advance(self.state, target - self.state.time_ms), from_card=False)
        low = min(t.remaining_ms for t in self.state.timers.values())
        second = low // 1000
        if low < DANGER_MS and self.state.result is None and second != self.tick_second:
            self.app.sounds.play("warning_tick", 0.8)
        self.tick_second = second

    def _bot_turn(self) -> None:
        """If a bot holds the turn, it looks at the board and may play: through `_apply`, as a human's card."""
        seat = self.bots.get(self.state.active)
        if seat is None or self.state.result is not None:
            return
        action = seat.poll(self.state)
        if action is not None:
            self._apply(action, None)

    # ---- seats ---------------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        """True if a team-mate bot plays `seat` (live or in the replay being watched)."""
        return self.setup.is_bot(seat)

    def bot_turn_now(self) -> bool:
        """True while a bot holds the turn of a live game (human input waits)."""
        return self.replay is None and self.is_bot(self.state.active)

    def _thinking(self, pos: Point | None = None) -> None:
        self.say(f"{self.state.players[self.state.active]} is thinking…", pos)

    def _turn_banner(self, seat: int) -> None:
        name = self.state.players[seat]
        self.banner = (f"{name} (bot) is thinking…" if self.is_bot(seat) else f"{name}'s turn", self.now)

    # ---- events -> animations ----------------------------------------------------------
    def _absorb(self, events: list[Event], from_card: bool) -> None:
        if not events:
            return
        app = self.app
        now = self.now
        flip_ms, slide_ms, fall_ms = app.anim_ms(FLIP_MS), app.anim_ms(SLIDE_MS), app.anim_ms(FALL_MS)
        order: dict[str, float] = {}
        moved = flipped = 0
        recovered: list[str] = []
        caption = None
        for e in events:
            if isinstance(e, CardPlayed):
                who = self.state.players[e.player]
                caption = f"{who} played {e.card.label()}" if len(self.state.players) > 1 else f"Played {e.card.label()}"
            elif isinstance(e, TimerFlipped):
                look = self.looks[e.timer]
                cap = self.state.timers[e.timer].capacity_ms
                delay = order.setdefault(e.timer, len(order) * app.anim_ms(STAGGER_MS)) if from_card else 0.0
                look.add_flip(now, delay, flip_ms, (cap - e.remaining_ms) / cap)
                flipped += 1
            elif isinstance(e, TimerMoved):
                start = self.looks[e.timer].add_move(now, order.get(e.timer, 0.0), slide_ms,
                                                     self.board.geo.spots[e.to_tile] if self.board else (0, 0), 0.0)
                self.turns.append((start, app.anim_ms(TURN_MS)))
                self.scheduled.append((start, "gear_click"))
                moved += 1
            elif isinstance(e, TimerBlocked):
                if self.board is not None:
                    x, y = self.board.geo.spots[e.tile]
                    self._float("can't move", (x, y - self.board.geo.s * 0.7), (255, 236, 200))
            elif isinstance(e, TimerLost):
                look = self.looks[e.timer]
                dst = self._lost_spot(e.tile)
                look.add_move(now, 0.0, fall_ms, dst, lay.LOST_TILT)
                # A short word at the timer; the sentence where messages are read, off the crowded board.
                self._float("lost!", (dst[0], dst[1] - self.board.geo.s * 0.7) if self.board else dst, (255, 150, 120))
                self.say(f"{timer_label(e.timer)} ran out and is lost beside gear {e.tile + 1}"
                         " — a wild card can recover it", danger=True)
            elif isinstance(e, TimerRecovered):
                look = self.looks[e.timer]
                if e.back_on_path and self.board is not None:
                    look.add_move(now, order.get(e.timer, 0.0), fall_ms, self.board.geo.spots[e.tile], 0.0)
                    recovered.append(f"{timer_label(e.timer)} is back on gear {e.tile + 1}")
                else:
                    recovered.append(f"gear {e.tile + 1} is taken, {timer_label(e.timer)} stays lost")
                    self.say(f"Gear {e.tile + 1} is taken: {timer_label(e.timer)} was flipped but stays lost", look.rest)
            elif isinstance(e, TurnChanged):
                if len(self.state.players) > 1:
                    self._turn_banner(e.player)
                    self.scheduled.append((now + app.anim_ms(120), "turn_chime"))
            elif isinstance(e, (GameWon, GameLost)):
                self._end()
        if caption is not None:
            card = next(e.card for e in events if isinstance(e, CardPlayed))
            stayed = len(order) - moved
            if recovered:
                effect = recovered[0]
            elif moved:
                effect = f"moved {moved}" + (f", {stayed} only flipped" if stayed > 0 else "")
            elif stayed:
                effect = "flipped in place"
            else:
                effect = "no timer matched"
            self.last_card = (card.name, f"{caption} · {effect}", now)
        if flipped:
            app.sounds.play("flip_clack", 0.9)

    def _lost_spot(self, tile: int) -> Point:
        assert self.board is not None
        spot = self.board.geo.lost_spots[tile]
        return spot if spot is not None else self.board.geo.spots[tile]

    def _end(self) -> None:
        if self.ended_at is not None:
            return
        self.phase = "over"
        self.ended_at = self.now
        self.wild = None
        self._stop_hiss()
        self.app.sounds.play("win_stinger" if self.state.result == "won" else "lose_stinger")
        self.run_record = finish_run(self.setup, self.state) if self.setup.counts else RunRecord()
        for problem in self.run_record.problems:
            self.app.toast(problem)

    # ---- input ---------------------------------------------------------------------------
    def say(self, message: str, pos: Point | None = None, danger: bool = False) -> None:
        """A short visible message (why a click did nothing, what just happened)."""
        if pos is None:
            pos = (self.app.size[0] / 2, (self.table.prompt_y if self.table else self.app.size[1] / 2) - self.app.px(30))
        colour = (255, 150, 120) if danger else (255, 240, 200)
        self._float(message, pos, colour)

    def _float(self, message: str, pos: Point, colour: tuple[int, int, int]) -> None:
        self.floating = [f for f in self.floating if f.message != message][-2:]
        self.floating.append(Floating(message, pos, self.now, colour))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.wild is not None:
            self.cancel_wild()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.paused:
            if key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_p, pygame.K_RETURN):
                self.resume_play()
            return True
        if key == pygame.K_ESCAPE:
            if self.wild is not None:
                self.cancel_wild()
            elif self.phase == "over":
                self._to_result()
            elif self.setup.allow_pause and self.phase == "running" and self.replay is None:
                self.pause_play()
            else:
                self.ask_leave()
            return True
        if key == pygame.K_F1 and self._no_pause_now():
            self.say("No pause in this game: read the rules (F1) before the countdown ends, or allow the pause assist")
            return True
        if key == pygame.K_h:
            self.show_hint()
            return True
        numbers = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
        if key in numbers:
            self.play_card(numbers[key])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.phase in ("countdown", "over"):
            if self.phase == "countdown":
                self.skip_countdown()
            else:
                self._to_result()
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> None:
        if self.paused:
            self.resume_play()
            return
        if self.phase == "countdown":
            self.skip_countdown()
            return
        if self.phase == "over" or self.table is None or self.board is None:
            return
        if self.hint_blocker() is None and self.hint_button.rect.collidepoint(pos):
            self.hint_button.activate(self.app)
            return
        state = self.state
        for seat in range(len(state.players)):
            rects = self.table.card_rects(seat, len(state.hands[seat]))
            lift = self.seats.lift(self.table)
            for i, r in enumerate(rects):
                if r.inflate(0, lift * 2).move(0, -lift).collidepoint(pos):
                    if self.replay is not None:
                        self.say("This is a replay: the cards play themselves", pos)
                    elif self.bot_turn_now():
                        self._thinking(pos)
                    elif self.is_bot(seat):
                        self.say(f"{state.players[seat]} is a bot: it plays its own cards", pos)
                    elif seat != state.active:
                        self.say(f"It's {state.players[state.active]}'s turn, not {state.players[seat]}'s", pos)
                    else:
                        self.play_card(i)
                    return
        timer = self.timer_at(pos)
        gear = self.board.gear_at(pos)
        if self.wild is not None:
            if timer is None and gear is not None:
                on = state.timer_on(gear)
                timer = on.id if on is not None else None
                if timer is None:
                    why = "a block sits on this gear" if gear in state.level.blocks else "no timer stands on this gear"
                    self.say(f"Wild card: {why} — click a timer", pos)
                    return
            if timer is not None:
                mode = "recover" if state.timers[timer].lost else "activate"
                self._apply(PlayWild(state.active, self.wild, mode, timer), pos)
            else:
                self.say("Click a timer for the wild card (Esc cancels)", pos)
            return
        if timer is not None or gear is not None:
            if self.replay is not None:
                self.say("This is a replay", pos)
            elif self.bot_turn_now():
                self._thinking(pos)
            else:
                who = f"{state.players[state.active]}: " if len(state.players) > 1 else ""
                self.say(f"{who}play a card first — click it or press 1–{len(state.hands[state.active])}", pos)

    def timer_at(self, pos: tuple[int, int]) -> str | None:
        """The timer drawn under `pos` (standing or lost), if any."""
        if self.board is None:
            return None
        geo = self.board.geo
        for tid, look in self.looks.items():
            centre, _tilt, _lift = look.place(self.now)
            scale = geo.lost_scale if self.state.timers[tid].lost else 1.0
            r = geo.glass_rect(centre, scale)
            if pygame.Rect(r.left, r.top, r.w, r.h).inflate(4, 4).collidepoint(pos):
                return tid
        return None

    def play_card(self, index: int) -> None:
        """Key 1–3 or a click on the active player's card."""
        state = self.state
        if self.phase == "countdown":
            self.say("Get ready: the sand starts after the countdown (Space or Enter starts it now)")
            return
        if self.phase == "over":
            return
        if self.replay is not None:
            self.say("This is a replay: the cards play themselves")
            return
        if self.bot_turn_now():
            self._thinking()
            return
        hand = state.hands[state.active]
        if index >= len(hand):
            self.say(f"There is no card {index + 1}: this hand holds {len(hand)}")
            return
        if hand[index].kind == "wild":
            if self.wild == index:
                self.cancel_wild()
                return
            self.wild = index
            self.app.sounds.play("ui_click")
            return
        self._apply(PlayCard(state.active, index), None)

    def cancel_wild(self) -> None:
        """Esc: put the wild card back (the turn is still yours)."""
        self.wild = None
        self.app.sounds.play("ui_back")
        self.say("Wild card kept in hand")

    def _apply(self, action: Action, pos: Point | None) -> None:
        try:
            events = apply(self.state, action)
        except IllegalAction as exc:
            self.app.sounds.play("ui_error")
            self.say(exc.reason, pos, danger=True)
            return
        self.wild = None
        self._absorb(events, from_card=True)

    # ---- hints ---------------------------------------------------------------------------
    def hint_blocker(self) -> str | None:
        """Why no hint can be asked for now ("" when there is nothing to explain), or None if one can."""
        if self.replay is not None:
            return "This is a replay: no hints"
        if self.phase == "countdown":
            return "Hints start with the sand — after the countdown"
        if self.phase != "running" or self.paused:
            return ""
        if self.bot_turn_now():
            return f"{self.state.players[self.state.active]} is thinking… hints are for your own turn"
        return None

    def show_hint(self) -> None:
        """H or the HUD button: the team-mate bot's card for the active human, shown for a few seconds.

        The run is marked assisted (no best time)."""
        why = self.hint_blocker()
        if why is not None:
            if why:
                self.app.sounds.play("ui_error")
                self.say(why)
            return
        state = self.state
        action = bot_hint(state, self.setup.humans)
        if action is None:
            return
        first = not state.assisted
        mark_assisted(state)
        card = state.hands[action.player][action.hand_index]
        n = action.hand_index + 1
        if isinstance(action, PlayWild):
            timers: tuple[str, ...] = (action.timer,)
            code = TIMER_CODES.get(action.timer, action.timer)
            message = (f"Hint: wild card {n} to recover {code}" if action.mode == "recover"
                       else f"Hint: wild card {n} on {code}: flip it and move it on")
        else:
            path = state.level.path
            timers = tuple(t.id for t in state.timers.values() if t.tile is not None and path[t.tile].matches(card))
            if timers:
                codes = " and ".join(TIMER_CODES.get(t, t) for t in timers)
                message = f"Hint: card {n}, {card.label()}: it turns {codes}"
            else:
                message = f"Hint: card {n}, {card.label()}: it turns nothing, but you draw a fresh card"
        self.hint = HintView(action, len(state.actions), self.now, timers, message)
        self.banner = None
        self.app.sounds.play("turn_chime", 0.6)
        if first:
            self.say("Hint used: this run is now assisted (no best time)")

    def hinted_card(self) -> int | None:
        """Hand index (of the active hand) that the hint on show points at, if any."""
        return self.hint.action.hand_index if self.hint is not None else None

    def _hint_alpha(self) -> float:
        """How visible the hint is (0..1): it fades in quickly and out over its last half second."""
        if self.hint is None:
            return 0.0
        age = self.now - self.hint.start
        return max(0.0, min(1.0, age / 120, (HINT_MS - age) / HINT_FADE_MS))

    def pause_play(self) -> None:
        """The pause assist: time stops; the run is marked assisted."""
        self.paused = True
        mark_assisted(self.state)
        self._stop_hiss()

    def resume_play(self) -> None:
        self.paused = False
        self.app.fixed_clock.reset()
        self._start_hiss()

    def ask_leave(self) -> None:
        self.asking = True  # the leave dialog lets the sand run on: it is not a pause
        if self.replay is not None:
            self.app.push(LeaveDialog(self.app, self, "Stop the replay?", "Go back without watching the rest.", "Stop"))
        elif self.setup.watch:
            self.app.push(LeaveDialog(self.app, self, "Stop watching?", "The bots keep playing while you decide.",
                                      "Stop"))
        else:
            self.app.push(LeaveDialog(self.app, self, "Leave the game?",
                                      "The sand keeps running while you decide. Leaving ends this run.", "Leave"))

    def leave_game(self) -> None:
        self._stop_hiss()
        if self.app.stack.top is self:
            self.app.pop()

    def _to_result(self) -> None:
        while self.app.stack.top is not self and self.app.stack.top is not None:
            self.app.pop()
        self.on_over(self.setup, self.state, self.run_record or RunRecord(), self.replay is not None)

    # ---- animation clock -----------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        if self.paused:
            return
        self.now += dt_ms
        if self.phase == "countdown":
            before = self.countdown_left
            self.countdown_left -= dt_ms
            for mark in (2000, 1000):
                if before > mark >= self.countdown_left:
                    self.app.sounds.play("countdown_beep")
            if self.countdown_left <= 0:
                self._go()
        due = [s for s in self.scheduled if s[0] <= self.now]
        if due:
            self.scheduled = [s for s in self.scheduled if s[0] > self.now]
            for _, name in due[:3]:
                self.app.sounds.play(name, 0.7)
        for look in self.looks.values():
            look.prune(self.now)
        self.turns = [t for t in self.turns if self.now < t[0] + t[1]]
        self.floating = [f for f in self.floating if self.now - f.start < MESSAGE_MS]
        if self.banner and self.now - self.banner[1] > BANNER_MS:
            self.banner = None
        if self.hint is not None and (self.now - self.hint.start >= HINT_MS or self.phase != "running"
                                      or len(self.state.actions) != self.hint.turn):
            self.hint = None
        key = (self.timer_at(self.mouse), self.board.gear_at(self.mouse) if self.board else None)
        if key != self.hover_key:
            self.hover_key, self.hover_ms = key, 0.0
        else:
            self.hover_ms += dt_ms
        if self.ended_at is not None and self.now - self.ended_at >= END_DELAY_MS:
            self._to_result()

    def skip_countdown(self) -> None:
        """Space, Enter or a click during the countdown: the sand starts now."""
        if self.phase == "countdown":
            self._go()

    def _go(self) -> None:
        """End of the countdown: every timer is flipped full (most advanced first) and the clock starts."""
        self.phase = "running"
        self.countdown_left = 0.0
        self.app.fixed_clock.reset()
        order = sorted(self.state.timers.values(), key=lambda t: -t.position)
        for k, t in enumerate(order):
            self.looks[t.id].add_flip(self.now, k * self.app.anim_ms(80), self.app.anim_ms(FLIP_MS), 0.0)
        self.app.sounds.play("flip_clack")
        self._start_hiss()
        if len(self.state.players) > 1:
            self._turn_banner(self.state.active)

    # ---- drawing -------------------------------------------------------------------------
    def gear_turn(self) -> float:
        """How far the gears are turned right now (a multiple of 60° means at rest)."""
        total = 0.0
        for start, ms in self.turns:
            t = 1.0 if ms <= 0 else min(1.0, max(0.0, (self.now - start) / ms))
            total += TURN_PER_MOVE * ease_out_back(t)
        return total

    def draw(self, surface: pygame.Surface) -> None:
        if self.board is None or self.table is None:
            return
        under, full = self.board.layers(surface.get_size())
        turning = any(start <= self.now < start + ms for start, ms in self.turns)
        if turning:
            surface.blit(under, (0, 0))
            self.board.draw_gears(surface, self.gear_turn())
        else:
            surface.blit(full, (0, 0))
        self._draw_targets(surface)
        self._draw_hint_timers(surface)
        self._draw_timers(surface)
        self._draw_seats(surface)
        self._draw_hint_card(surface)
        self._draw_hud(surface)
        if self.banner is None:
            self._draw_prompt(surface)
        self._draw_floating(surface)
        self._draw_hover(surface)
        if self.phase == "countdown":
            self._draw_countdown(surface)
        if self.banner:
            self._draw_banner(surface)
        if self.paused:
            self._draw_paused(surface)
        if self.phase == "over":
            self._draw_over(surface)

    def fraction(self, timer_id: str) -> float:
        """Sand in the top bulb as drawn (true remaining / capacity; empty top before the start flip)."""
        t = self.state.timers[timer_id]
        if self.phase == "countdown":
            return 0.0
        return t.remaining_ms / t.capacity_ms

    def drawn_place(self, timer_id: str) -> tuple[Point, float]:
        """(centre, tilt) where a timer is drawn now."""
        centre, tilt, _lift = self.looks[timer_id].place(self.now)
        return centre, tilt

    def _draw_timers(self, surface: pygame.Surface) -> None:
        assert self.board is not None
        board = self.board
        s = board.geo.s
        pulse = 0.5 + 0.5 * math.sin(self.now / 130)
        items = sorted(self.state.timers.values(), key=lambda t: self.looks[t.id].place(self.now)[0][1])
        for t in items:
            look = self.looks[t.id]
            (cx, cy), tilt, lift = look.place(self.now)
            cy -= lift * s * 0.25
            flip = look.flip_now(self.now)
            frac = flip[0] if flip is not None else self.fraction(t.id)
            angle = (flip[1] if flip is not None else 0.0) + tilt
            sand_key = TIMER_SPECS[t.id].sand
            lost_look = abs(tilt) > 1.0 or t.lost
            painter = board.lost_glass if lost_look and abs(tilt) >= lay.LOST_TILT - 0.5 else board.glass
            danger = t.remaining_ms < DANGER_MS and self.phase == "running"
            if t.lost and not look.moves:
                self._draw_lost_link(surface, board.geo.gears[t.lost_beside], (cx, cy))
            if danger or t.lost:
                glow = painter.danger_glow()
                glow.set_alpha(round(110 + 145 * pulse) if danger else round(60 + 120 * pulse))
                g = pygame.transform.rotate(glow, angle) if angle else glow
                surface.blit(g, g.get_rect(center=(round(cx), round(cy))))
            flowing = self.phase == "running" and flip is None and t.remaining_ms > 0
            if not t.lost and not lost_look and not look.moves and flip is None:
                self._draw_tether(surface, board.geo.gears[t.tile], (cx, cy), board.glass.size)
            if angle:
                img = painter.compose(frac, sand_key, flowing, self.now)
                img = pygame.transform.rotozoom(img, -angle, 1.0)
                surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            else:
                w, h = painter.size
                painter.draw(surface, (round(cx - w / 2), round(cy - h / 2)), frac, sand_key, flowing, self.now)
            if t.lost:
                parts = board.geo.lost_parts((cx, cy))
                self._draw_badge(surface, t.id, danger, (parts.tag.cx, parts.tag.cy), (int(parts.tag.w), int(parts.tag.h)))
                if not look.moves:
                    bob = max(1, round(s * 0.04))
                    badge = self.app.sprites.scaled("arenas/lost_badge", (round(parts.badge.w) - 2 * bob,) * 2)
                    y = parts.badge.cy + math.sin(self.now / 160) * bob
                    surface.blit(badge, badge.get_rect(center=(round(parts.badge.cx), round(y))))
            elif abs(angle) <= 1.0:  # turning over: the tag comes back when it stands again
                self._draw_badge(surface, t.id, danger, (cx, cy - painter.size[1] / 2), None)

    def _draw_tether(self, surface: pygame.Surface, gear: Point, centre: Point, size: tuple[int, int]) -> None:
        """A brass rod from a gear's rim to the foot of a timer standing beside it rather than on top,
        so a crowded board still shows which gear each timer stands on."""
        s = self.board.geo.s if self.board else 0.0
        w, h = size
        foot = (centre[0] + (w * 0.42 if gear[0] > centre[0] else -w * 0.42), centre[1] + h * 0.46)
        dx, dy = foot[0] - gear[0], foot[1] - gear[1]
        dist = math.hypot(dx, dy)
        if centre[1] + h / 2 < gear[1] - 0.3 * s or dist < s * 0.4:  # on top of its gear: no rod needed
            return
        rim = (gear[0] + dx / dist * s * 0.36, gear[1] + dy / dist * s * 0.36)
        width = max(2, round(s * 0.05))
        pygame.draw.line(surface, (70, 46, 20), rim, foot, width + 2)
        pygame.draw.line(surface, (214, 170, 78), rim, foot, width)
        for end in (rim, foot):
            pygame.draw.circle(surface, (70, 46, 20), (round(end[0]), round(end[1])), width)

    def _draw_lost_link(self, surface: pygame.Surface, gear: Point, centre: Point) -> None:
        """A dotted red trail from a lost timer back to the gear it lies beside, when it lies a little way off."""
        s = self.board.geo.s if self.board else 0.0
        dx, dy = centre[0] - gear[0], centre[1] - gear[1]
        dist = math.hypot(dx, dy)
        if dist < s * 0.9:
            return
        ux, uy = dx / dist, dy / dist
        start, end = s * 0.42, dist - s * 0.3
        step = max(4.0, s * 0.13)
        r = max(1, round(s * 0.028))
        d = start
        while d < end:
            p = (round(gear[0] + ux * d), round(gear[1] + uy * d))
            pygame.draw.circle(surface, (70, 30, 20), p, r + 1)
            pygame.draw.circle(surface, (235, 120, 90), p, r)
            d += step

    def _draw_badge(self, surface: pygame.Surface, timer_id: str, danger: bool, centre: Point,
                    room: tuple[int, int] | None) -> None:
        """A timer's name tag centred on `centre`: as big as a standing timer's, smaller if it must fit in `room`."""
        t = self.state.timers[timer_id]
        seconds = -(-t.remaining_ms // 1000) if self.app.settings.show_timer_seconds else None
        assert self.board is not None
        key = (timer_id, danger, seconds, self.board.glass.size, room)
        img = self.badges.get(key)
        if img is None:
            if len(self.badges) > 200:
                self.badges.clear()
            img = self._make_badge(timer_id, danger, seconds, self.board.glass.size, room)
            self.badges[key] = img
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _make_badge(self, timer_id: str, danger: bool, seconds: int | None, size: tuple[int, int],
                    room: tuple[int, int] | None) -> pygame.Surface:
        """The tag for a standing glass of `size`, its lettering made smaller until it fits in `room` (if any)."""
        app = self.app
        label = TIMER_CODES.get(timer_id, timer_id) + (f" {seconds}s" if seconds is not None else "")
        ink = (190, 30, 20) if danger else (44, 29, 18)
        px = max(12, round(size[1] * 0.2))
        while True:
            word = text.render(label, px, ink, bold=True)
            dot, left = max(3, px // 2), max(3, px // 2)
            w = left + dot + word.get_width() + max(3, px - px // 2)
            h = word.get_height() + max(2, px // 4)
            if room is None or px <= 6 or (w <= room[0] and h <= room[1]):
                break
            px -= 1
        img = app.sprites.nine_slice("arenas/tag", (w, h)).copy()
        pygame.draw.circle(img, (44, 29, 18), (left + dot // 2, h // 2), dot // 2 + 1)
        pygame.draw.circle(img, app.sprites.colour(TIMER_SPECS[timer_id].sand), (left + dot // 2, h // 2), dot // 2)
        img.blit(word, (left + dot + 3, (h - word.get_height()) // 2 + 1))
        return img

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """While a wild card waits for its target: a pulsing ring around every timer it can take."""
        if self.wild is None or self.board is None:
            return
        s = self.board.geo.s
        pulse = 0.5 + 0.5 * math.sin(self.now / 110)
        hovered = self.timer_at(self.mouse)
        for t in self.state.timers.values():
            centre, _tilt = self.drawn_place(t.id)
            colour = (120, 236, 255) if t.lost else self.app.sprites.colour("arenas_glow")
            r = s * (0.66 + 0.05 * pulse) * (self.board.geo.lost_scale if t.lost else 1.0)
            width = max(2, round(s * (0.07 if t.id == hovered else 0.04)))
            pygame.draw.circle(surface, (30, 18, 10), centre, r + 2, width + 2)
            pygame.draw.circle(surface, colour, centre, r, width)
            if t.lost:
                text.draw_text(surface, "recover", max(11, round(s * 0.2)), colour, (centre[0], centre[1] + r + 2),
                               "midtop", bold=True, shadow=(20, 10, 6))

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int, alpha: float) -> None:
        """A glowing hint ring around `rect` (a dark edge, then the hint colour), faded by `alpha`."""
        pad = width + 4
        img = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
        box = img.get_rect().inflate(-4, -4)
        pygame.draw.rect(img, (20, 12, 6, round(200 * alpha)), box, width + 4, border_radius=radius + 2)
        pygame.draw.rect(img, (*HINT_COLOUR, round(255 * alpha)), box.inflate(-4, -4), width, border_radius=radius)
        surface.blit(img, (rect.left - pad, rect.top - pad))

    def _draw_hint_timers(self, surface: pygame.Surface) -> None:
        """A pulsing ring around every timer the hinted card would turn (or recover)."""
        if self.hint is None or self.board is None:
            return
        s = self.board.geo.s
        alpha = self._hint_alpha()
        pulse = 0.5 + 0.5 * math.sin(self.now / 120)
        for tid in self.hint.timers:
            centre, _tilt = self.drawn_place(tid)
            lost = self.state.timers[tid].lost
            r = round(s * (0.62 + 0.06 * pulse) * (self.board.geo.lost_scale if lost else 1.0))
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = (round(centre[0]), round(centre[1]))
            self._ring(surface, box, r, max(2, round(s * 0.06)), alpha)

    def _draw_hint_card(self, surface: pygame.Surface) -> None:
        """A pulsing ring around the hinted card of the active hand."""
        index = self.hinted_card()
        if index is None or self.table is None:
            return
        rects = self.table.card_rects(self.state.active, len(self.state.hands[self.state.active]))
        if index >= len(rects):
            return
        r = rects[index]
        if r.collidepoint(self.mouse) or index == self.wild:
            r = r.move(0, -self.seats.lift(self.table))
        pulse = 0.5 + 0.5 * math.sin(self.now / 120)
        grow = self.app.px(6 + 5 * pulse)
        self._ring(surface, r.inflate(grow, grow), self.app.px(9), max(2, self.app.px(4)), self._hint_alpha())

    def _draw_seats(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        table = self.table
        state = self.state
        hover = None
        for i, r in enumerate(table.card_rects(state.active, len(state.hands[state.active]))):
            if r.collidepoint(self.mouse):
                hover = i
        for seat, name in enumerate(state.players):
            active = seat == state.active and self.phase != "over"
            if active:
                glow = self.app.sprites.nine_slice("arenas/hand_glow", table.seats[seat].inflate(self.app.px(40), self.app.px(40)).size)
                glow.set_alpha(round(170 + 85 * math.sin(self.now / 300)))
                surface.blit(glow, glow.get_rect(center=table.seats[seat].center))
            bot = self.is_bot(seat)
            self.seats.draw(surface, table, seat, name, state.hands[seat], active,
                            hover if active and not bot else None, self.wild if active else None,
                            keys=self.replay is None and not bot, bot=bot)
            if active and bot and self.phase == "running":
                self._draw_thinking(surface, table.seats[seat].move(0, -self.seats.lift(table)))

    def _draw_thinking(self, surface: pygame.Surface, seat: pygame.Rect) -> None:
        """Three bouncing dots at the top right of a bot's seat while it holds the turn."""
        app = self.app
        r = max(2, app.px(4))
        y = seat.top + app.px(8) + text.font(app.font_px(19), True).get_linesize() // 2
        for k in range(3):
            bounce = max(0.0, math.sin(self.now / 140 - k * 0.9))
            centre = (seat.right - app.px(46) + k * app.px(12), round(y - bounce * app.px(4)))
            pygame.draw.circle(surface, (20, 10, 6), centre, r + 1)
            pygame.draw.circle(surface, (255, 226, 140), centre, r)

    def _hud_background(self, rect: pygame.Rect) -> pygame.Surface:
        if self.hud_bg is None or self.hud_bg.get_size() != rect.size:
            bg = pygame.Surface(rect.size, pygame.SRCALPHA)
            bg.fill((24, 14, 8, 200))
            pygame.draw.line(bg, self.app.sprites.colour("arenas_glow"), (0, rect.h - 2), (rect.w, rect.h - 2), 2)
            self.hud_bg = bg
        return self.hud_bg

    def _draw_hud(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        app = self.app
        hud = self.table.hud
        surface.blit(self._hud_background(hud), hud)
        light = (250, 238, 214)
        level = self.state.level
        cy = hud.centery
        x = app.px(14)
        title = f"Level {level.number} · {level.name}"
        px = text.fit_px(title, app.font_px(20), app.px(250), bold=True)
        r = text.draw_text(surface, title, px, light, (x, cy), "midleft", bold=True)
        x = r.right + app.px(16)
        clock = format_ms(self.state.time_ms)
        r = text.draw_text(surface, clock, app.font_px(28), app.sprites.colour("arenas_glow"), (x, cy), "midleft", bold=True)
        x = r.right + app.px(8)
        if self.state.assisted:
            r = text.draw_text(surface, "ASSISTED", app.font_px(14), (150, 220, 255), (x, cy), "midleft", bold=True)
            x = r.right + app.px(8)
        if self.replay is not None:
            r = text.draw_text(surface, "REPLAY", app.font_px(14), (255, 200, 120), (x, cy), "midleft", bold=True)
            x = r.right + app.px(8)
        x += app.px(8)
        # Legend: every timer's colour, code and remaining sand as a small bar.
        item_w = app.px(78)
        for t in self.state.timers.values():
            colour = app.sprites.colour(TIMER_SPECS[t.id].sand)
            pygame.draw.circle(surface, (10, 6, 4), (x + app.px(7), cy - app.px(7)), app.px(7))
            pygame.draw.circle(surface, colour, (x + app.px(7), cy - app.px(7)), app.px(6))
            danger = t.remaining_ms < DANGER_MS and self.phase == "running"
            label = TIMER_CODES[t.id] + (" lost" if t.lost else "")
            ink = (255, 110, 90) if danger or t.lost else light
            text.draw_text(surface, label, app.font_px(16), ink, (x + app.px(18), cy - app.px(7)), "midleft", bold=True)
            bar = pygame.Rect(x, cy + app.px(6), item_w - app.px(12), app.px(7))
            pygame.draw.rect(surface, (60, 44, 32), bar, border_radius=app.px(3))
            fill = bar.copy()
            fill.w = round(bar.w * self.fraction(t.id))
            if fill.w > 0:
                pygame.draw.rect(surface, (255, 90, 60) if danger else colour, fill, border_radius=app.px(3))
            x += item_w
        right = hud.right - app.px(12)
        if self.hint_blocker() is None:
            button = self.hint_button
            button.draw(surface, app, button.rect.collidepoint(self.mouse), False)
            right = button.rect.left - app.px(14)
        deck = f"Deck {len(self.state.deck)}"
        r = text.draw_text(surface, deck, app.font_px(16), light, (right, cy), "midright")
        right = r.left - app.px(14)
        if self.last_card is not None:
            name, caption, _at = self.last_card
            room = max(app.px(60), right - x - app.px(40))
            cpx = text.fit_px(caption, app.font_px(16), room)
            r = text.draw_text(surface, caption, cpx, light, (right, cy), "midright")
            ch = hud.h - app.px(10)
            mini = self.cards.image(Card.from_name(name), (round(ch / 1.39), ch))
            surface.blit(mini, mini.get_rect(midright=(r.left - app.px(6), cy)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        state = self.state
        name = state.players[state.active]
        n = len(state.hands[state.active])
        many = len(state.players) > 1
        if self.phase == "countdown":
            msg = "Get ready… the sand starts when the countdown ends  ·  Space, Enter or a click starts it now"
        elif self.phase == "over":
            msg = "Press Enter for the result"
        elif self.replay is not None:
            msg = "Watching a replay  ·  Esc stops it"
        elif self.setup.watch:
            msg = f"Watching the bots play  ·  {name} is choosing a card  ·  Esc stops"
        elif self.bot_turn_now():
            msg = f"{name} (bot) is choosing a card…"
        elif self.hint is not None:
            msg = self.hint.message
        elif self.wild is not None:
            msg = "Wild card: click a timer to flip and move it, or a lost timer to recover it  ·  Esc keeps the card"
        else:
            who = f"{name}'s turn: " if many else ""
            msg = f"{who}click a card or press 1–{n}  ·  every gear of the card's colour or shape moves its timer"
        app = self.app
        px = text.fit_px(msg, app.font_px(19), self.table.board.w - app.px(20), bold=True)
        hinting = self.hint is not None and msg == self.hint.message
        img = text.render(msg, px, HINT_COLOUR if hinting else (255, 240, 206), bold=True)
        rect = img.get_rect(center=(self.table.board.centerx, self.table.prompt_y))
        back = rect.inflate(app.px(24), app.px(8))
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((20, 12, 6, 170))
        surface.blit(shade, back)
        surface.blit(img, rect)

    def _draw_floating(self, surface: pygame.Surface) -> None:
        app = self.app
        for f in self.floating:
            t = (self.now - f.start) / MESSAGE_MS
            img = text.render(f.message, app.font_px(19), f.colour, bold=True)
            x = min(max(f.pos[0], img.get_width() / 2 + 8), surface.get_width() - img.get_width() / 2 - 8)
            y = f.pos[1] - app.px(26) * t
            rect = img.get_rect(center=(round(x), round(y)))
            back = rect.inflate(app.px(16), app.px(8))
            shade = pygame.Surface(back.size, pygame.SRCALPHA)
            alpha = 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)
            shade.fill((20, 10, 6, round(200 * alpha)))
            surface.blit(shade, back)
            img.set_alpha(round(255 * alpha))
            surface.blit(img, rect)
            img.set_alpha(None)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hover_ms < 350 or self.board is None or self.hover_key is None:
            return
        timer, gear = self.hover_key  # type: ignore[misc]
        state = self.state
        if timer is not None:
            t = state.timers[timer]
            where = f"lost beside gear {t.lost_beside + 1}" if t.lost else f"on gear {t.tile + 1}"
            msg = f"{timer_label(timer)} · {t.remaining_ms / 1000:.0f} s of {t.capacity_ms // 1000} s · {where}"
        elif gear is not None:
            tile = state.level.path[gear]
            extra = " · danger zone" if gear >= state.level.deactivator else ""
            extra += " · blocked" if gear in state.level.blocks else ""
            extra += " · rusted: only a wild card turns it" if self.board and gear in self.board.rusted else ""
            msg = f"Gear {gear + 1}: {tile.label()}{extra}"
        else:
            return
        draw_tooltip(surface, self.app, msg, self.mouse)

    def _draw_countdown(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        app = self.app
        n = max(1, math.ceil(self.countdown_left / 1000))
        frac = (self.countdown_left % 1000) / 1000
        size = app.font_px(130 + 40 * frac)
        centre = self.table.board.center
        disc = pygame.Surface((app.px(220), app.px(220)), pygame.SRCALPHA)
        pygame.draw.circle(disc, (20, 10, 6, 170), (disc.get_width() // 2, disc.get_height() // 2), app.px(105))
        surface.blit(disc, disc.get_rect(center=centre))
        text.draw_text(surface, str(n), size, app.sprites.colour("arenas_glow"), centre, "center", bold=True,
                       shadow=(20, 10, 6))
        text.draw_text(surface, "sand starts in", app.font_px(20), (250, 238, 214),
                       (centre[0], centre[1] - app.px(66)), "center", bold=True)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The turn announcement, next to the active player's seat on the board side."""
        assert self.banner is not None and self.table is not None
        app = self.app
        message, start = self.banner
        t = (self.now - start) / BANNER_MS
        if t < 0:
            return
        alpha = min(1.0, t * 6) * (1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25))
        img = text.render(message, app.font_px(30), app.sprites.colour("arenas_glow"), bold=True)
        seat = self.table.seats[self.state.active]
        board = self.table.board
        rise = round(app.px(12) * (1 - min(1.0, t * 5)))
        if seat.top >= board.bottom:      # bottom row: above the seat, over the prompt line
            rect = img.get_rect(midbottom=(seat.centerx, seat.top - app.px(10) + rise))
        elif seat.bottom <= board.top:    # top row: below the seat
            rect = img.get_rect(midtop=(seat.centerx, seat.bottom + app.px(10) - rise))
        elif seat.right <= board.left:    # left column
            rect = img.get_rect(midleft=(seat.right + app.px(14), seat.centery))
        else:                             # right column
            rect = img.get_rect(midright=(seat.left - app.px(14), seat.centery))
        rect.clamp_ip(surface.get_rect())
        back = rect.inflate(app.px(32), app.px(12))
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((20, 10, 6, round(220 * alpha)))
        pygame.draw.rect(shade, (*app.sprites.colour("arenas_glow"), round(230 * alpha)), shade.get_rect(), 2)
        surface.blit(shade, back)
        img.set_alpha(round(255 * alpha))
        surface.blit(img, rect)
        img.set_alpha(None)

    def _dim(self, surface: pygame.Surface, alpha: int) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 6, 4, alpha))
        surface.blit(shade, (0, 0))

    def _draw_paused(self, surface: pygame.Surface) -> None:
        app = self.app
        self._dim(surface, 150)
        w, h = surface.get_size()
        text.draw_text(surface, "Paused", app.font_px(64), app.sprites.colour("arenas_glow"), (w // 2, h // 2 - app.px(30)),
                       "center", bold=True, shadow=(0, 0, 0))
        text.draw_text(surface, "Assist used: this run is marked assisted  ·  Esc, Space or a click resumes",
                       app.font_px(22), (250, 238, 214), (w // 2, h // 2 + app.px(30)), "center", shadow=(0, 0, 0))

    def _draw_over(self, surface: pygame.Surface) -> None:
        assert self.ended_at is not None and self.table is not None
        app = self.app
        t = min(1.0, (self.now - self.ended_at) / 500)
        won = self.state.result == "won"
        message = "Every timer is through — the machine stops!" if won else "The sand ran out"
        colour = (140, 240, 140) if won else (255, 120, 100)
        img = text.render(message, app.font_px(44), colour, bold=True)
        rect = img.get_rect(midbottom=(self.table.board.centerx, self.table.board.bottom - app.px(8)))
        back = rect.inflate(app.px(60), app.px(30))
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((15, 8, 4, round(210 * t)))
        surface.blit(shade, back)
        img.set_alpha(round(255 * t))
        surface.blit(img, rect)
        img.set_alpha(None)
