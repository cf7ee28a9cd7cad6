"""The execution core on a toy language runtime: control flow, by-ref parameters, inline
templates, error positions and warnings."""

from __future__ import annotations

import io
from typing import ClassVar

import pytest

from portinterp.core import ir
from portinterp.core.program import RuntimeBase, compile_module
from portinterp.errors import CompileError, ProgramFault, RunError

P = ir.Pos


class ToyRuntime(RuntimeBase):
    inline: ClassVar[dict[str, str]] = {
        "add": "({0} + {1})",
        "twice": "({0} + {0})",
        "lt": "({0} < {1})",
    }

    def __init__(self) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.caught: list[str] = []
        self.calls = 0

    def prim_print(self, value: object) -> None:
        self.write(f"{value}\n")

    def prim_div(self, a: int, b: int) -> int:
        if b == 0:
            raise ProgramFault("division by zero")
        return a // b

    def prim_range(self, start: int, stop: int, step: int | None) -> range:
        return range(start, stop + 1, step or 1)

    def prim_after(self, start: int, stop: int, step: int | None) -> int:
        return max(start, stop + 1)

    def prim_get(self, array: list[int], index: int) -> int:
        return array[index]

    def prim_set(self, array: list[int], index: int, value: int) -> None:
        array[index] = value

    def prim_counted(self) -> int:
        self.calls += 1
        return 5

    def prim_caught(self, fault: ProgramFault) -> None:
        self.caught.append(fault.message)

    def prim_shout(self) -> None:
        self.warn("loud")


def run(module: ir.Module) -> ToyRuntime:
    runtime = ToyRuntime()
    compile_module(module, ToyRuntime).run(runtime)
    return runtime


def say(expr: ir.Expr, line: int = 1) -> ir.Eval:
    return ir.Eval(ir.Prim("print", [expr]), P(line, 1))


def test_for_range_sums_and_leaves_stop_plus_one_in_the_variable() -> None:
    body = [
        ir.Assign(ir.Var("s"), ir.Const(0)),
        ir.ForRange("i", ir.Const(1), ir.Const(4), None,
                    [ir.Assign(ir.Var("s"), ir.Prim("add", [ir.Var("s"), ir.Var("i")]))],
                    range_fn="range", after_fn="after"),
        say(ir.Var("s")),
        say(ir.Var("i")),
    ]
    assert run(ir.Module([], [], body)).stdout.getvalue() == "10\n5\n"


def test_by_ref_parameter_is_copied_back_to_variable_and_item() -> None:
    bump = ir.Proc("bump", [ir.Param("x", by_ref=True)], [], [
        ir.Assign(ir.Var("x"), ir.Prim("add", [ir.Var("x"), ir.Const(1)])),
    ])
    cell = ir.Item(ir.Var("a"), [ir.Const(1)], "get", "set")
    body = [
        ir.Assign(ir.Var("n"), ir.Const(41)),
        ir.Eval(ir.Call("bump", [ir.Var("n")])),
        ir.Assign(ir.Var("a"), ir.Const([0, 7])),
        ir.Eval(ir.Call("bump", [cell])),
        say(ir.Var("n")),
        say(cell),
    ]
    assert run(ir.Module([], [bump], body)).stdout.getvalue() == "42\n8\n"


def test_globals_are_shared_and_defaults_fill_omitted_arguments() -> None:
    counter = ir.Proc("next", [ir.Param("by", default=ir.Const(10))], [], [
        ir.Assign(ir.Var("total"), ir.Prim("add", [ir.Var("total"), ir.Var("by")])),
        ir.Return(ir.Var("total")),
    ], is_function=True)
    body = [
        ir.Assign(ir.Var("total"), ir.Const(0)),
        say(ir.Call("next", [ir.Const(1)])),
        say(ir.Call("next", [None])),
    ]
    assert run(ir.Module(["total"], [counter], body)).stdout.getvalue() == "1\n11\n"


def test_inline_template_evaluates_a_repeated_argument_once() -> None:
    runtime = run(ir.Module([], [], [say(ir.Prim("twice", [ir.Prim("counted", [])]))]))
    assert runtime.stdout.getvalue() == "10\n"
    assert runtime.calls == 1


