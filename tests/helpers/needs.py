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


def missing_toolchain(language: str) -> str | None:
    """Why ``language``'s programs cannot run here, as verify words it (``javac not found:
    install package openjdk-17-jdk-headless``), or None where its toolchain is installed.
    Tests that count runs use it to expect a skip, not a run, on a machine without it."""
    from portcheck.runners import get_runner

    toolchain = get_runner(language).toolchain()
    return None if toolchain.ok else toolchain.detail
