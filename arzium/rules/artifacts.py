"""The active player's artifacts during the turn: which Purse, Slide and Wake uses are legal now, and
carrying out a use (`arzium.rules.engine` decides the phase and the free rest that follow)."""
from __future__ import annotations

from arzium.rules.actions import Action, IllegalAction, UsePurse, UseSlide, UseWake
from arzium.rules.board import NEIGHBOURS, SQUARES
from arzium.rules.cards import Ability
from arzium.rules.events import ArtifactUsed, CharacterFlipped, Event, MarkerSlid
from arzium.rules.search import artifact_index, face_up_artifacts, first_artifact
from arzium.rules.state import GameState, Phase


def artifact_uses(state: GameState, p: int) -> list[Action]:
    """The Purse, Slide and Wake uses of `p` now (the first face-up artifact of each kind)."""
    out: list[Action] = []
    purse = first_artifact(state, p, Ability.PURSE)
    if purse:
        out.append(UsePurse(purse))
    wake = first_artifact(state, p, Ability.WAKE)
    if wake:
        ps = state.players[p]
        out.extend(UseWake(wake, c) for c, up in zip(ps.cards, ps.face_up) if state.phase == Phase.START or not up)
    slide = first_artifact(state, p, Ability.SLIDE)
    if slide:
        blocked = state.occ | state.offmap
        for src in range(SQUARES):
            if state.occ >> src & 1:
                out.extend(UseSlide(slide, src, dst) for dst in NEIGHBOURS[src] if not blocked >> dst & 1)
    return out


def artifact_window(state: GameState) -> bool:
    """Whether the player to act may use a Purse, Slide or Wake now (bots and the table ask this)."""
    phase = state.phase
    if phase in (Phase.START, Phase.SEARCH, Phase.AFTER):
        return can_use_artifact(state, state.active)
    if phase == Phase.BUY:
        return first_artifact(state, state.active, Ability.PURSE) is not None and purse_affords(state, state.active)
    return False


def can_use_artifact(state: GameState, p: int) -> bool:
    """Cheap `bool(artifact_uses(state, p))`."""
    ps = state.players[p]
    if first_artifact(state, p, Ability.PURSE) is not None:
        return True
    if first_artifact(state, p, Ability.WAKE) is not None and (state.phase == Phase.START or not all(ps.face_up)):
        return True
    if first_artifact(state, p, Ability.SLIDE) is not None:
        free = ~(state.occ | state.offmap)
        return any(state.occ >> src & 1 and any(free >> dst & 1 for dst in NEIGHBOURS[src]) for src in range(SQUARES))
    return False


def purse_affords(state: GameState, p: int) -> bool:
    """During the buy: whether `p`'s face-up Purses make an artifact of the row affordable that is not yet."""
    coins = state.players[p].coins
    reach = coins + len(face_up_artifacts(state, p, Ability.PURSE))
    return any(coins < state.cards.artifact(a).cost <= reach for a in state.art_row)


def use_artifact(state: GameState, artifact: str, ability: str, events: list[Event]) -> None:
    """Turn the active player's `artifact` face down."""
    i = artifact_index(state, artifact, ability)
    state.players[state.active].artifacts_up[i] = False
    events.append(ArtifactUsed(state.active, artifact, ability))


def apply_wake(state: GameState, action: UseWake, events: list[Event]) -> None:
    """Flip the character of `action` (face down only at the start of the turn)."""
    p = state.active
    ps = state.players[p]
    artifact_index(state, action.artifact, Ability.WAKE)
    if action.card not in ps.cards:
        raise IllegalAction(f"{action.card} is not one of your characters")
    i = ps.cards.index(action.card)
    if ps.face_up[i] and state.phase != Phase.START:
        raise IllegalAction("a character can only be turned face down at the start of your turn")
    use_artifact(state, action.artifact, Ability.WAKE, events)
    ps.face_up[i] = not ps.face_up[i]
    events.append(CharacterFlipped(p, action.card, ps.face_up[i]))


def apply_slide(state: GameState, action: UseSlide, events: list[Event]) -> None:
    """Move the marker of `action` to the free neighbouring square."""
    artifact_index(state, action.artifact, Ability.SLIDE)
    src, dst = action.src, action.dst
    if not (0 <= src < SQUARES and 0 <= dst < SQUARES):
        raise IllegalAction(f"slide squares must be 0-{SQUARES - 1}")
    if state.board[src] < 0:
        raise IllegalAction(f"no marker on square {src} to slide")
    if dst not in NEIGHBOURS[src]:
        raise IllegalAction(f"square {dst} is not orthogonally adjacent to {src}")
    if state.offmap >> dst & 1:
        raise IllegalAction(f"square {dst} is off the map (empty slot)")
    if state.board[dst] >= 0:
        raise IllegalAction(f"square {dst} already holds a marker")
    use_artifact(state, action.artifact, Ability.SLIDE, events)
    owner = state.board[src]
    state.board[src], state.board[dst] = -1, owner
    state._occ ^= (1 << src) | (1 << dst)
    events.append(MarkerSlid(state.active, owner, src, dst))
