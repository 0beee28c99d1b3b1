"""The play scene: wiring of a run (`run`), its input (`play_input`), its animations (`motion`) and its view.

The scene owns its parts and hands them a `Moment` (what they read, as it is now): the input returns
what it wants done (`play_input.TableCommand`), which the scene carries out; the view returns the frame's parts.
The rules clock is fed only by `fixed_update`, which steps the pygame-free `Match`; a person's card
(`play_input`) and a bot's or a replay's card (`Match.step`) all go through `Match.play`, and what the run tells
in its `happenings` (taken after each step and each card) becomes animations here: flip 180°, slide, gears
turning, a lost timer falling over. Animations run on the scene's own real-time clock; the rules never wait
for them, and the sand drawn is always the true remaining time of the state (only a timer in the middle of its flip
shows its sand as it was, turning). The hint (H) asks the team-mate bot for the active human's
best card, rings it and the timers it would turn for a few seconds, and marks the run assisted.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.match import CardDone, Match, Phase, Refused, SandRan
from arenas.online_match import OnlineMatch
from arenas.rules.actions import Action
from arenas.rules.events import (
    EVENT_TYPES,
    CardDrawn,
    CardHadNoEffect,
    CardPlayed,
    DeckReshuffled,
    Event,
    GameLost,
    GameWon,
    TimerBlocked,
    TimerFlipped,
    TimerLost,
    TimerMoved,
    TimerRecovered,
    TurnChanged,
)
from arenas.rules.state import GameState
from arenas.scenes import play_input
from arenas.scenes.board import DANGER_MS, BoardView
from arenas.scenes.fitting import play_board
from arenas.scenes.hands import TableLayout
from arenas.scenes.hints import Hint, describe_hint
from arenas.scenes.messages import LastCard, Messages
from arenas.scenes.moment import END_HOLD_MS, HoverKey, Moment, drawn_place, timer_at
from arenas.scenes.motion import Motion
from arenas.scenes.play_input import Do, FocusCard, FocusWild, Play, Say, TableCommand, TakeWild, Thinking
from arenas.scenes.running_rules import RunningRulesScene
from arenas.scenes.view import PlayView
from arenas.session import GameSetup, RunRecord, is_shipped
from arenas.wording import card_name, level_title, timer_name
from common.data.i18n import N_, _, ngettext
from common.data.keymap import keymap
from common.data.rules_api import IllegalAction
from common.engine.layers import Part
from common.engine.scene import Scene
from common.scenes.help import HelpOverlay
from common.ui.dialog import Dialog
from common.ui.widgets import Button

if TYPE_CHECKING:
    from common.engine.app import App

Point = tuple[float, float]
ShowResult = Callable[[GameSetup, GameState, RunRecord, bool], None]  # setup, state, record, watched

END_GUARD_MS = 600   # ... but not in the first moment: a click or key meant for a card goes nowhere
HISS_VOLUME = 0.35
PLAIN, DANGER = (255, 240, 200), (255, 150, 120)


class LeaveDialog(Dialog):
    """'Leave the game?' over a running game: the sand keeps flowing in the scene underneath (there is no
    pause); `leave` is its Leave button's action."""

    keeps_below_running = True

    def __init__(self, app: App, leave: Callable[[], None], title: str, message: str, leave_label: str) -> None:
        super().__init__(app, title, message, [(leave_label, leave), (_("Keep playing"), lambda: None)])