def test_repeat_runs_body_before_testing_and_short_circuit_skips_right_side() -> None:
    body = [
        ir.Assign(ir.Var("i"), ir.Const(0)),
        ir.Repeat([ir.Assign(ir.Var("i"), ir.Prim("add", [ir.Var("i"), ir.Const(1)]))],
                  ir.Or(ir.Const(True), ir.Prim("lt", [ir.Prim("div", [ir.Const(1),
                                                                        ir.Const(0)]),
                                                       ir.Const(0)]))),
        say(ir.Var("i")),
    ]
    assert run(ir.Module([], [], body)).stdout.getvalue() == "1\n"


def test_fault_names_file_line_and_column_of_the_statement() -> None:
    proc = ir.Proc("f", [], [], [say(ir.Prim("div", [ir.Const(1), ir.Const(0)]), line=7)])
    module = ir.Module([], [proc], [say(ir.Const("before"), 2), ir.Eval(ir.Call("f", []),
                                                                          P(3, 1))],
                       filename="demo.src")
    with pytest.raises(RunError) as error:
        run(module)
    assert str(error.value) == "demo.src:7:1: division by zero"


def test_try_catches_a_fault_and_runs_the_handler() -> None:
    body = [ir.Try([say(ir.Prim("div", [ir.Const(1), ir.Const(0)]))],
                   [say(ir.Const("handled"))], caught_fn="caught")]
    runtime = run(ir.Module([], [], body))
    assert runtime.stdout.getvalue() == "handled\n"
    assert runtime.caught == ["division by zero"]


def test_warning_carries_the_position_of_the_statement() -> None:
    module = ir.Module([], [], [ir.Eval(ir.Prim("shout", []), P(4, 5))], filename="w.src")
    assert run(module).warnings == ["w.src:4:5: warning: loud"]


def test_unknown_procedure_is_a_compile_error() -> None:
    module = ir.Module([], [], [ir.Eval(ir.Call("nope", [], P(2, 3)))], filename="x.src")
    with pytest.raises(CompileError, match=r"x.src:2:3: unknown procedure"):
        compile_module(module, ToyRuntime)


def test_names_with_spaces_and_keywords_become_distinct_identifiers() -> None:
    body = [
        ir.Assign(ir.Var("верхнее число"), ir.Const(1)),
        ir.Assign(ir.Var("верхнее_число"), ir.Const(2)),
        ir.Assign(ir.Var("if"), ir.Const(3)),
        say(ir.Prim("add", [ir.Var("верхнее число"), ir.Var("верхнее_число")])),
        say(ir.Var("if")),
    ]
    assert run(ir.Module([], [], body)).stdout.getvalue() == "3\n3\n"


def test_deep_recursion_becomes_a_fault_not_a_crash() -> None:
    loop = ir.Proc("down", [], [], [ir.Eval(ir.Call("down", []), P(9, 2))])
    with pytest.raises(RunError, match=r":9:2: stack overflow"):
        run(ir.Module([], [loop], [ir.Eval(ir.Call("down", []))]))


# ---- statement-level binding of template arguments, statement templates, inline ranges ----


class OrderRuntime(ToyRuntime):
    """Templates that use an argument twice, first conditionally (a tuple would be needed
    inside an expression), and a statement template; ``note`` logs its argument."""

    inline: ClassVar[dict[str, str]] = {
        **ToyRuntime.inline,
        "either": "({1} if {0} > 0 and {1} > 0 else {0} - {1})",
        "range": "range({0}, {1} + 1)",
        "addlate": "({0} + {1} if {1} > 0 else {1})",
    }
    inline_statements: ClassVar[dict[str, str]] = {
        "store": "if {1} >= 0:\n    {0}[{1}] = {2}\nelse:\n    P_bad_index({1})",
    }

    def __init__(self) -> None:
        super().__init__()
        self.log: list[int] = []

    def prim_note(self, value: int) -> int:
        self.log.append(value)
        return value

    def prim_bad_index(self, index: int) -> None:
        raise ProgramFault(f"bad index {index}")


def note(value: int) -> ir.Prim:
    return ir.Prim("note", [ir.Const(value)])


