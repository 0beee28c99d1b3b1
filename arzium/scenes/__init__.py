"""Arzium's scenes (pygame): setup, play, bidding, result, and their drawing helpers.

- `setup.SetupScene`: seats (with each bot's level), mode, first player; Start or Resume the saved game.
- `play.PlayScene`: the table. It owns the committed rules state and, during a human turn, a
  clone the human plays on (undo) until the turn is confirmed. Seats are driven by controllers
  (`controllers`: human input, a bot thinking in a worker process, or a replay); hints (H) think in
  the same worker. Rules events become timed animations (`timeline`) that update a display model
  (`shown`) the views draw from.
- Views: `board_view.BoardView` (map, markers, ghost, rotation), `party_view.PartyView` (a seat's
  banner, purse, characters and artifacts), `log_panel.LogPanel` (move log), `art.CardArt`
  (cached card, land and token surfaces).
- `bidding.BidScene`: a human's bid in a tie. `result.ResultScene`: scores and chart.
"""
