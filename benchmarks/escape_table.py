"""What the box prevents, from real runs: every escape try in every language portcheck runs
(the programs of ``tests/data/escapes/``, driven by ``tests/helpers/escapes.py`` as
``tests/hostile/test_escapes.py`` drives them; the embedded 1C, KuMir and the book's
language forked from verify's zygote, as verify runs them; and the reference's own
process), run once boxed (``--sandbox on``) and once with ``--sandbox off``, and what
happened on the machine written in a table (``--write``: into docs/sandbox.md, block
``escapes``).

What happened is read from the machine, not from what the program says: the file outside
exists or not, the planted secret was printed or not, the listener on 127.0.0.1 got a
connection or not, a process carrying the try's token is alive after the run or not, the
run's verdict (the memory, time or output limit).  A try a language cannot express is a row
with the reason (``tests/data/escapes/tries.yaml``); a language whose toolchain is missing
here is a row saying so.  Fork without end and fill the disk are run unboxed too: the
forks are linear (the parent forks, the children wait), the run is stopped at the memory
limit or at a short time limit, and what it wrote goes with its scratch folder.

    python benchmarks/escape_table.py [--write] [--lang c --lang go …]
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from _page import Measurement, add_write_option, replace_block, table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from portcheck.processes import sandbox  # noqa: E402
from portcheck.runners import get_runner  # noqa: E402
from portcheck.runners.base import RunResult  # noqa: E402
from portcheck.runners.environment import RunEnvironment  # noqa: E402
from portcheck.runners.zygote import session as zygote_session  # noqa: E402
from portcheck.suite import reference_host  # noqa: E402
from portcheck.suite.declarations import builtin_languages  # noqa: E402
from tests.helpers import escapes  # noqa: E402
from tests.helpers.escapes import Setting, Try  # noqa: E402

SANDBOX_PAGE = REPO / "docs" / "sandbox.md"
EMBEDDED = ("bsl", "kumir", "arsac")  # forked from verify's zygote
REFERENCE_SKIPS = {
    "print": "not tried: what the reference prints goes to a buffer of portcheck's, not to "
             "a stream",
    "fork": "not tried: the reference's process has no process limit of its own (the "
            "suite's own code); only the time limit would end it",
}


def run_port(language: str, try_: Try, s: Setting, suite: Path) -> RunResult:
    """The try as verify runs a port of its language (1C, KuMir, the book's language:
    forked from a zygote, or run the ordinary way when the zygote does not take the run)."""
    folder = suite / "ports" / "collatz" / f"try-{secrets.token_hex(3)}"
    if language not in EMBEDDED:
        return escapes.attempt(language, try_, s, folder)
    folder.mkdir(parents=True)
    with zygote_session(readable=[folder]) as forks:
        return escapes.attempt(language, try_, s, folder,
                               environment=RunEnvironment(zygote=forks))


def run_reference(try_: Try, s: Setting, suite: Path) -> RunResult:
    """The Python program's try made by the reference's ``output``: its answer, or the
    failure it ended in."""
    program = suite / "escape_try.py"
    shutil.copyfile(escapes.program("python"), program)
    module = suite / "reference" / "collatz.py"
    plain = module.read_text(encoding="utf-8")
    module.write_text(plain + "\n\ndef _try() -> str:\n    import contextlib, io, runpy, sys\n"
                      f"    sys.argv = ['escape.py', {try_.program!r}, {s.value(try_)!r}]\n"
                      "    said = io.StringIO()\n    with contextlib.redirect_stdout(said):\n"
                      "        try:\n"
                      f"            runpy.run_path({str(program)!r}, run_name='__main__')\n"
                      "        except SystemExit:\n            pass\n"
                      "    return said.getvalue()\n\n\n_plain = output\n\n\n"
                      "def output(n: int) -> str:\n    return _try() + _plain(n)\n",
                      encoding="utf-8")
    reference_host.configure(timeout=try_.timeout, max_output=escapes.MAX_OUTPUT)
    host = reference_host.ReferenceHost(suite)
    try:
        host.declarations()
        answer = host.call("output", "collatz", {"n": 1})
        error = answer.get("error", {})
        text = str(answer.get("value", "")) if "value" in answer else \
            f"ERR {error.get('type', '')}: {error.get('message', '')}"
        return RunResult(stdout=text, stderr="", returncode=0, seconds=0.0)
    except Exception as error:  # the reference's failure is what happened
        return RunResult(stdout=f"ERR {error}", stderr="", returncode=1, seconds=0.0)
    finally:
        host.close()
        module.write_text(plain, encoding="utf-8")


def titles() -> dict[str, str]:
    names = {language: builtin_languages().get(language).title
             for language in escapes.languages()}
    names.update({language: f"{names[language]} (embedded)" for language in EMBEDDED})
    return {**names, "reference": "the reference"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default="/var/tmp", help="where the suites and the "
                        "file outside go: on the disk, not in /tmp (the box's own there)")
    parser.add_argument("--lang", action="append", help="only these languages (and the "
                        "reference): to look at one; --write wants them all")
    add_write_option(parser)
    args = parser.parse_args()
    if args.write and args.lang:
        parser.error("--write writes every language's rows: leave out --lang")
    measurement = Measurement()
    if sandbox.probe() is not None:
        raise SystemExit(f"bubblewrap is not usable here: {sandbox.probe()}")
    languages = [*(args.lang or escapes.languages()), "reference"]
    names = titles()
    missing = {language: get_runner(language).toolchain() for language in languages
               if language != "reference"}
    missing_why = {language: toolchain.detail for language, toolchain in missing.items()
                   if not toolchain.ok}
    rows = []
    with tempfile.TemporaryDirectory(prefix="portcheck-escapes-", dir=args.folder) as folder, \
            socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        listener.setblocking(False)
        home = Path(os.path.expanduser("~")) / f".portcheck-escape-{secrets.token_hex(4)}"
        secret = "secret-" + secrets.token_hex(4)
        home.write_text(secret)
        subprocess.run([sys.executable, "-m", "portcheck", "init", f"{folder}/initial"],
                       check=True, capture_output=True)  # each row's suite: a copy of it
        try:
            for try_ in escapes.tries():
                for language in languages:
                    rows.append(_row(try_, language, names[language], Path(folder), home,
                                     secret, listener, missing_why))
                    print(" | ".join(rows[-1]), file=sys.stderr)
        finally:
            home.unlink()
    body = table(["try", "language", "boxed (`--sandbox on`)", "`--sandbox off`"], rows)
    text = f"{measurement.context()}\n\n{body}\n"
    print(text)
    if args.write:
        replace_block("escapes", text, page=SANDBOX_PAGE)
        print("wrote docs/sandbox.md (bench:escapes)")


def _row(try_: Try, language: str, title: str, folder: Path, home: Path, secret: str,
         listener: socket.socket, missing_why: dict[str, str]) -> list[str]:
    cells = [try_.title, title]
    why = (REFERENCE_SKIPS.get(try_.name) if language == "reference"
           else escapes.cannot(language, try_))
    if why is not None:
        return [*cells, f"— {why}", "—"]
    if language in missing_why:
        return [*cells, f"not run: {missing_why[language]}", "—"]
    for mode in ("on", "off"):
        suite = folder / f"suite-{secrets.token_hex(3)}"
        shutil.copytree(folder / "initial", suite)
        s = Setting(folder / f"outside-{secrets.token_hex(3)}.txt", suite / "golden", home,
                    secret, listener.getsockname()[1])
        sandbox.configure(mode, hidden=[suite])
        result = (run_reference(try_, s, suite) if language == "reference"
                  else run_port(language, try_, s, suite))
        cells.append(escapes.what_happened(try_, result, s, listener))
    return cells


if __name__ == "__main__":
    main()
