"""The file policy (``portinterp.file_policy``): what a confined run may read and write, how
a harness asks for it (``PORTINTERP_FILES``), and that every file function of the 1C library
goes through it — a path outside the run's folders is the 1C error «Ошибка доступа к
файлу», which the program's ``Попытка`` catches, and nothing is written there."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portinterp import file_policy
from portinterp.bsl import compile_text, run_program
from portinterp.file_policy import FilePolicy, Refused, confined


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(the run's folder, a read-only folder, a folder outside both)."""
    made = tuple(tmp_path / name for name in ("run", "program", "outside"))
    for folder in made:
        folder.mkdir()
    return made  # type: ignore[return-value]


def test_unrestricted_allows_anything() -> None:
    policy = FilePolicy()
    assert not policy.confined
    assert policy.writing("/etc/passwd") == "/etc/passwd"
    policy.starting("sh")
    assert policy.describe() == "files: unrestricted"


def test_confined_writes_only_in_its_folders(folders: tuple[Path, Path, Path]) -> None:
    run, program, outside = folders
    policy = confined([str(run)], [str(program)])
    assert policy.writing(str(run / "a.txt")) == str(run / "a.txt")
    assert policy.reading(str(program / "lib.os"))
    for path in (outside / "a.txt", program / "a.txt", run / ".." / "outside" / "a.txt",
                 Path("/etc/passwd"), Path(str(run) + "-sibling") / "a.txt"):
        with pytest.raises(Refused):
            policy.writing(str(path))
    with pytest.raises(Refused):
        policy.reading(str(outside / "a.txt"))
    with pytest.raises(Refused):
        policy.starting("sh")
    assert policy.describe() == f"files: confined to {run} (read: {program})"


def test_a_link_out_of_the_folder_is_followed_and_refused(
        folders: tuple[Path, Path, Path]) -> None:
    run, _, outside = folders
    (run / "door").symlink_to(outside)
    with pytest.raises(Refused):
        confined([str(run)]).writing(str(run / "door" / "a.txt"))


