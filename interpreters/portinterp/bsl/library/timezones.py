"""Time zones of 1C: ``ЧасовойПояс``, ``УниверсальноеВремя``/``МестноеВремя``,
``СмещениеСтандартногоВремени``, ``ПредставлениеЧасовогоПояса``,
``ПолучитьДопустимыеЧасовыеПояса``.

A zone is an IANA name (Python's ``zoneinfo`` over the system's tz database, or the
``tzdata`` package where the system has none) or ``GMT+H[:MM]``.  OneScript 1.9.2
(TimeZoneConverter.cs) converts by the zone's *standard* offset (``BaseUtcOffset``: no
summer time) and reads ``GMT`` strings its own way (``GMT-3:30`` is −2:30 there: the hours
get the sign, the minutes do not); the platform dialect converts by the offset in force at
that moment.  The machine's zone is ``TZ`` when set, else the system's (``/etc/localtime``).
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path

from portinterp.errors import ProgramFault

BAD_ARGUMENT = "Неверное значение аргумента номер {}"
BAD_FORMAT = ("Внешнее исключение (System.FormatException): "
              "Input string was not in a correct format.")
TOO_BIG = ("Внешнее исключение (System.OverflowException): "
           "Value was either too large or too small for an Int32.")
LOCALTIME = Path("/etc/localtime")


class ZoneNotFound(Exception):
    """.NET's ``TimeZoneNotFoundException``: the caller names the argument."""


def local_zone_name() -> str:
    """``ЧасовойПояс()``: ``TZ``, else the zone ``/etc/localtime`` links to, else UTC."""
    name = os.environ.get("TZ", "").lstrip(":")
    if name:
        return name
    try:
        target = str(LOCALTIME.resolve())
    except OSError:
        return "UTC"
    marker = "zoneinfo/"
    return target.split(marker, 1)[1] if marker in target else "UTC"


def find_zone(name: str) -> tzinfo:
    """A zone by its IANA name, or ``GMT…`` as OneScript reads it."""
    if name.lower().startswith("gmt"):
        return timezone(gmt_offset(name))
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise ZoneNotFound(name) from None


def zone_or_local(name: str | None) -> tzinfo:
    return find_zone(name or local_zone_name())


def gmt_offset(text: str) -> timedelta:
    """TimeZoneConverter.TimeSpanByGMTString: ``GMT+4``, ``GMT+04:00``, ``gmt-3``."""
    lowered = text.lower()
    parts = lowered.replace(":", "+").replace("-", "+").split("+")
    if not 2 <= len(parts) <= 3:
        raise ZoneNotFound(text)
    minutes = _int_parse(parts[2]) if len(parts) == 3 else 0
    hours = _int_parse(parts[1])
    if hours > 23 or minutes > 59:
        raise ZoneNotFound(text)
    if not lowered.startswith("gmt+"):
        hours = -hours
    return timedelta(hours=hours, minutes=minutes)


def _int_parse(text: str) -> int:
    """.NET ``int.Parse``: blanks around, an optional sign, decimal digits."""
    stripped = text.strip(" \t\n\v\f\r")
    digits = stripped[1:] if stripped[:1] in "+-" else stripped
    if not digits or not digits.isascii() or not digits.isdigit():
        raise ProgramFault(BAD_FORMAT)
    value = int(stripped)
    if not -2**31 <= value < 2**31:
        raise ProgramFault(TOO_BIG)
    return value


def base_offset(zone: tzinfo) -> timedelta:
    """.NET ``BaseUtcOffset``: the standard offset in force now (summer time left out)."""
    now = datetime.now(UTC)
    offset = zone.utcoffset(now.astimezone(zone)) or timedelta()
    return offset - (zone.dst(now.astimezone(zone)) or timedelta())


def presentation(name: str) -> str:
    """``GMT+04:00``: the sign of the hours, then hours and minutes without one."""
    offset = base_offset(find_zone(name))
    seconds = int(offset.total_seconds())
    hours, minutes = abs(seconds) // 3600, abs(seconds) // 60 % 60
    sign = "-" if seconds < 0 and hours else "+"
    return f"GMT{sign}{hours:02}:{minutes:02}"


def to_universal(date: datetime, name: str | None, dialect: str) -> datetime:
    zone = zone_or_local(name)
    if dialect == "onescript":
        return _add(date, -base_offset(zone))
    return date.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)


def to_local(date: datetime, name: str | None, dialect: str) -> datetime:
    zone = zone_or_local(name)
    if dialect == "onescript":
        return _add(date, base_offset(zone))
    return date.replace(tzinfo=UTC).astimezone(zone).replace(tzinfo=None)


def standard_offset(name: str | None) -> int:
    return int(base_offset(zone_or_local(name)).total_seconds())


def available_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones())


def _add(date: datetime, offset: timedelta) -> datetime:
    try:
        return date + offset
    except OverflowError:
        raise ProgramFault("Недопустимое значение даты") from None
