"""``ЭтотОбъект`` (the module as an object), ``Действие`` (a delegate: an object and a
method name, called by ``Выполнить``) and ``Рефлектор``.

A program that names ``ЭтотОбъект`` gets a hidden dispatcher function in its IR (built by
``frontend.dispatcher``): given a procedure's name and an array of arguments, it calls that
procedure of the module.  The module object here finds the dispatcher among the compiled
functions (``DISPATCHER_FUNCTION``) and calls it, so a method called by name goes through
the ordinary compiled call (arguments by value)."""

from __future__ import annotations

import os
import re
from typing import Any

from portinterp.bsl.library import names
from portinterp.bsl.runtime.objects import BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslType
from portinterp.errors import ProgramFault

TAG = re.compile(r"^<portinterp (.*)>$")  # core.Program's tag of its compiled code
DISPATCHER = "%этотобъект_вызов"  # the hidden procedure's name in the IR
DISPATCHER_FUNCTION = "f__этотобъект_вызов"  # its name in the compiled module (core names)
NO_METHOD = "Метод объекта не обнаружен ({})"


class ModuleObject(BslObject):
    """``ЭтотОбъект``: the module's procedures as methods."""

    __slots__ = ("call", "methods", "namespace")
    type_name = "Сценарий"

    def __init__(self, call: Any, methods: tuple[tuple[str, str, bool], ...],
                 namespace: dict[str, Any] | None = None) -> None:
        self.call = call
        self.methods = {key: (shown, exported) for key, shown, exported in methods}
        self.namespace = namespace if namespace is not None else {}

    def __eq__(self, other: object) -> bool:  # ЭтотОбъект = ЭтотОбъект: the same module
        return isinstance(other, ModuleObject) and other.namespace is self.namespace

    def __hash__(self) -> int:
        return id(self.namespace)

    def shape(self) -> Any:
        """The module's declarations (``Рефлектор``), read from its file."""
        from portinterp.bsl.library.module_shape import module_shape
        return module_shape(main_module_text(self.namespace))

    def bsl_method(self, canonical: str) -> Any:
        if canonical not in self.methods:
            return None
        return lambda *args: self.call(canonical, BslArray(list(args)))

    def exported(self, canonical: str) -> bool:
        return canonical in self.methods and self.methods[canonical][1]


def main_module_text(namespace: dict[str, Any]) -> str:
    """The text of the compiled module whose globals are ``namespace`` ("" if unreadable)."""
    match = TAG.match(str(namespace.get("__name__", "")))
    if not match:
        return ""
    try:
        with open(os.path.abspath(match.group(1)), encoding="utf-8-sig",
                  errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def this_object(namespace: dict[str, Any],
                methods: tuple[tuple[str, str, bool], ...]) -> ModuleObject:
    """``ЭтотОбъект`` of the compiled module whose globals are ``namespace``."""
    return ModuleObject(namespace[DISPATCHER_FUNCTION], methods, namespace)


class Action(BslObject):
    """``Действие``: ``Выполнить(…)`` calls the method on the object."""

    __slots__ = ("canonical", "runtime", "shown", "target")
    type_name = "Действие"
    spellings = spellings("Выполнить Execute execute")

    def __init__(self, runtime: Any, target: Any, method: Any) -> None:
        if type(method) is not str:
            raise ProgramFault("Неверный тип аргумента")
        self.shown = method.strip()
        lower = self.shown.lower()
        self.canonical = _canonical(target, self.shown)
        found = (target.exported(lower) if isinstance(target, ModuleObject)
                 else _has_method(target, self.canonical))
        if not found:
            raise ProgramFault(NO_METHOD.format(self.shown))
        self.runtime, self.target = runtime, target

    def bsl_execute(self, *args: Any) -> Any:
        return self.runtime.prim_method(self.target, self.canonical, self.shown, *args)


def _has_method(target: Any, canonical: str) -> bool:
    if isinstance(target, BslObject):
        return target.bsl_method(canonical) is not None or getattr(
            target, "knows_every_method", False)
    return getattr(target, "bsl_" + canonical, None) is not None


class Reflector(BslObject):
    """``Рефлектор``: calls a method by name, tells whether one exists; its tables
    (methods, properties, known types) and properties by name are ``reflection``'s."""

    __slots__ = ("runtime",)
    type_name = "Рефлектор"
    spellings = spellings("ВызватьМетод CallMethod callmethod",
                          "МетодСуществует MethodExists methodexists",
                          "ПолучитьТаблицуМетодов GetMethodsTable getmethodstable",
                          "ПолучитьТаблицуСвойств GetPropertiesTable getpropertiestable",
                          "ПолучитьСвойство GetProperty getproperty",
                          "УстановитьСвойство SetProperty setproperty",
                          "ИзвестныеТипы KnownTypes knowntypes")

    def __init__(self, runtime: Any) -> None:
        self.runtime = runtime

    def bsl_callmethod(self, target: Any, method: Any, arguments: Any = None) -> Any:
        if type(method) is not str or not isinstance(arguments, BslArray | type(None)):
            raise ProgramFault("Неверный тип аргумента")
        shown = method.strip()
        canonical = _canonical(target, shown)
        by_name = getattr(target, "call", None)  # a module: by-reference parameters write
        if by_name is not None and target.bsl_method(canonical) is not None:  # back
            return by_name(canonical, arguments if arguments is not None else BslArray([]))
        args = [] if arguments is None else arguments.items
        return self.runtime.prim_method(target, canonical, shown, *args)

    def bsl_getmethodstable(self, target: Any) -> Any:
        from portinterp.bsl.library.reflection import methods_table

        return methods_table(self.runtime, target)

    def bsl_getpropertiestable(self, target: Any, with_private: Any = False) -> Any:
        from portinterp.bsl.library.reflection import properties_table

        return properties_table(self.runtime, target, with_private)

    def bsl_getproperty(self, target: Any, name: Any) -> Any:
        from portinterp.bsl.library.reflection import get_property

        return get_property(self.runtime, target, name)

    def bsl_setproperty(self, target: Any, name: Any, value: Any) -> None:
        from portinterp.bsl.library.reflection import set_property

        set_property(self.runtime, target, name, value)

    def bsl_knowntypes(self, selection: Any = None) -> Any:
        from portinterp.bsl.library.reflection import known_types

        return known_types(self.runtime, selection)

    def bsl_methodexists(self, target: Any, method: Any) -> bool:
        if type(method) is not str:
            raise ProgramFault("Неверный тип аргумента")
        canonical = _canonical(target, method.strip())
        if isinstance(target, BslType):
            from portinterp.bsl.library.reflection import type_has_method

            return type_has_method(self.runtime, target, method.strip())
        if isinstance(target, ModuleObject):
            return canonical in target.methods
        return _has_method(target, canonical)


def _canonical(target: Any, shown: str) -> str:
    lower = shown.lower()
    return lower if isinstance(target, ModuleObject) else names.METHODS.get(lower, lower)


register_type("Действие", "Action", Action)
register_type("Рефлектор", "Reflector", Reflector)
register_type("Сценарий", "Script")
# A type OneScript has whose objects only its HTTP client makes (no network here): known to
# ``Тип(…)`` and to ``Рефлектор`` (``reflection_catalog``), never made.
register_type("HTTPОтвет", "HTTPResponse")
