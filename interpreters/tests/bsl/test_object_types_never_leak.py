"""Every method of every object type (ТаблицаЗначений, СписокЗначений, ОписаниеТипов …), called
with arguments of every kind, ends in a value or a 1C error — never a Python exception."""

from __future__ import annotations

import io
import itertools
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest

from portinterp.bsl.library import names, names_media
from portinterp.bsl.platform import BslRuntime
from portinterp.bsl.runtime.objects import CONSTRUCTORS, BslObject, load_types
from portinterp.bsl.runtime.values import NULL, BslArray, BslMap, BslStructure
from portinterp.errors import ProgramFault

load_types()


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Methods that write files (``ДвоичныеДанные.Записать("К")``) write them there."""
    monkeypatch.chdir(tmp_path)


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


def prepared(runtime: BslRuntime) -> dict[str, Any]:
    """Objects that need arguments or come from other objects (JSON, regular expressions,
    binary data, hashing, text): each in a state where its methods have something to do."""
    regex = runtime.prim_new_named("РегулярноеВыражение", r"(\d)(?<n>\d)|(x)")
    matches = regex.bsl_matches("a12b34x")
    reader = runtime.prim_new_named("ЧтениеJSON")
    reader.bsl_setstring('[1, {"a": "2012-04-23T18:25:43"}, /* c */ true] // d')
    reader.bsl_read()
    writer = runtime.prim_new_named("ЗаписьJSON")
    writer.bsl_setstring()
    writer.bsl_writestartobject()
    with open("text.txt", "w", encoding="utf-8") as file:
        file.write("строка 1\nстрока 2\n")
    hash_function = names.ENUMS["хешфункция"]["crc32"]
    return {
        "regex": regex, "matches": matches, "match": matches.get(0),
        "groups": matches.get(0).property("группы", "Группы"),
        "group": matches.get(0).property("группы", "Группы").get(2),
        "reader": reader, "writer": writer,
        "binary": runtime.prim_f_getbinarydatafromstring("абв"),
        "buffer": runtime.prim_f_getbinarydatabufferfromhexstring("00 01 FF"),
        "hash": runtime.prim_new_named("ХешированиеДанных", hash_function),
        # not Монопольно: each call of ``prepared`` opens the file again in the same run
        "text reader": runtime.prim_new_named("ЧтениеТекста", "text.txt", None, None, None,
                                              False),
        "text document": runtime.prim_new_named("ТекстовыйДокумент"),
    }


@pytest.mark.parametrize("key", ["regex", "matches", "match", "groups", "group", "reader",
                                 "writer", "binary", "buffer", "hash", "text reader",
                                 "text document"])
def test_prepared_objects_end_in_a_value_or_a_1c_error(key: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    sample = prepared(runtime)[key]
    methods = [m[4:] for m in dir(sample) if m.startswith("bsl_") and m != "bsl_method"]
    properties = getattr(sample, "property_names", list)()
    calls = itertools.chain([()], itertools.product(values(), repeat=1),
                            itertools.product(values()[:7], repeat=2))
    for args in calls:
        for method in methods:
            target = prepared(runtime)[key]
            attempt(runtime.prim_method, target, method, method, *args)
        target = prepared(runtime)[key]
        attempt(runtime.prim_getitem, target, args[0] if args else 0)
        attempt(lambda t: list(runtime.prim_iterate(t)), target)
        attempt(runtime.prim_f_string, target)
        for name in properties:
            attempt(runtime.prim_getprop, target, name.lower(), name)
            attempt(runtime.prim_setprop, target, name.lower(), name, args[0] if args else None)


MEDIA_FUNCTIONS = names_media.MEDIA_BUILTINS  # in a scratch directory: УдалитьФайлы too


@pytest.mark.parametrize("row", MEDIA_FUNCTIONS, ids=[row[2] for row in MEDIA_FUNCTIONS])
def test_media_functions_end_in_a_value_or_a_1c_error(row: tuple[Any, ...]) -> None:
    """The global functions of JSON and binary data with arguments of every kind (their own
    objects among them), as many as the compiler lets a call have (up to three)."""
    _russian, _english, canonical, low, high = row
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    function = getattr(runtime, "prim_f_" + canonical)
    own = [*prepared(runtime).values(), names.ENUMS["кодировкатекста"]["utf16"], "UTF-16BE",
           "cp866", "нет такой"]
    kinds = values() + own
    for count in range(low, min(high, 3) + 1):
        pools = [kinds] + [values()[:8] + own[-4:]] * (count - 1)
        for args in itertools.product(*pools[:count]) if count else [()]:
            attempt(function, *args)


@pytest.mark.parametrize("text", [
    "", "[", "]", "{", "}", ",", "[,]", "[1,]", "{,}", '{"a"}', '{"a":', '{"a" 1}', "/", "/*",
    "//", '"', '"\\', '"\\u12"', '"\\x"', "-", "1e999", "1e", "NaN", "undefined", "tru",
    "[1 2]", "{'a':1}", "{a:1}", "{1:2}", '"2012-13-45T25:61:61"', '"/Date(999999999999999999)/"',
    '"2012-04-23T24:00:00+03:00"', "[[[[[[", "]]]]", "0x10", "--1", "[1,,2]", "{\"a\":1,,}"])
def test_json_reading_ends_in_a_value_or_a_1c_error(text: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    for to_map in (False, True):
        reader = runtime.prim_new_named("ЧтениеJSON")
        reader.bsl_setstring(text)
        attempt(runtime.prim_f_readjson, reader, to_map)
        reader.bsl_setstring(text)
        for _ in range(10):
            attempt(reader.bsl_skip)
            attempt(reader.property, "текущеезначение", "ТекущееЗначение")
            attempt(reader.property, "типтекущегозначения", "ТипТекущегоЗначения")
