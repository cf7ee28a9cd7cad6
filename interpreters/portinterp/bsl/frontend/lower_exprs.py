"""Checking and lowering 1C expressions to the shared IR (general operators: ``add``,
``lt``, ``getitem`` …, which test their operands' types at run time; ``specialise`` picks
faster variants later).  Names must be known, built-ins and methods exist, and calls give
the right number of arguments (a procedure is not used as a function)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from lark import Token, Tree

from portinterp.bsl.frontend.dispatcher import dispatcher, methods_info
from portinterp.bsl.frontend.eval_runtime import EVALUATE_NAMES
from portinterp.bsl.frontend.onescript_names import ONESCRIPT_GLOBALS
from portinterp.bsl.frontend.scope import Scope, Signature
from portinterp.bsl.frontend.static_types import BOOLEAN_PRIMS
from portinterp.bsl.library import names
from portinterp.bsl.library.this_object import DISPATCHER
from portinterp.bsl.runtime.literals import date_value, number_value, string_value
from portinterp.bsl.runtime.numbers import MAX_DIGITS
from portinterp.bsl.runtime.objects import EnumObject
from portinterp.bsl.runtime.values import NULL, BslArray
from portinterp.core import ir
from portinterp.core.lowering import Lowering, pos_of

COMPARE_PRIMS = {"<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
ARITHMETIC_PRIMS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod"}
ARRAY_CLASS = BslArray
# Methods whose second argument receives a value: canonical -> the method giving that value.
OUT_METHODS = {"property": "property_value"}


def children(node: Tree) -> list[Tree | Token]:
    """Children without keyword tokens and empty optional slots."""
    return [c for c in node.children if c is not None and not _is_keyword(c)]


def _is_keyword(node: object) -> bool:
    return isinstance(node, Token) and node.type not in (
        "NAME", "NUMBER", "STRING", "DATE", "COMPARE", "PLUS", "MINUS", "STAR", "SLASH",
        "PERCENT")


class ExprLowering(Lowering):
    """Lowers expressions; the statement lowering extends it."""

    signatures: dict[str, Signature]
    scope: Scope
    hidden_procs: dict[str, ir.Proc]  # helpers the lowering adds (``out_method_call``)
    exported: set[str]  # the module's procedures marked Экспорт

    if TYPE_CHECKING:  # eval_runtime.EvalLowering's

        def evaluate_call(self, args: list[Tree | None], where: ir.Pos) -> ir.Expr: ...

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
        return ir.Const(self.number(node.children[0]), pos_of(node))

    def number(self, token: Token) -> int | Decimal:
        """A number literal's value; one longer than Python converts is a compile error."""
        if len(token.value) > MAX_DIGITS:
            self.fail(token, f"Слишком длинное число: больше {MAX_DIGITS} цифр "
                      "(предел встроенного интерпретатора)")
        return number_value(token.value)

    def expr_string(self, node: Tree) -> ir.Expr:
        return ir.Const(string_value([t.value for t in node.children]), pos_of(node))

    def expr_date(self, node: Tree) -> ir.Expr:
        value = date_value(node.children[0].value)
        if value is None:
            self.fail(node, "Неверная константа типа Дата")
        return ir.Const(value, pos_of(node))

    def expr_true(self, node: Tree) -> ir.Expr:
        return ir.Const(True, pos_of(node))

    def expr_false(self, node: Tree) -> ir.Expr:
        return ir.Const(False, pos_of(node))

    def expr_undefined(self, node: Tree) -> ir.Expr:
        return ir.Const(None, pos_of(node))

    def expr_null(self, node: Tree) -> ir.Expr:
        return ir.Const(NULL, pos_of(node))

    def expr_name(self, node: Tree) -> ir.Expr:
        token = node.children[0]
        name = token.value.lower()
        if not self.scope.knows(name):
            if name in ("этотобъект", "thisobject"):
                return self.this_object(pos_of(node))
            if name in names.GLOBAL_PROPERTIES:
                return ir.Prim(names.GLOBAL_PROPERTIES[name], [], pos_of(node))
            if name in names.ENUMS and name not in ("символы", "chars"):
                return ir.Const(EnumObject(token.value, names.ENUMS[name]), pos_of(node))
            if name in ONESCRIPT_GLOBALS:  # OneScript knows it; the use fails when it runs
                return ir.Prim("unsupported", [ir.Const(token.value)], pos_of(node))
            self.fail(node, f"Переменная не определена ({token.value})")
        return ir.Var(name, pos_of(node))

    def this_object(self, where: ir.Pos) -> ir.Expr:
        """``ЭтотОбъект``: the module as an object, through a hidden dispatcher."""
        if DISPATCHER not in self.hidden_procs:
            self.hidden_procs[DISPATCHER] = dispatcher(self.signatures, where)
        info = methods_info(self.signatures, self.exported)
        return ir.Prim("this_object", [ir.Const(info)], where)

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
        if self.scope.knows(enum_name) or enum_name not in names.ENUMS:
            return None
        value = names.ENUMS[enum_name].get(member.value.lower())
        if value is None:
            self.fail(member, f"Поле объекта не обнаружено ({member.value})")
        return ir.Const(value, pos_of(member))

    def arguments(self, node: Tree | None) -> list[Tree | None]:
        args = [] if node is None else list(node.children)
        return [] if args == [None] else args

    def expr_method_call(self, node: Tree, as_statement: bool = False) -> ir.Expr:
        base, name, args_node = node.children
        # A method the checker does not know may still be the value's own: the value's type
        # is known when the program runs, so is the error (as in OneScript).
        canonical = names.METHODS.get(name.value.lower(), name.value.lower())
        where = pos_of(name)
        arg_nodes = self.arguments(args_node)
        if canonical in OUT_METHODS and len(arg_nodes) == 2 and arg_nodes[1] is not None:
            return self.out_method_call(base, canonical, name.value, arg_nodes, where)
        args = [ir.Const(None) if a is None else self.expr(a) for a in arg_nodes]
        return ir.Prim("method", [self.expr(base), ir.Const(canonical), ir.Const(name.value),
                                  *args], where)

    def out_method_call(self, base: Tree, canonical: str, shown: str,
                        arg_nodes: list[Tree | None], where: ir.Pos) -> ir.Expr:
        """``Структура.Свойство(Ключ, Значение)``: the second argument receives a value, so
        the call goes through a hidden function with a by-reference parameter (the core
        writes it back as for a procedure of the module)."""
        name = f"%{canonical}_out"
        if name not in self.hidden_procs:
            value_of = OUT_METHODS[canonical]
            obj, key, out = ir.Var("obj"), ir.Var("key"), ir.Var("out")
            body: list[ir.Stmt] = [
                ir.Assign(out, ir.Prim("method", [obj, ir.Const(value_of), ir.Const(shown), key],
                                       where), where),
                ir.Return(ir.Prim("method", [obj, ir.Const(canonical), ir.Const(shown), key],
                                  where), where),
            ]
            params = [ir.Param("obj", False, None), ir.Param("key", False, None),
                      ir.Param("out", True, None)]
            self.hidden_procs[name] = ir.Proc(name, params, [], body, True, where)
        args = [self.expr(base), *(ir.Const(None) if a is None else self.expr(a)
                                   for a in arg_nodes)]
        return ir.Call(name, args, where)

    def expr_call(self, node: Tree, as_statement: bool = False) -> ir.Expr:
        name_token, args_node = node.children
        name = name_token.value.lower()
        args = self.arguments(args_node)
        where = pos_of(node)
        signature = self.signatures.get(name)
        if signature is None and name in EVALUATE_NAMES:
            self.check_count(name_token, len(args), 1, len(args), 1)
            return self.evaluate_call(args, where)
        if signature is not None:
            self.check_count(name_token, len(args), len(signature.params), len(args))
            # An argument left out at the end needs a default; one skipped between commas
            # (``Ф(, 2)``) is Неопределено when it has none, as in OneScript.
            missing = [p for p in signature.params[len(args):] if p.default is None]
            if missing:
                self.fail(name_token,
                          f"Недостаточно фактических параметров ({name_token.value})")
            if not signature.is_function and not as_statement:
                self.fail(name_token,
                          f"Использование процедуры как функции ({name_token.value})")
            return ir.Call(name, [self.skipped(p) if a is None else self.expr(a)
                                  for p, a in zip(signature.params, args, strict=False)],
                           where)
        if name in ("вызватьсобытие", "raiseevent"):  # the module object's hidden method
            self.check_count(name_token, len(args), 2, len(args), 1)
            values = [ir.Const(None) if a is None else self.expr(a) for a in args]
            return ir.Prim("raise_event", [self.this_object(where), *values], where)
        builtin = names.BUILTINS.get(name)
        if builtin is None and name in ONESCRIPT_GLOBALS:
            values = [ir.Const(None) if a is None else self.expr(a) for a in args]
            return ir.Prim("unsupported", [ir.Const(name_token.value), *values], where)
        if builtin is None:
            self.fail(name_token, "Процедура или функция с указанным именем не "
                      f"определена ({name_token.value})")
        written = len([a for a in args if a is not None])
        if builtin.canonical not in names.LANGUAGE_FUNCTIONS:
            written = len(args)  # a method of the global context: СтрШаблон(,) has two
        self.check_count(name_token, len(args), builtin.max_args, written, builtin.min_args)
        if not builtin.is_function and not as_statement:
            self.fail(name_token,
                      f"Использование процедуры как функции ({name_token.value})")
        return self.builtin_call(builtin, args, where)

    @staticmethod
    def skipped(param: ir.Param) -> ir.Expr | None:
        """A skipped argument: the parameter's default (the core's), else Неопределено."""
        return None if param.default is not None else ir.Const(None)

    def check_count(self, token: Token, given: int, most: int, present: int,
                    least: int = 0) -> None:
        if given > most:
            self.fail(token, f"Слишком много фактических параметров ({token.value})")
        if present < least:
            self.fail(token, f"Недостаточно фактических параметров ({token.value})")

    def builtin_call(self, builtin: names.Builtin, args: list[Tree | None],
                     where: ir.Pos) -> ir.Expr:
        if builtin.canonical == "int" and args[0] is not None and args[0].data == "binary_op" \
                and args[0].children[1].value == "/":
            # Цел(a / b): the whole quotient, without an intermediate decimal.
            left, _, right = args[0].children
            return self.operator("quotient", [self.expr(left), self.expr(right)], where)
        values = [ir.Const(None) if a is None else self.expr(a) for a in args]
        if builtin.canonical == "mid":
            values += [ir.Const(None)] * (3 - len(values))
            return self.operator("f_mid", values, where)
        return ir.Prim("f_" + builtin.canonical, values, where)

    def expr_new(self, node: Tree) -> ir.Expr:
        name_token, args_node = node.children[1], node.children[2]
        kind = names.NEW_TYPES.get(name_token.value.lower())
        args = [ir.Const(None) if a is None else self.expr(a)
                for a in self.arguments(args_node)]
        if kind is None:  # another type: found (or not) when the program runs, as in OneScript
            return ir.Prim("new_named", [ir.Const(name_token.value), *args], pos_of(node))
        return ir.Prim("new_" + kind, args, pos_of(node))

    def expr_new_dynamic(self, node: Tree) -> ir.Expr:
        """``Новый("Тип", Параметры)``: the type's name and an array of arguments."""
        args = [ir.Const(None) if a is None else self.expr(a)
                for a in self.arguments(node.children[1])]
        return ir.Prim("new_by_name", args, pos_of(node))

