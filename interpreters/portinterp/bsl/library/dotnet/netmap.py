"""OneScript's ``Соответствие`` and ``=`` where a Булево meets a number.

OneScript compares with ``IValue.Equals``, which is not symmetric: a number equals a Булево
of the same number (``1 = Истина`` is Истина: NumberValue.Equals converts the other value),
a Булево equals only a Булево (``Истина = 1`` is Ложь).  Its ``Соответствие`` is a .NET
``Dictionary`` with that comparer, asked ``Equals(key in the map, key given)`` newest entry
first among keys of one hash (``Истина`` and ``1``, ``Ложь`` and ``0`` share theirs): so
``С[Истина]`` finds a key ``1`` inserted after ``Истина``, ``Вставить(Истина, …)``
overwrites the value of a key ``1`` already there (the key stays ``1``), and ``С[1]``
never finds a key ``Истина``.  Checked on OneScript 1.9.2
(``tests/bsl/onescript/map_mixed_keys``); the platform dialect keeps Булево and Число apart.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from portinterp.bsl.runtime.values import BslMap, map_key


def number_equals_boolean(a: Any, b: Any) -> bool:
    """Whether OneScript's ``a = b`` holds because ``a`` is a number and ``b`` a Булево."""
    return type(b) is bool and type(a) in (int, Decimal) and a == int(b)


class OneScriptMap(BslMap):
    """``Соответствие`` of the OneScript dialect (``onescript.OneScriptRuntime`` makes it)."""

    __slots__ = ()

    def _found(self, key: object) -> object | None:
        """The entry OneScript's dictionary finds for ``key``: for a Булево, the newer of
        itself and the number of the same value."""
        own = map_key(key)
        if type(key) is not bool:
            return own if own in self.entries else None
        number = map_key(int(key))
        present = [k for k in self.entries if k == own or k == number] if (
            number in self.entries) else ([own] if own in self.entries else [])
        return present[-1] if present else None

    def get(self, key: object) -> Any:
        found = self._found(key)
        return None if found is None else self.entries[found][1]

    def bsl_insert(self, key: object, value: Any = None) -> None:
        found = self._found(key)
        if found is None:
            self.entries[map_key(key)] = (key, value)
        else:
            self.entries[found] = (self.entries[found][0], value)

    def bsl_delete(self, key: object) -> None:
        found = self._found(key)
        if found is not None:
            del self.entries[found]
