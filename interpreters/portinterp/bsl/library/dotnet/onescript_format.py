"""``Формат`` as OneScript 1.9.2 computes it (its ValueFormatter and FormatParametersList):
the format string's parameters, then .NET's number and date formatting with the culture of
``Л=``/``L=`` or else the current one: ``ru-RU``, OneScript under a Russian locale (its
users', and the one its recorded outputs here were taken under).  Its quirks are kept:
``ЧЦ``/``ЧДЦ`` below 1 count as 0, a number too long for ``ЧЦ`` becomes nines, group sizes
above 9 are inserted by hand, an empty date with ``ДП=''`` is formatted (``01.01.0001``),
``ЧДЦ`` beyond 28 is not rounded.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from portinterp.bsl.library.dotnet import netdecimal
from portinterp.bsl.library.dotnet.netculture import RU, Culture, culture
from portinterp.bsl.library.dotnet.netdates import format_datetime
from portinterp.bsl.library.dotnet.netnumbers import NumberFormat, format_custom, format_n
from portinterp.bsl.runtime.format_params import parse_params
from portinterp.bsl.runtime.formatting import MAX_FORMAT_DIGITS, TOO_MANY_DIGITS
from portinterp.bsl.runtime.numbers import Number
from portinterp.errors import ProgramFault

CURRENT = RU  # OneScript under a Russian locale (LANG=ru_RU.UTF-8)
MAX_ROUND = 28
NAMES = {
    "бл": "bf", "bf": "bf", "би": "bt", "bt": "bt", "л": "l", "l": "l", "чц": "nd", "nd": "nd",
    "чдц": "nfd", "nfd": "nfd", "чрд": "nds", "nds": "nds", "чрг": "ngs", "ngs": "ngs",
    "чн": "nz", "nz": "nz", "чг": "ng", "ng": "ng", "чвн": "nlz", "nlz": "nlz", "чо": "nn",
    "nn": "nn", "дп": "de", "de": "de", "дф": "df", "df": "df", "длф": "dlf", "dlf": "dlf",
}
INSERT_OUT_OF_RANGE = ("Внешнее исключение (System.ArgumentOutOfRangeException): "
                       "Specified argument was out of the range of valid values.\n"
                       "Parameter name: startIndex")


# ---- the parameters (FormatParametersList) -----------------------------------------------


def parse_parameters(text: str) -> dict[str, str]:
    """``"ЧДЦ=2; ЧРД='.'"`` -> ``{"nfd": "2", "nds": "."}``: the last of a name wins.  Read
    by ``format_params`` (OneScript reads ``Формат``'s and ``НСтр``'s lists alike, also its
    error for spaces after a last ``;``)."""
    params: dict[str, str] = {}
    for name, value in parse_params(text):
        key = NAMES.get(name.lower())
        if key:
            params[key] = value
    return params


# ---- numbers -----------------------------------------------------------------------------


def _int32(text: str) -> int | None:
    """``Int32.TryParse``: optional spaces and sign around decimal digits."""
    match = re.fullmatch(r"\s*([+-]?\d+)\s*", text)
    if not match or not -(1 << 31) <= int(match.group(1)) < (1 << 31):
        return None
    return int(match.group(1))


def _unsigned(text: str) -> int:
    number = _int32(text)
    return number if number is not None and number > 0 else 0


def group_sizes(text: str) -> tuple[int, ...]:
    """``ЧГ=3,2``: at most two runs of digits; a missing second one is a 0 (``ЧГ=4`` is
    ``4,0``: one group), a written 0 after the first is dropped (``ЧГ=4,0`` repeats 4)."""
    sizes: list[int] = []
    runs = re.finditer(r"\d+", text)
    for count in range(2):
        run = next(runs, None)
        value = int(run.group(0)) if run else 0
        if run and value == 0 and count > 0:
            break
        sizes.append(value)
        if value == 0:
            break
    return tuple(sizes)


def format_number(num: Number, params: dict[str, str], current: Culture = CURRENT) -> str:
    base = culture(params.get("l"), current)
    nf = NumberFormat(base.decimal_separator, base.group_separator, base.group_sizes,
                      base.negative_pattern)
    zero = ("0" if params["nz"] == "" else params["nz"]) if "nz" in params else ""
    if num == 0:
        return zero
    limits = "nd" in params or "nfd" in params
    total, fraction = _unsigned(params.get("nd", "")), _unsigned(params.get("nfd", ""))
    if max(total, fraction) > MAX_FORMAT_DIGITS:  # the platform dialect's limit too
        raise ProgramFault(TOO_MANY_DIGITS)
    if params.get("nds"):
        nf.decimal_separator = params["nds"][:1]
    if params.get("ngs"):
        nf.group_separator = params["ngs"][:1]
    sizes, large = _grouping(params, nf)
    if (pattern := _int32(params.get("nn", "x"))) is not None:
        nf.negative_pattern = pattern if 0 <= pattern <= 4 else 1
    if not limits:
        return _render(num, "N", nf, sizes, large)
    num, fits = restrict(num, total, fraction)
    if num == 0:
        return zero
    fmt, large = _pattern(total, fraction, fits, "nlz" in params, large)
    if num < 0:
        fmt = ";" + _negative(fmt, nf)
    return _render(num, fmt, nf, sizes, large)


def _grouping(params: dict[str, str], nf: NumberFormat) -> tuple[tuple[int, ...], bool]:
    if "ng" not in params:
        return nf.group_sizes, False
    sizes = group_sizes(params["ng"])
    if any(size > 9 for size in sizes):
        nf.group_sizes = (0,)
        return sizes, True
    nf.group_sizes = sizes
    return sizes, False


def restrict(num: Number, total: int, fraction: int) -> tuple[Number, bool]:
    """ApplyNumericSizeRestrictions: round to ``ЧДЦ``; a number too long for ``ЧЦ``
    becomes nines (and ``False``)."""
    if fraction <= MAX_ROUND:
        num = netdecimal.round_away(num, fraction)
    if total == 0:
        return num, True
    whole = netdecimal.truncate(num)
    if whole == 0:
        if total < fraction and total <= MAX_ROUND:
            num = netdecimal.round_away(num, total)
        return num, True
    if len(str(abs(whole))) <= total - fraction:
        return num, True
    nines = "9" * min(total, MAX_ROUND)
    point = max(total - fraction, 0)
    if point > len(nines):
        raise ProgramFault(INSERT_OUT_OF_RANGE)
    fake = netdecimal.clean(Decimal(nines[:point] + "." + nines[point:]))
    return (-fake if whole < 0 else fake), False


def _pattern(total: int, fraction: int, fits: bool, leading: bool,
             large: bool) -> tuple[str, bool]:
    if total == 0:
        return "#,0." + "0" * fraction, large
    whole = total - fraction
    head = (("0" * (whole - 1) if leading else "#") + ",") if whole > 1 else ""
    if whole > 0:
        return head + "0." + _places(fits, total, fraction, MAX_ROUND - whole), large
    return "#." + _places(fits, total, total, MAX_ROUND), False


def _places(fits: bool, total: int, zeros: int, long_zeros: int) -> str:
    if not fits and total > MAX_ROUND:
        return "0" * max(long_zeros, 0) + "9" * (total - MAX_ROUND)
    return "0" * zeros


def _negative(fmt: str, nf: NumberFormat) -> str:
    sign = nf.negative_sign
    return {0: f"({fmt})", 1: sign + fmt, 2: f"{sign} {fmt}", 3: fmt + sign,
            4: f"{fmt} {sign}"}.get(nf.negative_pattern, fmt)


def _render(num: Number, fmt: str, nf: NumberFormat, sizes: tuple[int, ...],
            large: bool) -> str:
    if not large:
        return _to_string(num, fmt, nf)
    separator, nf.decimal_separator = nf.decimal_separator, "."
    text = _to_string(num, fmt, nf)
    nf.decimal_separator = separator
    return apply_grouping(text, nf, sizes)


def _to_string(num: Number, fmt: str, nf: NumberFormat) -> str:
    if fmt == "N":
        return format_n(num, netdecimal.scale_of(num), nf)
    return format_custom(num, fmt, nf)


def apply_grouping(text: str, nf: NumberFormat, sizes: tuple[int, ...]) -> str:
    """ApplyDigitsGrouping (group sizes above 9), bug for bug: the point is replaced only
    within the original text's length from its old place."""
    point = text.find(".")
    offset = point if point >= 0 else len(text)
    size = sizes[0]
    if size == 0 or offset - size <= 0:
        return text.replace(".", nf.decimal_separator)
    chars = list(text)
    chars.insert(offset - size, nf.group_separator)
    offset -= size
    size = sizes[1] if len(sizes) > 1 else size
    while size > 0 and offset - size > 0:
        chars.insert(offset - size, nf.group_separator)
        offset -= size
    result = "".join(chars)
    if point < 0:
        return result
    end = len(text)
    return result[:point] + result[point:end].replace(".", nf.decimal_separator) + result[end:]


