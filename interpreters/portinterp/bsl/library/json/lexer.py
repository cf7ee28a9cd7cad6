"""The tokens of a JSON text as OneScript reads them: OneScript's ``ЧтениеJSON`` is Newtonsoft's
``JsonTextReader`` with ``SupportMultipleContent``, so it is lenient where Newtonsoft is —
comments (``//``, ``/* */``) are tokens, a comma may end an array or object, property names
may be unquoted or in single quotes, several values may follow each other at the top level
(``1,2,3`` or ``[1] {}``), the end of the text inside an open array ends the reading (no
error) — and strict where it is: ``undefined``, an empty value (``[1,,2]``, ``{"a":}``), an
unclosed comment or string are errors.  Strings that are ISO dates (``yyyy-MM-ddTHH:mm:ss``,
a fraction, a zone) are dates, as Newtonsoft's default ``DateParseHandling`` makes them;
numbers with ``.``/``e`` are doubles, rounded to 15 digits on their way to a decimal.
Hand-written: Python's ``json`` is strict JSON (no comments, no trailing commas, no
multiple content) and gives no token stream."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from portinterp.bsl.runtime import numbers
from portinterp.errors import ProgramFault

UNEXPECTED_SYMBOL = "Непредвиденный символ при чтении JSON"
WHITESPACE = " \t\r\n\ufeff\xa0"
ENDS = WHITESPACE + ",]}/)"
ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n",
           "r": "\r", "t": "\t"}
ISO_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,7}))?"
                      r"([Zz]|[+-]\d\d(?::?\d\d)?)?$")
MS_DATE = re.compile(r"/Date\((-?\d+)([+-]\d{4})?\)/$")
DECIMAL_MAX = Decimal("79228162514264337593543950335")


class JsonError(ProgramFault):
    """Newtonsoft's reader error (OneScript's ``ПрочитатьJSON`` wraps it with the place)."""


class ReaderFault(ProgramFault):
    """OneScript's own ``ЧтениеJSON`` error (``ПрочитатьJSON`` lets it through unwrapped)."""


class JsonLexer:
    """``read()`` moves to the next token: ``kind`` (start_object, end_object, start_array,
    end_array, property, string, number, boolean, null, date, comment) and ``value``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.stack: list[str] = []  # "[" / "{"
        self.expect = "value"  # value / post / property
        self.kind: str | None = None
        self.value: Any = None
        self.finished = False

    # ---- position -------------------------------------------------------------------

    @property
    def line(self) -> int:
        """Newtonsoft's ``LineNumber``: 0 while nothing at all has been read."""
        if self.pos == 0 and self.kind is None:
            return 0
        return self.text.count("\n", 0, self.pos) + 1

    @property
    def column(self) -> int:
        return self.pos - (self.text.rfind("\n", 0, self.pos) + 1)

    def fail(self, message: str) -> JsonError:
        return JsonError(f"{message} Line {self.line}, position {self.column}.")

    @property
    def depth(self) -> int:
        return len(self.stack)

    # ---- tokens ---------------------------------------------------------------------

    def read(self) -> bool:
        while True:
            self._skip_whitespace()
            if self.pos >= len(self.text):
                self.finished, self.kind, self.value = True, None, None
                return False
            char = self.text[self.pos]
            if char == "/":
                self._comment()
                return True
            done = getattr(self, "_in_" + self.expect)(char)
            if done:
                self.finished = False
                return True

    def _set(self, kind: str, value: Any = None, expect: str = "post") -> bool:
        self.kind, self.value, self.expect = kind, value, expect
        return True

    def _skip_whitespace(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in WHITESPACE:
            pos += 1
        self.pos = pos

    def _in_post(self, char: str) -> bool:
        if char == ",":
            self.pos += 1
            top = self.stack[-1] if self.stack else ""
            self.expect = "property" if top == "{" else "value"
            return False
        if char in "]}":
            return self._close(char)
        if not self.stack:
            return self._in_value(char)
        raise self.fail("After parsing a value an unexpected character was encountered: "
                        f"{char}.")

    def _close(self, char: str) -> bool:
        opening = "[" if char == "]" else "{"
        self.pos += 1
        if not self.stack or self.stack[-1] != opening:
            raise self.fail(f"Unexpected character encountered while parsing value: {char}.")
        self.stack.pop()
        return self._set("end_array" if char == "]" else "end_object")

    def _in_property(self, char: str) -> bool:
        if char == "}":
            return self._close(char)
        if char in "\"'":
            name = self._string(char)
        elif char.isalpha() or char in "_$":
            name = self._unquoted_name()
        else:
            raise self.fail(f"Invalid property identifier character: {char}.")
        self._skip_whitespace()
        if self.pos >= len(self.text) or self.text[self.pos] != ":":
            got = self.text[self.pos] if self.pos < len(self.text) else "end of text"
            raise self.fail(f"Invalid character after parsing property name. Expected ':' "
                            f"but got: {got}.")
        self.pos += 1
        return self._set("property", name, "value")

    def _unquoted_name(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum()
                                             or self.text[self.pos] in "_$"):
            self.pos += 1
        return self.text[start:self.pos]

    def _in_value(self, char: str) -> bool:
        if char in "[{":
            self.stack.append(char)
            self.pos += 1
            if char == "[":
                return self._set("start_array", None, "value")
            return self._set("start_object", None, "property")
        if char == "]" and self.stack and self.stack[-1] == "[":
            return self._close(char)  # [] or a comma before the end
        if char == ",":
            raise ReaderFault(UNEXPECTED_SYMBOL)  # Newtonsoft's Undefined token: OneScript's error
        if char in "\"'":
            text = self._string(char)
            date = parse_date(text)
            return self._set("string", text) if date is None else self._set("date", date)
        if char.isdigit() or char in "-.":
            return self._set("number", self._number())
        return self._word(char)

    def _word(self, char: str) -> bool:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in ENDS:
            self.pos += 1
        word = self.text[start:self.pos]
        if word in ("true", "false"):
            return self._set("boolean", word == "true")
        if word == "null":
            return self._set("null")
        if word == "undefined":
            raise ReaderFault(UNEXPECTED_SYMBOL)
        if word in ("NaN", "Infinity"):
            raise self.fail("Value was either too large or too small for a Decimal.")
        self.pos = start
        raise self.fail(f"Unexpected character encountered while parsing value: {char}.")

    def _number(self) -> numbers.Number:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in ENDS:
            self.pos += 1
        word = self.text[start:self.pos]
        try:
            if any(ch in word for ch in ".eE"):
                return _double_to_decimal(float(word))
            whole = int(word)
        except ValueError:
            raise self.fail(f"Input string '{word}' is not a valid number.") from None
        if not -(2**63) <= whole < 2**63:  # a BigInteger, which Convert.ToDecimal refuses
            raise self.fail("Unable to cast object of type 'System.Numerics.BigInteger' to "
                            "type 'System.IConvertible'.")
        return whole

    def _string(self, quote: str) -> str:
        text, pos, parts = self.text, self.pos + 1, []
        while True:
            end = _next_special(text, pos, quote)
            if end < 0:
                self.pos = len(text)
                raise self.fail(f"Unterminated string. Expected delimiter: {quote}.")
            parts.append(text[pos:end])
            if text[end] == quote:
                self.pos = end + 1
                return "".join(parts)
            escaped, pos = self._escape(end)
            parts.append(escaped)

    def _escape(self, at: int) -> tuple[str, int]:
        text = self.text
        code = text[at + 1] if at + 1 < len(text) else ""
        if code in ESCAPES:
            return ESCAPES[code], at + 2
        if code == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[at + 2:at + 6]):
            return chr(int(text[at + 2:at + 6], 16)), at + 6
        self.pos = at
        raise self.fail(f"Bad JSON escape sequence: \\{code}.")

    def _comment(self) -> None:
        text, pos = self.text, self.pos
        follower = text[pos + 1] if pos + 1 < len(text) else ""
        if follower == "*":
            end = text.find("*/", pos + 2)
            if end < 0:
                self.pos = len(text)
                raise self.fail("Unexpected end while parsing comment.")
            self.kind, self.value, self.pos = "comment", text[pos + 2:end], end + 2
        elif follower == "/":
            end = len(text)
            for stop in "\r\n":
                found = text.find(stop, pos + 2)
                if found >= 0:
                    end = min(end, found)
            self.kind, self.value, self.pos = "comment", text[pos + 2:end], end
        else:
            raise self.fail(f"Error parsing comment. Expected: *, got {follower}.")
        self.finished = False

    def skip(self) -> None:
        """Newtonsoft's ``Skip``: from a start token to the end of its container."""
        if self.kind not in ("start_array", "start_object"):
            return
        depth = self.depth - 1
        while self.read() and self.depth > depth:
            pass


