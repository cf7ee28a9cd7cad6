"""Only for the embedded interpreters' tests (tests/kumir), until they move to
interpreters/tests: the owner is ``portcheck.suite.algorithms`` (delete this module then)."""

from __future__ import annotations

from portcheck.suite.algorithms import Case

__all__ = ["Case"]
