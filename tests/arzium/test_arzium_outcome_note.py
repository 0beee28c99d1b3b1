"""The note over the Arzium ghost says what its search brings about (`arzium.scenes.outcome`): the land it
fills, its claimer or its bidders, the helper's coin; and the land is framed. Off with Settings."""
from __future__ import annotations

from arzium.rules.preview import LandOutcome, SearchOutcome
from arzium.scenes.catalog import outcome_scene
from arzium.scenes.outcome import outcome_words
from arzium_testkit import make_state
from common.engine.app import App
from helpers import FRAME

NAMES = ["Ann", "You", "Bo"]


def test_the_note_names_the_claimer_or_the_bidders_and_the_helpers() -> None:
    state = make_state(3)
    land = state.cards.card(state.slots[0]).land_name
    claimed = SearchOutcome(0, 0, 0, (LandOutcome(0, state.slots[0], ((0, 4), (1, 1), (2, 1)), 0, ()),))
    assert outcome_words(claimed, state, NAMES) == [
        f"Fills {land}: Ann claims it · you get the helper's coin · Bo gets the helper's coin"]
    mine = SearchOutcome(1, 0, 0, (LandOutcome(0, state.slots[0], ((1, 6),), 1, ()),))
    assert outcome_words(mine, state, NAMES) == [f"Fills {land}: you claim it"]
    tie = SearchOutcome(0, 0, 0, (LandOutcome(0, state.slots[0], ((0, 2), (1, 2), (2, 2)), None, (0, 1, 2)),))
    assert outcome_words(tie, state, NAMES) == [
        f"Fills {land}: a tie, Ann and you and Bo bid for it (whoever loses gets the helper's coin)"]
    assert outcome_words(SearchOutcome(0, 2, 0, ()), state, NAMES) == []


def test_the_ghost_on_a_filling_search_frames_the_land_and_says_so_unless_previews_are_off(app: App) -> None:
    scene = outcome_scene(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)

    def frames() -> int:
        parts = scene.frame_parts() or []
        return sum(isinstance(p.key, tuple) and p.key[:1] == ("land frame",) for p in parts)

    assert frames() == 1
    (line,) = scene.view.outcomes.lines
    assert line.startswith("Fills ") and ": a tie, Player 1 and Dozy Dora bid for it" in line
    app.settings.move_previews = False
    assert frames() == 0


def test_a_note_of_several_lines_over_a_ghost_in_the_top_rows_goes_under_the_map_off_the_ghost(app: App) -> None:
    scene = outcome_scene(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    view = scene.view
    tag = view._tag("Cursor words · Space switches the square under the cursor, Enter places\n" + "Fills a long "
                    "named land: somebody claims it · you get the helper's coin · Bo gets the helper's coin", "ok")
    for cells in ([(0, 2, True), (0, 3, True)], [(0, 0, True), (1, 0, True), (1, 1, True)]):
        squares = [view.board_view.cell_rect(r, c) for r, c, _ in cells]
        part = view.ghost_tag_part(tag, cells, "ok")
        assert not any(part.rect.colliderect(sq) for sq in squares)
        assert part.rect.top >= view.board_view.frame_rect.centery  # under the map, by its bottom edge
    middle = [(3, 2, True), (3, 3, True)]
    part = view.ghost_tag_part(tag, middle, "ok")
    assert part.rect.bottom <= view.board_view.frame_rect.centery  # a ghost lower down keeps it over the top edge
