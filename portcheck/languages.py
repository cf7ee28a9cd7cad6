"""Only for ``portcheck.interp`` and its tests, until they become ``portinterp``: the language
registry's owner is ``portcheck.suite.languages`` (delete this module once nothing imports
it)."""

from __future__ import annotations

from portcheck.suite.languages import EMBEDDED, LANGUAGES, language_of_file

__all__ = ["EMBEDDED", "LANGUAGES", "language_of_file"]
