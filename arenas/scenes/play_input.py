"""The play scene's input: keys 1–3 and clicks on cards, the wild card's target (a click, or the arrows and
Choose), Esc, the hint and help keys of the key map (`common.keymap`), F1, skipping ahead.

Input asks the rules what a choice means (`preview.wild_choices`) and hands the action to the scene's
`apply`, the path every card takes; anything refused is said in words where it happened.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from arenas.match import Phase
from arenas.rules.actions import Action, PlayCard
from arenas.rules.preview import wild_choices
from common.i18n import _, ngettext
from common.keymap import DIRECTIONS, GAME_COMMANDS, Command, Direction, keymap, step_focus

if TYPE_CHECKING:
    from arenas.match import Run
    from arenas.remote_run import RemoteRun
    from arenas.scenes.board import BoardView
    from arenas.scenes.hands import TableLayout
    from common.app import App
    from common.widgets import Button

Point = tuple[float, float]


class Controls(Protocol):
    """The play scene as its input sees it."""

    wild: int | None  # the hand index of the wild card waiting for its target
    wild_focus: str | None  # the target the keyboard would choose for it
    card_focus: int | None  # the active hand's card the arrows rest on
    mouse: tuple[int, int]

    @property
    def app(self) -> App: ...
    @property
    def run(self) -> Run | RemoteRun: ...
    @property
    def board(self) -> BoardView | None: ...
    @property
    def table(self) -> TableLayout | None: ...
    @property
    def hint_button(self) -> Button: ...
    @property
    def leave_button(self) -> Button: ...

    def say(self, message: str, pos: Point | None = None, danger: bool = False) -> None: ...
    def thinking(self, pos: Point | None = None) -> None: ...
    def apply(self, action: Action, pos: Point | None) -> None: ...
    def timer_at(self, pos: tuple[int, int]) -> str | None: ...
    def drawn_place(self, timer_id: str) -> tuple[Point, float]: ...
    def show_help(self) -> None: ...
    def hint_blocker(self) -> str | None: ...
    def show_hint(self) -> None: ...
    def pause_play(self) -> None: ...
    def resume_play(self) -> None: ...
    def ask_leave(self) -> None: ...
    def read_rules(self) -> None: ...
    def end_seen(self) -> None: ...
    def skip_countdown(self) -> None: ...


def handle(c: Controls, event: pygame.event.Event) -> bool:
    """Mouse moves, clicks and keys of the play scene; True if the event was used."""
    if event.type == pygame.MOUSEMOTION:
        c.mouse = event.pos
        return False
    if event.type == pygame.KEYDOWN:
        return _key(c, event)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        c.mouse = event.pos
        _click(c, event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and c.wild is not None:
        cancel_wild(c)
        return True
    return False


def _key(c: Controls, event: pygame.event.Event) -> bool:
    """Esc, F1, H, the card keys 1–3, and Space/Enter to skip the countdown or see the result."""
    key = event.key
    if c.run.paused:
        if key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_p, pygame.K_RETURN):
            c.resume_play()
        elif key == pygame.K_l:
            c.leave_button.activate(c.app)
        return True
    if key == pygame.K_ESCAPE:
        if c.wild is not None:
            cancel_wild(c)
        elif c.run.phase == Phase.OVER:
            c.end_seen()
        elif c.run.setup.allow_pause and c.run.phase == Phase.RUNNING and c.run.replay is None:
            c.pause_play()
        else:
            c.ask_leave()
        return True
    if key == pygame.K_F1 and c.run.no_pause_now():
        c.read_rules()
        return True
    command = keymap(c.app.settings.key_bindings).command(key, GAME_COMMANDS["arenas"])
    if command is Command.HELP:
        c.show_help()
        return True
    if command is Command.HINT:
        c.show_hint()
        return True
    if c.wild is not None and command in DIRECTIONS:
        assert command is not None
        move_wild_focus(c, DIRECTIONS[command])
        return True
    if c.wild is not None and command is Command.CHOOSE:
        choice = wild_choices(c.run.state, c.wild).get(c.wild_focus) if c.wild_focus is not None else None
        if choice is not None:
            c.apply(choice, None)
        return True
    if c.wild is None and command in (Command.LEFT, Command.RIGHT) and c.run.phase == Phase.RUNNING:
        move_card_focus(c, -1 if command is Command.LEFT else 1)
        return True
    if c.wild is None and command is Command.CHOOSE and c.card_focus is not None and c.run.phase == Phase.RUNNING:
        play_card(c, c.card_focus)
        return True
    numbers = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
    if key in numbers:
        play_card(c, numbers[key])
        return True
    if (key == pygame.K_SPACE or command is Command.CHOOSE) and c.run.phase in (Phase.COUNTDOWN, Phase.OVER):
        if c.run.phase == Phase.COUNTDOWN:
            c.skip_countdown()
        else:
            c.end_seen()
        return True
    return False


def _click(c: Controls, pos: tuple[int, int]) -> None:
    """A left click: resume, skip the countdown, the hint button, a card, a wild card's target, or why not."""
    if c.run.paused:
        if c.leave_button.rect.collidepoint(pos):
            c.leave_button.activate(c.app)
        else:
            c.resume_play()
        return
    if c.run.phase == Phase.COUNTDOWN:
        c.skip_countdown()
        return
    if c.run.phase == Phase.OVER:
        c.end_seen()
        return
    if c.table is None or c.board is None:
        return
    if c.hint_blocker() is None and c.hint_button.rect.collidepoint(pos):
        c.hint_button.activate(c.app)
        return
    state = c.run.state
    for seat in range(len(state.players)):
        rects = c.table.card_rects(seat, len(state.hands[seat]))
        lift = c.table.lift
        for i, r in enumerate(rects):
            if r.inflate(0, lift * 2).move(0, -lift).collidepoint(pos):
                if c.run.replay is not None:
                    c.say(_("This is a replay: the cards play themselves"), pos)
                elif c.run.bot_turn_now():
                    c.thinking(pos)
                elif c.run.is_bot(seat):
                    c.say(_("{name} is a bot: it plays its own cards").format(name=state.players[seat]), pos)
                elif seat != state.active:
                    c.say(_("It's {name}'s turn, not {other}'s").format(name=state.players[state.active],
                                                                        other=state.players[seat]), pos)
                else:
                    play_card(c, i)
                return
    timer = c.timer_at(pos)
    gear = c.board.gear_at(pos)
    if c.wild is not None:
        if timer is None and gear is not None:
            on = state.timer_on(gear)
            timer = on.id if on is not None else None
            if timer is None:
                why = (_("Wild card: a block sits on this gear — click a timer") if gear in state.level.blocks
                       else _("Wild card: no timer stands on this gear — click a timer"))
                c.say(why, pos)
                return
        choice = wild_choices(state, c.wild).get(timer) if timer is not None else None
        if choice is not None:  # the rules say whether it activates or recovers that timer
            c.apply(choice, pos)
        else:
            c.say(_("Click a timer for the wild card (Esc cancels)"), pos)
        return
    if timer is not None or gear is not None:
        if c.run.replay is not None:
            c.say(_("This is a replay"), pos)
        elif c.run.bot_turn_now():
            c.thinking(pos)
        else:
            many = len(state.players) > 1
            first = (_("{name}: play a card first — click it or press 1–{n}") if many
                     else _("play a card first — click it or press 1–{n}"))
            c.say(first.format(name=state.players[state.active], n=len(state.hands[state.active])), pos)


