"""``РегулярноеВыражение`` of OneScript 1.9.2 (Regex/*.cs): .NET's
``System.Text.RegularExpressions`` with ``IgnoreCase | Multiline`` on by default, run here on
Python's ``re``.

The .NET pattern is translated: ``(?<name>…)``/``(?'name'…)`` to ``(?P<name>…)``, ``\\k<name>``
to ``(?P=name)``, ``\\z`` to ``\\Z`` and ``\\Z`` to ``(?=\\n?\\Z)``; groups are numbered as .NET
numbers them (the unnamed ones first, then the named ones, each in order of appearance), and
``Заменить`` reads .NET's substitutions (``$1``, ``${name}``, ``$$``, ``$&``, ``$```, ``$'``,
``$+``, ``$_``).  What ``re`` lacks stays an error of the pattern: Unicode categories
(``\\p{L}``), class subtraction (``[a-z-[aeiou]]``), lookbehind of variable length,
balancing groups, inline options other than ``imsx``, ``RegexOptions`` beyond the two
properties."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar

from portinterp.bsl.runtime.conversions import to_bool, to_number
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

BAD_PATTERN = "Неверное регулярное выражение: {}"
OUT_OF_RANGE = "Значение индекса выходит за пределы диапазона"
NAME_START = re.compile(r"\(\?(?:<(?![=!])|')(\w+)[>']")
PYTHON_NAME_START = re.compile(r"\(\?P<(\w+)>")


def translate(pattern: str) -> tuple[str, list[str | None]]:
    """The Python pattern and its capturing groups in order (a name, or None)."""
    out: list[str] = []
    groups: list[str | None] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            piece, i = _escape(pattern, i)
        elif char == "[":
            end = _class_end(pattern, i)
            piece, i = pattern[i:end], end
        elif char == "(":
            piece, i = _group(pattern, i, groups)
        else:
            piece, i = char, i + 1
        out.append(piece)
    return "".join(out), groups


def _escape(pattern: str, i: int) -> tuple[str, int]:
    follower = pattern[i + 1:i + 2]
    if follower == "k":
        match = re.match(r"\\k(?:<(\w+)>|'(\w+)')", pattern[i:])
        if match:
            return f"(?P={match.group(1) or match.group(2)})", i + match.end()
    replacements = {"z": r"\Z", "Z": r"(?=\n?\Z)"}
    if follower in replacements:
        return replacements[follower], i + 2
    return pattern[i:i + 2], i + 2


def _class_end(pattern: str, i: int) -> int:
    j = i + 1
    if pattern[j:j + 1] == "^":
        j += 1
    if pattern[j:j + 1] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return min(j + 1, len(pattern))


def _group(pattern: str, i: int, groups: list[str | None]) -> tuple[str, int]:
    named = NAME_START.match(pattern, i)
    if named:
        groups.append(named.group(1))
        return f"(?P<{named.group(1)}>", named.end()
    python_named = PYTHON_NAME_START.match(pattern, i)
    if python_named:
        groups.append(python_named.group(1))
        return python_named.group(0), python_named.end()
    if not pattern.startswith("(?", i):
        groups.append(None)
    return "(", i + 1


class Regex(BslObject):
    __slots__ = ("compiled", "flags", "names", "numbers", "pattern")
    type_name = "РегулярноеВыражение"
    spellings = spellings("Совпадает IsMatch ismatch", "НайтиСовпадения Matches matches",
                          "Разделить Split split", "Заменить Replace replace")
    FLAGS: ClassVar[dict[str, int]] = {
        "игнорироватьрегистр": re.IGNORECASE, "ignorecase": re.IGNORECASE,
        "многострочный": re.MULTILINE, "multiline": re.MULTILINE}

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.flags = re.IGNORECASE | re.MULTILINE
        python, groups = translate(pattern)
        unnamed = [i + 1 for i, name in enumerate(groups) if name is None]
        named: dict[str, int] = {}
        for i, name in enumerate(groups):
            if name is not None and name not in named:
                named[name] = i + 1
        # .NET group number -> Python group number; .NET number -> name
        self.numbers = [0, *unnamed, *named.values()]
        self.names = ["0", *(str(n + 1) for n in range(len(unnamed))), *named]
        self.compiled = self._compile(python)

    def _compile(self, python: str) -> re.Pattern[str]:
        try:
            return re.compile(python, self.flags)
        except (re.error, OverflowError, RecursionError) as error:
            raise ProgramFault(BAD_PATTERN.format(error)) from None

    def property(self, name: str, shown: str) -> Any:
        flag = self.FLAGS.get(name)
        if flag is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return bool(self.flags & flag)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        flag = self.FLAGS.get(name)
        if flag is None:
            raise ProgramFault(NO_FIELD.format(shown))
        self.flags = self.flags | flag if to_bool(value) else self.flags & ~flag
        self.compiled = self._compile(self.compiled.pattern)

    def property_names(self) -> list[str]:
        return ["ИгнорироватьРегистр", "Многострочный"]

    def bsl_ismatch(self, text: Any, start: Any = 0) -> bool:
        source = _text(text)
        return self.compiled.search(source, _start(start, source)) is not None

    def bsl_matches(self, text: Any, start: Any = 0) -> MatchCollection:
        source = _text(text)
        found = list(self.compiled.finditer(source, _start(start, source)))
        return MatchCollection([Match(match, self) for match in found])

    def bsl_split(self, text: Any, count: Any = 0, start: Any = 0) -> BslArray:
        source, limit = _text(text), int(to_number(count))
        if limit < 0:
            raise ProgramFault("Неверное значение аргумента")
        if limit == 1:
            return BslArray([source])
        pieces, previous = [], 0
        for number, match in enumerate(self.compiled.finditer(source, _start(start, source))):
            if limit and number >= limit - 1:
                break
            pieces.append(source[previous:match.start()])
            previous = match.end()
            pieces.extend(match.group(n) for n in self.numbers[1:]
                          if match.group(n) is not None)
        pieces.append(source[previous:])
        return BslArray(pieces)

    def bsl_replace(self, text: Any, replacement: Any) -> str:
        source, template = _text(text), _text(replacement)
        return self.compiled.sub(lambda match: self._expand(match, template), source)

    def _expand(self, match: re.Match[str], template: str) -> str:
        return SUBSTITUTION.sub(lambda part: self._substitute(match, part.group(0)), template)

    def _substitute(self, match: re.Match[str], token: str) -> str:
        source = match.string
        special = {"$$": "$", "$&": match.group(0), "$`": source[:match.start()],
                   "$'": source[match.end():], "$_": source}
        if token in special:
            return special[token]
        if token == "$+":
            return _group_value(match, self.numbers[-1]) if len(self.numbers) > 1 else ""
        key = token[2:-1] if token.startswith("${") else token[1:]
        number = self.number_of(key)
        if number is None:  # .NET Framework: all the digits, or the text as it is
            return token
        return _group_value(match, self.numbers[number])

    def number_of(self, key: str) -> int | None:
        """The .NET number of a group given by name or number; None if there is none."""
        if key in self.names:
            return self.names.index(key)
        if key.isdigit() and key.isascii() and int(key) < len(self.names) \
                and self.names[int(key)] == str(int(key)):
            return int(key)
        return None


SUBSTITUTION = re.compile(r"\$(?:\$|&|`|'|\+|_|\{\w+\}|\d+)")


def _group_value(match: re.Match[str], python_number: int) -> str:
    return match.group(python_number) or ""


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _start(value: Any, source: str) -> int:
    start = int(to_number(value))
    if not 0 <= start <= len(source):
        raise ProgramFault(OUT_OF_RANGE)
    return start


class _Captured(BslObject):
    """What a match and a group share: ``Значение``, ``Индекс``, ``Длина``."""

    __slots__ = ("index", "text")
    FIELDS: ClassVar[dict[str, str]] = {
        "значение": "text", "value": "text", "индекс": "index", "index": "index"}

    def property(self, name: str, shown: str) -> Any:
        if name in ("длина", "length"):
            return len(self.text)
        field = self.FIELDS.get(name)
        if field is None:
            raise ProgramFault(NO_FIELD.format(shown))
        return getattr(self, field)


class Group(_Captured):
    __slots__ = ("name",)
    type_name = "ГруппаРегулярногоВыражения"

    def __init__(self, match: re.Match[str], python_number: int | None, name: str) -> None:
        captured = None if python_number is None else match.group(python_number)
        self.text = captured or ""
        self.index = match.start(python_number) if captured is not None else 0
        self.name = name

    def property(self, name: str, shown: str) -> Any:
        if name in ("имя", "name"):
            return self.name
        return super().property(name, shown)

    def property_names(self) -> list[str]:
        return ["Значение", "Индекс", "Длина", "Имя"]


class Match(_Captured):
    __slots__ = ("match", "regex")
    type_name = "СовпадениеРегулярногоВыражения"

    def __init__(self, match: re.Match[str], regex: Regex) -> None:
        self.match, self.regex = match, regex
        self.text, self.index = match.group(0), match.start()

    def property(self, name: str, shown: str) -> Any:
        if name in ("группы", "groups"):
            return GroupCollection(self.match, self.regex)
        return super().property(name, shown)

    def property_names(self) -> list[str]:
        return ["Значение", "Индекс", "Длина", "Группы"]


class MatchCollection(BslObject):
    __slots__ = ("matches",)
    type_name = "КоллекцияСовпаденийРегулярногоВыражения"
    spellings = spellings("Количество Count count")

    def __init__(self, matches: list[Match]) -> None:
        self.matches = matches

    def bsl_count(self) -> int:
        return len(self.matches)

    def get(self, index: object) -> Match:
        number = int(to_number(index))
        if not 0 <= number < len(self.matches):
            raise ProgramFault(OUT_OF_RANGE)
        return self.matches[number]

    def iterate(self) -> Iterator[Match]:
        return iter(list(self.matches))


class GroupCollection(BslObject):
    __slots__ = ("match", "regex")
    type_name = "КоллекцияГруппРегулярногоВыражения"
    spellings = spellings("Количество Count count", "ПоИмени FromName fromname")

    def __init__(self, match: re.Match[str], regex: Regex) -> None:
        self.match, self.regex = match, regex

    def bsl_count(self) -> int:
        return len(self.regex.numbers)

    def group(self, number: int | None) -> Group:
        """.NET gives an empty group, named "", for a number the pattern lacks."""
        if number is None or not 0 <= number < len(self.regex.numbers):
            return Group(self.match, None, "")
        return Group(self.match, self.regex.numbers[number], self.regex.names[number])

    def get(self, index: object) -> Group:
        return self.group(int(to_number(index)))

    def bsl_fromname(self, name: Any) -> Group:
        return self.group(self.regex.number_of(_text(name)))

    def iterate(self) -> Iterator[Group]:
        return iter([self.group(n) for n in range(len(self.regex.numbers))])


def _new_regex(runtime: Any, pattern: Any) -> Regex:
    from portinterp.bsl.runtime.formatting import to_string

    return Regex(to_string(pattern, "onescript"))


register_type("РегулярноеВыражение", "Regex", _new_regex)
for _russian, _english in (("СовпадениеРегулярногоВыражения", "RegExMatch"),
                           ("ГруппаРегулярногоВыражения", "RegExGroup"),
                           ("КоллекцияСовпаденийРегулярногоВыражения", "RegExMatchCollection"),
                           ("КоллекцияГруппРегулярногоВыражения", "RegExGroupCollection")):
    register_type(_russian, _english)
