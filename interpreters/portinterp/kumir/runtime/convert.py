"""``лит_в_цел`` and ``лит_в_вещ``: a string read as a number exactly as KuMir 2's
``Kumir::Converter::parseInt``/``parseReal`` read it (kumir2-libs/stdlib/kmath.cpp).

Hand-written rather than ``int()``/``float()``: KuMir takes no spaces, takes ``$`` hex and
Cyrillic ``е`` exponents, builds the value digit by digit in doubles and says "no" (the
success flag) where Python would accept (``1_000``, ``inf``) — the value must be KuMir's.
"""

from __future__ import annotations

import math

_EXPONENT = "eEеЕ"
_INT_LIMIT = 2**31
EMPTY, BAD_SYMBOL, OVERFLOW = "empty", "bad symbol", "overflow"
WRONG_REAL, WRONG_EXPONENT = "wrong real", "wrong exponent"


def parse_int(word: str) -> tuple[int, str | None]:
    """The ``цел`` written in ``word`` (``-12``, ``+7``, ``$FF``) and None, or 0 and what is
    wrong: ``EMPTY``, ``BAD_SYMBOL``, ``OVERFLOW`` (KuMir's ParseError)."""
    negative = word[:1] == "-"
    digits = word[1:] if word[:1] in "+-" and word else word
    base = 10
    if digits.startswith("$"):
        base, digits = 16, digits[1:]
    if not digits:
        return 0, EMPTY
    value = 0
    for char in digits:
        digit = _digit(char)
        if digit >= base:
            return 0, BAD_SYMBOL
        value = value * base + digit
    if value > _INT_LIMIT - (0 if negative else 1):
        return 0, OVERFLOW
    return (-value if negative else value), None


def _digit(char: str) -> int:
    if "0" <= char <= "9":
        return ord(char) - ord("0")
    if "A" <= char <= "Z" or "a" <= char <= "z":
        return 10 + ord(char.upper()) - ord("A")
    return 99


def parse_real(word: str) -> tuple[float, str | None]:
    """The ``вещ`` written in ``word`` and None, or KuMir's value and what is wrong:
    ``EMPTY``, ``WRONG_REAL``, ``WRONG_EXPONENT``, ``OVERFLOW`` (the value is then inf)."""
    if not word:
        return 0.0, EMPTY
    negative = word[:1] == "-"
    body = word[1:] if word[:1] in "+-" else word
    parts = _real_parts(body, any(c in word for c in _EXPONENT))
    if isinstance(parts, str):
        return 0.0, parts
    integral, fractional, exponent = parts
    fractional = fractional.rstrip("0")
    fraction = _from_decimal(fractional)
    for _ in fractional:
        fraction /= 10.0
    mantissa = _from_decimal(integral)
    if mantissa < 0:
        return 0.0, WRONG_REAL
    try:
        result = (mantissa + fraction) * math.pow(10, _from_decimal(exponent))
    except OverflowError:
        result = math.inf
    if negative and result != 0:
        result = -result
    return result, None if math.isfinite(result) else OVERFLOW


def _real_parts(body: str, has_exponent: bool) -> tuple[str, str, str] | str:
    """``12.5e3`` -> ("12", "5", "3"); the error where parseReal reports one."""
    integral, _, rest = _split_mantissa(body)
    fractional, e_found, exponent = rest
    if fractional and e_found and (not _valid(fractional) or _from_decimal(fractional) < 0):
        return WRONG_EXPONENT if has_exponent else WRONG_REAL
    if has_exponent and not exponent:
        return WRONG_EXPONENT
    if not integral and not fractional:
        return WRONG_EXPONENT if exponent else WRONG_REAL
    if not (_valid(integral) and _valid(fractional) and _valid(exponent)):
        return WRONG_REAL
    return integral, fractional, exponent


def _split_mantissa(body: str) -> tuple[str, bool, tuple[str, bool, str]]:
    """The integral part; then the fraction, whether an exponent letter came, the exponent."""
    for n, char in enumerate(body):
        if char == ".":
            return body[:n], True, _split_exponent(body[n + 1:])
        if char in _EXPONENT:
            return body[:n], True, ("", True, body[n + 1:])
    return body, False, ("", False, "")


def _split_exponent(rest: str) -> tuple[str, bool, str]:
    for n, char in enumerate(rest):
        if char in _EXPONENT:
            return rest[:n], True, rest[n + 1:]
    return rest, False, ""


def _valid(text: str) -> bool:
    """KuMir's validDecimal: digits, a sign allowed first."""
    return all(c in "0123456789" or (n == 0 and c in "+-") for n, c in enumerate(text))


def _from_decimal(text: str) -> float:
    """KuMir's fromDecimal: the digits summed from the last, in doubles."""
    result, power = 0.0, 1.0
    for n in range(len(text) - 1, -1, -1):
        char = text[n]
        if n == 0 and char in "+-":
            return -result if char == "-" else result
        result += power * (ord(char) - ord("0"))
        power *= 10
    return result
