"""Contain the port (issue 8, "the worst"): what a port prints, how long it runs and what it
starts are bounded, every run ends with all it started gone, and one port's failure is that
port's alone.

Each test plays a hostile or clumsy port against a copy of the project and checks the
promise of docs/reliability.md: the output limit, a time limit no grandchild escapes, no
process left behind (Python fork, Java ProcessBuilder with DISCARD, Free Pascal FpFork,
setsid with a cleared environment), Ctrl-C and SIGTERM ending verify and its ports at
once, and an exception while checking a port reported as that port's failure.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import portcheck.verify.checks as checks
from portcheck.runners.base import run_command
from portcheck.runners.bsl import BslRunner
from tests.helpers.cli import portcheck, portcheck_process
from tests.helpers.ports import GAME_1, add_port
from tests.helpers.processes import gone_soon, unboxed, wait_for_file

# The containment of an unboxed run (--sandbox off); the box's own: tests/hostile/test_sandbox.py
pytestmark = pytest.mark.usefixtures(unboxed.__name__)
requires_java = pytest.mark.requires_runtime("java")
requires_pascal = pytest.mark.requires_runtime("pascal")

FLOOD = "while True:\n    print('x' * 1000)\n"


def test_an_endless_flood_stops_at_the_output_limit(project_copy: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "flood", "python", "flood.py", FLOOD)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "flood",
                             "--max-output", "64k", "--timeout", "60")
    assert code == 1
    assert ("FAIL ports/freecell/flood::run: stopped: it printed more than 64 KiB on stdout "
            "(the output limit; see --max-output)") in out
    assert "lines not shown" in out  # what it printed, clipped
    assert len(out) < 20_000


@pytest.mark.parametrize("program", [
    "import sys\nsys.stdout.write(('y' * 99 + '\\n') * 100_000)\n",  # 10 MB of lines
    "import sys\nsys.stdout.write('z' * 10_000_000)\n",  # one line of 10 MB
], ids=["many-lines", "one-long-line"])
def test_a_big_wrong_output_gives_a_short_report(project_copy: Path, program: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "big", "python", "big.py", program)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "big")
    assert code == 1
    assert "FAIL ports/freecell/big::run: fresh run differs from transcript.txt" in out
    assert len(out) < 20_000


def test_a_setsid_grandchild_holding_the_pipes_does_not_escape_the_time_limit(
        project_copy: Path, tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    add_port(project_copy, "escape", "python", "escape.py", f"""\
import os
print("started", flush=True)
if os.fork() == 0:
    os.setsid()
    with open({str(pid_file)!r}, "w") as f:
        f.write(f"{{os.getpid()}}\\n")
    os.execvp("sleep", ["sleep", "600"])
os.wait()
""")
    done = portcheck_process("verify", "freecell", "--lang", "escape", "--timeout", "2",
                             timeout=60)
    assert done.returncode == 1
    assert "FAIL ports/freecell/escape::run: stopped at the time limit of 2 s" in done.stdout
    assert gone_soon(int(wait_for_file(pid_file)))


PYTHON_FORK = """\
import os
if os.fork() == 0:
    fd = os.open(os.devnull, os.O_RDWR)
    for n in (0, 1, 2):
        os.dup2(fd, n)
    with open({pid_file!r}, "w") as f:
        f.write(f"{{os.getpid()}}\\n")
    os.execvp("sleep", ["sleep", "600"])
print({output!r}, end="")
"""

JAVA_DISCARD = """\
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

public class Leaver {{
    public static void main(String[] args) throws Exception {{
        ProcessBuilder builder = new ProcessBuilder("sleep", "600");
        builder.redirectInput(new File("/dev/null"));
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process child = builder.start();
        Files.writeString(Path.of({pid_file!r}), child.pid() + "\\n");
        System.out.print({output!r});
    }}
}}
"""

PASCAL_FPFORK = """\
program leaver;
{{$mode objfpc}}{{$H+}}
uses BaseUnix, SysUtils;
var
  child: TPid;
  pids: Text;
  devnull: cint;
