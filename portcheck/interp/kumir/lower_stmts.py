"""Type checking and lowering of statements (declarations, assignment, control flow,
``вывод``, ``ввод``) to the shared IR."""

from __future__ import annotations

from collections.abc import Callable

from lark import Token, Tree

from portcheck.interp import ir
from portcheck.interp.kumir.library import BUILTINS
from portcheck.interp.kumir.lower_exprs import ExprLowering
from portcheck.interp.kumir.scope import RESULT_NAME, Variable
from portcheck.interp.kumir.types import (
    BOOL,
    CHAR,
    INT,
    REAL,
    STR,
    TERMINAL_TABLES,
    TERMINAL_TYPES,
    TableType,
    Type,
)
from portcheck.interp.lowering import Node, pos_of

_FAST_WRITES = {INT: "write_int", STR: "write_text", CHAR: "write_text"}
_INPUT_PRIMS = {INT: "in_int", REAL: "in_real", BOOL: "in_bool", CHAR: "in_char", STR: "in_str"}


class StmtLowering(ExprLowering):
    loop_depth: int
    wanted_checks: list[ir.Stmt]
    declared: list[str]

    def body(self, node: Tree) -> list[ir.Stmt]:
        lowered: list[ir.Stmt] = []
        for child in node.children:
            lowered += self.stmt(child)
        return lowered

    def stmt(self, node: Node) -> list[ir.Stmt]:
        if isinstance(node, Token):  # a stray ";"
            return []
        return getattr(self, "stmt_" + node.data)(node)

    # -- declarations ------------------------------------------------------------------

    def stmt_decl(self, node: Tree) -> list[ir.Stmt]:
        lowered: list[ir.Stmt] = []
        kind_token: Token | None = None
        for child in node.children:
            if child.data == "type_":
                kind_token = child.children[0]
                continue
            assert kind_token is not None
            lowered.append(self.declare(kind_token, child))
        return lowered

    def declare(self, kind_token: Token, decl: Tree) -> ir.Stmt:
        name_token = decl.children[0]
        bounds = decl.children[1] if len(decl.children) > 1 else None
        kind = self.declared_type(kind_token, bounds, name_token)
        self.add_variable(name_token, Variable(str(name_token), kind))
        pos = pos_of(name_token)
        if isinstance(kind, TableType):
            assert bounds is not None
            limits = [self.converted(e, INT, "граница таблицы")
                      for bound in bounds.children for e in bound.children]
            return ir.Assign(ir.Var(str(name_token), pos), ir.Prim("new_table", limits, pos), pos)
        return ir.Assign(ir.Var(str(name_token), pos), ir.Const(None, pos), pos)

    def declared_type(self, kind_token: Token, bounds: Tree | None, name: Token) -> Type:
        if kind_token.type in TERMINAL_TABLES:
            if bounds is None:
                self.fail(name, f"У таблицы {name} не указаны границы")
            return TableType(TERMINAL_TABLES[kind_token.type], len(bounds.children))
        if bounds is not None:
            self.fail(name, f"{name} объявлена как {kind_token}, а не таблица")
        return TERMINAL_TYPES[kind_token.type]

    def add_variable(self, token: Token, variable: Variable) -> None:
        own = self.scope.own()
        if variable.name in own or variable.name in self.algorithms:
            self.fail(token, f"Имя уже объявлено: {variable.name}")
        own[variable.name] = variable
        self.declared.append(variable.name)

    # -- assignment and calls ----------------------------------------------------------

    def stmt_assign(self, node: Tree) -> list[ir.Stmt]:
        place, value_node = node.children
        return [self.store(place, lambda kind: self.converted(value_node, kind, "присваивание"),
                           pos_of(node))]

    def store(self, place: Tree, make: Callable[[Type], ir.Expr], pos: ir.Pos) -> ir.Stmt:
        """``place := value``; ``make(type)`` lowers the value for the place's type."""
        token, *index_nodes = place.children
        name = str(token)
        variable = self.scope.lookup(name)
        if variable is None:
            self.fail(token, f"Имя не объявлено: {name}")
        if not index_nodes:
            if isinstance(variable.type, TableType):
                self.fail(token, f"Таблицу {name} нельзя присвоить целиком")
            return ir.Assign(ir.Var(name, pos_of(token)), make(variable.type), pos)
        index = [self.converted(i, INT, "индекс") for i in index_nodes]
        base = ir.Var(name, pos_of(token))
        if isinstance(variable.type, TableType):
            item = self.table_item(token, base, variable.type, index)
            return ir.Assign(item, make(variable.type.element), pos)
        if variable.type == STR and len(index) == 1:
            char = ir.Prim("with_char", [base, index[0], make(CHAR)], pos)
            return ir.Assign(ir.Var(name, pos_of(token)), char, pos)
        self.fail(token, f"{name} — не таблица и не строка, индекс не нужен")

    def stmt_call_stmt(self, node: Tree) -> list[ir.Stmt]:
        token = node.children[0]
        args = node.children[1].children if len(node.children) > 1 else []
        name = str(token)
        signature = self.algorithms.get(name)
        if signature is None:
            if name in {"вывод", "ввод"}:
                self.fail(token, f"Синтаксическая ошибка в команде {name}")
            self.fail(token, f"Имя не объявлено: {name}" if name not in self.scope_names()
                      else f"{name} — не алгоритм")
        if signature.result is not None:
            self.fail(token, f"Алгоритм-функцию {name} нельзя вызывать как команду")
        return [ir.Eval(self.user_call(token, signature, args), pos_of(node))]

    def scope_names(self) -> set[str]:
        return set(self.scope.locals_) | set(self.scope.globals_) | set(BUILTINS)

    # -- control flow ------------------------------------------------------------------

    def stmt_if_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, then, *rest = node.children
        orelse = self.body(rest[0]) if rest else []
        return [ir.If([(self.condition(test), self.body(then))], orelse, pos_of(node))]

    def stmt_switch_stmt(self, node: Tree) -> list[ir.Stmt]:
        branches = []
        orelse: list[ir.Stmt] = []
        for child in node.children:
            if child.data == "case":
                test, body = child.children
                branches.append((self.condition(test), self.body(body)))
            else:
                orelse = self.body(child)
        return [ir.If(branches, orelse, pos_of(node))]

    def loop_body(self, body: Tree, end: Tree) -> tuple[list[ir.Stmt], ir.Expr | None]:
        """The loop's statements and its ``кц при`` condition, if any."""
        self.loop_depth += 1
        lowered = self.body(body)
        until = self.condition(end.children[1]) if end.children else None
        self.loop_depth -= 1
        return lowered, until

    @staticmethod
    def with_until(body: list[ir.Stmt], until: ir.Expr | None) -> list[ir.Stmt]:
        if until is None:
            return body
        return [*body, ir.If([(until, [ir.Break(until.pos)])], [], until.pos)]

    def stmt_for_loop(self, node: Tree) -> list[ir.Stmt]:
        var_token, start, stop, *rest = node.children
        step = rest[0] if len(rest) == 3 else None
        variable = self.scope.lookup(str(var_token))
        if variable is None:
            self.fail(var_token, f"Имя не объявлено: {var_token}")
        if variable.type != INT:
            self.fail(var_token, f"Переменная цикла {var_token} должна быть цел")
        bounds = [self.converted(e, INT, "граница цикла") for e in (start, stop)]
        step_code = None if step is None else self.converted(step, INT, "шаг цикла")
        body, until = self.loop_body(rest[-2], rest[-1])
        return [ir.ForRange(str(var_token), bounds[0], bounds[1], step_code,
                            self.with_until(body, until), "for_range", "for_after", pos_of(node))]

    def stmt_while_loop(self, node: Tree) -> list[ir.Stmt]:
        test, body_node, end = node.children
        condition = self.condition(test)
        body, until = self.loop_body(body_node, end)
        return [ir.While(condition, self.with_until(body, until), pos_of(node))]

    def stmt_times_loop(self, node: Tree) -> list[ir.Stmt]:
        count_node, body_node, end = node.children
        count = self.converted(count_node, INT, "число повторений")
        body, until = self.loop_body(body_node, end)
        return [ir.Times(count, self.with_until(body, until), "times", pos_of(node))]

    def stmt_plain_loop(self, node: Tree) -> list[ir.Stmt]:
        body_node, end = node.children
        body, until = self.loop_body(body_node, end)
        if until is None:
            return [ir.While(ir.Const(True), body, pos_of(node))]
        return [ir.Repeat(body, until, pos_of(node))]

    def stmt_exit_stmt(self, node: Tree) -> list[ir.Stmt]:
        pos = pos_of(node)
        if self.loop_depth:
            return [ir.Break(pos)]
        return [*self.wanted_checks, ir.Return(self.result_value(pos), pos)]

    def result_value(self, pos: ir.Pos) -> ir.Expr | None:
        variable = self.scope.locals_.get(RESULT_NAME)
        return ir.Var(RESULT_NAME, pos) if variable is not None else None

    # -- checks ------------------------------------------------------------------------

    def stmt_assert_stmt(self, node: Tree) -> list[ir.Stmt]:
        return [self.check("check_assert", node.children[0], node)]

    def stmt_given(self, node: Tree) -> list[ir.Stmt]:
        return [self.check("check_given", node.children[0], node)] if node.children else []

    def stmt_wanted(self, node: Tree) -> list[ir.Stmt]:
        if node.children:
            self.wanted_checks.append(self.check("check_wanted", node.children[0], node))
        return []

    def check(self, prim: str, test: Node, node: Tree) -> ir.Stmt:
        return ir.Eval(ir.Prim(prim, [self.condition(test)], pos_of(node)), pos_of(node))

    # -- вывод and ввод ----------------------------------------------------------------

    def stmt_output(self, node: Tree) -> list[ir.Stmt]:
        return [self.output_item(item) for item in node.children]

    def output_item(self, item: Tree) -> ir.Stmt:
        pos = pos_of(item)
        first = item.children[0]
        if isinstance(first, Token) and first.type == "NL":
            return ir.Eval(ir.Prim("out_newline", [], pos), pos)
        value, kind = self.expr(first)
        if isinstance(kind, TableType):
            self.fail(first, "Таблицу нельзя вывести целиком")
        formats = [self.converted(f, INT, "формат вывода") for f in item.children[1:]]
        if not formats and kind in _FAST_WRITES:
            return ir.Eval(ir.Prim(_FAST_WRITES[kind], [value], pos), pos)
        prim = ("out", "out_width", "out_fixed")[len(formats)]
        return ir.Eval(ir.Prim(prim, [ir.Const(kind), value, *formats], pos), pos)

    def stmt_input(self, node: Tree) -> list[ir.Stmt]:
        pos = pos_of(node)
        reads = [self.store(place, self.read_value(place), pos_of(place))
                 for place in node.children]
        return [*reads, ir.Eval(ir.Prim("in_end", [], pos), pos)]

    def read_value(self, place: Tree) -> Callable[[Type], ir.Expr]:
        def read(kind: Type) -> ir.Expr:
            if isinstance(kind, TableType):
                self.fail(place, "Таблицу нельзя ввести целиком")
            return ir.Prim(_INPUT_PRIMS[kind], [], pos_of(place))

        return read
