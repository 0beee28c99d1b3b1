"""Online play: the room protocol, the room server, its store and the client link (no pygame, no game).
Imports common.data and common.games.

The server is in parts, each testable alone, imported one way (each only from those after it): `runners`
(`serve_forever`, `log_stats`, `EmbeddedServer`) -> `server` (`Server`, which puts the parts together) ->
`transport` (sockets, admission, a connection's life), `dispatch` (message kind -> handler), `timers` (the one
scheduler of the rooms' wake-ups and the sweeps), `commits` (the store's group commit) -> `connection` (`Conn`,
`Outbox`), `limits` (`Limits`, rate windows, per-address counters), `addresses` (who a connection counts as),
`registry` (the rooms by code and token), `archive` (finished tables kept in short), `repeats` (a problem logged
once a minute), `progress` (what stopping and draining wait on), `store` (SQLite), `room` -> `server_time` (the
one clock every timer reads and waits on, injectable), `messages` and `protocol`."""
