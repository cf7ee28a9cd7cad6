"""Trying to get out of the two boxes of issue 28 that are not a port's own run: verify's
zygote (the 1C, KuMir and puzzle-book runs are forked from it) and the reference's process.

- A 1C program forked from the zygote reads a file planted in HOME and writes outside its
  working folder: the interpreter's file policy refuses both with 1C's own error
  («Ошибка доступа к файлу»), the box hides HOME, and the run is still taken from the
  zygote (it is no slower); unboxed (``--sandbox off``), the same program reads the file
  and writes outside (so the test sees what the box prevents).
- The reference, changed to read HOME, write outside the suite and into its golden/,
  connect to a listener on 127.0.0.1 and leave a daemon, gets none of it boxed and leaves
  nothing; unboxed it reads, writes and connects (its daemon still ended by containment).
- ``exec`` says on a terminal which files the program may touch, and confines them even
  where bubblewrap is missing (``auto``), but not with ``--sandbox off``.

Where bubblewrap is not usable, the boxed tests are skipped naming it."""

from __future__ import annotations

import os
import pty
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.processes import sandbox
from portcheck.runners import get_runner, zygote
from portcheck.runners.interpreted import InterpretedRunner, embedded_env
from tests.helpers.cli import portcheck
from tests.helpers.needs import need
from tests.helpers.processes import gone_soon, processes_naming

SECRET = "the-secret-" + secrets.token_hex(4)

ESCAPE_1C = """Т = Новый ТекстовыйДокумент;
Попытка
    Т.Прочитать("{home}");
    Сообщить("home: " + Т.ПолучитьТекст());
Исключение
    Сообщить("home: ERR " + ИнформацияОбОшибке().Описание);
КонецПопытки;
Т.УстановитьТекст("x");
Попытка
    Т.Записать("{outside}");
    Сообщить("outside: written");
Исключение
    Сообщить("outside: ERR " + ИнформацияОбОшибке().Описание);
КонецПопытки;
Т.Записать("here.txt");
Сообщить("here: written");
"""


@pytest.fixture(autouse=True)
def _sandbox_restored() -> Iterator[None]:
    """The mode and hidden folders as they were: a test here sets them."""
    policy = sandbox._policy
    mode, hidden = policy.mode, policy.hidden
    yield
    policy.mode, policy.hidden = mode, hidden


@pytest.fixture
def boxed() -> None:
    need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    sandbox.configure("on")


@pytest.fixture
def planted() -> Iterator[Path]:
    path = Path(os.path.expanduser("~")) / f".portcheck-planted-{secrets.token_hex(4)}"
    path.write_text(SECRET)
    yield path
    path.unlink()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(zygote.SWITCH_ENV, raising=False)
    return tmp_path / "cache"


def _forked_escape(tmp_path: Path, planted: Path) -> tuple[str, bool]:
    """The escaping 1C program's output, forked from a zygote; whether that was boxed."""
    folder = tmp_path / "ports" / "escape"
    folder.mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    program = folder / "escape.bsl"
    program.write_text(ESCAPE_1C.format(home=planted, outside=outside), encoding="utf-8")
    runner = get_runner("bsl", engine="embedded", dialect="onescript")
    assert isinstance(runner, InterpretedRunner)
    built = runner.build(program)
    with zygote.session(readable=[folder]) as session:
        assert session is not None
        result = session.take(runner.language, runner.embedded_argv(built), stdin="",
                              timeout=60, max_output=1 << 20, env=embedded_env())
        assert result is not None, "the run was not taken from the zygote"
        assert session.zygote is not None
        boxed = session.zygote.boxed
    return result.stdout, boxed


@pytest.mark.usefixtures("boxed", "cache")
def test_a_run_forked_from_the_boxed_zygote_reaches_nothing(tmp_path: Path,
                                                             planted: Path) -> None:
    printed, boxed = _forked_escape(tmp_path, planted)
    assert boxed
    assert SECRET not in printed
    assert "home: ERR Ошибка доступа к файлу" in printed, printed
    assert "outside: ERR Ошибка доступа к файлу" in printed
    assert "here: written" in printed  # its own working folder is its own
    assert not (tmp_path / "outside.txt").exists()