def move_card_focus(c: Controls, step: int) -> None:
    """Left/Right: the focus moves along the active hand (it lifts and shows its preview); the first press
    rests it on the first card."""
    n = len(c.run.state.hands[c.run.state.active])
    if n:
        c.card_focus = 0 if c.card_focus is None else (c.card_focus + step) % n


def play_card(c: Controls, index: int) -> None:
    """Key 1–3 or a click on the active player's card."""
    state = c.run.state
    if c.run.phase == Phase.COUNTDOWN:
        c.say(_("Get ready: the sand starts after the countdown (Space or Enter starts it now)")
              if c.run.countdown_skippable else _("Get ready: the sand starts for everyone after the countdown"))
        return
    if c.run.phase == Phase.OVER:
        return
    if c.run.replay is not None:
        c.say(_("This is a replay: the cards play themselves"))
        return
    if c.run.bot_turn_now():
        c.thinking()
        return
    hand = state.hands[state.active]
    if index >= len(hand):
        c.say(ngettext("There is no card {n}: this hand holds {count}", "There is no card {n}: this hand holds {count}",
                       len(hand)).format(n=index + 1, count=len(hand)))
        return
    if hand[index].kind == "wild":
        if c.wild == index:
            cancel_wild(c)
            return
        c.wild = index
        targets = _targets(c)
        c.wild_focus = targets[0][0] if targets else None
        c.app.sounds.play("ui_click")
        return
    c.apply(PlayCard(state.active, index), None)


def _targets(c: Controls) -> list[tuple[str, Point]]:
    """The wild card's targets and where they are drawn, left to right."""
    if c.wild is None:
        return []
    choices = wild_choices(c.run.state, c.wild)
    return sorted(((t, c.drawn_place(t)[0]) for t in c.run.state.timers if t in choices), key=lambda tp: tp[1])


def move_wild_focus(c: Controls, direction: Direction) -> None:
    """An arrow while the wild card waits: the focus goes to the nearest target that way on the screen."""
    targets = _targets(c)
    if not targets:
        return
    ids = [t for t, _at in targets]
    current = ids.index(c.wild_focus) if c.wild_focus in ids else 0
    c.wild_focus = ids[step_focus([at for _t, at in targets], current, direction)]
    c.app.sounds.play("ui_hover", 0.6)


def cancel_wild(c: Controls) -> None:
    """Esc: put the wild card back (the turn is still yours)."""
    c.wild, c.wild_focus = None, None
    c.app.sounds.play("ui_back")
    c.say(_("Wild card kept in hand"))
