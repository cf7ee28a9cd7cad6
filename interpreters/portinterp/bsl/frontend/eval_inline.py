"""``Выполнить`` and ``Вычислить`` of a text known when the program is compiled.

OneScript compiles the text when the statement runs, in the scope of the procedure that
runs it (its local variables, the module's procedures and variables).  The embedded
interpreter compiles a whole program ahead, so it does the same work ahead: where the text
is a constant (a string literal, a concatenation of literals, or a local variable assigned
exactly once, with such a constant) the parse tree of the text replaces the statement or the
call before the module is lowered, and the names the text assigns become the procedure's
locals as they do in OneScript.  A text with ``Возврат``, or one that is not valid code,
fails when the statement runs, as in OneScript; a text computed at run time fails there with
a catchable error saying the embedded interpreter does not run it.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from lark import Token, Tree

from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.library.eval_prims import NOT_COMPILED_NAME
from portinterp.bsl.runtime.literals import string_value
from portinterp.errors import CompileError

RETURN_OUTSIDE = 'Оператор "Возврат" может использоваться только внутри метода'
# How OneScript words an error compiling the text (its exception's own message).
NOT_COMPILED = ("Внешнее исключение (ScriptEngine.Compiler.{}): "
                "{{Модуль  / Ошибка в строке: -1 / {}}}    \n")
_UNKNOWN = re.compile(r"(?:Переменная|Процедура или функция с указанным именем) не определена"
                      r" \((.+)\)")
COMPUTED = ("Встроенный интерпретатор не выполняет {} текста, вычисленного при работе "
            "программы (он есть в OneScript)")
RESULT = "вычислить_результат"  # the variable an expression's text is assigned to, to parse it

Parse = Callable[[str, str], Tree]
Lowered = TypeVar("Lowered")
Place = tuple[int, int]


def not_compiled(message: str) -> str:
    """OneScript's description of the error compiling a text (an unknown name is its
    ``SymbolNotFoundException``)."""
    unknown = _UNKNOWN.fullmatch(message)
    if unknown:
        return NOT_COMPILED.format("SymbolNotFoundException",
                                   f"Неизвестный символ: {unknown.group(1)}")
    return NOT_COMPILED.format("CompilerException", message)


def lower_inlined(tree: Tree, filename: str,
                  attempt: Callable[[Tree], Lowered]) -> Lowered:
    """``attempt`` (the lowering) of the tree with its constant texts inlined; a text whose
    lowering fails (an unknown name) is replaced by its error and the lowering tried again."""
    from portinterp.bsl.frontend.parser import parse  # Lark: a cached program needs none

    if not any(n.data == "execute_stmt" or is_evaluate(n) for n in tree.iter_subtrees()):
        return attempt(tree)
    refused: dict[Place, str] = {}
    while True:
        inliner = Inliner(parse, filename, refused)
        try:
            return attempt(inliner.expand(copy.deepcopy(tree)))
        except CompileError as error:
            place = (error.line, error.col)
            if place not in inliner.places or place in refused:
                raise
            refused[place] = not_compiled(error.message)


class Inliner:
    """Replaces constant ``Выполнить``/``Вычислить`` of one module (``expand``)."""

    def __init__(self, parse: Parse, filename: str, refused: dict[Place, str]) -> None:
        self.parse = parse
        self.filename = filename
        self.refused = refused  # where a text's lowering failed: its error
        self.places: set[Place] = set()
        self.constants: dict[str, str] = {}
        self.module_vars: set[str] = set()

    def expand(self, tree: Tree) -> Tree:
        self.module_vars = {v.children[0].value.lower() for v in tree.find_data("var_name")}
        for child in tree.children:
            if isinstance(child, Tree) and child.data in ("procedure", "function", "block"):
                self.constants = single_constants(child, self.module_vars)
                self.rewrite(child)
        return tree

    def rewrite(self, node: Tree) -> None:
        """Replace, below ``node``, each constant Выполнить/Вычислить by its code."""
        children: list[Tree | Token | None] = []
        for child in node.children:
            if isinstance(child, Tree) and child.data == "execute_stmt":
                children.extend(self.statements(child))
            elif isinstance(child, Tree) and is_evaluate(child):
                children.append(self.expression(child))
            else:
                if isinstance(child, Tree):
                    self.rewrite(child)
                children.append(child)
        node.children = children

    def statements(self, node: Tree) -> list[Tree | None]:
        """The statements of ``Выполнить``'s text, as the enclosing block's own."""
        text = self.constant(node.children[1])
        if text is None:
            return [raising(node, COMPUTED.format("Выполнить"))]
        if place_of(node) in self.refused:
            return [raising(node, self.refused[place_of(node)])]
        try:
            block = self.snippet_block(text, node)
        except CompileError as error:
            return [raising(node, not_compiled(error.message))]
        if any(True for _ in block.find_data("return_stmt")):
            return [raising(node, not_compiled(RETURN_OUTSIDE))]
        self.rewrite(block)
        return list(block.children)

    def expression(self, node: Tree) -> Tree:
        """The expression of ``Вычислить``'s text (its call kept when that is not one)."""
        args = [a for a in node.children[1].children if a is not None]
        text = self.constant(args[0]) if len(args) == 1 else None
        if text is None:
            return node
        if place_of(node) in self.refused:
            return failing_call(node, self.refused[place_of(node)])
        try:
            block = self.snippet_block(f"{RESULT} = {text}", node)
        except CompileError:
            return failing_call(node, not_compiled("Ошибка в выражении"))
        statements = [s for s in block.children if s is not None]
        if len(statements) != 1 or not _assigns_result(statements[0]):
            return failing_call(node, not_compiled("Ошибка в выражении"))
        value: Tree = statements[0].children[1]
        wrapper = Tree("block", [value])
        self.rewrite(wrapper)
        return wrapper.children[0]  # type: ignore[return-value]

    def snippet_block(self, text: str, where: Tree) -> Tree:
        tree = self.parse(normalise(text), self.filename)
        if len(tree.children) != 1:  # module variables or methods: not a piece of code
            raise CompileError(self.filename, 0, 0, "Синтаксическая ошибка")
        block: Tree = tree.children[0]
        place_at(block, where)
        self.places.add(place_of(where))
        return block

    def constant(self, node: Tree | Token | None) -> str | None:
        return constant_text(node, self.constants)


