"""``portcheck verify``: every check of every selected port, a few ports at once, in one run
environment; the results are those of a serial run."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable

from portcheck.processes import containment
from portcheck.runners.environment import run_environment
from portcheck.runners.java_batch import Limits
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext, run_check
from portcheck.verify.plan import PortPlan, java_runs, plan_port
from portcheck.verify.results import CheckResult
from portcheck.verify.schedule import load_timings, save_timings, slowest_first
from portcheck.verify.workers import map_on_threads


def check_port(context: CheckContext, plan: PortPlan) -> list[CheckResult]:
    """Every check the plan gives the port, in report order."""
    return [run_check(kind, context, plan) for kind in plan.kinds]


def default_jobs() -> int:
    """Ports checked at once by default: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def verify(context: CheckContext, ports: list[Port], jobs: int | None = None,
           done: Callable[[Port], None] | None = None) -> dict[str, list[CheckResult]]:
    """The results of every check, by port id, in the ports' order; ``done(port)`` is
    called as each port's checks end (a progress indicator counts them).

    Each port is planned once (``plan.plan_port``) and its plan handed to its checks.
    ``jobs`` ports are checked at once (default: one per core), the slowest first
    (``schedule``), in one run environment (``runners.environment``) passed down to every
    runner: one build cache, the Java ports' planned builds and runs in one JVM
    (``runners.java_batch``), the embedded interpreters' bytecode in the cache
    (``runners.bytecode``) and their runs forked from a zygote (``runners.zygote``).
    Interrupted (Ctrl-C, SIGTERM), it ends the runs in flight and starts no other before it
    passes the interruption on: it does not wait for the ports' time limits."""
    seconds: dict[str, float] = {}
    plans = {port.id: plan_port(port, context.deep) for port in ports}
    order = [plans[port.id] for port in slowest_first(ports, load_timings())]
    settings = context.settings

    def one(session: CheckContext, plan: PortPlan) -> list[CheckResult]:
        started = time.perf_counter()
        results = check_port(session, plan)
        seconds[plan.port.id] = time.perf_counter() - started
        if done is not None:
            done(plan.port)
        return results

    try:
        with run_environment(java_runs=java_runs(list(plans.values())),
                             limits=Limits(settings.timeout, settings.max_output),
                             shared_builds=True, embedded_bytecode=True,
                             fork_embedded=True,
                             programs=sorted({port.folder for port in ports})) as environment:
            session = dataclasses.replace(context, environment=environment)
            results = map_on_threads(lambda plan: one(session, plan), order,
                                     jobs or default_jobs(), stop=containment.stop_all)
    finally:
        containment.resume()  # at exit, containment stops whatever a late thread starts
    save_timings(seconds)
    by_id = {plan.port.id: checks for plan, checks in zip(order, results, strict=True)}
    return {port.id: by_id[port.id] for port in ports}
