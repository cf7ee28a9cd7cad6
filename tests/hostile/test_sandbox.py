"""Trying to get out of the box (``portcheck.processes.sandbox``), in Python, Java and C (a
declared language): one program per language reads a file planted in HOME, writes into the
suite's golden/ folder and into /tmp outside its working folder, connects to a listener
this test opens on 127.0.0.1, and starts a daemon (``setsid`` + fork) that would sleep for
a quarter of an hour.  Boxed, it gets nothing, leaves nothing and its daemon is gone after
the run; unboxed (``--sandbox off``), the same Python program reads and writes all of it
(so the test sees what the box prevents).  Where bubblewrap is not usable, skipped naming
it (a failure with PORTCHECK_REQUIRE_RUNTIMES=1)."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.cli.options import hidden_folders
from portcheck.processes import sandbox
from portcheck.runners import get_runner
from portcheck.runners.base import RunResult
from tests.helpers.needs import need
from tests.helpers.processes import gone_soon, processes_naming

PYTHON = """import os, socket, sys
home, golden, outside, port, token = sys.argv[1:]
try:
    print("home:", open(home).read())
except OSError as error:
    print("home: ERR", error.strerror)
for target in (os.path.join(golden, "freecell.yaml"), os.path.join(golden, "evil.yaml"),
               outside):
    try:
        with open(target, "a") as f:
            f.write("cases: {}\\n")
        print("write: done", target)
    except OSError as error:
        print("write: ERR", error.strerror)
try:
    socket.create_connection(("127.0.0.1", int(port)), timeout=5).sendall(b"hello")
    print("net: connected")
except OSError as error:
    print("net: ERR", error.strerror)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", token])
    os._exit(0)
