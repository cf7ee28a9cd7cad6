"""The hostile sweep's tries of the embedded interpreters' confinement that came after its
first full runs (benchmarks/hostile_sweep.py, benchmarks/_sweep_later.py): KuMir's file
module in `exec` and in a port, and 1C's process functions in a port under `verify`."""

from __future__ import annotations

from collections.abc import Iterator

from _sweep_tries import INTERRUPT_AFTER, Setup, Try, both, exec_runner, fifo, link, write

# ---- interpreters: KuMir's file module, 1C's process functions -----------------------------

KUMIR_FILES = {
    "writes outside": 'алг\nнач\n  файл ф\n  ф := открыть на запись("{outside}/keep/file.txt")'
                      '\n  вывод ф, "gone"\n  закрыть(ф)\nкон\n',
    "writes outside, relative": 'алг\nнач\n  файл ф\n  ф := открыть на запись('
                                '"../outside/keep/file.txt")\n  вывод ф, "gone"\n'
                                "  закрыть(ф)\nкон\n",
    "adds to a file outside": 'алг\nнач\n  файл ф\n  ф := открыть на добавление('
                              '"{outside}/secret.txt")\n  вывод ф, "more"\n  закрыть(ф)\nкон\n',
    "reads /etc/passwd": 'алг\nнач\n  файл ф\n  лит с\n  ф := открыть на чтение("/etc/passwd")'
                         "\n  нц пока не конец файла(ф)\n    ввод ф, с\n    вывод с, нс\n  кц\n"
                         "  закрыть(ф)\nкон\n",
    "reads the secret": 'алг\nнач\n  файл ф\n  лит с\n  ф := открыть на чтение('
                        '"../outside/secret.txt")\n  ввод ф, с\n  вывод с, нс\n  закрыть(ф)\n'
                        "кон\n",
    "deletes outside": 'алг\nнач\n  вывод удалить_файл("{outside}/keep/file.txt"), нс\nкон\n',
    "removes a folder outside": 'алг\nнач\n  вывод удалить_каталог("{outside}/keep"), нс\n'
                                "кон\n",
    "makes a folder outside": 'алг\nнач\n  вывод создать каталог("{outside}/new"), нс\nкон\n',
    "asks whether the secret exists": 'алг\nнач\n  вывод существует("{outside}/secret.txt"),'
                                      " нс\nкон\n",
    "writes through a link": 'алг\nнач\n  файл ф\n  ф := открыть на запись("lnk")\n'
                             '  вывод ф, "gone"\n  закрыть(ф)\nкон\n',
    "reads through a link": 'алг\nнач\n  файл ф\n  лит с\n  ф := открыть на чтение("lnk")\n'
                            "  ввод ф, с\n  вывод с, нс\n  закрыть(ф)\nкон\n",
    "reads a FIFO": 'алг\nнач\n  файл ф\n  лит с\n  ф := открыть на чтение("pipe")\n'
                    "  ввод ф, с\n  вывод с, нс\nкон\n",
    "writes a FIFO": 'алг\nнач\n  файл ф\n  ф := открыть на запись("pipe")\n'
                     '  вывод ф, "x"\nкон\n',
    "fills its /tmp": 'алг\nнач\n  файл ф\n  ф := открыть на запись("/tmp/big")\n'
                      '  нц пока да\n    вывод ф, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
                      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\n'
                      "  кц\nкон\n",
    "opens one file 10,000 times": 'алг\nнач\n  файл ф\n  нц 10000 раз\n'
                                   '    ф := открыть на запись("/tmp/x")\n  кц\nкон\n',
}
# What a refusal looks like: KuMir's run-time error «Нет доступа к файлу: …» at the line
# (interpreters/docs/kumir.md, "Files"), exit 1.  `существует`, asked through the policy
# too, stops the same way.  A FIFO read by `exec` blocks as KuMir's own would: exec has no
# time limit (docs/exec.md) and is interrupted after INTERRUPT_AFTER s.
KUMIR_BLOCKS = {"reads a FIFO", "writes a FIFO"}
# A try's outside/ lies under /tmp, which in exec's box is the program's own private /tmp,
# where it may write (docs/sandbox.md, "The embedded interpreters' files"): the path is not
# there, so `удалить_файл`, `удалить_каталог` and `существует` answer нет and `создать
# каталог` makes a folder in the box's /tmp, gone with it: exit 0, nothing outside touched.
KUMIR_EXEC_ANSWERS = {"deletes outside", "removes a folder outside", "makes a folder outside",
                      "asks whether the secret exists"}
