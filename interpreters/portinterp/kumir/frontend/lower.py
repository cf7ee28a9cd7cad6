"""A whole program: the introduction (global declarations) and the algorithms, checked and
lowered to an ``ir.Module`` whose body runs the first algorithm.

Every error is collected (KuMir reports them all): a statement with an error is left out
and the checking goes on; ``lower`` then raises the first (by line) with the others in
``CompileError.more``.
"""

from __future__ import annotations

from lark import Token, Tree

from portinterp.core import ir
from portinterp.core.lowering import pos_of
from portinterp.core.walk import body_expressions, walk_expr, walk_statements
from portinterp.errors import CompileError
from portinterp.kumir.frontend.buffer_output import buffer_module
from portinterp.kumir.frontend.filled_tables import fill_module
from portinterp.kumir.frontend.inline_calls import inline_module
from portinterp.kumir.frontend.library import BUILTINS
from portinterp.kumir.frontend.lower_stmts import StmtLowering
from portinterp.kumir.frontend.promote_globals import promote_module
from portinterp.kumir.frontend.ranges import narrow_module
from portinterp.kumir.frontend.real_ranges import narrow_reals
from portinterp.kumir.frontend.scope import (
    ARG,
    ARGRES,
    RES,
    RESULT_NAME,
    Scope,
    Signature,
    Variable,
)
from portinterp.kumir.runtime.core import KumirRuntime
from portinterp.kumir.runtime.types import INT, TableType, Type, element_of

UNNAMED = "главный"
_MAIN_PREFIX = "$"  # the first algorithm's arguments: no KuMir name holds a "$"
MAIN_FLAG = "$главный"  # raised while the program itself calls its first algorithm


