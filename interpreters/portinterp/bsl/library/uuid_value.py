"""``УникальныйИдентификатор``: a new random one, or one read from its text; shown and
compared by its text (lower-case, with hyphens), as in OneScript."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from portinterp.bsl.runtime.objects import BslObject, register_type
from portinterp.errors import ProgramFault

if TYPE_CHECKING:
    import uuid


# .NET ``new Guid(text)``: 32 digits (N), with hyphens (D), in braces (B) or parentheses (P).
_HYPHENED = r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}"
_GUID = re.compile(rf"[0-9a-f]{{32}}|{_HYPHENED}|\{{{_HYPHENED}\}}|\({_HYPHENED}\)",
                   re.IGNORECASE)


class UniqueId(BslObject):
    __slots__ = ("value",)
    type_name = "УникальныйИдентификатор"

    def __init__(self, value: uuid.UUID) -> None:
        self.value = value

    def presentation(self) -> str:
        return str(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UniqueId) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)


def _new_unique_id(runtime: Any, text: Any = None) -> UniqueId:
    import uuid  # here: a program that makes none does not pay for the import

    if text is None:
        return UniqueId(uuid.uuid4())
    if type(text) is not str:
        raise ProgramFault("Неверный тип аргумента")
    parsed = parse_guid(text)
    if parsed is None:
        raise ProgramFault("Неверное значение аргумента")
    return parsed


def parse_guid(text: str) -> UniqueId | None:
    """A УникальныйИдентификатор from the forms .NET's ``Guid`` reads; None otherwise."""
    import uuid

    match = _GUID.fullmatch(text.strip())
    return UniqueId(uuid.UUID(match.group(0).strip("{}()"))) if match else None


register_type("УникальныйИдентификатор", "UUID", _new_unique_id)
