"""Events as OneScript 1.9.2 has them: ``ДобавитьОбработчик Источник.Событие, Обработчик``,
``УдалитьОбработчик …`` (statements, ``frontend.lower_stmts``) and a module object's hidden
``ВызватьСобытие(ИмяСобытия, Параметры)``, which calls every handler of that event of that
object with the array's items as arguments (without the array it fails, handlers or not, with
.NET's ``NullReferenceException``, as on OneScript 1.9.2).

A handler is ``Объект.Метод`` — an object's method, which must exist (and, of a script, be
exported) when the handler is added: else «Метод объекта не обнаружен (…)» there — or a bare
``Метод`` of the module the statement is in, exported or not (a variable of that name does
not hide it).  Handlers are kept per object (the module instance of a script object; any
value may be a source) and event name (case-insensitive), in the order added; one added
twice is kept once, ``УдалитьОбработчик`` removes it.  As on OneScript 1.9.2: once an
object has a handler of some event, raising or removing an event it has none of is .NET's
``KeyNotFoundException``; a handler's object that is no script is «Неверный тип аргумента
'handlerTarget'»; a missing method is «Метод объекта не обнаружен ({модуль}::Метод)».
Checked on OneScript 1.9.2 (``onescript/events.bsl``).

Not as OneScript 1.9.2: there a handler of a second event of an object that has a handler
already is dropped (raising that event is then the ``KeyNotFoundException``); here it is
added, as a 1C programmer expects.
"""

from __future__ import annotations

import os
from typing import Any

from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

NO_METHOD = "Метод объекта не обнаружен ({})"


def _key(source: Any) -> int:
    """Which object: a script's instance by its module's variables (``ЭтотОбъект`` inside it
    and the object outside share them), any other value by itself."""
    return id(getattr(source, "namespace", source))


def _table(runtime: Any) -> dict[int, tuple[Any, dict[str, list[tuple[Any, str, Any]]]]]:
    table = runtime.__dict__.get("_event_handlers")
    if table is None:
        table = runtime.__dict__["_event_handlers"] = {}
    return table  # type: ignore[no-any-return]


def _text(value: Any) -> str:
    return value if type(value) is str else to_string(value, "onescript")


def _module_path(target: Any) -> str:
    from portinterp.bsl.library.this_object import TAG

    match = TAG.match(str(getattr(target, "namespace", {}).get("__name__", "")))
    return os.path.abspath(match.group(1)) if match else ""


def _call(runtime: Any, target: Any, shown: str, own: bool) -> Any:
    """The handler's call: a method of this module (any), or a script object's exported
    method («Метод объекта не обнаружен ({модуль}::Метод)» where it has none, OneScript's
    words; an object that is no script's: «Неверный тип аргумента 'handlerTarget'»)."""
    from portinterp.bsl.library.scripts import ScriptObject
    from portinterp.bsl.library.this_object import ModuleObject

    lower = shown.lower()
    if not isinstance(target, (ModuleObject, ScriptObject)):
        raise ProgramFault("Неверный тип аргумента 'handlerTarget'")
    if not own and not _exported(target, lower):
        raise ProgramFault(NO_METHOD.format(f"{{{_module_path(target)}}}::{shown}"))
    return lambda args: target.call(lower, BslArray(list(args)))


def _exported(target: Any, lower: str) -> bool:
    exported = getattr(target, "exported", None)
    if exported is not None:
        return bool(exported(lower))
    return lower in target.module.exported_procs


def add_handler(runtime: Any, source: Any, event: str, target: Any, shown: str,
                own: bool) -> None:
    call = _call(runtime, target, shown, own)
    handlers = _table(runtime).setdefault(_key(source), (source, {}))[1]
    listed = handlers.setdefault(event.lower(), [])
    if all((whose, method) != (_key(target), shown.lower()) for whose, method, _ in listed):
        listed.append((_key(target), shown.lower(), call))  # once, however often added


def _listed(runtime: Any, source: Any, event: str) -> list[tuple[Any, str, Any]] | None:
    """The handlers of ``event`` of ``source``; None when it has none of any event.  An
    event the object has no entry for, when it has some, is OneScript's
    ``KeyNotFoundException``."""
    entry = _table(runtime).get(_key(source))
    if entry is None:
        return None
    listed = entry[1].get(event.lower())
    if listed is None:
        raise ProgramFault("Внешнее исключение (System.Collections.Generic."
                           f"KeyNotFoundException): The given key '{event}' was not present "
                           "in the dictionary.")
    return listed


def remove_handler(runtime: Any, source: Any, event: str, target: Any, shown: str,
                   own: bool) -> None:
    listed = _listed(runtime, source, event) or []
    for n, (whose, method, _call_it) in enumerate(listed):
        if whose == _key(target) and method == shown.lower():
            del listed[n]
            return


def raise_event(runtime: Any, source: Any, event: Any = None, parameters: Any = None) -> None:
    """``ВызватьСобытие(ИмяСобытия, Параметры)`` of the module object ``source``."""
    if event is None:
        raise ProgramFault("Недостаточно фактических параметров (ВызватьСобытие)")
    if parameters is None:  # OneScript 1.9.2 passes no array on: it always fails so
        raise ProgramFault("Внешнее исключение (System.NullReferenceException): Object "
                           "reference not set to an instance of an object")
    if not isinstance(parameters, BslArray):
        raise ProgramFault("Неверный тип аргумента")
    args = list(parameters.items)
    for _whose, _method, call in list(_listed(runtime, source, _text(event)) or []):
        call(args)
