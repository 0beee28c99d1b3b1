"""Pure, deterministic rules of Arenas Movedizas (no pygame). The package itself holds no names: import each
one from the module that defines it (`from arenas.rules.engine import apply`).

- `components`: the pieces (gear tiles, cards, the standard deck, timers, path layouts);
- `levels`: what a level sets and the loader of level files (every problem of a level: `check_level`);
- `level_editor`: the level editor's draft, its edits, undo and redo (its problems are the loader's);
- `actions`: what a player does (frozen, JSON round trip); `events`: what happened and when;
- `state`: the setup, the state of one game, copying and the JSON round trip;
- `engine`: letting sand flow (`advance`), `legal_actions`, `apply`, the end and the outcome, and the order of
  simultaneous happenings;
- `preview`: what a card would do, asked before it is played;
- `replay`: re-running a game from its start and its timed actions;
- `tutorial`: the tutorial's board and closing level;
- `builders`: exact positions for tests and tools.

`common.data.rules_api.GameRules` gathers new_game, legal_actions, apply, is_over, outcome, to_dict/from_dict and
clone from these modules into one object.
"""
