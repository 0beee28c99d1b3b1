"""My tables and being told it is your turn: the answers of the servers read with every value checked, the
player's turn first, a server that does not answer shown as such; the list on screen, opening a table, the menu's
"Your turn in N games", and a table that became this player's turn told by a line and the window's title."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from common.data.i18n import set_language
from common.engine.app import TITLE, App
from common.online.seat_tokens import KeptSeat
from common.online.turn_watch import TurnWatch, table_line
from common.scenes import my_tables
from common.scenes.catalog import DOWN_SERVER, SAMPLE_KEPT, SAMPLE_SERVER, sample_tables
from common.scenes.menu import MenuScene
from common.scenes.my_tables import MyTablesScene, TurnTeller, detail_line
from helpers import key, run


def heard(ask: Any = sample_tables, kept: list[KeptSeat] = SAMPLE_KEPT) -> TurnWatch:
    watch = TurnWatch(ask, clock=lambda: 1000.0)
    watch.check(kept, wait=True)
    return watch


def test_the_players_turn_comes_first_and_a_server_that_does_not_answer_is_named() -> None:
    got = heard().now()
    assert got.checked and not got.checking and got.down == (DOWN_SERVER,)
    assert [t.code for t in got.tables] == ["AAAA-1111", "BBBB-2222", "CCCC-3333", "DDDD-4444"]  # least time first
    assert [t.your_turn for t in got.tables] == [True, True, False, False]
    finished = got.tables[-1]
    assert finished.winners == (1,) and finished.ran_out == (0,) and finished.scores == (27, 31)
    assert "Ana won" in detail_line(finished, 1000.0) and "Carla ran out of time" in detail_line(finished, 1000.0)
    assert detail_line(got.tables[2], 1000.0) == "Bruno's turn: 18 h left · last move by Ana 40 min ago"


def test_the_time_left_runs_on_from_when_it_was_told() -> None:
    line = heard().now().tables[2]
    assert line.left_now(1000.0) == 18 * 3_600_000 and line.left_now(1000.0 + 3600) == 17 * 3_600_000
    assert line.left_now(1000.0 + 10 ** 7) == 0


@pytest.mark.parametrize("bad", [
    None, [], {"seats": "x"}, {"seats": []}, {"seats": [{}] * 17}, {"seats": [{"name": "A"}], "phase": "won"},
    {"seats": [{"name": "A"}], "phase": "playing", "seat": 5, "turn": -1, "time": {"left_ms": [True],
                                                                                    "running": 0}},
])
def test_a_table_whose_fields_are_not_the_protocols_is_left_out_or_read_safely(bad: Any) -> None:
    line = table_line("s:1", "AAAA-1111", bad, 0.0)
    if line is not None:  # readable, with what cannot be used left out
        assert line.seat is None and line.turn is None and line.left_ms is None and not line.your_turn


def test_names_from_the_network_are_made_safe() -> None:
    line = table_line("s:1", "AAAA-1111", {"seats": [{"name": "Ana\x1b[2J\n" + "x" * 90}], "phase": "lobby"}, 0.0)
    assert line is not None and "\x1b" not in line.names[0] and "\n" not in line.names[0] and len(line.names[0]) <= 24


def test_a_server_answering_an_error_or_nothing_is_down_and_the_others_still_count() -> None:
    def ask(server: str, tokens: list[str]) -> dict[str, Any]:
        if server == DOWN_SERVER:
            return {"kind": "error", "code": "rate"}
        return sample_tables(server, tokens)
    got = heard(ask).now()
    assert got.down == (DOWN_SERVER,) and len(got.tables) == 4


def test_only_a_table_that_became_the_players_turn_is_news() -> None:
    answers = {"turn": 1}

    def ask(server: str, tokens: list[str]) -> dict[str, Any]:
        frame = sample_tables(SAMPLE_SERVER, tokens)
        frame["tables"][2]["turn"] = answers["turn"]
        frame["tables"][2]["time"]["running"] = answers["turn"]
        return frame
    watch = TurnWatch(ask, clock=lambda: 1000.0)
    assert watch.fresh_turns() == []
    watch.check(SAMPLE_KEPT, wait=True)
    assert watch.fresh_turns() == []  # what was so at the first look is not news
    answers["turn"] = 0  # Bruno moved: table CCCC-3333 waits on this player now
    watch.check(SAMPLE_KEPT, wait=True)
    assert [t.code for t in watch.fresh_turns()] == ["CCCC-3333"]
    watch.check(SAMPLE_KEPT, wait=True)
    assert watch.fresh_turns() == []


def test_my_tables_lists_the_tables_and_opening_one_takes_its_seat(app: App) -> None:
    opened: list[KeptSeat] = []
    scene = MyTablesScene(app, lambda app, kept: opened.append(kept), heard(), lambda: (SAMPLE_KEPT, ""))
    app.stack.clear_to(scene)
    run(app, 2)
    rows = [r for r in scene.rows if r in scene.group.widgets]
    assert [r.mine for r in rows] == [True, True, False, False, False]
    assert rows[4].detail.startswith("Its server wss://friends.example.net does not answer")
    assert scene.status_line() == f"Not answering now: {DOWN_SERVER}"
    scene.group.set_focus(rows[0])
    run(app, 1, key(pygame.K_RETURN))
    assert [k.code for k in opened] == ["AAAA-1111"]


def test_my_tables_says_so_when_there_are_none(app: App) -> None:
    scene = MyTablesScene(app, lambda app, kept: None, TurnWatch(sample_tables), lambda: ([], ""))
    app.stack.clear_to(scene)
    run(app, 1)
    assert scene.status_line().startswith("No tables yet")


def test_the_menu_says_your_turn_and_a_new_turn_is_told_by_a_line_and_the_title(app: App,
                                                                                monkeypatch: pytest.MonkeyPatch
                                                                                ) -> None:
    answers = {"turn": 1}

    def ask(server: str, tokens: list[str]) -> dict[str, Any]:
        frame = sample_tables(server, tokens)
        frame["tables"][2]["turn"] = frame["tables"][2]["time"]["running"] = answers["turn"]
        return frame
    watch = TurnWatch(ask, clock=lambda: 1000.0)
    monkeypatch.setattr(my_tables, "WATCH", watch)
    monkeypatch.setattr(my_tables, "kept_seats", lambda: (SAMPLE_KEPT, ""))
    watch.check(SAMPLE_KEPT, wait=True)
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    menu.looked = True
    run(app, 1)
    assert any(b.label == "Your turn in 2 games" for b in menu.buttons)
    teller = TurnTeller(app)
    teller(16)
    assert pygame.display.get_caption()[0] == f"(2) Your turn · {TITLE}"
    answers["turn"] = 0
    watch.check(SAMPLE_KEPT, wait=True)
    teller(16)
    assert any(t.message == "Your turn at Arzium CCCC-3333: Ana played" for t in app.toasts)
    assert pygame.display.get_caption()[0] == f"(3) Your turn · {TITLE}"
    run(app, 1)
    assert any(b.label == "Your turn in 3 games" for b in menu.buttons)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_table_that_ended_while_the_player_was_away_is_told_on_the_menu_and_opens_my_tables(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    def ask(server: str, tokens: list[str]) -> dict[str, Any]:
        frame = sample_tables(server, tokens)
        frame["tables"] = frame["tables"][3:]  # only the finished one
        return frame
    watch = TurnWatch(ask, clock=lambda: 1000.0)
    monkeypatch.setattr(my_tables, "WATCH", watch)
    monkeypatch.setattr(my_tables, "kept_seats", lambda: (SAMPLE_KEPT, ""))
    watch.check(SAMPLE_KEPT, wait=True)
    set_language(lang)
    try:
        menu = MenuScene(app)
        app.stack.clear_to(menu)
        menu.looked = True
        run(app, 1)
        ended = menu.buttons[3]
        assert ended.label == {"en": "1 game ended: see who won", "es": "1 partida terminó: mira quién ganó"}[lang]
        assert ended.rect.right <= menu.buttons[1].rect.right and not ended.rect.colliderect(menu.buttons[2].rect)
        menu.group.focus_index, menu.group.keyboard_mode = 3, True
        run(app, 1, key(pygame.K_RETURN))
        assert isinstance(app.stack.top, MyTablesScene)
    finally:
        set_language("en")
