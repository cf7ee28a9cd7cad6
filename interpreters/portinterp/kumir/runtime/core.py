"""The run-time of the school language: operators with KuMir's semantics, string
indexing, tables, loops, ``вывод`` and ``ввод``; the built-in algorithms come from the
``builtins`` mixin.

Values: ``цел`` is a Python int kept within 32 bits (leaving the range is the run-time
error ``Целочисленное переполнение``), ``вещ`` a float, ``лог`` a bool, ``сим`` and ``лит``
str.  ``None`` is a value not yet assigned.  The front-end knows every expression's type,
so it picks the operator for it (``add_int`` or ``add_real``) and the fast inline templates
below do no type tests at run time.
"""

from __future__ import annotations

import itertools
import math
import operator
import sys
from collections.abc import Iterable
from typing import Any, ClassVar, TextIO

from portinterp.core.program import RuntimeBase
from portinterp.errors import ProgramFault
from portinterp.kumir.runtime import formatting
from portinterp.kumir.runtime.builtins import BuiltinFunctions
from portinterp.kumir.runtime.files import FileFunctions
from portinterp.kumir.runtime.inputs import InputReader
from portinterp.kumir.runtime.java_random import JavaRandom
from portinterp.kumir.runtime.numbers import DIVISION_BY_ZERO, INT_MAX, INT_MIN, OVERFLOW, int32
from portinterp.kumir.runtime.values import OUT_OF_BOUNDS, OUT_OF_MEMORY, Table

BAD_DIVISOR = "Деление на ненатуральное число"
REAL_OVERFLOW = "Вещественное переполнение"
UNDEFINED = "Нет значения у величины"
UNDEFINED_ITEM = "Значение элемента таблицы не определено"
BAD_MAIN_ARGUMENTS = "Не все аргументы первого алгоритма введены корректно"


class Halt(Exception):
    """``стоп``: the program ends here (``run_program`` prints KuMir's «СТОП.»)."""
STRING_INDEX = "Индекс символа больше длины строки"  # KuMir 2 vm.cpp, get char
CHAR_BELOW_ONE = "Индекс символа меньше 1"
SLICE_LEFT = "Левая граница вырезки за пределами строки"
SLICE_RIGHT = "Правая граница вырезки за пределами строки"
SLICE_BOUNDS = "Ошибка в границах вырезки"

_I32 = f"(k_ if {INT_MIN} <= (k_ := {{expr}}) <= {INT_MAX} else P_int_overflow())"


def _checked(expr: str) -> str:
    """An inline template computing ``expr`` and checking that it is a 32-bit ``цел``."""
    return _I32.format(expr=expr)


_REAL = f"(r_ if -{sys.float_info.max!r} <= (r_ := {{expr}}) <= {sys.float_info.max!r}" \
    " else P_real_overflow())"


def _checked_real(expr: str) -> str:
    """An inline template computing the ``вещ`` ``expr`` and checking that it is finite."""
    return _REAL.format(expr=expr)


_PYTHON_COMPARISONS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


class _Templates(dict):
    """The inline templates, and one for every chain of comparisons asked for:
    ``chain_lt_le`` is ``({0} < {1} <= {2})`` — Python's own chain, which, as KuMir,
    evaluates each operand once and stops at the first false comparison."""

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        if key in self or not key.startswith("chain_"):
            return super().get(key, default)
        ops = [_PYTHON_COMPARISONS[fn] for fn in key.split("_")[1:]]
        return "(" + "".join(f"{{{n}}} {op} " for n, op in enumerate(ops)) + f"{{{len(ops)}}})"


