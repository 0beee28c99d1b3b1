"""Scenes of Arenas Movedizas: setup, play (live or from a replay) and result.

`layouts` fits a level's path to the window, `board` draws the table, gears and hourglasses,
`hands` the players' cards, `chart` the sand chart; `play`, `setup` and `result` are the screens.
A scene owns its parts and hands them narrow inputs: the play scene's `Moment` (`moment`) is what
`view`, `hud` and `previews` draw and what `play_input` reads, and the input returns `TableCommand`s that the
scene carries out; no part holds the scene.
"""
