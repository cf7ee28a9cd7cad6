"""``СписокЗначений`` and its ``ЭлементСпискаЗначений`` (value, presentation, check mark,
picture), with OneScript's methods and errors."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, ClassVar

from portinterp.bsl.library.collections.order import sort_key
from portinterp.bsl.library.names_objects import SORT_DIRECTION
from portinterp.bsl.runtime.compare import equal
from portinterp.bsl.runtime.conversions import to_bool
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

OUT_OF_RANGE = "Значение индекса выходит за пределы диапазона"
NOT_IN_LIST = "Элемент не принадлежит списку значений"
BAD_ARGUMENT_TYPE = "Неверный тип аргумента"
READ_ONLY_ITEM = "Индексированное значение доступно только для чтения"
DESCENDING = SORT_DIRECTION["направлениесортировки"]["убыв"]


def whole_index(index: Any) -> int:
    """An index given as a number or a string of digits (OneScript converts it)."""
    if type(index) is str:
        try:
            index = Decimal(index.strip())
        except ArithmeticError:
            raise ProgramFault(BAD_ARGUMENT_TYPE) from None
    if type(index) is bool or not isinstance(index, int | Decimal):
        raise ProgramFault(BAD_ARGUMENT_TYPE)
    return int(index)


def descending(direction: Any) -> bool:
    if direction is not None and not isinstance(direction, EnumValue):
        raise ProgramFault(BAD_ARGUMENT_TYPE)
    return direction == DESCENDING


class ValueListItem(BslObject):
    __slots__ = ("check", "picture", "shown", "value")
    type_name = "ЭлементСпискаЗначений"
    FIELDS: ClassVar[dict[str, str]] = {
        "значение": "value", "value": "value", "представление": "shown",
        "presentation": "shown", "пометка": "check", "check": "check",
        "картинка": "picture", "picture": "picture"}

    def __init__(self, value: Any, shown: Any, check: Any, picture: Any) -> None:
        self.value = value
        self.shown = "" if shown is None else to_string(shown)
        self.check = to_bool(check) if check is not None else False
        self.picture = picture

    def property(self, name: str, shown: str) -> Any:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, self.FIELDS[name])

    def property_names(self) -> list[str]:
        return ["Значение", "Представление", "Пометка", "Картинка"]

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        setattr(self, self.FIELDS[name], value)


class ValueList(BslObject):
    __slots__ = ("items",)
    type_name = "СписокЗначений"
    spellings = spellings(
        "Индекс IndexOf index", "Сдвинуть Move move",
        "СортироватьПоЗначению SortByValue sortbyvalue",
        "СортироватьПоПредставлению SortByPresentation sortbypresentation",
        "НайтиПоЗначению FindByValue findbyvalue",
        "ВыгрузитьЗначения UnloadValues unloadvalues",
        "ЗагрузитьЗначения LoadValues loadvalues", "ЗаполнитьПометки FillChecks fillchecks",
        "НайтиПоИдентификатору FindByID findbyid", "Скопировать Copy copy")

    def __init__(self) -> None:
        self.items: list[ValueListItem] = []

    def get(self, index: object) -> ValueListItem:
        return self.items[self._position(index)]

    def set(self, index: object, value: Any) -> None:
        raise ProgramFault(READ_ONLY_ITEM)

    def iterate(self) -> Iterator[ValueListItem]:
        return iter(list(self.items))

    def _position(self, index: Any) -> int:
        i = whole_index(index)
        if not 0 <= i < len(self.items):
            raise ProgramFault(OUT_OF_RANGE)
        return i

    def _item_position(self, item: Any) -> int:
        """An element of this list or an index."""
        if isinstance(item, ValueListItem):
            for i, own in enumerate(self.items):
                if own is item:
                    return i
            raise ProgramFault(NOT_IN_LIST)
        return self._position(item)

    def bsl_add(self, value: Any = None, shown: Any = "", check: Any = False,
                picture: Any = None) -> ValueListItem:
        item = ValueListItem(value, shown, check, picture)
        self.items.append(item)
        return item

    def bsl_insert(self, index: Any, value: Any = None, shown: Any = "", check: Any = False,
                   picture: Any = None) -> ValueListItem:
        i = whole_index(index)
        if not 0 <= i <= len(self.items):
            raise ProgramFault(OUT_OF_RANGE)
        item = ValueListItem(value, shown, check, picture)
        self.items.insert(i, item)
        return item

    def bsl_count(self) -> int:
        return len(self.items)

    def bsl_get(self, index: Any) -> ValueListItem:
        return self.get(index)

    def bsl_index(self, item: Any) -> int:
        return next((i for i, own in enumerate(self.items) if own is item), -1)

    def bsl_delete(self, item: Any) -> None:
        del self.items[self._item_position(item)]

    def bsl_clear(self) -> None:
        self.items.clear()

    def bsl_move(self, item: Any, offset: Any) -> None:
        i = self._item_position(item)
        target = i + whole_index(offset)
        if not 0 <= target < len(self.items):
            raise ProgramFault("Неверное значение аргумента номер 2")
        self.items.insert(target, self.items.pop(i))

    def bsl_sortbyvalue(self, direction: Any = None) -> None:
        self.items.sort(key=lambda item: sort_key(item.value), reverse=descending(direction))

    def bsl_sortbypresentation(self, direction: Any = None) -> None:
        self.items.sort(key=lambda item: sort_key(item.shown),
                        reverse=descending(direction))

    def bsl_findbyvalue(self, value: Any) -> ValueListItem | None:
        return next((item for item in self.items if equal(item.value, value)), None)

    def bsl_unloadvalues(self) -> BslArray:
        return BslArray([item.value for item in self.items])

    def bsl_loadvalues(self, values: Any) -> None:
        if not isinstance(values, BslArray):
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        self.items = [ValueListItem(value, "", False, None) for value in values.items]

    def bsl_fillchecks(self, check: Any) -> None:
        for item in self.items:
            item.check = to_bool(check)

    def bsl_copy(self) -> ValueList:
        copy = ValueList()
        copy.items = [ValueListItem(i.value, i.shown, i.check, i.picture) for i in self.items]
        return copy


def _new_value_list(runtime: Any) -> ValueList:
    return ValueList()


register_type("СписокЗначений", "ValueList", _new_value_list)
register_type("ЭлементСпискаЗначений", "ValueListItem")
register_type("НаправлениеСортировки", "SortDirection")
