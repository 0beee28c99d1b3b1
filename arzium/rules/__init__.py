"""Pure, deterministic rules of Arzium (no pygame). The package itself holds no names: import each one from
the module that defines it (`from arzium.rules.engine import apply`).

- `board`: the map's squares, land-card slots and their orientation, seats, edges and rotations (the
  conventions everything else follows);
- `cards`: the card data (characters, lands, starting patterns, artifacts) and its loader;
- `actions`: what a player does (frozen, JSON round trip); `events`: what happened, as `apply` returns it;
- `state`: the setup, the state of one game, copying and the exact JSON round trip;
- `engine`: the turn's phases, `legal_actions`, `apply`, `is_over`, `current_player`;
- `search`: where a pattern lands and the checked plan of one search; `artifacts`: every artifact query and
  effect (uses, affordability, buying);
- `score`: points, the tie break, the outcome; `progress`: the score after each turn;
- `preview`: what an action would bring about, asked before it is made (for the table and bots);
- `replay`: re-running a game from its setup, seed and actions;
- `builders`: exact positions for tests and tools.

`common.data.rules_api.GameRules` gathers new_game, legal_actions, apply, is_over, outcome, to_dict/from_dict and
clone from these modules into one object.
"""
