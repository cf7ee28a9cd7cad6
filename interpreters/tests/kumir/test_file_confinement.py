"""KuMir's file module under the run's file policy (``portinterp.file_policy``): every
function of «Файлы» that touches a path outside a confined run's folders stops the program
with «Нет доступа к файлу: <full path>» at its line, and nothing is read, written or
deleted there; inside, the same functions work; ``можно открыть …`` answers ``нет``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portinterp import file_policy
from portinterp.errors import RunError
from portinterp.file_policy import confined
from portinterp.kumir import compile_text, run_program


@pytest.fixture
def confined_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path,
                                                                                      Path]]:
    """(the run's folder, its program's read-only folder, a folder outside both)."""
    run, program, outside = (tmp_path.resolve() / name for name in ("run", "program", "out"))
    for folder in (run, program, outside):
        folder.mkdir()
    (outside / "secret.txt").write_text("42\n", encoding="utf-8")
    (outside / "dir").mkdir()
    (program / "data.txt").write_text("7\n", encoding="utf-8")
    monkeypatch.chdir(run)
    file_policy.install(confined([str(run)], [str(program)]))
    try:
        yield run, program, outside
    finally:
        file_policy.install(file_policy.UNRESTRICTED_POLICY)


def run_kumir(body: str) -> str:
    out = io.StringIO()
    run_program(compile_text(f"алг\nнач\nфайл ф\nцел x\n{body}\nкон\n"), stdin=io.StringIO(),
                stdout=out)
    return out.getvalue()


# Each: a statement on a path outside the run (SECRET: a file there, DIR: a folder there).
OUTSIDE = {
    "открыть на чтение": 'ф := открыть на чтение(SECRET)',
    "открыть на запись": 'ф := открыть на запись(OUT)',
    "открыть на добавление": 'ф := открыть на добавление(SECRET)',
    "существует": 'вывод существует(SECRET)',
    "является каталогом": 'вывод является каталогом(DIR)',
    "создать каталог": 'вывод создать каталог(NEWDIR)',
    "удалить_файл": 'вывод удалить_файл(SECRET)',
    "удалить_каталог": 'вывод удалить_каталог(DIR)',
    "относительный путь наружу": 'ф := открыть на запись("../out/w.txt")',
}


@pytest.mark.parametrize("name", sorted(OUTSIDE))
def test_each_function_refuses_a_path_outside(name: str,
                                              confined_run: tuple[Path, Path, Path]) -> None:
    _, _, outside = confined_run
    statement = (OUTSIDE[name].replace("SECRET", f'"{outside / "secret.txt"}"')
                 .replace("NEWDIR", f'"{outside / "new"}"').replace("DIR", f'"{outside / "dir"}"')
                 .replace("OUT", f'"{outside / "w.txt"}"'))
    with pytest.raises(RunError) as stopped:
        run_kumir(statement + '\nвывод "прошло"')
    assert stopped.value.line == 5
    assert stopped.value.message.startswith(f"Нет доступа к файлу: {outside}")
    assert sorted(p.name for p in outside.iterdir()) == ["dir", "secret.txt"]
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "42\n"


def test_the_program_folder_is_read_only(confined_run: tuple[Path, Path, Path]) -> None:
    _, program, _ = confined_run
    data = f'"{program / "data.txt"}"'
    assert run_kumir(f"ф := открыть на чтение({data})\nввод ф, x\nзакрыть(ф)\nвывод x") == "7"
    with pytest.raises(RunError, match="Нет доступа к файлу"):
        run_kumir(f"ф := открыть на добавление({data})")
    assert (program / "data.txt").read_text(encoding="utf-8") == "7\n"


def test_the_functions_work_in_the_working_folder(
        confined_run: tuple[Path, Path, Path]) -> None:
    run, _, outside = confined_run
    printed = run_kumir(
        'ф := открыть на запись("a.txt")\nвывод ф, 5\nзакрыть(ф)\n'
        'ф := открыть на чтение("a.txt")\nввод ф, x\nзакрыть(ф)\n'
        'вывод x, создать каталог("k"), является каталогом("k"), удалить_каталог("k"), '
        'удалить_файл("a.txt"), существует("a.txt"), нс\n'
        f'вывод можно открыть на запись("b.txt"), можно открыть на чтение("{outside}/secret.txt"),'
        f' можно открыть на запись("{outside}/w.txt")')
    assert printed == "5дадададанет\nданетнет"
    assert sorted(run.iterdir()) == []


def test_the_environment_confines_a_real_run(tmp_path: Path) -> None:
    """``PORTINTERP_FILES=confined`` (what portcheck sets on every embedded run unless
    ``--sandbox off``) confines ``python -m portinterp.kumir``; unset, it is not."""
    run, outside = tmp_path / "run", tmp_path / "out"
    run.mkdir()
    outside.mkdir()
    source = run / "p.kum"
    source.write_text(f'алг\nнач\nфайл ф\nф := открыть на запись("{outside}/w.txt")\n'
                      'вывод ф, 1\nзакрыть(ф)\nкон\n', encoding="utf-8")
    env = {**os.environ, file_policy.ENV: "confined", "TMPDIR": str(run)}
    done = subprocess.run([sys.executable, "-m", "portinterp.kumir", str(source)], cwd=run,
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert ":4:" in done.stderr and f"Нет доступа к файлу: {outside}/w.txt" in done.stderr
    assert not (outside / "w.txt").exists()
    env[file_policy.ENV] = "unrestricted"
    done = subprocess.run([sys.executable, "-m", "portinterp.kumir", str(source)], cwd=run,
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (outside / "w.txt").read_bytes() == b"\xef\xbb\xbf1"


def test_a_file_past_the_size_limit_stops_the_program(tmp_path: Path) -> None:
    """The box limits a file a run writes (``RLIMIT_FSIZE``): the write past it is the
    run-time error «Ошибка записи в файл» at its line, not a Python traceback."""
    import resource

    source = tmp_path / "p.kum"
    source.write_text('алг\nнач\nфайл ф\nф := открыть на запись("big.txt")\nнц 1000 раз\n'
                      '  вывод ф, "0123456789", нс\nкц\nзакрыть(ф)\nкон\n', encoding="utf-8")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    done = subprocess.run([sys.executable, "-m", "portinterp.kumir", str(source)], cwd=tmp_path,
                          capture_output=True, text=True, check=False, preexec_fn=limit)
    assert done.returncode == 1, done.stderr
    assert ":6:" in done.stderr and "Ошибка записи в файл: " in done.stderr
    assert "Traceback" not in done.stderr
