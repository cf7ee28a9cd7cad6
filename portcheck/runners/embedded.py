"""portcheck's one door to its embedded interpreters (the ``portinterp`` package): every
other part of portcheck — the command line, ``exec``, the runners, the mutation builds —
takes what it needs of them from here, so what portcheck uses of portinterp is this page.

portinterp never imports portcheck: what it needs of the harness is passed in here — the
folder of its compiled-program cache is portcheck's own cache's ``portinterp`` folder
(``interpreter_cache``, also given to every run's environment as ``PORTINTERP_CACHE``), and
the harness's language registry names a language's interpreter by its portinterp name
(``portcheck.suite.languages.Language.embedded``), and the interpreters' file policy
(``portinterp.file_policy``): every run of a port, of ``check`` and of ``exec`` has its
file functions confined to its folders (``PORTINTERP_FILES=confined``) unless runs are
not boxed by choice (``--sandbox off``: ``unrestricted``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import portinterp
from portcheck.files.cache_root import cache_root
from portcheck.processes import limits, own_process
from portinterp import file_policy
from portinterp.frontends import DEFAULT_ENCODING, RunOption, run_options, text_encoding
from portinterp.languages import get_language

if TYPE_CHECKING:
    from portinterp.core.program import Program
    from portinterp.errors import CompileError
    from portinterp.zygote.protocol import DESCRIPTORS, MAX_MESSAGE, READY, Request

# The cache's variables, as portinterp.program_cache names them (that module is imported
# only by what compiles: ``portcheck exec`` in a box starts without it)
CACHE_ENV, KEY_ENV = "PORTINTERP_CACHE", "PORTINTERP_CACHE_KEY"

__all__ = ["DEFAULT_ENCODING", "DESCRIPTORS", "FILES_ENV", "MAX_MESSAGE", "READY", "ZYGOTE_MODULE",
           "CompileError", "Request", "RunOption", "bsl_dialects", "compile_cached",
           "exec_files_env", "exec_policy_line", "files_mode",
           "interpreter_cache", "interpreter_env", "interpreter_module", "interpreter_path",
           "preload_code", "run_here", "run_options", "text_encoding"]

FILES_ENV = file_policy.ENV  # the run's file policy (``PORTINTERP_FILES``)
ZYGOTE_MODULE = "portinterp.zygote"  # ``python -u -m`` it with a socket's descriptor


def interpreter_module(language: str) -> str:
    """The package ``python -m`` runs for ``language`` (its portinterp name)."""
    return get_language(language).package


def interpreter_path() -> Path:
    """The folder holding the ``portinterp`` package (for ``PYTHONPATH``: a run's working
    folder is a scratch one, and a source checkout may never have been installed)."""
    return Path(portinterp.__file__).resolve().parent.parent


def interpreter_cache() -> Path:
    """The folder of the interpreters' compiled programs: below portcheck's own cache."""
    return cache_root() / "portinterp"


def interpreter_env() -> dict[str, str]:
    """What a run of an embedded interpreter adds to its environment: the cache folder, and
    the key that seals its entries named where it is (in a box, HOME is hidden: without
    it, every run would compile its program again)."""
    return {CACHE_ENV: str(interpreter_cache()), KEY_ENV: str(cache_key_path()),
            file_policy.ENV: files_mode()}


def files_mode() -> str:
    """``PORTINTERP_FILES`` of a run: confined, unless runs are unboxed by choice."""
    from portcheck.processes import sandbox  # here: ``exec``'s start-up does without it

    return file_policy.UNRESTRICTED if sandbox.mode() == "off" else file_policy.CONFINED


def exec_files_env() -> str:
    """``PORTINTERP_FILES`` of ``exec``'s boxed run: it writes only its temporary folder
    (the box's own ``/tmp``) and reads its working folder and its program's; it may start
    processes, which the box holds with it (its PID namespace, no network, its limits on
    the whole tree) — a run without a box of its own starts none."""
    if files_mode() == file_policy.CONFINED:
        return file_policy.with_processes(file_policy.SCRATCH)
    return files_mode()


def exec_policy_line(path: Path, boxed: bool) -> str:
    """The line ``exec`` writes on stderr: which files the program may touch."""
    if files_mode() == file_policy.UNRESTRICTED:
        return "files: unrestricted (--sandbox off)"
    where = sorted({str(Path.cwd()), str(path.resolve().parent)})
    temporary = "a private /tmp" if boxed else "a temporary folder of its own"
    processes = "starts processes in its box" if boxed else "starts no process"
    return (f"files: confined: reads {' and '.join(where)}; writes only {temporary}; "
            f"{processes} (--sandbox off: unrestricted)")


def cache_key_path() -> Path:
    """Where ``portinterp.program_cache.cache_key`` finds this user's key."""
    configured = os.environ.get(KEY_ENV)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "portinterp" / "cache-key"


def compile_cached(language: str, path: Path, encoding: str = DEFAULT_ENCODING) -> Program:
    """The program compiled by ``language``'s front-end, from (or into) portcheck's cache
    of compiled programs (``CompileError`` on a mistake), as a run will find it."""
    from portinterp import program_cache

    return program_cache.compile_cached(language, path, encoding, cache=interpreter_cache())


_LATER = {"CompileError": "portinterp.errors",
          **dict.fromkeys(("DESCRIPTORS", "MAX_MESSAGE", "READY", "Request"),
                          "portinterp.zygote.protocol")}


def __getattr__(name: str) -> Any:
    """The names of portinterp's errors and zygote protocol, imported when first asked
    for (PEP 562): ``portcheck exec`` needs neither."""
    home = _LATER.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def run_here(language: str, path: Path, *, encoding: str = DEFAULT_ENCODING,
             cpu: float | None = None, **options: Any) -> int:
    """Run ``path`` in this process as ``python -m portinterp.<language>`` would (this
    process's stdin and stdout, errors on stderr); its exit status.  This process (``portcheck
    exec``) ends with the run, so its memory is bounded as a run of its own is
    (``memory_limited``): a string doubled in a loop is the language's out-of-memory error;
    the process's own limit is given back after the run (a caller that goes on, such as a
    test, must not start its browser or JVM under it).  ``cpu``: its CPU limit in seconds
    (``processes.own_process``, with the disk limit on each file): past it, one line
    ``FILE: stopped: …`` and this process ends with exit code 1.
    """
    from portinterp.command import execute, memory_limited

    scratch: list[str] = []  # the run's temporary folder, where its files are confined

    def stop() -> None:  # the program used its CPU time: end it, and this process
        try:
            sys.stdout.flush()
        except (OSError, ValueError, RuntimeError):  # a closed or full stream
            pass
        os.write(2, f"{path}: stopped: {limits.verdict(limits.CPU, cpu)}\n".encode())
        for folder in scratch:
            shutil.rmtree(folder, ignore_errors=True)
        os._exit(1)

    with memory_limited(), own_process.cpu_limited(cpu, stop), \
            own_process.file_size_limited(limits.disk()):
        if files_mode() == file_policy.UNRESTRICTED:
            return execute(language, path, encoding=encoding, cache=interpreter_cache(),
                           **options)
        scratch.append(tempfile.mkdtemp(prefix="portcheck-exec-"))
        tempfile.tempdir = scratch[0]  # КаталогВременныхФайлов(): this run's own
        file_policy.install(file_policy.confined(
            scratch, [os.getcwd(), str(path.resolve().parent)]))
        try:
            return execute(language, path, encoding=encoding, cache=interpreter_cache(),
                           **options)
        finally:
            file_policy.install(file_policy.UNRESTRICTED_POLICY)
            tempfile.tempdir = None
            shutil.rmtree(scratch.pop(), ignore_errors=True)


def bsl_dialects() -> tuple[str, ...]:
    """The presentations of numbers the 1C interpreter offers (``--dialect``)."""
    from portinterp.bsl import DIALECTS

    return tuple(DIALECTS)


def preload_code() -> str:
    """Python code that imports every embedded interpreter as a run does (what the
    bytecode session's warm-up runs)."""
    from portinterp.languages import LANGUAGES

    return "; ".join([
        "import importlib",
        "from portinterp.frontends import front_end",
        *(f"importlib.import_module({spec.package + '.__main__'!r}); front_end({name!r})"
          for name, spec in LANGUAGES.items()),
    ])
