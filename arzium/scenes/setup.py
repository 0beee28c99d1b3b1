"""Arzium's setup screen: 2-4 seats (human or bot with its level, name, colour, edge), basic or full
game, first player; Start, or Resume the autosaved game when there is one (a corrupt save is set aside).
The screen opens with the setup of the last game started here (`arzium.save.load_setup_memory`); Start
remembers the new one."""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from arzium import save
from arzium.bots import LEVELS
from arzium.rules.board import DEFAULT_EDGES, EDGES
from arzium.rules.cards import default_cards
from arzium.rules.state import GameState, SeatSetup, Setup, SetupError, check_setup, new_game
from arzium.save import MAX_NAME
from arzium.scenes.art import CardArt
from arzium.wording import (
    COLOUR_NAMES,
    EDGE_NAMES,
    KIND_NAMES,
    LEVEL_TIPS,
    bot_names,
    default_name,
    level_name,
    shown_name,
    stored_name,
    word,
)
from common.data.i18n import _, language
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene
from common.games import GAMES
from common.scenes.backdrop import Backdrop
from common.tutorials.launch import open_tutorial
from common.ui.dialog import Dialog
from common.ui.text_field import TextField
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Choice, Widget, WidgetGroup, frozen

if TYPE_CHECKING:
    from arzium.save import SavedGame
    from common.engine.app import App

DEFAULT_LEVEL = "normal"


def saved_line(saved: SavedGame) -> str:
    """A saved game in a few words: its turn and seats."""
    state = saved.state
    return _("turn {turn}, {names}").format(turn=state.turn, names=", ".join(shown_name(s.name)
                                                                             for s in state.setup.seats))


def name_field(value: str, on_change: Callable[[str], object], seat: int) -> TextField:
    """Seat `seat`'s name box (emptied, it goes back to the seat's default name)."""
    return TextField(value, on_change, _("Click to type a name"), limit=MAX_NAME, fallback=default_name(seat + 1))