def _next_special(text: str, pos: int, quote: str) -> int:
    quote_at, slash_at = text.find(quote, pos), text.find("\\", pos)
    if quote_at < 0:
        return -1
    return slash_at if 0 <= slash_at < quote_at else quote_at


def _double_to_decimal(value: float) -> numbers.Number:
    """.NET's ``Convert.ToDecimal(double)``: 15 significant digits."""
    if value != value or abs(value) > DECIMAL_MAX:
        raise JsonError("Value was either too large or too small for a Decimal.")
    return numbers.canonical(Decimal(f"{value:.15g}"))


def parse_date(text: str) -> datetime | None:
    """Newtonsoft's date detection of a string value (ISO or ``/Date(ms)/``), else None."""
    if text.startswith("/Date("):
        return _microsoft_date(text)
    if not 19 <= len(text) <= 40 or not text[0].isdigit() or text[10] != "T":
        return None
    match = ISO_DATE.match(text)
    if match is None:
        return None
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    try:
        moment = datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None
    return _zoned(moment, match.group(8))


def _zoned(moment: datetime, zone: str | None) -> datetime:
    """``Z`` keeps the clock time (a UTC date); an offset gives the machine's local time."""
    if zone is None or zone in "Zz":
        return moment
    digits = zone[1:].replace(":", "")
    offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:] or 0))
    if zone[0] == "-":
        offset = -offset
    utc = (moment - offset).replace(tzinfo=UTC)
    return utc.astimezone().replace(tzinfo=None)


def _microsoft_date(text: str) -> datetime | None:
    match = MS_DATE.match(text)
    if match is None:
        return None
    try:
        moment = datetime(1970, 1, 1) + timedelta(milliseconds=int(match.group(1)))
    except OverflowError:
        return None
    if match.group(2) is None:
        return moment
    return _zoned(moment, match.group(2)[:3] + ":" + match.group(2)[3:])


def read_json_date(text: Any, date_format: Any) -> datetime:
    """``ПрочитатьДатуJSON(Строка, ФорматДатыJSON)``: ISO or Microsoft (GlobalJsonFunctions.cs)."""
    from portinterp.bsl.runtime.objects import EnumValue

    if type(text) is not str or (date_format is not None
                                 and not isinstance(date_format, EnumValue)):
        raise ProgramFault("Неверный тип аргумента")
    if date_format is not None and date_format.name == "JavaScript":
        raise ProgramFault("Формат даты JavaScript не поддерживается.")
    date = parse_date(text)
    if date is None:
        try:
            date = datetime.fromisoformat(text)
        except ValueError:
            raise ProgramFault("Представление даты имеет неверный формат.") from None
    return date.replace(tzinfo=None)
