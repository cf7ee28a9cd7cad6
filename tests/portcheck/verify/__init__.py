"""Tests of verification (portcheck/verify/)."""
