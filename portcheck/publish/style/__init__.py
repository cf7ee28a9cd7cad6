"""The listings' style gates (``portcheck style``, docs/style.md): ``rules`` checks the
documented style of Java, Pascal, the school language and the puzzle book's language;
``gates`` says which gate each language's programs pass (1C: bslfmt, Python: ruff)."""
