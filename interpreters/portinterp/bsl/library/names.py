"""What the global context of 1C offers the checker: functions, methods, types, enums.

Each built-in has a canonical (English, lower-case) name; the runtime implements it as
``prim_f_<canonical>``.  Russian and English spellings both map to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from portinterp.bsl.library.bitwise import BITWISE_BUILTINS
from portinterp.bsl.library.eval_prims import EVAL_BUILTINS
from portinterp.bsl.library.names_globals import GLOBAL_BUILTINS, GLOBAL_ENUMS
from portinterp.bsl.library.names_media import MEDIA_BUILTINS, MEDIA_ENUMS
from portinterp.bsl.library.names_objects import OBJECT_BUILTINS, OBJECT_ENUMS
from portinterp.bsl.runtime.objects import enumeration

MANY = 99


@dataclass(frozen=True)
class Builtin:
    canonical: str
    min_args: int
    max_args: int
    is_function: bool = True


def _table(rows: list[tuple[str, str, str, int, int]]) -> dict[str, Builtin]:
    table: dict[str, Builtin] = {}
    for russian, english, canonical, low, high in rows:
        builtin = Builtin(canonical, low, high, canonical != "message")
        table[russian.lower()] = builtin
        table[english.lower()] = builtin
    return table


BUILTINS = _table([
    ("Сообщить", "Message", "message", 1, 2),
    ("Строка", "String", "string", 1, 1),
    ("Число", "Number", "number", 1, 1),
    ("Булево", "Boolean", "boolean", 1, 1),
    ("СтрДлина", "StrLen", "strlen", 1, 1),
    ("Сред", "Mid", "mid", 2, 3),
    ("Лев", "Left", "left", 2, 2),
    ("Прав", "Right", "right", 2, 2),
    ("ВРег", "Upper", "upper", 1, 1),
    ("НРег", "Lower", "lower", 1, 1),
    ("ТРег", "Title", "title", 1, 1),
    ("СокрЛП", "TrimAll", "trimall", 1, 1),
    ("СокрЛ", "TrimL", "triml", 1, 1),
    ("СокрП", "TrimR", "trimr", 1, 1),
    ("СтрНайти", "StrFind", "strfind", 2, 5),
    ("Найти", "Find", "find", 2, 2),
    ("СтрЗаменить", "StrReplace", "strreplace", 3, 3),
    ("СтрЧислоВхождений", "StrOccurrenceCount", "stroccurrencecount", 2, 2),
    ("СтрНачинаетсяС", "StrStartsWith", "strstartswith", 2, 2),
    ("СтрЗаканчиваетсяНа", "StrEndsWith", "strendswith", 2, 2),
    ("СтрРазделить", "StrSplit", "strsplit", 2, 3),
    ("СтрСоединить", "StrConcat", "strconcat", 1, 2),
    ("СтрЧислоСтрок", "StrLineCount", "strlinecount", 1, 1),
    ("СтрПолучитьСтроку", "StrGetLine", "strgetline", 2, 2),
    ("СтрШаблон", "StrTemplate", "strtemplate", 1, 11),
    ("НСтр", "NStr", "nstr", 1, 2),
    ("СтрСравнить", "StrCompare", "strcompare", 2, 2),
    ("ПустаяСтрока", "IsBlankString", "isblankstring", 1, 1),
    ("Символ", "Char", "char", 1, 1),
    ("КодСимвола", "CharCode", "charcode", 1, 2),
    ("Макс", "Max", "max", 1, MANY),
    ("Мин", "Min", "min", 1, MANY),
    ("Цел", "Int", "int", 1, 1),
    ("Окр", "Round", "round", 1, 3),
    ("Pow", "Pow", "pow", 2, 2),
    ("Sqrt", "Sqrt", "sqrt", 1, 1),
    ("Exp", "Exp", "exp", 1, 1),
    ("Log", "Log", "log", 1, 1),
    ("Log10", "Log10", "log10", 1, 1),
    ("Sin", "Sin", "sin", 1, 1),
    ("Cos", "Cos", "cos", 1, 1),
    ("Tan", "Tan", "tan", 1, 1),
    ("ASin", "ASin", "asin", 1, 1),
    ("ACos", "ACos", "acos", 1, 1),
    ("ATan", "ATan", "atan", 1, 1),
    ("Формат", "Format", "format", 1, 2),
    ("Дата", "Date", "date", 1, 6),
    ("Год", "Year", "year", 1, 1),
    ("Месяц", "Month", "month", 1, 1),
    ("День", "Day", "day", 1, 1),
    ("Час", "Hour", "hour", 1, 1),
    ("Минута", "Minute", "minute", 1, 1),
    ("Секунда", "Second", "second", 1, 1),
    ("ТекущаяДата", "CurrentDate", "currentdate", 0, 0),
    ("ЗначениеЗаполнено", "ValueIsFilled", "valueisfilled", 1, 1),
    ("ТипЗнч", "TypeOf", "typeof", 1, 1),
    ("Тип", "Type", "type", 1, 1),
    ("ОписаниеОшибки", "ErrorDescription", "errordescription", 0, 0),
])

# The functions of the language itself (OneScript's ``LanguageDef``): a call may not omit an
# argument without a default (``Сред(, 1)``).  The others are methods of the global context,
# where OneScript counts only the arguments written, empty ones too (``СтрШаблон(,)``).
LANGUAGE_FUNCTIONS = frozenset({
    "boolean", "number", "string", "date", "type", "typeof", "strlen", "triml", "trimr",
    "trimall", "left", "right", "mid", "find", "upper", "lower", "title", "char", "charcode",
    "isblankstring", "strreplace", "strgetline", "strlinecount", "stroccurrencecount", "year",
    "month", "day", "hour", "minute", "second", "currentdate", "int", "round", "log", "log10",
    "sin", "cos", "tan", "asin", "acos", "atan", "exp", "pow", "sqrt", "min", "max", "format",
    "errorinfo", "errordescription", "currentscript", "dayofweek", "dayofyear", "weekofyear",
    "begofyear", "begofquarter", "begofmonth", "begofweek", "begofday", "begofhour",
    "begofminute", "endofyear", "endofquarter", "endofmonth", "endofweek", "endofday",
    "endofhour", "endofminute", "addmonth",
})

# Methods of the collections: spelling -> canonical name (values.py ``bsl_<canonical>``).
METHODS = {
    "добавить": "add", "add": "add", "вставить": "insert", "insert": "insert",
    "количество": "count", "count": "count", "найти": "find", "find": "find",
    "удалить": "delete", "delete": "delete", "вграница": "ubound", "ubound": "ubound",
    "очистить": "clear", "clear": "clear", "получить": "get", "get": "get",
    "установить": "set", "set": "set", "свойство": "property", "property": "property",
}

# ``Новый <type>``.
NEW_TYPES = {
    "массив": "array", "array": "array", "структура": "structure", "structure": "structure",
    "соответствие": "map", "map": "map",
}

# System enumerations read as constants: ``Символы.ПС``.
CHARS = {
    "пс": "\n", "lf": "\n", "вк": "\r", "cr": "\r", "вкпс": "\r\n", "crlf": "\r\n",
    "таб": "\t", "tab": "\t", "нпп": "\xa0", "nbsp": "\xa0", "пф": "\f", "ff": "\f",
    "втаб": "\v", "vtab": "\v",
}
SEARCH_DIRECTION = enumeration("НаправлениеПоиска", "SearchDirection", "СНачала FromBegin",
                               "СКонца FromEnd")
ROUND_MODES = {"окр15как20": "half_up", "round15as20": "half_up",
               "окр15как10": "half_down", "round15as10": "half_down"}
ENUMS: dict[str, dict[str, str]] = {
    "символы": CHARS, "chars": CHARS,
    "режимокругления": ROUND_MODES, "roundmode": ROUND_MODES, **SEARCH_DIRECTION,
}


# The rows of the library's modules: the object types' (names_objects.py), the bitwise
# functions, the hidden function of ``Выполнить``, JSON, regular expressions, binary data
# and files (names_media.py), dates, time zones, XML, URL encoding (names_globals.py).
for _rows in (OBJECT_BUILTINS, BITWISE_BUILTINS, EVAL_BUILTINS, MEDIA_BUILTINS,
              GLOBAL_BUILTINS):
    BUILTINS.update(_table(_rows))
for _enums in (OBJECT_ENUMS, MEDIA_ENUMS, GLOBAL_ENUMS):
    ENUMS.update(_enums)


# Properties of the global context, read by name without brackets: name -> the runtime's
# primitive giving the value.
GLOBAL_PROPERTIES = {
    "аргументыкоманднойстроки": "g_commandlinearguments",
    "commandlinearguments": "g_commandlinearguments",
    "файловыепотоки": "g_filestreams", "filestreams": "g_filestreams",
    "фоновыезадания": "g_backgroundjobs", "backgroundjobs": "g_backgroundjobs",
    "консоль": "g_console", "console": "g_console",
}
