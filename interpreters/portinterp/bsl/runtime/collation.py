"""The order of strings (``<``, ``Макс``, sorting, ``СтрСравнить``): the Russian culture's,
as OneScript compares them (``String.Compare(a, b, StringComparison.CurrentCulture)`` on
Mono, ru-RU) and as the platform does by the national settings of the infobase — not by
code point: ``"ё" < "ж"``, ``"a" < "B" < "Z"``, ``"а" < "А" < "б"``, Latin before Cyrillic.

Built on ICU (PyICU, imported on the first comparison of two strings, so a program that
compares none, FreeCell among them, does not load it), tailored where Mono's collation, which
follows Windows, differs from ICU's root order (both checked against Mono 6.8 in ru-RU):

- hyphens, dashes and apostrophes are ignored, and only break ties: fewer of them first,
  then the earlier (``"coop" < "co-op" < "cop"``, ``"a" < "-a" < "A"``);
- punctuation and symbols come before the digits in Mono's order, which is nearly ASCII's
  (``" " < "!" < "#" < "." < "_" < "+" < "<" < "«"``); ICU groups them differently.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

IGNORED = "'-\u00ad\u2010\u2011\u2012\u2013\u2014\u2015"
PUNCTUATION = ("№ \u00a0\t\u2028\u2029!\"#$%&()*,./:;?@[\\]^_`{|}~¡¦¨¯´¸¿‖‗‘’‚‛“”„‟′″‴‵‶‷‸‹›"
               "‼‽‾‿+⁄<=>±«»×÷¢£¤¥§©¬®°¶·†‡•‣․‥…‰‱※⁀⁁⁂€™")
_STRIP = str.maketrans("", "", IGNORED)


def _quoted(char: str) -> str:
    return "''" if char == "'" else f"'{char}'"


@lru_cache(maxsize=1)
def _collators() -> tuple[Any, Any]:
    """ICU collators: case-sensitive, and one that ignores case (secondary strength)."""
    import icu  # PyICU: loaded only when two strings are first ordered

    rules = "&[before 1]0 < " + " < ".join(_quoted(char) for char in PUNCTUATION)
    exact, caseless = icu.RuleBasedCollator(rules), icu.RuleBasedCollator(rules)
    caseless.setStrength(icu.Collator.SECONDARY)
    return exact, caseless


@lru_cache(maxsize=8192)
def collation_key(text: str, ignore_case: bool = False) -> tuple[bytes, tuple[Any, ...]]:
    """A key whose order is the strings' order."""
    collator = _collators()[ignore_case]
    stripped = text.translate(_STRIP)
    if len(stripped) == len(text):
        return collator.getSortKey(text), ()
    ignored = tuple((i, IGNORED.index(c)) for i, c in enumerate(text) if c in IGNORED)
    return collator.getSortKey(stripped), (len(ignored), ignored)


def string_less(a: str, b: str) -> bool:
    return a != b and collation_key(a) < collation_key(b)


def compare_strings(a: str, b: str, ignore_case: bool = False) -> int:
    """-1, 0 or 1."""
    if a == b:
        return 0
    key_a, key_b = collation_key(a, ignore_case), collation_key(b, ignore_case)
    return (key_a > key_b) - (key_a < key_b)