class ModuleLowering(StmtLowering):
    """Lowers a whole program (``module``); one instance per program."""

    def __init__(self, filename: str, errors: list[CompileError]) -> None:
        self.filename = filename
        self.errors = errors
        self.algorithms: dict[str, Signature] = {}
        self.broken: set[str] = set()
        self.main: Tree | None = None  # the algorithm the program runs
        self.scope = Scope({}, is_global=True)
        self.loop_depth = 0
        self.wanted_checks = []
        self.declared = []
        self.main_holders: list[str] = []
        self.library_procs: dict[str, ir.Proc] = {}
        self.real_constants: dict[str, float] = {}
        self.big_literals: set[int] = set()

    def module(self, tree: Tree) -> ir.Module:
        uses, intro, *rest = tree.children
        algs = [a for node in rest
                for a in (node.children if node.data == "module_algs" else [node])]
        self.uses(uses)
        for alg in algs:
            self.guarded(lambda alg=alg: self.register(alg))
        body = self.body(intro)
        globals_ = list(self.declared)
        # The program runs its first algorithm outside the modules (исп … кон исп).
        main = next((node for node in rest if node.data != "module_algs"), None)
        self.main = main
        procs = [self.algorithm(alg) for alg in algs if _alg_name(alg) in self.algorithms]
        if main is not None and _alg_name(main) in self.algorithms:
            body += self.guarded(lambda: self.run_first(main)) or []
        if MAIN_FLAG in self.main_holders:
            body.insert(0, ir.Assign(ir.Var(MAIN_FLAG), ir.Const(False)))
        procs += self.library_procs.values()
        return ir.Module(globals_ + self.main_holders, procs, body, self.filename)

    def uses(self, node: Tree) -> None:
        for use in node.children:
            name = use.children[0]
            if str(name) not in ("Строки", "Файлы"):  # both preloaded, as in KuMir 2
                self.errors.append(CompileError(self.filename, name.line or 0, name.column or 0,
                                                "Нет такого исполнителя"))

    def run_first(self, alg: Tree) -> list[ir.Stmt]:
        """Call the first algorithm.  If it has parameters, KuMir asks for the arguments
        (``Введите a: ``), reads them from the input and prints the results
        (``Значение функции = 4``, ``r = 6``); the names hold them in the module."""
        signature = self.algorithms[_alg_name(alg)]
        pos = pos_of(alg.children[0])
        steps: list[ir.Stmt] = []
        args: list[ir.Expr] = []
        nodes = _param_nodes(alg.children[0])
        holders: dict[str, str] = {}
        for param, node in zip(signature.params, nodes, strict=True):
            holder = ir.Var(_MAIN_PREFIX + param.name, pos)
            self.main_holders.append(holder.name)
            value: ir.Expr = ir.Const(None, pos)
            if isinstance(param.type, TableType):
                # KuMir asks for each element (``Введите т[1]: ``), row after row; its bounds
                # may name the module's variables and the arguments asked before.
                bounds = [_renamed(self.converted(e, INT, "граница таблицы"), holders)
                          for bound in _child(node, "bounds_list").children  # type: ignore[union-attr]
                          for e in bound.children]
                value = ir.Prim("new_table", bounds, pos)
                steps.append(ir.Assign(holder, value, pos))
                if param.mode != RES:
                    steps.append(ir.Eval(ir.Prim("main_in_table", [
                        ir.Const(param.name), ir.Const(param.type.element), holder], pos), pos))
                holders[param.name] = holder.name
                args.append(holder)
                continue
            if param.mode != RES:
                value = ir.Prim("main_in", [ir.Const(param.name), ir.Const(param.type)], pos)
            steps.append(ir.Assign(holder, value, pos))
            holders[param.name] = holder.name
            args.append(holder)
        call = ir.Call(signature.name, args, pos)
        if MAIN_FLAG in self.main_holders:
            steps.append(ir.Assign(ir.Var(MAIN_FLAG, pos), ir.Const(True), pos))
        if signature.result is None:
            steps.append(ir.Eval(call, pos))
        else:
            steps.append(self.main_out("Значение функции", signature.result, call, pos))
        for param, holder in zip(signature.params, args, strict=True):
            if param.mode in (RES, ARGRES) and not isinstance(param.type, TableType):
                steps.append(self.main_out(param.name, param.type, holder, pos))
        return steps

    def main_flagged(self, body: list[ir.Stmt], result: ir.Expr,
                     pos: ir.Pos) -> list[ir.Stmt]:
        """The first algorithm's body, returning without the check of ``знач`` when the
        program itself runs it (``run_first`` raises the flag just before the call)."""
        flag, mine = ir.Var(MAIN_FLAG, pos), ir.Var(MAIN_FLAG + "я", pos)
        if MAIN_FLAG not in self.main_holders:
            self.main_holders.append(MAIN_FLAG)
        self.declared.append(mine.name)
        return [ir.Assign(mine, flag, pos), ir.Assign(flag, ir.Const(False), pos), *body,
                ir.If([(mine, [ir.Return(result, pos)])], [], pos)]

    @staticmethod
    def main_out(label: str, kind: Type, value: ir.Expr, pos: ir.Pos) -> ir.Stmt:
        return ir.Eval(ir.Prim("main_out", [ir.Const(label), ir.Const(kind), value], pos), pos)

    # -- signatures --------------------------------------------------------------------

    def register(self, alg: Tree) -> None:
        header = alg.children[0]
        name = _alg_name(alg)
        token = _name_token(alg)
        if header.data == "broken_header":
            self.broken.add(name)
            return
        try:
            self.register_signature(alg, header, name, token)
        except CompileError:
            self.broken.add(name)  # its calls are «Алгоритм с ошибкой», as in KuMir
            raise

    def register_signature(self, alg: Tree, header: Tree, name: str, token: Token) -> None:
        if name in self.algorithms or name in BUILTINS:
            self.fail(token, "Имя занято другим алгоритмом")
        result = _alg_result(header)
        if isinstance(result, TableType):
            self.fail(token, "Нельзя вернуть таблицу")
        params = _child(header, "params")
        variables = self.params(params) if params is not None else []
        self.algorithms[name] = Signature(name, variables, result, token.line or 0,
                                          token.column or 0)

    def params(self, node: Tree) -> list[Variable]:
        """``арг цел a, b, рез вещ c``: a mode and a type carry over to the next names."""
        mode, kind_token = ARG, None
        variables = []
        for param in node.children:
            for part in param.children:
                if isinstance(part, Tree) and part.data == "mode":
                    mode = "аргрез" if part.children[0].type == "ARGRES" else str(
                        part.children[0])
                elif isinstance(part, Tree) and part.data == "type_":
                    kind_token = part.children[0]
            name = next(c for c in param.children if isinstance(c, Token))
            if kind_token is None:
                self.fail(name, "Не указан тип")
            bounds = _child(param, "bounds_list")
            call = _call_in(bounds)
            if call is not None:  # a parameter's bound is known before any algorithm runs
                self.fail(call, "Нельзя использовать вызов алгоритма в границе")
            kind = self.declared_type(kind_token, bounds, name)
            variables.append(Variable(str(name), kind, mode))
        return variables

    # -- algorithms --------------------------------------------------------------------

    def algorithm(self, alg: Tree) -> ir.Proc:
        signature = self.algorithms[_alg_name(alg)]
        self.scope = Scope(self.scope.globals_)
        self.declared, self.wanted_checks, self.loop_depth = [], [], 0
        prologue: list[ir.Stmt] = []
        tables = [p for p in signature.params if isinstance(p.type, TableType)]
        if any(p.mode != ARG for p in tables):
            # KuMir copies an арг table: with a рез/аргрез table beside it, the same table
            # passed twice must not change under the арг name (a copy only then: it costs).
            prologue += [ir.Assign(ir.Var(p.name), ir.Prim("table_copy", [ir.Var(p.name)]))
                         for p in tables if p.mode == ARG]
        for param in signature.params:
            self.guarded(lambda param=param: self.add_variable(_name_token(alg), param))
            if param.mode == RES and not isinstance(param.type, TableType):
                prologue.append(ir.Assign(ir.Var(param.name), ir.Const(None)))
            elif param.mode == RES:  # KuMir 2 forgets a рез table's elements on entry
                prologue.append(ir.Eval(ir.Prim("table_clear", [ir.Var(param.name)])))
        self.declared = []
        if signature.result is not None:
            self.scope.locals_[RESULT_NAME] = Variable(RESULT_NAME, signature.result)
            self.declared.append(RESULT_NAME)
        prologue += self.body(alg.children[1])
        body = prologue + self.body(alg.children[2])
        pos = pos_of(alg.children[0])
        result = self.result_value(pos)
        if signature.result is not None and not _sets_result_first(body):
            body.insert(0, ir.Assign(ir.Var(RESULT_NAME), ir.Const(None)))
            # A function that may end without a value: KuMir stops at its ``кон`` (the
            # first algorithm's result is printed only when it has one: no error there).
            end = getattr(alg.meta, "end", None)
            if end is not None:
                pos = pos_of(end)
                checked: ir.Expr = ir.Prim("defined", [ir.Var(RESULT_NAME, pos)], pos)
                if alg is self.main:  # only where the program runs it (2506: a bound calls it)
                    body = self.main_flagged(body, result, pos)
                result = checked
        body += [*self.wanted_checks, ir.Return(result, pos)]
        params = [ir.Param(p.name, by_ref=p.mode in ("рез", "аргрез")) for p in signature.params]
        return ir.Proc(signature.name, params, list(self.declared), body,
                       signature.result is not None, pos)


