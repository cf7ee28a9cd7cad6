"""``oscript.exe``: OneScript 1.9.2's command line for the embedded 1C interpreter.

OneScript's programs find their runtime as ``КаталогПрограммы() + "/oscript.exe"`` and start
it (OneScript's own tests of processes and of the console do).  This folder is the embedded
interpreter's ``КаталогПрограммы()``, and ``oscript.exe`` here (a shell script) runs
:func:`main`: with no arguments OneScript's usage text (its version this interpreter's,
``СистемнаяИнформация.Версия``); ``-version`` or ``-v`` the version; ``-check FILE`` compiles
the file and reports its first error; ``FILE ARGS…`` runs the file in the OneScript dialect
with ``АргументыКоманднойСтроки`` the arguments after it, as ``python -m portinterp.bsl``
runs a file (the compile cache, the file policy of ``PORTINTERP_FILES``, errors as one line
on stderr).  OneScript's other modes (``-measure``, ``-compile``, ``-make``, ``-cgi``,
``-encoding=``, ``-codestat=``) are not offered: a usage error, exit 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

USAGE = """1Script Execution Engine. Version {version}

Usage:

I. Script execution: oscript.exe <script_path> [script arguments..]

II. Special mode: oscript.exe <mode> <script_path> [script arguments..]
Mode can be one of these:
  -measure    measures execution time
  -compile    shows compiled module without execution
  -check [-env=<entrypoint-file>]provides syntax check
  -check -cgi provides syntax check in CGI-mode
  -version    output version string

  -encoding=<encoding-name> set output encoding
  -codestat=<filename> write code statistics

III. Build standalone executable: oscript.exe -make <script_path> <output_exe>
  Builds a standalone executable module based on script specified

IV. Run as CGI application: oscript.exe -cgi <script_path> [script arguments..]
  Runs as CGI application under HTTP-server (Apache/Nginx/IIS/etc...)"""


def main(argv: list[str] | None = None) -> int:
    from portinterp.bsl.library.system_info import VERSION

    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(USAGE.format(version=VERSION))
        return 0
    if argv[0] in ("-version", "-v"):
        print(VERSION)
        return 0
    if argv[0] == "-check" and len(argv) == 2:
        return _check(Path(argv[1]))
    if argv[0].startswith("-"):
        print(f"oscript.exe: {argv[0]}: not offered by the embedded interpreter "
              f"(oscript.exe FILE [ARGS…], -check FILE, -version)", file=sys.stderr)
        return 2
    from portinterp.bsl.library import host_environment
    from portinterp.command import main as run

    host_environment.SCRIPT_ARGUMENTS[:] = argv[1:]
    return run("bsl", [argv[0], "--dialect", "onescript"], prog="oscript.exe")


def _check(path: Path) -> int:
    from portinterp.bsl import compile_file
    from portinterp.errors import SourceError

    if not path.is_file():
        print(f"{path}: no such file", file=sys.stderr)
        return 2
    try:
        compile_file(path)
    except SourceError as error:
        print(str(error).replace("\n", " "), file=sys.stderr)
        return 1
    print("No errors.")
    return 0
