"""``ЗаписьJSON``, ``ПараметрыЗаписиJSON`` and ``ЗаписатьJSON`` as OneScript 1.9.2 has them
(JSONWriter.cs over Newtonsoft's ``JsonTextWriter``): indented output with no indent by
default (each value on its own line, ``"name": value``), the line break of
``ПереносСтрокJSON`` (none: one line, no spaces), a string escaped by OneScript's own
``EscapeCharacters`` (control characters as ``\\u00xx``; in ``СимволыВнеASCII`` mode the
``\\uXXXX`` Newtonsoft writes is escaped once more: ``\\\\u0421``, as OneScript does),
property names escaped by Newtonsoft, whole numbers without a decimal point, dates in ISO."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar

from portinterp.bsl.library.names_media import JSON_ESCAPE, JSON_LINE_BREAK, member
from portinterp.bsl.runtime.formatting import onescript_presentation, to_string
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslMap, BslStructure
from portinterp.errors import ProgramFault

NOT_OPEN = "Приемник данных JSON не открыт"
NOT_SUPPORTED = "Запись значения типа {} не поддерживается."
SHORT_ESCAPES = {"\r": "\\r", "\n": "\\n", "\f": "\\f", '"': '\\"', "\b": "\\b", "\t": "\\t",
                 "\\": "\\\\"}
SETTING_NAMES = ("ПереносСтрок", "СимволыОтступа", "ИспользоватьДвойныеКавычки",
                 "ЭкранированиеСимволов", "ЭкранироватьУгловыеСкобки",
                 "ЭкранироватьРазделителиСтрок", "ЭкранироватьАмперсанд",
                 "ЭкранироватьОдинарныеКавычки", "ЭкранироватьСлеш")
SETTING_FIELDS = dict(zip(
    [name.lower() for name in SETTING_NAMES]
    + ["newlines", "paddingsymbols", "usedoublequotes", "escapecharacters",
       "escapeanglebrackets", "escapelineterminators", "escapeampersand",
       "escapesinglequotes", "escapeslash"],
    list(range(9)) * 2, strict=True))
DEFAULTS = (None, None, True, None, False, True, False, False, False)


class JsonWriterSettings(BslObject):
    __slots__ = ("values",)
    type_name = "ПараметрыЗаписиJSON"

    def __init__(self, *given: Any) -> None:
        values = [DEFAULTS[i] if i >= len(given) or given[i] is None else given[i]
                  for i in range(9)]
        for i in (2, 4, 5, 6, 7, 8):
            if type(values[i]) is not bool:
                raise ProgramFault("Неверный тип аргумента")
        if values[1] is not None:
            values[1] = to_string(values[1], "onescript")
        self.values = tuple(values)

    def property(self, name: str, shown: str) -> Any:
        if name not in SETTING_FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        return self.values[SETTING_FIELDS[name]]

    def property_names(self) -> list[str]:
        return list(SETTING_NAMES)


class Output:
    """Newtonsoft's ``JsonTextWriter`` state: open containers, commas, indents."""

    def __init__(self, settings: JsonWriterSettings) -> None:
        new_lines, padding, double_quotes, escape = settings.values[:4]
        self.settings = settings
        self.parts: list[str] = []
        self.stack: list[list[Any]] = []  # [kind "{"/"[", items written]
        self.after_name = False
        self.indented = new_lines != member(JSON_LINE_BREAK, "Нет")
        self.new_line = "\r\n" if new_lines == member(JSON_LINE_BREAK, "Windows") else "\n"
        self.indent = padding[0] * 1 if padding else ""
        self.non_ascii = escape == member(JSON_ESCAPE, "СимволыВнеASCII")
        self.quote = '"' if double_quotes or self.non_ascii else "'"

    def _newline(self) -> None:
        if self.indented:
            self.parts.append(self.new_line + self.indent * len(self.stack))

    def before_value(self, token: str) -> None:
        if self.after_name:
            self.after_name = False
            if self.indented:
                self.parts.append(" ")
            return
        if self.stack and self.stack[-1][0] == "{":
            raise ProgramFault(f"Token {token} in state Object would result in an invalid "
                               "JSON object.")
        if self.stack:
            if self.stack[-1][1]:
                self.parts.append(",")
            self.stack[-1][1] += 1
            self._newline()

    def value(self, text: str, token: str = "Raw") -> None:
        self.before_value(token)
        self.parts.append(text)

    def start(self, kind: str) -> None:
        self.value(kind, "StartObject" if kind == "{" else "StartArray")
        self.stack.append([kind, 0])

    def name(self, name: str) -> None:
        if not self.stack or self.stack[-1][0] != "{" or self.after_name:
            raise ProgramFault("Token PropertyName in state "
                               f"{'Property' if self.after_name else 'Start'} would result "
                               "in an invalid JSON object.")
        if self.stack[-1][1]:
            self.parts.append(",")
        self.stack[-1][1] += 1
        self._newline()
        self.parts.append(self.quote + newtonsoft_escape(name, self.quote, self.non_ascii)
                          + self.quote + ":")
        self.after_name = True

    def end(self, kind: str) -> None:
        kinds = [entry[0] for entry in self.stack]
        if kind not in kinds:
            raise ProgramFault("No token to close.")
        while True:
            if self.after_name:
                self.value("null")
            closed, count = self.stack.pop()
            if count:
                self._newline()
            self.parts.append("}" if closed == "{" else "]")
            if closed == kind:
                return


