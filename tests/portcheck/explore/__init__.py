"""Tests of fuzz and exhaustive runs (portcheck/explore/)."""
