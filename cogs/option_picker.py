"""A game's options as a picker holds them: which control each option gets, how the
options spread over pages of a message, and the chosen values packed into a few
characters so they travel in a custom_id (a settings message works after a restart and
the bot keeps no draft in memory).

Pure: no Discord here. ``cogs.settings_view`` draws and answers what this describes.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from rules.option_fields import OptionField, OptionValue, option_fields

SELECT_OPTIONS_MAX = 25
"""Discord's limit on a select's options: a number range that fits is a select."""
ROWS_PER_PAGE = 4
"""Five action rows per message, one kept for the page buttons."""
BUTTONS_PER_ROW = 5
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

Kind = Literal["toggle", "select", "number"]


@dataclass(frozen=True)
class PickerField:
    """One option and its control: a toggle (on/off), a select (an enum or a number range
    of at most 25 values) or a number typed in a modal (a wider range)."""

    index: int
    field: OptionField
    kind: Kind
    values: tuple[OptionValue, ...] = ()
    """The values a toggle or select offers, in the model's order."""

    @property
    def name(self) -> str:
        return self.field.name

    @property
    def radix(self) -> int:
        if self.kind != "number":
            return len(self.values)
        low, high = self.bounds
        return high - low + 1 + (1 if self.field.nullable else 0)

    @property
    def bounds(self) -> tuple[int, int]:
        assert self.field.low is not None and self.field.high is not None
        return self.field.low, self.field.high

    def digit(self, value: Any) -> int:
        """The position of ``value`` among this field's values (the default's when it is
        not one of them: a value a picker cannot show is never produced by it)."""
        if self.kind != "number":
            for i, allowed in enumerate(self.values):
                if allowed == value and type(allowed) is type(value):
                    return i
            return self.digit(self.field.default) if value != self.field.default else 0
        nullable = 1 if self.field.nullable else 0
        if value is None and nullable:
            return 0
        low, high = self.bounds
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value - low + nullable
        return self.digit(self.field.default) if value != self.field.default else 0

    def value(self, digit: int) -> OptionValue:
        if self.kind != "number":
            return self.values[digit]
        if self.field.nullable:
            if digit == 0:
                return None
            digit -= 1
        return self.bounds[0] + digit


def picker_fields(options: type[Any]) -> list[PickerField]:
    """The options a picker offers, in declaration order. A free text or an unbounded
    number has no control (the typed ``options:`` parameter still sets it)."""
    out: list[PickerField] = []
    for index, field in enumerate(option_fields(options)):
        if field.choices is not None:
            if field.choices == [True, False]:
                out.append(PickerField(index, field, "toggle", (True, False)))
            elif len(field.choices) <= SELECT_OPTIONS_MAX:
                out.append(PickerField(index, field, "select", tuple(field.choices)))
        elif field.low is not None and field.high is not None:
            # Counted before listed: a stake may range over a million values.
            count = field.high - field.low + 1 + (1 if field.nullable else 0)
            if count <= SELECT_OPTIONS_MAX:
                values: list[OptionValue] = [None] if field.nullable else []
                values.extend(range(field.low, field.high + 1))
                out.append(PickerField(index, field, "select", tuple(values)))
            else:
                out.append(PickerField(index, field, "number"))
    return out


def pages(fields: list[PickerField]) -> list[list[list[PickerField]]]:
    """Pages of rows: a select fills a row, toggles and number buttons share one (up to
    five), at most ``ROWS_PER_PAGE`` rows a page, in about declaration order."""
    out: list[list[list[PickerField]]] = [[]]
    for field in fields:
        rows = out[-1]
        if field.kind != "select":
            # Beside the page's last row of buttons with room, even past a select: the
            # order stays close to the model's and a page holds more.
            shared = next((r for r in reversed(rows) if r[0].kind != "select"), None)
            if shared is not None and len(shared) < BUTTONS_PER_ROW:
                shared.append(field)
                continue
        if len(rows) == ROWS_PER_PAGE:
            out.append([])
            rows = out[-1]
        rows.append([field])
    return out if out[0] else []


