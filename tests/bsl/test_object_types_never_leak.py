"""Every method of every object type (ТаблицаЗначений, СписокЗначений, ОписаниеТипов …), called
with arguments of every kind, ends in a value or a 1C error — never a Python exception."""

from __future__ import annotations

import io
import itertools
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest

from portcheck.interp.bsl.objects import CONSTRUCTORS, BslObject, load_types
from portcheck.interp.bsl.runtime import BslRuntime
from portcheck.interp.bsl.values import NULL, BslArray, BslMap, BslStructure
from portcheck.interp.errors import ProgramFault

load_types()


def values() -> list[Any]:
    array = BslArray([1, "a", None])
    structure = BslStructure()
    structure.bsl_insert("К", 1)
    mapping = BslMap()
    mapping.bsl_insert(1, 2)
    return [None, 0, -1, 2, Decimal("1.5"), "", "К", "К, Д Убыв", True, datetime(2020, 1, 1),
            array, structure, mapping, NULL, 10**30]


def filled(runtime: BslRuntime, name: str) -> Any:
    """A new object of the type; a table or tree gets columns and rows of mixed values."""
    made = runtime.prim_new_named(name)
    columns = getattr(made, "columns", None)
    if columns is not None and hasattr(columns, "bsl_add"):
        for column in ("К", "Д"):
            columns.bsl_add(column)
        rows = made.rows if hasattr(made.rows, "bsl_add") else made
        for value in values()[:10]:
            row = rows.bsl_add()
            row.set("К", value)
            row.set("Д", 1)
    return made


def no_argument_constructors() -> list[str]:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    names = []
    for name in sorted(CONSTRUCTORS):
        try:
            runtime.prim_new_named(name)
        except ProgramFault:
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("name", no_argument_constructors())
def test_methods_end_in_a_value_or_a_1c_error(name: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    sample = filled(runtime, name)
    assert isinstance(sample, BslObject)
    methods = [m[4:] for m in dir(sample) if m.startswith("bsl_") and m != "bsl_method"]
    calls = itertools.chain([()], itertools.product(values(), repeat=1),
                            itertools.product(values()[:7], repeat=2))
    for args in calls:
        for method in methods:
            target = filled(runtime, name)
            attempt(runtime.prim_method, target, method, method, *args)
            attempt(runtime.prim_getitem, target, args[0] if args else 0)
            attempt(lambda t: list(runtime.prim_iterate(t)), target)
            attempt(runtime.prim_setprop, target, "к", "К", args[0] if args else None)
            attempt(runtime.prim_f_string, target)


def attempt(function: Any, *args: Any) -> None:
    """Call; a 1C error is a fine outcome, any other exception fails the test."""
    try:
        function(*args)
    except ProgramFault:
        pass


@pytest.mark.parametrize("name", sorted(CONSTRUCTORS))
def test_constructors_end_in_a_value_or_a_1c_error(name: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    for args in itertools.chain(itertools.product(values(), repeat=1),
                                itertools.product(values()[:8], repeat=2)):
        attempt(runtime.prim_new_named, name, *args)
