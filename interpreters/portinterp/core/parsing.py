"""From source text to a Lark tree, for every front-end: the LALR parser (its tables kept
in a sealed cache), and a syntax error turned into one line ``file:line:col: message``
(``CompileError``).

Lark reports three kinds of syntax error; a front-end words each in its language
(``SyntaxWording``) and says where its end of text is.

The analysed tables are kept so that only the first run after a grammar change pays for
the analysis (~0.5 s): in ``<cache>/parsers`` (the compiled programs' folder,
``program_cache.cache_root``), one file per grammar, options, Lark version and Python
version.  Lark's own ``cache=True`` is not used: it keeps a pickle under a predictable name
in the shared temporary folder and loads whatever it finds there, so another user of the
machine could have a run execute code of theirs.  An entry here is Lark's saved parser
(a pickle too) *sealed* with the key of ``portinterp.core.sealing``, and is unpickled only
when the seal checks: a foreign, planted or truncated entry is a miss, built again.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import pickle
import sys
from pathlib import Path
from typing import Any, Protocol

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lark import _LOAD_ALLOWED_OPTIONS

from portinterp.core.sealing import cache_key, cache_root, seal, write_entry
from portinterp.errors import CompileError

# Levels of the parse tree a program may nest (an expression nests one level per operator
# or bracket, a statement two per block).  The walks of the front-ends and the core take
# up to 4.2 frames per level (measured: interpreters/docs/interpreters.md, "Limits"), so
# this keeps them within half of ``deep.RECURSION_LIMIT``.
MAX_NESTING = 25_000
TOO_DEEP = (f"Слишком глубокая вложенность: больше {MAX_NESTING} уровней "
            "(предел встроенного интерпретатора)")


# Characters of one program (a file, or a text given to ``Выполнить``): past it, a compile
# error at once.  The largest program of this project is 37 KB; compiling a 1 MB one took
# 140 s and 700 MB, and a 10 MB line or a 50 MB string literal gigabytes: the parser's tree
# of a program is some hundred bytes a character.
MAX_SOURCE = 512 * 1024
TOO_BIG = (f"Слишком большая программа: больше {MAX_SOURCE} символов "
           "(предел встроенного интерпретатора)")


def check_size(text: str, filename: str) -> None:
    """A ``CompileError`` for a program longer than ``MAX_SOURCE`` characters."""
    if len(text) > MAX_SOURCE:
        raise CompileError(filename, 1, 1, TOO_BIG)


class SyntaxWording(Protocol):
    """How a language words its syntax errors (``expected``: the terminals Lark would
    have accepted there)."""

    def bad_character(self, char: str) -> str:
        """A character no token starts with (``char`` is "?" past the end)."""
        ...

    def unexpected_token(self, token: Token, expected: set[str]) -> str: ...

    def unexpected_end(self, expected: set[str]) -> str: ...

    def end_position(self, text: str) -> tuple[int, int]:
        """The line and column an error at the end of ``text`` names."""
        ...


def lalr_parser(grammar: Path, **options: Any) -> Lark:
    """A new LALR parser of ``grammar`` with positions; ``options`` are the language's own
    (the front-end builds it once per process, with ``functools.cache``), its tables from
    the sealed cache when it holds them."""
    text = grammar.read_text(encoding="utf-8")
    options = {"parser": "lalr", "propagate_positions": True, **options}
    entry = _entry(text, options)
    # what Lark lets a saved parser be given again (callbacks, classes of this process)
    given = {name: value for name, value in options.items() if name in _LOAD_ALLOWED_OPTIONS}
    key = cache_key()
    if key is not None and entry is not None:
        try:
            blob = entry.read_bytes()
        except OSError:
            blob = b""
        body = blob[len(_MAGIC) + _SEAL:]
        if blob.startswith(_MAGIC) and hmac.compare_digest(
                blob[len(_MAGIC):len(_MAGIC) + _SEAL], seal(key, body)):
            try:
                # sealed by this user's runs; loaded as Lark loads its own cache (``load``
                # takes no options: the callbacks of this process are given again here)
                loaded = Lark.__new__(Lark)
                return loaded._load(io.BytesIO(body), **given)
            except Exception:
                pass
    parser = Lark(text, **options)
    if key is not None and entry is not None:
        _store(entry, key, parser)
    return parser


_MAGIC = b"portinterp-parser-1\n"
_SEAL = 32


def _entry(text: str, options: dict[str, Any]) -> Path | None:
    """Where the parser of ``text`` with ``options`` is kept (None: an option that cannot
    be named, so not kept)."""
    import lark

    named = []
    for name, value in sorted(options.items()):
        if callable(value) or isinstance(value, dict):
            value = _names(value)
            if value is None:
                return None
        named.append(f"{name}={value!r}")
    digest = hashlib.sha256()
    for part in (text, "\0".join(named), lark.__version__, sys.version):
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)
    return cache_root() / "parsers" / f"{digest.hexdigest()}.lark"


def _names(value: Any) -> str | None:
    """A callable (or a mapping of them) by module and qualified name."""
    if isinstance(value, dict):
        inner = [_names(item) for item in value.values()]
        return None if None in inner else repr(sorted(zip(map(str, value), inner, strict=True)))
    module, name = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not module or not name or "<" in name:
        return None
    return f"{module}:{name}"


def _store(entry: Path, key: bytes, parser: Lark) -> None:
    buffer = io.BytesIO()
    try:
        parser.save(buffer, _LOAD_ALLOWED_OPTIONS)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    write_entry(entry, _MAGIC, key, buffer.getvalue())


def parse(parser: Lark, text: str, filename: str, wording: SyntaxWording) -> Tree:
    """The tree of ``text``; a syntax error is a ``CompileError`` in the language's words,
    and so is nesting beyond ``MAX_NESTING`` (the front-ends walk the tree recursively)."""
    check_size(text, filename)
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, filename, wording) from None
    check_nesting(tree, filename)
    return tree


def check_nesting(tree: Tree, filename: str) -> None:
    """A ``CompileError`` at the first node nested deeper than ``MAX_NESTING`` levels."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            line, column = _place(node)
            raise CompileError(filename, line, column, TOO_DEEP)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def _place(node: Tree) -> tuple[int, int]:
    """Where ``node`` starts (Lark's positions; a node without tokens has none)."""
    return getattr(node.meta, "line", 1), getattr(node.meta, "column", 1)


def syntax_error(error: UnexpectedInput, text: str, filename: str,
                 wording: SyntaxWording) -> CompileError:
    expected = set(getattr(error, "expected", None) or ())
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        return CompileError(filename, error.line, error.column, wording.bad_character(char))
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        line, column = wording.end_position(text)
        return CompileError(filename, line, column, wording.unexpected_end(expected))
    assert isinstance(error, UnexpectedToken)
    return CompileError(filename, error.line, error.column,
                        wording.unexpected_token(error.token, expected))
