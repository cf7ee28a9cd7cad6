"""What ``Рефлектор`` knows of the built-in types (``reflection``): the methods of a type as
OneScript 1.9.2 declares them (its ``[ContextMethod]`` attributes: name, number of
parameters, function or procedure), written out for the types its tests reflect; any other
object's methods are read off the interpreter's own ``bsl_`` methods (their Python names and
parameter counts), which is what a program can call on it.  Also which types are primitive
and which are collections (``ИзвестныеТипы``)."""

from __future__ import annotations

import inspect
from typing import Any

# type -> [(method, parameters, is a function)], in OneScript's order of declaration.
METHODS: dict[str, list[tuple[str, int, bool]]] = {
    "Структура": [("Вставить", 2, False), ("Удалить", 1, False), ("Свойство", 2, True),
                  ("Количество", 0, True), ("Очистить", 0, False)],
    "Соответствие": [("Вставить", 2, False), ("Получить", 1, True), ("Количество", 0, True),
                     ("Очистить", 0, False), ("Удалить", 1, False)],
    "Рефлектор": [("ВызватьМетод", 3, True), ("МетодСуществует", 2, True),
                  ("ПолучитьТаблицуМетодов", 1, True), ("ПолучитьТаблицуСвойств", 2, True),
                  ("ПолучитьСвойство", 2, True), ("УстановитьСвойство", 3, False),
                  ("ИзвестныеТипы", 1, True)],
    "ДвоичныеДанные": [("Размер", 0, True), ("Записать", 1, False),
                       ("ОткрытьПотокДляЧтения", 0, True)],
    "HTTPОтвет": [("ПолучитьТелоКакСтроку", 1, True), ("ПолучитьТелоКакДвоичныеДанные", 0, True),
                  ("ПолучитьТелоКакПоток", 0, True), ("ПолучитьИмяФайлаТела", 0, True),
                  ("Закрыть", 0, False)],
}

# type -> its properties (``ПолучитьТаблицуСвойств(Тип(…))``).
PROPERTIES: dict[str, list[str]] = {
    "Файл": ["Имя", "ИмяБезРасширения", "Расширение", "ПолноеИмя", "Путь"],
}

PRIMITIVES = frozenset({"Число", "Строка", "Дата", "Булево", "Неопределено", "Null", "Тип"})
COLLECTIONS = frozenset({
    "Массив", "Структура", "Соответствие", "ФиксированныйМассив", "ФиксированнаяСтруктура",
    "ФиксированноеСоответствие", "СписокЗначений", "ТаблицаЗначений", "ДеревоЗначений",
    "КоллекцияКолонокТаблицыЗначений", "КоллекцияКолонокДереваЗначений",
    "КоллекцияСтрокДереваЗначений", "СтрокаТаблицыЗначений", "СтрокаДереваЗначений",
    "КоллекцияИндексовТаблицыЗначений"})


def builtin_methods(type_name: str, value: Any) -> list[tuple[str, int, bool]] | None:
    """The methods of a built-in type (``value``: an object of it, or None for the type);
    None: a type that cannot be reflected."""
    if type_name in METHODS:
        return METHODS[type_name]
    if value is None:
        from portinterp.bsl.runtime.objects import CONSTRUCTORS

        value = _class_of(type_name, CONSTRUCTORS)
        if value is None:
            return None
    found = []
    for attribute in sorted(dir(value)):
        if attribute.startswith("bsl_") and attribute != "bsl_method":
            method = getattr(value, attribute)
            try:
                count = len(inspect.signature(method).parameters)
            except (TypeError, ValueError):
                count = 0
            found.append((attribute[4:], count - inspect.isclass(value), True))
    return found


def _class_of(type_name: str, constructors: dict[str, Any]) -> Any:
    made = constructors.get(type_name.lower())
    return made if inspect.isclass(made) else None


def builtin_properties(type_name: str) -> list[str] | None:
    return PROPERTIES.get(type_name, [])
