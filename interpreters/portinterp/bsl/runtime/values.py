"""1C values that are not Python built-ins: collections, Null, types, KeyValue.

Mapping of 1C types to Python: Число -> int | Decimal (see numbers.py), Строка -> str,
Булево -> bool, Дата -> datetime, Неопределено -> None, Null -> NULL below.
Every collection method a program may call is ``bsl_<canonical name>``; the runtime
dispatches ``obj.Добавить(x)`` / ``obj.Add(x)`` to ``bsl_add``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from typing import Any

from portinterp.core.limits import MAX_ITEMS
from portinterp.errors import ProgramFault

INDEX_OUT_OF_RANGE = "Индекс находится за границами массива"
OUT_OF_MEMORY = "Недостаточно памяти"
BAD_INDEX = "Неверное значение индекса"  # not a whole number


class NullType:
    """1C ``Null`` (the absent value of a query field)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NULL"

    def __reduce__(self) -> str:
        return "NULL"  # pickled by name: the one Null stays the one (compile cache)


NULL = NullType()


class BslType:
    """A value of type ``Тип`` (``ТипЗнч(x) = Тип("Число")``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BslType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def index_of(index: object) -> int:
    """An array index as an int (a whole Decimal is accepted); else a 1C error."""
    if type(index) is int:
        return index
    if type(index) is Decimal and index == index.to_integral_value():
        return int(index)
    raise ProgramFault(BAD_INDEX)


class BslArray:
    """``Массив``: 0-based, grows with Добавить/Вставить."""

    __slots__ = ("items",)
    type_name = "Массив"

    def __init__(self, items: list[Any] | None = None) -> None:
        self.items = items if items is not None else []

    def get(self, index: object) -> Any:
        i = index_of(index)
        if 0 <= i < len(self.items):
            return self.items[i]
        raise ProgramFault(INDEX_OUT_OF_RANGE)

    def set(self, index: object, value: Any) -> None:
        i = index_of(index)
        if not 0 <= i < len(self.items):
            raise ProgramFault(INDEX_OUT_OF_RANGE)
        self.items[i] = value

    def iterate(self) -> Iterator[Any]:
        return iter(list(self.items))

    # methods callable from 1C
    def bsl_add(self, value: Any = None) -> None:
        if len(self.items) >= MAX_ITEMS:  # as Новый Массив(N) past the limit: at once
            raise ProgramFault(OUT_OF_MEMORY)
        self.items.append(value)

    def bsl_insert(self, index: object, value: Any = None) -> None:
        i = index_of(index)
        if not 0 <= i <= len(self.items):
            raise ProgramFault(INDEX_OUT_OF_RANGE)
        if len(self.items) >= MAX_ITEMS:
            raise ProgramFault(OUT_OF_MEMORY)
        self.items.insert(i, value)

    def bsl_count(self) -> int:
        return len(self.items)

    def bsl_ubound(self) -> int:
        return len(self.items) - 1

    def bsl_find(self, value: Any) -> int | None:
        from portinterp.bsl.runtime.compare import equal

        for i, item in enumerate(self.items):
            if equal(item, value):
                return i
        return None

    def bsl_delete(self, index: object) -> None:
        i = index_of(index)
        if not 0 <= i < len(self.items):
            raise ProgramFault(INDEX_OUT_OF_RANGE)
        del self.items[i]

    def bsl_clear(self) -> None:
        self.items.clear()

    def bsl_get(self, index: object) -> Any:
        return self.get(index)

    def bsl_set(self, index: object, value: Any) -> None:
        self.set(index, value)


class BslKeyValue:
    """``КлючИЗначение``: what ``Для Каждого`` gives for a Структура or Соответствие."""

    __slots__ = ("key", "value")
    type_name = "КлючИЗначение"

    def __init__(self, key: Any, value: Any) -> None:
        self.key = key
        self.value = value

    def property(self, name: str, shown: str) -> Any:
        if name in ("ключ", "key"):
            return self.key
        if name in ("значение", "value"):
            return self.value
        raise ProgramFault(f"Поле объекта не обнаружено ({shown})")


def _structure_key(key: object) -> str:
    if type(key) is not str or not key.strip():
        raise ProgramFault("Неверное имя ключа структуры")
    return key.strip()


class BslStructure:
    """``Структура``: string keys, case-insensitive, in insertion order."""

    __slots__ = ("entries",)
    type_name = "Структура"

    def __init__(self) -> None:
        self.entries: dict[str, tuple[str, Any]] = {}  # lower-case key -> (key, value)

    def property(self, name: str, shown: str) -> Any:
        entry = self.entries.get(name)
        if entry is None:
            raise ProgramFault(f"Поле объекта не обнаружено ({shown})")
        return entry[1]

    def set_property(self, name: str, shown: str, value: Any) -> None:
        entry = self.entries.get(name)
        if entry is None:
            raise ProgramFault(f"Поле объекта не обнаружено ({shown})")
        self.entries[name] = (entry[0], value)

    def get(self, key: object) -> Any:
        name = _structure_key(key)
        return self.property(name.lower(), name)

    def set(self, key: object, value: Any) -> None:
        name = _structure_key(key)
        self.set_property(name.lower(), name, value)

    def iterate(self) -> Iterator[BslKeyValue]:
        return iter([BslKeyValue(key, value) for key, value in self.entries.values()])

    def bsl_insert(self, key: object, value: Any = None) -> None:
        name = _structure_key(key)
        self.entries[name.lower()] = (name, value)

    def bsl_count(self) -> int:
        return len(self.entries)

    def bsl_property(self, key: object) -> bool:
        return type(key) is str and key.strip().lower() in self.entries

    def bsl_property_value(self, key: object) -> Any:
        """The value ``Свойство(Ключ, Значение)`` gives: Неопределено for a missing key."""
        entry = self.entries.get(key.strip().lower()) if type(key) is str else None
        return None if entry is None else entry[1]

    def bsl_delete(self, key: object) -> None:
        self.entries.pop(_structure_key(key).lower(), None)

    def bsl_clear(self) -> None:
        self.entries.clear()


def map_key(key: object) -> object:
    """Python key for a 1C value: booleans must not collide with 0 and 1."""
    return ("bool", key) if type(key) is bool else key


_map_key = map_key


class BslMap:
    """``Соответствие``: any value as a key; a missing key reads as Неопределено."""

    __slots__ = ("entries",)
    type_name = "Соответствие"

    def __init__(self) -> None:
        self.entries: dict[object, tuple[Any, Any]] = {}

    def get(self, key: object) -> Any:
        entry = self.entries.get(_map_key(key))
        return None if entry is None else entry[1]

    def set(self, key: object, value: Any) -> None:
        self.bsl_insert(key, value)

    def iterate(self) -> Iterator[BslKeyValue]:
        return iter([BslKeyValue(key, value) for key, value in self.entries.values()])

    def bsl_insert(self, key: object, value: Any = None) -> None:
        self.entries[_map_key(key)] = (key, value)

    def bsl_get(self, key: object) -> Any:
        return self.get(key)

    def bsl_count(self) -> int:
        return len(self.entries)

    def bsl_delete(self, key: object) -> None:
        self.entries.pop(_map_key(key), None)

    def bsl_clear(self) -> None:
        self.entries.clear()


def type_name(value: object) -> str:
    """The 1C name of a value's type (``ТипЗнч``)."""
    kind = type(value)
    if kind is int or kind is Decimal:
        return "Число"
    names = {str: "Строка", bool: "Булево", datetime: "Дата", type(None): "Неопределено",
             NullType: "Null", BslType: "Тип"}
    if kind in names:
        return names[kind]
    return getattr(value, "type_name", kind.__name__)
