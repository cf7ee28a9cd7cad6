"""1C's front-end: the grammar and the parser, the checks, the lowering to the shared IR and
the passes on it (static types, the specialisation of operators, inlined ``Выполнить``)."""
