"""ЗаписатьJSON then ПрочитатьJSON gives the value back, and what ЗаписьJSON writes is JSON
that Python's own ``json`` reads as the same data (an independent check of the escaping and
layout), for random nested values and every line-break / indent setting."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.bsl.library import names
from portinterp.bsl.library.json.lexer import parse_date
from portinterp.bsl.platform import BslRuntime
from portinterp.bsl.runtime.objects import load_types
from portinterp.bsl.runtime.values import BslArray, BslMap

load_types()

KEYS = st.from_regex(r"[A-Za-zА-Яа-я_][A-Za-z0-9_]{0,6}", fullmatch=True)
TEXTS = st.text(max_size=12).filter(lambda text: parse_date(text) is None)
NUMBERS = st.integers(-(2**63), 2**63 - 1) | st.decimals(
    min_value=-10**6, max_value=10**6, places=4, allow_nan=False).filter(
    lambda d: d != d.to_integral_value())
SCALARS = st.none() | st.booleans() | NUMBERS | TEXTS
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(KEYS, inner, max_size=4), max_leaves=12)
BREAKS = ["Unix", "Windows", "Нет", "Авто"]


def to_bsl(value: Any) -> Any:
    if isinstance(value, list):
        return BslArray([to_bsl(item) for item in value])
    if isinstance(value, dict):
        mapping = BslMap()
        for key, item in value.items():
            mapping.bsl_insert(key, to_bsl(item))
        return mapping
    return value


def from_bsl(value: Any) -> Any:
    if isinstance(value, BslArray):
        return [from_bsl(item) for item in value.items]
    if isinstance(value, BslMap):
        return {key: from_bsl(item) for key, item in value.entries.values()}
    return value


def plain(value: Any) -> Any:
    """What Python's json reads back: decimals as floats."""
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, Decimal):
        return float(value)
    return value


def written(runtime: BslRuntime, value: Any, line_break: str, padding: str) -> str:
    writer = runtime.prim_new_named("ЗаписьJSON")
    member = names.ENUMS["переносстрокjson"][line_break.lower()]
    writer.bsl_setstring(runtime.prim_new_named("ПараметрыЗаписиJSON", member, padding))
    runtime.prim_f_writejson(writer, to_bsl(value))
    return writer.bsl_close()  # type: ignore[no-any-return]


@settings(max_examples=100, deadline=None)
@given(VALUES, st.sampled_from(BREAKS), st.sampled_from(["", " ", "\t"]))
def test_written_json_reads_back_the_same(value: Any, line_break: str, padding: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), "onescript")
    text = written(runtime, value, line_break, padding)
    assert json.loads(text) == plain(value)
    reader = runtime.prim_new_named("ЧтениеJSON")
    reader.bsl_setstring(text)
    read = from_bsl(runtime.prim_f_readjson(reader, True))
    assert read == value
