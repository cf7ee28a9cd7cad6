"""Tests of mutation testing (portcheck/mutate/)."""
