"""Check a 1C parse tree and lower it to the shared IR: the module's structure (module
variables, procedures and functions, the module body), then the static-type
specialisation (``specialise``).

The checks are the ones the 1C compiler makes before running anything: unknown variables
and procedures, wrong argument counts, a procedure used as a function, ``Прервать``
outside a loop, duplicate names.  Names are case-insensitive, so they are lower-cased.
"""

from __future__ import annotations

from datetime import datetime

from lark import Token, Tree

from portinterp.bsl.frontend.eval_runtime import EvalLowering, fill_host
from portinterp.bsl.frontend.lower_exprs import children
from portinterp.bsl.frontend.lower_stmts import JUMPS, StmtLowering
from portinterp.bsl.frontend.scope import Scope, Signature, assigned_names
from portinterp.bsl.frontend.specialise import specialise
from portinterp.core import ir
from portinterp.core.lowering import pos_of


class ModuleLowering(EvalLowering, StmtLowering):
    """Lowers a whole module (``module``); one instance per program."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.signatures: dict[str, Signature] = {}
        self.module_vars: set[str] = set()
        self.scope = Scope(set(), set())
        self.initial: set[int] = set()  # id() of the Assign giving a variable Неопределено
        self.label_spelling: dict[str, str] = {}  # ~метка -> ~Метка as first written
        self.hidden_procs: dict[str, ir.Proc] = {}
        self.exported: set[str] = set()
        self.body_implicit: set[str] = set()
        self.host: list[object] | None = None  # what Выполнить's texts need (eval_runtime)

    def initial_values(self, names: list[str]) -> list[ir.Stmt]:
        """Every variable starts as Неопределено (``definite`` tells these apart)."""
        statements: list[ir.Stmt] = [ir.Assign(ir.Var(name), ir.Const(None)) for name in names]
        self.initial.update(id(stmt) for stmt in statements)
        return statements

    def module(self, tree: Tree) -> ir.Module:
        module_vars = [c for c in tree.children if isinstance(c, Tree) and c.data == "module_var"]
        methods = [c for c in tree.children
                   if isinstance(c, Tree) and c.data in ("procedure", "function")]
        body = tree.children[-1]
        for declaration in module_vars:
            for var_name in children(declaration):
                self.declare(var_name.children[0], self.module_vars)
        for method in methods:
            self.signature(method)
        procs = [self.method(method) for method in methods]
        implicit = {t.value.lower() for t in assigned_names(body)} - self.module_vars
        self.body_implicit = implicit
        self.scope = Scope(set(), self.module_vars | implicit)
        statements = self.block(body)
        self.check_jumps(statements, JUMPS, self.label_spelling)
        globals_ = sorted(self.module_vars | implicit | set(self.scope.temps))
        init = self.initial_values(globals_)
        procs += self.hidden_procs.values()
        return ir.Module(globals_, procs, self.labels_check(tree) + init + statements,
                         self.filename)

    @staticmethod
    def labels_check(tree: Tree) -> list[ir.Stmt]:
        """OneScript 1.9.2 has no labels: its compiler stops at the first ``~`` (the
        OneScript dialect reports that before anything runs; the platform's has them)."""
        labels = [t for t in tree.scan_values(lambda v: isinstance(v, Token) and
                                              v.type == "LABEL")]
        if not labels:
            return []
        first = min(labels, key=lambda t: (t.line, t.column))
        where = ir.Pos(first.line or 0, first.column or 0)
        return [ir.Eval(ir.Prim("labels_used", [], where), where)]

    def declare(self, token: Token, names: set[str]) -> str:
        name = token.value.lower()
        if name in names:
            self.fail(token, f"Переменная с таким именем уже определена ({token.value})")
        names.add(name)
        return name

    def signature(self, method: Tree) -> None:
        name_token = method.children[1]
        name = name_token.value.lower()
        if name in self.signatures:
            self.fail(name_token, "Процедура или функция с таким именем уже определена "
                      f"({name_token.value})")
        params: list[ir.Param] = []
        seen: set[str] = set()
        for param in children(method.children[2]):
            by_value = param.children[0] is not None
            param_name = self.declare(param.children[1], seen)
            default = param.children[2]
            params.append(ir.Param(param_name, not by_value,
                                   None if default is None else self.default(default)))
        self.signatures[name] = Signature(name, name_token.value, params,
                                          method.data == "function")
        if any(isinstance(c, Token) and c.type == "EXPORT" for c in method.children):
            self.exported.add(name)

    def default(self, node: Tree) -> ir.Const:
        """A parameter's default: a literal; a minus before a number negates it, before
        Истина, Ложь, Неопределено or Null changes nothing (OneScript's compiler); before
        a string or a date, or anything but a literal, is its error."""
        if node.data == "negative_number":
            return ir.Const(-self.number(node.children[1]))
        if node.data == "negative_literal":
            value = self.expr(node.children[1])
            if not isinstance(value, ir.Const) or type(value.value) in (str, datetime):
                self.fail(node.children[1], "Ожидается числовая константа")
            return value
        if node.data == "not_a_constant":
            self.fail(node.children[1], "Ожидается константа")
        value = self.expr(node)
        assert isinstance(value, ir.Const)
        return value

    def method(self, method: Tree) -> ir.Proc:
        signature = self.signatures[method.children[1].value.lower()]
        locals_ = {p.name for p in signature.params}
        declared: set[str] = set()
        for declaration in method.children:
            if isinstance(declaration, Tree) and declaration.data == "local_var":
                for token in children(declaration):
                    if token.value.lower() in locals_:
                        self.fail(token, "Переменная с таким именем уже определена "
                                  f"({token.value})")
                    declared.add(self.declare(token, declared))
        body = next(c for c in reversed(method.children) if isinstance(c, Tree)
                    and c.data == "block")
        implicit = {t.value.lower() for t in assigned_names(body)} - self.module_vars
        everything = locals_ | declared | implicit
        self.scope = Scope(everything, self.module_vars, is_function=signature.is_function)
        statements = self.block(body)
        self.check_jumps(statements, JUMPS, self.label_spelling)
        own = sorted((declared | implicit | set(self.scope.temps)) - locals_)
        init = self.initial_values(own)
        return ir.Proc(signature.name, signature.params, own, init + statements,
                       signature.is_function, pos_of(method))


    def finish(self, module: ir.Module) -> ir.Module:
        """The module specialised by its static types, with what its texts for
        ``Выполнить``/``Вычислить`` need of it."""
        module = specialise(module, self.initial)
        shown = {name: s.shown for name, s in self.signatures.items()}
        fill_host(self.host, module, self.module_vars, shown)
        return module


def lower(tree: Tree, filename: str) -> ir.Module:
    """The checked module, its operators specialised by their static types."""
    lowering = ModuleLowering(filename)
    return lowering.finish(lowering.module(tree))
