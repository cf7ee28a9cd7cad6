"""The reference runs contained, in a process of its own (issue 29): a reference that
exits (``os._exit(0)`` made verify and golden check exit 0 having printed nothing), hangs,
prints, starts processes, raises ``KeyboardInterrupt``, runs out of memory or returns too
much never passes and never reaches portcheck's output; each is one usage line."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from tests.helpers.cli import one_error_line, portcheck_process

REFERENCE = Path("reference") / "freecell.py"


def _replace_output(root: Path, body: str, header: str = "") -> None:
    """``output(game)`` of the copied reference does ``body`` for game 617 (else deals)."""
    path = root / REFERENCE
    lines = "\n".join("        " + line for line in body.splitlines())
    path.write_text(header + path.read_text(encoding="utf-8") + (
        "\n_dealt = output\n\n\ndef output(game):\n    if game == 617:\n"
        f"{lines}\n    return _dealt(game)\n"), encoding="utf-8")


def _golden_check(root: Path, *options: str) -> tuple[int, str, str]:
    done = portcheck_process("golden", "check", "freecell", *options, cwd=root, timeout=90)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("body, said", [
    ("import os\nos._exit(0)", "its process ended (exit status 0) before it answered"),
    ("import sys\nsys.exit(0)", "output(game=617) failed: SystemExit"),
    ("raise KeyboardInterrupt", "output(game=617) failed: KeyboardInterrupt"),
    ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)", "killed by SIGKILL"),
    ("x = bytearray(8 * 1024**3)", "output(game=617) failed: MemoryError"),
], ids=["os-exit", "sys-exit", "keyboard-interrupt", "killed", "memory"])
def test_a_reference_that_ends_early_never_passes(project_copy: Path, body: str,
                                                  said: str) -> None:
    _replace_output(project_copy, body)
    for words in (("golden", "check", "freecell"), ("verify", "freecell", "--lang", "python")):
        done = portcheck_process(*words, cwd=project_copy, timeout=120)
        assert done.returncode == 2, (words, done.stdout, done.stderr)
        line = one_error_line(done.stderr)
        assert said in line and "reference/freecell.py" in line, line


def test_a_module_that_exits_as_it_is_imported_never_passes(project_copy: Path) -> None:
    path = project_copy / REFERENCE
    path.write_text(path.read_text(encoding="utf-8") + "\nimport os\n\nos._exit(0)\n",
                    encoding="utf-8")
    code, out, err = _golden_check(project_copy)
    assert code == 2, out + err
    assert one_error_line(err).endswith("reference/freecell.py: loading the reference: its "
                                        "process ended (exit status 0) before it said what "
                                        "it declares: the reference must return, not exit")


def test_a_reference_that_hangs_meets_the_time_limit(project_copy: Path) -> None:
    _replace_output(project_copy, "while True:\n    pass")
    code, out, err = _golden_check(project_copy, "--timeout", "2")
    assert code == 2, out + err
    assert "output(game=617): it did not finish within 2 s (the reference's time limit" \
        in one_error_line(err)


def test_what_a_reference_prints_never_reaches_portchecks_output(project_copy: Path) -> None:
    _replace_output(project_copy, 'print("golden check: all match (a lie)")\n'
                                  'import sys\nprint("\\x1b[2J", file=sys.stderr)\n'
                                  "return _dealt(game)")
    code, out, err = _golden_check(project_copy)
    assert code == 0, out + err
    assert "a lie" not in out + err and "\x1b" not in out + err


def test_processes_a_reference_starts_do_not_outlive_the_call(project_copy: Path) -> None:
    mark = f"portcheck-test-{uuid.uuid4().hex}"
    _replace_output(project_copy, "import subprocess\n"
                                  f"subprocess.Popen(['sleep', '1000', {mark!r}])\n"
                                  "return _dealt(game)")
    code, out, err = _golden_check(project_copy)
    assert code == 0, out + err
    assert [pid for pid in os.listdir("/proc") if pid.isdigit() and _has(pid, mark)] == []


def _has(pid: str, mark: str) -> bool:
    try:
        return mark.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_an_answer_beyond_the_output_limit_is_refused(project_copy: Path) -> None:
    _replace_output(project_copy, "return 'x' * 5_000_000")
    code, out, err = _golden_check(project_copy, "--max-output", "1M")
    assert code == 2, out + err
    assert "more than the limit of 1048576" in one_error_line(err)


def test_check_inputs_raising_type_error_is_one_line(project_copy: Path) -> None:
    path = project_copy / REFERENCE
    path.write_text(path.read_text(encoding="utf-8")
                    + "\n\ndef check_inputs(game):\n    return None + game\n", encoding="utf-8")
    code, out, err = _golden_check(project_copy)
    assert code == 2, out + err
    line = one_error_line(err)
    assert "reference/freecell.py:" in line and "check_inputs failed: TypeError" in line


def test_a_reference_process_killed_while_idle_is_started_again(project_copy: Path) -> None:
    """Between two calls the reference's process is killed from outside (it answered in
    full): the next call starts it again rather than failing a port that did nothing."""
    import signal

    from portcheck.suite import reference_host

    algorithm = reference_host.algorithms_of(project_copy)["freecell"]
    first = algorithm.output({"game": 1})
    host = reference_host._HOSTS[project_copy.resolve()]
    assert host._process is not None
    os.kill(host._process.pid, signal.SIGKILL)
    host._process.wait(timeout=10)
    assert algorithm.output({"game": 1}) == first
