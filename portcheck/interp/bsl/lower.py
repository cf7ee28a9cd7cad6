"""Check a 1C parse tree and lower it to the shared IR.

The checks are the ones the 1C compiler makes before running anything: unknown variables
and procedures, wrong argument counts, a procedure used as a function, ``Прервать``
outside a loop, duplicate names.  Names are case-insensitive, so they are lower-cased.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lark import Token, Tree

from portcheck.interp import ir
from portcheck.interp.bsl import library
from portcheck.interp.bsl.literals import date_value, number_value, string_value
from portcheck.interp.bsl.specialise import specialise
from portcheck.interp.bsl.static_types import BOOLEAN_PRIMS
from portcheck.interp.bsl.values import BslArray
from portcheck.interp.errors import CompileError

COMPARE_PRIMS = {"<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
ARITHMETIC_PRIMS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod"}
ARRAY_CLASS = BslArray


@dataclass
class Signature:
    name: str
    shown: str
    params: list[ir.Param]
    is_function: bool


@dataclass
class Scope:
    """The names one procedure (or the module body) can see."""

    locals_: set[str]
    globals_: set[str]
    temps: list[str] = field(default_factory=list)
    loop_depth: int = 0
    is_function: bool | None = None  # None: the module body

    def knows(self, name: str) -> bool:
        return name in self.locals_ or name in self.globals_

    def temp(self, hint: str) -> str:
        name = f"%{hint}{len(self.temps) + 1}"
        self.temps.append(name)
        return name


def pos_of(node: Tree | Token) -> ir.Pos:
    if isinstance(node, Token):
        return ir.Pos(node.line or 0, node.column or 0)
    return ir.Pos(getattr(node.meta, "line", 0), getattr(node.meta, "column", 0))


def children(node: Tree) -> list[Tree | Token]:
    """Children without keyword tokens and empty optional slots."""
    return [c for c in node.children if c is not None and not _is_keyword(c)]


def _is_keyword(node: object) -> bool:
    return isinstance(node, Token) and node.type not in (
        "NAME", "NUMBER", "STRING", "DATE", "COMPARE", "PLUS", "MINUS", "STAR", "SLASH",
        "PERCENT")


def assigned_names(block: Tree | None) -> Iterator[Token]:
    """Names a block assigns as plain variables (they declare implicit locals)."""
    if block is None:
        return
    for node in block.iter_subtrees_topdown():
        if node.data == "assign" and node.children[0].data == "name":
            yield node.children[0].children[0]
        elif node.data in ("for_stmt", "for_each_stmt"):
            yield next(c for c in node.children if isinstance(c, Token) and c.type == "NAME")


class Lowerer:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.signatures: dict[str, Signature] = {}
        self.module_vars: set[str] = set()
        self.scope = Scope(set(), set())
        self.initial: set[int] = set()  # id() of the Assign giving a variable Неопределено

    def initial_values(self, names: list[str]) -> list[ir.Stmt]:
        """Every variable starts as Неопределено (``definite`` tells these apart)."""
        statements: list[ir.Stmt] = [ir.Assign(ir.Var(name), ir.Const(None)) for name in names]
        self.initial.update(id(stmt) for stmt in statements)
        return statements

    def error(self, node: Tree | Token, message: str) -> CompileError:
        where = pos_of(node)
        return CompileError(self.filename, where.line, where.col, message)

    # ---- module structure ------------------------------------------------------------

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
        self.scope = Scope(set(), self.module_vars | implicit)
        statements = self.block(body)
        globals_ = sorted(self.module_vars | implicit | set(self.scope.temps))
        init = self.initial_values(globals_)
        return ir.Module(globals_, procs, init + statements, self.filename)

    def declare(self, token: Token, names: set[str]) -> str:
        name = token.value.lower()
        if name in names:
            raise self.error(token, f"Переменная с таким именем уже определена ({token.value})")
        names.add(name)
        return name

    def signature(self, method: Tree) -> None:
        name_token = method.children[1]
        name = name_token.value.lower()
        if name in self.signatures:
            raise self.error(name_token, "Процедура или функция с таким именем уже определена "
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

    def default(self, node: Tree) -> ir.Const:
        if node.data == "negative_number":
            return ir.Const(-number_value(node.children[1].value))
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
                        raise self.error(token, "Переменная с таким именем уже определена "
                                                f"({token.value})")
                    declared.add(self.declare(token, declared))
        body = next(c for c in reversed(method.children) if isinstance(c, Tree)
                    and c.data == "block")
        implicit = {t.value.lower() for t in assigned_names(body)} - self.module_vars
        everything = locals_ | declared | implicit
        self.scope = Scope(everything, self.module_vars, is_function=signature.is_function)
        statements = self.block(body)
        own = sorted((declared | implicit | set(self.scope.temps)) - locals_)
        init = self.initial_values(own)
        return ir.Proc(signature.name, signature.params, own, init + statements,
                       signature.is_function, pos_of(method))

    # ---- statements ------------------------------------------------------------------

    def block(self, block: Tree | None) -> list[ir.Stmt]:
        if block is None:
            return []
        statements: list[ir.Stmt] = []
        for stmt in children(block):
            statements.extend(self.stmt(stmt))
        return statements

    def stmt(self, node: Tree) -> list[ir.Stmt]:
        return getattr(self, "stmt_" + node.data)(node)

    def stmt_assign(self, node: Tree) -> list[ir.Stmt]:
        target, value = node.children
        return [ir.Assign(self.target(target), self.expr(value), pos_of(node))]

    def target(self, node: Tree) -> ir.Var | ir.Item:
        if node.data == "name":
            return ir.Var(node.children[0].value.lower(), pos_of(node))
        if node.data in ("index", "property"):
            place = self.expr(node)
            assert isinstance(place, ir.Item)
            return place
        raise self.error(node, "Синтаксическая ошибка: присваивание этому выражению невозможно")

    def stmt_call_stmt(self, node: Tree) -> list[ir.Stmt]:
        call = node.children[0]
        if not isinstance(call, Tree) or call.data not in ("call", "method_call"):
            raise self.error(node, "Синтаксическая ошибка: ожидается вызов процедуры "
                                   "или присваивание")
        return [ir.Eval(self.expr(call, as_statement=True), pos_of(node))]

    def stmt_if_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, then, *rest = children(node)
        branches = [(self.condition(test), self.block(then))]
        orelse: list[ir.Stmt] = []
        for part in rest:
            if isinstance(part, Tree) and part.data == "elsif":
                elsif_test, elsif_block = children(part)
                branches.append((self.condition(elsif_test), self.block(elsif_block)))
            else:
                orelse = self.block(part)
        return [ir.If(branches, orelse, pos_of(node))]

    def stmt_while_stmt(self, node: Tree) -> list[ir.Stmt]:
        test, body = node.children[1], node.children[3]
        return [ir.While(self.condition(test), self.loop_body(body), pos_of(node))]

    def loop_body(self, body: Tree | None) -> list[ir.Stmt]:
        self.scope.loop_depth += 1
        try:
            return self.block(body)
        finally:
            self.scope.loop_depth -= 1

    def stmt_for_stmt(self, node: Tree) -> list[ir.Stmt]:
        var_token, start, stop, body = (node.children[1], node.children[2],
                                        node.children[4], node.children[6])
        var = var_token.value.lower()
        where = pos_of(node)
        if self.loop_var_changed(var, body):
            return self.counted_while(var, start, stop, body, where)
        first, last = self.expr(start), self.expr(stop)
        return [ir.ForRange(var, first, last, None, self.loop_body(body), "range", "range_after",
                            where)]

    @staticmethod
    def loop_var_changed(var: str, body: Tree | None) -> bool:
        """Does the body assign the counter, or pass it to a call (which may change it)?"""
        if body is None:
            return False
        if any(t.value.lower() == var for t in assigned_names(body)):
            return True
        for node in body.iter_subtrees():
            if node.data == "args":
                for arg in node.children:
                    if (isinstance(arg, Tree) and arg.data == "name"
                            and arg.children[0].value.lower() == var):
                        return True
        return False

    def counted_while(self, var: str, start: Tree, stop: Tree, body: Tree | None,
                      where: ir.Pos) -> list[ir.Stmt]:
        """``Для`` whose body changes the counter: 1C then counts on from the new value."""
        limit = self.scope.temp("limit")
        counter = ir.Var(var, where)
        step = ir.Assign(counter, ir.Prim("add", [counter, ir.Const(1)], where), where)
        leave = ir.If([(ir.Prim("gt", [counter, ir.Var(limit)], where), [ir.Break(where)])],
                      [], where)
        return [
            ir.Assign(counter, ir.Prim("sub", [ir.Prim("for_bound", [self.expr(start)], where),
                                               ir.Const(1)], where), where),
            ir.Assign(ir.Var(limit), ir.Prim("for_bound", [self.expr(stop)], where), where),
            ir.While(ir.Const(True), [step, leave, *self.loop_body(body)], where),
        ]

    def stmt_for_each_stmt(self, node: Tree) -> list[ir.Stmt]:
        var_token, collection, body = node.children[2], node.children[4], node.children[6]
        return [ir.ForEach(var_token.value.lower(), self.expr(collection),
                           self.loop_body(body), "iterate", pos_of(node))]

    def stmt_break_stmt(self, node: Tree) -> list[ir.Stmt]:
        if not self.scope.loop_depth:
            raise self.error(node, "Оператор Прервать (Break) может употребляться только "
                                   "внутри цикла")
        return [ir.Break(pos_of(node))]

    def stmt_continue_stmt(self, node: Tree) -> list[ir.Stmt]:
        if not self.scope.loop_depth:
            raise self.error(node, "Оператор Продолжить (Continue) может употребляться "
                                   "только внутри цикла")
        return [ir.Continue(pos_of(node))]

    def stmt_return_stmt(self, node: Tree) -> list[ir.Stmt]:
        value = node.children[1]
        if value is not None and not self.scope.is_function:
            raise self.error(node, "Процедура не может возвращать значение")
        return [ir.Return(None if value is None else self.expr(value), pos_of(node))]

    def stmt_try_stmt(self, node: Tree) -> list[ir.Stmt]:
        body, handler = node.children[1], node.children[3]
        return [ir.Try(self.block(body), self.block(handler), "caught", pos_of(node))]

    def stmt_raise_stmt(self, node: Tree) -> list[ir.Stmt]:
        value = node.children[1]
        message = ir.Const(None) if value is None else self.expr(value)
        return [ir.Eval(ir.Prim("raise", [message], pos_of(node)), pos_of(node))]

    # ---- expressions -----------------------------------------------------------------

    def condition(self, node: Tree) -> ir.Expr:
        """An expression used as a condition: a Python bool, converted the 1C way."""
        value = self.expr(node)
        if isinstance(value, ir.And | ir.Or | ir.Not) or (
            isinstance(value, ir.Prim) and value.fn in BOOLEAN_PRIMS
        ) or (isinstance(value, ir.Const) and type(value.value) is bool):
            return value
        return ir.Prim("truth", [value], pos_of(node))

    def expr(self, node: Tree, as_statement: bool = False) -> ir.Expr:
        if node.data in ("call", "method_call"):
            return getattr(self, "expr_" + node.data)(node, as_statement)
        return getattr(self, "expr_" + node.data)(node)

    def expr_number(self, node: Tree) -> ir.Expr:
        return ir.Const(number_value(node.children[0].value), pos_of(node))

    def expr_string(self, node: Tree) -> ir.Expr:
        return ir.Const(string_value([t.value for t in node.children]), pos_of(node))

    def expr_date(self, node: Tree) -> ir.Expr:
        value = date_value(node.children[0].value)
        if value is None:
            raise self.error(node, "Неверная константа типа Дата")
        return ir.Const(value, pos_of(node))

    def expr_true(self, node: Tree) -> ir.Expr:
        return ir.Const(True, pos_of(node))

    def expr_false(self, node: Tree) -> ir.Expr:
        return ir.Const(False, pos_of(node))

    def expr_undefined(self, node: Tree) -> ir.Expr:
        return ir.Const(None, pos_of(node))

    def expr_null(self, node: Tree) -> ir.Expr:
        from portcheck.interp.bsl.values import NULL

        return ir.Const(NULL, pos_of(node))

    def expr_name(self, node: Tree) -> ir.Expr:
        token = node.children[0]
        name = token.value.lower()
        if not self.scope.knows(name):
            raise self.error(node, f"Переменная не определена ({token.value})")
        return ir.Var(name, pos_of(node))

    def expr_or_op(self, node: Tree) -> ir.Expr:
        left, right = children(node)
        return ir.Or(self.condition(left), self.condition(right), pos_of(node))

    def expr_and_op(self, node: Tree) -> ir.Expr:
        left, right = children(node)
        return ir.And(self.condition(left), self.condition(right), pos_of(node))

    def expr_not_op(self, node: Tree) -> ir.Expr:
        (operand,) = children(node)
        return ir.Not(self.condition(operand), pos_of(node))

    def expr_compare_op(self, node: Tree) -> ir.Expr:
        left, operator, right = node.children
        return self.operator(COMPARE_PRIMS[operator.value], [self.expr(left), self.expr(right)],
                             pos_of(operator))

    def operator(self, fn: str, args: list[ir.Expr], where: ir.Pos) -> ir.Prim:
        return ir.Prim(fn, args, where)

    def expr_equal_op(self, node: Tree) -> ir.Expr:
        left, right = node.children
        return self.operator("eq", [self.expr(left), self.expr(right)], pos_of(node))

    def expr_binary_op(self, node: Tree) -> ir.Expr:
        left, operator, right = node.children
        return self.operator(ARITHMETIC_PRIMS[operator.value],
                             [self.expr(left), self.expr(right)], pos_of(operator))

    def expr_negate(self, node: Tree) -> ir.Expr:
        operand = self.expr(node.children[1])
        if isinstance(operand, ir.Const) and type(operand.value) is not bool and isinstance(
            operand.value, int
        ):
            return ir.Const(-operand.value, pos_of(node))
        return ir.Prim("neg", [operand], pos_of(node))

    def expr_unary_plus(self, node: Tree) -> ir.Expr:
        return ir.Prim("plus", [self.expr(node.children[1])], pos_of(node))

    def expr_ternary(self, node: Tree) -> ir.Expr:
        test, then, orelse = node.children
        return ir.Cond(self.condition(test), self.expr(then), self.expr(orelse), pos_of(node))

    def expr_index(self, node: Tree) -> ir.Expr:
        base, index = node.children
        index_expr = self.expr(index)
        return ir.Item(self.expr(base), [index_expr, ir.Const(ARRAY_CLASS)], "getitem",
                       "setitem", pos_of(node))

    def expr_property(self, node: Tree) -> ir.Expr:
        base, name = node.children
        enum = self.enum_member(base, name)
        if enum is not None:
            return enum
        return ir.Item(self.expr(base), [ir.Const(name.value.lower()), ir.Const(name.value)],
                       "getprop", "setprop", pos_of(name))

    def enum_member(self, base: Tree, member: Token) -> ir.Expr | None:
        """``Символы.ПС``, ``РежимОкругления.Окр15как10``: constants."""
        if base.data != "name":
            return None
        enum_name = base.children[0].value.lower()
        if self.scope.knows(enum_name) or enum_name not in library.ENUMS:
            return None
        value = library.ENUMS[enum_name].get(member.value.lower())
        if value is None:
            raise self.error(member, f"Поле объекта не обнаружено ({member.value})")
        return ir.Const(value, pos_of(member))

    def arguments(self, node: Tree | None) -> list[Tree | None]:
        args = [] if node is None else list(node.children)
        return [] if args == [None] else args

    def expr_method_call(self, node: Tree, as_statement: bool = False) -> ir.Expr:
        base, name, args_node = node.children
        canonical = library.METHODS.get(name.value.lower())
        where = pos_of(name)
        if canonical is None:
            raise self.error(name, f"Метод объекта не обнаружен ({name.value})")
        args = [ir.Const(None) if a is None else self.expr(a)
                for a in self.arguments(args_node)]
        return ir.Prim("method", [self.expr(base), ir.Const(canonical), ir.Const(name.value),
                                  *args], where)

    def expr_call(self, node: Tree, as_statement: bool = False) -> ir.Expr:
        name_token, args_node = node.children
        name = name_token.value.lower()
        args = self.arguments(args_node)
        where = pos_of(node)
        signature = self.signatures.get(name)
        if signature is not None:
            self.check_count(name_token, len(args), len(signature.params), len(args))
            missing = [p for p, a in zip(signature.params, args + [None] * 99, strict=False)
                       if a is None and p.default is None]
            if missing:
                raise self.error(name_token,
                                 f"Недостаточно фактических параметров ({name_token.value})")
            if not signature.is_function and not as_statement:
                raise self.error(name_token,
                                 f"Использование процедуры как функции ({name_token.value})")
            return ir.Call(name, [None if a is None else self.expr(a) for a in args], where)
        builtin = library.BUILTINS.get(name)
        if builtin is None:
            raise self.error(name_token, "Процедура или функция с указанным именем не "
                                         f"определена ({name_token.value})")
        self.check_count(name_token, len(args), builtin.max_args,
                         len([a for a in args if a is not None]), builtin.min_args)
        if not builtin.is_function and not as_statement:
            raise self.error(name_token,
                             f"Использование процедуры как функции ({name_token.value})")
        return self.builtin_call(builtin, args, where)

    def check_count(self, token: Token, given: int, most: int, present: int,
                    least: int = 0) -> None:
        if given > most:
            raise self.error(token, f"Слишком много фактических параметров ({token.value})")
        if present < least:
            raise self.error(token, f"Недостаточно фактических параметров ({token.value})")

    def builtin_call(self, builtin: library.Builtin, args: list[Tree | None],
                     where: ir.Pos) -> ir.Expr:
        if builtin.canonical == "int" and args[0] is not None and args[0].data == "binary_op" \
                and args[0].children[1].value == "/":
            # Цел(a / b): the whole quotient, without an intermediate decimal.
            left, _, right = args[0].children
            return self.operator("quotient", [self.expr(left), self.expr(right)], where)
        if builtin.canonical == "type" and args[0] is not None and args[0].data == "string":
            type_text = string_value([t.value for t in args[0].children])
            if type_text.lower() not in library.TYPE_NAMES:
                raise self.error(args[0], f"Тип не определен ({type_text})")
        values = [ir.Const(None) if a is None else self.expr(a) for a in args]
        if builtin.canonical == "mid":
            values += [ir.Const(None)] * (3 - len(values))
            return self.operator("f_mid", values, where)
        return ir.Prim("f_" + builtin.canonical, values, where)

    def expr_new(self, node: Tree) -> ir.Expr:
        name_token, args_node = node.children[1], node.children[2]
        kind = library.NEW_TYPES.get(name_token.value.lower())
        if kind is None:
            raise self.error(name_token, f"Тип не определен ({name_token.value})")
        args = [ir.Const(None) if a is None else self.expr(a)
                for a in self.arguments(args_node)]
        return ir.Prim("new_" + kind, args, pos_of(node))


def lower(tree: Tree, filename: str) -> ir.Module:
    """The checked module, its operators specialised by their static types."""
    lowerer = Lowerer(filename)
    module = lowerer.module(tree)
    return specialise(module, lowerer.initial)
