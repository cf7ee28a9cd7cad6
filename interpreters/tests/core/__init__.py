"""Tests of the shared core: the code generator and the program it makes, inline templates."""
