"""What each field of a game's ``Options`` allows, read from the pydantic model alone.

A front end builds its pickers and help from these (issue 27): a field's title and
one-line description (English; ``i18n.options`` translates them by a stable message id),
its choices (a ``Literal``, an enum, a bool) or its whole-number bounds.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, Literal, Union

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

OptionValue = str | int | bool | None


def _arms(annotation: Any) -> tuple[Any, ...]:
    """The members of a union (``int | None`` -> ``(int, NoneType)``), else the type."""
    if typing.get_origin(annotation) in (Union, types.UnionType):
        return typing.get_args(annotation)
    return (annotation,)


def allowed_values(field: FieldInfo) -> list[OptionValue] | None:
    """The values a choice field takes, in the model's order; None for a number field."""
    values: list[OptionValue] = []
    for arm in _arms(field.annotation):
        if typing.get_origin(arm) is Literal:
            values.extend(typing.get_args(arm))
        elif isinstance(arm, type) and issubclass(arm, enum.Enum):
            values.extend(member.value for member in arm)
        elif arm is bool:
            values.extend((True, False))
        elif arm is type(None):
            values.append(None)
        else:
            return None
    return values


def int_bounds(field: FieldInfo) -> tuple[int, int] | None:
    """``(lowest, highest)`` of a whole-number field (both ends inclusive); None when the
    field is no number or is unbounded at either end."""
    if not any(arm is int for arm in _arms(field.annotation)):
        return None
    low: int | None = None
    high: int | None = None
    for rule in field.metadata:
        if isinstance(rule, annotated_types.Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Gt):
            low = int(rule.gt) + 1  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Le):
            high = int(rule.le)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Lt):
            high = int(rule.lt) - 1  # type: ignore[call-overload]
    if low is None or high is None:
        return None
    return low, high


def one_line(text: str) -> str:
    """A description's first paragraph on one line (docstrings may say more below)."""
    return " ".join(text.strip().split("\n\n")[0].split())


class OptionField(BaseModel):
    """One option as a picker shows it (JSON-able with ``model_dump(mode="json")``)."""

    name: str
    title: str
    description: str
    default: OptionValue
    choices: list[OptionValue] | None = None
    low: int | None = None
    high: int | None = None
    nullable: bool = False


def option_fields(options: type[BaseModel]) -> list[OptionField]:
    """Every field of an ``Options`` model, described (in declaration order)."""
    out = []
    for name, field in options.model_fields.items():
        bounds = int_bounds(field)
        out.append(
            OptionField(
                name=name,
                title=field.title or name,
                description=one_line(field.description or ""),
                default=field.default,
                choices=allowed_values(field),
                low=bounds[0] if bounds else None,
                high=bounds[1] if bounds else None,
                nullable=type(None) in _arms(field.annotation),
            )
        )
    return out
