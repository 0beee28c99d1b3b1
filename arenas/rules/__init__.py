"""Pure, deterministic rules of Arenas Movedizas (no pygame): pieces, levels, state, play, replays.

The order of simultaneous happenings is documented in `arenas.rules.engine`.
The package satisfies `common.rules_api.GameRules` (new_game, legal_actions, apply, is_over, outcome,
to_dict/from_dict, clone); `builders` makes exact positions for tests and tools.
"""
from arenas.rules.actions import (
    Action,
    IllegalAction,
    PlayCard,
    PlayWild,
    WildMode,
    action_from_json,
)
from arenas.rules.builders import LostBeside, OnTile, build_game, build_level
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
    CardKind,
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
    EVENT_TYPES,
    AnyEvent,
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
    Result,
    Setup,
    TimerState,
    clone,
    from_dict,
    new_game,
    to_dict,
)

__all__ = [
    "DECK_SIZE", "EVENT_TYPES", "LAYOUTS", "LEVELS_DIR", "MAX_PATH", "MAX_PLAYERS",
    "MAX_SAND_SPEED_PCT", "MIN_PATH", "MIN_PLAYERS", "MIN_SAND_SPEED_PCT",
    "TILE_COLOURS", "TILE_SHAPES", "TIMER_SPECS", "WILD",
    "Action", "AnyEvent", "Card", "CardDrawn", "CardKind", "CardHadNoEffect", "CardPlayed", "DeckReshuffled", "Event",
    "GameLost", "GameState", "GameWon", "IllegalAction", "Level", "LevelError", "LostBeside", "OnTile",
    "PlayCard", "PlayWild", "Result", "Setup", "Tile", "TimerBlocked", "TimerFlipped", "TimerLost",
    "TimerMoved", "TimerRecovered", "TimerSpec", "TimerState", "TurnChanged", "WildMode",
    "action_from_json", "advance", "apply", "build_game", "build_level", "clone", "event_from_json",
    "from_dict", "is_over", "legal_actions", "level_from_dict", "level_path", "load_level", "load_levels",
    "mark_assisted", "new_game", "outcome", "outcome_json", "run_replay",
    "standard_deck", "timer_label", "to_dict",
]
