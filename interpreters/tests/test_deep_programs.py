"""Random deep and long programs in both languages (issue 8): expressions nested hundreds
of levels, blocks nested past Python's 100 indentation levels and 20 nested loops, long
straight-line code, nested calls and deep recursion.  Compiling and running one never lets
a Python exception escape — only ``CompileError``/``RunError`` with ``file:line:col`` —
and every way of compiling it agrees: 1C specialised or general (``specialise``), KuMir
with or without the range analysis, and either with the core's nesting cuts as usual or
so low that nearly every block and sub-expression becomes a closure."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp import bsl, kumir
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse as parse_bsl
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.platform import BslRuntime
from portinterp.core import limits
from portinterp.core.deep import call_deep
from portinterp.core.program import Program, compile_module
from portinterp.errors import CompileError, RunError
from portinterp.kumir.frontend import lower as kumir_lower

PLACE = re.compile(r"^p\.(bsl|kum):\d+:\d+: \S")
# Every block a closure, every sub-expression past the second level a helper.
CUT_LOW = {"INDENT_CUT": 1, "BLOCKS_CUT": 1, "EXPR_CUT": 2, "ELIF_CUT": 2}


def outcome(compile_: Callable[[], Program], run: Callable[..., object]) -> str:
    """What the program prints, then ``!`` and its error; any other exception fails."""
    out = io.StringIO()
    try:
        run(compile_(), stdin=io.StringIO("5\n"), stdout=out)
    except (CompileError, RunError) as error:
        assert PLACE.match(str(error)), str(error)
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def cut_low(compile_: Callable[[], Program]) -> Callable[[], Program]:
    def compiled() -> Program:
        with mock.patch.multiple(limits, **CUT_LOW):
            return compile_()
    return compiled


def alike(usual: Callable[[], Program], plain: Callable[[], Program],
          run: Callable[..., object]) -> None:
    """The usual compilation, the one without the language's pass (``plain``) and the
    usual one with its cuts low print and fail alike."""
    expected = outcome(usual, run)
    assert outcome(plain, run) == expected
    assert outcome(cut_low(usual), run) == expected


# ---- 1C ----------------------------------------------------------------------------------

BSL_LAYERS = ["({} + 1)", "(2 - {})", "-{}", "Вернуть({})", "({} * 1)", "Цел({} / 2)",
              "?({} > 0, 1, 0)", "Макс({}, 3)", "(\"ч\" + {})", "Число({})", "(НЕ {} = 0)",
              "(1 + Вернуть(1) + {})", "(Истина И {} > 1 ИЛИ Ложь)", "(1 / ({} - 5))"]
BSL_BLOCKS = ["Если Истина Тогда\n{}КонецЕсли;\n",
              "Если Ложь Тогда\nс = с - 1;\nИначе\n{}КонецЕсли;\n",
              "Для к{n} = 1 По {count} Цикл\n{}КонецЦикла;\n",
              "Пока с < 1000 Цикл\nс = с + 1;\n{}Прервать;\nКонецЦикла;\n",
              "Попытка\n{}Исключение\nСообщить(\"п\" + ОписаниеОшибки());\nКонецПопытки;\n",
              # a loop made of a label and a jump back (the core's dispatch loop)
              "г{n} = 0;\n~Л{n}:\nг{n} = г{n} + 1;\n{}"
              "Если г{n} < {count} Тогда Перейти ~Л{n}; КонецЕсли;\n"]
BSL_STATEMENTS = ["с = с + 1;\n", "Сообщить(с);\n", "Инк(с);\n",
                  "Если с % 3 = 0 Тогда Продолжить; КонецЕсли;\n",
                  "Если с % 5 = 0 Тогда Прервать; КонецЕсли;\n",
                  "Если с > 7 Тогда Возврат с * 10; КонецЕсли;\n",
                  "Если с = 4 Тогда ВызватьИсключение \"четыре\"; КонецЕсли;\n",
                  "Если с = 6 Тогда Перейти ~Конец; КонецЕсли;\n"]
BSL_HEAD = ("Функция Вернуть(х)\n Возврат х;\nКонецФункции\n"
            "Процедура Инк(х)\n х = х + 1;\nКонецПроцедуры\n"
            "Функция Рек(н)\n Если н <= 0 Тогда Возврат 0; КонецЕсли;\n"
            " Возврат Рек(н - 1) + 1;\nКонецФункции\n")


def layered(layers: list[str], core_: str) -> str:
    expression = core_
    for layer in layers:
        expression = layer.format(expression)
    return expression


def nest(templates: list[str], blocks: list[tuple[int, int]], text: str) -> str:
    """Blocks (kind, loop count) from the outermost in, around ``text``; a loop runs at
    most twice, and only the three innermost may (the work stays small)."""
    for n, (kind, count) in reversed(list(enumerate(blocks))):
        count = count if n >= len(blocks) - 3 else min(count, 1)
        text = templates[kind].replace("{n}", str(n)).replace("{count}", str(count)) \
            .replace("{}", text, 1)
    return text


def bsl_nest(blocks: list[tuple[int, int]], body: list[int]) -> str:
    in_loop = any(BSL_BLOCKS[kind].startswith(("Для", "Пока")) for kind, _ in blocks)
    jumps = ("Прервать", "Продолжить")  # a compile error outside a loop
    return nest(BSL_BLOCKS, blocks, "".join(
        BSL_STATEMENTS[s] for s in body
        if in_loop or not any(jump in BSL_STATEMENTS[s] for jump in jumps)))


def repeated(elements: st.SearchStrategy[object], times: int,
             size: int) -> st.SearchStrategy[list[object]]:
    """A drawn list of up to ``size`` elements, repeated up to ``times`` times: deep
    programs without drawing every level."""
    return st.builds(lambda items, n: items * n, st.lists(elements, max_size=size),
                     st.integers(1, times))


def programs(make: Callable[..., str], layers: list[str], blocks: list[str],
             statements: list[str]) -> st.SearchStrategy[str]:
    """``make(layers, blocks, statements, lines, recursion)``: an expression's layers
    (hundreds deep), the nested blocks (kind, loop count; up to 80 deep), the statements
    inside them, how many straight-line statements follow, how deep a function recurses."""
    return st.builds(
        make,
        repeated(st.sampled_from(layers), 20, 30),
        repeated(st.tuples(st.integers(0, len(blocks) - 1), st.integers(0, 2)), 8, 10),
        st.lists(st.integers(0, len(statements) - 1), min_size=1, max_size=6),
        st.integers(0, 400),
        st.integers(0, 3000),
    )


bsl_programs = programs(
    lambda layers, blocks, body, lines, recursion: (
        BSL_HEAD + "Функция Ф()\nс = 0;\n" + bsl_nest(blocks, body)
        + "~Конец:\nВозврат с;\nКонецФункции\n"
        + "Сообщить(Ф());\nА = 3;\n" + f"Сообщить({layered(layers, 'А')});\n"
        + "А = А + 1;\n" * lines + f"Сообщить(Рек({recursion}));\n"),
    BSL_LAYERS, BSL_BLOCKS, BSL_STATEMENTS)


def bsl_general(text: str) -> Program:
    """Lowered without the specialising pass, on a deep thread as ``compile_text`` is (a
    program hundreds of levels deep needs more than the main thread's 1000 frames)."""
    def compiled() -> Program:
        module = ModuleLowering("p.bsl").module(parse_bsl(normalise(text), "p.bsl"))
        return compile_module(module, BslRuntime)
    return call_deep(compiled)


@settings(max_examples=40, deadline=None)
@given(bsl_programs)
def test_deep_1c_programs_end_cleanly_and_alike_every_way(text: str) -> None:
    alike(lambda: bsl.compile_text(text, "p.bsl"), lambda: bsl_general(text), bsl.run_program)


# ---- KuMir -------------------------------------------------------------------------------

KUMIR_LAYERS = ["({} + 1)", "(2 - {})", "-{}", "верни({})", "({} * 3)", "div({}, 2)",
                "imax({}, 3)", "iabs({})", "mod({}, 7)", "(1 + верни(1) + {})",
                "int(1.5 * {})"]
KUMIR_BLOCKS = ["если да то\n{}все\n", "если нет то\nс := с - 1\nиначе\n{}все\n",
                "нц для к{n} от 1 до {count}\n{}кц\n", "нц {count} раз\n{}кц\n",
                "выбор\nпри с < 0: с := 0\nпри да:\n{}все\n"]
KUMIR_STATEMENTS = ["с := с + 1\n", "вывод с, нс\n", "инк(с)\n",
                    "если mod(с, 5) = 0 то выход все\n", "утв с < 9\n"]
KUMIR_TAIL = ("алг цел верни(цел х)\nнач\nзнач := х\nкон\n"
              "алг инк(аргрез цел х)\nнач\nх := х + 1\nкон\n"
              "алг цел рек(цел н)\nнач\n"
              "если н <= 0 то знач := 0 иначе знач := рек(н - 1) + 1 все\nкон\n")


def kumir_nest(blocks: list[tuple[int, int]], body: list[int]) -> str:
    return nest(KUMIR_BLOCKS, blocks, "".join(KUMIR_STATEMENTS[s] for s in body))


kumir_programs = programs(
    lambda layers, blocks, body, lines, recursion: (
        "алг\nнач\nцел а, с\n" + "".join(f"цел к{n}\n" for n in range(len(blocks)))
        + "с := 0\n" + kumir_nest(blocks, body) + "вывод с, нс\nа := 3\n"
        + f"вывод {layered(layers, 'а')}, нс\n" + "а := а + 1\n" * lines
        + f"вывод рек({recursion})\nкон\n" + KUMIR_TAIL),
    KUMIR_LAYERS, KUMIR_BLOCKS, KUMIR_STATEMENTS)


def kumir_unnarrowed(text: str) -> Program:
    with mock.patch.object(kumir_lower, "narrow_module", lambda module: module):
        return kumir.compile_text(text, "p.kum")


@settings(max_examples=40, deadline=None)
@given(kumir_programs)
def test_deep_kumir_programs_end_cleanly_and_alike_every_way(text: str) -> None:
    alike(lambda: kumir.compile_text(text, "p.kum"), lambda: kumir_unnarrowed(text),
          kumir.run_program)
