"""Scripts as objects, as OneScript has them: ``ПодключитьСценарий(Путь, ИмяТипа)`` makes a
module a type (``Новый ИмяТипа(…)`` runs its body, then ``ПриСозданииОбъекта(…)``),
``ЗагрузитьСценарий(Путь)`` makes one object at once; the object's methods are the module's
exported procedures, its properties the exported module variables.  Also
``ТекущийСценарий()`` (``Источник``, ``Каталог``) and ``ОбъединитьПути`` (``Файл`` is
``files/file_object.py``'s).

A loaded module is compiled by the runtime's ``compile_script`` (``bsl.platform``: the
front-end's ``script_compiler``, with the dispatcher of ``this_object``: its procedures
called by name); each object runs in a namespace of its own (``Program`` instances share
nothing).
Scripts run inside the program's sandbox: they read a file, nothing more.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from portinterp.bsl.library.file_guard import allowed
from portinterp.bsl.library.this_object import DISPATCHER_FUNCTION, TAG
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type
from portinterp.bsl.runtime.values import BslArray
from portinterp.core.program import Program
from portinterp.errors import ProgramFault


def calling_module(frame: Any) -> str:
    """The absolute path of the module whose compiled code runs in ``frame`` or below it."""
    while frame is not None:
        match = TAG.match(str(frame.f_globals.get("__name__", "")))
        if match:
            return os.path.abspath(match.group(1))
        frame = frame.f_back  # type: ignore[assignment]
    return os.path.abspath("<program>")


class ScriptInfo(BslObject):
    __slots__ = ("path",)
    type_name = "ИнформацияОСценарии"

    def __init__(self, path: str) -> None:
        self.path = path

    def property(self, name: str, shown: str) -> Any:
        if name in ("источник", "source"):
            return self.path
        if name in ("каталог", "path"):
            return os.path.dirname(self.path)
        raise ProgramFault(NO_FIELD.format(shown))


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault("Неверный тип аргумента")
    return value


@dataclass(frozen=True)
class LoadedModule:
    """A compiled script: its program, the signatures of its procedures (lower-case name ->
    ``frontend.scope.Signature``), its exported procedures and variables (lower-case name ->
    the name as written)."""

    program: Program
    signatures: dict[str, Any]
    exported_procs: set[str]
    exported_vars: dict[str, str]
    text: str = ""  # the module's text (``Рефлектор`` reads its declarations)

    def shape(self) -> Any:
        """Its declarations as ``Рефлектор`` shows them (``module_shape``)."""
        from portinterp.bsl.library.module_shape import module_shape

        return module_shape(self.text)


class ScriptObject(BslObject):
    """An object of a loaded script."""

    __slots__ = ("module", "name", "namespace")

    def __init__(self, module: LoadedModule, name: str, runtime: Any, args: tuple[Any, ...],
                 preset: dict[str, Any] | None = None):
        """``preset``: module variables given values before the body runs (the external
        context of ``ЗагрузитьСценарийИзСтроки``)."""
        self.module, self.name = module, name
        self.namespace = module.program._namespace(runtime)
        for key, value in (preset or {}).items():
            self.namespace["v_" + re.sub(r"\W", "_", key.lower())] = value
        self.namespace["main_"]()
        constructor = module.signatures.get("присозданииобъекта")
        if constructor is None:
            if args:
                raise ProgramFault("Конструктор не определен")
            return
        params = constructor.params
        required, given = sum(1 for p in params if p.default is None), len(args)
        if given > len(params) or given < required:
            raise ProgramFault(f"Параметры конструктора: необходимых параметров: {required}, "
                               f"передано параметров {given}")
        values = list(args)
        for n, param in enumerate(params):
            missing = n >= given or values[n] is None
            if missing and param.default is None:
                raise ProgramFault("Недостаточно фактических параметров")
            if n < given and values[n] is None:
                values[n] = param.default.value  # type: ignore[union-attr]
        self.call("присозданииобъекта", values)

    @property  # type: ignore[override]
    def type_name(self) -> str:
        return self.name

    def call(self, key: str, args: list[Any]) -> Any:
        given = args if isinstance(args, BslArray) else BslArray(args)  # Рефлектор's own
        return self.namespace[DISPATCHER_FUNCTION](key, given)

    def bsl_method(self, canonical: str) -> Any:
        if canonical not in self.module.exported_procs:
            return None
        return lambda *args: self.call(canonical, list(args))

    def _variable(self, name: str, shown: str) -> str:
        if name not in self.module.exported_vars:
            raise ProgramFault(NO_FIELD.format(shown))
        return "v_" + re.sub(r"\W", "_", name)  # core.names.Names' identifier of a variable

    def property(self, name: str, shown: str) -> Any:
        return self.namespace.get(self._variable(name, shown))

    def set_property(self, name: str, shown: str, value: Any) -> None:
        self.namespace[self._variable(name, shown)] = value

    def presentation(self) -> str:
        """``ОбработкаПолученияПредставления(Строка, СтандартнаяОбработка)`` may give it."""
        if "обработкаполученияпредставления" not in self.module.signatures:
            return self.name
        args = BslArray([self.name, True])
        self.namespace[DISPATCHER_FUNCTION]("обработкаполученияпредставления", args)
        text, standard = args.items
        return self.name if standard is True else str(text)


def loaded_module(runtime: Any, path: str) -> LoadedModule:
    """A script compiled once per run (a script loading itself recurses into the stack's
    limit quickly instead of compiling again at every level)."""
    modules = runtime.__dict__.setdefault("_loaded_modules", {})
    if path not in modules:
        modules[path] = runtime.compile_script(allowed(path))
    return modules[path]  # type: ignore[no-any-return]


def attach_script(runtime: Any, path: Any, name: Any) -> None:
    """``ПодключитьСценарий``: the type is the runtime's (one run's) own."""
    path, name = os.path.abspath(_text(path)), _text(name)
    types = runtime.script_types
    known = types.get(name.lower())
    if known is not None and known[1].program.filename != path:
        raise ProgramFault(f"Тип уже зарегистрирован ({name})")
    types[name.lower()] = (name, loaded_module(runtime, path))


def load_script(runtime: Any, path: Any) -> ScriptObject:
    module = loaded_module(runtime, os.path.abspath(_text(path)))
    return ScriptObject(module, "Сценарий", runtime, ())


def combine_path(*parts: Any) -> str:
    return os.path.join(*[_text(part) for part in parts])


register_type("ИнформацияОСценарии", "ScriptInformation")
