"""Tests of the 1C interpreter: front-end, run-time core, the OneScript library and dialect."""
