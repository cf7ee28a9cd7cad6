"""``ИнформацияОбОшибке()`` and the OneScript wording of ``ОписаниеОшибки()``: the error a
``Попытка`` caught, with the line it happened on.

OneScript words a run-time error ``{Модуль <absolute path> / Ошибка в строке: N / text}``
(``ОписаниеОшибки``, ``ПодробноеОписаниеОшибки``); ``Описание`` is the text alone.  A
``ВызватьИсключение`` without an argument raises the caught error again, with its first line.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from portinterp.bsl.runtime.compare import NOT_ORDERED
from portinterp.bsl.runtime.conversions import NOT_A_BOOLEAN
from portinterp.bsl.runtime.numbers import NOT_A_NUMBER
from portinterp.bsl.runtime.objects import (
    NO_FIELD,
    NOT_INDEXABLE,
    NOT_ITERABLE,
    BslObject,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import INDEX_OUT_OF_RANGE
from portinterp.errors import ProgramFault

# The platform's words for an error -> OneScript's, for the errors a handler catches in the
# OneScript dialect (each checked on OneScript 1.9.2).
ONESCRIPT_WORDS = {
    INDEX_OUT_OF_RANGE: "Значение индекса выходит за пределы диапазона",
    NOT_A_NUMBER: "Преобразование к типу 'Число' не поддерживается",
    NOT_A_BOOLEAN: "Преобразование к типу 'Булево' не поддерживается",
    NOT_ORDERED: "Сравнение на больше/меньше для данного типа не поддерживается",
    NOT_ITERABLE: "Значение не является значением объектного типа",
    NOT_INDEXABLE: "Значение не является значением объектного типа",
}


class CaughtError:
    """What ``Попытка`` caught: the text, and where it was raised (found when asked for: a
    handler in a loop pays for neither the traceback walk nor the file); the parameters of
    a parametrised exception (``ВызватьИсключение Новый ИнформацияОбОшибке(Текст, П)``)."""

    __slots__ = ("_line", "message", "parameters", "program", "traceback")

    def __init__(self, message: str, program: Any, traceback: Any,
                 parameters: Any = None) -> None:
        self.message = message
        self.program = program
        self.traceback = traceback
        self.parameters = parameters
        self._line: int | None = None

    @property
    def module(self) -> str:
        return os.path.abspath(self.program.filename) if self.program else "<program>"

    @property
    def line(self) -> int:
        if self._line is None:
            self._line = self.program._located(self.message, self.traceback).line if (
                self.program) else 0
            self.traceback = None
        return self._line

    @property
    def source_line(self) -> str:
        return _source_line(self.module, self.line)

    def onescript_text(self) -> str:
        return f"{{Модуль {self.module} / Ошибка в строке: {self.line} / {self.message}}}"


class ParametrizedFault(ProgramFault):
    """``ВызватьИсключение`` of an ``ИнформацияОбОшибке`` made with ``Новый``: its text and
    parameters (OneScript's ParametrizedRuntimeException)."""

    def __init__(self, message: str, parameters: Any) -> None:
        super().__init__(message)
        self.parameters = parameters


class Reraised(ProgramFault):
    """``ВызватьИсключение;`` in a handler: the caught error again, from its first place."""

    def __init__(self, caught: CaughtError) -> None:
        super().__init__(caught.message)
        self.caught = caught


def caught_error(fault: ProgramFault, program: Any, dialect: str) -> CaughtError:
    """What a handler caught, called in the handler: a fault the core made from a Python
    exception (an index past the end on a fast path) has no traceback of its own, the
    exception being handled has it."""
    if isinstance(fault, Reraised):
        return fault.caught
    message = ONESCRIPT_WORDS.get(fault.message, fault.message) if (
        dialect == "onescript") else fault.message
    return CaughtError(message, program, fault.__traceback__ or sys.exc_info()[2],
                       getattr(fault, "parameters", None))


def _source_line(module: str, line: int) -> str:
    try:
        lines = Path(module).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


class BslErrorInfo(BslObject):
    """``ИнформацияОбОшибке``: empty outside a handler."""

    __slots__ = ("caught", "template")
    type_name = "ИнформацияОбОшибке"
    spellings = spellings("ПодробноеОписаниеОшибки DetailErrorDescription detail")

    def __init__(self, caught: CaughtError | None, template: bool = False) -> None:
        self.caught = caught
        self.template = template  # made by Новый: ВызватьИсключение raises it

    def property(self, name: str, shown: str) -> Any:
        caught = self.caught
        fields = {
            "описание": caught.message if caught else "",
            "description": caught.message if caught else "",
            "номерстроки": caught.line if caught else 0,
            "linenumber": caught.line if caught else 0,
            "имямодуля": caught.module if caught else "",
            "modulename": caught.module if caught else "",
            "исходнаястрока": caught.source_line if caught else "",
            "sourceline": caught.source_line if caught else "",
            "причина": None, "cause": None,
            "параметры": caught.parameters if caught else None,
            "parameters": caught.parameters if caught else None,
        }
        if name not in fields:
            raise ProgramFault(NO_FIELD.format(shown))
        return fields[name]

    def bsl_detail(self) -> str:
        return self.caught.onescript_text() if self.caught else ""

    def brief(self) -> str:
        """``КраткоеПредставлениеОшибки``: the text."""
        return self.caught.message if self.caught else ""

    def detailed(self) -> str:
        """``ПодробноеПредставлениеОшибки``: OneScript's wording and the source line."""
        if self.caught is None:
            return ""
        return f"{self.caught.onescript_text()}    \n{self.caught.source_line}"


def new_error_info(runtime: Any, text: Any = None, parameters: Any = None) -> BslErrorInfo:
    """``Новый ИнформацияОбОшибке(Текст, Параметры)``: an exception to raise, with
    parameters (OneScript's ExceptionTemplate)."""
    message = "" if text is None else text if type(text) is str else str(text)
    return BslErrorInfo(CaughtError(message, None, None, parameters), template=True)


register_type("ИнформацияОбОшибке", "ErrorInfo", new_error_info)
