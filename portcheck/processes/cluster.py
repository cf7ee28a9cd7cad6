"""A Dask cluster for runs spread over worker processes: a ``LocalCluster`` of one
single-threaded worker process per core, or a running cluster at ``tcp://HOST:PORT``.

Shared by the exhaustive runs (``portcheck fuzz --range``) and the mutation runs
(``portcheck mutate --all``): one code path for one machine and for many, so the local run
tests the very code a cluster runs.  ``distributed`` is an optional extra, imported only
when a client is made; each command checks first that it is installed and names its extra.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from portcheck.errors import UsageError

LOCAL = "local"
CONNECT_SECONDS = 10.0
_ADDRESS = re.compile(r"(tcp|tls)://(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):[0-9]{1,5}")


def stop_runs() -> None:
    """On each worker of a local cluster: end the runs in flight (their tasks fail, and are
    cancelled anyway), then let runs start again.  Not done on a cluster of others: their
    runs would end too; a task in flight there runs to its end (or its time limit)."""
    from portcheck.processes import containment

    containment.stop_all()
    containment.resume()


def scheduler_address(text: str | None) -> str | None:
    """``None`` for a local cluster, else the address (a usage error for another form)."""
    if text is None or text == LOCAL:
        return None
    if not _ADDRESS.fullmatch(text):
        raise UsageError(f"--scheduler {text!r}: expected tcp://HOST:PORT (or tls://, or "
                         f"'{LOCAL}')")
    return text


def require(modules: tuple[str, ...], what: str, install: str) -> None:
    """A usage error naming ``install`` when one of ``modules`` is missing."""
    for module in modules:
        try:
            __import__(module)
        except ImportError:
            raise UsageError(f"{what} needs {module}: {install}") from None


@contextmanager
def dask_client(address: str | None, workers: int | None = None) -> Iterator[Any]:
    """A ``distributed.Client`` on the cluster at ``address``, or on a local cluster of
    ``workers`` processes (default: one per core); closed on the way out.  A cluster that
    cannot be reached is a usage error, one line."""
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if address is None:
        with LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                          processes=True, dashboard_address=":0",
                          silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
            try:
                yield client
            except KeyboardInterrupt:  # Ctrl-C, SIGTERM: the programs in flight end too
                client.run(stop_runs)
                raise
        return
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise UsageError(f"--scheduler {address}: cannot reach it "
                         f"({str(error).splitlines()[0] if str(error) else 'no answer'})")\
            from None
    with client:
        yield client
