"""The Arzium table: the map, four parties, the sidebar (turn, actions, artifact row, log).

The scene owns its parts, gives each the narrow inputs it needs and takes the input: `table` (the game, the
turn in progress, undo and confirm, saves, bots: `arzium.match`), `choice` (the acting human's choice and its
ghost), `hints`, `sidebar`, `view` (drawing) and the `animator` (rules events as animations on the
`timeline`, moving the `shown` model). No part holds the scene: what a part wants done comes back as a
`table_commands.TableCommand`, which `carry_out` does. The match tells what happened in its `happenings`,
taken after each call into it and each frame (`take_happenings`): every action at once; the move log
shows each line as the timeline animates what it tells (an undone action's lines leave it), and the sidebar
header, the active party and the input stay with the seat whose committed action the timeline is
showing (`table.playing`) until it reaches the turn change. Bots and replays act on the committed
state at a pace set by the animation speed.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.match import Committed, Match, Notice, Playing, Refused, Stopped, Told, Untold
from arzium.rules.actions import Action, Buy, ResolveClaims, RestEarly, SkipBuy, UseWake
from arzium.rules.cards import Ability
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.events import Event
from arzium.rules.state import GameState, new_game
from arzium.scenes.art import CardArt
from arzium.scenes.bid_table import BidTable
from arzium.scenes.board_view import BoardView
from arzium.scenes.choice import Choice
from arzium.scenes.effects import Animator
from arzium.scenes.handoff import HandOff
from arzium.scenes.hints import HintDesk
from arzium.scenes.log_panel import LogLine, LogPanel, describe, describe_at
from arzium.scenes.party_view import PartyView
from arzium.scenes.shown import Shown, at_rest
from arzium.scenes.sidebar import Sidebar
from arzium.scenes.table_commands import (
    Announce,
    AskHint,
    AtRest,
    Confirm,
    GameReached,
    OpenMenu,
    PlacePinned,
    ShowLines,
    SkipAnimations,
    Sparkle,
    Submit,
    TableCommand,
    TurnReached,
    Undo,
)
from arzium.scenes.table_view import Moment, TableView
from arzium.scenes.timeline import Timeline
from arzium.wording import EDGE_NAMES, bot_turn_words, person, rule_text, speaking_names, word
from common.data.i18n import _
from common.data.keymap import DIRECTIONS, GAME_COMMANDS, Command, keymap
from common.data.outbox import Outbox
from common.engine.layers import Part
from common.engine.scene import Scene
from common.scenes.help import HelpOverlay
from common.ui.dialog import Dialog
from common.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

ShowResult = Callable[[GameState, "str | None", bool, bool], None]  # state, replay path, watching, assisted
AskBid = Callable[[BidTable], None]                                 # opens the bid dialog over the table
TABBING = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class PlayScene(Scene):
    """One game at the table (also used, without input, to show a replay)."""

    rules_game = "arzium"
    title = "Arzium"

    def __init__(self, app: App, state: GameState, show_result: ShowResult, ask_bid: AskBid,
                 actions: list[Action] | None = None, replay: list[Action] | None = None, autosave: bool = True,
                 assisted: bool = False, match: Callable[[], Match] | None = None,
                 bot_moves: dict[int, str] | None = None, you: int | None = None) -> None:
        """`actions` led to `state` (a resumed game, `assisted` if it had shown a hint); `replay` plays these
        actions back instead of taking input; `autosave` False (tools, tests) keeps the user's save and
        replay folders untouched. `show_result` follows the game's end, `ask_bid` opens a human's bid
        (`arzium.scenes.flow` gives both). `match` builds the match the table shows (an online room's) instead
        of a local one; `bot_moves`: the actions (by number) a person's seat's bot made, and why ("clock", "away"),
        marked in the log; `you`: the seat the table's lines speak to whatever its name (an online table's own)."""
        super().__init__(app)
        self.show_result = show_result
        self.ask_bid = ask_bid
        self.cards = state.cards
        self.you = you
        self.names = speaking_names(state.setup.seats, you)
        self.colours = [s.colour for s in state.setup.seats]
        self.art = CardArt(app, self.cards)
        self.board_view = BoardView(app, self.art)
        self.parties = [PartyView(app, self.art, i, seat) for i, seat in enumerate(state.setup.seats)]
        self.timeline = Timeline()
        self.log = LogPanel(app)
        self.bot_told: tuple[int, int] | None = None  # the last action marked as a bot's: its number and seat
        self.table = match() if match is not None else Match(state, app.anim_ms, actions, replay, autosave, assisted)
        self.told_lines: list[int] = []  # the log lines of each provisional action told, oldest first
        self.table.bot_moves.update(bot_moves or {})
        self.animator = Animator(app, self.table, self.timeline, self.board_view, self.parties, self.art, self.names,
                                 self.colours, Shown.of(state))
        self.hints = self.make_hints()
        self.mouse_moved = False  # map tips only after the mouse moved there (not after a click or a turn)
        self.choice = Choice(app, self.table, self.cards, self.board_view)
        self.sidebar = Sidebar(app, self.table, self.choice, self.hints, self.art, self.log)
        self.view = TableView(app, self.table, self.choice, self.board_view, self.parties, self.sidebar, self.log,
                              self.art, self.names, self.colours)
        self.group = WidgetGroup(app, [])
        self.bid_answer: Outbox[TableCommand] = Outbox()  # the bid dialog's, done as the table is on top again
        self.greeted: tuple[int, int] | None = None
        self.holder: int | None = None  # the human seat that has the screen (hot-seat: the last one that acted)
        # people taking turns at this screen (an online table's other people play elsewhere)
        self.hot_seat = replay is None and sum(self.table.submits(i) for i in range(len(state.setup.seats))) > 1
        self.finished = False
        self.t_ms = 0.0
        self.log.colours = [self.art.colour(c) for c in self.colours]
        seated = ", ".join(f"{n} ({word(EDGE_NAMES, s.edge)})" for n, s in zip(self.names, state.setup.seats))
        opening = _("Replay: {seats}") if replay is not None else _("Game: {seats}")
        first = state.setup.first_player
        self.log.add([LogLine(opening.format(seats=seated)),
                      LogLine(person(self.names[first], _("You play first"), _("{name} plays first")), first)])
        if self.table.actions:  # a resumed game: tell its story so far
            past = new_game(state.setup, state.seed, state.cards)
            for n, action in enumerate(self.table.actions, start=1):
                seat = current_player(past)
                marked = self.bot_turn_line(n, seat) if seat is not None else None
                self.log.add([*([marked] if marked else []),
                              *describe(apply(past, action), state.setup, self.cards, past.turn, you)])
        seats = state.setup.seats
        first_human = next((i for i in range(len(seats)) if self.table.submits(i)), None)
        face = self.table.acting_human()
        edge = seats[face].edge if face is not None else \
            seats[first_human].edge if first_human is not None and replay is None else "south"
        self.board_view.set_edge(edge, 0)

    def make_hints(self) -> HintDesk:
        """Who answers the Hint button (the tutorial's answers from its script)."""
        return HintDesk(self.app, self.table, self.cards, self.colours)

    @property
    def shown(self) -> Shown:
        """The display model: the rules state as far as the animations have got."""
        return self.animator.shown

    @shown.setter
    def shown(self, shown: Shown) -> None:
        self.animator.shown = shown

    @property
    def mouse(self) -> tuple[int, int]:
        """Where the pointer is over the table (the choice's ghost follows it)."""
        return self.choice.mouse

    @mouse.setter
    def mouse(self, pos: tuple[int, int]) -> None:
        self.choice.mouse = pos

    # -- what the parts ask ------------------------------------------------------------------

    def carry_out(self, command: TableCommand | None) -> None:
        """Do what a part of the table asked (None: nothing)."""
        match command:
            case None:
                pass
            case Submit(action):
                self.act(action)
            case Undo():
                self.undo()
            case Confirm():
                self.confirm()
            case OpenMenu():
                self.open_menu()
            case AskHint():
                self.hints.request()
            case PlacePinned():
                self.carry_out(self.choice.place_pinned())
            case SkipAnimations():
                self.skip_animations()
            case ShowLines(count):
                self.log.show(count)
            case Announce(message, player):
                self.announce(message, player)
            case Sparkle(pos):
                self.view.sparkle(pos)
            case TurnReached(player):
                self.turn_changed(player)
            case GameReached() | AtRest():
                self.table.playing = None
            case _:
                assert_never(command)

    def _carry_out_asked(self) -> None:
        """What the match told, then what the animations that ran and the buttons clicked asked, in order."""
        self.take_happenings()
        for command in self.animator.asks.take() + self.sidebar.asks.take():
            self.carry_out(command)

    # -- what the match tells -------------------------------------------------------------------

    def take_happenings(self) -> None:
        """What the match told since the last take: the log's lines and the animations, an undone action's
        lines taken back, the committed action on show, refusals and notices."""
        for happening in self.table.happenings.take():
            match happening:
                case Told(events, turn, provisional, by):
                    lines = self.tell(events, turn, provisional, by)
                    if provisional:
                        self.told_lines.append(lines)
                case Untold():
                    self.log.drop_provisional(self.told_lines.pop())
                case Committed():
                    self.told_lines.clear()
                    self.log.commit()
                case Playing():
                    if self.animating():
                        self.table.playing = happening
                case Refused(reason):
                    self.app.toast(rule_text(reason))
                    self.app.sounds.play("ui_error")
                case Notice(message):
                    self.app.toast(message)
                case Stopped(number, reason):
                    stopped = _("Replay stopped at action {n}: {reason}") if self.table.replay is not None else \
                        _("Bot stopped at action {n}: {reason}")
                    self.app.toast(stopped.format(n=number, reason=rule_text(reason)))
                case _:
                    assert_never(happening)

    def bot_turn_line(self, number: int, seat: int) -> LogLine | None:
        """The line that opens a turn a person's seat's bot played, when action `number` (of `seat`) starts one."""
        why = self.bot_reason(number, seat)
        if why is None:
            return None
        first = self.bot_told != (number - 1, seat)
        self.bot_told = (number, seat)
        return LogLine(bot_turn_words(self.names[seat], why), seat, header=True) if first else None

    def bot_reason(self, number: int, seat: int) -> str | None:
        """Why a person's seat's bot made action `number` ("clock", "away"), None when the person did."""
        return self.table.bot_moves.get(number)

    def tell(self, events: list[Event], turn: int, provisional: bool, by: tuple[int, int] | None) -> int:
        """Log and animate `events` (made in `turn`; `by`: the committed action's number and seat); how many
        log lines they made."""
        marked = self.bot_turn_line(*by) if by is not None else None
        if marked is not None:
            self.log.add([marked])
        told = describe_at(events, self.table.state.setup, self.cards, turn, self.you)
        self.log.tell([line for _at, line in told], provisional=provisional)
        self.animator.play(events, told, self.sidebar.row_places())
        self._carry_out_asked()
        return len(told)

    def animating(self) -> bool:
        """Whether the table is still showing what it was told (False with instant animations)."""
        return self.timeline.busy and self.app.anim_ms(1) > 0

    # -- what the animations reach ----------------------------------------------------------

    def turn_changed(self, player: int) -> None:
        """The timeline shows a turn change: the table moves on to `player`'s turn, nothing chosen (a choice left
        from a turn another played to its end, as a bot after a time-out, is gone)."""
        self.table.playing = None
        self.choice.clear()
        if not self.table.submits(player) or self.table.replay is not None:
            self.announce(person(self.names[player], _("Your turn"), _("{owner} turn")), player)

    def announce(self, message: str, player: int | None) -> None:
        self.sidebar.announce(message, self.art.colour(self.colours[player]) if player is not None else None)

    # -- the human's moves ------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """A human's action for their turn in progress; False (with a message) if it is not theirs or illegal."""
        if self.table.acting_human() is None:
            return False
        self.skip_animations()
        submitted = self.table.submit(action)
        self.take_happenings()
        if not submitted:
            return False
        self.choice.clear()
        return True

    def confirm(self) -> None:
        problem = self.table.confirm()
        self.take_happenings()
        if problem:
            self.app.toast(problem)

    def undo(self) -> None:
        """Take back the last pending action of the turn in progress."""
        if not self.table.undo():
            self.app.sounds.play("ui_error")
            return
        self.take_happenings()
        self.timeline.clear()
        self.shown = at_rest(self.table)
        self.choice.clear()

    def skip_animations(self) -> None:
        """Every animation of what the match told shown to its end at once, quietly."""
        self.take_happenings()
        self.animator.quiet = True
        self.timeline.finish()
        self.animator.quiet = False
        self._carry_out_asked()

    def open_menu(self) -> None:
        def leave() -> None:
            self.app.pop()

        choices = [(_("Rules"), lambda: self.app.open_rules("arzium")), (_("Leave"), leave),
                   (_("Resume"), lambda: None)]
        dialog = Dialog(self.app, _("Paused"), _("Your game is saved after every move; "
                                                 "resume it later from the Arzium screen."), choices)
        dialog.group.focus_index, dialog.group.keyboard_mode = len(choices) - 1, True  # focus shown: on Resume
        self.app.push(dialog)

    def leave(self) -> None:
        self.table.leave()
        self.hints.leave()

    def finish_game(self) -> None:
        """Game over and every animation shown: write the replay, forget the save, show the result."""
        self.finished = True
        path = self.table.finish()
        self.take_happenings()
        self.show_result(self.table.state, path, self.table.replay is not None, self.table.assisted)

    # -- input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.mouse_moved = True
            self.choice.cursor = None  # the mouse takes over the ghost
        if event.type == pygame.KEYDOWN:  # game keys first; the buttons only see keys once Tab chose one
            if self._key(event):
                return True
            return (event.key in TABBING or self.group.keyboard_mode) and self._handle_buttons(event)
        if self._handle_buttons(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.log.handle_wheel(self.mouse, event.y):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.view.hover_ms, self.mouse_moved = 0.0, False
            self.mouse, self.choice.cursor = event.pos, None
            self._click(event.pos, event.button)
            return True
        return False

    def _handle_buttons(self, event: pygame.event.Event) -> bool:
        """The sidebar's buttons take `event` if it is theirs; what a click asks is done at once."""
        handled = self.group.handle(event)
        self._carry_out_asked()
        return handled

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        table, choice = self.table, self.choice
        if key == pygame.K_ESCAPE:
            if choice.active or choice.artifact_focus is not None:
                choice.clear()
                self.app.sounds.play("ui_back")
            else:
                self.open_menu()
            return True
        command = keymap(self.app.settings.key_bindings).command(key, GAME_COMMANDS["arzium"])
        if command is None and key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            command = Command.UNDO
        if command is None:
            return self._number(key)
        p = table.acting_human()
        match command:
            case Command.HELP:
                self.app.push(HelpOverlay(self.app, "arzium"))
            case Command.HINT:
                self.hints.request()
            case Command.UNDO:
                if table.pending:
                    self.undo()
            case Command.UP | Command.DOWN | Command.LEFT | Command.RIGHT:
                if p is None or (choice.selected is None and choice.mode is not Ability.SLIDE):
                    return False  # the sidebar's buttons take the arrows
                choice.move_cursor(DIRECTIONS[command])
            case Command.NEXT_CHARACTER:
                if p is None or not choice.can_search_now(p) or choice.mode is not None:
                    return False
                self.carry_out(choice.next_card(p))
            case Command.ARTIFACT:
                if p is not None:
                    choice.next_artifact(p)
            case Command.REST:
                if p is not None and RestEarly() in legal_actions(table.view_state()):
                    self.act(RestEarly())
            case Command.CHOOSE | Command.TOGGLE:
                return self._choose(command is Command.TOGGLE)
            case Command.CHAT:
                return False  # an online table's chat takes it before the table
            case _:
                assert_never(command)
        return True

    def _choose(self, toggle: bool) -> bool:
        """Choose (Enter) or Toggle (Space): use the focused artifact, confirm, place, click at the cursor, end
        the buy or go on to the claims; Toggle on a pinned pattern switches the square under the cursor."""
        table, choice = self.table, self.choice
        p = table.acting_human()
        phase = table.view_state().phase
        if choice.artifact_focus is not None:
            self.carry_out(choice.use_focused_artifact())
        elif table.awaiting_confirm:
            self.confirm()
        elif choice.pinned is not None and not toggle:
            self.carry_out(choice.place_pinned())
        elif p is not None and (choice.selected is not None or choice.mode is Ability.SLIDE):
            self.carry_out(choice.press())
        elif p is not None and phase == "buy":
            self.act(SkipBuy())
        elif p is not None and phase == "after":
            self.act(ResolveClaims())
        else:
            return False
        return True

    def _number(self, key: int) -> bool:
        """1-9: a character to search with (or to wake), or an artifact of the row during the buy."""
        if not pygame.K_1 <= key <= pygame.K_9:
            return False
        p = self.table.acting_human()
        if p is None:
            return True
        n, choice = key - pygame.K_1, self.choice
        st = self.table.view_state()
        if st.phase == "buy":
            if n < len(st.art_row) and st.art_row[n]:
                self.act(Buy(st.art_row[n]))
        elif choice.mode is Ability.WAKE and choice.mode_artifact is not None:
            picks = self.view.wake_picks(p)
            if n < len(picks):
                self.act(UseWake(choice.mode_artifact, st.players[p].cards[picks[n]]))
        else:
            ups = choice.key_cards(p)
            if n < len(ups):
                self.carry_out(choice.select_card(ups[n]))
                choice.start_cursor()
        return True

    def _click(self, pos: tuple[int, int], button: int) -> None:
        p = self.table.acting_human()
        if p is None:
            return
        st = self.table.view_state()
        choice = self.choice
        if button == 3:
            if choice.pinned is not None:
                choice.unpin()
            else:
                choice.clear()
            return
        if self.board_view.frame_rect.collidepoint(pos):
            self.carry_out(choice.click_map(pos, button))
            return
        if st.phase == "buy":
            for i, r in enumerate(self.sidebar.row_rects):
                if r.collidepoint(pos) and i < len(st.art_row):
                    self.act(Buy(st.art_row[i]))
                    return
        party = self.parties[p]
        card = party.card_at(self.shown, pos)
        if card is not None:
            if choice.mode is Ability.WAKE and choice.mode_artifact is not None:
                self.act(UseWake(choice.mode_artifact, st.players[p].cards[card]))
            else:
                self.carry_out(choice.select_card(card))
            return
        a = party.artifact_at(self.shown, pos)
        if a is not None:
            self.carry_out(choice.use_artifact(a))

    # -- frame ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.view.layout(size)

    def update(self, dt_ms: float) -> None:
        self.take_happenings()  # what was told between frames (a resumed turn, the room's frames)
        self.t_ms += dt_ms
        self.timeline.update(dt_ms)
        self._carry_out_asked()
        if not self.timeline.busy:
            self.log.show_all()  # at rest, the log tells the whole story
            self.table.playing = None  # ... and the table shows the rules state
        self.board_view.update(dt_ms)
        self.sidebar.tick(dt_ms)
        self.view.update(dt_ms)
        self.view.update_hover(dt_ms, self.shown, self.mouse, self.mouse_moved)
        if self.finished:
            return
        table = self.table
        idle = not self.timeline.busy and not self.board_view.turning
        if idle and table.work is None and is_over(table.state):
            self.finish_game()
            return
        self._face_acting_human(idle)
        table.update(dt_ms, idle)
        self.take_happenings()
        self.hints.poll()
        self._offer_bid(idle)
        self.group.widgets = self.sidebar.buttons()
        self.group.update(dt_ms)
        self._carry_out_asked()

    def _face_acting_human(self, idle: bool) -> None:
        p = self.table.acting_human()
        if p is None or not idle:
            return
        bidding = self.table.view_state().phase == "bid"
        if self._hand_over(p, person(self.names[p], _("Your bid"), _("{owner} bid")) if bidding else
                           person(self.names[p], _("Your turn"), _("{owner} turn"))):
            return
        seats = self.table.seats
        edge = seats[p].edge
        if self.board_view.edge != edge:
            self.mouse_moved = False
            self.board_view.set_edge(edge, self.app.anim_ms(750))
            self.view.layout_parties()
        st = self.table.view_state()
        greet = (st.turn, p)
        if self.greeted != greet and st.phase in ("start", "search"):
            self.greeted = greet
            self.announce(_("{name}, your turn").format(name=self.names[p]) if self.hot_seat else _("Your turn"), p)
            self.app.sounds.play("turn_chime", 0.7)

    def _hand_over(self, p: int, title: str) -> bool:
        """Whether the screen must first pass to the human seat `p` because another human had it: then the
        hand-off (`title`) is up, and the table takes no input until `p` says ready."""
        previous, self.holder = self.holder, p
        if not self.hot_seat or previous is None or previous == p:
            return False
        self.mouse_moved = False
        self.app.push(HandOff(self.app, title, self.names[p]))
        return True

    def _offer_bid(self, idle: bool) -> None:
        p = self.table.acting_human()
        if p is None or not idle or self.table.view_state().phase != "bid" or self.app.stack.top is not self:
            return
        self.ask_bid(BidTable(self.table, p, self.hints, self.art, self.names, self.colours, self.board_view,
                              self.bid_answer))

    def resume(self) -> None:
        """On top again: what the bid dialog answered is done now."""
        for command in self.bid_answer.take():
            self.carry_out(command)

    def moment(self) -> Moment:
        """What the table's look depends on this frame."""
        return Moment(self.shown, self.mouse, self.timeline, self.hints.hint, self.group, self.t_ms)

    def frame_parts(self) -> list[Part] | None:
        return self.view.parts(self.moment())

    def toast_area(self) -> pygame.Rect | None:
        """Toasts (a sprite pack reloaded, a search refused) stand over the map's lowest squares: off the hand at
        the window's foot and off a hint's line on the map's lower edge."""
        app = self.app
        return pygame.Rect(app.px(26), 0, app.size[0] - 2 * app.px(26), self.board_view.frame_rect.bottom - app.px(21))
