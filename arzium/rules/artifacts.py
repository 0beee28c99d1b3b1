"""Every artifact query and effect of a turn: which artifacts a player holds face up, which Purse, Slide and
Wake uses are legal now, what a Purse makes affordable, whether the buy step comes and what it offers,
carrying out a use and buying from the row (`arzium.rules.engine` orders the phases and decides the free
rest that follows; the search artifacts, Turn, Free blank and Displace, are used by `arzium.rules.search`)."""
from __future__ import annotations

from arzium.rules.actions import Action, Buy, IllegalAction, UsePurse, UseSlide, UseWake
from arzium.rules.board import NEIGHBOURS, SQUARES
from arzium.rules.cards import Ability
from arzium.rules.events import (
    ArtifactBought,
    ArtifactRowRefilled,
    ArtifactUsed,
    CharacterFlipped,
    CoinsGained,
    Event,
    MarkerSlid,
)
from arzium.rules.state import GameState, Phase


def face_up_artifacts(state: GameState, p: int, ability: str) -> tuple[str, ...]:
    """`p`'s face-up artifacts with `ability`, in party order."""
    ps = state.players[p]
    arts = state.cards.artifacts
    return tuple(a for a, up in zip(ps.artifacts, ps.artifacts_up) if up and arts[a].ability == ability)


def first_artifact(state: GameState, p: int, ability: str) -> str | None:
    """`p`'s first face-up artifact with `ability`, or None."""
    ps = state.players[p]
    arts = state.cards.artifacts
    for a, up in zip(ps.artifacts, ps.artifacts_up):
        if up and arts[a].ability == ability:
            return a
    return None


def artifact_index(state: GameState, artifact: str, ability: str) -> int:
    """The index in the active party of face-up `artifact` with `ability`; `IllegalAction` otherwise."""
    ps = state.players[state.active]
    if artifact not in ps.artifacts:
        raise IllegalAction(f"you do not own artifact {artifact}")
    i = ps.artifacts.index(artifact)
    real = state.cards.artifact(artifact).ability
    if real != ability:
        raise IllegalAction(f"artifact {artifact} is a {real} artifact, not {ability}")
    if not ps.artifacts_up[i]:
        raise IllegalAction(f"artifact {artifact} is face down (used since your last rest)")
    return i


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
    coins, reach = state.players[p].coins, spendable_coins(state, p)
    return any(coins < state.cards.artifact(a).cost <= reach for a in state.art_row)


def spendable_coins(state: GameState, p: int) -> int:
    """`p`'s coins with one more for each face-up Purse: what `p` could pay for an artifact of the row."""
    return state.players[p].coins + len(face_up_artifacts(state, p, Ability.PURSE))


def can_buy(state: GameState, p: int) -> bool:
    """Whether `p` could pay for an artifact of the row, counting a coin per face-up Purse (then the buy step
    comes)."""
    coins = spendable_coins(state, p)
    return any(state.cards.artifact(a).cost <= coins for a in state.art_row)


def buy_options(state: GameState, p: int) -> list[Action]:
    """During the buy: the Purse use that makes an artifact affordable that is not yet, then every artifact of
    the row `p` can pay for now."""
    out: list[Action] = []
    purse = first_artifact(state, p, Ability.PURSE)
    if purse is not None and purse_affords(state, p):
        out.append(UsePurse(purse))
    arts, coins = state.cards.artifacts, state.players[p].coins
    return out + [Buy(a) for a in state.art_row if arts[a].cost <= coins]


def use_artifact(state: GameState, artifact: str, ability: str, events: list[Event]) -> None:
    """Turn the active player's `artifact` face down."""
    i = artifact_index(state, artifact, ability)
    state.players[state.active].artifacts_up[i] = False
    events.append(ArtifactUsed(state.active, artifact, ability))


def apply_purse(state: GameState, action: UsePurse, events: list[Event]) -> None:
    """Turn the Purse of `action` face down for a coin; during the buy only to afford an artifact of the row."""
    if state.phase == Phase.BUY:
        artifact_index(state, action.artifact, Ability.PURSE)
        if not purse_affords(state, state.active):
            raise IllegalAction("during the buy a Purse may only be used to afford an artifact of the row")
    use_artifact(state, action.artifact, Ability.PURSE, events)
    state.players[state.active].coins += 1
    events.append(CoinsGained(state.active, 1, "purse"))


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


def apply_buy(state: GameState, artifact: str, events: list[Event]) -> None:
    """The active player buys `artifact` from the row, which is refilled from the pile while it lasts."""
    p = state.active
    ps = state.players[p]
    if artifact not in state.art_row:
        raise IllegalAction(f"artifact {artifact} is not in the row")
    cost = state.cards.artifact(artifact).cost
    if cost > ps.coins:
        raise IllegalAction(f"artifact {artifact} costs {cost}; you have {ps.coins} coins")
    ps.coins -= cost
    ps.artifacts.append(artifact)
    ps.artifacts_up.append(True)
    events.append(ArtifactBought(p, artifact, cost))
    pos = state.art_row.index(artifact)
    if state.art_deck:
        state.art_row[pos] = state.art_deck.pop()
        events.append(ArtifactRowRefilled(pos, state.art_row[pos]))
    else:
        del state.art_row[pos]
        events.append(ArtifactRowRefilled(pos, None))
