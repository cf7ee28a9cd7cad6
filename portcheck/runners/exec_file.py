"""``portcheck exec FILE``: run a program of a language with an embedded interpreter (1C,
the school language, the puzzle book's pseudo-language) as a program.

The engine is chosen as the language's runner chooses it (the real tool when it is on PATH,
else the embedded interpreter; ``--engine`` forces one).  With the embedded interpreter the
program runs in this process (its compiled program kept in the content-keyed cache of
``portcheck.runners.embedded``), reads this process's stdin and writes its stdout; a
compile or run-time error is one line ``file:line:col: message`` on stderr and exit code 1.
With an external engine (OneScript's ``oscript``, KuMir's ``kumir2-run``) the file is handed
to it and its exit code is returned.

Where runs are boxed (``--sandbox``, ``portcheck.processes.sandbox``), the program runs in a
box instead, with this terminal's stdin and stdout: the embedded interpreter as ``python -m
portinterp.<language>`` (the same command line), in the working folder as it is seen in the
box (read-only, or an empty private one where the folder is hidden: what the program writes
there is gone with the box), with the memory and file-size limits of a run.

The embedded interpreter's file functions are confined too (``portinterp.file_policy``),
boxed or not, unless ``--sandbox off``: the program reads its working folder and its own
folder, writes only a temporary folder of its own (``КаталогВременныхФайлов()``; in the
box, its private ``/tmp``), and starts processes only in its own box (the box holds them;
confined without one, it starts none); anything else is the language's access error.  One
line on stderr says which (``files: confined: …`` or ``files: unrestricted (--sandbox
off)``), when stderr is a terminal: where it is captured (a script, a test comparing what
the program wrote) stderr stays the program's own.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.processes import cgroups, limits, runwatch, sandbox
from portcheck.runners import get_runner
from portcheck.runners.embedded import (
    FILES_ENV,
    exec_files_env,
    exec_policy_line,
    interpreter_module,
    run_here,
    run_options,
)
from portcheck.runners.interpreted import InterpretedRunner, embedded_env
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import EMBEDDED, Language


def exec_file(language: Language, path: Path, *, engine: str | None, encoding: str,
              **options: Any) -> int:
    """Run ``path`` with the engine the language's runner chooses; its exit status.
    ``options`` are the front-ends' run options (those the language does not take are
    ignored)."""
    if not language.embedded:
        raise UsageError(f"{path}: exec runs the languages of the embedded interpreters "
                         f"({', '.join(_embedded_suffixes())}); for "
                         f"{language.title} use: portcheck check ALGO {path}")
    runner = get_runner(language.name, engine=engine)
    assert isinstance(runner, InterpretedRunner)
    boxed = sandbox.boxing()
    if runner.engine == EMBEDDED:
        if _is_terminal(sys.stderr):
            print(exec_policy_line(path, boxed), file=sys.stderr, flush=True)
        if not boxed:
            return run_here(language.embedded, path, encoding=encoding,
                            cpu=limits.cpu_seconds(None), **options)
        argv = [sys.executable, "-m", interpreter_module(language.embedded), str(path),
                "--encoding", encoding]
        taken = {option.name for option in run_options(language.embedded)}
        argv += [word for name, value in options.items() if value is not None and name in taken
                 for word in (f"--{name}", str(value))]
        return _boxed(argv, path, {**embedded_env(), FILES_ENV: exec_files_env()})
    if not runner.toolchain().ok:
        raise UsageError(f"engine {runner.engine}: {runner.toolchain().detail}")
    if boxed:
        return _boxed(runner.argv(path), path, dict(os.environ))
    return subprocess.run(runner.argv(path), check=False).returncode


def _boxed(argv: list[str], path: Path, env: dict[str, str]) -> int:
    """``argv`` run in a box with this terminal's streams, within the run's limits (the
    kernel's, and the run watch's); its exit status, or 1 with one line ``FILE: stopped: …``
    on stderr when a limit stopped it."""
    here = Path.cwd()
    box = sandbox.box_for(argv, cwd=here, env=env, writable=[], readable=[path],
                          tmpfs_size=limits.disk())
    assert box is not None
    cpu = limits.cpu_seconds(None)  # exec has no time limit: --max-cpu, or exec's default
    command = box.command(limits.command(argv, env, boxed=True), cwd=here)
    group = cgroups.RunGroup.make(limits.processes_limit())  # its processes, in the kernel
    streams = [_descriptor(stream) for stream in (sys.stdin, sys.stdout, sys.stderr)]
    if streams[1] is not None:
        sys.stdout.flush()
    try:
        process = subprocess.Popen(
            group.wrap(command) if group is not None else command, env=env,
            stdin=streams[0] if streams[0] is not None else subprocess.DEVNULL,
            stdout=streams[1] if streams[1] is not None else subprocess.PIPE,
            stderr=streams[2] if streams[2] is not None else subprocess.PIPE)
        watch = runwatch.RunWatch(process.pid, group=group, cpu=cpu)
        try:
            captured = process.communicate()
        except BaseException:  # Ctrl-C, SIGTERM: the box's session does not get them
            process.kill()
            process.wait()
            raise
        finally:
            stopped_by = watch.stop()
    finally:
        if group is not None:
            group.close()
    for stream, text in zip((sys.stdout, sys.stderr), captured, strict=True):
        if text:  # portcheck's stream is not a file (run in-process, captured)
            stream.write(text.decode("utf-8", "replace"))
    code = process.returncode
    if stopped_by is None and sandbox.program_status(code) == -signal.SIGXCPU and cpu is not None \
            and watch.cpu_used >= cpu - 2 * limits.RESCAN:  # RLIMIT_CPU, not an exit code 152
        stopped_by = limits.CPU
    if stopped_by is not None:
        sys.stderr.flush()
        print(f"{path}: stopped: {limits.verdict(stopped_by, cpu)}", file=sys.stderr)
        return 1
    return code


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


def _descriptor(stream: object) -> int | None:
    """The file descriptor behind one of portcheck's streams; None when it is not a file
    (replaced by a caller: its bytes then go through Python, never fd 0 of the process,
    which may be a pipe of someone else's, such as pytest-xdist's channel)."""
    try:
        return stream.fileno()  # type: ignore[attr-defined, no-any-return]
    except (AttributeError, OSError, ValueError):
        return None


def _embedded_suffixes() -> list[str]:
    return [suffix for language in builtin_languages().values() if language.embedded
            for suffix in language.suffixes]

