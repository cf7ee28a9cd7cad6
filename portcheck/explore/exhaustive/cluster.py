"""Where the shards run: Dask's ``distributed`` scheduler, always
(``portcheck.processes.cluster``: a ``LocalCluster`` of one single-threaded worker process
per core, or a running cluster at ``--scheduler tcp://HOST:PORT``).  The exhaustive runs
need NumPy too (the fast reference): both come with ``portcheck[scale]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from portcheck.processes import cluster
from portcheck.processes.cluster import LOCAL, scheduler_address, stop_runs

__all__ = ["INSTALL", "LOCAL", "dask_client", "require_extras", "scheduler_address",
           "stop_runs"]

INSTALL = "pip install 'portcheck[scale]'"


def require_extras() -> None:
    """A usage error naming the extra to install when NumPy or ``distributed`` is missing."""
    cluster.require(("numpy", "distributed"), "--range", INSTALL)


@contextmanager
def dask_client(address: str | None, workers: int | None = None) -> Iterator[Any]:
    """``cluster.dask_client``, once the extras are known to be installed."""
    require_extras()
    with cluster.dask_client(address, workers) as client:
        yield client