begin
  child := FpFork;
  if child = 0 then
  begin
    devnull := FpOpen('/dev/null', O_RdWr);
    FpDup2(devnull, 0);
    FpDup2(devnull, 1);
    FpDup2(devnull, 2);
    while True do
      Sleep(1000);
  end;
  Assign(pids, {pid_file!r});
  Rewrite(pids);
  WriteLn(pids, child);
  Close(pids);
  Write({output!r});
end.
"""


def _java_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _pascal_string(text: str) -> str:
    return " + #10 + ".join(f"'{part}'" for part in text.replace("'", "''").split("\n"))


LEAVERS = {
    "python-fork": ("python", "leaver.py", PYTHON_FORK, repr),
    "java-discard": ("java", "Leaver.java", JAVA_DISCARD, _java_string),
    "pascal-fpfork": ("pascal", "leaver.pas", PASCAL_FPFORK, _pascal_string),
}


@pytest.mark.parametrize("leaver", [
    "python-fork",
    pytest.param("java-discard", marks=requires_java),
    pytest.param("pascal-fpfork", marks=requires_pascal),
])
def test_a_child_that_leaves_the_pipes_does_not_outlive_its_run(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        leaver: str) -> None:
    language, program, text, literal = LEAVERS[leaver]
    pid_file = tmp_path / "child.pid"
    source = text.format(pid_file=str(pid_file), output=GAME_1)
    if literal is not repr:  # Java and Pascal literals are not Python's
        source = source.replace(repr(str(pid_file)), literal(str(pid_file)))
        source = source.replace(repr(GAME_1), literal(GAME_1))
    add_port(project_copy, "leaver", language, program, source)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "leaver")
    assert code == 0, out  # the port itself is right: it printed game 1 and exited
    assert gone_soon(int(wait_for_file(pid_file)))


def test_an_orphan_that_cleared_its_environment_is_still_found(tmp_path: Path) -> None:
    # It leaves the session and drops the run's marker: only the subreaper still knows it.
    pid_file = tmp_path / "orphan.pid"
    script = (f"(setsid sh -c 'echo $$ > {pid_file}; exec env -i sleep 600' "
              f"</dev/null >/dev/null 2>&1 &); while [ ! -s {pid_file} ]; do sleep 0.01; done")
    result = run_command(["sh", "-c", script], timeout=30)
    assert result.returncode == 0
    assert gone_soon(int(wait_for_file(pid_file)))


def test_a_program_that_never_reads_its_input_does_not_block_the_run() -> None:
    result = run_command(["sh", "-c", "sleep 0.2; echo done"], stdin="x" * 1_000_000,
                         timeout=30)
    assert (result.stdout, result.returncode) == ("done\n", 0)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_verify_and_its_ports_at_once(project_copy: Path, tmp_path: Path,
                                                    signum: signal.Signals) -> None:
    pid_file = tmp_path / "port.pid"
    add_port(project_copy, "loop", "python", "loop.py",
             f"import os\nopen({str(pid_file)!r}, 'w').write(f'{{os.getpid()}}\\n')\n"
             "while True:\n    pass\n")
    verify = subprocess.Popen([sys.executable, "-m", "portcheck", "verify", "freecell",
                               "--lang", "loop", "--timeout", "600"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(wait_for_file(pid_file))
    verify.send_signal(signum)
    _, err = verify.communicate(timeout=60)  # far below the port's time limit of 600 s
    assert verify.returncode == 128 + signum
    assert "Traceback" not in err
    assert gone_soon(port)


def test_an_exception_inside_the_embedded_front_end_is_that_ports_build_failure(
        project_copy: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def overflow(self: BslRunner, source: Path) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(BslRunner, "check", overflow)
    code, out, err = portcheck(capsys, "verify", "freecell")
    assert code == 1
    assert "Traceback" not in out + err
    assert ("FAIL ports/freecell/bsl::run: build failed: " in out
            and "the embedded bsl interpreter cannot compile it: RecursionError: maximum "
                "recursion depth exceeded" in out)
    assert "FAIL ports/freecell/python" not in out  # the other ports are checked as ever


def test_an_unexpected_error_while_checking_a_port_is_that_ports_failure(
        project_copy: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(context: checks.CheckContext, plan: checks.PortPlan) -> checks.CheckResult:
        if plan.port.language == "java":
            raise ValueError("a bug")
        return checks.check_transcript(context, plan)

    monkeypatch.setitem(checks.CHECKS, "transcript", broken)
    code, out, err = portcheck(capsys, "verify", "freecell")
    assert code == 1
    assert "Traceback" not in out + err
    assert ("FAIL ports/freecell/java::transcript: portcheck failed on this port: "
            "ValueError: a bug (at tests/hostile/test_containment.py:") in out.replace(
                str(Path(__file__).parent.parent.parent) + "/", "")
    assert "FAIL ports/freecell/python" not in out


# The issue's programs that crashed the embedded compilers (SyntaxError "too many nested
# parentheses", IndentationError).  Whether the interpreters run them now or not, verify
# reports every port and no traceback.
DEEP_1C = "Сообщить(" + " + ".join(["1"] * 202) + ");\n"
DEEP_KUMIR = ("алг\nнач\n  цел x\n  x := 1\n" + "".join("  если x = 1 то\n" for _ in range(99))
              + "  вывод x\n" + "  все\n" * 99 + "кон\n")


def test_programs_that_break_an_embedded_compiler_never_end_verify(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "deep-bsl", "bsl", "deep.bsl", DEEP_1C)
    add_port(project_copy, "deep-kumir", "kumir", "deep.kum", DEEP_KUMIR)
    code, out, err = portcheck(capsys, "verify", "freecell")
    assert code == 1  # neither prints game 1
    assert "Traceback" not in out + err
    for port in ("deep-bsl", "deep-kumir"):
        assert f"FAIL ports/freecell/{port}::run: " in out
    summary, boxed = out.splitlines()[-2:]  # the report ends: the summary, the runs boxed
    assert summary.startswith("8 ports: ") and boxed.startswith("runs: ")


@pytest.mark.parametrize("name, text", [("deep.bsl", DEEP_1C), ("deep.kum", DEEP_KUMIR)])
def test_exec_of_a_program_that_breaks_the_compiler_prints_no_traceback(
        tmp_path: Path, name: str, text: str) -> None:
    program = tmp_path / name
    program.write_text(text, encoding="utf-8")
    done = portcheck_process("exec", str(program), "--engine", "embedded")
    assert done.returncode in (0, 1)
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 1


def test_files_a_port_writes_in_its_folder_do_not_land_in_the_project(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "litter", "python", "litter.py",
             f"open('litter.txt', 'w').write('x')\nprint({GAME_1!r}, end='')\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "litter")
    assert code == 0, out
    assert not list(project_copy.rglob("litter.txt"))


def test_a_child_portcheck_started_itself_outlives_a_run(tmp_path: Path) -> None:
    # Started while a run is in flight, in portcheck's own session (as a local Dask
    # cluster's workers are): no run's orphan, so the run's end leaves it alone.
    started = tmp_path / "started"
    script = f"echo started > {started}; sleep 1"
    helper: list[subprocess.Popen[bytes]] = []

    def start_helper() -> None:
        wait_for_file(started)
        helper.append(subprocess.Popen(["sleep", "600"]))

    thread = threading.Thread(target=start_helper)
    thread.start()
    try:
        result = run_command(["sh", "-c", script], timeout=30)
        thread.join()
        assert result.returncode == 0
        assert helper[0].poll() is None  # still running
    finally:
        for process in helper:
            process.kill()
            process.wait()
