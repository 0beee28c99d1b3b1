"""Hints (H, or the Hint button, on a human's own turn): the hard bot's move for the acting human, asked
in the worker that bots think in, then shown: a search as a ghost in the hint colour on the map, any
other move as a ringed button, artifact or card with a one-line explanation. A game where a hint was
shown is "assisted" (result screen, replay meta).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, assert_never

from arzium.match import Match
from arzium.rules.actions import (
    Action,
    ActionJSON,
    Bid,
    Buy,
    PassBid,
    ResolveClaims,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
    action_from_json,
)
from arzium.rules.board import SIZE
from arzium.rules.cards import CardSet
from arzium.rules.preview import rest_cost, search_preview
from arzium.rules.state import GameState
from arzium.scenes.board_view import Cell
from arzium.thinking import Task, start_hint
from arzium.wording import ability_name, coins
from common.data.i18n import _, ngettext

if TYPE_CHECKING:
    from common.engine.app import App

HintButton = Literal["rest", "skip", "end", "claims"]  # the sidebar button a hint rings


@dataclass
class Hint:
    """A suggested move on show: what it is, the position it answers, and what to light up."""

    action: Action
    key: tuple[int, tuple[Action, ...]]
    message: str
    cells: list[Cell] = field(default_factory=list)  # ghost squares on the map
    card: int | None = None                          # a character of the party
    artifacts: tuple[int, ...] = ()                   # artifacts of the party
    row: int | None = None                           # an artifact for sale
    button: HintButton | None = None
    colour: str | None = None  # whose marker the ghost shows (None: the acting player's)


def describe_hint(action: Action, key: tuple[int, tuple[Action, ...]], st: GameState, p: int, cards: CardSet,
                  colours: list[str]) -> Hint:
    """What to light up for `action` of player `p` in `st`, and the line that explains it."""
    ps = st.players[p]

    def artifact(aid: str) -> tuple[str, int]:
        return _(cards.artifact(aid).name), ps.artifacts.index(aid)

    match action:
        case Search():
            return _search_hint(st, p, action, key, cards)
        case RestEarly():
            cost = rest_cost(st, p)
            return Hint(action, key, _("Hint: rest early — pay {coins} to turn all your characters and artifacts "
                                       "face up").format(coins=coins(cost)), button="rest")
        case SkipSearch():
            return Hint(action, key, _("Hint: skip the search — none of your characters can place a marker"),
                        button="skip")
        case ResolveClaims():
            return Hint(action, key, _("Hint: use no more artifacts — go on to the claims"), button="claims")
        case UsePurse():
            name, i = artifact(action.artifact)
            why = _("Hint: use {artifact} now — to afford an artifact") if st.phase == "buy" else \
                _("Hint: use {artifact} now — a free coin")
            return Hint(action, key, why.format(artifact=name), artifacts=(i,))
        case UseSlide():
            name, i = artifact(action.artifact)
            cells = [(*divmod(action.src, SIZE), "displace_on"), (*divmod(action.dst, SIZE), "ok")]
            return Hint(action, key, _("Hint: use {artifact} — slide the marked marker to the square beside it")
                        .format(artifact=name),
                        cells=cells, artifacts=(i,), colour=colours[st.board[action.src]])
        case UseWake():
            name, i = artifact(action.artifact)
            card = _(cards.card(action.card).name)
            return Hint(action, key, _("Hint: use {artifact} to wake {card}").format(artifact=name, card=card),
                        card=ps.cards.index(action.card),
                        artifacts=(i,))
        case Buy():
            a = cards.artifact(action.artifact)
            return Hint(action, key, _("Hint: buy {artifact} ({ability}) for {coins}").format(
                artifact=_(a.name), ability=ability_name(a.ability), coins=coins(a.cost)),
                row=st.art_row.index(action.artifact))
        case SkipBuy():
            return Hint(action, key, _("Hint: keep your coins — end the turn without buying"), button="end")
        case Bid():
            return Hint(action, key, _("Hint: bid {amount} for the land").format(amount=action.amount))
        case PassBid():
            return Hint(action, key, _("Hint: pass — the land is not worth more to you"))
        case _:
            assert_never(action)


def _search_hint(st: GameState, p: int, action: Search, key: tuple[int, tuple[Action, ...]],
                 cards: CardSet) -> Hint:
    ps = st.players[p]
    pv = search_preview(st, action.card, action.anchor, action.turn_artifacts)
    dsqs = action.displace_squares
    cells: list[Cell] = []
    for r, c in pv.marker_cells:
        sq = r * SIZE + c
        cells.append((r, c, "displace_on" if sq in dsqs else "ok" if sq in pv.markers else "skip"))
    for i in action.blanks:
        b = pv.blanks[i]
        cells.append((*b.cell, "displace_on" if b.square in dsqs else "blank_on"))
    parts = [_("Hint: {card} here").format(card=_(cards.card(action.card).name))]
    gained = pv.gains(action)
    if gained:
        parts.append(f"+{coins(gained)}")
    paid = len([i for i in action.blanks if i not in action.free_blanks])
    if paid:
        parts.append(ngettext("buy {n} blank", "buy {n} blanks", paid).format(n=paid))
    used = list(action.artifacts)
    if used:
        parts.append(_("with {artifacts}").format(artifacts=_(" and ").join(_(cards.artifact(a).name) for a in used)))
    return Hint(action, key, "  ·  ".join(parts), cells=cells, card=ps.cards.index(action.card),
                artifacts=tuple(ps.artifacts.index(a) for a in used))


class HintDesk:
    """Asks for hints for the acting human of `table` and holds the one on show."""

    def __init__(self, app: App, table: Match, cards: CardSet, colours: list[str]) -> None:
        self.app = app
        self.table = table
        self.cards = cards
        self.colours = colours
        self.hint: Hint | None = None
        self.task: Task[ActionJSON] | None = None
        self.key: tuple[int, tuple[Action, ...]] | None = None
        self.allowed = True  # an online table's host may play without hints

    @property
    def pending(self) -> bool:
        """Whether a hint for this very moment is being thought about."""
        return self.task is not None and self.key == self.table.position()

    def request(self) -> None:
        """Ask for the hard bot's move for the acting human (again: hide the hint shown)."""
        table = self.table
        if not self.allowed:
            self.app.toast(_("This table plays without hints: the host decided so"))
            self.app.sounds.play("ui_error")
            return
        if table.acting_human() is None:
            self.app.toast(_("Confirm your turn (or undo) first") if table.awaiting_confirm
                           else _("Hints are for your own turn"))
            self.app.sounds.play("ui_error")
            return
        key = table.position()
        if self.hint is not None and self.hint.key == key:
            self.hint = None
            self.app.sounds.play("ui_back")
            return
        if self.task is not None and self.key == key:
            return  # still thinking about this one
        if self.task is not None:
            self.task.cancel()
        self.task, self.key = start_hint(table.view_state()), key

    def poll(self) -> None:
        """Show the hint once it is ready; drop it (and any late answer) when the position moved on."""
        key = self.table.position()
        me = self.table.acting_human()
        if self.hint is not None and (self.hint.key != key or me is None):
            self.hint = None
        if self.task is None:
            return
        if self.key != key or me is None:
            self.task.cancel()
            self.task = None
            return
        try:
            value = self.task.result()
        except Exception as exc:  # a hint is a help: the game goes on without it
            self.task = None
            self.app.toast(_("No hint this time: {reason}").format(reason=exc))
            return
        if value is None:
            return
        self.task = None
        self.show(action_from_json(value))
        self.app.sounds.play("turn_chime", 0.4)

    def show(self, action: Action) -> None:
        """Show `action` as the hint for the acting human now; the game becomes assisted (and is saved so)."""
        p = self.table.acting_human()
        assert p is not None
        self.hint = describe_hint(action, self.table.position(), self.table.view_state(), p, self.cards,
                                  self.colours)
        self.table.mark_assisted()

    def leave(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
