"""Pygments lexers for the languages Pygments itself does not know, registered as
``pygments.lexers`` entry points in pyproject.toml (so any Pygments user gets them once
portcheck is installed: ``pygmentize -l kumir prog.kum``).  1C comes from ``pygments-bsl``."""
