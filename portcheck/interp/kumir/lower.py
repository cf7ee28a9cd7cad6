"""A whole program: the introduction (global declarations) and the algorithms, checked and
lowered to an ``ir.Module`` whose body runs the first algorithm."""

from __future__ import annotations

from lark import Token, Tree

from portcheck.interp import ir
from portcheck.interp.kumir.library import BUILTINS
from portcheck.interp.kumir.lower_stmts import StmtLowering
from portcheck.interp.kumir.ranges import narrow_module
from portcheck.interp.kumir.scope import ARG, RESULT_NAME, Scope, Signature, Variable
from portcheck.interp.kumir.types import TERMINAL_TABLES, TERMINAL_TYPES, TableType, Type
from portcheck.interp.lowering import pos_of


class ModuleLowering(StmtLowering):
    """Lowers a whole program (``module``); one instance per program."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.algorithms: dict[str, Signature] = {}
        self.scope = Scope({}, is_global=True)
        self.loop_depth = 0
        self.wanted_checks = []
        self.declared = []

    def module(self, tree: Tree) -> ir.Module:
        intro, *algs = tree.children
        for alg in algs:
            self.register(alg)
        body = self.body(intro)
        globals_ = list(self.declared)
        procs = [self.algorithm(alg) for alg in algs]
        if algs:
            body.append(self.run_first(algs[0]))
        return ir.Module(globals_, procs, body, self.filename)

    def run_first(self, alg: Tree) -> ir.Stmt:
        signature = self.algorithms[str(_alg_name(alg))]
        if signature.params:
            self.fail(_alg_name(alg), "Первый (главный) алгоритм не должен иметь параметров")
        pos = pos_of(alg)
        return ir.Eval(ir.Call(signature.name, [], pos), pos)

    # -- signatures --------------------------------------------------------------------

    def register(self, alg: Tree) -> None:
        name = _alg_name(alg)
        if str(name) in self.algorithms or str(name) in BUILTINS:
            self.fail(name, f"Алгоритм с именем {name} уже есть")
        result = _alg_result(alg)
        params = _child(alg, "params")
        variables = self.params(params) if params is not None else []
        self.algorithms[str(name)] = Signature(str(name), variables, result,
                                               name.line or 0, name.column or 0)

    def params(self, node: Tree) -> list[Variable]:
        """``арг цел a, b, рез вещ c``: a mode and a type carry over to the next names."""
        mode, kind_token = ARG, None
        variables = []
        for param in node.children:
            for part in param.children:
                if isinstance(part, Tree) and part.data == "mode":
                    mode = str(part.children[0])
                elif isinstance(part, Tree) and part.data == "type_":
                    kind_token = part.children[0]
            name = next(c for c in param.children if isinstance(c, Token))
            if kind_token is None:
                self.fail(name, f"Не указан тип параметра {name}")
            bounds = _child(param, "bounds_list")
            kind = self.declared_type(kind_token, bounds, name)
            variables.append(Variable(str(name), kind, mode))
        return variables

    # -- algorithms --------------------------------------------------------------------

    def algorithm(self, alg: Tree) -> ir.Proc:
        signature = self.algorithms[str(_alg_name(alg))]
        self.scope = Scope(self.scope.globals_)
        self.declared, self.wanted_checks, self.loop_depth = [], [], 0
        prologue: list[ir.Stmt] = []
        for param in signature.params:
            self.add_variable(_alg_name(alg), param)
            if param.mode == "рез" and not isinstance(param.type, TableType):
                prologue.append(ir.Assign(ir.Var(param.name), ir.Const(None)))
        self.declared = []
        if signature.result is not None:
            self.scope.locals_[RESULT_NAME] = Variable(RESULT_NAME, signature.result)
            self.declared.append(RESULT_NAME)
            prologue.append(ir.Assign(ir.Var(RESULT_NAME), ir.Const(None)))
        preamble = _child(alg, "alg_pre")
        if preamble is not None:
            prologue += self.body(preamble)
        body = prologue + self.body(_child(alg, "body"))
        pos = pos_of(alg)
        body += [*self.wanted_checks, ir.Return(self.result_value(pos), pos)]
        params = [ir.Param(p.name, by_ref=p.mode in ("рез", "аргрез")) for p in signature.params]
        return ir.Proc(signature.name, params, list(self.declared), body,
                       signature.result is not None, pos)


def lower(tree: Tree, filename: str) -> ir.Module:
    """The checked program, its provably safe operations unchecked (``ranges``)."""
    return narrow_module(ModuleLowering(filename).module(tree))


def _child(node: Tree, data: str) -> Tree | None:
    return next((c for c in node.children if isinstance(c, Tree) and c.data == data), None)


UNNAMED = "главный"


def _alg_name(alg: Tree) -> Token:
    """The algorithm's name; an unnamed one (``алг`` alone) is called ``главный``."""
    name = next((c for c in alg.children if isinstance(c, Token)), None)
    if name is None:
        return Token("NAME", UNNAMED, line=alg.meta.line, column=alg.meta.column)
    return name


def _alg_result(alg: Tree) -> Type | None:
    kind = _child(alg, "type_")
    if kind is None:
        return None
    token = kind.children[0]
    if token.type in TERMINAL_TABLES:
        return TableType(TERMINAL_TABLES[token.type], 1)
    return TERMINAL_TYPES[token.type]
