"""``Консоль`` as OneScript 1.9.2 has it (``ConsoleContext.cs``) for a program whose input and
output are redirected, as portcheck runs it: ``ПрочитатьСтроку`` (a line of the standard
input, Неопределено at its end), ``Вывести``/``ВывестиСтроку`` (to the output, where
``Сообщить`` writes), ``Очистить`` and ``Сигнал`` (nothing on a redirected output),
``ЦветТекста``/``ЦветФона`` (``ЦветКонсоли.Черный``: setting them changes nothing there).
Checked on OneScript 1.9.2 with redirected streams (``onescript/console_lines.bsl``).  The
streams (``ОткрытьСтандартныйПотокВвода``, ``УстановитьПотокВывода``…) and the encodings are
``console_streams``'s."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    BslObject,
    EnumValue,
    register_type,
    spellings,
)

_COLOURS = {"цветтекста", "textcolor", "цветфона", "backgroundcolor"}


class Console(BslObject):
    """``Консоль``: one per run."""

    __slots__ = ("encodings", "original", "runtime")
    type_name = "Консоль"
    spellings = spellings("ПрочитатьСтроку ReadLine readline", "Вывести Write write",
                          "ВывестиСтроку WriteLine writeline", "Очистить Clear clear",
                          "Сигнал Beep beep",
                          "ОткрытьСтандартныйПотокВвода OpenStandardInput openstandardinput",
                          "ОткрытьСтандартныйПотокВывода OpenStandardOutput openstandardoutput",
                          "УстановитьПотокВывода SetOutput setoutput")

    def __init__(self, runtime: Any) -> None:
        from portinterp.bsl.library.console_streams import default_encodings

        self.runtime = runtime
        self.original = runtime.stdout  # the standard output, whatever УстановитьПотокВывода
        self.encodings = default_encodings()

    def bsl_openstandardinput(self) -> Any:
        from portinterp.bsl.library.console_streams import open_input

        return open_input(self.runtime)

    def bsl_openstandardoutput(self) -> Any:
        from portinterp.bsl.library.console_streams import open_output

        return open_output(self)

    def bsl_setoutput(self, stream: Any) -> None:
        from portinterp.bsl.library.console_streams import set_output

        set_output(self, stream)

    def _text(self, value: Any) -> str:
        return value if type(value) is str else to_string(value, self.runtime.dialect)

    def bsl_readline(self) -> str | None:
        line = self.runtime.stdin.readline()
        return line.removesuffix("\n").removesuffix("\r") if line else None

    def bsl_write(self, text: Any) -> None:
        self.runtime.write(self._text(text))

    def bsl_writeline(self, text: Any) -> None:
        self.runtime.write(self._text(text) + "\n")

    def bsl_clear(self) -> None:
        """A redirected output is not cleared."""

    def bsl_beep(self, *args: Any) -> None:
        """No sound on a redirected output."""

    def property(self, name: str, shown: str) -> Any:
        if name in _COLOURS:
            return EnumValue("ЦветКонсоли", "Черный")
        from portinterp.bsl.library.console_streams import encoding_property

        return encoding_property(self, name, shown)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name not in _COLOURS:
            from portinterp.bsl.library.console_streams import encoding_property

            encoding_property(self, name, shown, value, setting=True)


def console(runtime: Any) -> Console:
    made = runtime.__dict__.get("_console")
    if made is None:
        made = runtime.__dict__["_console"] = Console(runtime)
    return made  # type: ignore[no-any-return]


register_type("Консоль", "Console")