KUMIR_LINKS = {"writes through a link": "../outside/keep/file.txt",
               "reads through a link": "../outside/secret.txt"}

BSL_PROCESSES = {
    "ЗапуститьПриложение writes outside":
        'ЗапуститьПриложение("sh -c ""echo gone > {outside}/keep/file.txt""", , Истина);\n',
    "СоздатьПроцесс of sleep":
        'П = СоздатьПроцесс("sh -c ""echo $$ >> $SWEEP_PIDS; exec sleep 300""");\n'
        "П.Запустить();\n",
    "НайтиПроцессыПоИмени": 'Для Каждого П Из НайтиПроцессыПоИмени("python3") Цикл\n'
                            "  П.Завершить();\nКонецЦикла;\n",
    "ТекущийПроцесс": "Сообщить(ТекущийПроцесс().Идентификатор);\n",
    "a refusal caught": 'Попытка\n  ЗапуститьПриложение("sh -c ""echo gone > '
                        '{outside}/keep/file.txt""", , Истина);\nИсключение\nКонецПопытки;\n'
                        'Сообщить("1: 0 steps, peak 1");\nСообщить("6: 8 steps, peak 16");\n',
    "a process that reads the secret": 'П = СоздатьПроцесс("cat {outside}/secret.txt", , '
                                       "Истина);\nП.Запустить();\nП.ОжидатьЗавершения();\n"
                                       "Сообщить(П.ПотокВывода.Прочитать());\n",
}
# The refusal «Запуск процессов в этом прогоне запрещён (…)» is the run's error (docs/
# sandbox.md): verify fails the port, exit 1; the one that catches it and prints the right
# lines passes, exit 0.  Unboxed (--sandbox off) a 1C program may start processes, as it
# may write files: only the child that outlives it is tried there (it must not be left).
BSL_CAUGHT = {"a refusal caught"}


def lang_port(language: str, suffix: str, code: str) -> Setup:
    """A contributed port of collatz in ``language`` whose program is ``code``, its
    transcript the right one (so only a fresh run can fail it)."""
    folder = f"ports/collatz/{language}"
    yaml = (f"algorithm: collatz\nlanguage: {language}\norigin: contributed\n"
            f"program: collatz.{suffix}\ncases: [n-1, n-6]\n")
    return both(write(f"{folder}/port.yaml", yaml), write(f"{folder}/collatz.{suffix}", code),
                write(f"{folder}/transcript.txt", "1: 0 steps, peak 1\n6: 8 steps, peak 16\n"))


def interpreters() -> Iterator[Try]:
    for why, text in KUMIR_FILES.items():
        setup = write("x.kum", text)
        if why in KUMIR_LINKS:
            setup = both(setup, link("lnk", KUMIR_LINKS[why]))
        if why in KUMIR_BLOCKS:
            setup = both(setup, fifo("pipe"))
        blocks = why in KUMIR_BLOCKS
        codes = (1, 130) if blocks else (0, 1) if why in KUMIR_EXEC_ANSWERS else (1,)
        yield Try("interpreters", f"kum file module, exec: {why}", ["exec", "x.kum"],
                  codes=codes, setup=setup, bound=60, one_line=False,
                  runner=exec_runner(False, INTERRUPT_AFTER) if blocks else None)
        port_text = text.replace('"lnk"', 'КАТАЛОГ ПРОГРАММЫ + "/lnk"').replace(
            '"pipe"', 'КАТАЛОГ ПРОГРАММЫ + "/pipe"')
        setup = lang_port("kumir", "kum", port_text)
        if why in KUMIR_LINKS:
            setup = both(setup, link("ports/collatz/kumir/lnk",
                                     "../../../" + KUMIR_LINKS[why]))
        if why in KUMIR_BLOCKS:
            setup = both(setup, fifo("ports/collatz/kumir/pipe"))
        yield Try("interpreters", f"kum file module, verify: {why}",
                  ["verify", "--lang", "kumir", "--timeout", "2"], codes=(1,), setup=setup,
                  bound=60, one_line=False)
    for why, text in BSL_PROCESSES.items():
        for boxing, label in ((None, ""), ("off", " (unboxed)")):
            if boxing == "off" and why != "СоздатьПроцесс of sleep":
                continue
            codes = (0,) if why in BSL_CAUGHT else (1,)
            yield Try("interpreters", f"bsl processes, verify: {why}{label}",
                      ["verify", "--lang", "bsl", "--timeout", "5"], codes=codes,
                      setup=lang_port("bsl", "bsl", text), bound=60, one_line=False,
                      extra_env={"PORTCHECK_SANDBOX": boxing})
