"""The documented style of the listings (docs/style.md) as a checker: the programs are
read with their Pygments lexers, so strings and comments never count as code.  (No
formatter of these languages can serve: docs/style.md says why; Go and Rust have theirs,
``gates``.)

Indentation in steps of 2 spaces (Java, C, C++, C#, Rust: 4), no tab, no trailing white
space, lines of at most 100 characters (a continuation line, which goes on an expression,
and the inside of a comment running over several lines, may be aligned as they like); a
block's closing word stands exactly under the line that opened it (``end`` under
``begin``, ``until`` under ``repeat``; ``кц`` under ``нц``, ``все`` under
``если``/``выбор``, ``кон`` under ``алг``; ``ВЕРНУТЬСЯ`` under the line with its
``ВЫПОЛНЯТЬ``, ``КОНЕЦ_ЕСЛИ`` under its ``ЕСЛИ``; ``}`` under the line with its ``{`` in
the languages of braces), and what is inside a block is indented further.  Pascal's
reserved words are in lower case.  Lua and Ruby: the layout rules only (their blocks end
in words shared with other uses, ``end``).
"""

from __future__ import annotations

from dataclasses import dataclass

from pygments.token import Keyword, Punctuation, Text, Token

from portcheck.suite.declarations import builtin_languages
from portcheck.suite.lexing import lexer_for

MAX_LINE = 100
STEP = 2

PASCAL_OPEN = {"begin", "repeat", "case", "record", "try", "asm"}
PASCAL_CLOSE = {"end": None, "until": "repeat"}  # None: closes any opener but repeat
KUMIR_OPEN = {"алг", "нц", "если", "выбор"}
KUMIR_CLOSE = {"кон": "алг", "кц": "нц", "все": ("если", "выбор")}
ARSAC_OPEN = {"ВЫПОЛНЯТЬ", "ЕСЛИ"}
ARSAC_CLOSE = {"ВЕРНУТЬСЯ": "ВЫПОЛНЯТЬ", "КОНЕЦ_ЕСЛИ": "ЕСЛИ"}
JAVA_OPEN = {"{"}
JAVA_CLOSE = {"}": "{"}
STEPS = {"java": 4, "c": 4, "cpp": 4, "csharp": 4, "rust": 4}
BRACES = ("java", "c", "cpp", "csharp", "javascript", "rust")  # blocks in { }
LAYOUT_ONLY = ("lua", "ruby")
# A line that goes on the expression of the line before: it starts with an operator, or
# the line before ends with one (or with an open bracket or a comma).
CONTINUES_WITH = ("and ", "or ", "not ", "+", "-", "*", "/", ",", "?", ":", "&&", "||",
                  ".", "'", '"', "или ", "и ", "ИЛИ ", "И ")
ENDS_UNFINISHED = ("(", "[", ",", "+", "-", "*", "/", " and", " or", ":=", "=", "&&", "||",
                   "?", " или", " и", " ИЛИ", " И")


@dataclass(frozen=True)
class Word:
    line: int  # from 1
    column: int  # from 0
    text: str
    first: bool  # the first word of its line


def code_words(source: str, language: str) -> list[Word]:
    """The keywords of ``source`` with where they stand (no strings, no comments)."""
    words, line, column, seen_on_line = [], 1, 0, False
    for kind, value in lexer_for(builtin_languages().get(language)).get_tokens(source):
        for n, piece in enumerate(value.split("\n")):
            if n:
                line, column, seen_on_line = line + 1, 0, False
            if (kind in Keyword or (kind in Punctuation and piece.strip() in "{}")) \
                    and piece.strip():
                words.append(Word(line, column + len(piece) - len(piece.lstrip()),
                                  piece.strip(), not seen_on_line))
            if piece.strip() and kind not in Text.Whitespace and kind is not Token.Text:
                seen_on_line = True
            column += len(piece)
    return words


def continuation_lines(source: str) -> set[int]:
    """The lines (from 1) that go on an expression begun on the line before."""
    lines, found, before = source.split("\n"), set(), ""
    for n, line in enumerate(lines, start=1):
        text = line.strip()
        if text and before and (text.startswith(CONTINUES_WITH)
                                or before.endswith(ENDS_UNFINISHED)):
            found.add(n)
        if text:
            before = text
    return found


def inside_comments(source: str, language: str) -> set[int]:
    """The lines (from 1) that begin inside a comment or string opened on a line before."""
    found, line = set(), 1
    for kind, value in lexer_for(builtin_languages().get(language)).get_tokens(source):
        if kind in Token.Comment or kind in Token.Literal.String:
            found.update(range(line + 1, line + value.count("\n") + 1))
        line += value.count("\n")
    return found


