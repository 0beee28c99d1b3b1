"""Arzium's scenes (pygame): setup, the table, bidding, result, and their parts.

- `flow`: which scene follows which (setup -> table -> result -> a new table); the one module that
  builds the scenes, which hand over through its callbacks and never import each other.
- `setup.SetupScene`: seats (with each bot's level), mode, first player; Start or Resume the saved game.
- `play.PlayScene`: the table; it owns its parts, gives each narrow inputs (the match, the choice, the layout,
  the art, the time) and takes the input. No part holds the scene, a Protocol of it or a callback into it:
  what a part wants done comes back as a `table_commands.TableCommand` (a closed union of frozen values)
  that `PlayScene.carry_out` does in one `match`. The parts:
  - `arzium.match.Match` (no pygame, outside the scenes: the room server runs it too): the committed rules
    state, a person's turn in progress on a clone (undo, confirm), autosave and the replay file, and the
    seats' controllers (`arzium.seats`: a person, a bot thinking in a worker process, a replay, a person
    elsewhere); every action enters through `Match.submit`.
  - `choice.Choice`: the acting human's choice and its ghost, as `arzium.rules.preview` previews it; its
    clicks and keys return the command they make.
  - `hints.HintDesk`: hints (H), thought in the same worker, and what they light up.
  - `sidebar.Sidebar`: header, buttons (their clicks queue commands), artifact row, log;
    `table_view.TableView`: layout and drawing, each frame of a `table_view.Moment`; `keyboard_view`: the
    cursor and key caps.
  - `effects.Animator`: rules events as timed animations (`timeline`) that move the display model
    (`shown`), queuing what the scene is to do as they run. `log_panel`: the move log; both `match` over
    the rules' closed union of events, `AnyEvent`.
- Views: `board_view.BoardView` (map, markers, ghost, rotation), `party_view.PartyView` (a seat's
  banner, purse, characters and artifacts), `art.CardArt` (cached card, land and token surfaces).
- `bidding.BidScene`: a human's bid in a tie, given a `bid_table.BidTable` whose outbox takes its answer.
- `result.ResultScene`: who won and what decided it, drawn by `result_view` (every party with its points, the
  final map) and `result_chart` (the points after every turn).
- `wording`: how every screen words things in the current language (seats spoken to as "you" or named,
  plural counts, ability, edge, colour and bot level names, default seat names, the rules' texts).
"""
