"""The runtime's side of the object types (a mixin of ``BslRuntime``): ``Новый X``,
``Новый("X", Параметры)`` and a OneScript name the embedded interpreter does not implement
(which fails when it runs, as an unknown type's constructor does in OneScript)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from portinterp.bsl.library import names
from portinterp.bsl.runtime.error_info import BslErrorInfo
from portinterp.bsl.runtime.objects import construct
from portinterp.bsl.runtime.values import BslArray, BslStructure
from portinterp.errors import ProgramFault

UNSUPPORTED = "Встроенный интерпретатор не поддерживает {} (он есть в OneScript)"


def _error_info(info: Any) -> BslErrorInfo:
    if not isinstance(info, BslErrorInfo):
        raise ProgramFault("Неверный тип аргумента")
    return info


def _split(names: str) -> list[str]:
    return [part.strip() for part in names.split(",") if part.strip()]


def property_names(value: Any) -> list[str]:
    """The properties of a Структура (its keys) or of an object that lists them."""
    if isinstance(value, BslStructure):
        return [key for key, _ in value.entries.values()]
    names = getattr(value, "property_names", None)
    if names is None:
        raise ProgramFault("Неверный тип аргумента")
    return names()  # type: ignore[no-any-return]


class ObjectPrims:
    if TYPE_CHECKING:

        def prim_new_array(self, *sizes: Any) -> BslArray: ...

        def prim_getprop(self, base: Any, name: str, shown: str) -> Any: ...

        def prim_setprop(self, base: Any, name: str, shown: str, value: Any) -> None: ...

    def prim_new_named(self, shown: str, *args: Any) -> Any:
        return construct(self, shown, args)

    def prim_new_by_name(self, name: Any = None, parameters: Any = None) -> Any:
        """``Новый("Массив", Параметры)``: the arguments are the array's items."""
        if type(name) is not str:
            raise ProgramFault("Неверный тип аргумента")
        if parameters is None:
            args: tuple[Any, ...] = ()
        elif isinstance(parameters, BslArray):
            args = tuple(parameters.items)
        else:
            raise ProgramFault("Неверный тип аргумента")
        kind = names.NEW_TYPES.get(name.lower())
        if kind is not None:
            return getattr(self, "prim_new_" + kind)(*args)
        return construct(self, name, args)

    def prim_f_fillpropertyvalues(self, receiver: Any, source: Any, names: Any = None,
                                  excluded: Any = None) -> None:
        """``ЗаполнитьЗначенияСвойств``: the listed properties (each must exist on both; the
        exclusions are then ignored, as in OneScript), or every property of the source the
        receiver has, less the excluded ones."""
        for value in (names, excluded):
            if value is not None and type(value) is not str:
                raise ProgramFault("Неверный тип аргумента")
        if names is not None and names.strip():
            for name in _split(names):
                value = self.prim_getprop(source, name.lower(), name)
                self.prim_setprop(receiver, name.lower(), name, value)
            return
        skipped = {name.lower() for name in _split(excluded or "")}
        wanted = {name.lower() for name in property_names(receiver)}
        for name in property_names(source):
            if name.lower() in skipped or name.lower() not in wanted:
                continue
            value = self.prim_getprop(source, name.lower(), name)
            self.prim_setprop(receiver, name.lower(), name, value)

    def prim_f_brieferrordescription(self, info: Any) -> str:
        return _error_info(info).brief()

    def prim_f_detailerrordescription(self, info: Any) -> str:
        return _error_info(info).detailed()

    # ЭтотОбъект and scripts: their modules load on first use (this_object.py, scripts.py).

    def prim_this_object(self, methods: tuple[tuple[str, str, bool], ...]) -> Any:
        from portinterp.bsl.library.this_object import this_object

        return this_object(sys._getframe(1).f_globals, methods)  # the calling module's

    def prim_f_currentscript(self) -> Any:
        from portinterp.bsl.library.scripts import ScriptInfo, calling_module

        return ScriptInfo(calling_module(sys._getframe(1)))

    def prim_f_combinepath(self, *parts: Any) -> str:
        from portinterp.bsl.library.scripts import combine_path

        return combine_path(*parts)

    def prim_f_attachscript(self, path: Any, name: Any) -> None:
        from portinterp.bsl.library.scripts import attach_script

        attach_script(self, path, name)

    def prim_f_loadscript(self, path: Any, parameters: Any = None) -> Any:
        from portinterp.bsl.library.scripts import load_script

        return load_script(self, path)

    def script_type(self, shown: str, args: tuple[Any, ...]) -> Any:
        """``Новый <имя подключённого сценария>(…)``, or None for another name."""
        known = self.script_types.get(shown.lower())
        if known is None:
            return None
        from portinterp.bsl.library.scripts import ScriptObject

        return ScriptObject(known[1], known[0], self, args)

    @property
    def script_types(self) -> dict[str, Any]:
        """The types ``ПодключитьСценарий`` made in this run."""
        types = self.__dict__.get("_script_types")
        if types is None:
            types = self.__dict__["_script_types"] = {}
        return types  # type: ignore[no-any-return]

    # Events (events.py): ДобавитьОбработчик, УдалитьОбработчик, ВызватьСобытие.

    def prim_add_handler(self, *args: Any) -> None:
        from portinterp.bsl.library.events import add_handler

        add_handler(self, *args)

    def prim_remove_handler(self, *args: Any) -> None:
        from portinterp.bsl.library.events import remove_handler

        remove_handler(self, *args)

    def prim_raise_event(self, source: Any, *args: Any) -> None:
        from portinterp.bsl.library.events import raise_event

        raise_event(self, source, *args)

    def prim_unsupported(self, shown: str, *args: Any) -> Any:
        raise ProgramFault(UNSUPPORTED.format(shown))
