"""The play scene's input: keys 1–3 and clicks on cards, the wild card's target (a click, or the arrows and
Choose), Esc, the hint and help keys of the key map (`common.data.keymap`), F1, skipping ahead.

Input reads the scene's `Moment`, asks the rules what a choice means (`preview.wild_choices`) and returns
what it wants done as `TableCommand`s, which the scene carries out: a card goes to the scene's `apply`, the path
every card takes; anything refused is said in words where it happened.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from arenas.match import Phase
from arenas.rules.actions import Action, PlayCard
from arenas.rules.preview import wild_choices
from arenas.scenes.moment import Moment
from common.data.i18n import _, ngettext
from common.data.keymap import DIRECTIONS, GAME_COMMANDS, Command, Direction, keymap, step_focus

Point = tuple[float, float]


@dataclass(frozen=True)
class Say:
    """Words where it happened (why a click did nothing, what just happened); `pos` None: on the prompt line."""

    message: str
    pos: Point | None = None


@dataclass(frozen=True)
class Thinking:
    """Say why a person's input waits: a bot, or a team-mate on another screen, holds the turn."""

    pos: Point | None = None


@dataclass(frozen=True)
class Play:
    """A person's card, played through the run (refused in words at `pos`)."""

    action: Action
    pos: Point | None


@dataclass(frozen=True)
class TakeWild:
    """The wild card at `index` waits for its target; the keyboard's choice rests on `focus`."""

    index: int
    focus: str | None


@dataclass(frozen=True)
class FocusWild:
    """The keyboard's choice for the waiting wild card moves to `target`."""

    target: str


@dataclass(frozen=True)
class FocusCard:
    """The arrows' focus rests on card `index` of the active hand."""

    index: int


class Do(Enum):
    """What the scene does of its own, as asked."""

    CANCEL_WILD = "the wild card goes back in the hand (the turn is still the player's)"
    PRESS_HINT = "the top bar's hint button, as if clicked (its sound, then the hint)"
    PRESS_LEAVE = "Leave on the pause overlay, as if clicked (its sound, then the leave dialog)"
    SHOW_HELP = "the controls over the board"
    SHOW_HINT = "the team-mate bot's card for the active human, or why not"
    PAUSE_PLAY = "the pause assist: time stops"
    RESUME_PLAY = "time runs again after a pause"
    ASK_LEAVE = "the leave dialog"
    READ_RULES = "the rules over the board, the sand running on"
    END_SEEN = "the held final board was seen: on to the result"
    SKIP_COUNTDOWN = "the sand starts now"


TableCommand = Say | Thinking | Play | TakeWild | FocusWild | FocusCard | Do


def handle(m: Moment, event: pygame.event.Event) -> tuple[TableCommand, ...] | None:
    """What a mouse click or a key of the play scene wants done (nothing, for one used up); None if the
    event is not the play's (the mouse moving: the scene keeps where it is)."""
    if event.type == pygame.KEYDOWN:
        return _key(m, event)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _click(m, event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and m.wild is not None:
        return (Do.CANCEL_WILD,)
    return None


def _key(m: Moment, event: pygame.event.Event) -> tuple[TableCommand, ...] | None:
    """Esc, F1, H, the card keys 1–3, and Space/Enter to skip the countdown or see the result."""
    key = event.key
    run = m.run
    if run.paused:
        if key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_p, pygame.K_RETURN):
            return (Do.RESUME_PLAY,)
        if key == pygame.K_l:
            return (Do.PRESS_LEAVE,)
        return ()
    if key == pygame.K_ESCAPE:
        if m.wild is not None:
            return (Do.CANCEL_WILD,)
        if run.phase == Phase.OVER:
            return (Do.END_SEEN,)
        if run.setup.allow_pause and run.phase == Phase.RUNNING and run.replay is None:
            return (Do.PAUSE_PLAY,)
        return (Do.ASK_LEAVE,)
    if key == pygame.K_F1 and run.no_pause_now():
        return (Do.READ_RULES,)
    command = keymap(m.settings.key_bindings).command(key, GAME_COMMANDS["arenas"])
    if command is Command.HELP:
        return (Do.SHOW_HELP,)
    if command is Command.HINT:
        return (Do.SHOW_HINT,)
    if m.wild is not None and command in DIRECTIONS:
        assert command is not None
        return _move_wild_focus(m, DIRECTIONS[command])
    if m.wild is not None and command is Command.CHOOSE:
        choice = wild_choices(run.state, m.wild).get(m.wild_focus) if m.wild_focus is not None else None
        return (Play(choice, None),) if choice is not None else ()
    if m.wild is None and command in (Command.LEFT, Command.RIGHT) and run.phase == Phase.RUNNING:
        return _move_card_focus(m, -1 if command is Command.LEFT else 1)
    if m.wild is None and command is Command.CHOOSE and m.card_focus is not None and run.phase == Phase.RUNNING:
        return play_card(m, m.card_focus)
    numbers = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
    if key in numbers:
        return play_card(m, numbers[key])
    if (key == pygame.K_SPACE or command is Command.CHOOSE) and run.phase in (Phase.COUNTDOWN, Phase.OVER):
        return (Do.SKIP_COUNTDOWN,) if run.phase == Phase.COUNTDOWN else (Do.END_SEEN,)
    return None