def run_ordered(module: ir.Module) -> tuple[OrderRuntime, str]:
    runtime = OrderRuntime()
    program = compile_module(module, OrderRuntime)
    program.run(runtime)
    return runtime, program.python_source


def test_leading_template_binds_its_arguments_in_statements_in_order() -> None:
    # either(3, 4): 3 > 0 and 4 > 0, so 4; each argument runs once, 3 before 4.
    body = [ir.Assign(ir.Var("x"), ir.Prim("either", [note(3), note(4)])), say(ir.Var("x"))]
    runtime, source = run_ordered(ir.Module([], [], body))
    assert runtime.stdout.getvalue() == "4\n"
    assert runtime.log == [3, 4]
    assert "[-1]" not in source  # no tuple: the arguments were bound by statements


def test_template_that_does_not_lead_its_statement_still_runs_arguments_in_order() -> None:
    # In an elif test nothing may run before the test itself: the tuple form is used.
    # either(-1, 5): -1 > 0 fails, so -1 - 5 = -6.
    test = ir.Prim("lt", [ir.Prim("either", [note(-1), note(5)]), ir.Const(0)])
    body = [ir.If([(ir.Const(False), [say(ir.Const("no"))]), (test, [say(ir.Const("yes"))])])]
    runtime, _ = run_ordered(ir.Module([], [], body))
    assert runtime.stdout.getvalue() == "yes\n"
    assert runtime.log == [-1, 5]


def test_statement_template_stores_and_reports_its_own_faults_at_the_statement() -> None:
    cell = ir.Item(ir.Var("a"), [note(1)], "get", "store")
    bad = ir.Item(ir.Var("a"), [ir.Const(-1)], "get", "store")
    body = [
        ir.Assign(ir.Var("a"), ir.Const([0, 0])),
        ir.Assign(cell, note(7), P(2, 1)),
        say(ir.Item(ir.Var("a"), [ir.Const(1)], "get", "set")),
        ir.Assign(bad, ir.Const(5), P(6, 3)),
    ]
    runtime = OrderRuntime()
    program = compile_module(ir.Module([], [], body, filename="s.src"), OrderRuntime)
    with pytest.raises(RunError) as error:
        program.run(runtime)
    assert runtime.stdout.getvalue() == "7\n"
    assert runtime.log == [1, 7]  # index, then value
    assert str(error.value) == "s.src:6:3: bad index -1"


def test_variable_argument_is_read_before_a_later_argument_calls_a_procedure() -> None:
    # bump(k) doubles n and returns k.  addlate(n, bump(1)) reads n (10) before bump
    # makes it 20: 10 + 1.  either(n, bump(-1)), a leading template whose arguments are
    # bound by statements, reads n (20) before bump makes it 40; -1 > 0 fails, so
    # 20 - (-1) = 21.
    doubled = ir.Prim("add", [ir.Var("n"), ir.Var("n")])
    bump = ir.Proc("bump", [ir.Param("k")], [], [ir.Assign(ir.Var("n"), doubled),
                                                 ir.Return(ir.Var("k"))], is_function=True)
    body = [ir.Assign(ir.Var("n"), ir.Const(10)),
            say(ir.Prim("addlate", [ir.Var("n"), ir.Call("bump", [ir.Const(1)])])),
            ir.Assign(ir.Var("m"), ir.Prim("either", [ir.Var("n"),
                                                      ir.Call("bump", [ir.Const(-1)])])),
            say(ir.Var("m"))]
    runtime, _ = run_ordered(ir.Module(["n"], [bump], body))
    assert runtime.stdout.getvalue() == "11\n21\n"


def test_range_of_a_counted_loop_may_be_an_inline_template() -> None:
    body = [ir.Assign(ir.Var("s"), ir.Const(0)),
            ir.ForRange("i", ir.Const(1), ir.Const(4), None,
                        [ir.Assign(ir.Var("s"), ir.Prim("add", [ir.Var("s"), ir.Var("i")]))],
                        range_fn="range", after_fn="after"),
            say(ir.Var("s"))]
    runtime, source = run_ordered(ir.Module([], [], body))
    assert runtime.stdout.getvalue() == "10\n"
    assert "P_range" not in source


