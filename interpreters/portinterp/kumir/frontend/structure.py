"""The program's structure from its statements: algorithms (``алг … нач … кон``), the
lines before the first one, branches and loops, as a Lark tree for the lowering.

KuMir finds the structure with an automaton over statement kinds whose error rules say
where a mistake is reported: a construct left open is reported at the line that opens it
(``нц`` without ``кц``, ``нач`` without ``кон``, ``то`` without ``все``), a stray closing
word at its own line.  This module follows those rules, so the first error is on the line
KuMir names; every error is collected and the rest of the program is still built.

The tree: ``program`` (``intro``, then ``alg`` nodes: the header, ``alg_pre`` with
``дано``/``надо``, ``body``); ``if_stmt`` (condition, ``body``, optional ``body``),
``switch_stmt`` (``case`` nodes, optional ``body``), ``for_loop``/``while_loop``/
``times_loop``/``plain_loop`` (the head's parts, ``body``, ``loop_end``), and the simple
statements' own trees.  A construct whose head has an error becomes ``broken`` (its
bodies are still checked).
"""

from __future__ import annotations

from lark import Token, Tree

from portinterp.errors import CompileError
from portinterp.kumir.frontend.lexer import Statement

SIMPLE = {"SIMPLE", "TYPE", "TABTYPE", "_INPUT", "_OUTPUT", "_UTV", "_EXIT", "_PAUSE",
          "_HALT"}
_LOOP_ENDS = {"_KC", "_KC_PRI"}
_STRAY = {
    "_FI": 'Что - "все"?', "_KC": 'Непарный "кц"', "_KC_PRI": 'Непарный "кц"',
    "_ELSE": 'Лишнее "иначе"', "_CASE": '"при" не на месте', "_THEN": '"то" не на месте',
    "_DANO": "Строка не на месте", "_NADO": "Строка не на месте",
    "_KON": 'Лишний "кон"', "_NACH": '"нач" внутри алгоритма',
    "_USE": '"использовать" не в начале', "_KON_ISP": 'Лишняя "кон исп"',
    "_DOC": "В этой версии так нельзя",
}

Parsed = tuple[Statement, Tree | None]


def build(parsed: list[Parsed], filename: str, errors: list[CompileError]) -> Tree:
    return _Builder(parsed, filename, errors).program()


