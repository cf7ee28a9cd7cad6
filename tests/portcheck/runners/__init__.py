"""Tests of the runners (portcheck/runners/): real builds and runs of tiny programs."""
