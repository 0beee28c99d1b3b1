"""The Arzium table: the map, four parties, the sidebar (turn, actions, artifact row, log).

Truth and undo: `state` is the committed game (autosaved after every committed action). A human
plays their turn on `work`, a clone, action by action; Undo rebuilds the clone from `state` and
the remaining pending actions, Confirm commits them. A turn commits by itself when undoing would
unveil hidden information (a land or artifact drawn from a pile), and, with a single human seat,
once it is finished and has been on show for AUTO_CONFIRM_MS: Undo until then, and the bots wait
for it, as does what follows the turn (the next turn's start or the game's end: banners, fanfare,
log lines, `next_turn`; the result screen only follows a committed end). Bots and replays act
on the committed state through controllers, at a pace set by the animation speed. The rules tell
every action at once; the move log shows each line as the timeline animates what it tells (an
undone action's lines leave it), and the sidebar header, the active party and the input stay with
the seat whose committed action the timeline is showing (`Playing`) until it reaches the turn change.

Hints (H, or the Hint button, on a human's own turn) ask the hard bot for a move in the worker
that bots think in, then show it: a search as a ghost in the hint colour on the map, any other
move as a ringed button, artifact or card with a one-line explanation. A game where a hint was
shown is "assisted" (result screen, replay meta).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from arzium.rules import (
    ABILITY_TEXT,
    BLANK_COST,
    EDGES,
    SIZE,
    Action,
    ArtifactRowRefilled,
    Bid,
    Buy,
    CardReplaced,
    Event,
    GameEnded,
    GameState,
    IllegalAction,
    PassBid,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    TurnStarted,
    UsePurse,
    UseSlide,
    UseWake,
    action_from_json,
    apply,
    clone,
    current_player,
    is_over,
    legal_actions,
    new_game,
    placement,
)
from arzium.rules.board import NEIGHBOURS
from arzium.scenes.art import CardArt
from arzium.scenes.board_view import HINT_RGB, BoardView
from arzium.scenes.controllers import BotController, BotSpec, Controller, ReplayController, Task, start_hint, warm_up
from arzium.scenes.effects import Animator
from arzium.scenes.log_panel import ABILITY_NAMES, LogLine, LogPanel, describe, describe_at, possessive, says
from arzium.scenes.party_view import SIDES, PartyLook, PartyView
from arzium.scenes.shown import Shown
from arzium.scenes.timeline import Timeline
from common import text
from common.scene import Scene
from common.widgets import Button, Dialog, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from common.app import App

SEARCH_ARTIFACTS = ("turn", "free_blank", "displace")
BOT_PAUSE_MS = 650       # a bot waits this long (at speed 1) after the last animation before acting
HOVER_DELAY_MS = 350
LAND_HOVER_MS = 1200     # the map is where the mouse rests while thinking: its tips wait longer
AUTO_CONFIRM_MS = 1000   # a lone human's finished turn stands after this long (real time, animations done)
TURN_OVER = (TurnStarted, GameEnded)  # what a pending turn holds back, from the first of them on, until confirmed


@dataclass
class Ghost:
    """The placement preview under the mouse: cells to draw and the search a click would make."""

    anchor: tuple[int, int]
    cells: list[tuple[int, int, str]]
    markers: tuple[int, ...]
    legal: bool
    reason: str
    search: Search | None
    coins: int = 0
    cost: int = 0
    options: bool = False  # open blanks or displace targets: the first click pins the ghost


@dataclass(frozen=True)
class Playing:
    """A committed action the timeline is still showing before its turn change: who made it, what it was,
    and the turn (number, final round) it was made in."""

    player: int
    action: Action
    turn: int
    final_round: bool


DOING = {Search: "searching", SkipSearch: "skipping the search", RestEarly: "resting", UsePurse: "using an artifact",
         UseSlide: "using an artifact", UseWake: "using an artifact", Buy: "buying", SkipBuy: "ending the turn",
         Bid: "bidding", PassBid: "passing"}


@dataclass
class Hint:
    """A suggested move on show: what it is, the position it answers, and what to light up."""

    action: Action
    key: tuple
    message: str
    cells: list[tuple[int, int, str]] = field(default_factory=list)  # ghost squares on the map
    card: int | None = None                                          # a character of the party
    artifacts: tuple[int, ...] = ()                                   # artifacts of the party
    row: int | None = None                                           # an artifact for sale
    button: Button | None = None
    colour: str | None = None  # whose marker the ghost shows (None: the acting player's)


class PlayScene(Scene):
    """One game at the table (also used, without input, to show a replay)."""

    rules_game = "arzium"
    title = "Arzium"

    def __init__(self, app: "App", state: GameState, actions: list[Action] | None = None,
                 replay: list[Action] | None = None, autosave: bool = True, assisted: bool = False) -> None:
        """`actions` led to `state` (a resumed game, `assisted` if it had shown a hint); `replay` plays these
        actions back instead of taking input; `autosave` False (tools, tests) keeps the user's save and
        replay folders untouched."""
        super().__init__(app)
        self.state = state
        self.actions: list[Action] = list(actions or [])
        self.replay = replay
        self.autosave_enabled = autosave and replay is None
        self.cards = state.cards
        self.seats = state.setup.seats
        self.names = [s.name for s in self.seats]
        self.colours = [s.colour for s in self.seats]
        self.art = CardArt(app, self.cards)
        self.board_view = BoardView(app, self.art)
        self.parties = [PartyView(app, self.art, i, seat) for i, seat in enumerate(self.seats)]
        self.timeline = Timeline()
        self.animator = Animator(self)
        self.log = LogPanel(app)
        self.controllers: dict[int, Controller] = {}
        if replay is not None:
            shared = ReplayController(replay)
            self.controllers = {i: shared for i in range(len(self.seats))}
        else:
            for i, seat in enumerate(self.seats):
                if seat.kind == "bot":
                    self.controllers[i] = BotController(BotSpec(seat.bot_level, state.seed * 31 + i * 7919 + 1))
            warm_up()  # the worker process starts while the table is dealt: the first bot move or hint is on time
        # a human turn in progress
        self.work: GameState | None = None
        self.work_player = -1
        self.pending: list[Action] = []
        self.pending_lines: list[int] = []
        self.undo_blocked = False
        self.next_turn: list[Event] = []  # the events from the turn change (or game end) on, told once confirmed
        self.auto_confirm = replay is None and sum(s.kind == "human" for s in self.seats) == 1
        self.confirm_ms = 0.0  # how long a finished turn has waited for its automatic confirmation
        # hints
        self.assisted = assisted
        self.hint: Hint | None = None
        self.hint_task: Task | None = None
        self.hint_key: tuple | None = None
        # display
        self.shown = Shown.of(state)
        self.announcement: tuple[str, tuple[int, int, int] | None, float, float] | None = None
        self.sparkles: list[list[float]] = []
        self.greeted: tuple[int, int] | None = None
        self.bot_idle_ms = 0.0
        self.finished = False
        self.t_ms = 0.0
        self.playing: Playing | None = None
        # input
        self.mouse = (-1, -1)
        self.hover_ms = 0.0
        self.hover_key: tuple | None = None
        self.mouse_moved = False  # map tips only after the mouse moved there (not after a click or a turn)
        self.selected: int | None = None
        self.blanks: set[int] = set()
        self.armed: dict[str, str] = {}   # ability -> artifact id, for the next search
        self.pinned: tuple[int, int] | None = None
        self.displace_sq: int | None = None
        self.mode: str | None = None      # "slide" | "wake"
        self.mode_artifact: str | None = None
        self.slide_src: int | None = None
        self._ghost_key: tuple | None = None
        self._ghost: Ghost | None = None
        self._skip_key: tuple | None = None
        self._skip_value = False
        self._bg: tuple[tuple, pygame.Surface] | None = None
        self._bg_version = 0
        self._side: tuple[tuple, pygame.Surface] | None = None
        self._tags: dict[tuple, pygame.Surface] = {}
        self.seat_marks = [(s.edge, s.colour) for s in self.seats]
        self.row_rects: list[pygame.Rect] = []
        self.log.colours = [self.art.colour(c) for c in self.colours]
        self.log.add([LogLine(f"{'Replay' if replay is not None else 'Game'}: "
                              + ", ".join(f"{n} ({s.edge})" for n, s in zip(self.names, self.seats)))])
        if self.actions:  # a resumed game: tell its story so far
            past = new_game(state.setup, state.seed, state.cards)
            for action in self.actions:
                self.log.add(describe(apply(past, action), state.setup, self.cards, past.turn))
        # sidebar buttons
        self.rest_btn = Button("Rest early", lambda: self.act(RestEarly()), font=20)
        self.undo_btn = Button("Undo", self.undo, "Take back your last action (Ctrl+Z)", font=20, sound="ui_back")
        self.confirm_btn = Button("Confirm turn", self.confirm, "End your turn for good (Enter)", font=20)
        self.skip_btn = Button("Skip search", lambda: self.act(SkipSearch()),
                               "None of your face-up characters fits anywhere on the map", font=20)
        self.end_btn = Button("End turn", lambda: self.act(SkipBuy()), "Finish without buying an artifact (Enter)",
                              font=20)
        self.place_btn = Button("Place here", self.place_pinned, "Search with the pinned pattern (Enter)", font=20)
        self.menu_btn = Button("Menu", self.open_menu, "Pause: rules, leave (the game is saved)", font=20,
                               sound="ui_back")
        self.hint_btn = Button("Hint (H)", self.request_hint, "Ask the Hard bot for a good move "
                               "(the game then counts as assisted)", font=16)
        self.group = WidgetGroup(app, [])
        first_human = next((i for i, s in enumerate(self.seats) if s.kind == "human"), None)
        face = self.acting_human()
        edge = self.seats[face].edge if face is not None else \
            self.seats[first_human].edge if first_human is not None and replay is None else "south"
        self.board_view.set_edge(edge, 0)

    # ==========================================================================================
    # state and turn flow

    def view_state(self) -> GameState:
        """The state the table shows: the human's work in progress, else the committed game."""
        return self.work if self.work is not None else self.state

    def acting_human(self) -> int | None:
        """The human seat whose input is taken now, or None (bot, replay, awaiting confirmation, or another
        seat's action still on show)."""
        if self.replay is not None:
            return None
        if self.work is not None:
            p = current_player(self.work)
            return p if p == self.work_player and not is_over(self.work) else None
        p = current_player(self.state)
        if self.playing is not None and self.playing.player != p:
            return None  # the board has not shown the turn change yet
        return p if p is not None and self.seats[p].kind == "human" else None

    def turn_on_show(self) -> int | None:
        """The seat whose turn the table shows: the one playing its turn in progress, else the one whose
        committed action the timeline is still showing, else the one to act."""
        if self.work is not None:
            return self.work_player
        if self.playing is not None:
            return self.playing.player
        return current_player(self.state)

    @property
    def awaiting_confirm(self) -> bool:
        return self.work is not None and self.acting_human() is None

    def act(self, action: Action) -> bool:
        """Apply a human's action to their turn in progress; False (with a message) if illegal."""
        p = self.acting_human()
        if p is None:
            return False
        self.skip_animations()
        if self.work is None:
            self.work, self.work_player = clone(self.state), p
            self.pending, self.pending_lines, self.undo_blocked = [], [], False
        try:
            events = apply(self.work, action)
        except IllegalAction as exc:
            if not self.pending:
                self.work = None
            self.app.toast(exc.reason)
            self.app.sounds.play("ui_error")
            return False
        self.pending.append(action)
        if any((type(e) is CardReplaced and e.card) or (type(e) is ArtifactRowRefilled and e.artifact)
               for e in events):
            self.undo_blocked = True
        stands = self.undo_blocked or self.work_player != self.state.active  # a bid out of turn stands at once
        change = len(events) if stands else next((i for i, e in enumerate(events) if type(e) in TURN_OVER),
                                                 len(events))
        events, self.next_turn = events[:change], events[change:]
        told = describe_at(events, self.state.setup, self.cards, self.work.turn)
        self.log.tell([line for _, line in told], provisional=True)
        self.pending_lines.append(len(told))
        self.animator.play(events, told)
        self.clear_choice()
        if stands:
            turn, final = self.state.turn, self.state.final_round
            self.commit()
            self.follow(p, action, turn, final)
        return True

    def commit(self) -> None:
        """Make the pending actions the truth (and save); the next turn's start or the game's end, held until
        now, goes on the timeline."""
        if self.work is None:
            return
        self.state = self.work
        self.actions.extend(self.pending)
        self.work, self.pending, self.pending_lines, self.undo_blocked = None, [], [], False
        self.log.commit()
        self.autosave()
        if self.next_turn:
            told = describe_at(self.next_turn, self.state.setup, self.cards, self.state.turn)
            self.log.tell([line for _, line in told])
            self.animator.play(self.next_turn, told)
            self.next_turn = []

    def confirm(self) -> None:
        if self.work is not None and self.acting_human() is None:
            p, last, turn, final = self.work_player, self.pending[-1], self.state.turn, self.state.final_round
            self.commit()
            self.follow(p, last, turn, final)
        elif self.work is not None:
            self.app.toast("Finish your turn first (search, then buy or end the turn)")

    def undo(self) -> None:
        """Take back the last pending action of the turn in progress."""
        if not self.pending or self.undo_blocked:
            self.app.sounds.play("ui_error")
            return
        self.timeline.clear()
        self.playing = None
        self.pending.pop()
        self.next_turn = []  # only the last action can have ended the turn
        self.log.drop_provisional(self.pending_lines.pop())
        work = clone(self.state)
        for action in self.pending:
            apply(work, action)
        self.work = work if self.pending else None
        self.shown = Shown.of(self.view_state())
        self.clear_choice()

    def commit_controlled(self, action: Action) -> None:
        """A bot's or the replay's action: applied to the committed state at once."""
        p, turn, final = current_player(self.state), self.state.turn, self.state.final_round
        try:
            events = apply(self.state, action)
        except IllegalAction as exc:
            where = f"action {len(self.actions) + 1}"
            self.app.toast(f"{'Replay' if self.replay is not None else 'Bot'} stopped at {where}: {exc.reason}")
            self.replay = [] if self.replay is not None else None
            self.controllers = {}
            return
        self.actions.append(action)
        told = describe_at(events, self.state.setup, self.cards, self.state.turn)
        self.log.tell([line for _, line in told])
        self.animator.play(events, told)
        self.follow(p, action, turn, final)
        self.autosave()

    def follow(self, player: int, action: Action, turn: int, final_round: bool) -> None:
        """`player`'s committed `action` (made in `turn`) is on the timeline: until the timeline reaches the
        turn change, or rests, the table shows `player`'s turn and takes no input for the next seat (with
        instant animations the table moves on at once)."""
        if self.timeline.busy and self.app.anim_ms(1) > 0:
            self.playing = Playing(player, action, turn, final_round)

    def skip_animations(self) -> None:
        self.animator.quiet = True
        self.timeline.finish()
        self.animator.quiet = False

    def resync(self) -> None:
        """Animations done: the display is the rules state again."""
        self.shown = Shown.of(self.view_state())
        self.playing = None

    def on_turn_started(self, player: int) -> None:
        """The timeline shows a turn change: the table moves on to `player`'s turn."""
        self.playing = None
        if self.seats[player].kind == "bot" or self.replay is not None:
            self.announce(f"{possessive(self.names[player])} turn", player)

    def announce(self, message: str, player: int | None) -> None:
        colour = self.art.colour(self.colours[player]) if player is not None else None
        self.announcement = (message, colour, 0.0, max(900.0, self.app.anim_ms(1600)))

    def sparkle(self, pos: tuple[int, int]) -> None:
        self.sparkles.append([pos[0], pos[1], 0.0])

    def autosave(self) -> None:
        if not self.autosave_enabled:
            return
        from arzium import save
        try:
            save.save_game(self.state, self.actions, assisted=self.assisted)
        except OSError as exc:
            self.app.toast(f"could not save the game to {save.save_path()}: {exc.strerror or exc}")

    def finish_game(self) -> None:
        """Game over and every animation shown: write the replay, forget the save, show the result."""
        from arzium.scenes.result import ResultScene
        self.finished = True
        path = None
        if self.autosave_enabled:
            from arzium import save
            path = self.write_replay()
            save.delete_save()
        self.app.replace(ResultScene(self.app, self.state, path, watching=self.replay is not None,
                                     assisted=self.assisted))

    def write_replay(self) -> str | None:
        from common.paths import replays_dir
        from arzium.rules import replay_from
        from common.replay import write_replay
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = replays_dir() / f"arzium-{stamp}.json"
        n = 1
        while path.exists():
            path = replays_dir() / f"arzium-{stamp}-{n}.json"
            n += 1
        meta = {"players": self.names, "turns": self.state.turn, "assisted": self.assisted}
        try:
            write_replay(path, replay_from(self.state, self.actions).to_file(meta))
        except OSError as exc:
            self.app.toast(f"could not write the replay {path}: {exc.strerror or exc}")
            return None
        return str(path)

    def leave(self) -> None:
        for controller in set(self.controllers.values()):
            controller.stop()
        if self.hint_task is not None:
            self.hint_task.cancel()
            self.hint_task = None

    # ==========================================================================================
    # hints

    def position(self) -> tuple:
        """Names the moment a hint answers: the committed actions and the turn in progress."""
        return len(self.actions), tuple(self.pending)

    def request_hint(self) -> None:
        """H: ask for the hard bot's move for the acting human (again: hide the hint shown)."""
        if self.acting_human() is None:
            self.app.toast("Confirm your turn (or undo) first" if self.awaiting_confirm
                           else "Hints are for your own turn")
            self.app.sounds.play("ui_error")
            return
        key = self.position()
        if self.hint is not None and self.hint.key == key:
            self.hint = None
            self.app.sounds.play("ui_back")
            return
        if self.hint_task is not None and self.hint_key == key:
            return  # still thinking about this one
        if self.hint_task is not None:
            self.hint_task.cancel()
        self.hint_task, self.hint_key = start_hint(self.view_state()), key

    @property
    def hint_pending(self) -> bool:
        return self.hint_task is not None and self.hint_key == self.position()

    def poll_hint(self) -> None:
        """Show the hint once it is ready; drop it (and any late answer) when the position moved on."""
        key = self.position()
        if self.hint is not None and (self.hint.key != key or self.acting_human() is None):
            self.hint = None
        if self.hint_task is None:
            return
        if self.hint_key != key or self.acting_human() is None:
            self.hint_task.cancel()
            self.hint_task = None
            return
        try:
            value = self.hint_task.result()
        except Exception as exc:  # a hint is a help: the game goes on without it
            self.hint_task = None
            self.app.toast(f"No hint this time: {exc}")
            return
        if value is None:
            return
        self.hint_task = None
        self.show_hint(action_from_json(value))
        self.app.sounds.play("turn_chime", 0.4)

    def show_hint(self, action: Action) -> None:
        """Show `action` as the hint for the acting human now; the game becomes assisted (and is saved so)."""
        self.hint = self._make_hint(action, self.position())
        if not self.assisted:
            self.assisted = True
            self.autosave()

    def _make_hint(self, action: Action, key: tuple) -> Hint:
        """What to light up for `action` of the acting human, and the line that explains it."""
        st = self.view_state()
        p = self.acting_human()
        assert p is not None
        ps = st.players[p]
        kind = type(action)

        def artifact(aid: str) -> tuple[str, int]:
            return self.cards.artifact(aid).name, ps.artifacts.index(aid)

        if kind is Search:
            return self._search_hint(st, p, action, key)
        if kind is RestEarly:
            cost = sum(ps.face_up)
            return Hint(action, key, f"Hint: rest early — pay {cost} coin{'s' if cost != 1 else ''} to turn all "
                        "your characters and artifacts face up", button=self.rest_btn)
        if kind is SkipSearch:
            return Hint(action, key, "Hint: skip the search — none of your characters can place a marker",
                        button=self.skip_btn)
        if kind is UsePurse:
            name, i = artifact(action.artifact)
            return Hint(action, key, f"Hint: use {name} now — a free coin", artifacts=(i,))
        if kind is UseSlide:
            name, i = artifact(action.artifact)
            cells = [(*divmod(action.src, SIZE), "displace_on"), (*divmod(action.dst, SIZE), "ok")]
            return Hint(action, key, f"Hint: use {name} — slide the marked marker to the square beside it",
                        cells=cells, artifacts=(i,), colour=self.colours[st.board[action.src]])
        if kind is UseWake:
            name, i = artifact(action.artifact)
            card = self.cards.card(action.card).name
            return Hint(action, key, f"Hint: use {name} to wake {card}", card=ps.cards.index(action.card),
                        artifacts=(i,))
        if kind is Buy:
            a = self.cards.artifact(action.artifact)
            return Hint(action, key, f"Hint: buy {a.name} ({ABILITY_NAMES[a.ability]}) for {a.cost} "
                        f"coin{'s' if a.cost != 1 else ''}", row=st.art_row.index(action.artifact))
        if kind is SkipBuy:
            return Hint(action, key, "Hint: keep your coins — end the turn without buying", button=self.end_btn)
        if kind is Bid:
            return Hint(action, key, f"Hint: bid {action.amount} for the land")
        if kind is PassBid:
            return Hint(action, key, "Hint: pass — the land is not worth more to you")
        return Hint(action, key, f"Hint: {action}")

    def _search_hint(self, st: GameState, p: int, action: Search, key: tuple) -> Hint:
        ps = st.players[p]
        pl = placement(st, action.card, action.anchor, 1 if action.turn_artifact else 0, p)
        cells: list[tuple[int, int, str]] = []
        for r, c in pl.marker_cells:
            sq = r * SIZE + c
            cells.append((r, c, "displace_on" if sq == action.displace_square else "ok" if sq in pl.markers else "skip"))
        for i in action.blanks:
            sq = pl.blanks[i]
            cells.append((*pl.blank_cells[i], "displace_on" if sq == action.displace_square else "blank_on"))
        parts = [f"Hint: {self.cards.card(action.card).name} here"]
        coins = pl.coins + sum(st.coin_at[pl.blanks[i]] for i in action.blanks if pl.blanks[i] >= 0)
        if coins:
            parts.append(f"+{coins} coin{'s' if coins != 1 else ''}")
        paid = len([i for i in action.blanks if i != action.free_blank])
        if paid:
            parts.append(f"buy {paid} blank{'s' if paid != 1 else ''}")
        used = [a for a in (action.turn_artifact, action.free_blank_artifact, action.displace_artifact) if a]
        if used:
            parts.append("with " + " and ".join(self.cards.artifact(a).name for a in used))
        return Hint(action, key, "  ·  ".join(parts), cells=cells, card=ps.cards.index(action.card),
                    artifacts=tuple(ps.artifacts.index(a) for a in used))

    # ==========================================================================================
    # choices of the acting human

    def clear_choice(self) -> None:
        self.selected = None
        self.blanks = set()
        self.armed = {}
        self.pinned = None
        self.displace_sq = None
        self.mode = None
        self.mode_artifact = None
        self.slide_src = None
        self._ghost_key = None

    def can_search_now(self, player: int) -> bool:
        return self.view_state().phase in ("start", "search") and self.acting_human() == player

    def key_cards(self, player: int) -> tuple[int, ...]:
        """The face-up characters of `player` that the keys 1, 2, ... choose, in that order."""
        return tuple(i for i, up in enumerate(self.view_state().players[player].face_up) if up)[:9]

    def select_card(self, index: int) -> None:
        p = self.acting_human()
        if p is None or not self.can_search_now(p):
            return
        ps = self.view_state().players[p]
        if not 0 <= index < len(ps.cards) or not ps.face_up[index]:
            self.app.toast("That character is used: rest to turn it face up again")
            self.app.sounds.play("ui_error")
            return
        self.skip_animations()
        if self.selected == index:
            self.clear_choice()
            return
        armed = self.armed
        self.clear_choice()
        self.armed = armed
        self.selected = index
        self.app.sounds.play("ui_click")

    def use_artifact(self, index: int) -> None:
        p = self.acting_human()
        st = self.view_state()
        if p is None or st.phase not in ("start", "search"):
            return
        ps = st.players[p]
        aid = ps.artifacts[index]
        ability = self.cards.artifact(aid).ability
        if not ps.artifacts_up[index]:
            self.app.toast(f"{self.cards.artifact(aid).name} is used: it turns face up when you rest")
            self.app.sounds.play("ui_error")
            return
        if ability == "purse":
            self.act(UsePurse(aid))
        elif ability in SEARCH_ARTIFACTS:
            if self.armed.get(ability) == aid:
                del self.armed[ability]
            else:
                self.armed[ability] = aid
            self.displace_sq = None
            self._ghost_key = None
            self.app.sounds.play("ui_click")
        else:
            self.mode = None if self.mode == ability else ability
            self.mode_artifact = aid
            self.slide_src = None
            self.selected, self.pinned = None, None
            self.app.sounds.play("ui_click")

    def ghost(self) -> Ghost | None:
        """The placement preview for the selected character at the mouse (cached)."""
        p = self.acting_human()
        if p is None or self.selected is None or self.mode is not None:
            return None
        bv = self.board_view
        cell = bv.cell_at(self.mouse)
        if cell is None and self.pinned is None:
            return None
        st = self.view_state()
        key = (p, self.selected, cell, self.pinned, tuple(sorted(self.blanks)), tuple(sorted(self.armed.items())),
               self.displace_sq, len(self.pending), bv.edge, st.occ, st.players[p].coins)
        if key != self._ghost_key:
            self._ghost = self._make_ghost(st, p, cell)
            self._ghost_key = key
        return self._ghost

    def _pivot(self, card_id: str, rotation: int) -> tuple[int, int]:
        """The marker square of the pattern nearest its middle (it sits under the mouse)."""
        shape = self.cards.shape(card_id, rotation)
        cy, cx = (shape.height - 1) / 2, (shape.width - 1) / 2
        return min(shape.markers, key=lambda rc: ((rc[0] - cy) ** 2 + (rc[1] - cx) ** 2, rc))

    def _make_ghost(self, st: GameState, p: int, cell: tuple[int, int] | None) -> Ghost:
        ps = st.players[p]
        cid = ps.cards[self.selected]
        turn = 1 if "turn" in self.armed else 0
        rotation = (st.rot[p] + turn) % 4
        shape = self.cards.shape(cid, rotation)
        if self.pinned is not None:
            ar, ac = self.pinned
        else:
            pr, pc = self._pivot(cid, rotation)
            ar, ac = cell[0] - pr, cell[1] - pc
        if not (0 <= ar < SIZE and 0 <= ac < SIZE):
            cells = [(ar + r, ac + c, "bad") for r, c in shape.markers]
            return Ghost((ar, ac), cells, (), False, "the pattern would leave the map", None)
        pl = placement(st, cid, ar * SIZE + ac, turn, p)
        if not pl.legal:
            cells = [(r, c, "bad") for r, c in pl.marker_cells]
            return Ghost((ar, ac), cells, (), False, pl.reason, None)
        displace = "displace" in self.armed
        free = "free_blank" in self.armed
        cells: list[tuple[int, int, str]] = []
        targets = 0
        for (r, c), sq in zip(pl.marker_cells, [r * SIZE + c for r, c in pl.marker_cells]):
            owner = st.board[sq]
            if displace and owner >= 0 and owner != p:
                cells.append((r, c, "displace_on" if sq == self.displace_sq else "displace"))
                targets += 1
            else:
                cells.append((r, c, "ok" if sq in pl.markers else "skip"))
        affordable = ps.coins + pl.coins >= BLANK_COST or free
        chosen: list[int] = []
        open_blanks = 0
        for i, ((r, c), sq) in enumerate(zip(pl.blank_cells, pl.blanks)):
            if sq >= 0 and displace and st.board[sq] >= 0 and st.board[sq] != p:
                on = sq == self.displace_sq
                cells.append((r, c, "displace_on" if on else "displace"))
                targets += 1
                if on:
                    chosen.append(i)
            elif pl.blank_open[i] and (affordable or i in self.blanks):
                open_blanks += 1
                on = i in self.blanks
                cells.append((r, c, "blank_on" if on else "blank"))
                if on:
                    chosen.append(i)
            elif sq >= 0:
                cells.append((r, c, "blank_closed"))
        dsq = self.displace_sq if displace and self.displace_sq is not None and any(
            k == "displace_on" for _, _, k in cells) else None
        blanks = tuple(sorted(chosen))
        fb = next(iter(blanks), None) if free and blanks else None
        search = Search(cid, ar * SIZE + ac, blanks, self.armed.get("turn"),
                        self.armed.get("free_blank") if fb is not None else None, fb,
                        self.armed.get("displace") if dsq is not None else None, dsq)
        cost = BLANK_COST * len([i for i in blanks if i != fb])
        return Ghost((ar, ac), cells, pl.markers, True, "", search, pl.coins, cost,
                     options=open_blanks > 0 or targets > 0)

    def click_map(self, pos: tuple[int, int], button: int) -> None:
        p = self.acting_human()
        if p is None:
            return
        cell = self.board_view.cell_at(pos)
        if self.mode == "slide":
            self._click_slide(cell)
            return
        if self.selected is None:
            if self.can_search_now(p):
                self.app.toast("First choose a face-up character in your party")
            return
        if button == 3:
            self.pinned, self.displace_sq = None, None
            return
        ghost = self.ghost()
        if ghost is None or (self.pinned is not None and cell is None):
            return
        if self.pinned is not None and cell is not None:
            kind = next((k for r, c, k in ghost.cells if (r, c) == cell), None)
            if kind in ("blank", "blank_on"):
                i = self._blank_index_at(cell)
                if i is not None:
                    self.blanks ^= {i}
                    self.app.sounds.play("coin" if i in self.blanks else "ui_click", 0.7)
                return
            if kind in ("displace", "displace_on"):
                sq = cell[0] * SIZE + cell[1]
                self.displace_sq = None if self.displace_sq == sq else sq
                self.app.sounds.play("ui_click")
                return
            if kind is None:  # outside the pinned pattern: move the pin here
                self.pinned = None
                self._ghost_key = None
                ghost = self.ghost()
                if ghost is None or not ghost.legal:
                    return
                self.pinned = ghost.anchor
                self.app.sounds.play("ui_click")
                return
        if not ghost.legal or ghost.search is None:
            self.app.toast(f"Cannot search here: {ghost.reason}")
            self.app.sounds.play("ui_error")
            return
        if ghost.options and self.pinned is None:
            self.pinned = ghost.anchor
            self.app.sounds.play("ui_click")
            return
        self.act(ghost.search)

    def _blank_index_at(self, cell: tuple[int, int]) -> int | None:
        st = self.view_state()
        p = self.acting_human()
        if p is None or self.selected is None or self.pinned is None:
            return None
        cid = st.players[p].cards[self.selected]
        pl = placement(st, cid, self.pinned[0] * SIZE + self.pinned[1], 1 if "turn" in self.armed else 0, p)
        return pl.blank_cells.index(cell) if cell in pl.blank_cells else None

    def place_pinned(self) -> None:
        ghost = self.ghost()
        if ghost is not None and ghost.legal and ghost.search is not None:
            self.act(ghost.search)

    def _click_slide(self, cell: tuple[int, int] | None) -> None:
        if cell is None or self.mode_artifact is None:
            return
        st = self.view_state()
        sq = cell[0] * SIZE + cell[1]
        if self.slide_src is None or st.board[sq] >= 0:
            if st.board[sq] >= 0:
                self.slide_src = sq
                self.app.sounds.play("ui_click")
            else:
                self.app.toast("Slide: first click a marker on the map")
            return
        self.act(UseSlide(self.mode_artifact, self.slide_src, sq))

    def slide_targets(self) -> list[int]:
        st = self.view_state()
        if self.slide_src is None:
            return []
        return [n for n in NEIGHBOURS[self.slide_src] if st.board[n] < 0 and not st.offmap >> n & 1]

    # ==========================================================================================
    # layout

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        m = app.px(10)
        sb_w = app.px(300)
        self.sidebar = pygame.Rect(w - sb_w - m, m, sb_w, h - 2 * m)
        self.table = pygame.Rect(0, 0, self.sidebar.left - m, h)
        top, bottom = app.px(124), app.px(152)  # the acting human's party (bottom) gets more room
        column = max(app.px(150), (self.table.w - (h - top - bottom)) // 2)
        board_area = pygame.Rect(self.table.left + column, top, self.table.w - 2 * column, h - top - bottom)
        self.board_view.layout(board_area)
        self.strips = {
            "bottom": pygame.Rect(self.table.left + m, h - bottom + app.px(4), self.table.w - 2 * m, bottom - app.px(10)),
            "top": pygame.Rect(self.table.left + m, app.px(6), self.table.w - 2 * m, top - app.px(10)),
            "left": pygame.Rect(self.table.left + m, top, column - 2 * m, h - top - bottom),
            "right": pygame.Rect(self.table.right - column + m, top, column - 2 * m, h - top - bottom),
        }
        self.layout_parties()
        sb = self.sidebar
        self.header = pygame.Rect(sb.left, sb.top, sb.w, app.px(124))
        bw, bh, gap = (sb.w - app.px(8)) // 2, app.px(40), app.px(8)
        y = self.header.bottom + gap
        self.button_slots = [pygame.Rect(sb.left + (i % 2) * (bw + app.px(8)), y + (i // 2) * (bh + gap), bw, bh)
                             for i in range(4)]
        y += 2 * (bh + gap)
        # Hint: a small button in the header's top line, left of the deck, shown on a human's turn
        self.hint_btn.rect = pygame.Rect(self.header.right - app.px(150), self.header.top + app.px(8), app.px(100),
                                         app.px(28))
        if self.state.setup.full_game:
            self.row_panel = pygame.Rect(sb.left, y, sb.w, app.px(118))
            tile = min(app.px(60), (sb.w - app.px(40)) // 4)
            gap_x = (sb.w - 4 * tile) // 5
            self.row_rects = [pygame.Rect(sb.left + gap_x + i * (tile + gap_x), y + app.px(30), tile, tile)
                              for i in range(4)]
            y = self.row_panel.bottom + gap
        else:
            self.row_panel = pygame.Rect(sb.left, y, 0, 0)
            self.row_rects = []
        self.log.layout(pygame.Rect(sb.left, y, sb.w, sb.bottom - y))
        self._bg = None
        self._ghost_key = None

    def layout_parties(self) -> None:
        view = EDGES.index(self.board_view.edge)
        for party in self.parties:
            side = SIDES[(EDGES.index(party.seat.edge) - view) % 4]
            party.layout(self.strips[side], side)

    def row_rect(self, i: int) -> pygame.Rect:
        if self.row_rects:
            return self.row_rects[min(i, len(self.row_rects) - 1)]
        return pygame.Rect(self.sidebar.centerx, self.sidebar.top, 1, 1)

    # ==========================================================================================
    # buttons and texts for the current moment

    def _buttons(self) -> list[Button]:
        p = self.acting_human()
        st = self.view_state()
        out: list[Button] = []
        if p is not None and st.phase == "start" and (not all(st.players[p].face_up)
                                                       or not all(st.players[p].artifacts_up)):
            ps = st.players[p]
            cost = sum(ps.face_up)
            self.rest_btn.label = f"Rest early ({cost})"
            self.rest_btn.enabled = cost <= ps.coins
            self.rest_btn.tooltip = (f"Pay {cost} coin{'s' if cost != 1 else ''} (1 per face-up character) to turn "
                                     "all your characters and artifacts face up")
            out.append(self.rest_btn)
        if p is not None and st.phase in ("start", "search") and self.pinned is not None:
            out.append(self.place_btn)
        if p is not None and st.phase in ("start", "search") and self.selected is None and self.mode is None \
                and self._must_skip(st):
            out.append(self.skip_btn)
        if p is not None and st.phase == "buy":
            out.append(self.end_btn)
        if self.awaiting_confirm:
            out.append(self.confirm_btn)
        if self.pending:
            self.undo_btn.enabled = not self.undo_blocked
            out.append(self.undo_btn)
        out.append(self.menu_btn)
        return out[:4]

    def _must_skip(self, st: GameState) -> bool:
        key = (len(self.actions), len(self.pending))
        if self._skip_key != key:
            self._skip_key = key
            self._skip_value = any(type(a) is SkipSearch for a in legal_actions(st))
        return self._skip_value

    def instructions(self) -> tuple[str, str]:
        """(headline, hint) for the header."""
        st = self.view_state()
        dots = "." * (1 + int(self.t_ms / 400) % 3)
        on_show = self.playing
        if on_show is not None and self.acting_human() is None:  # the board is still showing this action
            name = self.names[on_show.player]
            if self.replay is not None:
                return f"{possessive(name)} turn", f"Replay: action {len(self.actions)} of {len(self.replay)}"
            head = f"{possessive(name)} {'bid' if type(on_show.action) in (Bid, PassBid) else 'turn'}"
            return head, f"{says(name, 'is')} {DOING[type(on_show.action)]}{dots}"
        if is_over(st) and not self.awaiting_confirm:
            return "Game over", "Counting the points..."
        if self.awaiting_confirm and self.auto_confirm:
            return f"{self.names[self.work_player]}: turn done", \
                "Play passes on in a moment: Undo (Ctrl+Z) takes your last action back."
        if self.awaiting_confirm:
            return f"{self.names[self.work_player]}: confirm your turn", \
                "Confirm to pass play on, or Undo to take your last action back."
        p = self.acting_human()
        if p is None:
            cur = current_player(st)
            if cur is None:
                return "", ""
            if self.replay is not None:
                return f"{possessive(self.names[cur])} turn", f"Replay: action {len(self.actions) + 1} of {len(self.replay)}"
            what = "bidding" if st.phase == "bid" else "thinking"
            return f"{possessive(self.names[cur])} turn", f"{says(self.names[cur], 'is')} {what}{dots}"
        name = self.names[p]
        if st.phase == "bid":
            return f"{name}: your bid", "A tie! Bid coins for the land, or pass."
        if st.phase == "buy":
            return f"{name}: buy?", "Click an artifact in the row to buy it, or end your turn (Enter)."
        if self.mode == "slide":
            return f"{name}: slide", ("Click the square to move it to." if self.slide_src is not None
                                      else "Click any marker on the map to slide it.")
        if self.mode == "wake":
            return f"{name}: wake", "Click one of your characters to turn it over."
        if self.selected is None and self.armed:
            ready = " and ".join(ABILITY_NAMES[a] for a in self.armed)
            return f"{name}: {ready} ready", "Now choose a face-up character to search with."
        if self.selected is None:
            hint = "Choose a face-up character in your party (or press 1-9)"
            return f"{name}, your turn", hint + (", or rest early." if st.phase == "start" else ".")
        if self.pinned is not None:
            return f"{name}: place", "Click blanks (2 coins) to add them, then click the pattern or Place here."
        return f"{name}: search", "Green squares get markers, grey ones are skipped. Click to place."

    # ==========================================================================================
    # events

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.mouse_moved = True
        if event.type == pygame.KEYDOWN:  # game keys first; the buttons only see keys once Tab chose one
            if self._key(event):
                return True
            tabbing = event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
            return (tabbing or self.group.keyboard_mode) and self.group.handle(event)
        if self.group.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.log.handle_wheel(self.mouse, event.y):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.hover_ms, self.mouse_moved = 0.0, False
            self._click(event.pos, event.button)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.pinned is not None or self.selected is not None or self.mode is not None or self.armed:
                self.clear_choice()
                self.app.sounds.play("ui_back")
            else:
                self.open_menu()
            return True
        if key == pygame.K_h:
            self.request_hint()
            return True
        if key in (pygame.K_z, pygame.K_BACKSPACE, pygame.K_u) and (key != pygame.K_z or event.mod & pygame.KMOD_CTRL):
            if self.pending:
                self.undo()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.awaiting_confirm:
                self.confirm()
            elif self.pinned is not None:
                self.place_pinned()
            elif self.acting_human() is not None and self.view_state().phase == "buy":
                self.act(SkipBuy())
            else:
                return False
            return True
        if pygame.K_1 <= key <= pygame.K_9:
            p = self.acting_human()
            if p is not None:
                ups = self.key_cards(p)
                n = key - pygame.K_1
                if n < len(ups):
                    self.select_card(ups[n])
            return True
        return False

    def _click(self, pos: tuple[int, int], button: int) -> None:
        p = self.acting_human()
        if p is None:
            return
        st = self.view_state()
        if button == 3:
            if self.pinned is not None:
                self.pinned, self.displace_sq = None, None
            else:
                self.clear_choice()
            return
        if self.board_view.frame_rect.collidepoint(pos):
            self.click_map(pos, button)
            return
        if st.phase == "buy":
            for i, r in enumerate(self.row_rects):
                if r.collidepoint(pos) and i < len(st.art_row):
                    self.act(Buy(st.art_row[i]))
                    return
        party = self.parties[p]
        i = party.card_at(self.shown, pos)
        if i is not None:
            if self.mode == "wake" and self.mode_artifact is not None:
                self.act(UseWake(self.mode_artifact, st.players[p].cards[i]))
            else:
                self.select_card(i)
            return
        a = party.artifact_at(self.shown, pos)
        if a is not None:
            self.use_artifact(a)

    def open_menu(self) -> None:
        def leave() -> None:
            self.app.pop()

        self.app.push(Dialog(self.app, "Paused", "Your game is saved after every confirmed move; "
                             "Resume it later from the Arzium screen.",
                             [("Rules", lambda: self.app.open_rules("arzium")), ("Leave", leave), ("Resume", lambda: None)]))

    # ==========================================================================================
    # frame

    def update(self, dt_ms: float) -> None:
        self.t_ms += dt_ms
        self.timeline.update(dt_ms)
        if not self.timeline.busy:
            self.log.show_all()  # at rest, the log tells the whole story
            self.playing = None  # ... and the table shows the rules state
        self.board_view.update(dt_ms)
        if self.announcement is not None:
            msg, colour, elapsed, total = self.announcement
            self.announcement = (msg, colour, elapsed + dt_ms, total) if elapsed + dt_ms < total else None
        for s in self.sparkles:
            s[2] += dt_ms
        self.sparkles = [s for s in self.sparkles if s[2] < 600]
        self._update_hover(dt_ms)
        if self.finished:
            return
        idle = not self.timeline.busy and not self.board_view.turning
        if idle and self.work is None and is_over(self.state):
            self.finish_game()
            return
        self._face_acting_human(idle)
        self._confirm_by_itself(dt_ms, idle)
        self._drive_controllers(dt_ms, idle)
        self.poll_hint()
        self._offer_bid(idle)
        buttons = self._buttons()
        for widget, slot in zip(buttons, self.button_slots):
            widget.rect = slot
        if self.acting_human() is not None:
            self.hint_btn.label = "Thinking..." if self.hint_pending else "Hide hint" if self.hint else "Hint (H)"
            buttons.append(self.hint_btn)
        self.group.widgets = buttons
        self.group.update(dt_ms)

    def _face_acting_human(self, idle: bool) -> None:
        p = self.acting_human()
        if p is None or not idle:
            return
        edge = self.seats[p].edge
        if self.board_view.edge != edge:
            self.mouse_moved = False
            self.board_view.set_edge(edge, self.app.anim_ms(750))
            self.layout_parties()
        greet = (self.view_state().turn, p)
        if self.greeted != greet and self.view_state().phase in ("start", "search"):
            self.greeted = greet
            humans = sum(s.kind == "human" for s in self.seats)
            self.announce(f"{self.names[p]}, your turn" if humans > 1 else "Your turn", p)
            self.app.sounds.play("turn_chime", 0.7)

    def _confirm_by_itself(self, dt_ms: float, idle: bool) -> None:
        """A lone human's finished turn commits once shown (animations done) for AUTO_CONFIRM_MS."""
        if not (self.auto_confirm and self.awaiting_confirm):
            self.confirm_ms = 0.0
            return
        if idle:
            self.confirm_ms += dt_ms
        if self.confirm_ms >= AUTO_CONFIRM_MS:
            self.commit()

    def _drive_controllers(self, dt_ms: float, idle: bool) -> None:
        if self.work is not None or is_over(self.state):
            return
        p = current_player(self.state)
        controller = self.controllers.get(p) if p is not None else None
        if controller is None:
            self.bot_idle_ms = 0.0
            return
        action = controller.poll(self.state, p, len(self.actions))
        if not idle:
            self.bot_idle_ms = 0.0
            return
        self.bot_idle_ms += dt_ms
        pause = self.app.anim_ms(BOT_PAUSE_MS * (0.6 if self.state.phase == "bid" else 1.0))
        if action is not None and self.bot_idle_ms >= pause:
            self.bot_idle_ms = 0.0
            self.commit_controlled(action)

    def _offer_bid(self, idle: bool) -> None:
        p = self.acting_human()
        if p is None or not idle or self.view_state().phase != "bid" or self.app.stack.top is not self:
            return
        from arzium.scenes.bidding import BidScene
        self.app.push(BidScene(self.app, self, p))

    def _update_hover(self, dt_ms: float) -> None:
        key = self._hover_target()
        if key != self.hover_key:
            self.hover_key, self.hover_ms = key, 0.0
        else:
            self.hover_ms += dt_ms

    def _hover_target(self) -> tuple | None:
        pos = self.mouse
        if self.board_view.frame_rect.collidepoint(pos):
            if self.selected is not None or self.mode is not None:
                return None
            cell = self.board_view.cell_at(pos)
            return ("land", cell) if cell and self.mouse_moved and not self.board_view.turning else None
        for party in self.parties:
            if party.rect.collidepoint(pos):
                i = party.card_at(self.shown, pos)
                if i is not None:
                    return ("card", party.player, i)
                a = party.artifact_at(self.shown, pos)
                if a is not None:
                    return ("artifact", party.player, a)
                return None
        for i, r in enumerate(self.row_rects):
            if r.collidepoint(pos) and i < len(self.shown.art_row) and self.shown.art_row[i]:
                return ("row", i)
        return None

    # ==========================================================================================
    # drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_table(surface)
        shown = self.shown
        me = self.acting_human()
        hover = self.hover_key
        backdrop = (self._bg_version, self._bg[1]) if self._bg is not None else None
        for party in self.parties:
            party.draw(surface, shown, self._look(party.player, me, hover), backdrop)
        self.board_view.draw(surface, tuple(shown.slots), tuple(shown.board), tuple(self.colours), self.seat_marks,
                             backdrop)
        hint = self.hint if me is not None and not self.timeline.busy else None
        if hint is not None and hint.cells:
            self.board_view.draw_ghost(surface, hint.cells, hint.colour or self.colours[me], hint=True)
        self._draw_overlays(surface, me)
        self.timeline.draw(surface)
        self._draw_sparkles(surface)
        self._draw_sidebar(surface, me)
        if hint is not None:
            self._draw_hint(surface, hint, me)
        self._draw_announcement(surface)
        self._draw_hover(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        key = (surface.get_size(), self.app.sprites.version, id(self.app.sprites))
        if self._bg is None or self._bg[0] != key:
            w, h = surface.get_size()
            src = self.app.sprites.image("arzium/table")
            k = max(w / src.get_width(), h / src.get_height())
            bg = pygame.transform.smoothscale(src, (math.ceil(src.get_width() * k), math.ceil(src.get_height() * k)))
            bg = bg.subsurface(pygame.Rect((0, 0), (w, h)).move((bg.get_width() - w) // 2, (bg.get_height() - h) // 2)).copy()
            felt = self.table.inflate(-self.app.px(4), -self.app.px(4))
            bg.blit(self.app.sprites.nine_slice("arzium/felt", felt.size), felt)
            for panel in (self.header, self.row_panel, self.log.rect):  # still parchment: drawn once here
                if panel.w and panel.h:
                    bg.blit(self.app.sprites.nine_slice("ui/panel", panel.size), panel)
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
            self._bg = (key, bg)
            self._bg_version += 1
        surface.blit(self._bg[1], (0, 0))

    def _look(self, player: int, me: int | None, hover: tuple | None) -> PartyLook:
        st = self.view_state()
        active = self.turn_on_show() == player
        if player != me:
            return PartyLook(active=active)
        ps = st.players[player]
        searching = st.phase in ("start", "search")
        if self.mode == "wake":
            pickable = frozenset(range(len(ps.cards))) if st.phase == "start" else \
                frozenset(i for i, up in enumerate(ps.face_up) if not up)
        elif searching:
            pickable = frozenset(i for i, up in enumerate(ps.face_up) if up)
        else:
            pickable = frozenset()
        arts = frozenset(i for i, up in enumerate(ps.artifacts_up) if up) if searching else frozenset()
        armed = frozenset(i for i, a in enumerate(ps.artifacts) if a in self.armed.values() or
                          (self.mode is not None and a == self.mode_artifact))
        hover_card = hover[2] if hover and hover[0] == "card" and hover[1] == player else None
        hover_art = hover[2] if hover and hover[0] == "artifact" and hover[1] == player else None
        keys = self.key_cards(player) if self.mode is None and self.can_search_now(player) else ()
        return PartyLook(True, hover_card, self.selected, pickable, hover_art, arts, armed, keys)

    def _draw_overlays(self, surface: pygame.Surface, me: int | None) -> None:
        if me is None:
            return
        bv = self.board_view
        colour = self.colours[me]
        if self.mode == "slide":
            st = self.view_state()
            cells = [(sq // SIZE, sq % SIZE, "displace_on" if sq == self.slide_src else "displace")
                     for sq in range(SIZE * SIZE) if st.board[sq] >= 0 and (self.slide_src is None or sq == self.slide_src)]
            cells += [(sq // SIZE, sq % SIZE, "ok") for sq in self.slide_targets()]
            bv.draw_ghost(surface, cells, colour)
            return
        ghost = self.ghost()
        if ghost is None:
            return
        bv.draw_ghost(surface, ghost.cells, colour)
        parts = []
        if not ghost.legal:
            parts.append(f"Cannot search here: {ghost.reason}")
        if ghost.coins:
            parts.append(f"+{ghost.coins} coin{'s' if ghost.coins != 1 else ''}")
        if ghost.cost:
            parts.append(f"-{ghost.cost} for blanks")
        if self.pinned is not None:
            parts.append("pinned: click blanks, then the pattern")
        if parts:
            self._blit_tag(surface, self._tag("  ·  ".join(parts), "ok" if ghost.legal else "bad"), ghost.cells)

    def _blit_tag(self, surface: pygame.Surface, tag: pygame.Surface, cells: list[tuple[int, int, str]]) -> None:
        """A tag just above the squares `cells` cover (below them when there is no room above)."""
        bv = self.board_view
        area = bv.cell_rect(*cells[0][:2]).unionall([bv.cell_rect(r, c) for r, c, _ in cells])
        box = tag.get_rect(midbottom=(area.centerx, area.top - self.app.px(6)))
        if box.top < bv.frame_rect.top - self.app.px(8):
            box.midtop = (area.centerx, area.bottom + self.app.px(6))
        box.clamp_ip(surface.get_rect())
        surface.blit(tag, box)

    def _tag(self, message: str, style: str) -> pygame.Surface:
        """A note on the map, wrapped to its width, cached: "ok" and "bad" above the ghost (coins, blank
        costs, or why it cannot go there), "hint" for a hint (framed in the hint colour)."""
        key = (message, style, self.board_view.frame_rect.w, self.app.sprites.version)
        tag = self._tags.get(key)
        if tag is None:
            app = self.app
            px = app.font_px(17 if style == "hint" else 16)
            pad = app.px(10 if style == "hint" else 8)
            ink = {"ok": (255, 246, 220), "bad": (255, 196, 176), "hint": (226, 248, 255)}[style]
            lines = text.wrap(message, px, self.board_view.frame_rect.w - app.px(24), bold=True)
            imgs = [text.render(line, px, ink, bold=True) for line in lines]
            lh = text.font(px, True).get_linesize()
            w = max(img.get_width() for img in imgs) + 2 * pad
            tag = pygame.Surface((w, lh * len(imgs) + pad), pygame.SRCALPHA)
            tag.blit(app.sprites.nine_slice("ui/tooltip", tag.get_size()), (0, 0))
            if style == "hint":
                pygame.draw.rect(tag, HINT_RGB, tag.get_rect(), max(2, app.px(2)), border_radius=app.px(6))
            for i, img in enumerate(imgs):
                tag.blit(img, img.get_rect(midtop=(w // 2, pad // 2 + i * lh)))
            if len(self._tags) > 16:
                self._tags.clear()
            self._tags[key] = tag
        return tag

    def _draw_hint(self, surface: pygame.Surface, hint: Hint, me: int) -> None:
        """Rings (pulsing, in the hint colour) around what the hint uses, and its line of explanation."""
        app = self.app
        pulse = 0.5 + 0.5 * math.sin(self.t_ms / 170)
        party = self.parties[me]
        rings: list[pygame.Rect] = []
        if hint.card is not None and hint.card < len(self.shown.cards[me]):
            rings.append(party.card_rect(self.shown, hint.card))
        rings += [party.artifact_rect(self.shown, i) for i in hint.artifacts if i < len(self.shown.artifacts[me])]
        if hint.row is not None and hint.row < len(self.row_rects):
            rings.append(self.row_rects[hint.row])
        if hint.button is not None and hint.button in self.group.widgets:
            rings.append(hint.button.rect)
        for r in rings:
            grow = app.px(6) + round(app.px(4) * pulse)
            pygame.draw.rect(surface, HINT_RGB, r.inflate(grow, grow), max(2, app.px(3)), border_radius=app.px(10))
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(grow + app.px(4), grow + app.px(4)), 1,
                             border_radius=app.px(12))
        if type(hint.action) in (Bid, PassBid):  # the bid dialog over the table shows these
            return
        tag = self._tag(hint.message, "hint")
        if type(hint.action) is Search:
            self._blit_tag(surface, tag, hint.cells)
            return
        box = tag.get_rect(midbottom=(self.board_view.rect.centerx, self.board_view.rect.bottom - app.px(10)))
        surface.blit(tag, box)

    def _draw_sparkles(self, surface: pygame.Surface) -> None:
        if not self.sparkles:
            return
        frames = self.app.sprites.frames("arzium/sparkle")
        size = self.app.px(56)
        for x, y, ms in self.sparkles:
            img = pygame.transform.smoothscale(frames[min(len(frames) - 1, int(ms / 100))], (size, size))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_sidebar(self, surface: pygame.Surface, me: int | None) -> None:
        """Header, artifact row and log are drawn on a cached copy of the table when they change;
        each frame blits that part of it, then the buttons (which light up under the mouse)."""
        st = self.view_state()
        head, hint = self.instructions() if self.announcement is None else ("", "")  # the banner is there
        key = (self._bg_version, head, hint, self.playing, st.turn, st.final_round, len(st.deck),
               self.awaiting_confirm, tuple(self.shown.art_row), me, st.phase,
               st.players[me].coins if me is not None else -1,
               self.hover_key if self.hover_key and self.hover_key[0] == "row" else None,
               len(self.log.lines), self.log.scroll, self.log.lines[-1] if self.log.lines else None)
        if self._side is None or self._side[0] != key:
            cache = self._bg[1].copy()
            self._draw_header(cache, head, hint)
            if self.row_rects:
                self._draw_row(cache, me)
            self.log.draw(cache, panel=False)
            self._side = (key, cache)
        surface.blit(self._side[1], self.sidebar, self.sidebar)
        self.group.draw(surface)

    def _draw_header(self, surface: pygame.Surface, head: str, hint: str) -> None:
        app = self.app
        hdr = self.header
        st = self.state if self.awaiting_confirm else self.view_state()
        turn, final = (self.playing.turn, self.playing.final_round) if self.playing else (st.turn, st.final_round)
        mode = "Full game" if st.setup.full_game else "Basic game"
        small = f"Turn {turn} · {mode}" + (" · Final round!" if final else "")
        room = (self.hint_btn.rect.left if self.acting_human() is not None else hdr.right) - hdr.left - app.px(24)
        text.draw_text(surface, small, text.fit_px(small, app.font_px(16), room), app.theme.muted,
                       (hdr.left + app.px(16), hdr.top + app.px(12)))
        back = self.art.card_back(app.px(24))
        deck = back.get_rect(topright=(hdr.right - app.px(16), hdr.top + app.px(10)))
        surface.blit(back, deck)
        text.draw_text(surface, str(len(st.deck)), app.font_px(15), app.theme.text_light, deck.center, "center",
                       bold=True, shadow=app.theme.shadow)
        cur = self.turn_on_show()
        x = hdr.left + app.px(16)
        if cur is not None and head:
            token = self.art.marker(self.colours[cur], app.px(26))
            surface.blit(token, (x, hdr.top + app.px(34)))
            x += app.px(30)
        hpx = text.fit_px(head, app.font_px(24), deck.left - x - app.px(8), bold=True)
        text.draw_text(surface, head, hpx, app.theme.text, (x, hdr.top + app.px(36)), bold=True)
        for i, line in enumerate(text.wrap(hint, app.font_px(17), hdr.w - app.px(32))[:3]):
            text.draw_text(surface, line, app.font_px(17), app.theme.text,
                           (hdr.left + app.px(16), hdr.top + app.px(66) + i * app.px(18)))

    def _draw_row(self, surface: pygame.Surface, me: int | None) -> None:
        app = self.app
        panel = self.row_panel
        st = self.view_state()
        buying = me is not None and st.phase == "buy"
        title = "Artifacts for sale" + (" — click one to buy" if buying else "")
        text.draw_text(surface, title, text.fit_px(title, app.font_px(17), panel.w - app.px(24), bold=True),
                       app.theme.text, (panel.left + app.px(14), panel.top + app.px(8)), bold=True)
        coins = st.players[me].coins if me is not None else 0
        for i, r in enumerate(self.row_rects):
            aid = self.shown.art_row[i] if i < len(self.shown.art_row) else None
            if aid is None:
                pygame.draw.rect(surface, (200, 180, 140), r, 1, border_radius=app.px(8))
                continue
            a = self.cards.artifact(aid)
            if buying and a.cost <= coins:
                pygame.draw.rect(surface, app.theme.focus, r.inflate(app.px(8), app.px(8)), border_radius=app.px(10))
            grow = app.px(4) if self.hover_key == ("row", i) else 0
            tile = self.art.artifact(aid, r.w + grow)
            surface.blit(tile, tile.get_rect(center=r.center))
            coin = self.art.coin(app.px(16))
            y = r.bottom + app.px(13)
            cx = r.centerx - (app.px(22) if a.points else app.px(6))
            surface.blit(coin, coin.get_rect(center=(cx, y)))
            text.draw_text(surface, str(a.cost), app.font_px(17), app.theme.text, (cx + app.px(10), y), "midleft",
                           bold=True)
            if a.points:
                star = app.sprites.scaled("ui/star", (app.px(16), app.px(16)))
                surface.blit(star, star.get_rect(center=(cx + app.px(32), y)))
                text.draw_text(surface, str(a.points), app.font_px(17), app.theme.text, (cx + app.px(42), y),
                               "midleft", bold=True)

    def announcement_banner(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The banner of the announcement on show and where it goes: in the sidebar header, below its
        Hint line, in place of the headline and hint, so it never hides the map or a party."""
        if self.announcement is None:
            return None
        app = self.app
        msg, colour, elapsed, total = self.announcement
        box = pygame.Rect(self.header.left + app.px(6), self.header.top + app.px(32), self.header.w - app.px(12),
                          self.header.h - app.px(38))
        room = box.w - app.px(36)
        px = app.font_px(28)  # the largest size at which the wrapped message fits the box
        while True:
            lines = text.wrap(msg, px, room, bold=True)
            lh = text.font(px, True).get_linesize()
            if len(lines) * lh <= box.h - app.px(20) or px <= 10:
                break
            px -= 1
        imgs = [text.render(line, px, app.theme.text, bold=True) for line in lines]
        panel = app.sprites.nine_slice("ui/panel", box.size).copy()
        for i, img in enumerate(imgs):
            panel.blit(img, img.get_rect(midtop=(box.w // 2, (box.h - lh * len(imgs)) // 2 + i * lh)))
        if colour is not None:
            pygame.draw.rect(panel, colour, panel.get_rect().inflate(-app.px(10), -app.px(10)),
                             max(2, app.px(3)), border_radius=app.px(8))
        panel.set_alpha(round(255 * max(0.0, min(1.0, elapsed / 150, (total - elapsed) / 250))))
        return panel, box

    def _draw_announcement(self, surface: pygame.Surface) -> None:
        banner = self.announcement_banner()
        if banner is not None:
            surface.blit(*banner)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        key = self.hover_key
        if key is None or self.hover_ms < (LAND_HOVER_MS if key[0] == "land" else HOVER_DELAY_MS):
            return
        st = self.view_state()
        if key[0] == "card":
            _, p, i = key
            cards = self.shown.cards[p]
            if i < len(cards):
                self._draw_card_preview(surface, cards[i], p, self.shown.face_up[p][i])
        elif key[0] == "artifact":
            _, p, i = key
            if i < len(self.shown.artifacts[p]):
                aid = self.shown.artifacts[p][i]
                up = self.shown.artifacts_up[p][i]
                self._artifact_tip(surface, aid, "" if up else " (used: face up again after a rest)", p == self.acting_human())
        elif key[0] == "row":
            aid = self.shown.art_row[key[1]]
            if aid:
                self._artifact_tip(surface, aid, "", False)
        elif key[0] == "land":
            r, c = key[1]
            card = st.slots[(r // 3) * 3 + c // 2]
            if card:
                land = self.cards.card(card)
                coins = sum(land.land_coins)
                draw_tooltip(surface, self.app, f"{land.land_name}: {coins} coin symbol{'s' if coins != 1 else ''}. "
                             "Fill all six squares to wake its sleepwalker; most markers wins it.", self.mouse)

    def _artifact_tip(self, surface: pygame.Surface, aid: str, extra: str, mine: bool) -> None:
        a = self.cards.artifact(aid)
        use = " Click to use." if mine and not extra else ""
        draw_tooltip(surface, self.app, f"{a.name} — {ABILITY_NAMES[a.ability]}{extra}. {ABILITY_TEXT[a.ability]} "
                     f"Cost {a.cost}, {a.points} point{'s' if a.points != 1 else ''}.{use}", self.mouse)

    def _draw_card_preview(self, surface: pygame.Surface, card_id: str, owner: int, up: bool) -> None:
        app = self.app
        card = self.cards.card(card_id)
        width = app.px(150)
        img = self.art.character(card_id, width, self.colours[owner])
        lines = text.wrap(card.story, app.font_px(17), app.px(230))
        box = pygame.Rect(0, 0, width + app.px(260), max(img.get_height(), app.px(90) + len(lines) * app.px(19))
                          + app.px(24))
        box.bottomleft = (self.mouse[0] + app.px(18), self.mouse[1] - app.px(12))
        box.clamp_ip(surface.get_rect())
        surface.blit(app.sprites.nine_slice("ui/panel", box.size), box)
        surface.blit(img, (box.left + app.px(12), box.top + app.px(12)))
        x = box.left + width + app.px(24)
        text.draw_text(surface, card.name, text.fit_px(card.name, app.font_px(20), app.px(230), bold=True),
                       app.theme.text, (x, box.top + app.px(14)), bold=True)
        status = f"{card.points} point{'s' if card.points != 1 else ''} · " + ("ready" if up else "used (asleep)")
        text.draw_text(surface, status, app.font_px(17), app.theme.muted, (x, box.top + app.px(40)))
        for i, line in enumerate(lines):
            text.draw_text(surface, line, app.font_px(17), app.theme.text, (x, box.top + app.px(66) + i * app.px(19)))