def newtonsoft_escape(text: str, quote: str, non_ascii: bool) -> str:
    """Newtonsoft's default escaping (property names; strings in СимволыВнеASCII mode)."""
    out = []
    for char in text:
        code = ord(char)
        if char in "\b\t\n\f\r" or char == "\\" or char == quote:
            out.append(SHORT_ESCAPES.get(char, "\\" + char))
        elif code < 32 or char in "\x85\u2028\u2029" or (non_ascii and code > 127):
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


class JsonWriter(BslObject):
    __slots__ = ("file", "output", "to_string")
    type_name = "ЗаписьJSON"
    spellings = spellings(
        "УстановитьСтроку SetString setstring", "ОткрытьФайл OpenFile openfile",
        "Закрыть Close close", "ЗаписатьБезОбработки WriteRaw writeraw",
        "ЗаписатьЗначение WriteValue writevalue",
        "ЗаписатьИмяСвойства WritePropertyName writepropertyname",
        "ЗаписатьНачалоМассива WriteStartArray writestartarray",
        "ЗаписатьКонецМассива WriteEndArray writeendarray",
        "ЗаписатьНачалоОбъекта WriteStartObject writestartobject",
        "ЗаписатьКонецОбъекта WriteEndObject writeendobject")
    ESCAPED: ClassVar[dict[int, str]] = {4: "<", 6: "&", 8: "/"}

    def __init__(self) -> None:
        self.output: Output | None = None
        self.to_string = False
        self.file: tuple[str, str, bool] | None = None

    def _open(self) -> Output:
        if self.output is None:
            raise ProgramFault(NOT_OPEN)
        return self.output

    def bsl_setstring(self, settings: Any = None) -> None:
        self.bsl_close()
        self.output = Output(_settings(settings))
        self.to_string = True

    def bsl_openfile(self, path: Any, encoding: Any = None, bom: Any = None,
                     settings: Any = None) -> None:
        from portinterp.bsl.library.files.text_files import check_writable, python_encoding

        target = to_string(path, "onescript")
        chosen = python_encoding(encoding, bom is True)
        check_writable(target)
        self.bsl_close()
        self.output = Output(_settings(settings))
        self.file = (target, chosen, bom is True)

    def bsl_close(self) -> str:
        output, self.output = self.output, None
        text = "" if output is None else "".join(output.parts)
        if self.file is not None and output is not None:
            from portinterp.bsl.library.files.text_files import write_text_file

            write_text_file(self.file[0], text, self.file[1])
        self.file = None
        was_string, self.to_string = self.to_string, False
        return text if was_string else ""

    def bsl_writeraw(self, text: Any) -> None:
        self._open().parts.append(to_string(text, "onescript"))

    def bsl_writepropertyname(self, name: Any) -> None:
        self._open().name(to_string(name, "onescript"))

    def bsl_writestartobject(self) -> None:
        self._open().start("{")

    def bsl_writestartarray(self) -> None:
        self._open().start("[")

    def bsl_writeendobject(self) -> None:
        self._open().end("{")

    def bsl_writeendarray(self) -> None:
        self._open().end("[")

    def bsl_writevalue(self, value: Any = None, exponent: Any = False) -> None:
        output = self._open()
        output.value(self._literal(output, value, exponent is True))

    def _literal(self, output: Output, value: Any, exponent: bool) -> str:
        kind = type(value)
        if kind is str:
            return self._string(output, value)
        if kind is bool:
            return "true" if value else "false"
        if value is None:
            return "null"
        if kind is int or kind is Decimal:
            return _number(value, exponent)
        if kind is datetime:
            return output.quote + value.strftime("%Y-%m-%dT%H:%M:%S") + output.quote
        raise ProgramFault(NOT_SUPPORTED.format("Object"))

    def _string(self, output: Output, text: str) -> str:
        if output.non_ascii:
            text = newtonsoft_escape(text, '"', True)
            return output.quote + onescript_escape(text, output, slash=False) + output.quote
        slash = output.settings.values[8]
        return output.quote + onescript_escape(text, output, slash) + output.quote