# --- jumps (ir.Label, ir.Goto) ---------------------------------------------------------------


def var(name: str) -> ir.Var:
    return ir.Var(name)


def const(value: int) -> ir.Const:
    return ir.Const(value)


def set_(name: str, value: ir.Expr) -> ir.Assign:
    return ir.Assign(ir.Var(name), value)


def lt(a: ir.Expr, b: ir.Expr) -> ir.Prim:
    return ir.Prim("lt", [a, b])


def add(a: ir.Expr, b: ir.Expr) -> ir.Prim:
    return ir.Prim("add", [a, b])


def test_backward_goto_is_a_loop_and_forward_goto_skips() -> None:
    body = [
        set_("i", const(0)),
        ir.Label("again"),
        set_("i", add(var("i"), const(1))),
        ir.If([(lt(var("i"), const(3)), [ir.Goto("again")])]),
        say(var("i")),
        ir.Goto("end"),
        say(const(99)),
        ir.Label("end"),
        say(const(7)),
    ]
    assert run(ir.Module([], [], body)).stdout.getvalue() == "3\n7\n"


def test_goto_out_of_nested_loops_and_a_try() -> None:
    """The jump crosses two Python loops and a Попытка, which must not catch it."""
    inner = [ir.If([(lt(const(1), var("j")), [ir.Goto("out")])]), say(var("j"))]
    body = [
        ir.ForRange("i", const(1), const(3), None, [
            ir.Try([ir.ForRange("j", const(1), const(3), None, inner, range_fn="range")],
                   [say(const(-1))], "caught"),
        ], range_fn="range"),
        ir.Label("out"),
        say(const(100)),
    ]
    runtime = run(ir.Module([], [], body))
    assert runtime.stdout.getvalue() == "1\n100\n"
    assert runtime.caught == []


def test_labels_inside_a_loop_body_keep_break_and_continue_of_that_loop() -> None:
    """A loop body with a label is a dispatch loop; Break and Continue inside it still act
    on the source loop (1C: ``~Дальше:`` at the end of a loop body)."""
    body = [
        ir.ForRange("i", const(1), const(6), None, [
            ir.If([(lt(var("i"), const(3)), [ir.Goto("next")])]),
            ir.If([(lt(const(4), var("i")), [ir.Break()])]),
            ir.If([(lt(const(3), var("i")), [ir.Continue()])]),
            say(var("i")),
            ir.Label("next"),
            say(add(var("i"), const(10))),
        ], range_fn="range", after_fn="after"),
        say(var("i")),
    ]
    assert run(ir.Module([], [], body)).stdout.getvalue() == "11\n12\n3\n13\n5\n"


def test_goto_in_a_procedure_and_return_from_inside_the_dispatch() -> None:
    count = ir.Proc("count", [ir.Param("n")], ["k"], [
        set_("k", const(0)),
        ir.Label("top"),
        ir.If([(lt(var("n"), var("k")), [ir.Return(var("k"))])]),
        set_("k", add(var("k"), const(2))),
        ir.Goto("top"),
    ], is_function=True)
    body = [say(ir.Call("count", [const(5)]))]
    assert run(ir.Module([], [count], body)).stdout.getvalue() == "6\n"


def test_a_jump_into_a_block_is_refused() -> None:
    body = [ir.Goto("inside", P(1, 1)),
            ir.If([(lt(const(1), const(2)), [ir.Label("inside"), say(const(1))])])]
    with pytest.raises(CompileError, match="no label 'inside'"):
        compile_module(ir.Module([], [], body), ToyRuntime)


def test_goto_problems_name_unknown_labels_jumps_into_blocks_and_twice_given_names() -> None:
    from portinterp.core.walk import goto_problems

    twin = ir.Label("a", P(5, 1))
    body = [ir.Label("a", P(1, 1)), ir.Goto("nowhere", P(2, 1)), ir.Goto("deep", P(3, 1)),
            ir.While(const(True), [ir.Label("deep"), twin])]
    twice, bad = goto_problems(body)
    assert [(label.pos.line, first.pos.line) for label, first in twice] == [(5, 1)]
    assert [(goto.name, why) for goto, why in bad] == [("nowhere", "unknown"),
                                                        ("deep", "into block")]
