"""The room protocol's messages as types: one `TypedDict` per kind of PROTOCOL.md, the client's (`ClientMessage`,
what `protocol.decode` returns once a frame is checked) and the server's (`ServerFrame`, what the server and the
game sides send), and the shapes inside them (a room's seats, a turn clock's times, a list of tables).

A game's own JSON (its setup, view, actions, outcome and replay) is `GameJson` here: the game's side of rooms reads
and checks it, the protocol only carries it. A frame as a client receives it is `Received`: JSON not yet checked.
"""
from typing import Any, Literal, NotRequired, TypedDict

GameJson = dict[str, Any]       # a JSON object whose shape is the game's own (`G/room.py` checks and reads it)
Received = dict[str, Any]       # a server's frame as a client got it: a JSON object with a `kind`, unchecked
Phase = Literal["lobby", "playing", "over"]
Pace = Literal["live", "turn"]
OutRule = Literal["bot", "ask", "end"]   # what follows when a seat's time runs out
JoinSeat = int | Literal["any", "watch"]


# ---- shapes inside messages --------------------------------------------------------------------------------
class ClockOff(TypedDict):
    mode: Literal["off"]


class ClockTurn(TypedDict):
    mode: Literal["turn"]
    turn_s: int
    out: OutRule


class ClockBank(TypedDict):
    mode: Literal["bank"]
    bank_s: int
    increment_s: int
    out: OutRule


ClockSetting = ClockOff | ClockTurn | ClockBank     # a table's turn clock (`create.clock`, the room frame's)


class ClockTimes(TypedDict):
    """Each seat's time as members are told it (`TurnClock.to_json`)."""

    left_ms: list[int]
    running: int | None
    server_ms: int
    from_ms: int
    out: list[int]


class SeatLine(TypedDict):
    """A seat in the `room` frame."""

    name: str
    kind: Literal["person", "bot"]
    status: Literal["open", "here", "away", "bot"]
    level: str | None
    ready: bool
    grace_ms: int | None
    conceded: bool


class You(TypedDict):
    seat: int | None
    creator: bool


class Again(TypedDict):
    want: list[int]
    next: bool
    can_next: bool


class Story(TypedDict):
    """Arzium's moves so far for an app that comes back without its move log: the view `seq` moves in, then each
    move `[n, action, lands drawn, artifacts drawn]`."""

    seq: int
    view: GameJson
    moves: list[tuple[int, GameJson, list[str], list[str]]]


class TableSeat(TypedDict):
    name: str
    kind: Literal["person", "bot", "open"]
    here: bool


class TableResult(TypedDict):
    winners: list[int]
    scores: list[int]
    ran_out: list[int]


class TableLine(TypedDict):
    """One table of a `tables` frame (what a token's member may see of its room)."""

    i: int
    code: str
    game: str
    phase: Phase
    pace: Pace
    seat: int | None
    seats: list[TableSeat]
    clock: ClockSetting
    games: int
    turn: int | None
    time: ClockTimes | None
    moves: int
    last: tuple[int, int] | None
    mine: int | None
    result: TableResult | None


# ---- client -> server ----------------------------------------------------------------------------------------
class Hello(TypedDict):
    kind: Literal["hello"]
    version: int
    token: NotRequired[str | None]
    app: NotRequired[str]
    id: NotRequired[int]


class Create(TypedDict):
    kind: Literal["create"]
    game: str
    setup: GameJson
    name: str
    seat: NotRequired[int | None]
    spectators: NotRequired[bool]
    grace_s: NotRequired[int]
    turn_clock_s: NotRequired[int]
    clock: NotRequired[ClockSetting | None]
    assists: NotRequired[bool | None]
    watcher_chat: NotRequired[bool]
    pace: NotRequired[Pace]
    id: NotRequired[int]


class Join(TypedDict):
    kind: Literal["join"]
    code: str
    name: str
    seat: NotRequired[JoinSeat]
    id: NotRequired[int]


class Ready(TypedDict):
    kind: Literal["ready"]
    ready: NotRequired[bool]
    id: NotRequired[int]


class Start(TypedDict):
    kind: Literal["start"]
    id: NotRequired[int]


class Bot(TypedDict):
    kind: Literal["bot"]
    seat: int
    level: NotRequired[str | None]
    id: NotRequired[int]


class Reclaim(TypedDict):
    kind: Literal["reclaim"]
    id: NotRequired[int]


class Act(TypedDict):
    kind: Literal["act"]
    action: GameJson     # the game's action JSON: the rules check it (a client may send anything here)
    id: NotRequired[int]


class Undo(TypedDict):
    kind: Literal["undo"]
    id: NotRequired[int]


class Confirm(TypedDict):
    kind: Literal["confirm"]
    id: NotRequired[int]


class LetBot(TypedDict):
    kind: Literal["let_bot"]
    seat: int
    id: NotRequired[int]


class Ping(TypedDict):
    kind: Literal["ping"]
    t: int
    id: NotRequired[int]


class Leave(TypedDict):
    kind: Literal["leave"]
    id: NotRequired[int]


