"""``СтрШаблон`` (StrTemplate): ``%1``…``%10`` and ``%(N)`` take the N-th value, ``%%`` is
a percent sign; any other ``%``, or a number outside 1…10, is an error naming its place;
a value not given (or ``Неопределено``) is an empty string; more values than the template
uses is an error.  As OneScript 1.9.2 does it (``StringOperations.StrTemplate``: one
regular expression, ``(%%)|%(\\d+)|%\\((\\d+)\\)|%``, so ``%11`` is the number 11, not
``%1`` then ``1``), which follows the platform: too few values are not an error there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from portinterp.errors import ProgramFault

_PLACE = re.compile(r"(%%)|%(\d+)|%\((\d+)\)|%")
MAX_VALUES = 10


def str_template(template: str, values: tuple[Any, ...],
                 presentation: Callable[[Any], str]) -> str:
    """The template with its places filled; ``presentation`` writes a value as a string."""
    used = 0

    def fill(match: re.Match[str]) -> str:
        nonlocal used
        if match.group(1):
            return "%"
        digits = match.group(2) or match.group(3)
        where = match.start() + 2  # OneScript counts from 1, past the percent sign
        if digits is None:
            raise ProgramFault(f"Ошибка синтаксиса шаблона в позиции {where}")
        number = int(digits)
        if not 1 <= number <= MAX_VALUES:
            raise ProgramFault(f"Ошибка синтаксиса шаблона в позиции {where}: "
                               "недопустимый номер подстановки")
        used = max(used, number)
        value = values[number - 1] if number <= len(values) else None
        return "" if value is None else presentation(value)

    text = _PLACE.sub(fill, template)
    given = max((n + 1 for n, value in enumerate(values) if value is not None), default=0)
    if given > used:
        raise ProgramFault("Слишком много фактических параметров")
    return text
