"""Tests of what portcheck shows on a terminal (portcheck/terminal/)."""
