"""Record what KuMir 2 does with each program of this folder (its file module).

    python tests/kumir/kumir2_files/record.py --bin /tmp/kumir2/build/bin [NAME.kum …]

Each ``NAME.kum`` runs on a real KuMir 2 (``kumir2-bc`` then ``kumir2-run``, built from its
sources outside the repository) in a fresh folder holding the program as ``program.kum``
(with the byte-order mark KuMir wants) and the files of ``NAME.given/``; its standard input
is ``NAME.in``.  Written: ``NAME.kumir.out`` (its standard output) and ``NAME.kumir.json``:
``ok``, ``compile-error`` or ``run-error`` with KuMir's line and message, and ``files``,
every file and folder the folder holds afterwards (but the program and its ``.kod``).  The
folder's path, which KuMir's messages and ``РАБОЧИЙ КАТАЛОГ`` print, is written as
``{cwd}``.  Nothing is written by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
KUMIR = ("KuMir 2 (a-a-maly/kumir2 master a1a0c7dab393, 2026-01-20; git describe "
         "2.1.0-rc11-135-ga1a0c7da), Qt 5.15.8, built from its sources outside the repository")
COMPILE_ERROR = re.compile(r"^Ошибка: .*?:(\d+):\d+(?:-\d+)?: (.*)$", re.M)
RUN_ERROR = re.compile(r"^ОШИБКА ВЫПОЛНЕНИЯ В СТРОКЕ (\d+): (.*)$", re.M)
PROGRAM = ("program.kum", "program.kod")
CWD = "{cwd}"


def folder_files(folder: Path) -> dict[str, object]:
    """The folder's files (text if UTF-8, else ``{"hex": …}``) and folders (``None``)."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if name in PROGRAM:
            continue
        if path.is_dir():
            found[name + "/"] = None
            continue
        data = path.read_bytes()
        try:
            found[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            found[name] = {"hex": data.hex()}
    return found


def record(program: Path, binaries: Path) -> dict[str, object]:
    env = dict(os.environ, LANG="ru_RU.UTF-8", LC_ALL="ru_RU.UTF-8", QT_QPA_PLATFORM="offscreen")
    given = program.with_suffix(".given")
    stdin = program.with_suffix(".in")
    with tempfile.TemporaryDirectory(prefix="kumir-files-") as name:
        folder = Path(name).resolve()
        if given.is_dir():
            shutil.copytree(given, folder, dirs_exist_ok=True)
        text = program.read_text(encoding="utf-8")
        (folder / "program.kum").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        built = subprocess.run([str(binaries / "kumir2-bc"), "program.kum"], cwd=folder,
                               env=env, capture_output=True, timeout=60, check=False)
        errors = [(int(m.group(1)), m.group(2).strip())
                  for m in COMPILE_ERROR.finditer(built.stderr.decode("utf-8", "replace"))]
        status, line, message, out = "ok", None, "", ""
        if errors:
            status, (line, message) = "compile-error", min(errors)
        else:
            ran = subprocess.run([str(binaries / "kumir2-run"), "program.kod"], cwd=folder,
                                 env=env, capture_output=True, timeout=60, check=False,
                                 input=stdin.read_bytes() if stdin.exists() else b"")
            out = ran.stdout.decode("utf-8")
            failed = RUN_ERROR.search(ran.stderr.decode("utf-8", "replace"))
            if failed:
                status, line, message = "run-error", int(failed.group(1)), failed.group(2).strip()
        where = str(folder)
        program.with_suffix(".kumir.out").write_text(out.replace(where, CWD), encoding="utf-8")
        files = json.loads(json.dumps(folder_files(folder)).replace(where, CWD))
    meta = {"kumir": KUMIR, "status": status, "line": line,
            "message": message.replace(where, CWD), "files": files}
    program.with_suffix(".kumir.json").write_text(
        json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return meta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", type=Path, required=True, help="kumir2-bc's folder")
    parser.add_argument("programs", nargs="*", type=Path)
    args = parser.parse_args()
    for program in args.programs or sorted(HERE.glob("*.kum")):
        meta = record(program, args.bin)
        print(program.name, meta["status"], meta["line"], meta["message"])


if __name__ == "__main__":
    main()
