"""portinterp's tests: the corpora of the three languages (``test_corpus``), the public API
and the command line, and one package of tests per part of the code (``core``, ``bsl``,
``kumir``, ``arsac``).  They import nothing of portcheck."""
