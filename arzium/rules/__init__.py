"""Pure, deterministic rules of Arzium (no pygame): board, cards, state, play, replays.

Conventions (board squares, slots and their orientation, seats, anchors) are documented in
`arzium.rules.board` and `arzium.rules.cards`; the turn structure in `arzium.rules.engine`.
The package satisfies `common.rules_api.GameRules` (new_game, legal_actions, apply, is_over, outcome,
to_dict/from_dict, clone); `builders` makes exact positions for tests and tools.
"""
from arzium.rules.actions import (
    Action,
    Bid,
    Buy,
    IllegalAction,
    PassBid,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
    action_from_json,
)
from arzium.rules.board import (
    DEFAULT_EDGES,
    EDGE_ROTATION,
    EDGES,
    NEIGHBOURS,
    READING_ORDER,
    SIZE,
    SLOT_ORIENTATION,
    SLOTS,
    SQUARES,
    rc_square,
    slot_of_square,
    slot_squares,
    square_rc,
    view_rc,
)
from arzium.rules.builders import (
    Party,
    build_position,
    put_markers,
    set_party,
    set_slot,
)
from arzium.rules.cards import (
    ABILITIES,
    ABILITY_TEXT,
    CARDS_PATH,
    Ability,
    Artifact,
    Card,
    CardDataError,
    CardSet,
    Fit,
    Shape,
    cards_from_dict,
    default_cards,
    load_cards,
)
from arzium.rules.engine import (
    END_CHARACTERS,
    apply,
    current_player,
    is_over,
    legal_actions,
)
from arzium.rules.events import (
    ArtifactBought,
    ArtifactRowRefilled,
    ArtifactUsed,
    BiddingStarted,
    BidPassed,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CardFull,
    CardReplaced,
    CharacterFlipped,
    CharacterUsed,
    CoinsGained,
    ConsolationCoin,
    Event,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    SearchSkipped,
    SquareSkipped,
    TurnStarted,
)
from arzium.rules.replay import Replay, replay_from, run_replay
from arzium.rules.score import Outcome, PlayerScore, outcome, outcome_json
from arzium.rules.search import BLANK_COST, Placement, placement
from arzium.rules.state import (
    MARKERS_PER_COLOUR,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROW_SIZE,
    START_COINS,
    BidState,
    GameState,
    Phase,
    PlayerState,
    SeatSetup,
    Setup,
    SetupError,
    StateError,
    check_setup,
    clone,
    default_setup,
    from_dict,
    new_game,
    to_dict,
    turn_order,
)
from common.replay import ReplayError

__all__ = [
    "ABILITIES", "ABILITY_TEXT", "BLANK_COST", "CARDS_PATH", "DEFAULT_EDGES", "EDGES", "EDGE_ROTATION",
    "END_CHARACTERS", "MARKERS_PER_COLOUR", "MAX_PLAYERS", "NEIGHBOURS", "MIN_PLAYERS", "READING_ORDER",
    "ROW_SIZE", "SIZE", "SLOTS", "SLOT_ORIENTATION", "SQUARES", "START_COINS",
    "Ability", "Action", "Artifact", "ArtifactBought", "ArtifactRowRefilled", "ArtifactUsed", "Bid", "BidPassed",
    "BidPlaced", "BidState", "BiddingStarted", "BlankPaid", "Buy", "Card", "CardClaimed", "CardDataError",
    "CardFull", "CardReplaced", "CardSet", "CharacterFlipped", "CharacterUsed", "CoinsGained",
    "ConsolationCoin", "Event", "FinalRound", "Fit", "GameEnded", "GameState", "IllegalAction",
    "MarkerDisplaced", "MarkerPlaced", "MarkerSlid", "Outcome", "Party", "PassBid", "Phase", "Placement",
    "PlayerScore",
    "PlayerState", "Replay", "ReplayError", "RestEarly", "Rested", "Search", "SearchSkipped", "SeatSetup",
    "Setup", "SetupError", "Shape", "SkipBuy", "SkipSearch", "SquareSkipped", "StateError", "TurnStarted",
    "UsePurse", "UseSlide", "UseWake", "action_from_json", "apply", "build_position", "cards_from_dict",
    "check_setup", "clone", "current_player", "default_cards", "default_setup", "from_dict", "is_over",
    "legal_actions", "load_cards", "new_game", "outcome", "outcome_json", "placement", "put_markers",
    "rc_square", "replay_from", "run_replay", "set_party", "set_slot", "slot_of_square", "slot_squares", "square_rc",
    "to_dict", "turn_order", "view_rc",
]
