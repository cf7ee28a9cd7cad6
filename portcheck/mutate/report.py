"""A mutation score as text (one line a port, the survivors as diff lines), as JSON, or as
one table of many ports (``score_table``: ``mutate --all`` and
``benchmarks/mutation_scores.py`` print the same table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from portcheck.mutate.engine import Fate, PortScore, Verdict

if TYPE_CHECKING:
    from portcheck.mutate.cluster.run import ClusterOutcome

FATES = (Fate.KILLED, Fate.SURVIVED, Fate.TIMED_OUT, Fate.EQUIVALENT, Fate.STILLBORN,
         Fate.DUPLICATE)


def score_text(score: float | None) -> str:
    return "-" if score is None else f"{100 * score:.1f} %"


def summary_line(result: PortScore) -> str:
    counts = ", ".join(f"{result.count(fate)} {fate}" for fate in FATES)
    sampled = (f" (a sample of {len(result.verdicts)} of {result.generated})"
               if len(result.verdicts) < result.generated else "")
    limit = (f"time limit {result.time_limit:.1f} s a run" if result.cpu_limit is None else
             f"CPU limit {result.cpu_limit:.1f} s a run, wall {result.time_limit:.0f} s")
    return (f"{result.port.id}: {result.generated} mutants{sampled}: {counts}; score "
            f"{score_text(result.score)} ({result.seconds:.1f} s, {limit})")


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
        "cpu_limit": None if result.cpu_limit is None else round(result.cpu_limit, 2),
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


def score_table(ports: dict[str, dict[str, Any]]) -> str:
    """The table of the scores (Markdown): one row a port, from its :func:`as_json`
    (a port that could not be measured: its ``error``)."""
    rows = ["| port | mutants | killed | survived | timed out | equivalent | stillborn "
            "| duplicate | score | time |", "|---|---|---|---|---|---|---|---|---|---|"]
    for port, r in ports.items():
        if "error" in r:
            rows.append(f"| {port.removeprefix('ports/')} | {r['error']} |||||||| ")
            continue
        sample = f" (sample of {r['considered']})" if r["considered"] < r["generated"] else ""
        score = "-" if r["score"] is None else f"{100 * r['score']:.1f} %"
        rows.append(f"| {port.removeprefix('ports/')} | {r['generated']}{sample} | "
                    f"{r['killed']} | {r['survived']} | {r['timed_out']} | {r['equivalent']} "
                    f"| {r['stillborn']} | {r['duplicate']} | {score} | {r['seconds']:.0f} s |")
    return "\n".join(rows)


def cluster_report(outcome: ClusterOutcome, list_survivors: bool) -> str:
    """``mutate --all``'s report: the table, then each port's survivors (asked for) and
    notes, the ports skipped or failed, and what was run now or taken from the records."""
    rows: dict[str, dict[str, Any]] = {r.port.id: as_json(r) for r in outcome.scores}
    rows.update((port, {"error": f"FAIL: {why}"}) for port, why in outcome.failed)
    rows.update((port, {"error": f"skipped: {why}"}) for port, why in outcome.skipped)
    lines = [score_table(dict(sorted(rows.items())))]
    for result in outcome.scores:
        extra = text_report(result, list_survivors).splitlines()[1:]
        if extra:
            lines += [f"{result.port.id}:", *extra]
    distrust = (f"; {outcome.ignored} records not trusted, run again" if outcome.ignored
                else "")
    lines.append(f"{len(outcome.scores)} ports scored, {len(outcome.failed)} failed, "
                 f"{len(outcome.skipped)} skipped; mutants: {outcome.ran} run now, "
                 f"{outcome.resumed} recorded before{distrust} ({outcome.seconds:.1f} s)")
    return "\n".join(lines)
