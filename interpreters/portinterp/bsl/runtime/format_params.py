"""Lists of ``name = value`` parameters (``"ru = 'Строка1'; en = 'Строка2'"``) as OneScript
1.9.2 reads them (``FormatParametersList``, which ``НСтр`` uses): a name starts with a letter
and holds letters, digits, ``.`` and ``_`` (spaces inside are kept, the ends trimmed); a value
is quoted with ``'`` or ``"`` (a doubled quote is one quote) or runs to a space or ``;``;
anything else ends the list.  A name looked up case-insensitively finds its last value.
"""

from __future__ import annotations

from portinterp.errors import ProgramFault

# OneScript reads past the end of a text that ends in spaces after a ``;`` (``Char.IsLetter``
# at the end of the string): .NET's exception, as OneScript reports it.
PAST_THE_END = ("Внешнее исключение (System.ArgumentOutOfRangeException): Specified argument "
                "was out of the range of valid values.\nParameter name: index")


def parse_params(text: str) -> list[tuple[str, str]]:
    """The ``(name, value)`` pairs of ``text``, in order."""
    pairs: list[tuple[str, str]] = []
    index = 0
    while index < len(text):
        index = _skip_spaces(text, index)
        name, index = _read_name(text, index)
        if name is None:
            break
        value, index = _read_value(text, _skip_spaces(text, index))
        pairs.append((name, value))
    return pairs


def param_value(pairs: list[tuple[str, str]], name: str) -> str | None:
    """The value of the last parameter called ``name`` (any case), else None."""
    wanted = name.lower()
    found = [value for key, value in pairs if key.lower() == wanted]
    return found[-1] if found else None


def _skip_spaces(text: str, index: int) -> int:
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def _read_name(text: str, index: int) -> tuple[str | None, int]:
    if index >= len(text):
        raise ProgramFault(PAST_THE_END)
    if not text[index].isalpha():
        return None, index
    start = index
    while index < len(text):
        char = text[index]
        if char.isalnum() or char in "._":
            index += 1
        elif char == "=":
            return text[start:max(index, start + 1)].strip(), index + 1
        elif char.isspace():
            index = _skip_spaces(text, index)
        else:
            return None, index
    return None, index


def _read_value(text: str, index: int) -> tuple[str, int]:
    if index >= len(text):
        return "", index
    end = text[index] if text[index] in "'\"" else " "
    index += end != " "
    value: list[str] = []
    while index < len(text):
        char = text[index]
        if char == end:
            if index + 1 < len(text) and text[index + 1] == end:
                value.append(end)
                index += 2
                continue
            break
        if end == " " and char == ";":
            break
        value.append(char)
        index += 1
    return "".join(value), _after_value(text, index, end != " ")


def _after_value(text: str, index: int, quoted: bool) -> int:
    if index < len(text):
        index = _skip_spaces(text, index + quoted)
        if index < len(text) and text[index] == ";":
            index += 1
    return index
