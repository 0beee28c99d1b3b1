"""Pure, deterministic rules of Arenas Movedizas (no pygame): pieces, levels, state, play, replays.

The order of simultaneous happenings is documented in `arenas.rules.engine`.
"""
from arenas.rules.actions import WILD_MODES, Action, IllegalAction, PlayCard, PlayWild, action_from_json
from arenas.rules.components import (
    DECK_SIZE,
    LAYOUTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TILE_COLOURS,
    TILE_SHAPES,
    TIMER_SPECS,
    WILD,
    Card,
    Tile,
    TimerSpec,
    standard_deck,
    timer_label,
)
from arenas.rules.engine import (
    advance,
    apply,
    is_over,
    legal_actions,
    mark_assisted,
    outcome,
    outcome_json,
)
from arenas.rules.events import (
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
    event_from_json,
)
from arenas.rules.levels import (
    LEVELS_DIR,
    MAX_PATH,
    MIN_PATH,
    Level,
    LevelError,
    level_from_dict,
    level_path,
    load_level,
    load_levels,
)
from arenas.rules.replay import run_replay
from arenas.rules.state import (
    MAX_SAND_SPEED_PCT,
    MIN_SAND_SPEED_PCT,
    GameState,
    TimerState,
    new_game,
)

__all__ = [
    "DECK_SIZE", "LAYOUTS", "LEVELS_DIR", "MAX_PATH", "MAX_PLAYERS",
    "MAX_SAND_SPEED_PCT", "MIN_PATH", "MIN_PLAYERS", "MIN_SAND_SPEED_PCT",
    "TILE_COLOURS", "TILE_SHAPES", "TIMER_SPECS", "WILD", "WILD_MODES",
    "Action", "Card", "CardDrawn", "CardHadNoEffect", "CardPlayed", "DeckReshuffled", "Event",
    "GameLost", "GameState", "GameWon", "IllegalAction", "Level", "LevelError", "PlayCard",
    "PlayWild", "Tile", "TimerBlocked", "TimerFlipped", "TimerLost",
    "TimerMoved", "TimerRecovered", "TimerSpec", "TimerState", "TurnChanged",
    "action_from_json", "advance", "apply", "event_from_json", "is_over", "legal_actions",
    "level_from_dict", "level_path", "load_level", "load_levels", "mark_assisted",
    "new_game", "outcome", "outcome_json", "run_replay",
    "standard_deck", "timer_label",
]