class _Builder:
    def __init__(self, parsed: list[Parsed], filename: str,
                 errors: list[CompileError]) -> None:
        self.items = parsed
        self.n = 0
        self.filename = filename
        self.errors = errors

    # -- the cursor ----------------------------------------------------------------------

    def kind(self) -> str | None:
        return self.items[self.n][0].kind if self.n < len(self.items) else None

    def take(self) -> Parsed:
        item = self.items[self.n]
        self.n += 1
        return item

    def error(self, statement: Statement, message: str) -> None:
        token = statement.tokens[0]
        self.errors.append(CompileError(self.filename, token.line or 0, token.column or 0,
                                        message))

    # -- the program ---------------------------------------------------------------------

    def program(self) -> Tree:
        self.intro: list[Tree] = []
        uses: list[Tree] = []
        while self.kind() == "_USE":
            _, tree = self.take()
            if tree is not None:
                uses.append(tree)
        algorithms: list[Tree] = []
        outside = False  # an algorithm outside a module seen: no more lines of the intro
        while self.kind() is not None:
            kind = self.kind()
            if kind == "_ALG":  # the first one outside a module may go without a name
                algorithms.append(self.algorithm(first=not outside))
                outside = True
            elif kind == "_ISP":
                algorithms += self.module()
            elif kind in SIMPLE and not outside:
                self.simple_line(self.intro)
            else:
                self.stray_top_level(outside)
        return Tree("program", [Tree("uses", uses), Tree("intro", self.intro), *algorithms])

    def simple_line(self, into: list[Tree]) -> None:
        _, tree = self.take()
        if tree is not None:
            into.append(tree)

    def stray_top_level(self, outside: bool) -> None:
        statement, _ = self.take()
        kind = statement.kind
        if kind == "_NACH":
            self.error(statement, "Нет заголовка алгоритма")
            self.rest_of_algorithm(statement)
        elif kind in ("TYPE", "TABTYPE") and outside:
            self.error(statement, "Объявление после алгоритма")
        elif kind in SIMPLE or kind in ("_IF", "_SWITCH", "_NC", "_DOC", "_DANO", "_NADO") \
                or kind not in _STRAY:
            self.error(statement, "Строка вне алгоритма")
        else:
            self.error(statement, _STRAY[kind])

    def module(self) -> list[Tree]:
        """``исп Имя … кон_исп``: its lines join the intro, its algorithms the program's.
        Its variables are its own, as in KuMir 2: the main program does not see them, and
        may have its own of the same name (``private_names``)."""
        opening, _ = self.take()
        algorithms: list[Tree] = []
        intro: list[Tree] = []
        while self.kind() not in (None, "_KON_ISP", "_ISP"):
            if self.kind() == "_ALG":
                algorithms.append(self.algorithm(first=False))
            elif self.kind() in SIMPLE and not algorithms:
                self.simple_line(intro)
            else:
                self.stray_top_level(bool(algorithms))
        if self.kind() == "_KON_ISP":
            self.take()
        else:
            self.error(opening, 'Нет парной "кон исп"')
        names = [t for t in opening.tokens if t.type == "NAME"]
        outside = {str(node.children[0]) for tree in self.intro if tree.data == "decl"
                   for node in tree.iter_subtrees() if node.data == "decl_name"}
        private_names(intro + algorithms, str(names[0]) if names else "исп", outside)
        self.intro += intro
        return [Tree("module_algs", algorithms)]

    # -- algorithms ----------------------------------------------------------------------

    def algorithm(self, first: bool) -> Tree:
        """``алг`` header, ``дано``/``надо``/``#`` lines, ``нач`` body ``кон``; only the
        first algorithm of a file may go without a name."""
        header_statement, header = self.take()
        self.end_token: Token | None = None
        if header is not None and not any(
                isinstance(c, Token) and c.type == "NAME" for c in header.children) and not first \
                and (self.begin_follows() or self.end_follows()):  # else: «Нет реализации»
            self.error(header_statement, "Не указано имя алгоритма")
        elif header is not None and first and not any(
                isinstance(c, Token) and c.type == "NAME" for c in header.children):
            # KuMir's SyntaxAnalizer::parseAlgHeader on a first algorithm without a name
            if any(isinstance(c, Tree) and c.data == "params" for c in header.children):
                self.error(header_statement, "Лишние аргументы")
            elif any(isinstance(c, Tree) and c.data == "type_" for c in header.children):
                self.error(header_statement, "Алгоритм без имени ничего не возвращает")
        pre: list[Tree] = []
        last = header_statement
        while self.kind() in ("_DANO", "_NADO", "_DOC"):
            statement, tree = self.take()
            last = statement if statement.kind != "_DOC" else last
            if tree is not None and statement.kind != "_DOC":
                pre.append(tree)
        while self.kind() == "_ALG" and (self.begin_follows(after=1) or self.end_follows(1)):
            # A header right after a header without a body: KuMir reads the second as a
            # line of the first algorithm, the body that follows as the first's.
            statement, _ = self.take()
            self.error(statement, '"алг" внутри алгоритма')
        if self.kind() != "_NACH" and self.begin_follows():
            while self.kind() != "_NACH":
                statement, _ = self.take()
                self.error(statement, 'Мусор между "алг".."нач"')
        if self.kind() == "_NACH":
            begin, _ = self.take()
            body = self.rest_of_algorithm(begin)
        elif self.end_follows():
            self.error(header_statement, _no_begin(last))
            body = self.block({"_KON"}, set())
            self.take()
        else:
            self.error(header_statement, "Нет реализации алгоритма")
            body = []
        if header is None:
            names = [t for t in header_statement.tokens if t.type == "NAME"][:1]
            header = Tree("broken_header", names)
        header.meta.line = header_statement.line
        header.meta.column = header_statement.tokens[0].column
        header.meta.empty = False
        alg = Tree("alg", [header, Tree("alg_pre", pre), Tree("body", body)])
        alg.meta.end = self.end_token  # the ``кон`` (KuMir reports a function's unset знач there)
        return alg

    def end_follows(self, after: int = 0) -> bool:
        """Is there a ``кон`` before the next ``алг`` (a body without ``нач``)?"""
        for statement, _ in self.items[self.n + after:]:
            if statement.kind == "_KON":
                return True
            if statement.kind in ("_ALG", "_ISP", "_KON_ISP"):
                return False
        return False

    def begin_follows(self, after: int = 0) -> bool:
        """Is there a ``нач`` before the next ``кон``/``алг`` (the lines between are then
        garbage, not a body without ``нач``)?"""
        for statement, _ in self.items[self.n + after:]:
            if statement.kind == "_NACH":
                return True
            if statement.kind in ("_KON", "_ALG", "_ISP", "_KON_ISP"):
                return False
        return False

    def rest_of_algorithm(self, begin: Statement) -> list[Tree]:
        body = self.block({"_KON"}, set())
        if self.kind() == "_KON":
            end, _ = self.take()
            self.end_token = end.tokens[0]
        elif self.kind() == "_ALG":  # KuMir names the inner алг
            self.error(self.items[self.n][0], "Вложенное описание алгоритма")
        else:
            self.error(begin, 'Нет "кон" после "нач"')
        return body

    # -- blocks --------------------------------------------------------------------------

    def block(self, ends: set[str], outer: set[str]) -> list[Tree]:
        """Statements up to one of ``ends`` (not taken); one of ``outer`` (an enclosing
        construct's end), ``алг`` or the end of text ends it too, left for the caller."""
        stop = ends | outer | {"_KON", "_ALG", "_ISP", "_KON_ISP"}
        body: list[Tree] = []
        start = self.n
        while self.kind() is not None and self.kind() not in stop:
            kind = self.kind()
            if kind == "_IF":
                body += self.if_stmt(ends | outer, first=self.n == start)
            elif kind == "_SWITCH":
                body += self.switch_stmt(ends | outer)
            elif kind == "_NC":
                body += self.loop(ends | outer)
            else:
                statement, tree = self.take()
                if kind in SIMPLE:
                    body += [tree] if tree is not None else []
                else:
                    self.error(statement, _STRAY.get(kind, "Строка не на месте"))
        return body

    def if_stmt(self, outer: set[str], first: bool = False) -> list[Tree]:
        """``first``: the если opens its block, where KuMir (PDAutomata::
        setGarbageIfThenError, the context's first statement) marks the если's line too."""
        opening, head = self.take()
        if self.kind() != "_THEN":
            if self.kind() == "_ELSE":  # если … иначе … все: KuMir names the иначе
                statement, _ = self.take()
                self.error(statement, 'Нет "то" перед "иначе"')
                self.block({"_FI"}, outer)
                if self.kind() == "_FI":
                    self.take()
                return []
            if not self.then_follows():
                self.error(opening, 'Нет "то..все" после "если"')
                return []
            if first:
                self.error(opening, 'Мусор между "если".."то"')
            while self.kind() != "_THEN":
                statement, _ = self.take()
                self.error(statement, 'Мусор между "если".."то"')
        then, _ = self.take()
        inner = outer | {"_ELSE", "_FI"}
        branches = [Tree("body", self.block({"_ELSE", "_FI"}, outer))]
        closer = then
        if self.kind() == "_ELSE":
            closer, _ = self.take()
            branches.append(Tree("body", self.block({"_FI"}, inner)))
        if self.kind() == "_FI":
            self.take()
        else:  # KuMir names the если as well, first
            self.error(opening, 'Нет "все" для этой конструкции')
            self.error(closer, 'Нет "все" после "иначе"' if closer is not then
                       else 'Нет "все" после "то"')
        if head is None:
            return [_broken(opening, branches)]
        return [_tree("if_stmt", opening, [head.children[0], *branches])]

    def then_follows(self) -> bool:
        for statement, _ in self.items[self.n:]:
            if statement.kind == "_THEN":
                return True
            if statement.kind not in SIMPLE:
                return False
        return False

    def switch_stmt(self, outer: set[str]) -> list[Tree]:
        opening, _ = self.take()
        if self.kind() in SIMPLE:  # KuMir marks the выбор's line as well
            self.error(opening, 'Мусор между "выбор".."при"')
        while self.kind() in SIMPLE:
            statement, _ = self.take()
            self.error(statement, 'Мусор между "выбор".."при"')
        cases: list[Tree] = []
        broken = False
        ends = {"_CASE", "_ELSE", "_FI"}
        while self.kind() == "_CASE":
            statement, head = self.take()
            body = Tree("body", self.block(ends, outer))
            if head is None:
                broken = True
                cases.append(body)
            else:
                cases.append(_tree("case", statement, [head.children[0], body]))
        otherwise = self.kind() == "_ELSE"
        if otherwise:
            self.take()
            cases.append(Tree("body", self.block({"_FI"}, outer | ends)))
        if self.kind() == "_FI" and (cases or True):
            self.take()
        else:  # KuMir's words differ once an ``иначе`` was read
            self.error(opening, 'Нет "все" для этой конструкции' if otherwise
                       else 'Нет "все" после "выбор"')
        if broken or not any(c.data == "case" for c in cases):
            return [_broken(opening, [c if c.data == "body" else c.children[1]
                                      for c in cases])]
        return [_tree("switch_stmt", opening, cases)]

    def loop(self, outer: set[str]) -> list[Tree]:
        opening, head = self.take()
        body = Tree("body", self.block(_LOOP_ENDS, outer))
        if self.kind() in _LOOP_ENDS:
            end_statement, end = self.take()
            if end is None:
                end = _tree("loop_end", end_statement, [])
        else:
            self.error(opening, 'Нет парного "кц"')
            end = _tree("loop_end", opening, [])
        if head is None:
            return [_broken(opening, [body], loop=True)]
        kinds = {"for_head": "for_loop", "while_head": "while_loop",
                 "times_head": "times_loop", "loop_head": "plain_loop"}
        return [_tree(kinds[head.data], opening, [*head.children, body, end])]


