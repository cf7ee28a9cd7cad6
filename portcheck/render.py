"""Only for the embedded interpreters' tests (tests/kumir, tests/arsac), until they move to
interpreters/tests: the owner is ``portcheck.suite.render`` (delete this module then)."""

from __future__ import annotations

from portcheck.suite.render import render_template

__all__ = ["render_template"]
