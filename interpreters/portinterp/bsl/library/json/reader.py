"""``ЧтениеJSON`` and ``ПрочитатьJSON`` as OneScript 1.9.2 has them (JSONReader.cs,
GlobalJsonFunctions.cs): a token reader over a string or a file, and the reading of one value
into Массив / Структура (or Соответствие) / Число / Строка / Булево / Дата / Неопределено."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from portinterp.bsl.library.json.lexer import JsonError, JsonLexer
from portinterp.bsl.library.names_media import JSON_VALUE_TYPE, member
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslMap, BslStructure
from portinterp.errors import ProgramFault

NOT_OPEN = "Источник данных JSON не открыт"
NO_VALUE = "Текущее значение JSON не может быть получено"
BAD_STATE = "Недопустимое состояние потока чтения JSON в строке {} позиции {}{}"
BAD_KEY = "Задано неправильное имя атрибута структуры"
IDENTIFIER = re.compile(r"[^\W\d]\w*")
VALUE_TYPES = {
    "null": "Null", "start_object": "НачалоОбъекта", "start_array": "НачалоМассива",
    "property": "ИмяСвойства", "comment": "Комментарий", "number": "Число", "string": "Строка",
    "boolean": "Булево", "end_object": "КонецОбъекта", "end_array": "КонецМассива",
    "date": "Ничего"}  # OneScript lists no type for a date token
VALUED = ("string", "comment", "property", "number", "boolean", "date", "null")


def text_argument(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault("Неверный тип аргумента")
    return value


class JsonReader(BslObject):
    __slots__ = ("lexer",)
    type_name = "ЧтениеJSON"
    spellings = spellings("УстановитьСтроку SetString setstring",
                          "ОткрытьФайл OpenFile openfile", "Закрыть Close close",
                          "Прочитать Read read", "Пропустить Skip skip")
    FIELDS: ClassVar[dict[str, str]] = {
        "текущаяпозиция": "position", "currentposition": "position",
        "текущаястрока": "line", "currentline": "line",
        "текущеезначение": "value", "currentvalue": "value",
        "типтекущегозначения": "value_type", "currentvaluetype": "value_type"}

    def __init__(self) -> None:
        self.lexer: JsonLexer | None = None

    def open_lexer(self) -> JsonLexer:
        if self.lexer is None:
            raise ProgramFault(NOT_OPEN)
        return self.lexer

    def bsl_setstring(self, text: Any) -> None:
        self.lexer = JsonLexer(text_argument(text))

    def bsl_openfile(self, path: Any, encoding: Any = None) -> None:
        from portinterp.bsl.library.files.text_files import read_text_file

        self.lexer = JsonLexer(read_text_file(text_argument(path), encoding))

    def bsl_close(self) -> None:
        self.lexer = None

    def bsl_read(self) -> bool:
        return self.open_lexer().read()

    def bsl_skip(self) -> bool:
        lexer = self.open_lexer()
        lexer.skip()
        return lexer.read()

    def property(self, name: str, shown: str) -> Any:
        field = self.FIELDS.get(name)
        if field is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, "_" + field)()

    def property_names(self) -> list[str]:
        return ["ТекущаяПозиция", "ТекущаяСтрока", "ТекущееЗначение", "ТипТекущегоЗначения"]

    def _position(self) -> int | None:
        return None if self.lexer is None else self.lexer.column

    def _line(self) -> int | None:
        return None if self.lexer is None else self.lexer.line

    def _value(self) -> Any:
        lexer = self.open_lexer()
        if lexer.finished or lexer.kind not in VALUED:
            raise ProgramFault(NO_VALUE)
        return lexer.value

    def _value_type(self) -> Any:
        lexer = self.open_lexer()
        name = "Ничего" if lexer.finished else VALUE_TYPES.get(lexer.kind or "", "Ничего")
        return member(JSON_VALUE_TYPE, name)


def read_json(reader: Any, to_map: Any = False) -> Any:
    """``ПрочитатьJSON(Чтение, ВСоответствие)``: one value; Newtonsoft's errors come with the
    place, as OneScript words them."""
    if not isinstance(reader, JsonReader):
        raise ProgramFault("Неверный тип аргумента")
    lexer = reader.open_lexer()
    try:
        found, value = _read_value(lexer, to_map is True)
    except JsonError as error:
        raise _bad_state(lexer, error.message) from None
    except ProgramFault as error:
        if error.message != BAD_KEY:
            raise
        raise _bad_state(lexer, error.message) from None
    if not found:
        raise _bad_state(lexer, "")
    return value


def _bad_state(lexer: JsonLexer, message: str) -> ProgramFault:
    addition = f"\n({message})" if message.strip() else ""
    return ProgramFault(BAD_STATE.format(lexer.line, lexer.column, addition))


def _next_token(lexer: JsonLexer) -> str | None:
    while lexer.read():
        if lexer.kind != "comment":
            return lexer.kind
    return None


def _read_value(lexer: JsonLexer, to_map: bool) -> tuple[bool, Any]:
    kind = _next_token(lexer)
    if kind == "start_object":
        return _read_object(lexer, to_map)
    if kind == "start_array":
        items: list[Any] = []
        while True:
            found, value = _read_value(lexer, to_map)
            if not found:
                return lexer.kind == "end_array" and not lexer.finished, BslArray(items)
            items.append(value)
    if kind in (None, "end_array", "end_object"):
        return False, None
    return True, lexer.value


def _read_object(lexer: JsonLexer, to_map: bool) -> tuple[bool, Any]:
    target: Any = BslMap() if to_map else BslStructure()
    while _next_token(lexer) == "property":
        name = lexer.value
        found, value = _read_value(lexer, to_map)
        if not found:
            return False, None
        if not to_map and IDENTIFIER.fullmatch(name) is None:
            raise ProgramFault(BAD_KEY)
        target.bsl_insert(name, value)
    return lexer.kind == "end_object" and not lexer.finished, target


def _new_reader(runtime: Any) -> JsonReader:
    return JsonReader()


register_type("ЧтениеJSON", "JSONReader", _new_reader)
