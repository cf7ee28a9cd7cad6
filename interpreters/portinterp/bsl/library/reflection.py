"""``Рефлектор``'s tables (issue 26), as OneScript 1.9.2's ``Reflector.cs`` fills them:
``ПолучитьТаблицуМетодов`` (columns Имя, КоличествоПараметров, ЭтоФункция, Аннотации,
Параметры, Экспорт; a parameter's table Имя, ПоЗначению, ЕстьЗначениеПоУмолчанию,
ЗначениеПоУмолчанию, Аннотации; an annotation's Имя, Параметры; its parameters' Имя,
Значение), ``ПолучитьТаблицуСвойств`` (Имя, Аннотации, Экспорт), ``ИзвестныеТипы`` (Имя,
Значение, Примитивный, Пользовательский, Коллекция), ``ПолучитьСвойство`` and
``УстановитьСвойство`` (a script's private variables too).

A module (``ЭтотОбъект``, a script's object or a script's type) is described by its text
(``module_shape``: the parser never sees annotations).  As OneScript shows them, an
object's methods start with the hidden ``ВызватьСобытие`` and end with ``$entry`` (the
module's body) when it has one; a type's are the methods only.  Built-in types come from
``reflection_catalog``.
"""

from __future__ import annotations

import re
from typing import Any

from portinterp.bsl.library.collections.value_table import ValueTable
from portinterp.bsl.library.module_shape import ParamShape
from portinterp.bsl.library.reflection_catalog import (
    COLLECTIONS,
    PRIMITIVES,
    builtin_methods,
    builtin_properties,
)
from portinterp.bsl.runtime.objects import TYPE_NAMES, load_types
from portinterp.bsl.runtime.values import BslStructure, BslType
from portinterp.errors import ProgramFault

BAD_TYPE = "Неверный тип аргумента"
NOT_REFLECTABLE = "Неверное значение аргумента (Тип не может быть отражен.)"
HIDDEN = {"этотобъект", "thisobject"}
# The hidden ``ВызватьСобытие(eventName, eventArgs = Неопределено)`` of every module object.
RAISE_EVENT = [ParamShape("eventName"), ParamShape("eventArgs", has_default=True)]
TITLES = {"КоличествоПараметров": "Количество параметров", "ЭтоФункция": "Это функция",
          "ПоЗначению": "По значению",
          "ЕстьЗначениеПоУмолчанию": "Есть значение по-умолчанию",
          "ЗначениеПоУмолчанию": "Значение по умолчанию"}


def _table(*columns: str, titled: bool = False) -> tuple[ValueTable, list[Any]]:
    """A table of these columns (``titled``: each with its title, OneScript's words)."""
    table = ValueTable()
    return table, [table.columns.bsl_add(name, None, TITLES.get(name, name) if titled
                                         else None) for name in columns]


def _add(table: ValueTable, columns: list[Any], *values: Any) -> None:
    row = table.bsl_add()
    for column, value in zip(columns, values, strict=True):
        row.write(column, value)


def annotations_table(annotations: list[Any]) -> ValueTable:
    table, columns = _table("Имя", "Параметры")
    for annotation in annotations:
        params, param_columns = _table("Имя", "Значение")
        for name, value in annotation.params:
            _add(params, param_columns, name, value)
        _add(table, columns, annotation.name, params)
    return table


def _shape_of(target: Any) -> Any:
    """The declarations of a module object: a script's (``scripts.ScriptObject``, whose
    ``module`` has them) or ``ЭтотОбъект`` (``this_object.ModuleObject``); else None."""
    module = getattr(target, "module", None)
    if module is not None and hasattr(module, "shape"):
        return module.shape()
    shape = getattr(target, "shape", None)
    return shape() if callable(shape) and hasattr(target, "namespace") else None


def _module_of(runtime: Any, target: Any) -> tuple[Any, bool] | None:
    """(the module's shape, whether it is an object) of a module, a script or its type."""
    shape = _shape_of(target)
    if shape is not None:
        return shape, True
    if isinstance(target, BslType):
        known = runtime.script_types.get(target.name.lower())
        if known is not None:
            return known[1].shape(), False
    return None


def methods_table(runtime: Any, target: Any) -> ValueTable:
    table, columns = _table("Имя", "КоличествоПараметров", "ЭтоФункция", "Аннотации",
                            "Параметры", "Экспорт", titled=True)
    module = _module_of(runtime, target)
    if module is not None:
        shape, is_object = module
        rows = [(m.name, m.is_function, m.exported,
                 m.params if is_object else [_flipped(p) for p in m.params], m.annotations)
                for m in shape.methods]
        if is_object:
            rows.insert(0, ("ВызватьСобытие", False, False, RAISE_EVENT, []))
            if shape.has_body:
                rows.append(("$entry", False, False, [], []))
    elif isinstance(target, BslType):
        rows = _builtin_rows(builtin_methods(target.name, None))
    elif target is None or type(target) in (bool, int, str) or not hasattr(target, "__slots__"):
        raise ProgramFault(BAD_TYPE)
    else:
        rows = _builtin_rows(builtin_methods(getattr(target, "type_name", ""), target))
    for name, is_function, exported, params, notes in rows:
        _add(table, columns, name, len(params), is_function, annotations_table(notes),
             _params_table(params), exported)
    return table


