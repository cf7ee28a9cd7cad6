"""Only for the embedded interpreters' tests (tests/kumir, tests/arsac), until they move to
interpreters/tests: the owner is ``portcheck.suite.project`` (delete this module then)."""

from __future__ import annotations

from portcheck.suite.project import Project

__all__ = ["Project"]
