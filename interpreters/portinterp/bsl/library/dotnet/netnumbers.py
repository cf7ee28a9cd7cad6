"""``decimal.ToString(format, numberFormat)`` of .NET for the formats OneScript's ``Формат``
builds: the standard ``N`` (digits after the point: the number's scale) and custom formats
of ``0 # . ,`` with literal text around (``;-#,0.00``, ``(#,0.00)``, ``#.0000…9999``).

Rules, as .NET applies them: the number is rounded half away from zero to the format's
places after the point; ``0`` forces a digit, ``#`` prints one only where the number has it
(an integer part of zero prints nothing for ``#.``); a ``,`` between the integer places
groups digits by the culture's group sizes (the last size repeats; 0 ends the grouping);
the point is printed only when digits follow it; a second section (after ``;``) is used for
negative numbers and then no sign is added.  Hand-written: Python's ``format`` has no
group sizes, sections or literal digits.
"""

from __future__ import annotations

from dataclasses import dataclass

from portinterp.bsl.library.dotnet.netdecimal import mantissa_of, scale_of
from portinterp.bsl.runtime.numbers import Number


@dataclass
class NumberFormat:
    decimal_separator: str
    group_separator: str
    group_sizes: tuple[int, ...]
    negative_pattern: int
    negative_sign: str = "-"


def digits_of(value: Number, places: int) -> tuple[str, str]:
    """The integer (empty for 0) and fraction digits of ``|value|`` rounded half away from
    zero to ``places`` digits after the point."""
    mantissa, scale = abs(mantissa_of(value)), scale_of(value)
    if places >= scale:
        scaled = mantissa * 10 ** (places - scale)
    else:
        scaled, rest = divmod(mantissa, 10 ** (scale - places))
        scaled += 2 * rest >= 10 ** (scale - places)
    text = str(scaled).rjust(places + 1, "0")
    whole, fraction = text[:len(text) - places], text[len(text) - places:]
    return ("" if whole == "0" else whole), fraction


def group(digits: str, sizes: tuple[int, ...], separator: str) -> str:
    """Groups from the right: ``sizes[0]``, ``sizes[1]`` … the last repeating, 0 ending."""
    if not sizes or sizes[0] == 0:
        return digits
    parts: list[str] = []
    end, index = len(digits), 0
    while end > 0:
        size = sizes[min(index, len(sizes) - 1)]
        if size == 0:
            break
        parts.append(digits[max(end - size, 0):end])
        end, index = end - size, index + 1
    if end > 0:
        parts.append(digits[:end])
    return separator.join(reversed(parts))


def format_n(value: Number, places: int, nf: NumberFormat) -> str:
    """The standard ``N`` format with ``places`` digits after the point."""
    whole, fraction = digits_of(value, places)
    text = group(whole or "0", nf.group_sizes, nf.group_separator)
    if places:
        text += nf.decimal_separator + fraction.ljust(places, "0")
    if value >= 0 or not (whole.strip("0") or fraction.strip("0")):
        return text
    sign = nf.negative_sign
    return {0: f"({text})", 2: f"{sign} {text}", 3: f"{text}{sign}",
            4: f"{text} {sign}"}.get(nf.negative_pattern, sign + text)


@dataclass
class _Section:
    prefix: str
    suffix: str
    min_whole: int
    grouped: bool
    min_fraction: int
    max_fraction: int


def _parse(section: str) -> _Section:
    places = [i for i, ch in enumerate(section) if ch in "0#"]
    if not places:
        return _Section(section, "", 0, False, 0, 0)
    first, last = places[0], places[-1]
    point = section.find(".", first)
    suffix = section[last + 1:]
    if point > last:  # a point with no places after it: not printed
        suffix = section[last + 1:point] + section[point + 1:]
    elif point < 0:
        point = last + 1
    whole_part, fraction_part = section[first:point], section[point + 1:last + 1]
    zero = whole_part.find("0")
    return _Section(
        prefix=section[:first], suffix=suffix,
        min_whole=0 if zero < 0 else sum(ch in "0#" for ch in whole_part[zero:]),
        grouped="," in whole_part.strip(","),
        min_fraction=fraction_part.rfind("0") + 1,
        max_fraction=sum(ch in "0#" for ch in fraction_part),
    )


def format_custom(value: Number, fmt: str, nf: NumberFormat) -> str:
    sections = fmt.split(";")
    negative = value < 0
    chosen = sections[1] if negative and len(sections) > 1 and sections[1] else sections[0]
    auto_sign = negative and chosen is sections[0]
    spec = _parse(chosen)
    whole, fraction = digits_of(value, spec.max_fraction)
    fraction = fraction.rstrip("0").ljust(spec.min_fraction, "0")
    whole = whole.rjust(spec.min_whole, "0")
    if spec.grouped:
        whole = group(whole, nf.group_sizes, nf.group_separator)
    text = spec.prefix + whole + (nf.decimal_separator + fraction if fraction else "")
    sign = nf.negative_sign if auto_sign and (whole.strip("0,") or fraction.strip("0")) else ""
    return sign + text + spec.suffix
