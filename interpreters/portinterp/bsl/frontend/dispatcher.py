"""The hidden dispatcher procedure of ``ЭтотОбъект`` (``library.this_object``): given a
procedure's name and an array of arguments, it calls that procedure of the module — one
branch per procedure and argument count, so the call goes through the ordinary compiled
call (arguments by value)."""

from __future__ import annotations

from portinterp.bsl.frontend.scope import Signature
from portinterp.bsl.library.this_object import DISPATCHER
from portinterp.bsl.runtime.values import BslArray
from portinterp.core import ir


def dispatcher(signatures: dict[str, Signature], where: ir.Pos) -> ir.Proc:
    """``%этотобъект_вызов(Имя, Аргументы)``: one branch per procedure and argument count."""
    name, args = ir.Var("name"), ir.Var("args")
    count = ir.Prim("method", [args, ir.Const("count"), ir.Const("Количество")], where)
    branches: list[tuple[ir.Expr, list[ir.Stmt]]] = []
    for key, signature in signatures.items():
        required = max((n + 1 for n, p in enumerate(signature.params) if p.default is None),
                       default=0)
        for given in range(required, len(signature.params) + 1):
            items: list[ir.Expr | None] = [
                ir.Item(args, [ir.Const(i), ir.Const(BslArray)], "getitem", "setitem", where)
                for i in range(given)]
            call = ir.Call(key, items, where)
            body: list[ir.Stmt] = ([ir.Return(call, where)] if signature.is_function
                                   else [ir.Eval(call, where), ir.Return(ir.Const(None), where)])
            test = ir.And(ir.Prim("eq", [name, ir.Const(key)], where),
                          ir.Prim("eq", [count, ir.Const(given)], where), where)
            branches.append((test, body))
    fail = ir.Eval(ir.Prim("raise", [ir.Const("Неверное количество параметров")], where), where)
    statements: list[ir.Stmt] = [ir.If(branches, [], where)] if branches else []
    params = [ir.Param("name", False, None), ir.Param("args", False, None)]
    return ir.Proc(DISPATCHER, params, [], [*statements, fail, ir.Return(ir.Const(None))],
                   True, where)


def methods_info(signatures: dict[str, Signature],
                 exported: set[str]) -> tuple[tuple[str, str, bool], ...]:
    """(lower-case name, name as written, exported) of each procedure: a constant of the IR."""
    return tuple((key, s.shown, key in exported) for key, s in signatures.items())
