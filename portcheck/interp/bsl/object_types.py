"""Imports every module that registers object types in ``objects`` (for ``Новый`` and ``Тип``)."""

from portcheck.interp.bsl import collections_fixed  # noqa: F401
