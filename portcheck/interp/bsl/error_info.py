"""``ИнформацияОбОшибке()`` and the OneScript wording of ``ОписаниеОшибки()``: the error a
``Попытка`` caught, with the line it happened on.

OneScript words a run-time error ``{Модуль <absolute path> / Ошибка в строке: N / text}``
(``ОписаниеОшибки``, ``ПодробноеОписаниеОшибки``); ``Описание`` is the text alone.  A
``ВызватьИсключение`` without an argument raises the caught error again, with its first line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from portcheck.interp.bsl.objects import NO_FIELD, BslObject, spellings
from portcheck.interp.errors import ProgramFault


class CaughtError:
    """What ``Попытка`` caught: the text and where it was raised."""

    __slots__ = ("line", "message", "module", "source_line")

    def __init__(self, message: str, module: str, line: int, source_line: str) -> None:
        self.message = message
        self.module = module
        self.line = line
        self.source_line = source_line

    def onescript_text(self) -> str:
        return f"{{Модуль {self.module} / Ошибка в строке: {self.line} / {self.message}}}"


class Reraised(ProgramFault):
    """``ВызватьИсключение;`` in a handler: the caught error again, from its first place."""

    def __init__(self, caught: CaughtError) -> None:
        super().__init__(caught.message)
        self.caught = caught


def caught_error(fault: ProgramFault, program: Any) -> CaughtError:
    if isinstance(fault, Reraised):
        return fault.caught
    module = os.path.abspath(program.filename) if program else "<program>"
    line = program._located(fault.message, fault.__traceback__).line if program else 0
    return CaughtError(fault.message, module, line, _source_line(module, line))


def _source_line(module: str, line: int) -> str:
    try:
        lines = Path(module).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


class BslErrorInfo(BslObject):
    """``ИнформацияОбОшибке``: empty outside a handler."""

    __slots__ = ("caught",)
    type_name = "ИнформацияОбОшибке"
    spellings = spellings("ПодробноеОписаниеОшибки DetailErrorDescription detail")

    def __init__(self, caught: CaughtError | None) -> None:
        self.caught = caught

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
            "причина": None, "cause": None, "параметры": None, "parameters": None,
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