def _no_begin(last: Statement) -> str:
    return {"_DANO": 'После "дано" нет "нач"',
            "_NADO": 'После "надо" нет нач"'}.get(last.kind, 'После "алг" нет "нач"')


def _tree(data: str, statement: Statement, children: list) -> Tree:
    tree = Tree(data, children)
    first: Token = statement.tokens[0]
    tree.meta.line, tree.meta.column, tree.meta.empty = first.line, first.column, False
    return tree


def _broken(statement: Statement, bodies: list[Tree], loop: bool = False) -> Tree:
    return _tree("broken_loop" if loop else "broken", statement, bodies)


def private_names(trees: list[Tree], module: str, outside: set[str]) -> None:
    """Rename, in a module's own lines and algorithms, the variables its lines declare —
    and the main program's (``outside``), which a module does not see — to
    ``module::name``: no KuMir name holds ``::``, so the main program's names never meet
    them, and a main-program variable is «Имя не объявлено» in the module (a local of
    the same name in a module algorithm is renamed alike and still shadows)."""
    declared = outside | {str(node.children[0]) for tree in trees
                          for node in tree.iter_subtrees() if node.data == "decl_name"
                          and tree.data == "decl"}
    for tree in trees:
        for node in tree.iter_subtrees():
            node.children = [
                child.update(value=f"{module}::{child}")
                if isinstance(child, Token) and child.type == "NAME" and str(child) in declared
                else child
                for child in node.children]