class PlayScene(Scene):
    """One run of a level, live (hot-seat, 1–7 players) or driven by a replay's timed actions."""

    title = "Arenas Movedizas"
    over_prompt = N_("The result in {seconds} s  ·  Enter shows it now")  # once the run is over (a msgid)

    def __init__(self, app: App, setup: GameSetup, on_over: ShowResult, state: GameState | None = None, *,
                 replay_actions: list[tuple[int, Action]] | None = None, countdown: bool = True,
                 run: Match | OnlineMatch | None = None) -> None:
        """`run`: the run to show instead of a local one of `setup` (an online room's, fed by the server)."""
        super().__init__(app)
        self.on_over = on_over
        self.run: Match | OnlineMatch = run if run is not None else Match(setup, state, replay_actions, countdown)
        self.motion = Motion(app.anim_ms)
        self.messages = Messages()
        self.view = PlayView(app)
        self.now = 0.0
        self.asking = False
        self.wild: int | None = None
        self.wild_focus: str | None = None
        self.card_focus: int | None = None  # the active hand's card the arrows rest on (Enter plays it)
        self.mouse = (-1, -1)
        self.hover_ms = 0.0
        self.hover_key: HoverKey | None = None
        self.ended_at: float | None = None
        self.last_home: str | None = None  # the last timer that crossed the Deactivator
        self.tick_second: int | None = None
        self.hissing = False
        self.table: TableLayout | None = None
        self.board: BoardView | None = None
        self.area = app.size  # the window part the table fills (the tutorial keeps a column for its coach)
        self.sprite_version = app.sprites.version
        self.shipped = is_shipped(self.run.state.level)  # a box level as the box has it (the top bar says so)
        self.hint: Hint | None = None
        self.hint_button = Button(keymap(app.settings.key_bindings).hint_label(), self.show_hint, font=17)
        self.leave_button = Button(_("Leave (L)"), self.ask_leave, _("End this run and go back"), font=20,
                                   sound="ui_back")  # on the pause overlay

    # ---- lifecycle -----------------------------------------------------------------------
    @property
    def rules_game(self) -> str | None:  # type: ignore[override]
        """F1 opens the plain rules screen except mid-run without the pause assist, where `read_rules` opens
        them with the sand running (controls)."""
        return None if self.run.no_pause_now() else "arenas"

    def enter(self) -> None:
        if self.run.phase == Phase.RUNNING:
            self._start_hiss()
        else:
            self.app.sounds.play("countdown_beep")

    def leave(self) -> None:
        self._stop_hiss()

    def pause(self) -> None:
        """Another scene covers this one: anything but our leave dialog or mid-run rules pauses, as the assist."""
        self._stop_hiss()
        if not self.asking and self.run.phase == Phase.RUNNING and not self.run.paused and self.run.replay is None:
            self.pause_play()

    def resume(self) -> None:
        self.asking = False
        if self.run.phase == Phase.RUNNING and not self.run.paused:
            self._start_hiss()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        if app.sprites.version != self.sprite_version:
            self.sprite_version = app.sprites.version
            self.view.clear()
        state = self.run.state
        self.area = size
        self.board, self.table = play_board(app, state.level, len(state.players), size)
        self.view.resized()
        hud = self.table.hud
        self.hint_button.rect = pygame.Rect(0, 0, app.px(104), hud.h - app.px(14))
        self.hint_button.rect.midright = (hud.right - app.px(10), hud.centery)
        self.leave_button.rect = pygame.Rect(0, 0, app.px(200), app.px(50))
        self.leave_button.rect.midtop = (size[0] // 2, size[1] // 2 + app.px(70))
        self.motion.place_all({tid: (self._spot(t.position, t.lost), t.lost) for tid, t in state.timers.items()})

    def _spot(self, tile: int, lost: bool) -> Point:
        """Where a timer stands on gear `tile`, or lies beside it when lost."""
        assert self.board is not None
        geo = self.board.geo
        spot = geo.lost_spots[tile] if lost else None
        return spot if spot is not None else geo.spots[tile]

    def toast_area(self) -> pygame.Rect | None:
        """Toasts (a sprite pack reloaded) stand above the prompt line, off the hands' card names."""
        app = self.app
        return None if self.table is None else pygame.Rect(app.px(26), 0, app.size[0] - 2 * app.px(26),
                                                           self.table.prompt_y - app.px(15))

    # ---- sounds --------------------------------------------------------------------------
    def _start_hiss(self) -> None:
        if not self.hissing and self.run.state.result is None:
            self.app.sounds.loop("sand_hiss", HISS_VOLUME)
            self.hissing = True

    def _stop_hiss(self) -> None:
        if self.hissing:
            self.app.sounds.stop_loop("sand_hiss")
            self.hissing = False

    # ---- the rules clock -----------------------------------------------------------------
    def fixed_update(self, step_ms: int) -> None:
        run = self.run
        if run.phase != Phase.RUNNING or run.paused or run.state.result is not None:
            return
        run.step(step_ms)
        self._take_happenings()
        low = min(t.remaining_ms for t in run.state.timers.values())
        second = low // 1000
        if low < DANGER_MS and run.state.result is None and second != self.tick_second:
            self.app.sounds.play("warning_tick", 0.8)
        self.tick_second = second

    def apply(self, action: Action, pos: Point | None) -> None:
        """A person's card (a click or a key): played through the run, or refused in words at `pos`."""
        try:
            self.run.play(action)
        except IllegalAction as exc:
            self.app.sounds.play("ui_error")
            self.say(exc.reason, pos, danger=True)
            return
        self.wild = None
        self._take_happenings()

    def _take_happenings(self) -> None:
        """What the run told since the last take: the sand and the cards animated, a refused card said."""
        for happening in self.run.happenings.take():
            match happening:
                case SandRan(events):
                    self._absorb(events, from_card=False)
                case CardDone(_, events):
                    self.wild = None
                    self._absorb(events, from_card=True)
                case Refused(_, reason, replay=True):
                    self.say(_("Replay stopped: {reason}").format(reason=reason), None, danger=True)
                case Refused(_, reason):
                    self.app.sounds.play("ui_error")
                    self.say(reason, None, danger=True)
                case _:
                    assert_never(happening)

    # ---- events -> animations, sounds and words ------------------------------------------
    def _absorb(self, events: list[Event], from_card: bool) -> None:
        if not events:
            return
        state, now, motion = self.run.state, self.now, self.motion
        assert self.board is not None
        geo = self.board.geo
        order: dict[str, float] = {}  # a card's timers, each with its stagger delay
        moved = flipped = 0
        recovered: list[str] = []
        played: CardPlayed | None = None
        for e in events:
            assert isinstance(e, EVENT_TYPES), f"the play scene does not know the event {e!r}"
            match e:
                case CardPlayed():
                    played = e
                case TimerFlipped():
                    cap = state.timers[e.timer].capacity_ms
                    delay = order.setdefault(e.timer, motion.stagger(len(order))) if from_card else 0.0
                    motion.flip(e.timer, now, delay, (cap - e.remaining_ms) / cap)
                    flipped += 1
                case TimerMoved():
                    motion.slide(e.timer, now, order.get(e.timer, 0.0), geo.spots[e.to_tile])
                    moved += 1
                    if e.to_tile >= state.level.deactivator:
                        self.last_home = e.timer
                case TimerBlocked():
                    x, y = geo.spots[e.tile]
                    self.messages.show(_("can't move"), (x, y - geo.s * 0.7), (255, 236, 200), now)
                case TimerLost():
                    dst = self._spot(e.tile, lost=True)
                    motion.fall(e.timer, now, dst)
                    # A short word at the timer; the sentence where messages are read, off the crowded board.
                    self.messages.show(_("lost!"), (dst[0], dst[1] - geo.s * 0.7), DANGER, now)
                    self.say(_("{timer} ran out and is lost beside gear {n} — a wild card can recover it").format(
                        timer=timer_name(e.timer), n=e.tile + 1), danger=True)
                case TimerRecovered(back_on_path=True):
                    motion.stand_up(e.timer, now, order.get(e.timer, 0.0), geo.spots[e.tile])
                    recovered.append(_("{timer} is back on gear {n}").format(timer=timer_name(e.timer), n=e.tile + 1))
                case TimerRecovered():
                    recovered.append(_("gear {n} is taken, {timer} stays lost").format(
                        n=e.tile + 1, timer=timer_name(e.timer)))
                    self.say(_("Gear {n} is taken: {timer} was flipped but stays lost").format(
                        n=e.tile + 1, timer=timer_name(e.timer)), motion.looks[e.timer].rest)
                case TurnChanged():
                    if len(state.players) > 1:
                        self._turn_banner(e.player)
                        motion.schedule(now + self.app.anim_ms(120), "turn_chime")
                case GameWon() | GameLost():
                    self._end()
                case CardHadNoEffect() | CardDrawn() | DeckReshuffled():
                    pass
                case _:
                    assert_never(e)
        if played is not None:
            self._caption(played, len(order) - moved, moved, recovered)
        if flipped:
            self.app.sounds.play("flip_clack", 0.9)

    def _caption(self, played: CardPlayed, stayed: int, moved: int, recovered: list[str]) -> None:
        """The top bar's words for the card just played: who played what, and what it did."""
        card = card_name(played.card)
        who = (_("{name} played {card}") if len(self.run.state.players) > 1 else _("Played {card}")).format(
            name=self.run.state.players[played.player], card=card)
        if recovered:
            effect = recovered[0]
        elif moved:
            effect = ngettext("moved {n}", "moved {n}", moved).format(n=moved)
            if stayed > 0:
                effect += ", " + ngettext("{n} only flipped", "{n} only flipped", stayed).format(n=stayed)
        elif stayed:
            effect = _("flipped in place")
        else:
            effect = _("no timer matched")
        self.messages.last_card = LastCard(played.card.name, f"{who} · {effect}", self.now)

    def _turn_banner(self, seat: int) -> None:
        name = self.run.state.players[seat]
        banner = _("{name} (bot) is thinking…") if self.run.is_bot(seat) else _("{name}'s turn")
        self.messages.announce(banner.format(name=name), self.now)

    def _end(self) -> None:
        if self.ended_at is not None:
            return
        self.ended_at = self.now
        self.wild = None
        self._stop_hiss()
        self.app.sounds.play("win_stinger" if self.run.state.result == "won" else "lose_stinger")
        for problem in (self.run.record or RunRecord()).problems:
            self.app.toast(problem)

    # ---- words and places ----------------------------------------------------------------
    def say(self, message: str, pos: Point | None = None, danger: bool = False) -> None:
        """A short visible message (why a click did nothing, what just happened)."""
        if pos is None:
            line_y = self.table.prompt_y if self.table else self.app.size[1] / 2
            pos = (self.app.size[0] / 2, line_y - self.app.px(30))
        self.messages.show(message, pos, DANGER if danger else PLAIN, self.now)

    def thinking(self, pos: Point | None = None) -> None:
        """Why a person's input waits: a bot, or a team-mate on another screen, holds the turn."""
        active = self.run.state.active
        line = _("{name} is choosing a card…") if self.run.elsewhere(active) else _("{name} is thinking…")
        self.say(line.format(name=self.run.state.players[active]), pos)

    def timer_at(self, pos: tuple[int, int]) -> str | None:
        """The timer drawn under `pos` (standing or lost), if any."""
        return timer_at(self.board, self.motion, self.run.state, self.now, pos)

    def drawn_place(self, timer_id: str) -> tuple[Point, float]:
        """(centre, tilt) where a timer is drawn now."""
        return drawn_place(self.motion, timer_id, self.now)

    def moment(self) -> Moment:
        """What the scene's parts read, as it is now."""
        return Moment(self.run, self.motion, self.messages, self.now, self.board, self.table, self.area,
                          self.wild, self.wild_focus, self.card_focus, self.hint, self.mouse, self.hover_key,
                          self.hover_ms, self.ended_at, self.last_home, self.hint_button, self.leave_button,
                          self.over_prompt, self.hint_blocker(), self.app.settings,
                          isinstance(self.app.stack.top, Dialog), level_title(self.run.state.level, self.shipped))

    # ---- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.mouse = event.pos
        intents = play_input.handle(self.moment(), event)
        if intents is None:
            return False
        self.carry_out(intents)
        return True

    def play_card(self, index: int) -> None:
        """Key 1–3 or a click on the active player's card."""
        self.carry_out(play_input.play_card(self.moment(), index))

    def carry_out(self, intents: tuple[TableCommand, ...]) -> None:
        """Do what the input wants done."""
        for intent in intents:
            match intent:
                case Say(message, pos):
                    self.say(message, pos)
                case Thinking(pos):
                    self.thinking(pos)
                case Play(action, pos):
                    self.apply(action, pos)
                case TakeWild(index, focus):
                    self.wild, self.wild_focus = index, focus
                    self.app.sounds.play("ui_click")
                case Do.CANCEL_WILD:
                    self.wild, self.wild_focus = None, None
                    self.app.sounds.play("ui_back")
                    self.say(_("Wild card kept in hand"))
                case FocusWild(target):
                    self.wild_focus = target
                    self.app.sounds.play("ui_hover", 0.6)
                case FocusCard(index):
                    self.card_focus = index
                case Do.PRESS_HINT:
                    self.hint_button.activate(self.app)
                case Do.PRESS_LEAVE:
                    self.leave_button.activate(self.app)
                case Do.SHOW_HELP:
                    self.show_help()
                case Do.SHOW_HINT:
                    self.show_hint()
                case Do.PAUSE_PLAY:
                    self.pause_play()
                case Do.RESUME_PLAY:
                    self.resume_play()
                case Do.ASK_LEAVE:
                    self.ask_leave()
                case Do.READ_RULES:
                    self.read_rules()
                case Do.END_SEEN:
                    self.end_seen()
                case Do.SKIP_COUNTDOWN:
                    self.skip_countdown()
                case _:
                    assert_never(intent)

    # ---- hints ---------------------------------------------------------------------------
    def hint_blocker(self) -> str | None:
        """Why no hint can be asked for now ("" when there is nothing to explain), or None if one can."""
        run = self.run
        if run.replay is not None:
            return _("This is a replay: no hints")
        if run.phase == Phase.COUNTDOWN:
            return _("Hints start with the sand — after the countdown")
        if run.phase != Phase.RUNNING or run.paused:
            return ""
        if run.bot_turn_now():
            name = run.state.players[run.state.active]
            return (_("{name}'s turn: hints are for your own turn") if run.elsewhere(run.state.active)
                    else _("{name} is thinking… hints are for your own turn")).format(name=name)
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
        first = not self.run.state.assisted
        action = self.run.hint()
        if action is None:
            return
        self.hint = describe_hint(self.run.state, action, self.now)
        self.messages.banner = None
        self.app.sounds.play("turn_chime", 0.6)
        if first:
            self.say(_("Hint used: this run is now assisted (no best time)"))

    # ---- pause, leave, result ------------------------------------------------------------
    def show_help(self) -> None:
        """The controls over the board: without the pause assist the sand runs on under them, as under the
        leave dialog; with it, covering the board pauses it (`pause`), as the rules do."""
        if self.run.no_pause_now():
            self.asking = True
            self.app.push(HelpOverlay(self.app, "arenas", keep_running=True,
                                      note=_("The sand keeps running while you read this")))
        else:
            self.app.push(HelpOverlay(self.app, "arenas"))

    def pause_play(self) -> None:
        """The pause assist: time stops; the run is marked assisted."""
        self.run.pause()
        self._stop_hiss()

    def resume_play(self) -> None:
        self.run.resume()
        self.app.fixed_clock.reset()
        self._start_hiss()

    def read_rules(self) -> None:
        """F1 mid-run: the rules over the board while the sand keeps running (the table game never stops)."""
        self.asking = True  # not a pause
        self.app.push(RunningRulesScene(self.app, self.run))

    def ask_leave(self) -> None:
        self.asking = True  # the leave dialog lets the sand run on: it is not a pause
        if self.run.replay is not None:
            words = _("Stop the replay?"), _("Go back without watching the rest."), _("Stop")
        elif self.run.setup.watch:
            words = _("Stop watching?"), _("The bots keep playing while you decide."), _("Stop")
        elif self.run.leave_keeps_seat:
            words = (_("Leave the game?"), _("The team plays on: a bot plays your seat until you come back."),
                     _("Leave"))
        elif self.run.paused:
            words = _("Leave the game?"), _("Leaving ends this run."), _("Leave")
        else:
            words = _("Leave the game?"), _("The sand keeps running while you decide. Leaving ends this run."), \
                _("Leave")
        self.app.push(LeaveDialog(self.app, self.leave_game, *words))

    def leave_game(self) -> None:
        self._stop_hiss()
        if self.app.stack.top is self:
            self.app.pop()

    def to_result(self) -> None:
        """On to the result screen (closing a dialog over this scene first)."""
        while self.app.stack.top is not self and self.app.stack.top is not None:
            self.app.pop()
        run = self.run
        self.on_over(run.setup, run.state, run.record or RunRecord(), run.replay is not None)

    # ---- the animation clock -------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        run = self.run
        if run.paused:
            return
        self.now += dt_ms
        if run.phase == Phase.COUNTDOWN:
            for _beep in range(run.count_down(dt_ms)):
                self.app.sounds.play("countdown_beep")
            if run.countdown_left <= 0:
                self._go()
        for name in self.motion.due_sounds(self.now):
            self.app.sounds.play(name, 0.7)
        self.motion.prune(self.now)
        self.messages.prune(self.now)
        if self.hint is not None and (self.hint.over(self.now, run.state) or run.phase != Phase.RUNNING):
            self.hint = None
        key = (self.timer_at(self.mouse), self.board.gear_at(self.mouse) if self.board else None)
        if key != self.hover_key:
            self.hover_key, self.hover_ms = key, 0.0
        else:
            self.hover_ms += dt_ms
        if self.ended_at is not None and self.now - self.ended_at >= END_HOLD_MS:
            self.to_result()

    def end_seen(self) -> None:
        """A key or a click on the held final board: on to the result, once it has been on show a moment."""
        if self.ended_at is None or self.now - self.ended_at >= END_GUARD_MS:
            self.to_result()

    def skip_countdown(self) -> None:
        """Space, Enter or a click during the countdown: the sand starts now."""
        if self.run.phase == Phase.COUNTDOWN:
            self._go()

    def _go(self) -> None:
        """End of the countdown: every timer is flipped full (most advanced first) and the clock starts."""
        state = self.run.state
        self.run.start()
        self.app.fixed_clock.reset()
        self.motion.flip_all_full([t.id for t in sorted(state.timers.values(), key=lambda t: -t.position)], self.now)
        self.app.sounds.play("flip_clack")
        self._start_hiss()
        if len(state.players) > 1:
            self._turn_banner(state.active)

    def frame_parts(self) -> list[Part] | None:
        return self.view.parts(self.moment())
