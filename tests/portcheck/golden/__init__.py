"""Tests of the goldens' store (portcheck/golden/); golden check and update as commands are
in cli/test_golden.py."""
