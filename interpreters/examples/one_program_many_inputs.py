"""Compile a program of the school algorithmic language (KuMir) once, then run it on
several inputs: each run starts afresh, with its own input and output.

    python interpreters/examples/one_program_many_inputs.py

The error of a run names the file, line and column, in KuMir's words: ``div`` by zero, or
an input that is not a whole number.
"""

import portinterp

SQUARES = """\
алг
нач
  цел n, k
  ввод n
  нц для k от 1 до n
    вывод k * k, " "
  кц
  вывод нс, "100 div n = ", div(100, n), нс
кон
"""

program = portinterp.compile_text("kumir", SQUARES, filename="squares.kum")
for given in ("3", "5", "0", "три"):
    result = program.run(given)
    shown = result.output if result.ok else f"error: {result.error}\n"
    print(f"input {given!r} -> exit status {result.exit_status}\n{shown}")
