"""Move previews on the Arenas board (`arenas.scenes.previews`): the card under the mouse or the wild card
waiting for its target is previewed from the rules, in words and on the board, live, and not at all when
Settings turns previews off."""
from __future__ import annotations

import pygame

from arenas.rules.actions import PlayCard
from arenas.rules.preview import TimerTurn, Turn, preview, wild_choices
from arenas.scenes.catalog import preview_play
from arenas.scenes.previews import CardPreview, card_preview, label_of
from common.engine.app import App
from common.engine.layers import paint_all
from helpers import FRAME


def frame(app: App) -> pygame.Surface:
    """The frame on show, every part painted in order."""
    out = pygame.Surface(app.size)
    parts = app.stack.frame_parts()
    assert parts is not None
    paint_all(out, parts)
    return out


def test_the_card_under_the_mouse_is_previewed_from_the_rules_in_words(app: App) -> None:
    scene = preview_play(app, wild=False)
    app.stack.clear_to(scene)
    state = scene.run.state
    shown = card_preview(scene.moment())
    assert shown == CardPreview(0, False, preview(state, PlayCard(0, 0)))
    assert [(t.timer, t.turn) for t in shown.turns] == [
        ("fast2", Turn.MOVES), ("medium2", Turn.BLOCKED), ("medium1", Turn.MOVES), ("slow2", Turn.MOVES),
        ("slow1", Turn.MOVES)]
    line = scene.view.previews.line(scene.moment(), shown)
    assert line is not None and line.startswith("Card 1 · Yellow: XF moves on to gear 17 · ")
    assert "M2 turns in place (gear 10 is taken)" in line
    assert "S2 moves on to gear 4 and empties: lost!" in line  # the full S2 flipped: the central trap, said
    scene.mouse = (0, 0)
    assert card_preview(scene.moment()) is None


def test_the_preview_follows_the_sand_and_is_off_when_settings_say_so(app: App) -> None:
    scene = preview_play(app, wild=False)
    app.stack.clear_to(scene)
    before = card_preview(scene.moment())
    assert before is not None
    scene.fixed_update(1_000)
    after = card_preview(scene.moment())
    assert after is not None
    assert [t.remaining_ms - 1_000 for t in after.turns] == [t.remaining_ms for t in before.turns]
    app.step([], FRAME)
    shown = frame(app)
    app.settings.move_previews = False
    assert card_preview(scene.moment()) is None
    plain = frame(app)  # the same moment without the previews
    blocked = scene.drawn_place("medium2")[0]
    glass = pygame.Rect(0, 0, 12, 40)
    glass.center = (round(blocked[0]), round(blocked[1]))
    assert any(shown.get_at(p) != plain.get_at(p) for p in _points(glass)), "no ghost level drawn in M2"
    still = scene.drawn_place("fast1")[0]  # F is not turned by the card: drawn alike
    glass.center = (round(still[0]), round(still[1]))
    assert all(shown.get_at(p) == plain.get_at(p) for p in _points(glass))


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]


def test_a_wild_card_previews_each_choice_and_names_the_one_under_the_mouse(app: App) -> None:
    scene = preview_play(app, wild=True)
    app.stack.clear_to(scene)
    state = scene.run.state
    shown = card_preview(scene.moment())
    assert shown is not None and shown.wild
    choices = wild_choices(state, 0)
    assert shown.by_timer() == {tid: preview(state, a)[0] for tid, a in choices.items()}
    assert shown.by_timer()["slow2"].turn == Turn.RECOVERED
    assert scene.view.previews.line(scene.moment(), shown) == "Wild card 1: M2 moves on to gear 9"
    scene.mouse = (0, 0)
    assert scene.view.previews.line(scene.moment(), shown) is None  # the prompt says what to do


def test_a_turn_in_place_says_why_and_seconds_show_only_with_seconds_on_timers() -> None:
    end = TimerTurn("slow1", Turn.END, 12, 12, 30_000)
    assert label_of(end, seconds=False) == "end of chain"
    assert label_of(end, seconds=True) == "end of chain · 30 s"
    assert label_of(TimerTurn("slow1", Turn.BLOCKED, 3, 3, 1_500), seconds=True) == "blocked · almost empty!"
    assert label_of(TimerTurn("slow1", Turn.MOVES, 3, 4, 0), seconds=False) == "empties!"
    assert label_of(TimerTurn("slow1", Turn.MOVES, 3, 4, 20_001), seconds=False) is None  # its arrow says it
    assert label_of(TimerTurn("slow1", Turn.MOVES, 3, 4, 20_001), seconds=True) == "21 s"
    assert label_of(TimerTurn("slow1", Turn.STAYS_LOST, 3, 3, 9_000), seconds=False) == "stays lost"
    assert label_of(TimerTurn("slow1", Turn.RECOVERED, 3, 3, 9_000), seconds=False) is None
