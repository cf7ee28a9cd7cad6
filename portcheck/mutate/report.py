"""A mutation score as text (one line a port, the survivors as diff lines) or JSON."""

from __future__ import annotations

from typing import Any

from portcheck.mutate.engine import Fate, PortScore, Verdict

FATES = (Fate.KILLED, Fate.SURVIVED, Fate.TIMED_OUT, Fate.EQUIVALENT, Fate.STILLBORN,
         Fate.DUPLICATE)


def score_text(score: float | None) -> str:
    return "-" if score is None else f"{100 * score:.1f} %"


def summary_line(result: PortScore) -> str:
    counts = ", ".join(f"{result.count(fate)} {fate}" for fate in FATES)
    sampled = (f" (a sample of {len(result.verdicts)} of {result.generated})"
               if len(result.verdicts) < result.generated else "")
    return (f"{result.port.id}: {result.generated} mutants{sampled}: {counts}; score "
            f"{score_text(result.score)} ({result.seconds:.1f} s, time limit "
            f"{result.time_limit:.1f} s a run)")


def survivor_lines(result: PortScore) -> list[str]:
    """Each survivor as ``file:line`` and its unified diff lines."""
    where = f"{result.port.id}/{result.port.program.name}"
    lines = []
    for verdict in result.survivors():
        removed, added = verdict.mutant.diff_lines()
        lines += [f"  survived  {where}:{verdict.mutant.line}  ({verdict.mutant.rule})",
                  f"    {removed}", *(f"    {line}" for line in added.splitlines())]
    return lines


def text_report(result: PortScore, list_survivors: bool) -> str:
    lines = [summary_line(result)]
    if list_survivors:
        lines += survivor_lines(result)
    lines += [f"  note: reviewed as equivalent but not a survivor here: {key}"
              for key in result.unused_reviews]
    return "\n".join(lines)


def as_json(result: PortScore) -> dict[str, Any]:
    """The result as data (``--format json``, ``benchmarks/mutation_scores.py``)."""
    return {
        "port": result.port.id,
        "program": result.port.program.name,
        "generated": result.generated,
        "considered": len(result.verdicts),
        **{fate.value.replace(" ", "_"): result.count(fate) for fate in FATES},
        "score": None if result.score is None else round(result.score, 4),
        "seconds": round(result.seconds, 2),
        "time_limit": round(result.time_limit, 2),
        "survivors": [_verdict(v) for v in result.survivors()],
        "equivalent_found": _reasons(result),
        "unused_reviews": result.unused_reviews,
    }


def _verdict(verdict: Verdict) -> dict[str, Any]:
    mutant = verdict.mutant
    return {"id": mutant.key, "line": mutant.line, "original": mutant.original,
            "replacement": mutant.replacement, "rule": mutant.rule}


def _reasons(result: PortScore) -> dict[str, int]:
    """How the equivalent mutants were found: layout, compiled form, a person's review."""
    found: dict[str, int] = {}
    for verdict in result.verdicts:
        if verdict.fate == Fate.EQUIVALENT:
            how = verdict.why.split(":")[0] if verdict.why.startswith("reviewed") else verdict.why
            found[how] = found.get(how, 0) + 1
    return found
