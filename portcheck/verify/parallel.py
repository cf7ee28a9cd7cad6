"""``portcheck verify``: every check of every selected port, run concurrently."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from portcheck.runners import bytecode, containment, java_batch, zygote
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext, kinds_for, run_check
from portcheck.verify.execution import planned_runs, run_stdin
from portcheck.verify.results import CheckResult
from portcheck.verify.schedule import load_timings, save_timings, slowest_first
from portcheck.verify.workers import map_on_threads


def check_port(context: CheckContext, port: Port) -> list[CheckResult]:
    """Every check the port gets (``checks.kinds_for``), in report order."""
    return [run_check(kind, context, port) for kind in kinds_for(port, context.deep)]


def default_jobs() -> int:
    """Ports checked at once by default: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def java_jobs(context: CheckContext, ports: list[Port]) -> list[java_batch.Job]:
    """The runs of Java programs that the ports' ``run`` checks will make."""
    jobs = []
    for port in ports:
        if (port.language != "java" or "run" not in kinds_for(port, context.deep)
                or not port.runnable or not port.program.exists()):
            continue
        runs = planned_runs(port)
        if any(port.options_for(case) for case in runs):
            continue  # runner options: the ordinary way
        jobs += [java_batch.Job(port.program.absolute(), tuple(port.args_for(case)),
                                run_stdin(port, case)) for case in runs]
    return jobs


def verify(context: CheckContext, ports: list[Port], jobs: int | None = None,
           done: Callable[[Port], None] | None = None) -> dict[str, list[CheckResult]]:
    """The results of every check, by port id, in the ports' order; ``done(port)`` is
    called as each port's checks end (a progress indicator counts them).  ``jobs`` ports
    are checked at once (default: one per core), the slowest first (``schedule``), the Java
    ones' builds and runs in one JVM (``java_batch``), the embedded interpreters' bytecode
    in the cache (``runners.bytecode``), their runs forked from a zygote
    (``runners.zygote``); the results are those of a serial run.  Interrupted (Ctrl-C,
    SIGTERM), it ends the runs in flight and starts no other before it passes the
    interruption on: it does not wait for the ports' time limits."""
    seconds: dict[str, float] = {}

    def one(port: Port) -> list[CheckResult]:
        started = time.perf_counter()
        results = check_port(context, port)
        seconds[port.id] = time.perf_counter() - started
        if done is not None:
            done(port)
        return results

    order = slowest_first(ports, load_timings())
    settings = context.settings
    try:
        with java_batch.session(java_jobs(context, ports), settings.timeout,
                                settings.max_output), bytecode.session(), zygote.session():
            results = map_on_threads(one, order, jobs or default_jobs(),
                                     stop=containment.stop_all)
    finally:
        containment.resume()  # at exit, containment stops whatever a late thread starts
    save_timings(seconds)
    by_id = {port.id: checks for port, checks in zip(order, results, strict=True)}
    return {port.id: by_id[port.id] for port in ports}
