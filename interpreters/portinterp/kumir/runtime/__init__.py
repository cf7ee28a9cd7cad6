"""The school language's run-time: 32-bit ``цел``, tables, input and output, its number
formats and the built-in algorithms (with ``java.util.Random`` for ``rnd``/``irnd``)."""
