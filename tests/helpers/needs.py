"""A test that needs a tool from outside Python (Chromium, a TeX, WeasyPrint's Pango) is
skipped where the tool is missing, with the reason and the Debian package, except where
runtimes are required (``PORTCHECK_REQUIRE_RUNTIMES=1``, as CI sets): there it fails."""

from __future__ import annotations

import os

import pytest

from portcheck.plugin import REQUIRE_ENV


def runtimes_required() -> bool:
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def need(found: object, what: str) -> None:
    """Skip (or, with runtimes required, fail) unless ``found``; ``what`` says what is
    missing and how to install it."""
    if found:
        return
    if runtimes_required():
        pytest.fail(f"{what} (required: {REQUIRE_ENV} is set)")
    pytest.skip(what)