def type_has_method(runtime: Any, target: BslType, name: str) -> bool:
    """``МетодСуществует(Тип(…), Имя)``."""
    table = methods_table(runtime, target)
    column = table.columns.find_column("Имя")
    return any(str(row.read(column)).lower() == name.lower() for row in table.rows)


def _flipped(param: ParamShape) -> ParamShape:
    """A type's parameter as OneScript 1.9.2 reflects it: ``ПоЗначению`` is true where the
    parameter is by reference (``Reflector.cs`` sets ``IsByValue`` from ``ByRefAttribute``)."""
    return ParamShape(param.name, not param.by_value, param.has_default, param.default,
                      param.annotations)


def _builtin_rows(methods: list[tuple[str, int, bool]] | None) -> list[tuple[Any, ...]]:
    if methods is None:
        raise ProgramFault(NOT_REFLECTABLE)
    return [(name, is_function, True, [None] * count, []) for name, count, is_function
            in methods]


def _params_table(params: list[Any]) -> ValueTable:
    table, columns = _table("Имя", "ПоЗначению", "ЕстьЗначениеПоУмолчанию",
                            "ЗначениеПоУмолчанию", "Аннотации", titled=True)
    for n, param in enumerate(params, 1):
        if param is None:  # a built-in method's parameter: OneScript names it param<N>
            _add(table, columns, f"param{n}", True, False, None, annotations_table([]))
        else:
            _add(table, columns, param.name, param.by_value, param.has_default,
                 param.default, annotations_table(param.annotations))
    return table


def properties_table(runtime: Any, target: Any, with_private: Any = False) -> ValueTable:
    table, columns = _table("Имя", "Аннотации", "Экспорт", titled=True)
    module = _module_of(runtime, target)
    if module is not None:
        for var in module[0].variables:
            if (var.exported or with_private is True) and var.name.lower() not in HIDDEN:
                _add(table, columns, var.name, annotations_table(var.annotations),
                     var.exported)
        return table
    if isinstance(target, BslType):
        names = builtin_properties(target.name)
        if names is None:
            raise ProgramFault(NOT_REFLECTABLE)
    elif target is None or type(target) in (bool, int, str):
        raise ProgramFault(BAD_TYPE)
    else:
        names = builtin_properties(getattr(target, "type_name", "")) or []
    for name in names:
        _add(table, columns, name, annotations_table([]), True)
    return table


def _variable(target: Any, name: Any) -> tuple[dict[str, Any], str] | None:
    """A module variable of a script or ``ЭтотОбъект`` (private ones too)."""
    if type(name) is not str:
        raise ProgramFault(BAD_TYPE)
    shape = _shape_of(target)
    if shape is None:
        return None
    key = name.strip().lower()
    if not any(var.name.lower() == key for var in shape.variables):
        raise ProgramFault(f"Свойство объекта не обнаружено ({name})")
    return target.namespace, "v_" + re.sub(r"\W", "_", key)  # core.names.Names' identifier


def get_property(runtime: Any, target: Any, name: Any) -> Any:
    found = _variable(target, name)
    if found is None:
        return runtime.prim_getprop(target, name.strip().lower(), name)
    return found[0].get(found[1])


def set_property(runtime: Any, target: Any, name: Any, value: Any) -> None:
    found = _variable(target, name)
    if found is None:
        runtime.prim_setprop(target, name.strip().lower(), name, value)
    else:
        found[0][found[1]] = value


def known_types(runtime: Any, selection: Any = None) -> ValueTable:
    load_types()
    table, columns = _table("Имя", "Значение", "Примитивный", "Пользовательский",
                            "Коллекция")
    rows = [(name, name in PRIMITIVES, False, name in COLLECTIONS)
            for name in dict.fromkeys(TYPE_NAMES.values())]
    rows += [(shown, False, True, False) for shown, _ in runtime.script_types.values()]
    wanted: dict[str, Any] = {}
    if selection is not None:
        if not isinstance(selection, BslStructure):
            raise ProgramFault(BAD_TYPE)
        wanted = {key.lower(): value for key, value in selection.entries.values()}
    for name, primitive, user, collection in rows:
        values = {"имя": name, "значение": BslType(name), "примитивный": primitive,
                  "пользовательский": user, "коллекция": collection}
        if all(values.get(key) == value for key, value in wanted.items()):
            _add(table, columns, *values.values())
    return table
