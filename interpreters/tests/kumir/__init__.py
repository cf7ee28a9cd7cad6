"""Tests of the school-language interpreter: lexer, checks, range analysis, run-time."""