def onescript_escape(text: str, output: Output, slash: bool) -> str:
    """OneScript's ``EscapeCharacters`` (JSONWriter.cs), character by character."""
    values = output.settings.values
    out = []
    for char in text:
        if slash and char == "/":
            out.append("\\/")
        elif values[6] and char == "&":
            out.append("\\&")
        elif (values[7] or not values[2]) and char == "'":
            out.append("\\u0027")
        elif values[4] and char in "<>":
            out.append("\\u003C" if char == "<" else "\\u003E")
        elif char in SHORT_ESCAPES:
            out.append(SHORT_ESCAPES[char])
        elif ord(char) < 32:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def _number(value: int | Decimal, exponent: bool) -> str:
    if value == int(value):
        whole = int(value)
        if not -(2**63) <= whole < 2**63:
            raise ProgramFault("Value was either too large or too small for an Int64.")
        return f"{whole:.6E}".replace("E+", "E+0").replace("E-", "E-0") if exponent \
            else str(whole)
    if exponent:
        return f"{value:.6E}".replace("E+", "E+0").replace("E-", "E-0")
    return onescript_presentation(value)


def _settings(settings: Any) -> JsonWriterSettings:
    if settings is None:
        return JsonWriterSettings()
    if not isinstance(settings, JsonWriterSettings):
        raise ProgramFault("Неверный тип аргумента")
    return settings


def write_json(writer: Any, value: Any) -> None:
    """``ЗаписатьJSON(Запись, Значение)``: collections recursively, the rest as values."""
    if not isinstance(writer, JsonWriter):
        raise ProgramFault("Неверный тип аргумента")
    items = _items(value)
    if items is None:
        writer.bsl_writevalue(value)
    elif isinstance(items, list):
        writer.bsl_writestartarray()
        for item in items:
            write_json(writer, item)
        writer.bsl_writeendarray()
    else:
        writer.bsl_writestartobject()
        for key, item in items:
            writer.bsl_writepropertyname(to_string(key, "onescript"))
            write_json(writer, item)
        writer.bsl_writeendobject()


def _items(value: Any) -> list[Any] | tuple[tuple[Any, Any], ...] | None:
    """A list for an array, pairs for a structure or map (fixed ones too), else None."""
    from portinterp.bsl.library.collections.fixed import FixedArray, FixedMap, FixedStructure

    if isinstance(value, FixedArray):
        value = value.array
    if isinstance(value, BslArray):
        return list(value.items)
    if isinstance(value, FixedStructure | FixedMap | BslStructure | BslMap):
        return tuple((pair.key, pair.value) for pair in value.iterate())
    return None


def _new_writer(runtime: Any) -> JsonWriter:
    return JsonWriter()


def _new_settings(runtime: Any, *given: Any) -> JsonWriterSettings:
    if len(given) > 9:
        raise ProgramFault("Слишком много фактических параметров (ПараметрыЗаписиJSON)")
    return JsonWriterSettings(*given)


register_type("ЗаписьJSON", "JSONWriter", _new_writer)
register_type("ПараметрыЗаписиJSON", "JSONWriterSettings", _new_settings)
