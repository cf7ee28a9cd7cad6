"""``УникальныйИдентификатор``: a new random one, or one read from its text; shown and
compared by its text (lower-case, with hyphens), as in OneScript."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from portcheck.interp.bsl.objects import BslObject, register_type
from portcheck.interp.errors import ProgramFault

if TYPE_CHECKING:
    import uuid


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
    try:
        return UniqueId(uuid.UUID(text.strip()))
    except ValueError:
        raise ProgramFault("Неверное значение аргумента") from None


register_type("УникальныйИдентификатор", "UUID", _new_unique_id)
