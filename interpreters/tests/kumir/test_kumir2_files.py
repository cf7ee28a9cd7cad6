"""KuMir 2's file module: programs run as the real KuMir 2 ran them (``kumir2_files/``).

Each ``NAME.kum`` (stdin ``NAME.in``, the files of ``NAME.given/`` beside it) was run on
KuMir 2 by ``kumir2_files/record.py`` in a fresh folder, which recorded its output, how it
ended and the files the folder held afterwards (``NAME.kumir.out``, ``NAME.kumir.json``;
the folder written as ``{cwd}``).  The embedded interpreter runs each the same way in a
folder of its own and must end the same way — output, error line and words — leaving the
same files with the same bytes.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from portinterp.errors import CompileError, RunError
from portinterp.kumir import run_file

HERE = Path(__file__).parent / "kumir2_files"
PROGRAMS = sorted(HERE.glob("*.kum"))
CWD = "{cwd}"


def _files(folder: Path) -> dict[str, object]:
    """As record.py lists them: text if UTF-8, else hex; folders as None."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if name == "program.kum":
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


def test_the_corpus_is_recorded_from_kumir2() -> None:
    assert len(PROGRAMS) >= 20
    for program in PROGRAMS:
        meta = json.loads(program.with_suffix(".kumir.json").read_text(encoding="utf-8"))
        assert meta["kumir"].startswith("KuMir 2 ("), program.name


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_program_ends_as_in_kumir2(program: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    meta = json.loads(program.with_suffix(".kumir.json").read_text(encoding="utf-8"))
    recorded = program.with_suffix(".kumir.out").read_text(encoding="utf-8")
    folder = tmp_path.resolve()
    if program.with_suffix(".given").is_dir():
        shutil.copytree(program.with_suffix(".given"), folder, dirs_exist_ok=True)
    source = folder / "program.kum"
    shutil.copy(program, source)
    given = program.with_suffix(".in")
    stdin = io.StringIO(given.read_text(encoding="utf-8") if given.exists() else "")
    out = io.StringIO()
    monkeypatch.chdir(folder)
    error: Exception | None = None
    try:
        run_file(source, stdin=stdin, stdout=out)
    except (CompileError, RunError) as raised:
        error = raised
    here = str(folder)
    message = meta["message"].replace(CWD, here)
    if meta["status"] == "ok":
        assert error is None, str(error)
    elif meta["status"] == "compile-error":
        assert isinstance(error, CompileError), f"KuMir: {meta['line']} {message}"
        assert (error.line, error.message) == (meta["line"], message)
    else:
        assert isinstance(error, RunError), f"KuMir: {meta['line']} {message}"
        assert (error.line, error.message) == (meta["line"], message)
    assert out.getvalue() == recorded.replace(CWD, here)
    expected = json.loads(json.dumps(meta["files"]).replace(CWD, here))
    assert _files(folder) == expected
