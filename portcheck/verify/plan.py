"""The run plan of a port, worked out once and passed down to its checks: which checks it
gets (:data:`APPLIES`, the one table that says so, in report order) and the runs its own
program is given (case, arguments, standard input, runner options); and, from the plans of
a verify, the Java runs the Java batch makes in one JVM.

``verify``, ``report`` and the pytest plugin all plan a port with :func:`plan_port`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from portcheck.runners.java_batch import Job
from portcheck.suite.ports import Port
from portcheck.verify.execution import PlannedRun, planned_runs

# Which checks a port gets, given the number of other inputs of ``--deep``: every port is
# checked by its transcript and run; a template port is re-rendered (and, with --deep, run
# on other inputs); a port with limits reports the cases beyond them.  An article's program
# has nothing to re-render: no ``fresh`` check at all, rather than a skipped one.
APPLIES: dict[str, Callable[[Port, int], bool]] = {
    "transcript": lambda port, deep: True,
    "run": lambda port, deep: True,
    "fresh": lambda port, deep: port.template is not None,
    "deep": lambda port, deep: port.template is not None and port.runnable and deep > 0,
    "limits": lambda port, deep: bool(port.not_applicable),
}


def kinds_for(port: Port, deep: int) -> tuple[str, ...]:
    """The checks ``port`` gets, in report order."""
    return tuple(kind for kind, applies in APPLIES.items() if applies(port, deep))


@dataclass(frozen=True)
class PortPlan:
    """What verifying one port will do."""

    port: Port
    kinds: tuple[str, ...]  # its checks, in report order

    @cached_property
    def runs(self) -> tuple[PlannedRun, ...]:
        """The runs its ``run`` check makes of its program, worked out on first need (the
        Java batch's planning, or the check), once."""
        return tuple(planned_runs(self.port))


def plan_port(port: Port, deep: int = 0) -> PortPlan:
    return PortPlan(port, kinds_for(port, deep))


def java_runs(plans: Sequence[PortPlan]) -> list[Job]:
    """The runs of Java programs that the plans' ``run`` checks will make, for the Java
    batch (a run with runner options is made the ordinary way)."""
    jobs = []
    for plan in plans:
        port = plan.port
        if (port.language != "java" or "run" not in plan.kinds or not port.runnable
                or not port.program.exists()):
            continue
        if any(run.options for run in plan.runs):
            continue
        jobs += [Job(port.program.absolute(), run.args, run.stdin) for run in plan.runs]
    return jobs
