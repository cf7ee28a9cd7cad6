"""A reviewed presentation mapping of a port someone else wrote (``normalize:`` in port.yaml).

A contributed program may print the right result in another notation: suits as letters
(``JD 2D``) where the goldens have symbols (``J♦ 2♦``), a ``Hand 11982`` header before each
deal.  Its port.yaml may declare, after review, how to read its output:

    normalize:
      drop_lines: ["^Hand \\\\d+$"]              # lines to leave out (regular expressions)
      replace:                                   # within each line, in order (regular
        - {pattern: "\\x1b\\[[0-9;]*m", with: ""}  # expressions; \\1 in `with` is group 1)
        - {pattern: "\\b([CDHS])([A2-9TJQK])\\b", with: "\\2\\1"}
      words: {Ten: "T"}                          # whole words (runs without white space)
      chars: {C: "♣", D: "♦", H: "♥", S: "♠"}   # character for character

They are applied in that order to what the program printed before it is compared with the
goldens (never to the goldens), line by line (a pattern never joins two lines), and the
report and the listing show them, so a difference of notation is never taken for a
difference of result, nor hidden.  ``replace`` is for what a mapping of characters and
words cannot say: a suit printed before its rank (``DJ`` for ``J♦``), colour escape codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

KEYS = ("chars", "words", "drop_lines", "replace")
_WORD = re.compile(r"\S+")


class NormalizeError(ValueError):
    """A malformed mapping; the message names the key."""


@dataclass(frozen=True)
class Normalize:
    chars: dict[str, str] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    drop_lines: tuple[re.Pattern[str], ...] = ()
    replace: tuple[tuple[re.Pattern[str], str], ...] = ()  # (pattern, replacement) in order

    def __bool__(self) -> bool:
        return bool(self.chars or self.words or self.drop_lines or self.replace)

    def apply(self, text: str) -> str:
        """``text`` as the goldens would print it."""
        if not self:
            return text
        lines = text.split("\n")
        kept = [line for line in lines if not any(p.search(line) for p in self.drop_lines)]
        for pattern, replacement in self.replace:
            kept = [pattern.sub(replacement, line) for line in kept]
        text = "\n".join(kept)
        if self.words:
            text = _WORD.sub(lambda m: self.words.get(m.group(), m.group()), text)
        if self.chars:
            text = text.translate(str.maketrans(self.chars))
        return text

    def kept_lines(self, text: str) -> list[str]:
        """The lines of ``text`` the map keeps (``drop_lines`` left out), as the text has
        them: line for line what :meth:`apply` maps them to."""
        lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        return [line for line in lines.split("\n")
                if not any(p.search(line) for p in self.drop_lines)]

    def describe(self) -> str:
        """One line for the report: ``chars C→♣ D→♦; dropped lines matching ^Hand``."""
        parts = []
        if self.chars:
            parts.append("chars " + " ".join(f"{a}→{b}" for a, b in self.chars.items()))
        if self.words:
            parts.append("words " + " ".join(f"{a}→{b}" for a, b in self.words.items()))
        if self.drop_lines:
            parts.append("dropped lines matching " + ", ".join(p.pattern
                                                               for p in self.drop_lines))
        if self.replace:
            parts.append("replaced " + ", ".join(f"/{p.pattern}/ → {with_!r}"
                                                 for p, with_ in self.replace))
        return "; ".join(parts)


def parse_normalize(data: Any) -> Normalize:
    """The mapping declared in port.yaml (``NormalizeError`` names what is wrong)."""
    if data is None:
        return Normalize()
    if not isinstance(data, dict):
        raise NormalizeError("normalize must be a mapping with chars, words, drop_lines")
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise NormalizeError(f"normalize: unknown key {unknown[0]!r} (known: {', '.join(KEYS)})")
    chars = _text_map(data.get("chars", {}), "chars")
    if any(len(key) != 1 for key in chars):
        raise NormalizeError("normalize: chars maps single characters")
    return Normalize(chars, _text_map(data.get("words", {}), "words"),
                     _patterns(data.get("drop_lines", [])), _replacements(data.get("replace", [])))


def _text_map(value: Any, key: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              and k for k, v in value.items()):
        raise NormalizeError(f"normalize: {key} must map text to text")
    return dict(value)


def _patterns(value: Any) -> tuple[re.Pattern[str], ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise NormalizeError("normalize: drop_lines must be a list of regular expressions")
    try:
        return tuple(re.compile(p) for p in value)
    except re.error as error:
        raise NormalizeError(f"normalize: drop_lines: {error}") from None


def _replacements(value: Any) -> tuple[tuple[re.Pattern[str], str], ...]:
    """``replace:``: a list of ``{pattern: REGEX, with: TEXT}``, checked now (a bad pattern
    or a group ``with`` refers to that the pattern lacks is an error here, not at a run)."""
    shape = "normalize: replace must be a list of {pattern: REGEX, with: TEXT}"
    if not isinstance(value, list):
        raise NormalizeError(shape)
    found = []
    for n, item in enumerate(value, 1):
        if not isinstance(item, dict) or set(item) != {"pattern", "with"} or not all(
                isinstance(v, str) for v in item.values()) or not item["pattern"]:
            raise NormalizeError(f"{shape} (item {n})")
        try:
            pattern = re.compile(item["pattern"])
            pattern.sub(item["with"], "")  # compiles the replacement too
        except (re.error, IndexError) as error:
            raise NormalizeError(f"normalize: replace item {n}: {error}") from None
        found.append((pattern, item["with"]))
    return tuple(found)