# ---- dates and the rest ------------------------------------------------------------------

_DATE_LETTERS = str.maketrans({"д": "d", "М": "M", "г": "y", "к": "q", "ч": "h", "Ч": "H",
                               "м": "m", "с": "s", "р": "f"})
LOCAL_FORMATS = {"ДВ": "G", "DT": "G", "ДДВ": "F", "DDT": "F", "ДД": "D", "DD": "D",
                 "Д": "d", "D": "d", "В": "T", "T": "T"}
EMPTY_DATE = datetime(1, 1, 1)


def date_format(param: str) -> str:
    """ProcessDateFormat: the Russian letters to .NET's, ``вв`` to ``tt``, ``/ %`` escaped."""
    text = param.translate(_DATE_LETTERS).replace("вв", "tt")
    return text.replace("/", "\\/").replace("%", "\\%")


def format_date(value: datetime, params: dict[str, str], current: Culture = CURRENT) -> str:
    info = culture(params.get("l"), current)
    fmt = "G"
    if value == EMPTY_DATE:
        if "de" not in params:
            return ""
        if params["de"]:
            return params["de"]
        fmt = ""
    if "df" in params:
        fmt = date_format(params["df"])
    if "dlf" in params:
        fmt = LOCAL_FORMATS.get(params["dlf"].upper(), "G")
    return format_datetime(value, fmt, info) if fmt else ""


def format_boolean(value: bool, params: dict[str, str]) -> str:
    key = "bt" if value else "bf"
    if key in params:
        return params[key]
    return "Да" if value else "Нет"