def lower(tree: Tree, filename: str, errors: list[CompileError]) -> ir.Module:
    """The checked program, its provably safe operations unchecked (``ranges``), then its
    small algorithms inlined (``inline_calls``: the operators' order of evaluation is the
    narrowed one) and the module variables of an algorithm that calls none as its locals
    (``promote_globals``), and last the needless checks of its ``вещ`` values dropped
    (``real_ranges``); raises the first error (with the others in ``more``) if there is
    any."""
    module = ModuleLowering(filename, errors).module(tree)
    if errors:
        ordered = sorted(errors, key=lambda e: (e.line, e.col))
        first = ordered[0]
        first.more = ordered[1:]
        raise first
    inlined = inline_module(narrow_module(module), KumirRuntime.inline)
    return buffer_module(fill_module(narrow_reals(promote_module(inlined))),
                         KumirRuntime.inline)


def _param_nodes(header: Tree) -> list[Tree]:
    """The parameter nodes of an algorithm's header, in order."""
    params = _child(header, "params")
    return [] if params is None else list(params.children)


def _renamed(code: ir.Expr, holders: dict[str, str]) -> ir.Expr:
    """``code`` with the first algorithm's parameters read from their holders."""
    if isinstance(code, ir.Var):
        return ir.Var(holders.get(code.name, code.name), code.pos)
    if isinstance(code, ir.Prim):
        return ir.Prim(code.fn, [_renamed(a, holders) for a in code.args], code.pos)
    return code


def _call_in(bounds: Tree | None) -> Tree | None:
    """The first call of an algorithm (with arguments, or a built-in function without)
    in a table parameter's bounds."""
    if bounds is None:
        return None
    for node in bounds.iter_subtrees_topdown():
        if node.data == "call" or (node.data == "name" and str(node.children[0]) in BUILTINS):
            return node
    return None


def _child(node: Tree, data: str) -> Tree | None:
    return next((c for c in node.children if isinstance(c, Tree) and c.data == data), None)


def _name_token(alg: Tree) -> Token:
    """The algorithm's name; an unnamed one (``алг`` alone) is called ``главный``."""
    header = alg.children[0]
    name = next((c for c in header.children if isinstance(c, Token)), None)
    if name is None:
        return Token("NAME", UNNAMED, line=header.meta.line, column=header.meta.column)
    return name


def _alg_name(alg: Tree) -> str:
    return str(_name_token(alg))


def _alg_result(header: Tree) -> Type | None:
    kind = _child(header, "type_")
    if kind is None:
        return None
    element, is_table = element_of(str(kind.children[0]))
    return TableType(element, 1) if is_table else element


def _sets_result_first(body: list[ir.Stmt]) -> bool:
    """Does ``body`` give ``знач`` a value (a top-level assignment) before anything could
    read it or return?  Then it needs no «no value yet» start (a store saved per call)."""
    for stmt in body:
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var) \
                and stmt.target.name == RESULT_NAME:
            return not any(isinstance(e, ir.Var) and e.name == RESULT_NAME
                           for e in walk_expr(stmt.value))
        if _reads_result([stmt]) or any(isinstance(s, ir.Return | ir.Break | ir.Goto)
                                        for s in walk_statements([stmt])):
            return False
    return False


def _reads_result(body: list[ir.Stmt]) -> bool:
    return any(isinstance(e, ir.Var) and e.name == RESULT_NAME
               for e in body_expressions(body))
