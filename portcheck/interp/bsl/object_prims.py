"""The runtime's side of the object types (a mixin of ``BslRuntime``): ``Новый X``,
``Новый("X", Параметры)`` and a OneScript name the embedded interpreter does not implement
(which fails when it runs, as an unknown type's constructor does in OneScript)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from portcheck.interp.bsl import library
from portcheck.interp.bsl.objects import construct
from portcheck.interp.bsl.values import BslArray
from portcheck.interp.errors import ProgramFault

UNSUPPORTED = "Встроенный интерпретатор не поддерживает {} (он есть в OneScript)"


class ObjectPrims:
    if TYPE_CHECKING:

        def prim_new_array(self, *sizes: Any) -> BslArray: ...

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
        kind = library.NEW_TYPES.get(name.lower())
        if kind is not None:
            return getattr(self, "prim_new_" + kind)(*args)
        return construct(self, name, args)

    def prim_unsupported(self, shown: str, *args: Any) -> Any:
        raise ProgramFault(UNSUPPORTED.format(shown))
