"""Tests of how portcheck reads and writes the suite's files (portcheck/files/)."""
