"""How ``вывод`` prints values: KuMir's number formats and ``да``/``нет``."""

from __future__ import annotations

import math

SIGNIFICANT_DIGITS = 14
EXP_BELOW = 1e-4
EXP_FROM = 1e6


def format_real(value: float) -> str:
    """``3.5``, ``100.0``, ``0.33333333333333``, ``1e+10``, ``1.234567e+06``: about 14
    significant digits, trailing zeros dropped, exponent form below 1e-4 and from 1e6;
    ``-0.0`` prints ``-0.0`` (KuMir's unary minus gives ``0.0 - x``, so ``-x`` of a zero
    is ``0.0``); an infinite value ``inf``/``-inf`` (from ``лит_в_вещ``)."""
    if value != value or value in (math.inf, -math.inf):
        return str(value)
    magnitude = abs(value)
    if magnitude != 0 and (magnitude < EXP_BELOW or magnitude >= EXP_FROM):
        mantissa, exponent = f"{value:.{SIGNIFICANT_DIGITS - 1}e}".split("e")
        if "." in mantissa:
            mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{exponent}"
    text = f"{value:.{SIGNIFICANT_DIGITS}g}"
    if "e" in text:  # rounding reached 1e6: print as KuMir does from there
        return format_real(float(text))
    return text if "." in text else text + ".0"


def format_bool(value: bool) -> str:
    return "да" if value else "нет"


def format_fixed(value: float, decimals: int) -> str:
    """``вывод x:w:d``: ``d`` digits after the point."""
    return f"{value:.{max(decimals, 0)}f}"


def right_align(text: str, width: int) -> str:
    return text.rjust(width)