@pytest.mark.usefixtures("cache")
def test_unboxed_the_zygote_s_run_reaches_home_and_outside(tmp_path: Path, planted: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setenv(sandbox.ENV, "off")
    sandbox.configure(None)
    printed, boxed = _forked_escape(tmp_path, planted)
    assert not boxed
    assert f"home: {SECRET}" in printed and "outside: written" in printed
    assert (tmp_path / "outside.txt").exists()


ESCAPE_KUMIR = """алг
нач
  файл ф
  ф := открыть на запись("here.txt")
  вывод ф, "x"
  закрыть(ф)
  вывод "here: written", нс
  ф := открыть на запись("{outside}")
  вывод ф, "x"
  закрыть(ф)
  вывод "outside: written", нс
кон
"""


def _forked_kumir_escape(tmp_path: Path) -> tuple[str, str, bool]:
    """KuMir's file module writing outside its folder, forked from a zygote: its output,
    its error output, whether the zygote was boxed."""
    folder = tmp_path / "ports" / "escape"
    folder.mkdir(parents=True)
    program = folder / "escape.kum"
    program.write_text(ESCAPE_KUMIR.format(outside=tmp_path / "outside.txt"), encoding="utf-8")
    runner = get_runner("kumir", engine="embedded")
    assert isinstance(runner, InterpretedRunner)
    built = runner.build(program)
    with zygote.session(takes_failures=True, readable=[folder]) as session:  # boxed: exit 1
        assert session is not None
        result = session.take(runner.language, runner.embedded_argv(built), stdin="",
                              timeout=60, max_output=1 << 20, env=embedded_env())
        assert result is not None, "the run was not taken from the zygote"
        assert session.zygote is not None
        return result.stdout, result.stderr, session.zygote.boxed


@pytest.mark.usefixtures("boxed", "cache")
def test_kumir_s_file_module_forked_from_the_boxed_zygote_writes_only_its_folder(
        tmp_path: Path) -> None:
    printed, said, boxed = _forked_kumir_escape(tmp_path)
    assert boxed
    assert "here: written" in printed and "outside: written" not in printed
    assert f"Нет доступа к файлу: {tmp_path / 'outside.txt'}" in said, said
    assert not (tmp_path / "outside.txt").exists()


@pytest.mark.usefixtures("cache")
def test_unboxed_kumir_s_file_module_writes_outside(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sandbox.ENV, "off")
    sandbox.configure(None)
    printed, _, boxed = _forked_kumir_escape(tmp_path)
    assert not boxed
    assert "outside: written" in printed
    assert (tmp_path / "outside.txt").read_bytes() == b"\xef\xbb\xbfx"


ESCAPE_REFERENCE = '''

def _escape() -> str:
    import os, socket, subprocess
    said = []
    try:
        said.append("home: " + open({home!r}).read())
    except OSError as error:
        said.append("home: ERR " + str(error.strerror))
    for target in ({outside!r}, {golden!r}):
        try:
            with open(target, "a") as file:
                file.write("x")
            said.append("write: done " + target)
        except OSError as error:
            said.append("write: ERR " + str(error.strerror))
    try:
        socket.create_connection(("127.0.0.1", {port}), timeout=5).close()
        said.append("net: connected")
    except OSError as error:
        said.append("net: ERR " + str(error.strerror))
    subprocess.Popen(["sleep", {token!r}], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "; ".join(said)


_plain_output = output


def output(game: int) -> str:
    return _escape() + "\\n" + _plain_output(game)
'''


def _reference_escape(project: Path, planted: Path, capsys: pytest.CaptureFixture[str],
                      *options: str) -> tuple[str, socket.socket, str]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    listener.setblocking(False)
    token = f"{900 + secrets.randbelow(99)}.{secrets.randbelow(10 ** 6)}"
    module = project / "reference" / "freecell.py"
    module.write_text(module.read_text(encoding="utf-8") + ESCAPE_REFERENCE.format(
        home=str(planted), outside=str(project.parent / "outside.txt"),
        golden=str(project / "golden" / "evil.yaml"), port=listener.getsockname()[1],
        token=token), encoding="utf-8")
    code, out, err = portcheck(capsys, "reference", "freecell", "game=1", *options)
    assert code == 0, err
    return out, listener, token


def _connected(listener: socket.socket) -> bool:
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return False
    return True



def _suite(project: Path) -> dict[str, bytes]:
    return {str(p.relative_to(project)): p.read_bytes()
            for p in sorted(project.rglob("*")) if p.is_file() and "reference" not in p.parts}


@pytest.mark.usefixtures("boxed")
def test_the_boxed_reference_reads_writes_and_connects_to_nothing(
        project_copy: Path, planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _suite(project_copy)
    out, listener, token = _reference_escape(project_copy, planted, capsys)
    with listener:
        first = out.splitlines()[0]
        assert SECRET not in out and "home: ERR" in first, first
        # golden/ is read-only; a write to /tmp lands in the box's own /tmp, gone with it
        assert "write: ERR Read-only file system" in first and "evil.yaml" not in first
        assert "net: ERR" in first and not _connected(listener)
    assert _suite(project_copy) == before
    assert not (project_copy.parent / "outside.txt").exists()
    assert all(gone_soon(pid) for pid in processes_naming(token))


def test_unboxed_the_reference_reaches_all_of_it(project_copy: Path, planted: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out, listener, token = _reference_escape(project_copy, planted, capsys, "--sandbox", "off")
    with listener:
        first = out.splitlines()[0]
        assert f"home: {SECRET}" in first and first.count("write: done") == 2
        assert "net: connected" in first and _connected(listener)
    assert (project_copy / "golden" / "evil.yaml").exists()
    assert all(gone_soon(pid) for pid in processes_naming(token))  # containment, box or not


WRITER = 'Т = Новый ТекстовыйДокумент; Т.УстановитьТекст("x"); Т.Записать("{target}");\n'


def _exec_on_a_terminal(program: Path, *options: str) -> tuple[int, str]:
    """``portcheck exec`` with its stderr on a pseudo-terminal: its exit code and stderr."""
    main, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "portcheck", "exec", str(program),
                               *options], cwd=program.parent, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=terminal, timeout=120,
                              check=False)
        os.close(terminal)
        said = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(main)
    return done.returncode, said.decode("utf-8", "replace").replace("\r\n", "\n")


def test_exec_says_which_files_the_program_may_touch(tmp_path: Path) -> None:
    program = tmp_path / "writer.bsl"
    program.write_text(WRITER.format(target=tmp_path / "written.txt"), encoding="utf-8")
    code, said = _exec_on_a_terminal(program, "--sandbox", "off")
    assert said.splitlines()[0] == "files: unrestricted (--sandbox off)"
    assert code == 0 and (tmp_path / "written.txt").exists()
    if sandbox.probe() is None:
        (tmp_path / "written.txt").unlink()
        code, said = _exec_on_a_terminal(program, "--sandbox", "on")
        assert said.splitlines()[0].startswith("files: confined: reads ")
        assert "Ошибка доступа к файлу" in said and code == 1
        assert not (tmp_path / "written.txt").exists()


def test_exec_confines_the_files_where_bubblewrap_is_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``auto`` without bubblewrap: the program runs in portcheck's process, unboxed, and
    the interpreter's policy alone keeps it in its folders."""
    monkeypatch.setattr(sandbox, "probe", lambda: "bwrap not found (pretended)")
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    program = folder / "writer.bsl"
    program.write_text(WRITER.format(target=tmp_path / "outside.txt")
                       + 'Т.Записать("here.txt");\n', encoding="utf-8")
    code, _, err = portcheck(capsys, "exec", str(program), "--sandbox", "auto")
    assert code == 1 and "Ошибка доступа к файлу" in err, err
    assert not (tmp_path / "outside.txt").exists()
    program.write_text(WRITER.format(target="here.txt"), encoding="utf-8")
    code, _, err = portcheck(capsys, "exec", str(program), "--sandbox", "auto")
    assert code == 1 and "Ошибка доступа к файлу: 'here.txt'" in err  # it reads, not writes