def is_evaluate(node: Tree) -> bool:
    return (node.data == "call" and node.children[0].value.lower() in ("вычислить", "eval"))


def _assigns_result(statement: Tree) -> bool:
    target = statement.children[0]
    return (statement.data == "assign" and isinstance(target, Tree) and target.data == "name"
            and target.children[0].value.lower() == RESULT)


def constant_text(node: Tree | Token | None, constants: dict[str, str]) -> str | None:
    """The string a node always has: literals, their concatenation, a constant local."""
    if not isinstance(node, Tree):
        return None
    if node.data == "string":
        return string_value([t.value for t in node.children])
    if node.data == "name":
        return constants.get(node.children[0].value.lower())
    if node.data == "binary_op" and node.children[1].type == "PLUS":
        left = constant_text(node.children[0], constants)
        right = constant_text(node.children[2], constants)
        return None if left is None or right is None else left + right
    return None


def single_constants(method: Tree, module_vars: set[str]) -> dict[str, str]:
    """Local variables assigned once in ``method``, each with a constant string."""
    params = method.children[2] if method.data != "block" else None
    assigned: Counter[str] = Counter(
        p.children[1].value.lower() for p in getattr(params, "children", []) if p is not None)
    values: dict[str, str | None] = {}
    for node in method.find_data("assign"):
        target = node.children[0]
        if isinstance(target, Tree) and target.data == "name":
            name = target.children[0].value.lower()
            assigned[name] += 1
            values[name] = constant_text(node.children[1], {})
    for loop in (*method.find_data("for_stmt"), *method.find_data("for_each_stmt")):
        assigned.update(c.value.lower() for c in loop.children
                        if isinstance(c, Token) and c.type == "NAME")
    return {name: value for name, value in values.items()
            if value is not None and assigned[name] == 1 and name not in module_vars}


def place_of(node: Tree) -> Place:
    return getattr(node.meta, "line", 0), getattr(node.meta, "column", 0)


def _string(where: Tree, message: str) -> Tree:
    literal = '"' + message.replace('"', '""') + '"'
    line, column = place_of(where)
    return Tree("string", [Token("STRING", literal, line=line, column=column)], where.meta)


def failing_call(where: Tree, message: str) -> Tree:
    """A call failing with ``message`` when it runs, in place of ``Вычислить``."""
    line, column = place_of(where)
    name = Token("NAME", NOT_COMPILED_NAME, line=line, column=column)
    return Tree("call", [name, Tree("args", [_string(where, message)], where.meta)],
                where.meta)


def raising(where: Tree, message: str) -> Tree:
    """``ВызватьИсключение "message"`` placed at ``where``."""
    line, column = place_of(where)
    return Tree("raise_stmt", [Token("RAISE", "ВызватьИсключение", line=line, column=column),
                               _string(where, message)], where.meta)


def place_at(tree: Tree, where: Tree) -> None:
    """Give every node and token of ``tree`` the position of ``where`` (errors name the line
    of the statement that runs the text)."""
    line, column = getattr(where.meta, "line", 0), getattr(where.meta, "column", 0)
    for node in tree.iter_subtrees():
        node.meta.line, node.meta.column = line, column
        node.meta.empty = False
        for child in node.children:
            if isinstance(child, Token):
                child.line, child.column = line, column
