"""What both games' rules share (pure Python): the illegal-action error, typed JSON field readers
and `GameRules`, the one shape of both games' rules (built from the modules that define each function).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from common.data.i18n import _
from common.data.safe_text import short_number

StateT = TypeVar("StateT")
SetupT = TypeVar("SetupT")
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
EnumT = TypeVar("EnumT", bound=StrEnum)


class IllegalAction(Exception):
    """The action cannot be taken now; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class GameRules(Generic[StateT, SetupT, ActionT, EventT]):
    """A game's rules as one object: deal, list and apply actions, end, serialize, copy.

    `apply` mutates the state and returns the events in order, or raises `IllegalAction` and leaves
    the state untouched. `to_dict`/`from_dict` round-trip a state exactly (random generator
    included); `clone` is an independent copy.
    """

    new_game: Callable[[SetupT, int], StateT]
    legal_actions: Callable[[StateT], Sequence[ActionT]]
    apply: Callable[[StateT, ActionT], Sequence[EventT]]
    is_over: Callable[[StateT], bool]
    outcome: Callable[[StateT], object]
    to_dict: Callable[[StateT], Mapping[str, object]]
    from_dict: Callable[[object], StateT]
    clone: Callable[[StateT], StateT]


class FieldError(ValueError):
    """A JSON field of the wrong type or out of range; `field` names it, `problem` says why."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


def _shown(value: object) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def json_int(value: object, field: str, lo: int | None = None, hi: int | None = None) -> int:
    """`value` as an integer (not a bool) within `lo`..`hi`; `FieldError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(field, _("expected an integer, got {value}").format(value=_shown(value)))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise FieldError(field, _("{value} is outside {low}..{high}").format(value=short_number(value), low=lo,
                                                                             high=hi))
    return value



def json_str(value: object, field: str, what: str = "a string") -> str:
    """`value` as a string; `FieldError` ("expected `what`") otherwise."""
    if not isinstance(value, str):
        raise FieldError(field, f"expected {what}, got {_shown(value)}")
    return value


def json_list(value: object, field: str) -> list[object]:
    """`value` as a list; `FieldError` otherwise."""
    if not isinstance(value, list):
        raise FieldError(field, _("expected a list, got {value}").format(value=_shown(value)))
    return value


def action_int(data: Mapping[str, object], key: str) -> int:
    """The integer field `key` of an action's JSON form; `FieldError` (a ValueError) if it is not one."""
    return json_int(data.get(key), f"action field {key!r}")


def action_id(data: Mapping[str, object], key: str) -> str:
    """The non-empty id string field `key` of an action's JSON form; `FieldError` otherwise."""
    value = json_str(data.get(key), f"action field {key!r}", "an id string")
    if not value:
        raise FieldError(f"action field {key!r}", 'expected an id string, got ""')
    return value


def action_opt_int(data: Mapping[str, object], key: str) -> int | None:
    """Like `action_int`, but a missing or null field is None."""
    return None if data.get(key) is None else action_int(data, key)


def action_opt_id(data: Mapping[str, object], key: str) -> str | None:
    """Like `action_id`, but a missing or null field is None."""
    return None if data.get(key) is None else action_id(data, key)


def action_int_list(data: Mapping[str, object], key: str) -> tuple[int, ...]:
    """The list-of-integers field `key` (missing: empty) of an action's JSON form, as a tuple."""
    field = f"action field {key!r}"
    items = json_list(data.get(key, []), field)
    return tuple(json_int(v, f"{field}[{i}]") for i, v in enumerate(items))


def json_enum(value: object, field: str, kind: type[EnumT]) -> EnumT:
    """`value` as a member of the string enum `kind`; `FieldError` naming the members otherwise."""
    for member in kind:
        if member.value == value:
            return member
    names = " or ".join(repr(m.value) for m in kind)
    raise FieldError(field, _("expected {names}, got {value}").format(names=names, value=_shown(value)))