class Assist(TypedDict):
    kind: Literal["assist"]
    id: NotRequired[int]


class ChatSay(TypedDict):
    kind: Literal["chat"]
    text: NotRequired[str | None]
    phrase: NotRequired[str | None]
    id: NotRequired[int]


class TableRules(TypedDict):
    kind: Literal["table_rules"]
    assists: NotRequired[bool | None]
    watcher_chat: NotRequired[bool | None]
    id: NotRequired[int]


class PlayAgain(TypedDict):
    kind: Literal["again"]
    game: int
    want: NotRequired[bool]
    next: NotRequired[bool]
    id: NotRequired[int]


class Concede(TypedDict):
    kind: Literal["concede"]
    id: NotRequired[int]


class Move(TypedDict):
    kind: Literal["move"]
    seat: int
    to: int
    id: NotRequired[int]


class Remove(TypedDict):
    kind: Literal["remove"]
    seat: int
    id: NotRequired[int]


class Tables(TypedDict):
    kind: Literal["tables"]
    tokens: list[str]
    id: NotRequired[int]


GameInput = Act | Undo | Confirm | Assist | LetBot   # what a seat sends its game (`GameMatch.handle`)
ClientMessage = (Hello | Create | Join | Ready | Start | Bot | Reclaim | GameInput | Ping | Leave | ChatSay
                 | TableRules | PlayAgain | Concede | Move | Remove | Tables)


# ---- server -> client ----------------------------------------------------------------------------------------
class Welcome(TypedDict):
    kind: Literal["welcome"]
    version: int
    server_ms: int


class Error(TypedDict):
    kind: Literal["error"]
    code: str
    message: str
    id: NotRequired[int]


class Joined(TypedDict):
    kind: Literal["joined"]
    code: str
    token: str
    seat: int | None
    game: str
    creator: bool
    member: int


class RoomFrame(TypedDict):
    kind: Literal["room"]
    code: str
    game: str
    phase: Phase
    you: You
    spectators: bool
    watchers: int
    watching: list[str]
    grace_s: int
    clock: ClockSetting
    turn_clock_s: int
    assists: bool
    watcher_chat: bool
    seats: list[SeatLine]
    setup: GameJson
    games: int
    again: Again | None
    pace: Pace


class GameFrame(TypedDict):
    """The whole game as a member may see it (Arzium adds its story, its bots' moves and each seat's time)."""

    kind: Literal["game"]
    seq: int
    seat: int | None
    view: GameJson
    pending: list[GameJson]
    deadline_ms: int | None
    digest: str
    server_ms: int
    story: NotRequired[Story | None]
    bots: NotRequired[list[tuple[int, str]]]
    clock: NotRequired[ClockTimes]


class Update(TypedDict):
    """Accepted actions `[n, seat, action]`, numbered from 1, with the hidden parts they turned up."""

    kind: Literal["update"]
    seq: int
    actions: list[tuple[int, int | None, GameJson]]
    reveal: GameJson
    deadline_ms: int | None
    digest: str
    server_ms: int
    bots: NotRequired[list[tuple[int, str]]]
    clock: NotRequired[ClockTimes]
    id: NotRequired[int]


class Turn(TypedDict):
    kind: Literal["turn"]
    seat: int
    actions: list[GameJson]
    undo: bool
    id: NotRequired[int]


class Refused(TypedDict):
    kind: Literal["refused"]
    reason: str
    id: NotRequired[int]


class Pong(TypedDict):
    kind: Literal["pong"]
    t: int
    server_ms: int
    id: NotRequired[int]


class ClockFrame(TypedDict):
    kind: Literal["clock"]
    event: Literal["out", "bot"]
    seat: int
    clock: ClockTimes
    server_ms: int


class TablesFrame(TypedDict):
    kind: Literal["tables"]
    tables: list[TableLine]
    unknown: list[int]
    server_ms: int
    id: NotRequired[int]


class GameResult(TypedDict):
    """A finished game's result as its side gives it: the outcome, the replay file's JSON, and the seat whose
    time ran out when that ended it."""

    outcome: GameJson
    replay: GameJson
    ran_out: NotRequired[list[int]]


class Result(TypedDict):
    kind: Literal["result"]
    outcome: GameJson
    replay: GameJson
    conceded: list[int]
    game: int
    ran_out: NotRequired[list[int]]


class ChatLine(TypedDict):
    kind: Literal["chat"]
    n: int
    member: int
    seat: int | None
    name: str
    text: NotRequired[str]
    phrase: NotRequired[str]


class Notice(TypedDict):
    kind: Literal["notice"]
    what: Literal["left", "conceded", "removed"]
    seat: int
    name: str


class Closing(TypedDict):
    kind: Literal["closing"]
    reason: Literal["host_left", "shutdown"]


ServerFrame = (Welcome | Error | Joined | RoomFrame | GameFrame | Update | Turn | Refused | Pong | ClockFrame
               | TablesFrame | Result | ChatLine | Notice | Closing)
GameFrameOut = Update | Turn | Refused | ClockFrame   # what a game's side sends in a `Step`