os.wait()
print("daemon: started")
"""

JAVA = """import java.io.*;
import java.net.Socket;
import java.nio.file.*;
public class Escape {
    public static void main(String[] a) throws Exception {
        try { System.out.println("home: " + Files.readString(Path.of(a[0]))); }
        catch (IOException e) { System.out.println("home: ERR " + e); }
        for (String target : new String[] {a[1] + "/freecell.yaml", a[1] + "/evil.yaml", a[2]}) {
            try (FileWriter w = new FileWriter(target, true)) {
                w.write("cases: {}\\n"); System.out.println("write: done " + target);
            } catch (IOException e) { System.out.println("write: ERR " + e); }
        }
        try (Socket s = new Socket("127.0.0.1", Integer.parseInt(a[3]))) {
            s.getOutputStream().write("hello".getBytes()); System.out.println("net: connected");
        } catch (IOException e) { System.out.println("net: ERR " + e); }
        new ProcessBuilder("setsid", "sleep", a[4]).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        System.out.println("daemon: started");
    }
}
"""

C = """#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
    char text[256] = {0}, path[4096];
    FILE *f = fopen(argv[1], "r");
    if (f) { fgets(text, sizeof text, f); printf("home: %s\\n", text); }
    else printf("home: ERR\\n");
    const char *targets[3] = {"freecell.yaml", "evil.yaml", NULL};
    for (int i = 0; i < 3; i++) {
        if (targets[i]) snprintf(path, sizeof path, "%s/%s", argv[2], targets[i]);
        else snprintf(path, sizeof path, "%s", argv[3]);
        FILE *w = fopen(path, "a");
        if (w) { fputs("cases: {}\\n", w); fclose(w); printf("write: done %s\\n", path); }
        else printf("write: ERR %s\\n", path);
    }
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons(atoi(argv[4]))};
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (connect(s, (struct sockaddr *)&to, sizeof to) == 0) printf("net: connected\\n");
    else printf("net: ERR\\n");
    fflush(stdout);
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            close(0); close(1); close(2);
            execlp("sleep", "sleep", argv[5], (char *)NULL);
        }
        _exit(0);
    }
    wait(NULL);
    printf("daemon: started\\n");
    return 0;
}
"""

PROGRAMS = {"python": ("escape.py", PYTHON), "java": ("Escape.java", JAVA),
            "c": ("escape.c", C)}
SECRET = "the-secret-" + secrets.token_hex(4)


@pytest.fixture
def planted() -> Iterator[Path]:
    path = Path(os.path.expanduser("~")) / f".portcheck-planted-{secrets.token_hex(4)}"
    path.write_text(SECRET)
    yield path
    path.unlink()


def _escape(project: Path, language: str, planted: Path, listener: socket.socket,
            token: str) -> RunResult:
    """Build and run the language's program as a port's run is made, with the suite's
    folders hidden as a command hides them."""
    sandbox.configure(None, hidden=hidden_folders())
    need(get_runner(language).toolchain().ok, f"no toolchain for {language}")
    name, text = PROGRAMS[language]
    source = project / "ports" / "freecell" / f"escape-{language}" / name
    source.parent.mkdir(parents=True)
    source.write_text(text)
    runner = get_runner(language)
    args = [str(planted), str(project / "golden"), str(project.parent / "outside.txt"),
            str(listener.getsockname()[1]), token]
    return runner.run(runner.build(source), args=args, timeout=60)



def _connected(listener: socket.socket) -> bool:
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return False
    return True


@pytest.mark.usefixtures("boxed")
@pytest.mark.parametrize("language", [
    "python", pytest.param("java", marks=pytest.mark.requires_runtime("java")),
    pytest.param("c", marks=pytest.mark.requires_runtime("c"))])
def test_a_boxed_port_reads_writes_and_connects_to_nothing_and_leaves_nothing(
        project_copy: Path, planted: Path, listener: socket.socket, language: str) -> None:
    goldens = {p.name: p.read_bytes() for p in (project_copy / "golden").iterdir()}
    token = f"{900 + secrets.randbelow(99)}.{secrets.randbelow(10 ** 6)}"
    result = _escape(project_copy, language, planted, listener, token)
    assert "daemon: started" in result.stdout, result.stderr  # it ran to its end
    assert SECRET not in result.stdout
    assert "home: ERR" in result.stdout or "home: \n" in result.stdout
    # the goldens are read-only; a write to /tmp lands in the box's own /tmp, gone with it
    assert not any("write: done" in line and "golden" in line
                   for line in result.stdout.splitlines())
    assert {p.name: p.read_bytes() for p in (project_copy / "golden").iterdir()} == goldens
    assert not (project_copy.parent / "outside.txt").exists()
    assert "net: connected" not in result.stdout and not _connected(listener)
    assert all(gone_soon(pid) for pid in processes_naming(token))


def test_unboxed_the_same_port_reaches_all_of_it(project_copy: Path, planted: Path,
                                                 listener: socket.socket,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sandbox.ENV, "off")
    token = f"{900 + secrets.randbelow(99)}.{secrets.randbelow(10 ** 6)}"
    result = _escape(project_copy, "python", planted, listener, token)
    assert f"home: {SECRET}" in result.stdout
    assert result.stdout.count("write: done") == 3
    assert (project_copy / "golden" / "evil.yaml").exists()
    assert "net: connected" in result.stdout and _connected(listener)
    # what containment still does unboxed: the daemon is ended with the run
    assert all(gone_soon(pid) for pid in processes_naming(token))


WRITER_1C = """Документ = Новый ТекстовыйДокумент;
Документ.ДобавитьСтроку("written by a 1C program");
Документ.Записать("{target}");
Сообщить("written");
"""


@pytest.mark.usefixtures("boxed")
def test_a_1c_program_given_to_exec_writes_nothing_outside_its_box(tmp_path: Path) -> None:
    """The issue's example: ``ТекстовыйДокумент.Записать("/tmp/…")`` from ``exec`` wrote
    anywhere the user can; boxed, it writes into the box's own /tmp, gone with it."""
    target = Path("/tmp") / f"portcheck-escape-{secrets.token_hex(4)}.txt"
    program = tmp_path / "writer.bsl"
    program.write_text(WRITER_1C.replace("{target}", str(target)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "portcheck", "exec", str(program)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          check=False)
    assert (done.returncode, done.stdout) == (0, "written\n"), done.stderr
    assert not target.exists()
    target.unlink(missing_ok=True)
