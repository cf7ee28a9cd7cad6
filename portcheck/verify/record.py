"""Recording a port's transcript from a real run: ``render write``, ``update``, ``new`` and
``init`` keep what the program printed as ``transcript.txt``.

A transcript is the port's evidence, so what the run printed is compared with the goldens
first, and a run that disagrees with them is not recorded (the transcript is left as it
was, and the difference is shown) unless the caller accepts it (``--accept``).  A build
that fails is reported with the compiler's own first messages.
"""

from __future__ import annotations

from portcheck.files.yamlio import write_atomic
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext, compare_with_goldens, write_command
from portcheck.verify.execution import produce_output
from portcheck.verify.results import FAIL, PASS, CheckResult, Reason, RunProblem

KIND = "record"


def record_transcript(context: CheckContext, port: Port, accept: bool = False) -> CheckResult:
    """Run the program and keep what it printed as its transcript, if it agrees with the
    goldens (or ``accept``); a FAIL says why nothing was recorded."""
    try:
        output = produce_output(port, port.program, context.settings, kind=KIND,
                                environment=context.environment)
    except RunProblem as problem:
        return problem.result
    against = compare_with_goldens(context, port, output, KIND)
    note = ""
    if against.status == FAIL and against.reason == Reason.MISSING:
        note = f" (not compared: {against.message})"
    elif against.status == FAIL and not accept:
        # what to do on a line of its own, above the diff: at the end of the first line it
        # was cut off with the message (a whitespace-only difference's is long)
        return CheckResult(port.id, KIND, FAIL, "not recorded: the run "
                           f"{against.message.removeprefix('fresh run ')}",
                           "transcript.txt is left as it was (to record it all the same: "
                           f"{write_command(port)} --accept)\n{against.detail}",
                           against.warnings, against.seconds)
    elif against.status == FAIL:
        note = " although it differs from the goldens (--accept): verify fails until they agree"
    else:
        note = f" ({against.message.split(' (')[0]})"
    if port.transcript.exists() and port.transcript_text() == output.stdout:
        return CheckResult(port.id, KIND, PASS, f"transcript.txt unchanged{note}",
                           warnings=output.warnings)
    write_atomic(port.transcript, output.stdout)
    return CheckResult(port.id, KIND, PASS, f"transcript.txt recorded from a run{note}",
                       warnings=output.warnings)
