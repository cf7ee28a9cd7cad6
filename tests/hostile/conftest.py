"""The fixtures the hostile tests share: ``boxed`` (a skip, naming why, where runs are not
boxed) and ``listener`` (a socket on the loopback a boxed program must not reach)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from portcheck.processes import sandbox
from tests.helpers.needs import need


@pytest.fixture
def boxed() -> None:
    """Skips the test, naming why, where bubblewrap does not work or runs are not boxed."""
    need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    need(sandbox.boxing(), f"runs are not boxed here ({sandbox.ENV}=off)")


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A listening socket on 127.0.0.1 (non-blocking: ``accept`` tells at once whether
    anything connected); its backlog holds every try of a test."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    server.setblocking(False)
    yield server
    server.close()
