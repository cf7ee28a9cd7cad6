"""``Новый COMОбъект("System.…")``: the few .NET classes OneScript's own tests make through
``COMОбъект`` (``managed-com.os``), emulated — there is no CLR here.

OneScript 1.9.2 on Mono makes any CLR type by its name and calls its members by reflection;
this module offers an honest handful, each settled against OneScript 1.9.2
(``tests/bsl/onescript/clr_objects.bsl``): ``System.Random`` (``Next``, ``NextDouble``: .NET's
generator of ``random_generator``), ``System.Collections.ArrayList`` and
``System.Collections.Generic.List`1`` (``Add``, ``Count``, ``Insert``, ``Remove``,
``RemoveAt``, ``IndexOf``, ``Contains``, ``Clear``, ``[i]``, ``Для Каждого``),
``System.Collections.Generic.Dictionary`2`` (``Add``, ``Count``, ``ContainsKey``, ``Remove``,
``Д[к] = з``, walked as ``KeyValuePair`2`` objects with ``Key`` and ``Value``) and
``System.Uri`` (its parts), every one with ``GetType()`` (a ``System.Type`` with ``Name``,
``Namespace``, ``FullName``).  Any other name is OneScript's ``System.TypeLoadException``;
a member a class lacks is .NET's ``MissingMethodException`` (a method) or 1C's missing
property.  ``Рефлектор.МетодСуществует`` says Истина for every name of such an object, as
OneScript's does.  Quirks kept: reading ``Д[к]`` of a Dictionary fails (OneScript's COM
indexer) while writing works; ``List`1`` holds objects of any type, as OneScript builds it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, ClassVar
from urllib.parse import urlsplit

from portinterp.bsl.library.random_generator import INT_MAX, DotNetRandom
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type
from portinterp.bsl.runtime.values import map_key
from portinterp.errors import ProgramFault

EXTERNAL = "Внешнее исключение ({}): {}"
INVOCATION = EXTERNAL.format("System.Reflection.TargetInvocationException",
                             "Exception has been thrown by the target of an invocation.")
_OBJECT = ("[System.Object, mscorlib, Version=4.0.0.0, Culture=neutral, "
           "PublicKeyToken=b77a5c561934e089]")


def _index(value: Any, size: int) -> int:
    try:
        number = to_number(value)
    except ProgramFault:
        raise ProgramFault(INVOCATION) from None
    if number != int(number) or not 0 <= number < size:
        raise ProgramFault(INVOCATION)
    return int(number)


class ClrObject(BslObject):
    """An object of a CLR class: ``ТипЗнч`` is ``COMОбъект``; its members are the
    ``bsl_<lower-case name>`` methods and the ``PROPERTIES`` of a class below."""

    __slots__ = ()
    type_name = "COMОбъект"
    NAMESPACE: ClassVar[str] = "System"
    NAME: ClassVar[str] = "Object"
    GENERIC: ClassVar[int] = 0  # the number of type arguments (``List`1``: 1)
    PROPERTIES: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def full_name(cls) -> str:
        plain = f"{cls.NAMESPACE}.{cls.NAME}"
        return f"{plain}[{','.join([_OBJECT] * cls.GENERIC)}]" if cls.GENERIC else plain

    knows_every_method = True  # ``Рефлектор.МетодСуществует``: Истина, as in OneScript

    def bsl_method(self, canonical: str) -> Callable[..., Any] | None:
        return getattr(self, "bsl_" + canonical.lower(), None)

    def no_method(self, shown: str) -> str:
        """The error of a call of a method the class lacks (the run-time core asks)."""
        return EXTERNAL.format("System.MissingMethodException",
                               f"Method '{self.full_name()}.{shown}' not found.")

    def bsl_gettype(self) -> ClrType:
        return ClrType(type(self))

    def property(self, name: str, shown: str) -> Any:
        if name.lower() in self.PROPERTIES:
            return getattr(self, "p_" + name.lower())()
        raise ProgramFault(NO_FIELD.format(shown))

    def presentation(self) -> str:
        return "COMОбъект"


class ClrType(ClrObject):
    """``System.Type`` of a class here (what ``GetType()`` gives)."""

    __slots__ = ("of",)
    NAME = "RuntimeType"
    PROPERTIES = ("name", "namespace", "fullname")

    def __init__(self, of: type[ClrObject]) -> None:
        self.of = of

    def p_name(self) -> str:
        return self.of.NAME

    def p_namespace(self) -> str:
        return self.of.NAMESPACE

    def p_fullname(self) -> str:
        return self.of.full_name()


class ClrRandom(ClrObject):
    __slots__ = ("random",)
    NAME = "Random"

    def __init__(self) -> None:
        self.random = DotNetRandom(int.from_bytes(os.urandom(4), "little") & INT_MAX)

    def bsl_next(self, low: Any = None, high: Any = None) -> int:
        if low is None:
            return self.random.internal_sample()
        if high is None:
            low, high = 0, low
        lo, hi = int(to_number(low)), int(to_number(high))
        if lo > hi:
            raise ProgramFault(INVOCATION)
        return self.random.next_in(lo, hi)

    def bsl_nextdouble(self) -> Decimal:
        return Decimal(repr(self.random.sample()))


class ClrArrayList(ClrObject):
    __slots__ = ("items",)
    NAMESPACE = "System.Collections"
    NAME = "ArrayList"
    PROPERTIES = ("count",)

    def __init__(self) -> None:
        self.items: list[Any] = []

    def p_count(self) -> int:
        return len(self.items)

    def bsl_add(self, value: Any) -> int | None:
        self.items.append(value)
        return len(self.items) - 1

    def bsl_insert(self, index: Any, value: Any) -> None:
        self.items.insert(_index(index, len(self.items) + 1), value)

    def bsl_removeat(self, index: Any) -> None:
        del self.items[_index(index, len(self.items))]

    def bsl_indexof(self, value: Any) -> int:
        keys = [map_key(item) for item in self.items]
        return keys.index(map_key(value)) if map_key(value) in keys else -1

    def bsl_contains(self, value: Any) -> bool:
        return self.bsl_indexof(value) >= 0

    def bsl_remove(self, value: Any) -> None:
        found = self.bsl_indexof(value)
        if found >= 0:
            del self.items[found]

    def bsl_clear(self) -> None:
        self.items.clear()

    def get(self, index: object) -> Any:
        return self.items[_index(index, len(self.items))]

    def set(self, index: object, value: Any) -> None:
        self.items[_index(index, len(self.items))] = value

    def iterate(self) -> Iterator[Any]:
        return iter(list(self.items))


class ClrList(ClrArrayList):
    __slots__ = ()
    NAMESPACE = "System.Collections.Generic"
    NAME = "List`1"
    GENERIC = 1

    def bsl_add(self, value: Any) -> None:
        self.items.append(value)


class ClrKeyValuePair(ClrObject):
    __slots__ = ("key", "value")
    NAMESPACE = "System.Collections.Generic"
    NAME = "KeyValuePair`2"
    GENERIC = 2
    PROPERTIES = ("key", "value")

    def __init__(self, key: Any, value: Any) -> None:
        self.key, self.value = key, value

    def p_key(self) -> Any:
        return self.key

    def p_value(self) -> Any:
        return self.value


class ClrDictionary(ClrObject):
    __slots__ = ("entries",)
    NAMESPACE = "System.Collections.Generic"
    NAME = "Dictionary`2"
    GENERIC = 2
    PROPERTIES = ("count",)

    def __init__(self) -> None:
        self.entries: dict[object, tuple[Any, Any]] = {}

    def p_count(self) -> int:
        return len(self.entries)

    def bsl_add(self, key: Any, value: Any) -> None:
        if map_key(key) in self.entries:
            raise ProgramFault(EXTERNAL.format(
                "System.ArgumentException",
                f"An item with the same key has already been added. Key: {_shown(key)}"))
        self.entries[map_key(key)] = (key, value)

    def bsl_containskey(self, key: Any) -> bool:
        return map_key(key) in self.entries

    def bsl_remove(self, key: Any) -> bool:
        return self.entries.pop(map_key(key), None) is not None

    def bsl_clear(self) -> None:
        self.entries.clear()

    def get(self, index: object) -> Any:
        raise ProgramFault(INVOCATION)  # OneScript 1.9.2's COM indexer cannot read one

    def set(self, index: object, value: Any) -> None:
        self.entries[map_key(index)] = (index, value)

    def iterate(self) -> Iterator[Any]:
        return iter([ClrKeyValuePair(key, value) for key, value in self.entries.values()])


def _shown(value: Any) -> str:
    from portinterp.bsl.runtime.formatting import to_string

    return value if type(value) is str else to_string(value, "onescript")


class ClrUri(ClrObject):
    __slots__ = ("parts", "text")
    NAME = "Uri"
    PROPERTIES = ("isfile", "scheme", "host", "port", "absolutepath", "localpath",
                  "absoluteuri", "query", "fragment")

    def __init__(self, text: Any) -> None:
        if type(text) is not str or ":" not in text:
            raise ProgramFault(EXTERNAL.format("System.UriFormatException",
                                               "Invalid URI: The format of the URI could "
                                               "not be determined."))
        self.text, self.parts = text, urlsplit(text)

    def p_isfile(self) -> bool:
        return self.parts.scheme.lower() == "file"

    def p_scheme(self) -> str:
        return self.parts.scheme.lower()

    def p_host(self) -> str:
        return self.parts.hostname or ""

    def p_port(self) -> int:
        defaults = {"http": 80, "https": 443, "ftp": 21}
        return self.parts.port or defaults.get(self.p_scheme(), -1)

    def p_absolutepath(self) -> str:
        return self.parts.path or "/"

    def p_localpath(self) -> str:
        return self.parts.path if self.p_isfile() else self.p_absolutepath()

    def p_absoluteuri(self) -> str:
        return self.text

    def p_query(self) -> str:
        return f"?{self.parts.query}" if self.parts.query else ""

    def p_fragment(self) -> str:
        return f"#{self.parts.fragment}" if self.parts.fragment else ""


CLASSES: dict[str, type[ClrObject]] = {
    cls.full_name().split("[")[0].lower(): cls
    for cls in (ClrRandom, ClrArrayList, ClrList, ClrDictionary, ClrUri)}


def new_com_object(runtime: Any, *args: Any) -> ClrObject:
    """``Новый COMОбъект(ИмяКласса, Аргументы…)``."""
    if not args:
        raise ProgramFault(EXTERNAL.format("System.IndexOutOfRangeException",
                                           "Index was outside the bounds of the array."))
    name, *rest = args
    cls = CLASSES.get(_shown(name).lower()) if name is not None else None
    if cls is None:
        raise ProgramFault(EXTERNAL.format("System.TypeLoadException",
                                           f"Тип {_shown(name)} не найден!"))
    wanted = 1 if cls is ClrUri else 0
    if len(rest) != wanted:
        raise ProgramFault(EXTERNAL.format("System.MissingMethodException",
                                           f"Constructor on type '{cls.full_name()}' not "
                                           f"found."))
    return cls(*rest)


register_type("COMОбъект", "COMObject", new_com_object)
