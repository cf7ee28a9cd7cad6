"""The .NET cultures OneScript formats with (``Формат(…, "Л=en_US")``): numbers' separators
and dates' names and patterns, as Mono 6.8 (CLDR data) has them for ``ru-RU``, ``en-US``,
``de-DE``, ``uk-UA`` and the invariant culture (OneScript under Mono with no locale named
in the environment).  Other names are refused with the interpreter's own error."""

from __future__ import annotations

from dataclasses import dataclass, replace

from portinterp.errors import ProgramFault

NOT_SUPPORTED = ("Культура «{}» не поддерживается встроенным интерпретатором "
                 "(есть ru_RU, en_US, de_DE, uk_UA)")


@dataclass(frozen=True)
class Culture:
    name: str
    decimal_separator: str
    group_separator: str
    months: tuple[str, ...]
    months_genitive: tuple[str, ...]
    months_short: tuple[str, ...]
    days: tuple[str, ...]
    days_short: tuple[str, ...]
    patterns: dict[str, str]  # the standard formats: d D t T f F g G M Y
    am: str
    pm: str
    date_separator: str
    group_sizes: tuple[int, ...] = (3,)
    negative_pattern: int = 1  # NumberNegativePattern: 1 is "-n"

    def with_numbers(self, **changes: object) -> Culture:
        return replace(self, **changes)  # type: ignore[arg-type]


def _standard(short_date: str, long_date: str, short_time: str, long_time: str,
              month_day: str, year_month: str) -> dict[str, str]:
    return {"d": short_date, "D": long_date, "t": short_time, "T": long_time,
            "f": f"{long_date} {short_time}", "F": f"{long_date} {long_time}",
            "g": f"{short_date} {short_time}", "G": f"{short_date} {long_time}",
            "M": month_day, "m": month_day, "Y": year_month, "y": year_month,
            "s": "yyyy'-'MM'-'dd'T'HH':'mm':'ss", "u": "yyyy'-'MM'-'dd HH':'mm':'ss'Z'"}


_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
_EN_DAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")

RU = Culture(
    "ru-RU", ",", "\xa0",
    ("январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь",
     "октябрь", "ноябрь", "декабрь"),
    ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
     "октября", "ноября", "декабря"),
    ("янв.", "февр.", "март", "апр.", "май", "июнь", "июль", "авг.", "сент.", "окт.",
     "нояб.", "дек."),
    ("воскресенье", "понедельник", "вторник", "среда", "четверг", "пятница", "суббота"),
    ("вс", "пн", "вт", "ср", "чт", "пт", "сб"),
    _standard("dd.MM.yyyy", "d MMMM yyyy 'г.'", "H:mm", "H:mm:ss", "d MMMM", "MMMM yyyy"),
    "ДП", "ПП", ".",
)
EN = Culture(
    "en-US", ".", ",", _EN_MONTHS, _EN_MONTHS, tuple(m[:3] for m in _EN_MONTHS),
    _EN_DAYS, tuple(d[:3] for d in _EN_DAYS),
    _standard("M/d/yyyy", "dddd, MMMM d, yyyy", "h:mm tt", "h:mm:ss tt", "MMMM d",
              "MMMM yyyy"),
    "AM", "PM", "/",
)
INVARIANT = Culture(
    "", ".", ",", _EN_MONTHS, _EN_MONTHS, tuple(m[:3] for m in _EN_MONTHS),
    _EN_DAYS, tuple(d[:3] for d in _EN_DAYS),
    _standard("MM/dd/yyyy", "dddd, dd MMMM yyyy", "HH:mm", "HH:mm:ss", "MMMM dd",
              "yyyy MMMM"),
    "AM", "PM", "/",
)
DE = Culture(
    "de-DE", ",", ".",
    ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
     "Oktober", "November", "Dezember"),
    ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
     "Oktober", "November", "Dezember"),
    ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"),
    ("Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"),
    ("So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"),
    _standard("dd.MM.yyyy", "dddd, d. MMMM yyyy", "HH:mm", "HH:mm:ss", "d. MMMM", "MMMM yyyy"),
    "vorm.", "nachm.", ".",
)
UK = Culture(
    "uk-UA", ",", "\xa0",
    ("січень", "лютий", "березень", "квітень", "травень", "червень", "липень", "серпень",
     "вересень", "жовтень", "листопад", "грудень"),
    ("січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня",
     "вересня", "жовтня", "листопада", "грудня"),
    ("січ", "лют", "бер", "кві", "тра", "чер", "лип", "сер", "вер", "жов", "лис", "гру"),
    ("неділя", "понеділок", "вівторок", "середа", "четвер", "пʼятниця", "субота"),
    ("нд", "пн", "вт", "ср", "чт", "пт", "сб"),
    _standard("dd.MM.yyyy", "d MMMM yyyy' р.'", "H:mm", "H:mm:ss", "d MMMM",
              "MMMM yyyy' р.'"),
    "дп", "пп", ".",
)
CULTURES = {"ru": RU, "ru-ru": RU, "en": EN, "en-us": EN, "de": DE, "de-de": DE, "uk": UK,
            "uk-ua": UK}


def culture(locale: str | None, current: Culture = INVARIANT) -> Culture:
    """``CultureInfo.CreateSpecificCulture`` of a 1C-style code (``ru_RU``); ``None``: the
    current culture."""
    if locale is None:
        return current
    found = CULTURES.get(locale.replace("_", "-").strip().lower())
    if found is None:
        raise ProgramFault(NOT_SUPPORTED.format(locale))
    return found
