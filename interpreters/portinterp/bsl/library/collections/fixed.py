"""``ФиксированныйМассив``, ``ФиксированнаяСтруктура``, ``ФиксированноеСоответствие``: read-only
copies of a Массив, Структура or Соответствие (a Структура's constructor also takes keys and
values).  Changing one fails: they have no Добавить/Вставить/Удалить, and ``x.Ключ = …`` is an
error, as in OneScript."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from portinterp.bsl.runtime.compare import equal
from portinterp.bsl.runtime.objects import BslObject, register_type
from portinterp.bsl.runtime.values import BslArray, BslKeyValue, BslMap, BslStructure
from portinterp.errors import ProgramFault

BAD_ARGUMENT_TYPE = "Неверный тип аргумента"
READ_ONLY = "Поле объекта недоступно для записи ({})"
READ_ONLY_ITEM = "Индексированное значение доступно только для чтения"
NO_KEY = "Значение, соответствующее ключу, не задано"


class _ReadOnlyItems(BslObject):
    __slots__ = ()

    def set(self, index: object, value: Any) -> None:
        raise ProgramFault(READ_ONLY_ITEM)


class FixedArray(_ReadOnlyItems):
    __slots__ = ("array",)
    type_name = "ФиксированныйМассив"

    def __init__(self, array: BslArray) -> None:
        self.array = BslArray(list(array.items))

    def array_items(self) -> list[Any]:
        """For ``Новый Массив(ФиксированныйМассив)``."""
        return list(self.array.items)

    def get(self, index: object) -> Any:
        return self.array.get(index)

    def iterate(self) -> Iterator[Any]:
        return self.array.iterate()

    def bsl_count(self) -> int:
        return self.array.bsl_count()

    def bsl_ubound(self) -> int:
        return self.array.bsl_ubound()

    def bsl_find(self, value: Any) -> int | None:
        return self.array.bsl_find(value)

    def bsl_get(self, index: object) -> Any:
        return self.array.get(index)


class FixedStructure(_ReadOnlyItems):
    __slots__ = ("structure",)
    type_name = "ФиксированнаяСтруктура"

    def __init__(self, structure: BslStructure) -> None:
        self.structure = BslStructure()
        self.structure.entries.update(structure.entries)

    def structure_entries(self) -> dict[str, tuple[str, Any]]:
        """For ``Новый Структура(ФиксированнаяСтруктура)``."""
        return dict(self.structure.entries)

    def property(self, name: str, shown: str) -> Any:
        return self.structure.property(name, shown)

    def property_names(self) -> list[str]:
        return [key for key, _ in self.structure.entries.values()]

    def set_property(self, name: str, shown: str, value: Any) -> None:
        self.structure.property(name, shown)  # a missing field's error first
        raise ProgramFault(READ_ONLY.format(shown))

    def get(self, index: object) -> Any:
        return self.structure.get(index)

    def iterate(self) -> Iterator[BslKeyValue]:
        return self.structure.iterate()

    def bsl_count(self) -> int:
        return self.structure.bsl_count()

    def bsl_property(self, key: object) -> bool:
        return self.structure.bsl_property(key)

    def bsl_property_value(self, key: object) -> Any:
        return self.structure.bsl_property_value(key)


class FixedMap(_ReadOnlyItems):
    __slots__ = ("map",)
    type_name = "ФиксированноеСоответствие"

    def __init__(self, source: BslMap) -> None:
        self.map = BslMap()
        self.map.entries.update(source.entries)

    def map_entries(self) -> dict[object, tuple[Any, Any]]:
        """For ``Новый Соответствие(ФиксированноеСоответствие)``."""
        return dict(self.map.entries)

    def get(self, key: object) -> Any:
        if self.map.bsl_get(key) is None and not self._has(key):
            raise ProgramFault(NO_KEY)
        return self.map.get(key)

    def _has(self, key: object) -> bool:
        return any(equal(k, key) for k, _ in self.map.entries.values())

    def iterate(self) -> Iterator[BslKeyValue]:
        return self.map.iterate()

    def bsl_count(self) -> int:
        return self.map.bsl_count()

    def bsl_get(self, key: object) -> Any:
        return self.map.get(key)


def _new_fixed_array(runtime: Any, source: Any) -> FixedArray:
    if isinstance(source, FixedArray):
        return FixedArray(source.array)
    if not isinstance(source, BslArray):
        raise ProgramFault(BAD_ARGUMENT_TYPE)
    return FixedArray(source)


def _new_fixed_structure(runtime: Any, keys: Any = None, *values: Any) -> FixedStructure:
    if isinstance(keys, BslStructure) and not values:
        return FixedStructure(keys)
    return FixedStructure(runtime.prim_new_structure(keys, *values))


def _new_fixed_map(runtime: Any, source: Any) -> FixedMap:
    if isinstance(source, FixedMap):
        return FixedMap(source.map)
    if not isinstance(source, BslMap):
        raise ProgramFault(BAD_ARGUMENT_TYPE)
    return FixedMap(source)


register_type("ФиксированныйМассив", "FixedArray", _new_fixed_array)
register_type("ФиксированнаяСтруктура", "FixedStructure", _new_fixed_structure)
register_type("ФиксированноеСоответствие", "FixedMap", _new_fixed_map)
