"""``ТаблицаЗначений``: columns (``Колонки``: name, title, value type), rows read and written by
column name or index, and OneScript's methods (Найти/НайтиСтроки, Сортировать, Итог, Свернуть,
ЗагрузитьКолонку/ВыгрузитьКолонку, Скопировать, Сдвинуть, Индексы)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, ClassVar

from portinterp.bsl.library.collections.order import sort_key
from portinterp.bsl.library.collections.value_list import (
    BAD_ARGUMENT_TYPE,
    OUT_OF_RANGE,
    whole_index,
)
from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.compare import equal
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslStructure
from portinterp.errors import ProgramFault

NOT_IN_TABLE = "Строка не принадлежит таблице значений"
NO_COLUMN = "Колонка не найдена ({})"
ALREADY = "Колонка с таким именем уже существует ({})"


def column_names(text: Any) -> list[str]:
    """``"К1, К2"`` -> ["К1", "К2"] (empty parts skipped)."""
    if text is None:
        return []
    if type(text) is not str:
        raise ProgramFault(BAD_ARGUMENT_TYPE)
    return [part.strip() for part in text.split(",") if part.strip()]


def group_key(value: Any) -> tuple[str, Any]:
    """Values ``Свернуть`` puts in one group: equal and of one type (1 and "1" differ)."""
    kind = type(value)
    if kind is int or kind is Decimal:
        return ("number", value)
    return (kind.__name__, value)


class Column(BslObject):
    __slots__ = ("name", "title", "value_type", "width")
    type_name = "КолонкаТаблицыЗначений"
    FIELDS: ClassVar[dict[str, str]] = {
        "имя": "name", "name": "name", "заголовок": "title", "title": "title",
        "типзначения": "value_type", "valuetype": "value_type", "ширина": "width",
        "width": "width"}

    def __init__(self, name: str, value_type: Any = None, title: Any = None,
                 width: Any = None) -> None:
        self.name = name
        self.value_type = value_type
        self.title = title if title is not None else ""
        self.width = width if width is not None else 0

    def property(self, name: str, shown: str) -> Any:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, self.FIELDS[name])

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        setattr(self, self.FIELDS[name], value)

    def adjust(self, value: Any) -> Any:
        """A value stored in this column: converted by its ОписаниеТипов, if it has one."""
        adjust = getattr(self.value_type, "adjust_value", None)
        return value if adjust is None else adjust(value)


class Columns(BslObject):
    """``Колонки`` of a table (a tree's columns too)."""

    __slots__ = ("columns", "owner")
    type_name = "КоллекцияКолонокТаблицыЗначений"
    spellings = spellings("Индекс IndexOf index", "Сдвинуть Move move")

    def __init__(self, owner: Any) -> None:
        self.columns: list[Column] = []
        self.owner = owner

    def find_column(self, name: str) -> Column | None:
        wanted = name.lower()
        return next((c for c in self.columns if c.name.lower() == wanted), None)

    def column(self, ref: Any) -> Column:
        """A column given by itself, its name or its index."""
        if isinstance(ref, Column):
            if ref not in self.columns:
                raise ProgramFault(NO_COLUMN.format(ref.name))
            return ref
        if type(ref) is str:
            found = self.find_column(ref.strip())
            if found is None:
                raise ProgramFault(NO_COLUMN.format(ref))
            return found
        i = whole_index(ref)
        if not 0 <= i < len(self.columns):
            raise ProgramFault(OUT_OF_RANGE)
        return self.columns[i]

    def property(self, name: str, shown: str) -> Any:
        found = self.find_column(name)
        if found is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return found

    def get(self, index: object) -> Column:
        return self.column(index)

    def iterate(self) -> Iterator[Column]:
        return iter(list(self.columns))

    def _new(self, name: Any, value_type: Any, title: Any, width: Any) -> Column:
        if type(name) is not str:
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        name = name.strip()
        if self.find_column(name) is not None:
            raise ProgramFault(ALREADY.format(name))
        return Column(name, value_type, title, width)

    def bsl_add(self, name: Any = "", value_type: Any = None, title: Any = None,
                width: Any = None) -> Column:
        column = self._new(name, value_type, title, width)
        self.columns.append(column)
        return column

    def bsl_insert(self, index: Any, name: Any = "", value_type: Any = None,
                   title: Any = None, width: Any = None) -> Column:
        column = self._new(name, value_type, title, width)
        self.columns.insert(insert_position(index, self.columns), column)
        return column

    def bsl_delete(self, ref: Any) -> None:
        column = self.column(ref)
        self.columns.remove(column)
        self.owner.column_deleted(column)

    def bsl_find(self, name: Any) -> Column | None:
        return self.find_column(name.strip()) if type(name) is str else None

    def bsl_count(self) -> int:
        return len(self.columns)

    def bsl_get(self, index: Any) -> Column:
        return self.column(index)

    def bsl_index(self, column: Any) -> int:
        return next((i for i, c in enumerate(self.columns) if c is column), -1)

    def bsl_move(self, ref: Any, offset: Any) -> None:
        """Columns move round (past the last is the first), as in OneScript."""
        column = self.column(ref)
        i = self.columns.index(column)
        self.columns.pop(i)
        self.columns.insert((i + whole_index(offset)) % (len(self.columns) + 1), column)

    def bsl_clear(self) -> None:
        for column in list(self.columns):
            self.bsl_delete(column)


class Row(BslObject):
    """A row of a table: its values by column."""

    __slots__ = ("owner", "values")
    type_name = "СтрокаТаблицыЗначений"
    spellings = spellings("Владелец Owner owner")

    def __init__(self, owner: Any) -> None:
        self.owner = owner
        self.values: dict[int, Any] = {}  # id(column) -> value

    def read(self, column: Column) -> Any:
        return self.values.get(id(column))

    def write(self, column: Column, value: Any) -> None:
        self.values[id(column)] = column.adjust(value)

    def property(self, name: str, shown: str) -> Any:
        column = self.owner.columns.find_column(name)
        if column is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return self.read(column)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        column = self.owner.columns.find_column(name)
        if column is None:
            raise ProgramFault(NO_FIELD.format(shown))
        self.write(column, value)

    def get(self, index: object) -> Any:
        return self.read(self.owner.columns.column(index))

    def set(self, index: object, value: Any) -> None:
        self.write(self.owner.columns.column(index), value)

    def iterate(self) -> Iterator[Any]:
        return iter([self.read(c) for c in self.owner.columns.columns])

    def bsl_owner(self) -> Any:
        return self.owner

    def property_names(self) -> list[str]:
        return [column.name for column in self.owner.columns.columns]

    def bsl_get(self, index: Any) -> Any:
        return self.get(index)

    def bsl_set(self, index: Any, value: Any) -> None:
        self.set(index, value)


class Indexes(BslObject):
    """``Индексы``: kept as a list of column sets (search works the same without them)."""

    __slots__ = ("indexes",)
    type_name = "ИндексыКоллекции"

    def __init__(self) -> None:
        self.indexes: list[str] = []

    def iterate(self) -> Iterator[Any]:
        return iter(list(self.indexes))

    def bsl_add(self, columns: Any) -> str:
        self.indexes.append(", ".join(column_names(columns)))
        return self.indexes[-1]

    def bsl_count(self) -> int:
        return len(self.indexes)

    def bsl_delete(self, index: Any) -> None:
        if index in self.indexes:
            self.indexes.remove(index)
            return
        del self.indexes[whole_index(index)]

    def bsl_clear(self) -> None:
        self.indexes.clear()


class ValueTable(BslObject):
    __slots__ = ("columns", "indexes", "rows")
    type_name = "ТаблицаЗначений"
    spellings = spellings(
        "Индекс IndexOf index", "Сдвинуть Move move", "Итог Total total",
        "ЗагрузитьКолонку LoadColumn loadcolumn", "ВыгрузитьКолонку UnloadColumn unloadcolumn",
        "НайтиСтроки FindRows findrows", "Сортировать Sort sort", "Свернуть GroupBy groupby",
        "Скопировать Copy copy", "СкопироватьКолонки CopyColumns copycolumns",
        "ЗаполнитьЗначения FillValues fillvalues", "Выгрузить Unload unload",
        "Загрузить Load load")

    def __init__(self) -> None:
        self.columns = Columns(self)
        self.indexes = Indexes()
        self.rows: list[Row] = []

    def column_deleted(self, column: Column) -> None:
        for row in self.rows:
            row.values.pop(id(column), None)

    def property(self, name: str, shown: str) -> Any:
        if name in ("колонки", "columns"):
            return self.columns
        if name in ("индексы", "indexes"):
            return self.indexes
        raise ProgramFault(NO_FIELD.format(shown))

    def get(self, index: object) -> Row:
        """``Т[i]``: OneScript words an index out of range here as a bad argument."""
        i = whole_index(index)
        if not 0 <= i < len(self.rows):
            raise ProgramFault("Неверное значение аргумента")
        return self.rows[i]

    def set(self, index: object, value: Any) -> None:
        raise ProgramFault("Индексированное значение доступно только для чтения")

    def iterate(self) -> Iterator[Row]:
        return iter(list(self.rows))

    def _position(self, index: Any) -> int:
        i = whole_index(index)
        if not 0 <= i < len(self.rows):
            raise ProgramFault(OUT_OF_RANGE)
        return i

    def _row_position(self, row: Any) -> int:
        if isinstance(row, Row):
            for i, own in enumerate(self.rows):
                if own is row:
                    return i
            raise ProgramFault(NOT_IN_TABLE)
        return self._position(row)

    def _columns(self, names: Any) -> list[Column]:
        """Columns named in a comma-separated string; all of them for an empty one."""
        listed = column_names(names)
        if not listed:
            return list(self.columns.columns)
        return [self.columns.column(name) for name in listed]

    # -- rows ------------------------------------------------------------------------

    def bsl_add(self) -> Row:
        row = Row(self)
        self.rows.append(row)
        return row

    def bsl_insert(self, index: Any) -> Row:
        row = Row(self)
        self.rows.insert(insert_position(index, self.rows), row)
        return row

    def bsl_delete(self, row: Any) -> None:
        del self.rows[self._row_position(row)]

    def bsl_count(self) -> int:
        return len(self.rows)

    def bsl_get(self, index: Any) -> Row:
        return self.get(index)

    def bsl_index(self, row: Any) -> int:
        return next((i for i, own in enumerate(self.rows) if own is row), -1)

    def bsl_clear(self) -> None:
        self.rows.clear()

    def bsl_move(self, row: Any, offset: Any) -> None:
        i = self._row_position(row)
        target = i + whole_index(offset)
        if not 0 <= target < len(self.rows):
            raise ProgramFault("Неверное значение аргумента номер 2")
        self.rows.insert(target, self.rows.pop(i))

    # -- columns of values -------------------------------------------------------------

    def bsl_loadcolumn(self, values: Any, ref: Any) -> None:
        if not isinstance(values, BslArray):
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        column = self.columns.column(ref)
        for row, value in zip(self.rows, values.items, strict=False):
            row.write(column, value)

    def bsl_unloadcolumn(self, ref: Any) -> BslArray:
        column = self.columns.column(ref)
        return BslArray([row.read(column) for row in self.rows])

    def bsl_total(self, ref: Any) -> Any:
        column = self.columns.column(ref)
        return total([row.read(column) for row in self.rows])

    def bsl_fillvalues(self, value: Any, names: Any = None) -> None:
        columns = self._columns(names)
        for row in self.rows:
            for column in columns:
                row.write(column, value)

    # -- search ------------------------------------------------------------------------

    def bsl_find(self, value: Any, names: Any = None) -> Row | None:
        columns = self._columns(names)
        for row in self.rows:
            if any(equal(row.read(c), value) for c in columns):
                return row
        return None

    def bsl_findrows(self, filter_: Any) -> BslArray:
        if not isinstance(filter_, BslStructure):
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        wanted = [(self.columns.column(key), value) for key, value in filter_.entries.values()]
        return BslArray([row for row in self.rows
                         if all(equal(row.read(c), v) for c, v in wanted)])

    # -- order, grouping, copies -------------------------------------------------------

    def bsl_sort(self, order: Any, comparer: Any = None) -> None:
        if type(order) is not str:
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        keys = []
        for part in order.split(","):
            words = part.split()
            if not words:
                continue
            descending = len(words) > 1 and words[1].lower() in ("убыв", "desc")
            keys.append((self.columns.column(words[0]), descending))
        for column, descending in reversed(keys):
            self.rows.sort(key=lambda row, c=column: sort_key(row.read(c)),
                           reverse=descending)

    def bsl_groupby(self, group_names: Any, sum_names: Any = None) -> None:
        groups = [self.columns.column(n) for n in column_names(group_names)]
        sums = [self.columns.column(n) for n in column_names(sum_names)]
        result: dict[tuple[Any, ...], Row] = {}
        for row in self.rows:
            key = tuple(group_key(row.read(c)) for c in groups)
            target = result.get(key)
            if target is None:
                target = result[key] = Row(self)
                for column in groups:
                    target.values[id(column)] = row.read(column)
                for column in sums:
                    target.values[id(column)] = 0
            for column in sums:
                target.values[id(column)] = _sum([target.read(column), row.read(column)])
        self.columns.columns = groups + [c for c in sums if c not in groups]
        self.rows = list(result.values())

    def bsl_copy(self, rows: Any = None, names: Any = None) -> ValueTable:
        columns = self._columns(names)
        if rows is None:
            source = self.rows
        elif isinstance(rows, BslArray):
            source = rows.items
        elif isinstance(rows, BslStructure):
            source = self.bsl_findrows(rows).items
        else:
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        if not all(isinstance(row, Row) and row.owner is self for row in source):
            raise ProgramFault(BAD_ARGUMENT_TYPE)
        copy = self.bsl_copycolumns(", ".join(c.name for c in columns))
        for row in source:
            new = copy.bsl_add()
            for column, new_column in zip(columns, copy.columns.columns, strict=True):
                new.values[id(new_column)] = row.read(column)
        return copy

    def bsl_copycolumns(self, names: Any = None) -> ValueTable:
        copy = ValueTable()
        for column in self._columns(names):
            copy.columns.columns.append(
                Column(column.name, column.value_type, column.title, column.width))
        return copy

    def bsl_unload(self, rows: Any = None, names: Any = None) -> ValueTable:
        return self.bsl_copy(rows, names)


def insert_position(index: Any, items: list[Any]) -> int:
    """Where ``Вставить(Индекс)`` puts a new item: 0 … Количество()."""
    i = whole_index(index)
    if not 0 <= i <= len(items):
        raise ProgramFault(OUT_OF_RANGE)
    return i


def total(values: list[Any]) -> Any:
    """``Итог``: the sum of the numbers; Неопределено when there are none (OneScript)."""
    if not any(type(v) is int or type(v) is Decimal for v in values):
        return None
    return _sum(values)


def _sum(values: Any) -> Any:
    """Sum of the numbers among ``values`` (other values are left out, as OneScript does)."""
    total: numbers.Number = 0
    for value in values:
        if type(value) is int or type(value) is Decimal:
            total = numbers.add(total, value)
    return total


def _new_value_table(runtime: Any) -> ValueTable:
    return ValueTable()


register_type("ТаблицаЗначений", "ValueTable", _new_value_table)
register_type("СтрокаТаблицыЗначений", "ValueTableRow")
register_type("КолонкаТаблицыЗначений", "ValueTableColumn")
register_type("КоллекцияКолонокТаблицыЗначений", "ValueTableColumnCollection")
