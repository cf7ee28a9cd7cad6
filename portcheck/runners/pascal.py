"""Free Pascal: compile with ``fpc`` into a native binary, run the binary.

Options: ``-O2`` (optimise), ``-Co -Cr`` (integer overflow and range checks, so a port whose
arithmetic overflows stops with a run-time error instead of printing a wrong deal).  The
language mode is left to the program's own directives (``{$mode objfpc}{$H+}``), so it
compiles the same way when a reader runs ``fpc program.pas`` by hand.

A Free Pascal program buffers ``Output`` when it is a pipe and loses the buffer when it is
killed.  So every build also loads a tiny unit (``fpc -Fa``) that makes ``Output`` flush after
each ``Write``/``WriteLn``: a port stopped at its time limit keeps what it printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    BuildError,
    RunResult,
    Toolchain,
    require_tool,
    run_command,
    unusable,
)
from portcheck.runners.cache import cache_key
from portcheck.runners.compiled import CompiledRunner

PACKAGE = "fp-compiler"
COMPILE_TIMEOUT = 120.0
# -l-: no logo; -v0ewn: only errors, warnings and notes, in the compiler's own words.
FPC_OPTIONS = ("-l-", "-v0ewn", "-O2", "-Co", "-Cr")
FLUSH_UNIT = "pcflush"
FLUSH_UNIT_SOURCE = f"""unit {FLUSH_UNIT};
{{ Loaded by portcheck into every Pascal build: flush Output after each write. }}
interface
implementation
initialization
  TextRec(Output).FlushFunc := TextRec(Output).InOutFunc;
end.
"""


class PascalRunner(CompiledRunner):
    language = "pascal"
    suffix = ".pas"
    name = "fpc"

    def _probe(self, timeout: float) -> Toolchain:
        return self._probe_version(PACKAGE, ("fpc",), ["-iVSPSO"], timeout,
                                   lambda version: f"Free Pascal {version}")

    def build(self, source: Path) -> Path:
        toolchain = self.toolchain()
        if not toolchain.ok:
            raise unusable(toolchain)
        text = source.read_bytes()
        options = (*FPC_OPTIONS, FLUSH_UNIT_SOURCE)
        key = cache_key(self.name, toolchain.detail, *options, source.name, text)
        entry = self.cache.get_or_build(self.name, key, lambda work: _fpc(source, work))
        return entry / source.stem

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        return run_command([built.absolute(), *args], stdin=stdin, timeout=timeout,
                           max_output=max_output, readable=[built])


def _fpc(source: Path, work: Path, extra: Sequence[str] = ()) -> None:
    """Compile ``source`` into the binary ``work/<stem>``, leaving no object files behind
    (``extra``: more fpc options)."""
    fpc = require_tool("fpc", PACKAGE)
    binary = work / source.stem
    (work / f"{FLUSH_UNIT}.pas").write_text(FLUSH_UNIT_SOURCE, encoding="utf-8")
    flush = f"-Fa{FLUSH_UNIT}"
    argv = [fpc, *FPC_OPTIONS, *extra, flush, f"-FE{work}", f"-o{binary}", str(source.resolve())]
    result = run_command(argv, timeout=COMPILE_TIMEOUT, cwd=work, readable=[source.absolute()])
    if result.timed_out:
        raise BuildError(f"{source}: fpc did not finish in {COMPILE_TIMEOUT:g} s")
    if result.returncode != 0 or not binary.is_file():
        output = (result.stdout + result.stderr).strip()
        raise BuildError(f"{source}: fpc failed (exit {result.returncode})\n{output}")
    for leftover in work.iterdir():
        if leftover != binary:
            leftover.unlink()
