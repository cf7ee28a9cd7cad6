"""Run a 1C program given as text, in both dialects, and look at what the run gave.

    python interpreters/examples/run_a_program.py

A number turned into a string without ``Формат`` prints differently in 1C:Enterprise
(``3 000``, with a no-break space) and in OneScript (``3000``): the run says so in a
warning that names the place.  A run-time error is part of the result too, with its place,
after whatever the program printed before it.
"""

import portinterp

TOTAL = """\
Итог = 0;
Для Н = 1 По 3 Цикл
    Итог = Итог + Н * 500;
КонецЦикла;
Сообщить("Итого: " + Итог);
Сообщить("Итого: " + Формат(Итог, "ЧГ=0"));
"""

for dialect in ("platform", "onescript"):
    result = portinterp.run_text("bsl", TOTAL, filename="total.bsl", dialect=dialect)
    print(f"--- {dialect}: exit status {result.exit_status}")
    print(result.output, end="")
    for warning in result.warnings:
        print(warning)

SHARES = 'Сообщить("Доли:");\nСообщить(3000 / 0);\n'
result = portinterp.run_text("bsl", SHARES, filename="shares.bsl")
print(f"--- a run-time error: exit status {result.exit_status}")
print(result.output, end="")
print(result.error)
