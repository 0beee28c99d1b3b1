"""Scenes of Arenas Movedizas: setup, play (live or from a replay) and result.

`layouts` fits a level's path to the window, `board` draws the table, gears and hourglasses,
`hands` the players' cards, `chart` the sand chart; `play`, `setup` and `result` are the screens.
"""