def test_relative_paths_are_from_the_working_folder(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    run, _, _ = folders
    monkeypatch.chdir(run)
    policy = confined([str(run)])
    assert policy.writing("a.txt") == "a.txt"
    with pytest.raises(Refused):
        policy.writing("../outside/a.txt")


def test_the_environment_names_the_working_and_temporary_folders(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    run, program, outside = folders
    monkeypatch.chdir(run)
    monkeypatch.setenv("TMPDIR", str(run))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setenv(file_policy.ENV, f"confined:{outside}")
    policy = file_policy.from_environment(str(program / "p.os"))
    assert policy.writable == (str(run), str(outside))
    assert policy.readable == (str(program),)
    monkeypatch.setenv(file_policy.ENV, "")
    assert not file_policy.from_environment().confined
    monkeypatch.setenv(file_policy.ENV, "everywhere")
    with pytest.raises(ValueError, match="PORTINTERP_FILES"):
        file_policy.from_environment()


@pytest.fixture
def confined_run(folders: tuple[Path, Path, Path],
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    run, program, outside = folders
    monkeypatch.chdir(run)
    (outside / "secret.txt").write_text("secret\n", encoding="utf-8")
    (run / "mine.txt").write_text("mine\n", encoding="utf-8")
    file_policy.install(confined([str(run)], [str(program)]))
    try:
        yield run, outside
    finally:
        file_policy.install(file_policy.UNRESTRICTED_POLICY)


def run_bsl(source: str) -> str:
    out = io.StringIO()
    run_program(compile_text(source), stdin=io.StringIO(), stdout=out, dialect="onescript")
    return out.getvalue()


# each: a statement that touches the file OUT (or the folder OUTDIR) outside the run
OUTSIDE_CALLS = {
    "ТекстовыйДокумент.Записать": 'Т = Новый ТекстовыйДокумент; Т.ДобавитьСтроку("x"); '
                                  'Т.Записать(OUT);',
    "ТекстовыйДокумент.Прочитать": 'Т = Новый ТекстовыйДокумент; Т.Прочитать(SECRET);',
    "ДвоичныеДанные.Записать": 'Д = ПолучитьДвоичныеДанныеИзСтроки("x"); Д.Записать(OUT);',
    "Новый ДвоичныеДанные": 'Д = Новый ДвоичныеДанные(SECRET);',
    "ЗаписьJSON.ОткрытьФайл": 'З = Новый ЗаписьJSON; З.ОткрытьФайл(OUT); '
                              'З.ЗаписатьЗначение(1); З.Закрыть();',
    "ЧтениеJSON.ОткрытьФайл": 'Ч = Новый ЧтениеJSON; Ч.ОткрытьФайл(SECRET);',
    "ЗаписьТекста": 'З = Новый ЗаписьТекста(OUT); З.ЗаписатьСтроку("x"); З.Закрыть();',
    "ЧтениеТекста": 'Ч = Новый ЧтениеТекста(SECRET); Сообщить(Ч.ПрочитатьСтроку());',
    "КопироватьФайл (куда)": 'КопироватьФайл("mine.txt", OUT);',
    "КопироватьФайл (откуда)": 'КопироватьФайл(SECRET, "copy.txt");',
    "ПереместитьФайл": 'ПереместитьФайл(SECRET, "moved.txt");',
    "УдалитьФайлы": 'УдалитьФайлы(SECRET);',
    "УдалитьФайлы с маской": 'УдалитьФайлы(OUTDIR, "*.txt");',
    "НайтиФайлы": 'Сообщить(НайтиФайлы(OUTDIR, "*").Количество());',
    "Файл.Существует": 'Ф = Новый Файл(SECRET); Сообщить(Ф.Существует());',
    "Файл.Размер": 'Ф = Новый Файл(SECRET); Сообщить(Ф.Размер());',
    "ХешированиеДанных.ДобавитьФайл": 'Х = Новый ХешированиеДанных(ХешФункция.MD5); '
                                      'Х.ДобавитьФайл(SECRET);',
    "ЗагрузитьСценарий": 'С = ЗагрузитьСценарий(SECRET);',
    "ФайловыйПоток (создать)": 'П = Новый ФайловыйПоток(OUT, РежимОткрытияФайла.Создать);',
    "ФайловыйПоток (открыть)": 'П = Новый ФайловыйПоток(SECRET, РежимОткрытияФайла.Открыть);',
    "ФайловыеПотоки.ОткрытьДляЧтения": 'П = ФайловыеПотоки.ОткрытьДляЧтения(SECRET);',
    "ЗаписьXML.ОткрытьФайл": 'З = Новый ЗаписьXML; З.ОткрытьФайл(OUT); '
                             'З.ЗаписатьНачалоЭлемента("a"); З.Закрыть();',
    "ЧтениеXML.ОткрытьФайл": 'Ч = Новый ЧтениеXML; Ч.ОткрытьФайл(SECRET); Ч.Прочитать();',
    "ЗаписьДанных": 'З = Новый ЗаписьДанных(OUT); З.ЗаписатьСтроку("x"); З.Закрыть();',
    "ЧтениеДанных": 'Ч = Новый ЧтениеДанных(SECRET); Сообщить(Ч.ПрочитатьСтроку());',
    "СоздатьКаталог": 'СоздатьКаталог(OUTDIR + "/sub");',
    "Файл.УстановитьВремяИзменения": 'Ф = Новый Файл(SECRET); '
                                     'Ф.УстановитьВремяИзменения(ТекущаяДата());',
}


@pytest.mark.parametrize("name", sorted(OUTSIDE_CALLS))
def test_each_file_function_refuses_a_path_outside(name: str,
                                                   confined_run: tuple[Path, Path]) -> None:
    _, outside = confined_run
    statement = (OUTSIDE_CALLS[name].replace("SECRET", f'"{outside / "secret.txt"}"')
                 .replace("OUTDIR", f'"{outside}"').replace("OUT", f'"{outside / "w.txt"}"'))
    printed = run_bsl(f"Попытка\n{statement}\nСообщить(\"прошло\");\nИсключение\n"
                      "Сообщить(ОписаниеОшибки());\nКонецПопытки;\n")
    assert "Ошибка доступа к файлу: '" in printed and "прошло" not in printed, printed
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "secret\n"


def test_the_same_functions_work_inside(confined_run: tuple[Path, Path]) -> None:
    run, _ = confined_run
    printed = run_bsl('Т = Новый ТекстовыйДокумент; Т.ДобавитьСтроку("x"); '
                      'Т.Записать("a.txt");\nКопироватьФайл("a.txt", "b.txt");\n'
                      'ПереместитьФайл("b.txt", "c.txt");\n'
                      'Сообщить(НайтиФайлы(".", "*.txt").Количество());\n'
                      'УдалитьФайлы("c.txt");\nСообщить(Новый Файл("c.txt").Существует());\n')
    assert printed == "3\nНет\n"
    assert (run / "a.txt").exists()


def test_a_process_is_refused_and_the_environment_confines_a_real_run(
        folders: tuple[Path, Path, Path]) -> None:
    run, program, outside = folders
    source = program / "p.bsl"
    source.write_text(f'Т = Новый ТекстовыйДокумент; Т.ДобавитьСтроку("x");\n'
                      f'Попытка Т.Записать("{outside / "w.txt"}"); Исключение '
                      'Сообщить(ОписаниеОшибки()); КонецПопытки;\n'
                      'Т.Записать("here.txt");\n'
                      'Попытка ЗапуститьПриложение("true"); Исключение '
                      'Сообщить(ОписаниеОшибки()); КонецПопытки;\n', encoding="utf-8")
    env = {**os.environ, file_policy.ENV: "confined", "TMPDIR": str(run)}
    done = subprocess.run([sys.executable, "-m", "portinterp.bsl", str(source)], cwd=run,
                          env=env, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    assert f"Ошибка доступа к файлу: '{outside / 'w.txt'}'" in lines[0], done
    assert lines[1].startswith("Запуск процессов в этом прогоне запрещён (true)")  # no box
    assert not (outside / "w.txt").exists() and (run / "here.txt").exists()
    bad = subprocess.run([sys.executable, "-m", "portinterp.bsl", str(source)], cwd=run,
                         env={**env, file_policy.ENV: "somewhere"}, capture_output=True,
                         text=True, check=False)
    assert bad.returncode == 2 and "PORTINTERP_FILES" in bad.stderr


def test_a_read_only_folder_inside_a_writable_one_stays_read_only(tmp_path: Path) -> None:
    """``exec``'s box: the temporary folder is writable, the working folder in it is not;
    a writable folder inside a read-only one is writable (a run's folder in its port's)."""
    inner = tmp_path / "work"
    inner.mkdir()
    policy = confined([str(tmp_path)], [str(inner)])
    assert policy.writing(str(tmp_path / "a.txt"))
    assert policy.reading(str(inner / "a.txt"))
    with pytest.raises(Refused):
        policy.writing(str(inner / "a.txt"))
    policy = confined([str(inner)], [str(tmp_path)])
    assert policy.writing(str(inner / "a.txt"))
    with pytest.raises(Refused):
        policy.writing(str(tmp_path / "a.txt"))


def test_a_confined_policy_may_be_given_processes(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """``KIND+processes``: a run with a box of its own (portcheck's exec) may start
    processes; any other flag is a usage error, as an unknown kind is."""
    run, program, _ = folders
    monkeypatch.chdir(run)
    for value in ("scratch+processes", f"confined+processes:{program}"):
        monkeypatch.setenv(file_policy.ENV, value)
        policy = file_policy.from_environment(str(program / "p.os"))
        assert policy.confined and policy.processes
        policy.starting("sh")
        assert policy.describe().endswith("; processes allowed")
    monkeypatch.setenv(file_policy.ENV, "scratch")
    assert not file_policy.from_environment().processes
    monkeypatch.setenv(file_policy.ENV, "scratch+network")
    with pytest.raises(ValueError, match="PORTINTERP_FILES"):
        file_policy.from_environment()
    assert file_policy.with_processes("scratch") == "scratch+processes"
    assert file_policy.with_processes("unrestricted") == "unrestricted"


def test_a_real_run_given_processes_starts_one(folders: tuple[Path, Path, Path]) -> None:
    run, program, _ = folders
    source = program / "p.bsl"
    source.write_text('П = СоздатьПроцесс("echo из процесса", , Истина);\nП.Запустить();\n'
                      'П.ОжидатьЗавершения();\nСообщить(П.ПотокВывода.Прочитать());\n',
                      encoding="utf-8")
    env = {**os.environ, file_policy.ENV: "scratch+processes", "TMPDIR": str(run)}
    done = subprocess.run([sys.executable, "-m", "portinterp.bsl", str(source)], cwd=run,
                          env=env, capture_output=True, text=True, check=False)
    assert done.stdout == "из процесса\n", done.stderr
