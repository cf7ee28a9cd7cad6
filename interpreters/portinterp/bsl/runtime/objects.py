"""The base of the 1C object types beyond Массив/Структура/Соответствие, and the registry
``Новый``, ``Тип`` and ``ТипЗнч`` read: each type's module registers its constructor here.

A type is a ``BslObject`` subclass: ``bsl_<name>`` methods (``name`` the canonical name of
``library.names.METHODS`` or the class's own ``spellings``), ``property``/``set_property``
for its fields, ``get``/``set`` for ``x[i]``, ``iterate`` for ``Для Каждого``.

The registry is filled explicitly and lazily: the library gives ``add_type_loader`` the
function that imports its type modules (``portinterp.bsl`` wires it), and ``load_types``
calls it the first time a type is asked for by name, so a program that makes no such object
does not pay for importing them.  The run-time core imports nothing of the library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from portinterp.errors import ProgramFault

NO_FIELD = "Поле объекта не обнаружено ({})"
NOT_INDEXABLE = "Получение элемента по индексу для значения не поддерживается"
NOT_ITERABLE = "Итератор для значения не определен"
BAD_ARGUMENT = "Неверный тип аргумента"
NO_CONSTRUCTOR = "Конструктор не найден ({})"

# lower-case type name (either spelling) -> (1C name, constructor(runtime, *args))
CONSTRUCTORS: dict[str, Callable[..., Any]] = {}
# lower-case type name (either spelling) -> the name ``ТипЗнч`` reports
TYPE_SPELLINGS: dict[str, str] = {}
# Every name ``Тип("…")`` knows, to the name ``ТипЗнч`` reports: the language's own types,
# then (``load_types``) the registered ones and the names the type loaders add.
TYPE_NAMES = {
    "число": "Число", "number": "Число", "строка": "Строка", "string": "Строка",
    "дата": "Дата", "date": "Дата", "булево": "Булево", "boolean": "Булево",
    "неопределено": "Неопределено", "undefined": "Неопределено", "null": "Null",
    "массив": "Массив", "array": "Массив", "структура": "Структура",
    "structure": "Структура", "соответствие": "Соответствие", "map": "Соответствие",
    "ключизначение": "КлючИЗначение", "keyandvalue": "КлючИЗначение", "тип": "Тип",
    "type": "Тип",
}
_type_loaders: list[Callable[[], None]] = []  # not yet called


def spellings(*rows: str) -> dict[str, str]:
    """``"ЗагрузитьКолонку LoadColumn loadcolumn"`` rows -> {each spelling, lower: canonical}:
    the last word of a row is the ``bsl_`` method's name."""
    table: dict[str, str] = {}
    for row in rows:
        *words, canonical = row.split()
        for word in words:
            table[word.lower()] = canonical
        table[canonical] = canonical
    return table


def register_type(russian: str, english: str,
                  constructor: Callable[..., Any] | None = None) -> None:
    """Make ``Тип("…")`` know a type; with a constructor, ``Новый …`` makes one."""
    for name in (russian, english):
        TYPE_SPELLINGS[name.lower()] = russian
        if constructor is not None:
            CONSTRUCTORS[name.lower()] = constructor


class BslObject:
    """A 1C object: every operation fails with 1C's message unless the type offers it."""

    __slots__ = ()
    type_name: ClassVar[str] = "Объект"
    spellings: ClassVar[dict[str, str]] = {}

    def bsl_method(self, canonical: str) -> Callable[..., Any] | None:
        method = getattr(self, "bsl_" + canonical, None)
        if method is None and canonical in self.spellings:
            method = getattr(self, "bsl_" + self.spellings[canonical], None)
        return method  # type: ignore[no-any-return]

    def property(self, name: str, shown: str) -> Any:
        raise ProgramFault(NO_FIELD.format(shown))

    def set_property(self, name: str, shown: str, value: Any) -> None:
        raise ProgramFault(NO_FIELD.format(shown))

    def get(self, index: object) -> Any:
        raise ProgramFault(NOT_INDEXABLE)

    def set(self, index: object, value: Any) -> None:
        raise ProgramFault(NOT_INDEXABLE)

    def iterate(self) -> Iterator[Any]:
        raise ProgramFault(NOT_ITERABLE)

    def presentation(self) -> str:
        """What ``Строка(x)`` and ``Сообщить(x)`` show: the type's name, as in OneScript."""
        return self.type_name


def add_type_loader(load: Callable[[], None]) -> None:
    """Have ``load_types`` call ``load`` once: it registers object types (``register_type``)
    and may add names to ``TYPE_NAMES``."""
    _type_loaders.append(load)


def load_types() -> None:
    """Call the type loaders not called yet: the registered types' names then join
    ``TYPE_NAMES``."""
    if not _type_loaders:
        return
    while _type_loaders:
        _type_loaders.pop(0)()
    TYPE_NAMES.update(TYPE_SPELLINGS)


def construct(runtime: Any, shown: str, args: tuple[Any, ...]) -> Any:
    """``Новый <shown>(args)`` for a registered type; 1C's errors otherwise."""
    load_types()
    script_type = getattr(runtime, "script_type", None)  # scripts.ScriptPrims
    made = script_type(shown, args) if script_type is not None else None
    if made is not None:
        return made
    constructor = CONSTRUCTORS.get(shown.lower())
    if constructor is None:
        raise ProgramFault(NO_CONSTRUCTOR.format(shown))
    return call_checked(constructor, shown, runtime, *args)


def call_checked(function: Callable[..., Any], shown: str, *args: Any) -> Any:
    """``function(*args)``; a wrong argument count as 1C words it."""
    try:
        return function(*args)
    except TypeError as error:
        if "positional argument" not in str(error):
            raise
        too_many = "takes" in str(error)
        raise ProgramFault(("Слишком много" if too_many else "Недостаточно")
                           + f" фактических параметров ({shown})") from None


class EnumObject(BslObject):
    """A system enumeration itself (``КодировкаТекста`` without a member): its members are
    its properties; compared, it is an object (``=`` by identity, no order)."""

    __slots__ = ("members", "shown")

    def __init__(self, shown: str, members: dict[str, object]) -> None:
        self.shown = shown
        self.members = members

    @property  # type: ignore[override]
    def type_name(self) -> str:
        return "Перечисление" + self.shown

    def property(self, name: str, shown: str) -> Any:
        if name not in self.members:
            raise ProgramFault(NO_FIELD.format(shown))
        return self.members[name]

    def presentation(self) -> str:
        return "Перечисление" + self.shown


class EnumValue(BslObject):
    """A member of a system enumeration (``НаправлениеСортировки.Убыв``)."""

    __slots__ = ("enum", "name")

    def __init__(self, enum: str, name: str) -> None:
        self.enum = enum
        self.name = name

    @property  # type: ignore[override]
    def type_name(self) -> str:
        return self.enum

    def presentation(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EnumValue) and (other.enum, other.name) == (self.enum, self.name)

    def __hash__(self) -> int:
        return hash((self.enum, self.name))

    def __reduce__(self) -> tuple[Any, ...]:
        return (EnumValue, (self.enum, self.name))


def enumeration(russian: str, english: str, *members: str) -> dict[str, dict[str, object]]:
    """``{"направлениесортировки": {...}, "sortdirection": {...}}`` from ``"Возр Asc"`` rows."""
    values: dict[str, object] = {}
    for member in members:
        words = member.split()
        value = EnumValue(russian, words[0])
        for word in words:
            values[word.lower()] = value
    return {russian.lower(): values, english.lower(): values}