class KumirRuntime(BuiltinFunctions, FileFunctions, RuntimeBase):
    inline: ClassVar[dict[str, str]] = _Templates({
        "add_int": _checked("{0} + {1}"),
        "sub_int": _checked("{0} - {1}"),
        "mul_int": _checked("{0} * {1}"),
        "neg_int": _checked("-{0}"),
        # Chosen by the range analysis (ranges.py) where the result provably fits 32 bits.
        "add_int_unchecked": "({0} + {1})",
        "sub_int_unchecked": "({0} - {1})",
        "mul_int_unchecked": "({0} * {1})",
        "neg_int_unchecked": "(-{0})",
        # вещ: a result beyond the largest double (inf, or nan from inf - inf) is KuMir's
        # «Вещественное переполнение»; unary minus is 0.0 - x, as KuMir's VM computes it
        # (so -x of 0.0 is 0.0, not -0.0).
        "add_real": _checked_real("{0} + {1}"),
        "sub_real": _checked_real("{0} - {1}"),
        "mul_real": _checked_real("{0} * {1}"),
        "neg_real": "(0.0 - {0})",
        "div_real": _checked_real("{0} / {1}"),
        # An operand of another checked +, -, * (or a dividend) needs no check of its own:
        # an infinite value stays infinite or becomes nan there, which that check reports
        # on the same line (lower_exprs.expr_binop chooses these).
        "add_real_unchecked": "({0} + {1})",
        "sub_real_unchecked": "({0} - {1})",
        "mul_real_unchecked": "({0} * {1})",
        "div_real_unchecked": "({0} / {1})",
        "concat": "({0} + {1})",
        "to_real": "float({0})",
        "div": "({0} // {1} if {1} > 0 else P_bad_divisor())",
        "mod": "({0} % {1} if {1} > 0 else P_bad_divisor())",
        # The divisor goes to d_ before the dividend is computed: the front-end uses these
        # only when the dividend holds no other div/mod that would reuse d_.
        "div_simple": "(P_bad_divisor() if (d_ := {1}) <= 0 else {0} // d_)",
        "mod_simple": "(P_bad_divisor() if (d_ := {1}) <= 0 else {0} % d_)",
        # The front-end or the range analysis proved the divisor positive.
        "div_by_const": "({0} // {1})",
        "mod_by_const": "({0} % {1})",
        # int(x): x is compared before floor() — float against float constants, which
        # CPython compares faster than the two-digit ints of a 32-bit bound.  A finite x
        # in [-2^31, 2^31) floors into цел; outside it ``int_out_of_range`` floors it
        # first, so inf and nan still stop with «Вещественное переполнение».
        "int": "(P_floor(x_) if -2147483648.0 <= (x_ := {0}) < 2147483648.0"
        " else P_int_out_of_range(x_))",
        "int_known": "P_floor({0})",  # x proven within [-2^31, 2^31) (real_ranges.py)
        "char_at": "(s_[k_ - 1] if 1 <= (k_ := {1}) <= len(s_ := {0}) else P_string_index())",
        # A string that is a known literal, the index provably within it (ranges.py);
        # "0": the index given less one.  An unset string is None: indexing it is the
        # TypeError that fault_from reports as «нет значения».
        "char_at_known": "{0}[{1} - 1]",
        "char_at_known0": "{0}[{1}]",
        "write_text": "P_write_str({0})",
        "write_int": "P_write_str(str(k_) if (k_ := {0}) is not None else P_undefined())",
        "out_newline": "P_write_str('\\n')",
        # A loop's output held in a local string (frontend/buffer_output.py): CPython
        # appends to it in place; written when it holds more than {1} characters.
        "out_add": "({0} + {1})",
        "out_add_int": "({0} + (str(k_) if (k_ := {1}) is not None else P_undefined()))",
        "out_full": "(len({0}) > {1})",
        "eq": "({0} == {1})",
        "ne": "({0} != {1})",
        "lt": "({0} < {1})",
        "le": "({0} <= {1})",
        "gt": "({0} > {1})",
        "ge": "({0} >= {1})",
        "truth": "(P_undefined() if {0} is None else {0})",
        # A variable's value where KuMir reads it (copied, passed, compared): never unset.
        "defined": "(P_undefined() if {0} is None else {0})",
        "known": "{0}",  # ``defined`` where the range analysis proved a value (ranges.py)
        # The index is evaluated first, then the table (always a variable): each slot
        # appears once, so the core needs no temporaries.
        "table_get1": "((v_ if (v_ := t_.data[k_ - t_.lo]) is not None else P_undefined_item())"
        " if (k_ := {1}) >= (t_ := {0}).lo and k_ <= t_.hi else P_out_of_bounds())",
        "table_set1": "(P_setitem(t_.data, k_ - t_.lo, {2}) if (k_ := {1}) >= (t_ := {0}).lo"
        " and k_ <= t_.hi else P_out_of_bounds())",
        # A local table with constant bounds: the index checked against them ({2}, {3}:
        # integer literals; "0" variants: the first bound is 0 and not passed) ...
        "table_get1_in0": "((v_ if (v_ := {0}.data[k_]) is not None else P_undefined_item())"
        " if 0 <= (k_ := {1}) <= {2} else P_out_of_bounds())",
        "table_set1_in0": "(P_setitem({0}.data, k_, {3}) if 0 <= (k_ := {1}) <= {2}"
        " else P_out_of_bounds())",
        "table_get1_in": "((v_ if (v_ := {0}.data[k_ - {2}]) is not None"
        " else P_undefined_item()) if {2} <= (k_ := {1}) <= {3} else P_out_of_bounds())",
        "table_set1_in": "(P_setitem({0}.data, k_ - {2}, {4}) if {2} <= (k_ := {1}) <= {3}"
        " else P_out_of_bounds())",
        # ... or, where the range analysis proved the index within them, not checked.
        "table_get1_from0": "(v_ if (v_ := {0}.data[{1}]) is not None else P_undefined_item())",
        "table_set1_from0": "P_setitem({0}.data, {1}, {2})",
        "table_get1_from": "(v_ if (v_ := {0}.data[{1} - {2}]) is not None"
        " else P_undefined_item())",
        "table_set1_from": "P_setitem({0}.data, {1} - {2}, {3})",
        # A table every item of which has a value (frontend/filled_tables.py).
        "table_get1_from0_set": "{0}.data[{1}]",
        "table_get1_from_set": "{0}.data[{1} - {2}]",
        "table_get1_in0_set": "({0}.data[k_] if 0 <= (k_ := {1}) <= {2} else P_out_of_bounds())",
        "table_get1_in_set": "({0}.data[k_ - {2}] if {2} <= (k_ := {1}) <= {3}"
        " else P_out_of_bounds())",
    })

    # A store at an index the range analysis proved within the bounds, as a statement: a
    # list store, no call.  The core writes the value in place only after an index that
    # is a name or a literal (which cannot fail, so which runs first does not show), and
    # otherwise binds index and value, in that order, before the store.
    inline_statements: ClassVar[dict[str, str]] = {
        "table_set1_from0": "{0}.data[{1}] = {2}",
        "table_set1_from": "{0}.data[{1} - {2}] = {3}",
    }

    def __init__(self, stdout: TextIO, stdin: TextIO, seed: int = 1) -> None:
        super().__init__(stdout, stdin)
        self.reader = InputReader(stdin)
        self.random = JavaRandom(seed)
        # Bound directly, so the inline templates call them with no wrapper in between.
        self.prim_write_str = stdout.write
        self.prim_floor = math.floor
        self.prim_setitem = operator.setitem  # much cheaper than calling list.__setitem__
        self._leaving: BaseException | None = None  # see prim_out_held

    def fault_from(self, exc: BaseException) -> str | None:
        if isinstance(exc, ZeroDivisionError):
            return DIVISION_BY_ZERO
        if isinstance(exc, TypeError) and "None" in str(exc):
            return UNDEFINED
        if isinstance(exc, ValueError) and "NaN" in str(exc):
            return REAL_OVERFLOW  # int() of a nan, left by an unchecked overflowed вещ
        if isinstance(exc, OverflowError):
            return REAL_OVERFLOW
        if isinstance(exc, RecursionError):
            return "Слишком много вложенных вызовов алгоритмов"
        if isinstance(exc, MemoryError):
            return OUT_OF_MEMORY
        return super().fault_from(exc)

    # -- faults named by inline templates ----------------------------------------------

    def prim_int_overflow(self) -> Any:
        raise ProgramFault(OVERFLOW)

    def prim_int_out_of_range(self, value: float) -> Any:
        math.floor(value)  # inf, nan: OverflowError, ValueError (fault_from)
        raise ProgramFault(OVERFLOW)

    def prim_real_overflow(self) -> Any:
        raise ProgramFault(REAL_OVERFLOW)

    def prim_bad_divisor(self) -> Any:
        raise ProgramFault(BAD_DIVISOR)

    def prim_undefined(self) -> Any:
        raise ProgramFault(UNDEFINED)

    def prim_undefined_item(self) -> Any:
        raise ProgramFault(UNDEFINED_ITEM)

    def prim_halt(self) -> None:
        raise Halt

    def prim_out_of_bounds(self) -> Any:
        raise ProgramFault(OUT_OF_BOUNDS)

    def prim_string_index(self) -> Any:
        raise ProgramFault(STRING_INDEX)

    # -- numbers ---------------------------------------------------------------------

    def prim_pow_int(self, base: int, exponent: int) -> int:
        """KuMir's ipow: a negative exponent gives a whole number only for 1 and -1."""
        if exponent < 0 and base not in (1, -1):
            raise ProgramFault(DIVISION_BY_ZERO if base == 0 else "Результат - не целое число")
        if exponent < 0:
            return base if exponent % 2 else 1
        if abs(base) > 1 and exponent > 31:
            raise ProgramFault(OVERFLOW)
        return int32(base**exponent)

    def prim_pow_real(self, base: float, exponent: float) -> float:
        """C's pow; a result that is not a finite number is KuMir's «Ошибка возведения в
        степень» (a negative base to a fractional power, 0 to a negative one, overflow)."""
        try:
            result = math.pow(base, exponent)
        except (ValueError, OverflowError, ZeroDivisionError):
            result = math.nan
        if not math.isfinite(result):
            raise ProgramFault("Ошибка возведения в степень")
        return result

    # -- strings ---------------------------------------------------------------------

    # KuMir 2's VM (vm.cpp, do_specialcall 0x04-0x07) words each bound it checks.

    def prim_char_at(self, text: str, index: int) -> str:
        if not 1 <= index <= len(text):
            raise ProgramFault(STRING_INDEX)  # below 1 too, as KuMir says
        return text[index - 1]

    def prim_with_char(self, text: str, index: int, char: str) -> str:
        if index < 1:
            raise ProgramFault(CHAR_BELOW_ONE)
        if index > len(text):
            raise ProgramFault(STRING_INDEX)
        return text[: index - 1] + char + text[index:]

    def prim_with_slice(self, text: str, start: int, stop: int, part: str) -> str:
        """``s[a:b] := t`` as KuMir's VM does it, quirks included: ``b < a`` inserts ``t``
        after the ``a``-th character (before the first for ``a = 0``)."""
        size = len(text)
        if stop < start and start == 0:
            return part + text
        if start > size:
            raise ProgramFault(SLICE_LEFT)
        if stop < start and start > 0:
            return text[:start] + part + text[start:]
        if start == size + 1 and stop <= start:
            return text + part
        if stop < 1 or stop > size:
            raise ProgramFault(SLICE_RIGHT)
        if start < 1:
            raise ProgramFault(SLICE_LEFT)
        return text[: start - 1] + part + text[stop:]

    def prim_slice(self, text: str, start: int, stop: int) -> str:
        if not 1 <= start <= len(text):
            raise ProgramFault(SLICE_LEFT)
        if stop < start:
            return ""
        if stop > len(text):
            raise ProgramFault(SLICE_RIGHT)
        return text[start - 1 : stop]

    # -- tables ----------------------------------------------------------------------

    def prim_new_table(self, *bounds: int) -> Table:
        if len(bounds) == 2 and bounds[0] <= bounds[1]:
            return Table([bounds])  # one dimension: no pairs built (FreeCell's deck, a deal)
        pairs = [(bounds[n], bounds[n + 1]) for n in range(0, len(bounds), 2)]
        if any(low > high for low, high in pairs):  # KuMir 2: even [1:0] is refused
            raise ProgramFault("Неверный размер таблицы")
        return Table(pairs)

    def prim_table_copy(self, table: Table) -> Table:
        return table.copy()

    def prim_table_clear(self, table: Table) -> None:
        table.data[:] = [None] * len(table.data)

    def prim_table_get(self, table: Table, *index: int) -> Any:
        value = table.get(index)
        if value is None:
            raise ProgramFault(UNDEFINED_ITEM)
        return value

    def prim_fill_table(self, table: Table, values: list[Any]) -> None:
        """``цел таб t[1:3] = {1, 2, 3}``: the elements in order, as many as given."""
        table.data[: len(values)] = values[: len(table.data)]

    def prim_fill_table_rows(self, table: Table, rows: list[list[Any]]) -> None:
        """``цел таб t[1:3, 1:3] = {{…}, {…}}``: row after row, each from the first column,
        as many as fit (a short row leaves the rest without a value)."""
        (low, high), (first, last) = table.bounds
        width = max(last - first + 1, 0)
        for n, row in enumerate(rows[: max(high - low + 1, 0)]):
            table.data[n * width: n * width + min(len(row), width)] = row[:width]

    def prim_table_set(self, table: Table, *index_and_value: Any) -> None:
        table.set(index_and_value[:-1], index_and_value[-1])

    # -- loops -----------------------------------------------------------------------

    def prim_for_range(self, start: int, stop: int, step: int | None) -> Iterable[int]:
        step = 1 if step is None else step
        if step == 0:
            raise ProgramFault("Шаг цикла равен нулю")
        return range(start, stop + (1 if step > 0 else -1), step)

    def prim_times(self, count: int) -> int:
        return max(count, 0)

    # -- assertions ------------------------------------------------------------------

    def prim_check_assert(self, holds: bool) -> None:
        if not holds:
            raise ProgramFault("Утверждение ложно")

    def prim_check_given(self, holds: bool) -> None:
        if not holds:
            raise ProgramFault("Утверждение ложно")  # KuMir 2 words дано as утв

    def prim_check_wanted(self, holds: bool) -> None:
        if not holds:
            raise ProgramFault("Утверждение ложно")

    # -- вывод -----------------------------------------------------------------------

    def prim_out_newline(self) -> None:
        self.write("\n")

    def prim_out_items(self, spec: tuple[tuple[str, int], ...], *args: Any) -> None:
        """A whole ``вывод`` statement, its values already computed: ``spec`` gives each
        item's type (``нс`` for a line break) and how many formats follow its value."""
        self.write(self.prim_out_items_text(spec, *args))

    def prim_out_items_text(self, spec: tuple[tuple[str, int], ...], *args: Any) -> str:
        """What ``out_items`` writes (every item computed before any is written)."""
        texts, n = [], 0
        for kind, formats in spec:
            if kind == "нс":
                texts.append("\n")
                continue
            value, given = args[n], args[n + 1:n + 1 + formats]
            n += 1 + formats
            texts.append(self.item_text(kind, value, given))
        return "".join(texts)

    def item_text(self, kind: str, value: Any, formats: tuple[int, ...]) -> str:
        if not formats:
            return _text(kind, value)
        if len(formats) == 1:
            return formatting.right_align(_text(kind, value), formats[0])
        if value is None:
            raise ProgramFault(UNDEFINED)
        width, decimals = formats
        numeric = kind in ("вещ", "цел")
        text = formatting.format_fixed(value, decimals) if numeric else _text(kind, value)
        return formatting.right_align(text, width)

    def prim_out(self, kind: str, value: Any) -> None:
        self.write(_text(kind, value))

    def prim_out_width(self, kind: str, value: Any, width: int) -> None:
        self.write(self.item_text(kind, value, (width,)))

    def prim_out_fixed(self, kind: str, value: Any, width: int, decimals: int) -> None:
        self.write(self.item_text(kind, value, (width, decimals)))

    # What each of those writes, for a loop whose output is held (buffer_output.py).

    def prim_out_text(self, kind: str, value: Any) -> str:
        return _text(kind, value)

    def prim_out_width_text(self, kind: str, value: Any, width: int) -> str:
        return self.item_text(kind, value, (width,))

    def prim_out_fixed_text(self, kind: str, value: Any, width: int, decimals: int) -> str:
        return self.item_text(kind, value, (width, decimals))

    def prim_out_held(self, fault: BaseException) -> None:
        """A run-time error leaves a loop whose output is held: kept (the very exception
        raised, with its traceback, which places it) while the output is written."""
        self._leaving = sys.exc_info()[1]

    def prim_out_raise_again(self) -> Any:
        error, self._leaving = self._leaving, None
        raise error  # type: ignore[misc]

    # -- ввод ------------------------------------------------------------------------

    def prim_in_int(self) -> int:
        return self.reader.read_int()

    def prim_in_real(self) -> float:
        return self.reader.read_real()

    def prim_in_bool(self) -> bool:
        return self.reader.read_bool()

    def prim_in_char(self) -> str:
        return self.reader.read_char()

    def prim_in_str(self) -> str:
        return self.reader.read_str()

    # -- the first algorithm's arguments and results ---------------------------------

    def prim_main_in(self, name: str, kind: str) -> Any:
        """Prompt for an argument of the first algorithm and read it."""
        self.write(f"Введите {name}: ")
        try:
            return getattr(self.reader, _READERS[kind])()
        except ProgramFault:
            raise ProgramFault(BAD_MAIN_ARGUMENTS) from None

    def prim_main_in_table(self, name: str, kind: str, table: Table) -> None:
        """Prompt for each element of a table argument of the first algorithm (``Введите
        т[1]: ``, ``т[1,2]`` for two dimensions), row after row, and read it."""
        ranges = [range(low, high + 1) for low, high in table.bounds]
        for flat, index in enumerate(itertools.product(*ranges)):
            self.write(f"Введите {name}[{','.join(map(str, index))}]: ")
            try:
                table.data[flat] = getattr(self.reader, _READERS[kind])()
            except ProgramFault:
                raise ProgramFault(BAD_MAIN_ARGUMENTS) from None

    def prim_main_out(self, label: str, kind: str, value: Any) -> None:
        """Print a result of the first algorithm: ``Значение функции = 4``, ``r = 6``;
        nothing for one never given a value (KuMir 2 prints nothing then, no error)."""
        if value is None:
            return
        quote = _QUOTES.get(kind, "")  # KuMir shows a лит "in quotes", a сим 'so'
        self.write(f"{label} = {quote}{_text(kind, value)}{quote}\n")


_QUOTES = {"лит": '"', "сим": "'"}
_READERS = {"цел": "read_int", "вещ": "read_real", "лог": "read_bool", "сим": "read_char",
            "лит": "read_word_str", "файл": "read_file_key"}


def _text(kind: str, value: Any) -> str:
    if value is None:
        raise ProgramFault(UNDEFINED)
    if kind == "вещ":
        return formatting.format_real(value)
    if kind == "лог":
        return formatting.format_bool(value)
    return str(value)
