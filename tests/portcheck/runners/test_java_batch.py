"""The Java batch (``portcheck.runners.java_batch``, one JVM for every planned Java run of a
verify) must not change what verify says: each program gets the result a run of its own
gives, and a program the batch cannot vouch for (it exits, loops, floods or throws) is run
alone and fails with the message it always had.  No timing is asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

import portcheck.runners.java as java_module
from portcheck.runners import java_batch
from portcheck.runners.base import RunResult
from portcheck.runners.environment import RunEnvironment
from portcheck.runners.java import JavaRunner
from tests.helpers.cli import write

requires_java = pytest.mark.requires_runtime("java")
TIMEOUT, MAX_OUTPUT = 3.0, 4096
PROGRAMS = {
    "Good": 'System.out.println("good ♣ " + args.length); System.err.println("note");',
    "Echo": "java.io.BufferedReader r = new java.io.BufferedReader(new "
            "java.io.InputStreamReader(System.in));"
            'System.out.println(String.join("|", args) + ":" + r.readLine());',
    "Exits": 'System.out.println("before"); System.exit(3);',
    "Halts": 'System.out.println("before"); Runtime.getRuntime().halt(4);',
    "Loops": 'System.out.println("looping"); while (true) { }',
    "Floods": 'while (true) { System.out.println("flood flood flood flood"); }',
    "Throws": 'System.out.println("before"); throw new IllegalStateException("bad state");',
    "Stays": "Thread t = new Thread(() -> { try { Thread.sleep(300); } catch "
             '(InterruptedException e) { } System.out.println("late"); }); t.start();'
             'System.out.println("early");',
    "Static": 'count++; System.out.println("count " + count);',
    "RealOut": "new java.io.PrintStream(new java.io.FileOutputStream("
               'java.io.FileDescriptor.out)).println("around the launcher");',
    # A thread in the root thread group, outside the job's group, that prints a little
    # later: into the next job's System.out, had nothing kept it out (issue 29).
    "Haunts": "ThreadGroup root = Thread.currentThread().getThreadGroup();"
              "while (root.getParent() != null) root = root.getParent();"
              "new Thread(root, () -> { try { Thread.sleep(400); } catch (Exception e) { }"
              ' System.out.println("the other port\'s deal"); }, "ghost", 0, false).start();'
              'System.out.println("mine");',
    "Quiet": "Thread.sleep(1500);",
    "SetsLocale": 'java.util.Locale.setDefault(java.util.Locale.GERMANY);'
                  'System.setProperty("line.separator", "\\r\\n"); System.out.println("set");',
    "Formats": 'System.out.println(String.format("%.1f", 1.5) + " " + '
               'System.lineSeparator().length());',
}


def program(folder: Path, name: str) -> Path:
    static = "    static int count;\n" if name == "Static" else ""
    return write(folder / f"{name}.java", f"public class {name} {{\n{static}"
                 f"    public static void main(String[] args) throws Exception {{\n"
                 f"        {PROGRAMS[name]}\n    }}\n}}\n")


def alone(source: Path, job: java_batch.Job) -> RunResult:
    runner = JavaRunner()
    return runner.run(runner.build(source), stdin=job.stdin, timeout=TIMEOUT,
                      max_output=MAX_OUTPUT, args=job.args)


def same(batched: RunResult, ordinary: RunResult) -> bool:
    return (batched.stdout, batched.returncode, batched.timed_out, batched.output_limited) \
        == (ordinary.stdout, ordinary.returncode, ordinary.timed_out, ordinary.output_limited)


def with_batch(jobs: list[java_batch.Job]) -> tuple[JavaRunner, java_batch.Batch]:
    """A Java runner whose run environment has a batch of ``jobs``, and the batch."""
    batch = java_batch.Batch(jobs, java_batch.Limits(TIMEOUT, MAX_OUTPUT))
    return JavaRunner(environment=RunEnvironment(java_batch=batch)), batch


def in_batch(jobs: list[java_batch.Job]) -> tuple[list[RunResult], set]:
    """The results the runner gives for ``jobs`` with a batch of them, and the jobs the
    batch vouched for."""
    runner, batch = with_batch(jobs)
    built = {job.source: runner.build(job.source) for job in jobs}
    vouched = {key for key in batch.results}
    results = [runner.run(built[job.source], stdin=job.stdin, timeout=TIMEOUT,
                          max_output=MAX_OUTPUT, args=job.args) for job in jobs]
    keys = {job: (built[job.source].absolute(), job.args, job.stdin) for job in jobs}
    return results, {job for job, key in keys.items() if key in vouched}


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@requires_java
def test_batch_runs_as_runs_of_their_own_and_isolates_what_it_cannot_vouch_for(
        tmp_path: Path, cache_folder: Path) -> None:
    names = ["Good", "Exits", "Echo", "Loops", "Throws", "Static", "Floods", "Stays"]
    jobs = [java_batch.Job(program(tmp_path, name)) for name in names]
    jobs[2] = java_batch.Job(jobs[2].source, ("a b", "c"), "line one\nline two\n")
    jobs.insert(6, java_batch.Job(jobs[5].source))  # Static again: a fresh class
    jobs.append(java_batch.Job(jobs[0].source, ("x",)))
    results, vouched = in_batch(jobs)
    for job, result in zip(jobs, results, strict=True):
        assert same(result, alone(job.source, job)), job
    good = {j.source.stem for j in vouched}
    # a loop ends the batch at its time limit: what comes after it is run alone too
    assert good == {"Good", "Echo"}
    assert results[2].stdout == "a b|c:line one\n"
    assert results[-1].stdout == results[0].stdout.replace("0", "1")
    assert results[3].timed_out and results[3].stdout == "looping\n"


@requires_java
def test_after_an_exit_or_a_throw_the_next_programs_still_come_from_the_batch(
        tmp_path: Path, cache_folder: Path) -> None:
    jobs = [java_batch.Job(program(tmp_path, name))
            for name in ("Exits", "Static", "Throws", "Halts", "Good")]
    jobs.insert(2, java_batch.Job(jobs[1].source, ("again",)))
    results, vouched = in_batch(jobs)
    assert {(j.source.stem, j.args) for j in vouched} == {
        ("Static", ()), ("Static", ("again",)), ("Good", ())}  # halt is refused as exit is
    assert results[1].stdout == results[2].stdout == "count 1\n"  # a class loader each
    assert results[0].returncode == 3 and results[0].stdout == "before\n"
    assert results[4].returncode == 4 and results[5].stdout == "good ♣ 0\n"
    assert "IllegalStateException: bad state" in results[3].stderr


@requires_java
def test_a_program_writing_around_the_launcher_makes_the_batch_trust_nothing(
        tmp_path: Path, cache_folder: Path) -> None:
    jobs = [java_batch.Job(program(tmp_path, name)) for name in ("Good", "RealOut")]
    results, vouched = in_batch(jobs)
    assert vouched == set()
    assert results[1].stdout == "around the launcher\n"


@requires_java
def test_the_batch_compiles_into_the_cache_and_a_compile_error_is_javacs_own(
        tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = program(tmp_path, "Good")
    bad = write(tmp_path / "Bad.java", "public class Bad { int x = y; }\n")
    javac_runs: list[list[str]] = []  # the runner's own javac calls, not the batch's JVM
    real = java_module.run_command
    monkeypatch.setattr(java_module, "run_command",
                        lambda argv, **kw: javac_runs.append(argv) or real(argv, **kw))
    runner, _ = with_batch([java_batch.Job(good), java_batch.Job(bad)])
    runner.build(good)
    assert str(good) not in [argv[-1] for argv in javac_runs]  # the batch compiled it
    with pytest.raises(java_batch.BuildError) as raised:
        runner.build(bad)
    message = str(raised.value)
    assert message.startswith(f"{bad}: javac failed (exit 1)")
    assert "cannot find symbol" in message


@requires_java
def test_a_thread_a_port_leaves_cannot_print_into_the_next_ports_output(
        tmp_path: Path, cache_folder: Path) -> None:
    """A thread started in the root thread group (not the job's, so not waited for) printed
    into the next job's System.out: a port that printed nothing passed (issue 29)."""
    jobs = [java_batch.Job(program(tmp_path, name)) for name in ("Haunts", "Quiet")]
    results, vouched = in_batch(jobs)
    assert results[1].stdout == "" == alone(jobs[1].source, jobs[1]).stdout
    assert vouched == set()  # the haunting job left a thread: it and all after run alone
    assert results[0].stdout.startswith("mine\n")


@requires_java
def test_jvm_wide_defaults_a_port_changes_do_not_reach_the_next_port(
        tmp_path: Path, cache_folder: Path) -> None:
    jobs = [java_batch.Job(program(tmp_path, name)) for name in ("SetsLocale", "Formats")]
    results, vouched = in_batch(jobs)
    assert results[1].stdout == alone(jobs[1].source, jobs[1]).stdout == "1.5 1\n"
    assert {job.source.stem for job in vouched} == {"SetsLocale", "Formats"}
