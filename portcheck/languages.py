"""Only for ``portcheck.interp``, until it becomes ``portinterp``: the language registry's
owner is ``portcheck.suite.languages`` (delete this module once nothing imports it)."""

from __future__ import annotations

from portcheck.suite.languages import LANGUAGES

__all__ = ["LANGUAGES"]