def layout_problems(source: str, step: int = STEP, language: str | None = None) -> list[str]:
    problems = []
    continued = continuation_lines(source)
    if language is not None:
        continued |= inside_comments(source, language)
    for n, line in enumerate(source.split("\n"), start=1):
        indent = len(line) - len(line.lstrip(" "))
        if "\t" in line:
            problems.append(f"line {n}: a tab")
        if line != line.rstrip():
            problems.append(f"line {n}: trailing white space")
        if len(line) > MAX_LINE:
            problems.append(f"line {n}: {len(line)} characters (at most {MAX_LINE})")
        if line.strip() and indent % step and n not in continued:
            problems.append(f"line {n}: indented {indent} spaces (steps of {step})")
    if source and not source.endswith("\n"):
        problems.append("no line end at the end of the file")
    return problems


def block_problems(source: str, language: str) -> list[str]:
    """Closing words under their opening words, and blocks' insides indented further."""
    pascal = language == "pascal"
    opens, closes = {"pascal": (PASCAL_OPEN, PASCAL_CLOSE), "java": (JAVA_OPEN, JAVA_CLOSE),
                     "kumir": (KUMIR_OPEN, KUMIR_CLOSE),
                     "arsac": (ARSAC_OPEN, ARSAC_CLOSE)}.get(language, (JAVA_OPEN, JAVA_CLOSE))
    lines = source.split("\n")
    continued = continuation_lines(source)
    stack: list[Word] = []
    problems = []
    for word in code_words(source, language):
        text = word.text.lower() if pascal else word.text
        if text in closes and stack:
            opener = _pop(stack, closes[text])
            if opener and word.first and word.column not in (
                    _indent(lines, opener), _statement_indent(lines, opener, continued)):
                problems.append(f"line {word.line}: {word.text} at column {word.column}, "
                                f"its {opener.text} (line {opener.line}) at "
                                f"{_indent(lines, opener)}")
        elif text in opens:
            stack.append(word)
        elif word.first and stack and word.line != stack[-1].line \
                and word.column <= _statement_indent(lines, stack[-1], continued) \
                and not _continues(text):
            problems.append(f"line {word.line}: {word.text} not inside its "
                            f"{stack[-1].text} (line {stack[-1].line})")
    return problems


def _continues(word: str) -> bool:
    """Words that may stand at their block's own column: else, то/иначе/при, var…"""
    return word in {"else", "var", "const", "type", "of", "то", "иначе", "при", "нач",
                    "except", "finally", "ИНАЧЕ", "ТО", "public", "private", "protected"}


def _pop(stack: list[Word], wanted: object) -> Word | None:
    if wanted is None:
        return stack.pop() if stack and stack[-1].text.lower() != "repeat" else None
    names = [name.lower() for name in (wanted if isinstance(wanted, tuple) else (wanted,))]
    if stack and stack[-1].text.lower() in names:
        return stack.pop()
    return None


def _indent(lines: list[str], word: Word) -> int:
    line = lines[word.line - 1]
    return len(line) - len(line.lstrip(" "))


def _statement_indent(lines: list[str], word: Word, continued: set[int]) -> int:
    """The indentation of the line that began the statement ``word`` is in: a Java method
    whose parameters are wrapped has its ``{`` on a continuation line, and its ``}`` and
    body go by the method's first line."""
    number = word.line
    while number in continued:
        number -= 1
    line = lines[number - 1]
    return len(line) - len(line.lstrip(" "))


def case_problems(source: str) -> list[str]:
    """Pascal reserved words in lower case."""
    return [f"line {w.line}: {w.text} (reserved words are lower case)"
            for w in code_words(source, "pascal")
            if w.text != w.text.lower() and w.text.lower() in PASCAL_RESERVED]


PASCAL_RESERVED = {
    "and", "array", "begin", "case", "const", "div", "do", "downto", "else", "end", "file",
    "for", "function", "goto", "if", "in", "label", "mod", "nil", "not", "of", "or",
    "packed", "procedure", "program", "record", "repeat", "set", "then", "to", "type",
    "until", "var", "while", "with", "xor", "shl", "shr", "uses", "unit", "interface",
    "implementation", "try", "except", "finally", "raise", "class", "object",
}


def style_problems(source: str, language: str) -> list[str]:
    problems = layout_problems(source, STEPS.get(language, STEP), language)
    if language not in LAYOUT_ONLY:
        problems += block_problems(source, language)
    if language == "pascal":
        problems += case_problems(source)
    return problems