def signature(fields: list[PickerField]) -> str:
    """Two characters naming the fields and their ranges: a settings message drawn for
    another version of a game's options is recognised instead of misread."""
    text = ";".join(f"{f.name}:{f.radix}" for f in fields)
    crc = zlib.crc32(text.encode()) % (len(DIGITS) ** 2)
    return DIGITS[crc // len(DIGITS)] + DIGITS[crc % len(DIGITS)]


def pack(fields: list[PickerField], digits: tuple[int, ...]) -> str:
    """The digits as one mixed-radix number in base 62 (empty: every default is 0)."""
    number = 0
    for field, digit in zip(reversed(fields), reversed(digits), strict=True):
        number = number * field.radix + digit
    text = ""
    while number:
        number, rest = divmod(number, len(DIGITS))
        text = DIGITS[rest] + text
    return text


def unpack(fields: list[PickerField], text: str) -> tuple[int, ...] | None:
    """``pack``'s inverse; None when ``text`` is no state of these fields."""
    number = 0
    for char in text:
        position = DIGITS.find(char)
        if position < 0:
            return None
        number = number * len(DIGITS) + position
    digits = []
    for field in fields:
        number, digit = divmod(number, field.radix)
        digits.append(digit)
    return tuple(digits) if number == 0 else None


@dataclass(frozen=True)
class Draft:
    """A game, a table size (None: the game's usual one), every option's chosen value and
    whether the table is a slow game (no turn timer: a table setting, not a rule)."""

    game: str
    players: int | None
    fields: tuple[PickerField, ...]
    digits: tuple[int, ...]
    slow: bool = False

    @classmethod
    def of(
        cls,
        game: str,
        options_model: type[Any],
        players: int | None,
        chosen: Mapping[str, Any],
        *,
        slow: bool = False,
    ) -> Draft:
        fields = tuple(picker_fields(options_model))
        digits = tuple(f.digit(chosen.get(f.name, f.field.default)) for f in fields)
        return cls(game, players, fields, digits, slow)

    def value(self, field: PickerField) -> OptionValue:
        return field.value(self.digits[self.fields.index(field)])

    def options(self) -> dict[str, OptionValue]:
        """The values that differ from the rules' own (what a table or a server stores)."""
        return {
            f.name: f.value(d)
            for f, d in zip(self.fields, self.digits, strict=True)
            if f.value(d) != f.field.default
        }

    def with_value(self, field: PickerField, value: OptionValue) -> Draft:
        i = self.fields.index(field)
        digits = (*self.digits[:i], field.digit(value), *self.digits[i + 1 :])
        return dataclasses.replace(self, digits=digits)

    def with_options(self, chosen: Mapping[str, Any], players: int | None) -> Draft:
        """Every option at ``chosen``'s value or the rules' own (a preset)."""
        digits = tuple(f.digit(chosen.get(f.name, f.field.default)) for f in self.fields)
        return dataclasses.replace(self, players=players, digits=digits)

    def with_players(self, players: int | None) -> Draft:
        return dataclasses.replace(self, players=players)

    def with_slow(self, slow: bool) -> Draft:
        return dataclasses.replace(self, slow=slow)

    def packed(self) -> str:
        fields = list(self.fields)
        return f"{pack(fields, self.digits)}.{signature(fields)}"

    @classmethod
    def unpacked(
        cls,
        game: str,
        options_model: type[Any],
        players: int | None,
        text: str,
        *,
        slow: bool = False,
    ) -> Draft | None:
        """The draft a custom_id carries; None when it was drawn for other options."""
        fields = picker_fields(options_model)
        state, _, sig = text.partition(".")
        digits = unpack(fields, state) if sig == signature(fields) else None
        if digits is None:
            return None
        return cls(game, players, tuple(fields), digits, slow)
