"""``ДеревоЗначений``: the columns of a table (``value_table.Columns``) and rows that hold
rows (``Строки``), each knowing its parent and level; searches, totals and sorting may go
down into the children."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from portinterp.bsl.library.collections.order import sort_key
from portinterp.bsl.library.collections.value_list import OUT_OF_RANGE, whole_index
from portinterp.bsl.library.collections.value_table import (
    Column,
    Columns,
    Row,
    column_names,
    insert_position,
    total,
)
from portinterp.bsl.runtime.compare import equal
from portinterp.bsl.runtime.conversions import to_bool
from portinterp.bsl.runtime.objects import BAD_ARGUMENT, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslStructure
from portinterp.errors import ProgramFault

NOT_IN_TREE = "Строка не принадлежит дереву значений"


def _flag(value: Any) -> bool:
    return False if value is None else to_bool(value)


class TreeRow(Row):
    __slots__ = ("level", "parent", "rows")
    type_name = "СтрокаДереваЗначений"
    spellings = spellings("Владелец Owner owner", "Уровень Level level")

    def __init__(self, owner: Any, parent: TreeRow | None) -> None:
        super().__init__(owner)
        self.parent = parent
        self.level = 0 if parent is None else parent.level + 1
        self.rows = TreeRows(owner, self)

    def property(self, name: str, shown: str) -> Any:
        if name in ("строки", "rows"):
            return self.rows
        if name in ("родитель", "parent"):
            return self.parent
        return super().property(name, shown)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name in ("строки", "rows", "родитель", "parent"):
            raise ProgramFault(f"Свойство {shown} недоступно для записи")
        super().set_property(name, shown, value)

    def bsl_level(self) -> int:
        return self.level


class TreeRows(BslObject):
    __slots__ = ("owner", "parent", "rows")
    type_name = "КоллекцияСтрокДереваЗначений"
    spellings = spellings(
        "Индекс IndexOf index", "Сдвинуть Move move", "Итог Total total",
        "ЗагрузитьКолонку LoadColumn loadcolumn", "ВыгрузитьКолонку UnloadColumn unloadcolumn",
        "НайтиСтроки FindRows findrows", "Сортировать Sort sort", "Владелец Owner owner")

    def __init__(self, owner: Any, parent: TreeRow | None) -> None:
        self.owner = owner
        self.parent = parent
        self.rows: list[TreeRow] = []

    def all_rows(self, children: bool) -> Iterator[TreeRow]:
        for row in self.rows:
            yield row
            if children:
                yield from row.rows.all_rows(True)

    def property(self, name: str, shown: str) -> Any:
        if name in ("родитель", "parent"):
            return self.parent
        return super().property(name, shown)

    def get(self, index: object) -> TreeRow:
        return self.rows[self._position(index)]

    def iterate(self) -> Iterator[TreeRow]:
        return iter(list(self.rows))

    def _position(self, index: Any) -> int:
        i = whole_index(index)
        if not 0 <= i < len(self.rows):
            raise ProgramFault(OUT_OF_RANGE)
        return i

    def _row_position(self, row: Any) -> int:
        if isinstance(row, TreeRow):
            for i, own in enumerate(self.rows):
                if own is row:
                    return i
            raise ProgramFault(NOT_IN_TREE)
        return self._position(row)

    def _columns(self, names: Any) -> list[Column]:
        listed = column_names(names)
        columns = self.owner.columns
        return [columns.column(n) for n in listed] if listed else list(columns.columns)

    def bsl_add(self) -> TreeRow:
        row = TreeRow(self.owner, self.parent)
        self.rows.append(row)
        return row

    def bsl_insert(self, index: Any) -> TreeRow:
        row = TreeRow(self.owner, self.parent)
        self.rows.insert(insert_position(index, self.rows), row)
        return row

    def bsl_delete(self, row: Any) -> None:
        del self.rows[self._row_position(row)]

    def bsl_count(self) -> int:
        return len(self.rows)

    def bsl_get(self, index: Any) -> TreeRow:
        return self.get(index)

    def bsl_index(self, row: Any) -> int:
        return next((i for i, own in enumerate(self.rows) if own is row), -1)

    def bsl_clear(self) -> None:
        self.rows.clear()

    def bsl_owner(self) -> Any:
        return self.owner

    def bsl_move(self, row: Any, offset: Any) -> None:
        i = self._row_position(row)  # a tree's rows move round, as in OneScript
        self.rows.insert((i + whole_index(offset)) % len(self.rows), self.rows.pop(i))

    def bsl_loadcolumn(self, values: Any, ref: Any) -> None:
        if not isinstance(values, BslArray):
            raise ProgramFault(BAD_ARGUMENT)
        column = self.owner.columns.column(ref)
        for row, value in zip(self.rows, values.items, strict=False):
            row.write(column, value)

    def bsl_unloadcolumn(self, ref: Any) -> BslArray:
        column = self.owner.columns.column(ref)
        return BslArray([row.read(column) for row in self.rows])

    def bsl_total(self, ref: Any, children: Any = None) -> Any:
        column = self.owner.columns.column(ref)
        return total([row.read(column) for row in self.all_rows(_flag(children))])

    def bsl_find(self, value: Any, names: Any = None, children: Any = None) -> TreeRow | None:
        columns = self._columns(names)
        for row in self.all_rows(_flag(children)):
            if any(equal(row.read(c), value) for c in columns):
                return row
        return None

    def bsl_findrows(self, filter_: Any, children: Any = None) -> BslArray:
        if not isinstance(filter_, BslStructure):
            raise ProgramFault(BAD_ARGUMENT)
        columns = self.owner.columns
        wanted = [(columns.column(key), value) for key, value in filter_.entries.values()]
        return BslArray([row for row in self.all_rows(_flag(children))
                         if all(equal(row.read(c), v) for c, v in wanted)])

    def bsl_sort(self, order: Any, children: Any = None, comparer: Any = None) -> None:
        if type(order) is not str:
            raise ProgramFault(BAD_ARGUMENT)
        keys = []
        for part in order.split(","):
            words = part.split()
            if words:
                keys.append((self.owner.columns.column(words[0]),
                             len(words) > 1 and words[1].lower() in ("убыв", "desc")))
        self._sort(keys, _flag(children))

    def _sort(self, keys: list[tuple[Column, bool]], children: bool) -> None:
        for column, descending in reversed(keys):
            self.rows.sort(key=lambda row, c=column: sort_key(row.read(c)),
                           reverse=descending)
        if children:
            for row in self.rows:
                row.rows._sort(keys, True)


class ValueTree(BslObject):
    __slots__ = ("columns", "rows")
    type_name = "ДеревоЗначений"
    spellings = spellings("Скопировать Copy copy")

    def __init__(self) -> None:
        self.columns = Columns(self)
        self.rows = TreeRows(self, None)

    def column_deleted(self, column: Column) -> None:
        for row in self.rows.all_rows(True):
            row.values.pop(id(column), None)

    def property(self, name: str, shown: str) -> Any:
        if name in ("колонки", "columns"):
            return self.columns
        if name in ("строки", "rows"):
            return self.rows
        return super().property(name, shown)

    def bsl_copy(self) -> ValueTree:
        copy = ValueTree()
        pairs = []
        for column in self.columns.columns:
            new = Column(column.name, column.value_type, column.title, column.width)
            copy.columns.columns.append(new)
            pairs.append((column, new))
        _copy_rows(self.rows, copy.rows, pairs)
        return copy


def _copy_rows(source: TreeRows, target: TreeRows,
               pairs: list[tuple[Column, Column]]) -> None:
    for row in source.rows:
        new = target.bsl_add()
        for old_column, new_column in pairs:
            new.values[id(new_column)] = row.read(old_column)
        _copy_rows(row.rows, new.rows, pairs)


def _new_value_tree(runtime: Any) -> ValueTree:
    return ValueTree()


register_type("ДеревоЗначений", "ValueTree", _new_value_tree)
register_type("СтрокаДереваЗначений", "ValueTreeRow")
register_type("КоллекцияСтрокДереваЗначений", "ValueTreeRowCollection")