class LevelSegment(Widget):
    """One part of a bot seat's level picker (Easy | Normal | Hard): the chosen part is pressed in, with a
    lit bar under its name (never a ring: a ring is the keyboard's focus); Left/Right pick the neighbouring
    level."""

    def __init__(self, level: str, chosen: Callable[[], str], on_pick: Callable[[str], object]) -> None:
        super().__init__(_(LEVEL_TIPS[level]) if level in LEVEL_TIPS else level_name(level))
        self.level = level
        self.chosen = chosen
        self.on_pick = on_pick

    def activate(self, app: App) -> None:
        app.sounds.play("ui_click")
        self.on_pick(self.level)

    def adjust(self, app: App, direction: int) -> bool:
        i = LEVELS.index(self.chosen()) if self.chosen() in LEVELS else LEVELS.index(DEFAULT_LEVEL)
        new = max(0, min(len(LEVELS) - 1, i + direction))
        if new == i:
            return False
        app.sounds.play("ui_hover")
        self.on_pick(LEVELS[new])
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return tuple(self.rect), self.level, self.chosen() == self.level, hovered, focused, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        on = self.chosen() == self.level
        plaque = "ui/button_pressed" if on else "ui/button_hover" if hovered or focused else "ui/button"
        surface.blit(app.sprites.nine_slice(plaque, self.rect.size), self.rect)
        label = level_name(self.level)
        px = text.fit_px(label, app.font_px(17), self.rect.w - app.px(16), bold=True)
        ink = app.theme.text_light if on or hovered else (214, 196, 168)
        # the label sits level between the plaque's corner rivets (its border keeps its size in a small window)
        text.draw_text(surface, label, px, ink, (self.rect.centerx, self.rect.centery), "center",
                       bold=True, shadow=app.theme.shadow)
        if on:  # the bar between the lower rivets, under the label
            corner = app.sprites.meta(plaque).get("slice", 0)
            bar = pygame.Rect(0, 0, min(self.rect.w * 3 // 5, self.rect.w - 2 * corner), max(3, app.px(4)))
            bar.midbottom = (self.rect.centerx, self.rect.bottom - max(6, app.px(7)))
            pygame.draw.rect(surface, app.theme.ok, bar, border_radius=bar.h // 2)


RANDOM_FIRST = -1  # the first player's choice "Random": a seat drawn as the game starts


class SetupScene(Scene):
    """Choose the seats and the game, then Start (or Resume the saved game)."""

    rules_game = "arzium"
    title = "Arzium — new game"

    def __init__(self, app: App, start: Callable[[GameState], None],
                 resume: Callable[[SavedGame], None], host: Callable[[Setup], None] | None = None,
                 host_name: str = "") -> None:
        """`start` puts a new game on the table, `resume` the saved one (`arzium.scenes.flow` gives both);
        with `host`, Start opens an online room of the setup instead (the other people's seats open for them),
        the host at the first seat under their online name `host_name`."""
        super().__init__(app)
        self.host = host
        self.host_name = host_name
        self.start_game = start
        self.resume_game = resume
        self.cards = default_cards()
        self.art = CardArt(app, self.cards)
        colours = self.cards.colours
        self.seats: list[dict[str, str]] = [
            {"name": default_name(1), "kind": "human", "colour": colours[0], "level": DEFAULT_LEVEL},
            {"name": bot_names()[1], "kind": "bot", "colour": colours[1], "level": DEFAULT_LEVEL},
        ]
        self.edges: list[str] = list(DEFAULT_EDGES[2])
        self.full_game = False
        self.first = RANDOM_FIRST
        self._recall_setup()
        self.saved: SavedGame | None = None
        if host is None:
            self._check_save()
        self.start_btn = Button(_("Start"), self.start, _("Deal the lands and play (Enter)"), font=26) \
            if host is None else Button(_("Open the room"), self.start, _("Open an online room with these seats: "
                                                                          "each person's seat waits for a friend "
                                                                          "(Enter)"), font=24)
        self.resume_btn = Button(_("Resume saved game"), self.resume_saved, _("Continue the game you left"), font=22)
        self.back_btn = Button(_("Back"), app.pop, _("Back to the main menu (Esc)"), font=22, sound="ui_back")
        self.add_btn = Button(_("Add a seat"), self.add_seat, _("Up to 4 players"), font=20)
        self.tutorial_btn = Button(_("Tutorial"), lambda: open_tutorial(app, GAMES["arzium"]),
                                   _("Learn to play: a guided game, one idea at a time"), font=20)
        self.mode = Choice(_("Game"), [(False, _("Basic (no artifacts)")), (True, _("Full (with artifacts)"))],
                           self.full_game, self.set_mode, _("The full game adds a row of artifacts to buy and use"))
        self.first_choice = Choice(_("First player"), [(RANDOM_FIRST, "")], RANDOM_FIRST, self.set_first,
                                   _("Play goes clockwise from this seat (Random: drawn as the game starts); "
                                     "starting coins 0, 1, 1, 2 in turn order"))
        self.rows: list[dict[str, Widget]] = []
        self.group = WidgetGroup(app, [])
        self.backdrop = Backdrop(60)
        self._rebuild()

    # -- the last started setup -------------------------------------------------------------

    def _recall_setup(self) -> None:
        """Open with the setup of the last game started here; the defaults without one (a bad file is set aside)."""
        memory, message = save.load_setup_memory(cards=self.cards)
        if message:
            self.app.toast(message)
        if memory is None:
            return
        remembered, random_first = memory
        self.seats = [{"name": shown_name(s.name), "kind": s.kind, "colour": s.colour, "level": s.bot_level}
                      for s in remembered.seats]
        self.edges = [s.edge for s in remembered.seats]
        self.full_game = remembered.full_game
        self.first = RANDOM_FIRST if random_first else remembered.first_player

    # -- save --------------------------------------------------------------------------------

    def _check_save(self) -> None:
        saved, message = save.load_saved_game()
        if message:
            self.app.toast(message)
        self.saved = saved if saved is not None and saved.state.phase != "over" else None

    def resume_saved(self) -> None:
        """Continue the saved game (not `Scene.resume`: a screen closed over this one resumes no game)."""
        if self.saved is not None:
            self.resume_game(self.saved)

    # -- seats -------------------------------------------------------------------------------

    def _level(self, i: int) -> str:
        return self.seats[i]["level"]

    def _rebuild(self) -> None:
        if self.host is not None:  # the host's own seat: a person, under the room's name for them
            self.seats[0] |= {"kind": "human", "name": self.host_name or self.seats[0]["name"]}
        self.rows = []
        for i, seat in enumerate(self.seats):
            row: dict[str, Widget] = {
                "name": name_field(seat["name"], partial(self.set_seat, i, "name"), i),
                "kind": Button(word(KIND_NAMES, seat["kind"]).title(), partial(self.toggle_kind, i),
                               _("Human (a person who joins the room with its code) or bot (then pick its level)")
                               if self.host is not None else
                               _("Human (you, or friends at this screen) or bot (then pick its level)"), font=18),
            }
            if seat["kind"] == "bot":  # the level follows the kind in the focus order, as on screen
                for level in LEVELS:
                    row[f"level_{level}"] = LevelSegment(level, partial(self._level, i),
                                                         partial(self.set_seat, i, "level"))
            row |= {
                "colour": Button(word(COLOUR_NAMES, seat["colour"]).title(), partial(self.cycle, i, "colour"),
                                 _("Marker colour (each has its own shape too)"), font=18),
                "edge": Button(word(EDGE_NAMES, self.edges[i]).title(), partial(self.cycle_edge, i),
                               _("The edge of the map this seat sits at: patterns are placed as seen from it"),
                               font=18),
            }
            if self.host is not None and i == 0:
                row["name"].enabled = row["kind"].enabled = False
            elif len(self.seats) > 2:
                row["remove"] = Button("x", partial(self.remove_seat, i), _("Remove this seat"), font=18,
                                       sound="ui_back")
            self.rows.append(row)
        self.first = min(self.first, len(self.seats) - 1)
        self._name_first_options()
        self.first_choice.index = [v for v, _label in self.first_choice.options].index(self.first)
        widgets: list[Widget] = [w for row in self.rows for w in row.values()]
        if len(self.seats) < 4:
            widgets.append(self.add_btn)
        widgets += [self.mode, self.first_choice, self.tutorial_btn, self.start_btn]
        if self.saved is not None:
            widgets.append(self.resume_btn)
        widgets.append(self.back_btn)
        self.group.widgets = widgets
        if self.app.stack.top is self:
            self.layout(self.app.size)

    def set_seat(self, i: int, key: str, value: str) -> None:
        """Seat `i`'s `key` ("name", "kind", "colour" or "level") becomes `value`."""
        self.seats[i][key] = value
        self._name_first_options()

    def _name_first_options(self) -> None:
        """The first player's options: Random, then every seat by its name."""
        self.first_choice.options = [(RANDOM_FIRST, _("Random")), *enumerate(self.live_names())]

    def live_names(self) -> list[str]:
        """Each seat's name as it reads now: what is being typed in its box (its default while empty), else the
        name kept."""
        names = []
        for row, seat in zip(self.rows, self.seats, strict=True):
            field = row["name"]
            typing = isinstance(field, TextField) and field.editing
            names.append((field.value.strip() or field.fallback) if isinstance(field, TextField) and typing
                         else seat["name"])
        return names

    def toggle_kind(self, i: int) -> None:
        seat = self.seats[i]
        seat["kind"] = "bot" if seat["kind"] == "human" else "human"
        if seat["kind"] == "bot" and seat["name"] not in bot_names():
            seat["name"] = next(n for n in bot_names() if all(s["name"] != n for s in self.seats))
        elif seat["kind"] == "human" and seat["name"] in bot_names():
            seat["name"] = default_name(i + 1)
        self._rebuild()

    def cycle(self, i: int, key: str) -> None:
        """Next colour for seat i; a colour another seat has is swapped with it."""
        options = list(self.cards.colours)
        new = options[(options.index(self.seats[i][key]) + 1) % len(options)]
        for other in self.seats:
            if other is not self.seats[i] and other[key] == new:
                other[key] = self.seats[i][key]
        self.seats[i][key] = new
        self._rebuild()

    def cycle_edge(self, i: int) -> None:
        new = EDGES[(EDGES.index(self.edges[i]) + 1) % 4]
        if new in self.edges:
            self.edges[self.edges.index(new)] = self.edges[i]
        self.edges[i] = new
        self._rebuild()

    def add_seat(self) -> None:
        if len(self.seats) >= 4:
            return
        used = {s["colour"] for s in self.seats}
        colour = next(c for c in self.cards.colours if c not in used)
        name = next(n for n in bot_names() if all(s["name"] != n for s in self.seats))
        self.seats.append({"name": name, "kind": "bot", "colour": colour, "level": DEFAULT_LEVEL})
        self.edges = list(DEFAULT_EDGES[len(self.seats)])
        self._rebuild()

    def remove_seat(self, i: int) -> None:
        if len(self.seats) <= 2:
            return
        del self.seats[i]
        self.edges = list(DEFAULT_EDGES[len(self.seats)])
        self._rebuild()

    def set_mode(self, value: bool) -> None:
        self.full_game = value

    def set_first(self, value: int) -> None:
        self.first = value

    def setup(self, seed: int = 0) -> Setup:
        """The setup shown; a Random first player is drawn from `seed` (the game's)."""
        seats = tuple(SeatSetup(stored_name(s["name"].strip() or default_name(i + 1)), s["colour"], self.edges[i],
                                s["kind"], s["level"]) for i, s in enumerate(self.seats))
        first = random.Random(f"first player {seed}").randrange(len(seats)) if self.first == RANDOM_FIRST \
            else self.first
        return Setup(seats, self.full_game, first)

    def start(self) -> None:
        seed = self.app.options.seed if self.app.options.seed is not None else random.randrange(1, 2 ** 31)
        setup = self.setup(seed)
        try:
            check_setup(setup, self.cards)
        except SetupError as exc:
            self.app.toast(str(exc))
            self.app.sounds.play("ui_error")
            return
        if self.host is not None:
            self.host(setup)
            return
        if self.saved is None:
            self._start(setup, seed)
            return
        self.app.push(Dialog(self.app, _("Replace the saved game?"),
                             _("A new game replaces the saved one ({saved}); it cannot be resumed.").format(
                                 saved=saved_line(self.saved)),
                             [(_("Replace"), partial(self._start, setup, seed)), (_("Cancel"), lambda: None)]))

    def _start(self, setup: Setup, seed: int) -> None:
        """Remember `setup` and put a new game of it on the table, dealt from `seed`."""
        message = save.save_last_setup(setup, random_first=self.first == RANDOM_FIRST)
        if message:
            self.app.toast(message)  # the game starts all the same
        self.start_game(new_game(setup, seed))

    # -- scene -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - app.px(40), app.px(1120)), min(h - app.px(30), app.px(660)))
        self.panel.center = (w // 2, h // 2)
        left = self.panel.left + app.px(40)
        y = self.panel.top + app.px(96)
        rh = app.px(46)
        columns = (("kind", 96, 10), *((f"level_{level}", 66, 4) for level in LEVELS[:-1]),
                   (f"level_{LEVELS[-1]}", 66, 10), ("colour", 96, 10), ("edge", 96, 10), ("remove", 40, 0))
        x = left + app.px(44)
        self.headings = [(_("Name"), pygame.Rect(x, y, app.px(180), rh))]
        x += app.px(190)
        for key, width, gap in columns:
            if key in ("kind", f"level_{LEVELS[1]}", "colour", "edge"):
                r = pygame.Rect(x, y, app.px(width), rh)
                if key.startswith("level_"):
                    r.inflate_ip(app.px(2 * (66 + 4)), 0)
                heading = {"kind": _("Player"), "colour": _("Colour"), "edge": _("Edge")}.get(key, _("Bot level"))
                self.headings.append((heading, r))
            x += app.px(width) + app.px(gap)
        for i, row in enumerate(self.rows):
            x = left + app.px(44)
            top = y + i * (rh + app.px(8))
            row["name"].rect = pygame.Rect(x, top, app.px(180), rh)
            x += app.px(190)
            for key, width, gap in columns:  # a human seat leaves the level's place empty
                if key in row:
                    row[key].rect = pygame.Rect(x, top, app.px(width), rh)
                x += app.px(width) + app.px(gap)
        y += 4 * (rh + app.px(8))
        add_top = self.panel.top + app.px(96) + len(self.rows) * (rh + app.px(8))
        self.add_btn.rect = pygame.Rect(left + app.px(44), add_top, app.px(200), app.px(40))
        self.mode.rect = pygame.Rect(left, y + app.px(6), app.px(660), app.px(52))
        self.first_choice.rect = pygame.Rect(left, y + app.px(66), app.px(660), app.px(52))
        self.map_rect = pygame.Rect(0, 0, app.px(220), app.px(220))
        self.map_rect.topright = (self.panel.right - app.px(40), self.panel.top + app.px(110))
        self.tutorial_btn.rect = pygame.Rect(self.map_rect.left, self.map_rect.bottom + app.px(80), self.map_rect.w,
                                             app.px(44))
        by = self.panel.bottom - app.px(80)
        self.back_btn.rect = pygame.Rect(left, by, app.px(180), app.px(54))
        self.start_btn.rect = pygame.Rect(self.panel.right - app.px(40) - app.px(220), by, app.px(220), app.px(54))
        self.resume_btn.rect = pygame.Rect(self.start_btn.rect.left - app.px(300), by, app.px(280), app.px(54))
        lh, title_h = text.font(app.font_px(15)).get_linesize(), text.font(app.font_px(38), True).get_linesize()
        self.group.keep_clear = [pygame.Rect(self.panel.left, self.panel.top + app.px(30), self.panel.w, title_h),
                                 *(pygame.Rect(r.left, r.top - app.px(4) - lh, r.w, lh) for _, r in self.headings),
                                 *(self.marker_rect(row["name"].rect) for row in self.rows)]

    def marker_rect(self, name: pygame.Rect) -> pygame.Rect:
        """Where a seat's marker stands: left of its name box."""
        app = self.app
        return pygame.Rect(name.left - app.px(46), name.top + app.px(2), app.px(38), app.px(38))

    def _editing(self) -> TextField | None:
        return next((r["name"] for r in self.rows if isinstance(r["name"], TextField) and r["name"].editing), None)

    def handle(self, event: pygame.event.Event) -> bool:
        field = self._editing()
        if field is not None and field.key(event):
            self._name_first_options()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and field is not None and not field.rect.collidepoint(event.pos):
            field.finish()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.sounds.play("ui_back")
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.group.focused is self.start_btn:
                self.start()
                return True
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        over = []
        if self.saved is not None:
            msg = _("Saved game: {saved}").format(saved=saved_line(self.saved))
            px = text.fit_px(msg, app.font_px(16), app.px(520))
            where = text.render(msg, px, app.theme.muted).get_rect(
                midbottom=(self.resume_btn.rect.centerx, self.resume_btn.rect.top - app.px(6)))
            over.append(window_part(app, ("saved", msg, tuple(where)), lambda surface: text.draw_text(
                surface, msg, px, app.theme.muted, where.topleft), where))
        look = ("seats", frozen(self.seats), tuple(self.live_names()), tuple(self.edges), self.first,
                frozen([r["name"].rect for r in self.rows]))
        return widget_screen(self.backdrop.picture(app, app.size, [("ui/dialog", self.panel)]), self.group,
                             window_part(app, look, self._draw_seats), over=over)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        """The title, the columns' headings, each seat's marker and the little map."""
        app = self.app
        text.draw_text(surface, _("Arzium — a new game"), app.font_px(38), app.theme.text,
                       (self.panel.centerx, self.panel.top + app.px(30)), "midtop", bold=True)
        for label, r in self.headings:
            text.draw_text(surface, label, app.font_px(15), app.theme.muted, (r.centerx, r.top - app.px(4)),
                           "midbottom")
        for i, row in enumerate(self.rows):
            r = row["name"].rect
            surface.blit(self.art.marker(self.seats[i]["colour"], app.px(38)), self.marker_rect(r))
        self._draw_map(surface)

    def _draw_map(self, surface: pygame.Surface) -> None:
        """A little map showing where each seat sits, the first player marked."""
        app = self.app
        r = self.map_rect
        pygame.draw.rect(surface, (58, 92, 70), r, border_radius=app.px(10))
        inner = r.inflate(-app.px(70), -app.px(70))
        sq = inner.w // 6
        for slot in range(6):
            card = pygame.Rect(inner.left + (slot % 3) * 2 * sq, inner.top + (slot // 3) * 3 * sq,
                               2 * sq - 2, 3 * sq - 2)
            pygame.draw.rect(surface, (222, 200, 150), card, border_radius=app.px(3))
            scroll = card.copy()
            scroll.h = max(2, sq // 3)
            if slot >= 3:
                scroll.bottom = card.bottom
            pygame.draw.rect(surface, (170, 130, 80), scroll)
        spots = {"south": (r.centerx, r.bottom - app.px(18)), "north": (r.centerx, r.top + app.px(18)),
                 "west": (r.left + app.px(18), r.centery), "east": (r.right - app.px(18), r.centery)}
        for i, (seat, name) in enumerate(zip(self.seats, self.live_names(), strict=True)):
            x, y = spots[self.edges[i]]
            token = self.art.marker(seat["colour"], app.px(30))
            surface.blit(token, token.get_rect(center=(x, y)))
            label = name + (_(" (1st)") if i == self.first else "")
            bold = i == self.first
            if self.edges[i] in ("north", "south"):  # on the parchment just outside the map's frame
                img = text.render(label, text.fit_px(label, app.font_px(16), r.w + app.px(60), bold=bold),
                                  app.theme.text, bold=bold)
                where = img.get_rect(midbottom=(x, r.top - app.px(3))) if self.edges[i] == "north" else \
                    img.get_rect(midtop=(x, r.bottom + app.px(3)))
            else:  # along the frame's side strip, below the seat's marker, reading up (west) or down (east)
                room = r.bottom - app.px(6) - (y + app.px(18))
                img = text.render(label, text.fit_px(label, app.font_px(16), room, bold=bold), (250, 240, 214),
                                  bold=bold)
                img = pygame.transform.rotate(img, 90 if self.edges[i] == "west" else -90)
                where = img.get_rect(midtop=(x, y + app.px(18)))
            surface.blit(img, where)
        text.draw_text(surface, _("Seats around the map"), app.font_px(16), app.theme.muted,
                       (r.centerx, r.bottom + app.px(32)), "midtop")