def _click(m: Moment, pos: tuple[int, int]) -> tuple[TableCommand, ...]:
    """A left click: resume, skip the countdown, the hint button, a card, a wild card's target, or why not."""
    run = m.run
    if run.paused:
        return (Do.PRESS_LEAVE,) if m.leave_button.rect.collidepoint(pos) else (Do.RESUME_PLAY,)
    if run.phase == Phase.COUNTDOWN:
        return (Do.SKIP_COUNTDOWN,)
    if run.phase == Phase.OVER:
        return (Do.END_SEEN,)
    if m.table is None or m.board is None:
        return ()
    if m.hint_blocked is None and m.hint_button.rect.collidepoint(pos):
        return (Do.PRESS_HINT,)
    state = run.state
    for seat in range(len(state.players)):
        rects = m.table.card_rects(seat, len(state.hands[seat]))
        lift = m.table.lift
        for i, r in enumerate(rects):
            if r.inflate(0, lift * 2).move(0, -lift).collidepoint(pos):
                if run.replay is not None:
                    return (Say(_("This is a replay: the cards play themselves"), pos),)
                if run.bot_turn_now():
                    return (Thinking(pos),)
                if run.is_bot(seat):
                    return (Say(_("{name} is a bot: it plays its own cards").format(name=state.players[seat]), pos),)
                if seat != state.active:
                    return (Say(_("It's {name}'s turn, not {other}'s").format(name=state.players[state.active],
                                                                             other=state.players[seat]), pos),)
                return play_card(m, i)
    timer = m.timer_at(pos)
    gear = m.board.gear_at(pos)
    if m.wild is not None:
        if timer is None and gear is not None:
            on = state.timer_on(gear)
            timer = on.id if on is not None else None
            if timer is None:
                why = (_("Wild card: a block sits on this gear — click a timer") if gear in state.level.blocks
                       else _("Wild card: no timer stands on this gear — click a timer"))
                return (Say(why, pos),)
        choice = wild_choices(state, m.wild).get(timer) if timer is not None else None
        if choice is not None:  # the rules say whether it activates or recovers that timer
            return (Play(choice, pos),)
        return (Say(_("Click a timer for the wild card (Esc cancels)"), pos),)
    if timer is not None or gear is not None:
        if run.replay is not None:
            return (Say(_("This is a replay"), pos),)
        if run.bot_turn_now():
            return (Thinking(pos),)
        many = len(state.players) > 1
        first = (_("{name}: play a card first — click it or press 1–{n}") if many
                 else _("play a card first — click it or press 1–{n}"))
        return (Say(first.format(name=state.players[state.active], n=len(state.hands[state.active])), pos),)
    return ()


def _move_card_focus(m: Moment, step: int) -> tuple[TableCommand, ...]:
    """Left/Right: the focus moves along the active hand (it lifts and shows its preview); the first press
    rests it on the first card."""
    n = len(m.run.state.hands[m.run.state.active])
    if not n:
        return ()
    return (FocusCard(0 if m.card_focus is None else (m.card_focus + step) % n),)


def play_card(m: Moment, index: int) -> tuple[TableCommand, ...]:
    """Key 1–3 or a click on the active player's card."""
    run = m.run
    state = run.state
    if run.phase == Phase.COUNTDOWN:
        return (Say(_("Get ready: the sand starts after the countdown (Space or Enter starts it now)")
                    if run.countdown_skippable else _("Get ready: the sand starts for everyone after the countdown")),)
    if run.phase == Phase.OVER:
        return ()
    if run.replay is not None:
        return (Say(_("This is a replay: the cards play themselves")),)
    if run.bot_turn_now():
        return (Thinking(),)
    hand = state.hands[state.active]
    if index >= len(hand):
        return (Say(ngettext("There is no card {n}: this hand holds {count}",
                             "There is no card {n}: this hand holds {count}", len(hand)).format(n=index + 1,
                                                                                               count=len(hand))),)
    if hand[index].kind == "wild":
        if m.wild == index:
            return (Do.CANCEL_WILD,)
        targets = _targets(m, index)
        return (TakeWild(index, targets[0][0] if targets else None),)
    return (Play(PlayCard(state.active, index), None),)


def _targets(m: Moment, wild: int) -> list[tuple[str, Point]]:
    """The targets of the wild card at `wild` and where they are drawn, left to right."""
    choices = wild_choices(m.run.state, wild)
    return sorted(((t, m.drawn_place(t)[0]) for t in m.run.state.timers if t in choices), key=lambda tp: tp[1])


def _move_wild_focus(m: Moment, direction: Direction) -> tuple[TableCommand, ...]:
    """An arrow while the wild card waits: the focus goes to the nearest target that way on the screen."""
    assert m.wild is not None
    targets = _targets(m, m.wild)
    if not targets:
        return ()
    ids = [t for t, _at in targets]
    current = ids.index(m.wild_focus) if m.wild_focus in ids else 0
    return (FocusWild(ids[step_focus([at for _t, at in targets], current, direction)]),)
